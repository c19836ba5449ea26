"""Aggregating stored items into the tables people read.

Accuracy counts an unparsable answer as wrong (and reports the unparsed rate beside it),
but leaves out items whose request failed (server errors are not the model's reasoning):
those are reported as ``errors``. Numeric tasks also get the error metrics of the
serialization study (sMAPE, RelMAE, nRMSE) over the parsed answers.
"""

from __future__ import annotations

import csv
import json
import math
from collections import Counter, OrderedDict, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

from graphgauge.registry import get_task
from graphgauge.scoring.metrics import bootstrap_ci, numeric_summary
from graphgauge.scoring.outcomes import INFEASIBLE, SUBOPTIMAL, mean_gap, outcome
from graphgauge.store.records import ItemRecord
from graphgauge.store.sqlite import Store

DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2, "challenging": 3}


@dataclass
class Cell:
    """One aggregate: a run's items at one level (a task, a difficulty group, a suite)."""

    run_id: str
    model: str
    suite: str
    level: str  # "task" | "difficulty" | "suite"
    group: str  # task name, difficulty name, or "all"
    difficulty: str
    n: int = 0
    accuracy: float = float("nan")
    ci_low: float = float("nan")
    ci_high: float = float("nan")
    unparsed: float = 0.0
    errors: int = 0
    # pass@k for verifiable tasks run with --repeats k > 1 (NaN otherwise).
    pass_at_k: float = float("nan")
    k: int = 1
    numeric: dict[str, float] = field(default_factory=dict)
    # Outcome shares beside accuracy (correct) and unparsed (no answer): every wrong
    # answer, and for optimisation tasks the wrong ones split into feasible-suboptimal
    # (with their mean optimality gap) and infeasible; see graphgauge.scoring.outcomes.
    wrong: float = 0.0
    suboptimal: float = 0.0
    infeasible: float = 0.0
    mean_gap: float = float("nan")


def _aggregate(key, rows, seed: int) -> Cell:
    run_id, model, suite, level, group, difficulty = key
    cell = Cell(run_id, model, suite, level, group, difficulty)
    # Answers not yet scored (a run killed before its scoring pass) wait for the resume.
    scored = [r for r in rows if r.error is None and r.parse_ok is not None]
    cell.errors = sum(1 for r in rows if r.error is not None)
    cell.n = len(scored)
    if scored:
        per_instance: dict[str, list[float]] = defaultdict(list)
        for r in scored:
            per_instance[r.instance_id].append(float(r.accuracy or 0.0))
        cell.accuracy = sum(map(sum, per_instance.values())) / len(scored)
        # Repeats of one item are not independent: resample items, not answers.
        means = [sum(v) / len(v) for v in per_instance.values()]
        cell.ci_low, cell.ci_high = bootstrap_ci(means, seed=seed)
        cell.unparsed = sum(1 for r in scored if not r.parse_ok) / len(scored)
        _outcome_shares(cell, scored)
        cell.k = max(len(v) for v in per_instance.values())
        if level == "task" and cell.k > 1 and get_task(suite, group).verifiable:
            cell.pass_at_k = pass_at_k(per_instance.values(), cell.k)
    if level == "task" and get_task(suite, group).answer.numeric:
        # A gold of null: an item run from a benchmark line without an answer, before
        # benchmark files were checked; it has no error to measure.
        pairs = [(gold, json.loads(r.parsed)) for r in scored
                 if r.parse_ok and (gold := json.loads(r.gold)) is not None]
        if pairs:
            cell.numeric = numeric_summary([float(g) for g, _ in pairs],
                                           [float(p) for _, p in pairs])
            cell.numeric["n_parsed"] = cell.numeric.pop("n")  # beside the cell's own n
    return cell


def _outcome_shares(cell: Cell, scored: list[ItemRecord]) -> None:
    """Wrong, feasible-suboptimal and infeasible shares, and the suboptimal answers' mean
    optimality gap; only wrong answers' scores are decoded."""
    counts: Counter = Counter()
    gaps = []
    for r in scored:
        if not r.parse_ok or (r.accuracy or 0.0) >= 1.0:
            continue
        scores = json.loads(r.scores) if r.scores else {}
        kind = outcome(r.parse_ok, r.accuracy, scores)
        counts[kind] += 1
        if kind == SUBOPTIMAL:
            gaps.append(scores.get("optimality_gap"))
    n = len(scored)
    cell.wrong = sum(counts.values()) / n
    cell.suboptimal, cell.infeasible = counts[SUBOPTIMAL] / n, counts[INFEASIBLE] / n
    cell.mean_gap = mean_gap(gaps)


def pass_at_k(samples, k: int) -> float:
    """Mean over items of the unbiased pass@k estimate 1 - C(n-c, k) / C(n, k), where an
    item has n answers of which c are correct (items with n < k use k = n)."""
    total, count = 0.0, 0
    for answers in samples:
        n, c = len(answers), sum(1 for a in answers if a >= 1.0)
        kk = min(k, n)
        total += 1.0 - (math.comb(n - c, kk) / math.comb(n, kk) if n - c >= kk else 0.0)
        count += 1
    return total / count if count else float("nan")


def summarize(
    store: Store,
    run_ids: list[str] | None = None,
    seed: int = 0,
    levels: tuple[str, ...] = ("task", "difficulty", "suite"),
) -> list[Cell]:
    """Cells per task, per difficulty and per suite (or only the ``levels`` asked for) for
    each run, in a stable order."""
    models = {r["id"]: r["model"] for r in store.runs()}
    groups: dict[tuple, list[ItemRecord]] = defaultdict(list)
    columns = ("run_id", "instance_id", "suite", "task", "difficulty", "error", "parse_ok",
               "accuracy", "gold", "parsed", "scores")
    for row in store.items(run_ids, columns=columns):
        run, suite = row.run_id, row.suite
        base = (run, models.get(run, "?"), suite)
        if "task" in levels:
            groups[(*base, "task", row.task, row.difficulty)].append(row)
        if "difficulty" in levels:
            groups[(*base, "difficulty", row.difficulty, row.difficulty)].append(row)
        if "suite" in levels:
            groups[(*base, "suite", "all", "")].append(row)
    cells = [_aggregate(key, rows, seed) for key, rows in groups.items()]
    level_order = {"task": 0, "difficulty": 1, "suite": 2}
    cells.sort(key=lambda c: (c.suite, level_order[c.level], DIFFICULTY_ORDER.get(c.difficulty, 9),
                              c.group, c.model, c.run_id))
    return cells


def write_csv(cells: list[Cell], path: str | Path) -> None:
    metric_names = sorted({name for c in cells for name in c.numeric})
    base = [name for name in asdict(cells[0]) if name != "numeric"] if cells else []
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(base + metric_names)
        for cell in cells:
            data = asdict(cell)
            writer.writerow(
                [csv_value(data[name]) for name in base]
                + [csv_value(cell.numeric.get(m)) for m in metric_names]
            )


def csv_value(value):
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.6g}"
    return "" if value is None else value


def model_labels(cells: list[Cell]) -> OrderedDict[str, str]:
    """Column label per run: the model name, with the run id where two runs share it."""
    runs: OrderedDict[str, str] = OrderedDict()
    for cell in cells:
        runs.setdefault(cell.run_id, cell.model)
    names = list(runs.values())
    return OrderedDict(
        (run, model if names.count(model) == 1 else f"{model} ({run[-6:]})")
        for run, model in runs.items()
    )
