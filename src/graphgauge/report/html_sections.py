"""What the report says, section by section, independent of how it is written out.

A section is a list of blocks (``graphgauge.results.sections``). Every suite with results
gets a section: the one a study registered for it (``register_suite(suite, html=...)``,
in ``SUITE_REPORTS``, returning escaped HTML, or a list of ``Table`` / ``Plot`` / HTML
blocks, whose tables and plots ``--figures`` then exports too), else the standard one (by
difficulty, by task, numeric error and predicted-vs-true plots for numeric tasks, and accuracy per
value of each low-cardinality ``meta`` key such as family, pattern or domain).
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict, defaultdict
from html import escape
from typing import Any

import numpy as np
import orjson

from graphgauge.report.runs import run_rows
from graphgauge.results.cells import DIFFICULTY_ORDER, Cell
from graphgauge.results.figures import Plot, bars, scatter_grid
from graphgauge.results.sections import (
    SUITE_REPORTS,
    Context,
    Section,
    slug,
    study_sections,
)
from graphgauge.results.table import Table, pct, with_ci
from graphgauge.store.records import ItemRecord
from graphgauge.store.sqlite import Store

# A meta key is broken down when it has 2..this many distinct scalar values in a suite.
MAX_META_VALUES = 12
# Keys that identify an instance or repeat a column: never a breakdown.
_SKIP_META = {"index", "seed", "difficulty", "id"}


def build_sections(ctx: Context) -> list[Section]:
    """Runs; with results, the leaderboard and a section per suite; then the studies'."""
    from graphgauge import studies

    studies.load()  # each study registers its sections

    sections = [manifest_section(ctx.store, ctx.run_ids)]
    if ctx.cells:
        sections.append(leaderboard_section(ctx))
        sections += [suite_section(ctx, suite) for suite in dict.fromkeys(c.suite
                                                                           for c in ctx.cells)]
    for build in study_sections():  # e.g. the taxonomy's stored grid cells, runs or not
        section = build(ctx)
        if section is not None:
            sections.append(section)
    return sections


# --- runs and manifests ----------------------------------------------------------------
def manifest_section(store: Store, run_ids: list[str] | None) -> Section:
    rows = run_rows(store, run_ids)
    table = Table("runs", "Runs", ["run", "model", "items", "errors", "unparsed", "accuracy %",
                                   "tokens in", "tokens out", "USD"])
    for row in rows:
        table.rows.append([
            row["id"], row["model"], str(row.get("items") or 0), str(row.get("errors") or 0),
            str(row.get("unparsed") or 0), pct(row.get("accuracy")),
            str(row.get("tokens_in") or "–"), str(row.get("tokens_out") or "–"),
            "–" if row["cost"] is None else f"{row['cost']:.4f}"])
    manifests = "".join(
        f'<details class="manifest"><summary>manifest of {escape(row["id"])}</summary>'
        f"<pre>{escape(json.dumps(store.manifest(row['id']), indent=2, sort_keys=True))}"
        "</pre></details>" for row in rows)
    blocks: list = [table, manifests] if rows else ["<p>No runs in this store yet.</p>"]
    return Section("runs", "Runs and manifests", blocks)


# --- leaderboard -----------------------------------------------------------------------
def leaderboard_section(ctx: Context) -> Section:
    """Models x suites: accuracy with its 95% CI and the unparsed rate, and the same as bars."""
    suites = list(dict.fromkeys(c.suite for c in ctx.cells))
    by_key = {(c.run_id, c.suite): c for c in ctx.cells if c.level == "suite"}
    columns = ["model"]
    for suite in suites:
        columns += [f"{suite} accuracy % [95% CI]", f"{suite} unparsed %", f"{suite} n"]
    table = Table("leaderboard", "Leaderboard: accuracy % per suite [95% bootstrap CI]",
                  columns, shades=[], note="Unparsable answers count as wrong; failed "
                  "requests are left out (see the runs table).")
    series = {}
    for run, label in ctx.labels.items():
        row, shade = [label], [None]
        present = [by_key.get((run, suite)) for suite in suites]
        for cell in present:
            if cell is None:
                row += ["–", "–", "0"]
            else:
                row += [with_ci(cell.accuracy, cell.ci_low, cell.ci_high), pct(cell.unparsed),
                        str(cell.n)]
            shade += [None if cell is None else cell.accuracy, None, None]
        table.rows.append(row)
        table.shades.append(shade)
        series[label] = tuple([math.nan if c is None else getattr(c, name) for c in present]
                              for name in ("accuracy", "ci_low", "ci_high"))
    plot = bars("leaderboard", "Accuracy per suite (95% CI)", suites, series, "accuracy %")
    from graphgauge.report.html_outcomes import outcome_tables, reading_table

    reading = reading_table(ctx)
    blocks = [table, plot, *outcome_tables(ctx), *([reading] if reading else [])]
    return Section("leaderboard", "Leaderboard", blocks)


# --- one suite -------------------------------------------------------------------------
def suite_section(ctx: Context, suite: str) -> Section:
    own_report = SUITE_REPORTS.get(suite)
    hook = own_report.html if own_report is not None else None
    if hook is not None:  # HTML, or blocks (whose tables and plots --figures also exports)
        own = hook(ctx.store, ctx.run_ids)
        return Section(f"suite-{suite}", f"Suite: {suite}", [own] if isinstance(own, str)
                       else list(own))
    cells = [c for c in ctx.cells if c.suite == suite]
    rows = [r for r in ctx.rows if r.suite == suite]
    present = {c.run_id for c in cells}  # runs of other suites get no empty column here
    labels = OrderedDict((run, label) for run, label in ctx.labels.items() if run in present)
    blocks: list = [
        pivot(cells, labels, "difficulty", "by_difficulty",
              f"{suite}: accuracy % per difficulty [95% CI]"),
        pivot(cells, labels, "task", "by_task", f"{suite}: accuracy % per task [95% CI]"),
    ]
    numeric = numeric_table(cells, labels, suite)
    if numeric is not None:
        tasks = {c.group for c in cells if c.level == "task" and c.numeric}
        blocks += [numeric, predicted_vs_true(rows, labels, suite, tasks)]
    blocks += meta_tables(rows, labels, suite)
    return Section(f"suite-{suite}", f"Suite: {suite}", blocks)


