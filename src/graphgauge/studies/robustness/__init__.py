"""Serialization robustness (the Erdős benchmark's study): accuracy per encoding with
paired-bootstrap deltas, output spans and variability across random labelings."""

from graphgauge.results.sections import report_section


@report_section("serialization", position=10)
def serialization_section(ctx):
    """Accuracy per encoding with paired-bootstrap deltas, spans and labeling variability."""
    from graphgauge.studies.robustness.section import serialization_section as build

    return build(ctx)

