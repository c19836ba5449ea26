"""GraphInfer tables: results per run and task (and per domain), and the gate
report's rows from the stored instances (its tables: ``tables.py``).

Each task shows its own metrics, as the paper's tables do: accuracy for T1-T3, Hit@1 and
P/R/F1 for T4, ARI/NMI/purity/count accuracy for T5, and the reasoning cosine where a
model wrote reasoning. The tables are header + rows of formatted strings, built once
here; the console (``suite_report``) and the HTML report (``section.py``) only lay them out,
so the two can never show different numbers.
"""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any, NamedTuple

from graphgauge.store.records import ItemRecord
from graphgauge.studies.infer.tables import TextTable, print_table

# (header, task, metric): the paper's main-table layout, one row per run.
COLUMNS = (
    ("T1 acc", "masked_node", "accuracy"), ("T2 acc", "relation", "accuracy"),
    ("T3 acc", "theme", "accuracy"), ("T4 H@1", "outlier", "hit1"),
    ("T4 F1", "outlier", "f1"), ("T5 ARI", "community", "ari"),
    ("T5 NMI", "community", "nmi"), ("T5 pur", "community", "purity"),
    ("T5 #K", "community", "count_accuracy"),
)
MAIN_TITLE = "GraphInfer (test items; unparsed answers count 0)"
DOMAIN_TITLE = "GraphInfer per domain (dataset)"


class Labelled(NamedTuple):
    """An infer item and its run's row label (``run_labels``)."""

    model: str
    item: ItemRecord


def aggregate(rows: list[Labelled], by_domain: bool = False) -> dict[tuple, dict]:
    """(model, [domain,] task) -> {"n", "parsed", metric means}."""
    sums: dict[tuple, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for model, item in rows:
        key = (model, item.meta_values.get("dataset", "?"), item.task) if by_domain else \
            (model, item.task)
        cell = sums[key]
        cell["n"].append(1.0)
        cell["parsed"].append(float(item.parse_ok or 0))
        for name, value in item.score_values.items():
            cell[name].append(float(value))
    return {key: {"n": len(cell["n"]), **{name: sum(v) / len(v) for name, v in cell.items()
                                          if name != "n"}}
            for key, cell in sums.items()}


def run_labels(store: Any, run_ids: list[str] | None) -> dict[str, str]:
    """Run id -> row label: the model, with the run id's end where runs share a model
    (seeds of one GNN stay separate rows, as in the leaderboard)."""
    from graphgauge.results.cells import model_labels

    runs = [r for r in store.runs() if run_ids is None or r["id"] in run_ids]
    return dict(model_labels([SimpleNamespace(run_id=r["id"], model=r["model"])
                              for r in runs]))


def result_rows(store: Any, run_ids: list[str] | None) -> list[Labelled]:
    """The infer items of ``run_ids`` (None: all runs), each with its run's label."""
    labels = run_labels(store, run_ids)
    return [Labelled(labels.get(item.run_id, item.run_id), item)
            for item in store.items(run_ids, ("meta", "scores", "parse_ok"))
            if item.suite == "infer"]


def _fmt(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _metric_rows(cells: dict[tuple, dict], prefixes: list[tuple]) -> tuple[list, list]:
    """Per prefix (model[, dataset]): the COLUMNS metrics, parsed rate and mean reasoning
    cosine; returns (formatted rows, raw values)."""
    rows, raws = [], []
    for prefix in prefixes:
        values = [cells.get((*prefix, task), {}).get(metric) for _, task, metric in COLUMNS]
        mine = [cell for key, cell in cells.items() if key[:-1] == prefix]
        parsed = sum(c["parsed"] * c["n"] for c in mine) / sum(c["n"] for c in mine)
        cosines = [c["reasoning_cosine"] for c in mine if "reasoning_cosine" in c]
        values += [parsed, sum(cosines) / len(cosines) if cosines else None]
        rows.append([*prefix, *map(_fmt, values)])
        raws.append([None] * len(prefix) + values)
    return rows, raws


def main_table(rows: list[Labelled]) -> TextTable:
    cells = aggregate(rows)
    formatted, raws = _metric_rows(cells, sorted({(model,) for model, _ in cells}))
    return TextTable(MAIN_TITLE, ["model", *(c[0] for c in COLUMNS), "ok", "cos"],
                     formatted, 1, raws)


def domain_table(rows: list[Labelled]) -> TextTable:
    cells = {(dataset, model, task): cell
             for (model, dataset, task), cell in aggregate(rows, by_domain=True).items()}
    formatted, raws = _metric_rows(cells, sorted({key[:2] for key in cells}))
    return TextTable(DOMAIN_TITLE, ["dataset", "model", *(c[0] for c in COLUMNS), "ok",
                                    "cos"], formatted, 2, raws)


def gate_reports(rows: list[Labelled]) -> list[dict[str, Any]]:
    """The gate reports the instances carry (``meta["gates"]``, written by generate),
    one per dataset; files generated before the gates were recorded give none."""
    reports: dict[str, dict[str, Any]] = {}
    for _, item in rows:
        meta = item.meta_values
        if "gates" not in meta:
            continue
        report = reports.setdefault(meta.get("dataset", "?"), {
            "dataset": meta.get("dataset", "?"), "domain": meta.get("domain", "?"),
            "tasks": {}})
        report["tasks"].setdefault(item.task, meta["gates"])
    for report in reports.values():
        report["tasks"] = dict(sorted(report["tasks"].items()))
    return [reports[name] for name in sorted(reports)]


def print_suite_report(store: Any, run_ids: list[str] | None, console: Any) -> None:
    rows = result_rows(store, run_ids)
    if not rows:
        return
    print_table(main_table(rows), console)
    domains = domain_table(rows)
    if len({row[0] for row in domains.rows}) > 1:
        print_table(domains, console)
