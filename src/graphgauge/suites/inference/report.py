"""GraphInfer tables: results per model and task (and per domain), and the gate report.

Each task shows its own metrics, as the paper's tables do: accuracy for T1-T3, Hit@1 and
P/R/F1 for T4, ARI/NMI/purity/count accuracy for T5, and the reasoning cosine where a
model wrote reasoning.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

# (header, task, metric): the paper's main-table layout, one row per model.
COLUMNS = (
    ("T1 acc", "masked_node", "accuracy"), ("T2 acc", "relation", "accuracy"),
    ("T3 acc", "theme", "accuracy"), ("T4 H@1", "outlier", "hit1"),
    ("T4 F1", "outlier", "f1"), ("T5 ARI", "community", "ari"),
    ("T5 NMI", "community", "nmi"), ("T5 pur", "community", "purity"),
    ("T5 #K", "community", "count_accuracy"),
)


def aggregate(rows: list[dict[str, Any]], by_domain: bool = False) -> dict[tuple, dict]:
    """(model, [domain,] task) -> {"n", "parsed", metric means}."""
    sums: dict[tuple, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        meta = json.loads(row.get("meta") or "{}")
        key = (row["model"], meta.get("dataset", "?"), row["task"]) if by_domain else \
            (row["model"], row["task"])
        cell = sums[key]
        cell["n"].append(1.0)
        cell["parsed"].append(float(row.get("parse_ok") or 0))
        for name, value in json.loads(row.get("scores") or "{}").items():
            cell[name].append(float(value))
    return {key: {"n": len(cell["n"]), **{name: sum(v) / len(v) for name, v in cell.items()
                                          if name != "n"}}
            for key, cell in sums.items()}


def _rows(store: Any, run_ids: list[str]) -> list[dict[str, Any]]:
    models = {run["id"]: run["model"] for run in store.runs()}
    out = []
    for item in store.items(run_ids, ("run_id", "suite", "task", "meta", "scores",
                                      "parse_ok")):
        if item["suite"] == "infer":
            out.append({**item, "model": models.get(item["run_id"], item["run_id"])})
    return out


def print_suite_report(store: Any, run_ids: list[str], console: Any) -> None:
    from rich.table import Table

    rows = _rows(store, run_ids)
    if not rows:
        return
    cells = aggregate(rows)
    models = sorted({model for model, _ in cells})
    table = Table(title="GraphInfer (test items; unparsed answers count 0)")
    for header in ("model", *(c[0] for c in COLUMNS), "ok", "cos"):
        table.add_column(header, justify="left" if header == "model" else "right")
    for model in models:
        values = [_fmt(cells.get((model, task), {}).get(metric)) for _, task, metric in COLUMNS]
        mine = [cell for (m, _), cell in cells.items() if m == model]
        parsed = sum(c["parsed"] * c["n"] for c in mine) / sum(c["n"] for c in mine)
        cosines = [c["reasoning_cosine"] for c in mine if "reasoning_cosine" in c]
        table.add_row(model, *values, _fmt(parsed),
                      _fmt(sum(cosines) / len(cosines) if cosines else None))
    console.print(table)
    domains = aggregate(rows, by_domain=True)
    if len({key[1] for key in domains}) > 1:
        per = Table(title="GraphInfer: accuracy per domain")
        for column in ("model", "dataset", "task", "n", "accuracy"):
            per.add_column(column)
        for (model, dataset, task), cell in sorted(domains.items()):
            per.add_row(model, dataset, task, str(cell["n"]), _fmt(cell["accuracy"]))
        console.print(per)


def _fmt(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def print_gate_report(report: dict[str, Any], console: Any = None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console(stderr=True)
    table = Table(title=f"GraphInfer gates on {report['dataset']} ({report['domain']})")
    for column in ("task", "cand.", "L1 drop", "L2 drop", "L4 dup", "L4 near", "kept",
                   "train/val/test"):
        table.add_column(column, justify="left" if column == "task" else "right",
                         no_wrap=True)
    for name, cell in report["tasks"].items():
        l1 = ", ".join(f"{code} {count}" for code, count in sorted(cell["L1"].items())) or "0"
        l2 = ", ".join(f"{code} {count}" for code, count in sorted(cell["L2"].items())) or "0"
        released = cell["released"]
        table.add_row(name, str(cell["candidates"]), l1, l2,
                      str(cell["L4"].get("exact", 0)), str(cell["L4"].get("near", 0)),
                      str(cell["L4_admitted"]),
                      "/".join(str(released.get(s, 0)) for s in ("train", "val", "test")))
    console.print(table)
