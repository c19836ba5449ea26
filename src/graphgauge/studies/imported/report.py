"""The source metric beside graphgauge's verified accuracy for imported benchmarks
(NLGraph, GraphWalks): ``graphgauge report`` prints it for their suites."""

from __future__ import annotations

from typing import Any


def print_source_metric(store: Any, run_ids: list[str] | None, console: Any, suite: str,
                        metric: str) -> None:
    """Per run and task, then per run and the source's own difficulty label: items,
    graphgauge's verified accuracy and the source benchmark's metric side by side
    (``graphgauge report`` prints it for imported suites)."""
    models = {run["id"]: run["model"] for run in store.runs()}
    by_task: dict[tuple[str, str], list[float]] = {}
    by_level: dict[tuple[str, str], list[float]] = {}
    columns = ("run_id", "suite", "task", "scores", "meta")
    for row in store.items(run_ids, columns):
        if row.suite != suite or row.scores is None:
            continue
        scores = row.score_values
        level = row.meta_values.get("difficulty")
        keys = [(by_task, row.task)] + ([(by_level, str(level))] if level else [])
        for totals, group in keys:
            cell = totals.setdefault((row.run_id, group), [0, 0.0, 0.0])
            cell[0] += 1
            cell[1] += scores.get("accuracy", 0.0)
            cell[2] += scores.get(metric, 0.0)
    for totals, what in ((by_task, "task"), (by_level, f"{suite} difficulty")):
        if totals:
            console.print(_metric_table(totals, models, what, suite, metric))


def _metric_table(totals, models, what: str, suite: str, metric: str):
    from rich.table import Table

    table = Table(title=f"{suite}: graphgauge's verified accuracy vs the source's {metric}",
                  title_justify="left", header_style="bold")
    for column in ("model", what, "n", "accuracy %", f"{metric} %"):
        table.add_column(column, justify="left" if column in ("model", what) else "right")
    for (run_id, group), (n, accuracy, own) in sorted(totals.items()):
        table.add_row(models.get(run_id, run_id), group, str(n), f"{100 * accuracy / n:.1f}",
                      f"{100 * own / n:.1f}")
    return table
