"""``graphgauge gteval run|structure|export`` (and ``graphgauge variants``)."""

from __future__ import annotations

import typer

from graphgauge.cli.groups import method_group
from graphgauge.studies.gteval import commands as gteval


def register(app: typer.Typer) -> None:
    method_group(
        app, "gteval", "GTEval: node classification under instruction variants (run), "
        "structure vs text (structure), instruction-tuning data (export).",
        lambda group: gteval.register(app, group), old_default="run",
        old_names={"gteval-structure": "structure", "gteval-export": "export"},
        # Before the group, -o was gteval's --option (suite options); it is the output now.
        old_flags={"-o": "--option"})
