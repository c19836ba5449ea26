"""The robustness study's console tables: accuracy per encoding with paired deltas, the
most relabeling-sensitive tasks and the accuracy spread across encodings."""

from __future__ import annotations

import math

from rich.console import Console
from rich.table import Table

from graphgauge.results.table import pct as _pct


def print_study(result, model: str, console: Console | None = None, top: int = 10) -> None:
    """The robustness study in three tables: encodings, relabeling spans, variability."""
    console = console or Console()
    table = Table(title=f"{model}: accuracy % per encoding, delta to {result.encodings[0]} "
                  "[paired 95% CI]", title_justify="left", header_style="bold")
    for column in ("encoding", "n", "accuracy", "delta (pp)", "unparsed %"):
        table.add_column(column, justify="left" if column == "encoding" else "right")
    for record in result.overall:
        delta = ("–" if math.isnan(record.delta) else
                 f"{100 * record.delta:+.1f} [{100 * record.delta_low:+.1f}, "
                 f"{100 * record.delta_high:+.1f}]")
        table.add_row(record.encoding, str(record.n),
                      f"{_pct(record.accuracy)} [{_pct(record.ci_low)}, {_pct(record.ci_high)}]",
                      delta, f"{100 * record.unparsed:.1f}")
    console.print(table)
    spans = sorted((s for s in result.spans if not math.isnan(s.span)),
                   key=lambda s: -s.span)[:top]
    if spans:
        table = Table(title="Output span across relabelings (0 = invariant), most sensitive "
                      "tasks", title_justify="left", header_style="bold")
        for column in ("task", "encoding", "examples", "span"):
            table.add_column(column, justify="left" if column in ("task", "encoding") else "right")
        for record in spans:
            table.add_row(record.task, record.base, str(record.n_examples), f"{record.span:.3f}")
        console.print(table)
    rows = sorted(result.variability, key=lambda v: -(v.std if not math.isnan(v.std) else -1))
    if rows:
        table = Table(title="Accuracy variability across encodings, most sensitive tasks",
                      title_justify="left", header_style="bold")
        for column in ("task", "std (pp)", "best", "worst", "gap (pp)"):
            table.add_column(column, justify="left" if column != "std (pp)" and
                             column != "gap (pp)" else "right")
        for record in rows[:top]:
            table.add_row(record.task, f"{100 * record.std:.1f}",
                          f"{record.best} ({_pct(record.best_accuracy)})",
                          f"{record.worst} ({_pct(record.worst_accuracy)})",
                          f"{100 * record.gap:.1f}")
        console.print(table)
