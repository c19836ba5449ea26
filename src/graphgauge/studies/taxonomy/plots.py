"""Taxonomy figures: clustered heat map (dendrogram + AUROC ratios in %) and PCA map.

Each figure is a ``draw_*`` function on a given matplotlib Figure plus its size, so the
``taxonomy`` command's PNG files and the HTML report's figures (``section``)
are one drawing. matplotlib is imported lazily and drawn through the Agg canvas (no
display needed).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from graphgauge.studies.taxonomy.taxonomy import Taxonomy

PCA_SIZE = (6.0, 5.0)


def _figure(size: tuple[float, float]):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    return fig


def _row_labels(tax: Taxonomy) -> list[str]:
    return [f"{tax.datasets[i]} [{tax.clusters[i]}]" for i in tax.order]


def _label_inches(tax: Taxonomy) -> float:
    """Room for the row labels between dendrogram and heat map (8 pt text)."""
    return 0.3 + 0.07 * max(len(label) for label in _row_labels(tax))


#: Heat-map geometry in inches: one cell, the title band above the cells, and the width of
#: one character of the 8 pt tick labels (generous, so long names never reach the edge).
CELL_WIDTH, CELL_HEIGHT, TITLE_BAND, CHAR_WIDTH = 0.75, 0.42, 0.45, 0.065


def _column_label_inches(tax: Taxonomy) -> float:
    """Height below the cells taken by the column labels, written at 60 degrees."""
    longest = max(len(p) for p in tax.perturbations)
    return 0.3 + CHAR_WIDTH * longest * np.sin(np.radians(60))


def heatmap_size(tax: Taxonomy) -> tuple[float, float]:
    """Laid out in inches from the labels' lengths rather than as fractions of the figure,
    so a 2 x 1 taxonomy keeps its title and column labels on the canvas too."""
    n, m = tax.matrix.shape
    return (2.2 + _label_inches(tax) + CELL_WIDTH * m,
            _column_label_inches(tax) + CELL_HEIGHT * n + TITLE_BAND)


def draw_heatmap(fig, tax: Taxonomy) -> None:
    """Rows in dendrogram order; cells show AUROC ratio as % (100 = unaffected). The axes
    sit at fixed places beside the dendrogram, so no tight layout is wanted."""
    from scipy.cluster.hierarchy import dendrogram

    n, m = tax.matrix.shape
    width, height = fig.get_size_inches()
    left = (0.7 + _label_inches(tax)) / width  # dendrogram, then the labels, then the cells
    bottom, rows_height = _column_label_inches(tax) / height, CELL_HEIGHT * n / height
    ax_d = fig.add_axes((0.05 / width, bottom, 0.6 / width, rows_height))
    ax_h = fig.add_axes((left, bottom, CELL_WIDTH * m / width, rows_height))
    dendrogram(tax.linkage, orientation="left", ax=ax_d, no_labels=True,
               color_threshold=0, above_threshold_color="#444444")
    ax_d.invert_yaxis()
    ax_d.axis("off")
    rows = tax.matrix[tax.order]
    shown = np.where(np.isfinite(rows), rows, 0.0)
    lim = max(0.25, float(np.nanmax(np.abs(shown))))
    im = ax_h.imshow(shown, cmap="RdBu", vmin=-lim, vmax=lim, aspect="auto")
    for i in range(n):
        for j in range(m):
            v = rows[i, j]
            ax_h.text(j, i, "–" if not np.isfinite(v) else f"{100 * 2 ** v:.0f}",
                      ha="center", va="center", fontsize=7)
    ax_h.set_xticks(range(m), tax.perturbations, rotation=60, ha="right", fontsize=8)
    ax_h.set_yticks(range(n), _row_labels(tax), fontsize=8)
    fig.colorbar(im, ax=ax_h, fraction=0.05, label="log2(AUROC ratio)")
    ax_h.set_title("AUROC perturbed / original (%)", fontsize=9)


def draw_pca(fig, tax: Taxonomy) -> None:
    """PC1 against PC2 (0 when there is one component), one colour per cluster."""
    from matplotlib import colormaps

    ax = fig.add_subplot(1, 1, 1)
    coords = tax.pca_coords
    ys = coords[:, 1] if coords.shape[1] > 1 else np.zeros(len(coords))
    cmap = colormaps["tab10"]
    for c in np.unique(tax.clusters):
        sel = tax.clusters == c
        ax.scatter(coords[sel, 0], ys[sel], color=cmap((c - 1) % 10), label=f"cluster {c}", s=40)
    for name, x, y in zip(tax.datasets, coords[:, 0], ys, strict=True):
        ax.annotate(name, (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ev = tax.explained
    ax.set_xlabel(f"PC1 ({100 * ev[0]:.0f}%)")
    ax.set_ylabel(f"PC2 ({100 * ev[1]:.0f}%)" if len(ev) > 1 else "PC2")
    ax.legend(fontsize=8)


def heatmap(tax: Taxonomy, path: str | Path) -> Path:
    fig = _figure(heatmap_size(tax))
    draw_heatmap(fig, tax)
    out = Path(path)
    fig.savefig(out, dpi=120)
    return out


def pca_scatter(tax: Taxonomy, path: str | Path) -> Path:
    fig = _figure(PCA_SIZE)
    draw_pca(fig, tax)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=120)
    return out
