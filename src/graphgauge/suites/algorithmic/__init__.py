"""The 49 Erdős-style algorithmic tasks plus reachability (the connectivity question of
NLGraph and GraphQA), grouped by topic into modules.

Difficulty groups follow the Erdős benchmark (Easy 15, Medium 11, Hard 17, Challenging 6);
reachability is a sixteenth easy task.
Importing this package registers every task under the suite name ``algorithmic``.
"""

from graphgauge.suites.algorithmic import (
    centrality,  # noqa: F401
    distances,  # noqa: F401
    linkpred,  # noqa: F401
    optimization,  # noqa: F401
    structure,  # noqa: F401
    traversal,  # noqa: F401
)
from graphgauge.suites.contract import Suite

SUITE = Suite(doc=__doc__)
