"""Serialization robustness (the Erdős benchmark's study): accuracy per encoding with
paired-bootstrap deltas, output spans and variability across random labelings."""

from graphgauge.results.sections import register_section


def serialization_section(ctx):
    from graphgauge.studies.robustness.section import serialization_section as build

    return build(ctx)


register_section("serialization", 10, serialization_section)
