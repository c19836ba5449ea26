"""GraphInfer's report and tools (suite ``infer``): the paper's tables per task and
domain, the gate report, model judges' agreement (kappa) and the SFT export."""

from graphgauge.results.sections import register_suite


def suite_report(store, run_ids, console) -> None:
    from graphgauge.studies.infer.report import print_suite_report

    print_suite_report(store, run_ids, console)


def html_section(store, run_ids) -> list:
    from graphgauge.studies.infer.section import html_section as blocks

    return blocks(store, run_ids)


def gate_tables(report) -> None:
    """What generation admitted at each gate, printed to stderr as it finishes."""
    from graphgauge.studies.infer.tables import print_gate_report

    print_gate_report(report)


register_suite("infer", html=html_section, console=suite_report, generation=gate_tables)
