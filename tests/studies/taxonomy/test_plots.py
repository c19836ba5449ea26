"""The taxonomy figures keep every piece of text on the canvas, whatever the grid's size."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from graphgauge.studies.taxonomy.plots import (  # noqa: E402
    PCA_SIZE,
    _figure,
    draw_heatmap,
    draw_pca,
    heatmap_size,
)
from graphgauge.studies.taxonomy.taxonomy import build  # noqa: E402

GRIDS = [
    (["MUTAG", "ENZYMES"], ["NoEdges"]),
    (["MUTAG", "PROTEINS"], ["FiedlerFrag-quirk", "LowPass-cheb"]),
    (["a", "b", "c"], ["RandRewire", "Frag-k1", "FullyConn"]),
    (["webkb:wisconsin", "webkb:cornell", "synthetic:smallworld", "IMDB-BINARY"],
     ["RandFtrs", "NoNodeFtrs", "NodeDeg", "LowPass", "MidPass", "HighPass", "RandRewire",
      "NoEdges", "FullyConn", "Frag-k1", "Frag-k2", "Frag-k3", "FiedlerFrag"]),
]


def _taxonomy(datasets, perturbations):
    rng = np.random.default_rng(len(datasets) * 31 + len(perturbations))
    matrix = rng.normal(scale=0.3, size=(len(datasets), len(perturbations)))
    return build(datasets, perturbations, matrix, k=2)


def _text_inside(fig) -> None:
    renderer = fig.canvas.get_renderer()
    box = fig.get_tightbbox(renderer)  # inches, every visible artist incl. tick labels
    width, height = fig.get_size_inches()
    assert box.x0 >= 0 and box.y0 >= 0, (box, width, height)
    assert box.x1 <= width and box.y1 <= height, (box, width, height)
    for ax in fig.axes:
        title = ax.title
        if title.get_text():
            ext = title.get_window_extent(renderer)
            assert ext.y1 <= fig.bbox.height and ext.x0 >= 0 and ext.x1 <= fig.bbox.width


@pytest.mark.parametrize("datasets,perturbations", GRIDS)
def test_heatmap_text_stays_on_the_canvas(datasets, perturbations):
    tax = _taxonomy(datasets, perturbations)
    fig = _figure(heatmap_size(tax))
    draw_heatmap(fig, tax)
    fig.canvas.draw()
    _text_inside(fig)


@pytest.mark.parametrize("datasets,perturbations", GRIDS)
def test_pca_text_stays_on_the_canvas(datasets, perturbations):
    tax = _taxonomy(datasets, perturbations)
    fig = _figure(PCA_SIZE)
    draw_pca(fig, tax)
    fig.tight_layout()
    fig.canvas.draw()
    _text_inside(fig)
