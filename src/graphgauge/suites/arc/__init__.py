"""GraphARC: few-shot graph transformations (colour-based and structural rules) asked
as a full output graph or as questions about the test input and the output.

Importing the package registers, for each rule, the tasks ``<rule>`` and ``<rule>.q``.
"""

from graphgauge.suites.arc import tasks  # noqa: F401  (registers the tasks)
from graphgauge.suites.arc.build import generate_suite
from graphgauge.suites.contract import Suite

SUITE = Suite(doc=__doc__, generate=generate_suite)

__all__ = ["SUITE", "generate_suite"]
