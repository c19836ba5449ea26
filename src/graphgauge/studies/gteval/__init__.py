"""GTEval: node classification on text-attributed graphs under instruction variants and
structure perturbations (suite ``classify``): the paper's table and diagnosis, the
variant tables, the structure-vs-text comparison and the instruction-data export."""

from graphgauge.results.sections import Section, register_suite, report_section


def suite_report(store, run_ids, console) -> None:
    from graphgauge.studies.gteval.report import gteval_table, short_model
    from graphgauge.studies.gteval.rows import gteval_rows

    rows = gteval_rows(store, run_ids)
    if rows:
        console.print(gteval_table(rows))
        for row in rows:
            console.print(f"{short_model(row.model)} ({row.task}, {row.dataset}): {row.diagnosis}",
                          markup=False)


def html_section(store, run_ids) -> list:
    """The GTEval section of the HTML report: the paper's table, variant bars, diagnosis."""
    from graphgauge.studies.gteval.section import html_section as blocks

    return blocks(store, run_ids)


@report_section("variants", position=20)
def variants_section(ctx) -> Section | None:
    """Runs asked in several instruction variants (GTEval's transformations), any suite."""
    from graphgauge.studies.gteval.html import variant_blocks

    blocks = variant_blocks(ctx.store, ctx.run_ids)
    return Section("variants", "Instruction variants", blocks) if blocks else None


register_suite("classify", html=html_section, console=suite_report)
