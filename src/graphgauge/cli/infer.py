"""``graphgauge infer gates|judge|kappa|export``: GraphInfer's gate report, L2 judging,
L3 agreement and SFT export."""

from __future__ import annotations

import typer

from graphgauge.cli.groups import method_group
from graphgauge.studies.infer import commands as infer


def register(app: typer.Typer) -> None:
    method_group(
        app, "infer", "GraphInfer tools: the gate report (gates), L2 judging (judge), L3 "
        "agreement (kappa) and SFT data (export).", infer.register,
        old_names={f"infer-{name}": name for name in ("export", "gates", "judge", "kappa")})
