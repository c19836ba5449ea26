"""The report's figures, drawn once and written where they are needed: inline in the HTML
report (PNG) or as PNG and SVG files for a paper (``report.figures.write_figures``).

A figure is a ``Plot``: a name, a size and a function that draws on a blank matplotlib
figure. Drawing goes through ``new_figure``'s Agg canvas and fixed style (matplotlib
defaults plus ``_STYLE``, ignoring the user's matplotlibrc; matplotlib is imported only
when a figure is drawn), so making a report never touches pyplot's global state, and the
same data give the same bytes (no software or date metadata, a fixed SVG hash salt).
"""

from __future__ import annotations

import io
import math
import warnings
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from graphgauge.errors import UserError

_STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.labelsize": 9,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "legend.fontsize": 8,
    "savefig.dpi": 150,
}
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}}
# Beyond these sizes value labels in cells and points in a scatter stop informing.
_ANNOTATE_MAX_CELLS = 300
_POINTS_PER_SERIES = 300
_MISSING = "#d9d9d9"


@contextmanager
def new_figure(width: float, height: float):
    """A fresh Agg-backed figure under the fixed style."""
    try:
        import matplotlib.style  # binds ``matplotlib`` too
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise UserError(
            "plots need matplotlib: pip install matplotlib (or graphgauge[plots])"
        ) from None
    with matplotlib.style.context("default"), matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(width, height))
        FigureCanvasAgg(figure)
        yield figure


@dataclass
class Plot:
    name: str  # file stem of the exported copies
    title: str
    width: float
    height: float
    draw: Callable[..., None]  # draw(figure) on an empty matplotlib Figure
    # False: the drawing sets its own margins (tight layout costs two extra draws).
    tight: bool = True


def render(plot: Plot, fmt: str = "png", dpi: int = 150) -> bytes:
    """The figure as PNG or SVG bytes."""
    import matplotlib

    with new_figure(plot.width, plot.height) as figure, matplotlib.rc_context(
            {"svg.hashsalt": "graphgauge", "svg.fonttype": "none"}):
        plot.draw(figure)
        if plot.tight:
            with warnings.catch_warnings():  # crowded axes: tight_layout does what it can
                warnings.simplefilter("ignore", UserWarning)
                figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format=fmt, dpi=dpi, bbox_inches="tight" if plot.tight else None,
                       metadata=_METADATA[fmt])
        return out.getvalue()


def _label_room(labels: Sequence[str]) -> float:
    return 0.065 * max((len(label) for label in labels), default=0)


def heatmap(name: str, title: str, grid: np.ndarray, rows: Sequence[str],
            columns: Sequence[str], xlabel: str, ylabel: str) -> Plot:
    """Accuracy (0..1) per row x column in percent; NaN cells grey."""
    def draw(figure) -> None:
        ax = figure.add_subplot()
        ax.set_facecolor(_MISSING)
        image = ax.imshow(np.ma.masked_invalid(100 * grid), cmap="viridis", vmin=0, vmax=100,
                          aspect="auto", interpolation="nearest")
        ax.set_xticks(range(len(columns)), columns, rotation=45, ha="right")
        ax.set_yticks(range(len(rows)), rows)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        if grid.size <= _ANNOTATE_MAX_CELLS:
            for (i, j), value in np.ndenumerate(grid):
                if math.isfinite(value):
                    ax.text(j, i, f"{100 * value:.0f}", ha="center", va="center", fontsize=7,
                            color="black" if value > 0.6 else "white")
        figure.colorbar(image, ax=ax).set_label("accuracy %")

    width = min(30.0, 2.8 + 0.55 * len(columns) + _label_room(rows))
    height = min(30.0, 1.8 + 0.3 * len(rows) + _label_room(columns))
    return Plot(name, title, max(width, 4.0), max(height, 2.5), draw)


Series = tuple[Sequence[float], Sequence[float], Sequence[float]] | Sequence[float]


