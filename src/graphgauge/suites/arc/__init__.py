"""GraphARC: few-shot graph transformations (colour-based and structural rules) asked
as a full output graph or as questions about the test input and the output.

Importing the package registers, for each rule, the tasks ``<rule>`` and ``<rule>.q``.
"""

from graphgauge.suites.arc import tasks  # noqa: F401  (registers the tasks)
from graphgauge.suites.arc.build import generate_suite


def suite_report(store, run_ids, console) -> None:
    """The suite's own tables (see graphgauge.studies.arc.report)."""
    from graphgauge.studies.arc.report import print_suite_report

    print_suite_report(store, run_ids, console)


def html_section(store, run_ids) -> list:
    """The suite's blocks for the HTML report (see graphgauge.studies.arc.section)."""
    from graphgauge.studies.arc.section import html_section as blocks

    return blocks(store, run_ids)


__all__ = ["generate_suite", "html_section", "suite_report"]
