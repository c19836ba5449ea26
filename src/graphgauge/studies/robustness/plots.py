"""Figures of the serialization-robustness analysis (PNG).

Drawn on the report's Agg canvas (``results.figures.new_figure``: fixed style, no pyplot
state); PNG metadata carries no software version, so the same records give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from graphgauge.results.figures import new_figure
from graphgauge.studies.robustness.measures import AccuracyRecord, SpanRecord

# Cells and bars carry their value up to these counts; beyond, the numbers become noise.
_ANNOTATE_MAX_CELLS = 300
_ANNOTATE_MAX_BARS = 60
_MISSING = "#d9d9d9"


def _save(figure, path: str | Path) -> Path:
    path = Path(path)
    figure.tight_layout()
    figure.savefig(path, format="png", bbox_inches="tight", metadata={"Software": None})
    return path


def _label_width(labels: Sequence[str]) -> float:
    """Inches a rotated tick label needs, roughly, at the style's font size."""
    return 0.065 * max((len(label) for label in labels), default=0)


def heatmap_deltas(records: Sequence[AccuracyRecord], path: str | Path) -> Path:
    """Group x encoding heatmap of the accuracy change against the baseline, in
    percentage points, from ``accuracy_by_encoding`` records of one level (usually
    "task"). The baseline's own column (always 0) is left out unless it is the only
    one; missing cells are grey."""
    if not records:
        raise ValueError("no accuracy records to plot")
    levels = {r.level for r in records}
    if len(levels) > 1:
        raise ValueError(f"records mix levels {sorted(levels)}; plot one level at a time")
    baseline = records[0].baseline
    groups = list(dict.fromkeys(r.group for r in records))
    encodings = list(dict.fromkeys(r.encoding for r in records))
    columns = [e for e in encodings if e != baseline] or encodings
    grid = np.full((len(groups), len(columns)), np.nan)
    row_of = {g: i for i, g in enumerate(groups)}
    col_of = {e: j for j, e in enumerate(columns)}
    for r in records:
        if r.encoding in col_of:
            grid[row_of[r.group], col_of[r.encoding]] = 100 * r.delta
    finite = grid[np.isfinite(grid)]
    limit = max(float(np.abs(finite).max()) if finite.size else 0.0, 1.0)

    width = min(30.0, 2.5 + 0.55 * len(columns) + _label_width(groups))
    height = min(30.0, 1.6 + 0.32 * len(groups) + _label_width(columns))
    with new_figure(max(width, 4.0), max(height, 2.5)) as figure:
        ax = figure.add_subplot()
        ax.set_facecolor(_MISSING)  # masked (missing) cells are transparent
        image = ax.imshow(np.ma.masked_invalid(grid), cmap="RdBu", vmin=-limit, vmax=limit,
                          aspect="auto", interpolation="nearest")
        ax.set_xticks(range(len(columns)), columns, rotation=45, ha="right")
        ax.set_yticks(range(len(groups)), groups)
        ax.set_xlabel("encoding")
        ax.set_ylabel(records[0].level)
        ax.set_title(f"Accuracy change vs {baseline}")
        if grid.size <= _ANNOTATE_MAX_CELLS:
            for (i, j), value in np.ndenumerate(grid):
                if math.isfinite(value):
                    ax.text(j, i, f"{value:+.0f}", ha="center", va="center", fontsize=7,
                            color="white" if abs(value) > 0.6 * limit else "black")
        colorbar = figure.colorbar(image, ax=ax)
        colorbar.set_label("Δ accuracy (percentage points)")
        return _save(figure, path)


def span_bars(span_records: Sequence[SpanRecord], path: str | Path) -> Path:
    """Bars of the normalized output span per task, one bar per base encoding side by
    side when there are several (from ``output_span``). On small charts each bar is
    labelled with its value, so an invariant task (0) reads apart from a missing one
    ("n/a")."""
    if not span_records:
        raise ValueError("no span records to plot")
    tasks = sorted({r.task for r in span_records})
    bases = list(dict.fromkeys(r.base for r in span_records))
    span = {(r.task, r.base): r.span for r in span_records}
    finite = [s for s in span.values() if math.isfinite(s)]
    top = max(finite, default=0.0) * 1.2 or 1.0

    bar = 0.8 / len(bases)
    width = min(30.0, 2.5 + 0.45 * len(tasks) * max(1.0, len(bases) / 2))
    height = 3.0 + _label_width(tasks)
    with new_figure(max(width, 4.0), height) as figure:
        ax = figure.add_subplot()
        x = np.arange(len(tasks))
        for j, base in enumerate(bases):
            heights = [span.get((t, base), math.nan) for t in tasks]
            bars = ax.bar(x + (j - (len(bases) - 1) / 2) * bar, np.nan_to_num(heights), bar,
                          label=base)
            if len(tasks) * len(bases) <= _ANNOTATE_MAX_BARS:
                ax.bar_label(bars, [f"{h:.2f}" if math.isfinite(h) else "n/a"
                                    for h in heights], fontsize=7, padding=1)
        ax.set_xticks(x, tasks, rotation=45, ha="right")
        ax.set_xlim(-0.6, len(tasks) - 0.4)
        ax.set_ylim(0.0, top)
        ax.set_ylabel("normalized output span")
        ax.set_title("Output span across node relabelings (0 = invariant)")
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        if len(bases) > 1:
            ax.legend(title="base encoding", frameon=False, loc="upper left",
                      bbox_to_anchor=(1.0, 1.0))
        return _save(figure, path)
