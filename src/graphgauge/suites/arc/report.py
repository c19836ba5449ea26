"""The arc suite's own tables, printed by ``graphgauge report`` after the shared ones.

Full-output accuracy per rule, family, size pattern, encoding and system prompt (each
with a 95% bootstrap CI), then the paper's three diagnostics per rule: the
comprehension-execution gap (question accuracy minus full-output accuracy), the
input-output asymmetry (input-question minus output-question accuracy) and the
transformation bias (share of input questions answered with the output's value, over
the questions whose two values differ). Items whose request failed are left out.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from graphgauge.scoring.metrics import bootstrap_ci
from graphgauge.suites.arc.prompts import ENCODINGS

COLUMNS = ("run_id", "suite", "encoding", "variant", "meta", "scores", "accuracy", "error")
Row = dict[str, Any]


def load(store, run_ids: Iterable[str] | None) -> list[Row]:
    """Scored arc items with their meta and scores decoded."""
    rows = []
    for item in store.items(run_ids, COLUMNS):
        if item["suite"] != "arc" or item["error"] or item["accuracy"] is None:
            continue
        item["meta"] = json.loads(item["meta"] or "{}")
        item["scores"] = json.loads(item["scores"] or "{}")
        rows.append(item)
    return rows


def mean_ci(values: list[float]) -> str:
    if not values:
        return "–"
    low, high = bootstrap_ci(values)
    return f"{np.mean(values):.1%} [{low:.0%}, {high:.0%}] n={len(values)}"


def _mean(values: list[float]) -> float:
    return float(np.mean(values)) if values else float("nan")


def _pct(value: float, signed: bool = False) -> str:
    if np.isnan(value):
        return "–"
    return f"{value:+.0%}" if signed else f"{value:.0%}"


def grouped(rows: list[Row], key: Callable[[Row], str]) -> dict[str, dict[str, list[float]]]:
    """group -> run -> accuracies."""
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        out[key(row)][row["run_id"]].append(float(row["accuracy"]))
    return out


def _table(title: str, header: str, groups: dict[str, dict[str, list[float]]],
           runs: list[str]):
    from rich.table import Table

    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column(header, no_wrap=True)
    for run in runs:
        table.add_column(run, no_wrap=True)
    for group in sorted(groups):
        table.add_row(group, *(mean_ci(groups[group].get(run, [])) for run in runs))
    return table


DIMENSIONS = (
    ("rule", "rule", lambda r: r["meta"]["rule"]),
    ("family", "family", lambda r: r["meta"]["family"]),
    ("size pattern", "pattern", lambda r: r["meta"]["pattern"]),
    ("encoding", "encoding", lambda r: f"{r['encoding']} ({ENCODINGS.get(r['encoding'], '?')})"),
    ("system prompt", "variant", lambda r: r["variant"]),
)


def diagnostics(rows: list[Row], run: str, rule: str | None = None) -> dict[str, float]:
    """Full / question / input / output accuracy, gap, asymmetry and bias of one run."""
    mine = [r for r in rows if r["run_id"] == run and rule in (None, r["meta"]["rule"])]
    full = [r["accuracy"] for r in mine if r["meta"]["mode"] == "full"]
    asked = [r for r in mine if r["meta"]["mode"] == "question"]
    inputs = [r["accuracy"] for r in asked if r["meta"]["target"] == "input"]
    outputs = [r["accuracy"] for r in asked if r["meta"]["target"] == "output"]
    bias = [r["scores"]["bias"] for r in asked if "bias" in r["scores"]]
    out = {"full": _mean(full), "question": _mean([r["accuracy"] for r in asked]),
           "input": _mean(inputs), "output": _mean(outputs), "bias": _mean(bias)}
    out["gap"] = out["question"] - out["full"]
    out["asymmetry"] = out["input"] - out["output"]
    return out


def _diagnostics_table(rows: list[Row], run: str):
    from rich.table import Table

    table = Table(title=f"arc diagnostics, {run}: gap, asymmetry, transformation bias",
                  title_justify="left", header_style="bold")
    for column in ("rule", "full", "question", "gap", "input", "output", "asym.", "bias"):
        table.add_column(column, no_wrap=True)
    rules = sorted({r["meta"]["rule"] for r in rows if r["run_id"] == run})
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
    runs = sorted({r["run_id"] for r in rows})
    full = [r for r in rows if r["meta"]["mode"] == "full"]
    if full:
        for title, header, key in DIMENSIONS:
            console.print(_table(f"arc full-output accuracy by {title}, 95% CI", header,
                                 grouped(full, key), runs))
    asked = [r for r in rows if r["meta"]["mode"] == "question"]
    if asked:
        console.print(_table("arc question accuracy by question and target (95% CI)",
                             "question", grouped(asked, lambda r: f"{r['meta']['question']} "
                                                 f"({r['meta']['target']})"), runs))
    for run in runs:
        console.print(_diagnostics_table(rows, run))
    console.print("gap = question - full accuracy; asymmetry = input - output question "
                  "accuracy; bias = share of input questions (whose output value differs) "
                  "answered with the output's value.")
