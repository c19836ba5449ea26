"""GraphInfer (``infer`` suite): inference over real text-attributed graphs.

Five tasks on 2-hop ego-graphs of a TAG (masked node, relation, theme, outlier,
community), gated by deterministic rules (L1), optional model judges (L2) and
identity dedup (L4), capped and split per task. See SEEDS.md section 1 and
docs/infer.md.
"""

from graphgauge.suites.contract import Suite
from graphgauge.suites.inference import tasks  # noqa: F401  (registers the tasks)
from graphgauge.suites.inference.pipeline import generate_suite

# Extras generation and scoring need: title embeddings (T4's rule, the reasoning metric).
SUITE = Suite(doc=__doc__, generate=generate_suite, requires=("sbert",))

__all__ = ["SUITE", "generate_suite"]