def bars(name: str, title: str, groups: Sequence[str], series: dict[str, Series],
         ylabel: str, percent: bool = True) -> Plot:
    """Grouped bars, one colour per series; a series given as (values, lows, highs) gets
    error bars for its interval. NaN values draw no bar."""
    def draw(figure) -> None:
        ax = figure.add_subplot()
        x = np.arange(len(groups))
        width = 0.8 / max(1, len(series))
        scale = 100.0 if percent else 1.0
        for j, (label, data) in enumerate(series.items()):
            values, lows, highs = data if isinstance(data, tuple) else (data, None, None)
            values = scale * np.asarray(values, dtype=float)
            errors = None
            if lows is not None:
                low, high = scale * np.asarray(lows, float), scale * np.asarray(highs, float)
                errors = np.nan_to_num(np.vstack([values - low, high - values]).clip(min=0))
            ax.bar(x + (j - (len(series) - 1) / 2) * width, np.nan_to_num(values), width,
                   yerr=errors, capsize=2, label=label)
        ax.set_xticks(x, groups, rotation=30 if len(groups) > 4 else 0,
                      ha="right" if len(groups) > 4 else "center")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        finite = [v for data in series.values()
                  for v in np.ravel(data[0] if isinstance(data, tuple) else data)
                  if math.isfinite(v)]
        ax.set_ylim(0, 100 if percent else (max(finite, default=0.0) * 1.2 or 1.0))
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        if len(series) > 1:
            ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))

    width = min(30.0, 3.5 + 0.35 * len(groups) * max(1, len(series)) ** 0.5)
    return Plot(name, title, max(width, 5.0), 3.2 + _label_room(groups) / 2, draw)


def _thin(values: list, limit: int) -> list:
    """Every k-th value, so a scatter of 10^5 answers stays a few thousand points."""
    step = max(1, math.ceil(len(values) / limit))
    return values[::step]


def _ends(ax, low: float, high: float) -> None:
    """Ticks at the two ends only: small panels stay legible, and fixed ticks spare
    matplotlib's tick search, the slowest part of drawing many panels."""
    labels = [f"{low:.3g}", f"{high:.3g}"]
    ax.set_xticks([low, high], labels)
    ax.set_yticks([low, high], labels)


def scatter_grid(name: str, title: str,
                 panels: dict[str, dict[str, list[tuple[float, float]]]]) -> Plot:
    """Predicted vs true, one panel per task, one colour per model, with the y = x line.
    Axes are cut to the gold range widened by half of it, so one absurd answer does not
    squash the rest (points beyond sit on the border)."""
    ncols = min(5, len(panels))
    nrows = math.ceil(len(panels) / ncols)
    width, height = 2.5 * ncols + 0.6, 2.3 * nrows + 0.8

    def draw(figure) -> None:
        axes = figure.subplots(nrows, ncols, squeeze=False)
        for ax, (task, by_model) in zip(axes.flat, panels.items(), strict=False):
            golds = [g for pairs in by_model.values() for g, _ in pairs]
            low, high = min(golds), max(golds)
            pad = (high - low) / 2 or max(1.0, abs(low) / 2)
            for model, pairs in by_model.items():
                pairs = _thin(pairs, _POINTS_PER_SERIES)
                ax.scatter([g for g, _ in pairs],
                           np.clip([p for _, p in pairs], low - pad, high + pad),
                           s=7, alpha=0.6, label=model, linewidths=0)
            ax.plot([low, high], [low, high], color="black", linewidth=0.8, alpha=0.6)
            ax.set_ylim(low - pad * 1.05, high + pad * 1.05)
            _ends(ax, low, high)
            ax.set_title(task, fontsize=8)
        for ax in list(axes.flat)[len(panels):]:
            ax.set_visible(False)
        if len(next(iter(panels.values()))) > 1:
            axes.flat[0].legend(frameon=False, fontsize=7, markerscale=1.5)
        figure.suptitle(title)
        figure.supxlabel("true")
        figure.supylabel("predicted")
        figure.subplots_adjust(left=0.75 / width, right=1 - 0.2 / width,
                               bottom=0.55 / height, top=1 - 0.6 / height,
                               hspace=0.55, wspace=0.35)

    return Plot(name, title, width, height, draw, tight=False)
