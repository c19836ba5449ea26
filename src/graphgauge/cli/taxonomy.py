"""``graphgauge taxonomy run|place``: GTaxoGym's dataset taxonomy."""

from __future__ import annotations

import typer

from graphgauge.cli.groups import method_group, option_as_argument
from graphgauge.studies.taxonomy import commands as taxonomy


def _fill(group: typer.Typer) -> None:
    taxonomy.register(group)
    run = next(info.callback for info in group.registered_commands if info.name == "run")
    place = option_as_argument(
        run, "place_", typer.Argument(metavar="DATASETS", help="Comma list of new datasets "
                                      "to place in the reference taxonomy."),
        "Place new datasets in the reference taxonomy (--reference published: the paper's "
        "matrix; ours: the taxonomy of --datasets), running their grid cells first.")
    group.command("place")(place)


def register(app: typer.Typer) -> None:
    method_group(
        app, "taxonomy", "GTaxoGym: profile datasets by GNN sensitivity to perturbations and "
        "cluster them (run), or place new datasets in a taxonomy (place).", _fill,
        old_default="run",
        # Before the group, -p was taxonomy's --perturbations; -p is --param everywhere now.
        old_flags={"-p": "--perturbations"})
