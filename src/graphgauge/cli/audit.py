"""``graphgauge audit FILE``: can a trivial rule pass this benchmark?

Scores every applicable shortcut baseline and the random baseline on each task of any
suite's benchmark file and flags the shortcuts that beat random by more than a margin.
A flag is a finding about the benchmark, not an error: the command exits 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge.errors import UserError


def print_audit(rows, margin: float, title: str, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    from graphgauge.suites.shortcuts import AUDIT_HEADER, audit_cells

    cells = audit_cells(rows, margin)
    table = Table(title=title)
    for i, column in enumerate(AUDIT_HEADER):
        table.add_column(column, justify="left" if i < 3 or i == 7 else "right",
                         no_wrap=True)
    for row in cells:
        table.add_row(*row)
    # Whole cells even when stdout is a pipe (rich would cut them at 80 columns).
    width = sum(max(len(row[i]) for row in [AUDIT_HEADER, *cells]) + 3
                for i in range(len(AUDIT_HEADER))) + 1
    (console or Console(width=max(width, 80))).print(table)


def register(app: typer.Typer) -> None:
    @app.command("audit")
    def audit(
        benchmark: Annotated[Path, typer.Argument(help="Benchmark JSONL (any suite).")],
        margin: Annotated[float, typer.Option(help="Flag a shortcut scoring more than "
                                              "this above random (0.10 = 10 points).")
                          ] = 0.10,
        split: Annotated[str | None, typer.Option(help="Only items of this split.")
                         ] = None,
        repeats: Annotated[int, typer.Option(help="Random-baseline draws averaged.")] = 5,
    ) -> None:
        """Score trivial shortcut baselines (degree, position, title length, majority
        label, always yes/no) against random on every task; flag those above random."""
        from graphgauge.instance import read_jsonl
        from graphgauge.suites.shortcuts import audit as run_audit

        if not 0 <= margin <= 1:
            raise UserError(f"--margin must be between 0 and 1, got {margin}")
        if repeats < 1:
            raise UserError(f"--repeats must be at least 1, got {repeats}")
        if not benchmark.is_file():
            raise UserError(f"no such benchmark file: {benchmark}")
        instances = [inst for inst in read_jsonl(benchmark)
                     if split is None or inst.meta.get("split") == split]
        if not instances:
            raise UserError(f"no instance{'' if split is None else f' of split {split}'} "
                            f"in {benchmark}")
        rows = run_audit(instances, repeats=repeats)
        if not rows:
            typer.echo("no shortcut applies to the tasks of this file")
            return
        flagged = sum(row.above() > margin for row in rows)
        print_audit(rows, margin, f"Shortcut audit of {benchmark.name} (flag: > random "
                    f"+ {margin:.2f})")
        typer.echo(f"{flagged} of {len(rows)} shortcut(s) beat random by more than "
                   f"{margin:.2f}")
