"""GTaxoGym: a taxonomy of graph datasets from how GNN accuracy changes under
perturbations: the training grid, sensitivity profiles, clustering and placement."""

from graphgauge.results.sections import register_section


def taxonomy_section(ctx):
    """Not a suite: the stored grid cells, whether the store has runs or not."""
    from graphgauge.studies.taxonomy.section import taxonomy_section as build

    return build(ctx.store)


register_section("taxonomy", 30, taxonomy_section)
