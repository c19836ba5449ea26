"""Instruction variants in the HTML report: bars with their spread over templates (shared
by the classify section) and the per-variant blocks of the other suites.

Numbers come from ``rows`` / ``variants`` and cells from ``report`` (this folder's), so the
console and the page print the same figures. Table cells are escaped by
``results.table``; plot labels are made literal for matplotlib.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from graphgauge.studies.gteval.report import (
    VARIANT_NOTE,
    other_kinds,
    run_labels,
    variant_cells,
    variant_headers,
)
from graphgauge.studies.gteval.rows import Spread
from graphgauge.studies.gteval.variants import ALL_TASKS, variant_rows

Value = Spread | float | None


def plot_label(text: str) -> str:
    """Text matplotlib draws as is ("$" would start mathtext)."""
    return text.replace("$", r"\$")


def _mean(value: Value) -> float:
    if value is None:
        return math.nan
    return value.mean if isinstance(value, Spread) else float(value)


def _std(value: Value) -> float:
    return value.std if isinstance(value, Spread) else 0.0


def spread_bars(name: str, title: str, groups: Sequence[str],
                series: dict[str, Sequence[Value]]):
    """Grouped bars (percentages), one colour per series, whiskers at mean ± std over
    templates, clipped to 0..100 %; a missing value draws no bar."""
    from graphgauge.results.figures import bars

    data: dict = {}
    for label, values in series.items():
        means = [_mean(v) for v in values]
        if not any(_std(v) for v in values):  # no spread to show: no empty whisker caps
            data[plot_label(label)] = means
            continue
        lows = [max(0.0, m - _std(v)) for m, v in zip(means, values, strict=True)]
        highs = [min(1.0, m + _std(v)) for m, v in zip(means, values, strict=True)]
        data[plot_label(label)] = (means, lows, highs)
    return bars(name, plot_label(title), [plot_label(g) for g in groups], data,
                "% of answers (± std over templates)")


def shade(value: Value) -> float | None:
    """A table cell's background value: the mean, None when missing."""
    mean = _mean(value)
    return None if math.isnan(mean) else mean


def variant_blocks(store, run_ids: Sequence[str] | None) -> list:
    """The per-variant table of every run asked in several variants (classify aside),
    and per suite the bars of each model's accuracy per variant kind; [] when no run
    holds more than one variant."""
    from graphgauge.results.table import Table

    rows = variant_rows(store, run_ids)
    if not rows:
        return []
    labels, extra = run_labels(rows), other_kinds(rows)
    table = Table("variants", "Instruction variants: accuracy % per variant kind",
                  variant_headers(extra), shades=[], note=VARIANT_NOTE)
    for row in rows:
        table.rows.append(variant_cells(row, labels[row.run_id], extra))
        acc = row.accuracy
        table.shades.append([None, None, None, shade(acc.get("original")),
                             shade(acc.get("rephrase")), None, None,
                             *(shade(acc.get(kind)) for kind in extra)])
    blocks: list = [table]
    groups = ["Ori.", "Rep.", "Rand.", *extra]
    for suite in dict.fromkeys(row.suite for row in rows):
        series = {labels[r.run_id]: [r.accuracy.get(kind)
                                     for kind in ("original", "rephrase", "randomize", *extra)]
                  for r in rows if r.suite == suite and r.task == ALL_TASKS}
        blocks.append(spread_bars(f"variants_{suite}", f"{suite}: accuracy per instruction "
                                  "variant", groups, series))
    return blocks
