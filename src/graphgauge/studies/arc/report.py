"""The arc suite's own tables, printed by ``graphgauge report`` after the shared ones.

Full-output accuracy per rule, family, size pattern, encoding and system prompt (each
with a 95% bootstrap CI), then the paper's three diagnostics per rule: the
comprehension-execution gap (question accuracy minus full-output accuracy), the
input-output asymmetry (input-question minus output-question accuracy) and the
transformation bias (share of input questions answered with the output's value, over
the questions whose two values differ). Items whose request failed are left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from graphgauge.scoring.metrics import bootstrap_ci
from graphgauge.suites.arc.prompts import ENCODINGS

COLUMNS = ("meta", "scores", "accuracy", "error")


@dataclass(frozen=True, slots=True)
class Row:
    """A scored arc item with its meta and scores decoded once: every table groups the
    items by meta fields many times over."""

    run_id: str
    encoding: str
    variant: str
    accuracy: float
    meta: dict[str, Any]
    scores: dict[str, Any]


def load(store, run_ids: Iterable[str] | None) -> list[Row]:
    """Scored arc items (a failed request is left out)."""
    return [Row(item.run_id, item.encoding, item.variant, item.accuracy, item.meta_values,
                item.score_values)
            for item in store.items(run_ids, COLUMNS)
            if item.suite == "arc" and not item.error and item.accuracy is not None]


@dataclass(frozen=True)
class Stat:
    """A mean accuracy with its 95% bootstrap CI over ``n`` items."""

    mean: float
    low: float
    high: float
    n: int


def stat(values: list[float]) -> Stat:
    if not values:
        return Stat(float("nan"), float("nan"), float("nan"), 0)
    low, high = bootstrap_ci(values)
    return Stat(float(np.mean(values)), low, high, len(values))


def mean_ci(value: Stat) -> str:
    if not value.n:
        return "–"
    return f"{value.mean:.1%} [{value.low:.0%}, {value.high:.0%}] n={value.n}"


def _mean(values: list[float]) -> float:
    return float(np.mean(values)) if values else float("nan")


def _pct(value: float, signed: bool = False) -> str:
    if np.isnan(value):
        return "–"
    return f"{value:+.0%}" if signed else f"{value:.0%}"


def breakdown(rows: list[Row], key: Callable[[Row], Any]) -> dict[Any, dict[str, Stat]]:
    """group -> run -> accuracy with CI: the numbers of every per-group table, console
    and HTML alike."""
    values: dict[Any, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        values[key(row)][row.run_id].append(float(row.accuracy))
    return {group: {run: stat(v) for run, v in by_run.items()}
            for group, by_run in values.items()}


def _table(title: str, header: str, groups: dict[str, dict[str, Stat]], runs: list[str]):
    from rich.table import Table

    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column(header, no_wrap=True)
    for run in runs:
        table.add_column(run, no_wrap=True)
    for group in sorted(groups):
        table.add_row(group, *(mean_ci(groups[group].get(run, stat([]))) for run in runs))
    return table


def full_rows(rows: list[Row]) -> list[Row]:
    return [r for r in rows if r.meta["mode"] == "full"]


def question_rows(rows: list[Row]) -> list[Row]:
    return [r for r in rows if r.meta["mode"] == "question"]


def question_key(row: Row) -> str:
    return f"{row.meta['question']} ({row.meta['target']})"


def tested_nodes(row: Row) -> int:
    """Node count of the test input (the last size of the pattern)."""
    return int(row.meta["sizes"][-1])


DIMENSIONS = (
    ("rule", "rule", lambda r: r.meta["rule"]),
    ("family", "family", lambda r: r.meta["family"]),
    ("size pattern", "pattern", lambda r: r.meta["pattern"]),
    ("encoding", "encoding", lambda r: f"{r.encoding} ({ENCODINGS.get(r.encoding, '?')})"),
    ("system prompt", "variant", lambda r: r.variant),
)


def diagnostics(rows: list[Row], run: str, rule: str | None = None) -> dict[str, float]:
    """Full / question / input / output accuracy, gap, asymmetry and bias of one run
    (``bias_n``: the input questions whose output value differs)."""
    mine = [r for r in rows if r.run_id == run and rule in (None, r.meta["rule"])]
    full = [r.accuracy for r in full_rows(mine)]
    asked = question_rows(mine)
    inputs = [r.accuracy for r in asked if r.meta["target"] == "input"]
    outputs = [r.accuracy for r in asked if r.meta["target"] == "output"]
    bias = [r.scores["bias"] for r in asked if "bias" in r.scores]
    out = {"full": _mean(full), "question": _mean([r.accuracy for r in asked]),
           "input": _mean(inputs), "output": _mean(outputs), "bias": _mean(bias),
           "bias_n": float(len(bias))}
    out["gap"] = out["question"] - out["full"]
    out["asymmetry"] = out["input"] - out["output"]
    return out


def rules_of(rows: list[Row], run: str) -> list[str]:
    return sorted({r.meta["rule"] for r in rows if r.run_id == run})


def _diagnostics_table(rows: list[Row], run: str):
    from rich.table import Table

    table = Table(title=f"arc diagnostics, {run}: gap, asymmetry, transformation bias",
                  title_justify="left", header_style="bold")
    for column in ("rule", "full", "question", "gap", "input", "output", "asym.", "bias"):
        table.add_column(column, no_wrap=True)
    rules = rules_of(rows, run)
    for rule in [*rules, None]:
        d = diagnostics(rows, run, rule)
        table.add_row(rule or "all", _pct(d["full"]), _pct(d["question"]),
                      _pct(d["gap"], True), _pct(d["input"]), _pct(d["output"]),
                      _pct(d["asymmetry"], True), _pct(d["bias"]),
                      end_section=rule == rules[-1])
    return table


def print_suite_report(store, run_ids: Iterable[str] | None, console) -> None:
    rows = load(store, run_ids)
    if not rows:
        return
    runs = sorted({r.run_id for r in rows})
    full = full_rows(rows)
    if full:
        for title, header, key in DIMENSIONS:
            console.print(_table(f"arc full-output accuracy by {title}, 95% CI", header,
                                 breakdown(full, key), runs))
    asked = question_rows(rows)
    if asked:
        console.print(_table("arc question accuracy by question and target (95% CI)",
                             "question", breakdown(asked, question_key), runs))
    for run in runs:
        console.print(_diagnostics_table(rows, run))
    console.print(DIAGNOSTICS_NOTE)


DIAGNOSTICS_NOTE = ("gap = question - full accuracy; asymmetry = input - output question "
                    "accuracy; bias = share of input questions (whose output value differs) "
                    "answered with the output's value.")
