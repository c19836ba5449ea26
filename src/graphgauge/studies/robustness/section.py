"""The serialization section: for every run asked in several encodings, accuracy per task
and encoding, the change against the run's first encoding with paired CIs, and the output
span of numeric tasks across node relabelings (``measures``).

Only a run's first instruction variant is read, as the analysis wants one model and one
variant at a time. Individual relabelings (``…+randomK``) are summarised by their mean
(``…+random*``) so ten relabelings do not crowd out the other encodings.
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

from graphgauge.results.figures import bars, heatmap
from graphgauge.results.sections import Context, Section, slug
from graphgauge.results.table import Table, pct, with_ci
from graphgauge.store.records import ItemRecord
from graphgauge.studies.robustness.measures import (
    RANDOM_ALL,
    accuracy_by_encoding,
    output_span,
    split_labeling,
)


def _shown(encoding: str) -> bool:
    return encoding.endswith("+" + RANDOM_ALL) or split_labeling(encoding)[1] is None


def _delta(record) -> str:
    if math.isnan(record.delta):
        return "–"
    return (f"{100 * record.delta:+.1f} [{100 * record.delta_low:+.1f}, "
            f"{100 * record.delta_high:+.1f}]")


def serialization_section(ctx: Context) -> Section | None:
    by_run: dict[str, list[ItemRecord]] = defaultdict(list)
    for row in ctx.rows:
        by_run[row.run_id].append(row)
    blocks: list = []
    for run, label in ctx.labels.items():
        rows = by_run.get(run, [])
        if len({r.encoding for r in rows}) < 2:
            continue
        variant = rows[0].variant
        rows = [r for r in rows if r.variant == variant]
        listed = ctx.store.manifest(run).get("encodings") or []
        present = sorted({r.encoding for r in rows})
        baseline = next((e for e in listed if e in present), present[0])
        blocks += run_blocks(rows, label, baseline)
    if not blocks:
        return None
    return Section("serialization", "Serialization robustness", blocks)


def run_blocks(rows: list[ItemRecord], label: str, baseline: str) -> list:
    stem = slug(label)
    overall = [r for r in accuracy_by_encoding(rows, baseline, "overall") if _shown(r.encoding)]
    table = Table(f"{stem}_encodings", f"{label}: accuracy % per encoding, change vs "
                  f"{baseline} in points [paired 95% CI]",
                  ["encoding", "n", "accuracy % [95% CI]", "Δ vs baseline (pp)", "unparsed %"],
                  shades=[])
    for r in overall:
        table.rows.append([r.encoding, str(r.n), with_ci(r.accuracy, r.ci_low, r.ci_high),
                           _delta(r), pct(r.unparsed)])
        table.shades.append([None, None, r.accuracy, None, None])

    per_task = [r for r in accuracy_by_encoding(rows, baseline, "task") if _shown(r.encoding)]
    tasks = sorted({r.group for r in per_task})
    encodings = [r.encoding for r in overall]
    grid = np.full((len(tasks), len(encodings)), np.nan)
    for r in per_task:
        if r.encoding in encodings and r.n:
            grid[tasks.index(r.group), encodings.index(r.encoding)] = r.accuracy
    blocks: list = [table, heatmap(f"{stem}_task_encoding", f"{label}: accuracy % per task "
                                   "and encoding", grid, tasks, encodings, "encoding", "task")]

    spans = output_span(rows)
    if spans:
        span_table = Table(f"{stem}_span", f"{label}: output span across node relabelings "
                           "(0 = invariant)", ["task", "base encoding", "examples", "span"])
        series: dict[str, list[float]] = {}
        span_tasks = sorted({s.task for s in spans})
        for s in spans:
            span_table.rows.append([s.task, s.base, str(s.n_examples),
                                    "–" if math.isnan(s.span) else f"{s.span:.3f}"])
            series.setdefault(s.base, [math.nan] * len(span_tasks))[
                span_tasks.index(s.task)] = s.span
        blocks += [span_table, bars(f"{stem}_span", f"{label}: output span per task",
                                    span_tasks, series, "normalized span", percent=False)]
    return blocks
