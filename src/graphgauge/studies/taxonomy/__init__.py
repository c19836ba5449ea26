"""GTaxoGym: a taxonomy of graph datasets from how GNN accuracy changes under
perturbations: the training grid, sensitivity profiles, clustering and placement."""

from graphgauge.results.sections import report_section


@report_section("taxonomy", position=30)
def taxonomy_section(ctx):
    """GTaxoGym's stored grid cells and taxonomy (not a suite: shown with or without runs)."""
    from graphgauge.studies.taxonomy.section import taxonomy_section as build

    return build(ctx.store)