def pivot(cells: list[Cell], labels, level: str, name: str, title: str) -> Table:
    """Groups (tasks or difficulties) x models, each cell accuracy [CI] (unparsed %)."""
    head = ["task", "difficulty"] if level == "task" else ["difficulty"]
    table = Table(name, title, head + list(labels.values()), shades=[])
    groups: OrderedDict[tuple, dict[str, Cell]] = OrderedDict()
    for cell in cells:
        if cell.level == level:
            key = (cell.group, cell.difficulty) if level == "task" else (cell.group,)
            groups.setdefault(key, {})[cell.run_id] = cell
    order = sorted(groups, key=lambda k: (DIFFICULTY_ORDER.get(k[-1], 9), k))
    for key in order:
        row, shade = list(key), [None] * len(key)
        for run in labels:
            cell = groups[key].get(run)
            text = "–" if cell is None or not cell.n else with_ci(cell.accuracy, cell.ci_low,
                                                                  cell.ci_high)
            if cell is not None and cell.unparsed:
                text += f" ({pct(cell.unparsed, 0)}% unparsed)"
            row.append(text)
            shade.append(cell.accuracy if cell is not None and cell.n else None)
        table.rows.append(row)
        table.shades.append(shade)
    return table


def numeric_table(cells: list[Cell], labels, suite: str) -> Table | None:
    numeric = [c for c in cells if c.level == "task" and c.numeric]
    if not numeric:
        return None
    columns = ["task"]
    for label in labels.values():
        columns += [f"{label} sMAPE", f"{label} RelMAE"]
    table = Table("numeric_error", f"{suite}: numeric error (sMAPE 0–100, lower is better; "
                  "RelMAE < 1 beats predicting the mean)", columns)
    by_task: OrderedDict[str, dict[str, Cell]] = OrderedDict()
    for cell in numeric:
        by_task.setdefault(cell.group, {})[cell.run_id] = cell
    for task, by_run in by_task.items():
        row = [task]
        for run in labels:
            metrics = by_run[run].numeric if run in by_run else {}
            row += [_number(metrics.get("smape_100"), 1), _number(metrics.get("relmae"), 2)]
        table.rows.append(row)
    return table


def _number(value: float | None, digits: int) -> str:
    return "–" if value is None or not math.isfinite(value) else f"{value:.{digits}f}"


def _float(text: str | None) -> float | None:
    try:
        value = orjson.loads(text) if text is not None else None
    except orjson.JSONDecodeError:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def predicted_vs_true(rows: list[ItemRecord], labels, suite: str, tasks: set[str]) -> Plot:
    """Parsed answers against gold for the numeric ``tasks``."""
    panels: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        if row.task not in tasks or row.error is not None or not row.parse_ok:
            continue
        gold, parsed = _float(row.gold), _float(row.parsed)
        if gold is not None and parsed is not None:
            panels[row.task][labels.get(row.run_id, row.run_id)].append((gold, parsed))
    return scatter_grid("predicted_vs_true", f"{suite}: predicted vs true",
                        {task: dict(v) for task, v in sorted(panels.items())})


# --- meta breakdowns --------------------------------------------------------------------
def _scored(row: dict) -> bool:
    return row.error is None and row.parse_ok is not None


def meta_values(rows: list[ItemRecord]) -> dict[str, list[Any]]:
    """Per row, the parsed meta (rows sharing a meta string share one dict)."""
    cache: dict[str | None, dict] = {}
    out = []
    for row in rows:
        text = row.meta
        if text not in cache:
            try:
                parsed = orjson.loads(text) if text else {}
            except orjson.JSONDecodeError:
                parsed = {}
            cache[text] = parsed if isinstance(parsed, dict) else {}
        out.append(cache[text])
    keys: dict[str, set] = defaultdict(set)
    for meta in cache.values():
        for key, value in meta.items():
            if key not in _SKIP_META and isinstance(value, str | int | bool):
                keys[key].add(value)
    useful = sorted(k for k, v in keys.items() if 2 <= len(v) <= MAX_META_VALUES)
    return {key: [meta.get(key) for meta in out] for key in useful}


def meta_tables(rows: list[ItemRecord], labels, suite: str) -> list[Table]:
    """Accuracy % (n) per value of each low-cardinality meta key, models as columns."""
    tables = []
    for key, values in meta_values(rows).items():
        totals: dict[tuple, list[float]] = defaultdict(list)
        for row, value in zip(rows, values, strict=True):
            if value is not None and _scored(row):
                totals[str(value), row.run_id].append(float(row.accuracy or 0.0))
        groups = sorted({value for value, _ in totals})
        table = Table(f"by_{slug(key)}", f"{suite}: accuracy % per {key} (n)",
                      [key] + list(labels.values()), shades=[])
        for group in groups:
            row, shade = [group], [None]
            for run in labels:
                scores = totals.get((group, run))
                mean = float(np.mean(scores)) if scores else None
                row.append(f"{pct(mean)} ({len(scores)})" if scores else "–")
                shade.append(mean)
            table.rows.append(row)
            table.shades.append(shade)
        tables.append(table)
    return tables
