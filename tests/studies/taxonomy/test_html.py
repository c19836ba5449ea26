"""The "Dataset taxonomy" section of the HTML report, from synthetic grid cells written
through the taxonomy command's CellStore (no training)."""

from __future__ import annotations

import math
import sqlite3
import sys
from html.parser import HTMLParser

import pytest
from typer.testing import CliRunner

from graphgauge.cli import app
from graphgauge.report.html_sections import build_sections
from graphgauge.results.sections import load_context
from graphgauge.store import Store
from graphgauge.studies.taxonomy.cell_store import CellKey, CellStore, config_hash

NASTY = "<img src=x onerror=1>"
PERTS = ("NoEdges", "RandFtrs", "FullyConn")
# (dataset, run) -> AUROC per column: three obvious groups by construction.
#   calm-*: nothing hurts; edge-*: removing edges halves AUROC; NASTY: only features matter.
AUROC = {
    ("calm-a", 0): {"none": 0.80, "NoEdges": 0.79, "RandFtrs": 0.80, "FullyConn": 0.81},
    ("calm-a", 1): {"none": 0.82, "NoEdges": 0.81, "RandFtrs": 0.80, "FullyConn": 0.80},
    ("calm-b", 0): {"none": 0.70, "NoEdges": 0.70, "RandFtrs": 0.69, "FullyConn": 0.71},
    ("edge-a", 0): {"none": 0.90, "NoEdges": 0.45, "RandFtrs": 0.88, "FullyConn": 0.50},
    ("edge-a", 1): {"none": 0.92, "NoEdges": 0.40, "RandFtrs": 0.90, "FullyConn": 0.52},
    # a run the baseline never finished: left out of the paired mean
    ("edge-a", 2): {"NoEdges": 0.99},
    ("edge-b", 0): {"none": 0.80, "NoEdges": 0.42, "RandFtrs": 0.79, "FullyConn": 0.41},
    (NASTY, 0): {"none": 0.90, "NoEdges": 0.89, "RandFtrs": 0.30, "FullyConn": 0.90},
}
GROUPS = {frozenset({"calm-a", "calm-b"}), frozenset({"edge-a", "edge-b"}), frozenset({NASTY})}


def _config(dataset: str, epochs: int | None = None) -> dict:
    return {"dataset": dataset, "model": "gcn", "epochs": epochs, "perturb_seed": 0,
            "version": 1}


def _put(cells: CellStore, dataset: str, perturbation: str, run: int, auroc: float,
         epochs: int | None = None) -> None:
    config = _config(dataset, epochs)
    key = CellKey(dataset, perturbation, "gcn", run, config_hash(config))
    cells.put(key, config, {"test_auroc": auroc, "val_auroc": auroc, "epochs": 3})


@pytest.fixture
def store_path(tmp_path):
    path = tmp_path / "s.db"
    Store(path).close()  # a run store without runs, as after `graphgauge taxonomy`
    cells = CellStore(path)
    for (dataset, run), row in AUROC.items():
        for perturbation, auroc in row.items():
            _put(cells, dataset, perturbation, run, auroc)
    # the same model trained otherwise: its own grid, never mixed into the one above
    for dataset, (base, noedges) in {"calm-a": (0.6, 0.3), "edge-a": (0.6, 0.6)}.items():
        _put(cells, dataset, "none", 0, base, epochs=50)
        _put(cells, dataset, "NoEdges", 0, noedges, epochs=50)
    # one node-level dataset: a matrix, but nothing to cluster
    _put(cells, "webkb:cornell", "none", 0, 0.9)
    _put(cells, "webkb:cornell", "NoEdges", 0, 0.45)
    cells.close()
    return path


def expected_log2(dataset: str, perturbation: str) -> float:
    """Mean over the runs that both the perturbation and the baseline finished."""
    runs = [r for (d, r), row in AUROC.items()
            if d == dataset and "none" in row and perturbation in row]
    mean = sum(AUROC[dataset, r][perturbation] for r in runs) / len(runs)
    base = sum(AUROC[dataset, r]["none"] for r in runs) / len(runs)
    return math.log2(mean / base)


class _Tables(HTMLParser):
    """Every report table as title -> rows of cell text, and every tag with its attributes."""

    def __init__(self):
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.tags: list[tuple[str, dict]] = []
        self._title = self._text = None
        self._current: str | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("h3", "td"):
            self._text = ""
        elif tag == "tr" and self._current is not None:
            self.tables[self._current].append([])

    def handle_data(self, data):
        if self._text is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "h3":
            self._current = self._text
            self.tables[self._current] = []
        elif tag == "td":
            self.tables[self._current][-1].append(self._text)
        elif tag == "table":
            self.tables[self._current] = [r for r in self.tables[self._current] if r]
            self._current = None
        self._text = None if tag in ("h3", "td") else self._text


