"""``graphgauge gteval run|structure|export`` (and ``graphgauge variants``)."""

from __future__ import annotations

import typer

from graphgauge.cli.groups import command_group, hidden_aliases
from graphgauge.studies.gteval import commands as gteval

# Before the group, -o was gteval's --option (suite options); it is the output now.
LEGACY_FLAGS = {"-o": "--option"}


def register(app: typer.Typer) -> None:
    group = command_group(
        "gteval", "GTEval: node classification under instruction variants (run), structure "
        "vs text (structure), instruction-tuning data (export).", default="run",
        legacy_flags=LEGACY_FLAGS)
    gteval.register(app, group)
    app.add_typer(group)
    hidden_aliases(app, group, {"gteval-structure": "structure", "gteval-export": "export"},
                   LEGACY_FLAGS)
