"""GraphARC's report: accuracy per rule, answer form and difficulty (suite ``arc``)."""

from graphgauge.results.sections import register_suite


def suite_report(store, run_ids, console) -> None:
    """The suite's own tables (see graphgauge.studies.arc.report)."""
    from graphgauge.studies.arc.report import print_suite_report

    print_suite_report(store, run_ids, console)


def html_section(store, run_ids) -> list:
    """The suite's blocks for the HTML report (see graphgauge.studies.arc.section)."""
    from graphgauge.studies.arc.section import html_section as blocks

    return blocks(store, run_ids)


register_suite("arc", html=html_section, console=suite_report)