def _report(store_path, tmp_path, *extra: str) -> str:
    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["report", "--store", str(store_path), "--html", str(out),
                                      *extra])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def _table(page: _Tables, start: str) -> list[list[str]]:
    found = [rows for title, rows in page.tables.items() if title.startswith(start)]
    assert len(found) == 1, list(page.tables)
    return found[0]


def test_section_shows_matrix_clusters_and_escapes_names(store_path, tmp_path):
    html = _report(store_path, tmp_path)
    page = _Tables()
    page.feed(html)
    assert '<section id="taxonomy"><h2>Dataset taxonomy</h2>' in html

    matrix = _table(page, "gcn, inductive (epochs=default): log2(AUROC")
    by_dataset = {row[0]: row for row in matrix}
    assert set(by_dataset) == {d for d, _ in AUROC}
    for dataset, row in by_dataset.items():
        base = [AUROC[dataset, r]["none"] for (d, r) in AUROC if d == dataset
                and "none" in AUROC[dataset, r]]
        assert row[2] == f"{sum(base) / len(base):.3f}"
        assert row[3:] == [f"{expected_log2(dataset, p):+.3f}" for p in sorted(PERTS)]
    assert by_dataset["edge-a"][3:] != by_dataset["edge-b"][3:]

    clusters = _table(page, "gcn, inductive (epochs=default): clusters")
    assert {frozenset(row[1].split(", ")) for row in clusters} == GROUPS
    assert [row[0] for row in clusters] == ["1", "2", "3"]
    for row in clusters:  # the matrix names the same cluster for each member
        assert {by_dataset[d][1] for d in row[1].split(", ")} == {row[0]}
        assert row[2] == str(len(row[1].split(", ")))
    assert [row[0] for row in matrix] == [d for row in clusters for d in row[1].split(", ")]

    # grids trained otherwise stay apart, named by what differs
    other = _table(page, "gcn, inductive (epochs=50): log2(AUROC")
    assert {row[0]: row[3] for row in other} == {"calm-a": "-1.000", "edge-a": "+0.000"}
    node = _table(page, "gcn, transductive: log2(AUROC")
    assert node == [["webkb:cornell", "–", "0.900", "-1.000"]]
    assert "gcn, transductive: clustering needs at least two datasets" in html

    assert NASTY not in html
    assert "&lt;img src=x onerror=1&gt;" in html
    assert not [attrs for tag, attrs in page.tags if "onerror" in attrs]
    figures = [attrs["alt"] for tag, attrs in page.tags if tag == "img"]
    label = "gcn, inductive (epochs=default)"
    assert f"{label}: AUROC perturbed / original (%), clustered" in figures
    assert f"{label}: PCA of the profiles, coloured by cluster" in figures


def test_figures_export_writes_taxonomy_files(store_path, tmp_path):
    folder = tmp_path / "fig"
    result = CliRunner().invoke(app, ["report", "--store", str(store_path), "--figures",
                                      str(folder)])
    assert result.exit_code == 0, result.output
    stem = "taxonomy_gcn_inductive_epochs_default"
    for name in ("heatmap", "pca"):
        assert (folder / f"{stem}_{name}.png").read_bytes()[:4] == b"\x89PNG"
        svg = (folder / f"{stem}_{name}.svg").read_text(encoding="utf-8")
        assert "&lt;img src=x onerror=1&gt;" in svg and NASTY not in svg
    csv_text = (folder / f"{stem}_clusters.csv").read_text(encoding="utf-8")
    assert "edge-a, edge-b" in csv_text
    tex = (folder / f"{stem}_matrix.tex").read_text(encoding="utf-8")
    assert f"{expected_log2('edge-a', 'NoEdges'):+.3f}" in tex


def test_section_needs_no_torch(store_path, monkeypatch):
    for name in ("torch", "torch_geometric"):
        monkeypatch.setitem(sys.modules, name, None)  # any import of them now fails
    with Store(store_path) as store:
        sections = build_sections(load_context(store, None))
    assert [s.id for s in sections] == ["runs", "taxonomy"]


def test_store_without_cells_gets_no_section_and_no_table(tmp_path):
    path = tmp_path / "plain.db"
    Store(path).close()
    with Store(path) as store:
        assert [s.id for s in build_sections(load_context(store, None))] == ["runs"]
    tables = sqlite3.connect(path).execute("SELECT name FROM sqlite_master").fetchall()
    assert ("taxonomy_cells",) not in tables
