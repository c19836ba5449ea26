"""Taxonomy figures: clustered heat map (dendrogram + AUROC ratios in %) and PCA map.

matplotlib is imported lazily and drawn through the Agg canvas (no display needed).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from graphgauge.analysis.taxonomy import Taxonomy


def _figure(size: tuple[float, float]):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    return fig


def heatmap(tax: Taxonomy, path: str | Path) -> Path:
    """Rows in dendrogram order; cells show AUROC ratio as % (100 = unaffected)."""
    from scipy.cluster.hierarchy import dendrogram

    n, m = tax.matrix.shape
    fig = _figure((2.5 + 0.75 * m, 1.2 + 0.42 * n))
    ax_d = fig.add_axes((0.01, 0.22, 0.14, 0.70))
    ax_h = fig.add_axes((0.30, 0.22, 0.62, 0.70))
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
    labels = [f"{tax.datasets[i]} [{tax.clusters[i]}]" for i in tax.order]
    ax_h.set_yticks(range(n), labels, fontsize=8)
    fig.colorbar(im, ax=ax_h, fraction=0.03, label="log2(AUROC ratio)")
    ax_h.set_title("AUROC perturbed / original (%)", fontsize=9)
    out = Path(path)
    fig.savefig(out, dpi=120)
    return out


def pca_scatter(tax: Taxonomy, path: str | Path) -> Path:
    fig = _figure((6.0, 5.0))
    ax = fig.add_subplot(1, 1, 1)
    coords = tax.pca_coords
    ys = coords[:, 1] if coords.shape[1] > 1 else np.zeros(len(coords))
    cmap = fig.colormaps["tab10"] if hasattr(fig, "colormaps") else None
    if cmap is None:
        from matplotlib import colormaps

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
    out = Path(path)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    return out
