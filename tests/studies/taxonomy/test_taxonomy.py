"""Taxonomy: AUROC as GTaxoGym computed it, Ward clustering on matrices with known
structure, placement, profiles, the resumable grid, the GCN FullyConn shortcut, the CLI."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

pytest.importorskip("torch_geometric")

from graphgauge.datasets.loader import data_root
from graphgauge.studies.taxonomy import taxonomy as tx  # noqa: E402
from graphgauge.studies.taxonomy.profiles import from_cells, published  # noqa: E402
from graphgauge.studies.taxonomy.train_metrics import auroc, binary_auroc, riemann_auroc  # noqa: E402
from tests.support.data import needs_shared_data

RESULTS = data_root() / "gtaxogym_results"


# ---------------------------------------------------------------- AUROC

def pairwise_auc(y, s, ties=0.5):
    """Brute force over all (positive, negative) pairs."""
    pos, neg = s[y == 1], s[y == 0]
    wins = sum((p > n) + ties * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def test_binary_auroc_matches_sklearn_and_pairs():
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 80)
    s = np.round(rng.normal(size=80) + y, 1)  # with ties
    assert binary_auroc(y, s) == pytest.approx(roc_auc_score(y, s))
    assert binary_auroc(y, s) == pytest.approx(pairwise_auc(y, s))
    assert math.isnan(binary_auroc(np.ones(5), np.arange(5.0)))


def test_riemann_auroc_without_ties_is_the_pair_fraction():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 60)
    s = rng.normal(size=60) + y
    assert riemann_auroc(y, s) == pytest.approx(pairwise_auc(y, s))


def test_multiclass_auroc_is_unweighted_mean_over_present_classes():
    rng = np.random.default_rng(2)
    y = rng.choice([0, 1, 3], size=90)  # class 2 absent from this split
    logits = rng.normal(size=(90, 4)) + np.eye(4)[y]
    lsm = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    want = np.mean([pairwise_auc((y == c).astype(int), lsm[:, c]) for c in (0, 1, 3)])
    assert auroc(y, logits) == pytest.approx(want)


# ---------------------------------------------------------------- clustering

def known_matrix():
    """Three well separated groups of profiles (4, 3, 3 datasets) + small noise."""
    rng = np.random.default_rng(3)
    centres = np.array([[0, 0, 0, 0, -1.0], [-1.0, -1.0, 0, 0, 0], [0, 0, 0.6, -0.8, 0]])
    groups = [0, 1, 2, 0, 1, 2, 0, 0, 1, 2]
    return rng.normal(scale=0.05, size=(10, 5)) + centres[groups], groups


def test_ward_recovers_known_groups_with_contiguous_leaves():
    m, groups = known_matrix()
    t = tx.build([f"d{i}" for i in range(10)], list("abcde"), m, k=3)
    found = {frozenset(np.flatnonzero(t.clusters == c)) for c in (1, 2, 3)}
    want = {frozenset(i for i, g in enumerate(groups) if g == k) for k in range(3)}
    assert found == want
    ordered = [t.clusters[i] for i in t.order]  # clusters numbered in leaf order: 1..1 2..2 3..3
    assert ordered == sorted(ordered)


def test_nonfinite_columns_are_zeroed_for_clustering_and_dropped_for_pca():
    m, groups = known_matrix()
    m = np.column_stack([m, np.full(10, np.nan)])
    m[0, -1] = np.nan
    assert np.all(tx.clustering_matrix(m)[:, -1] == 0)
    coords, explained = tx.pca(m)
    assert coords.shape[0] == 10 and explained.sum() <= 1 + 1e-9


def test_pca_matches_sklearn():
    from sklearn.decomposition import PCA

    m, _ = known_matrix()
    coords, explained = tx.pca(m, 3)
    ref = PCA(n_components=3).fit(m)
    np.testing.assert_allclose(explained, ref.explained_variance_ratio_, rtol=1e-6)
    np.testing.assert_allclose(np.abs(coords), np.abs(ref.transform(m)), atol=1e-8)


def test_place_puts_a_copy_of_a_row_in_its_cluster():
    m, groups = known_matrix()
    t = tx.build([f"d{i}" for i in range(10)], list("abcde"), m, k=3)
    p = tx.place(t, "new", m[4] + 0.01)
    assert p.cluster == t.clusters[4]
    assert p.nearest[0][0] == "d4"
    assert set(p.joint_cluster_mates) == {f"d{i}" for i, g in enumerate(groups) if g == groups[4]}


@needs_shared_data("gtaxogym_results")
def test_published_gcn_matrix_gives_the_papers_four_cut():
    p = published("gcn", root=RESULTS)
    t = tx.build(p.datasets, p.perturbations, np.array(p.log2_matrix()), k=4)
    by = dict(zip(t.datasets, t.clusters, strict=True))
    small = {d for d in t.datasets if by[d] == by["CLUSTER"]}
    assert small == {"CLUSTER", "SYNTHETICnew"}  # the 2-dataset branch the notebook folds into I-3
    assert by["MUTAG"] == by["PROTEINS"] != by["IMDB-BINARY"]
    assert p.ratio("ENZYMES", "NoNodeFtrs") == pytest.approx(0.57822, abs=1e-4)


def test_profiles_pair_runs_with_the_baseline():
    cells = [{"dataset": "A", "perturbation": "none", "run": r, "test_auroc": v}
             for r, v in [(0, 0.8), (1, 0.6)]]
    cells += [{"dataset": "A", "perturbation": "NoEdges", "run": 0, "test_auroc": 0.4},
              {"dataset": "A", "perturbation": "NoEdges", "run": 5, "test_auroc": 0.9}]
    prof = from_cells(cells)
    assert prof.auroc[("A", "none")] == pytest.approx(0.7)
    assert prof.runs[("A", "NoEdges")] == 1 and prof.auroc[("A", "NoEdges")] == 0.4
    assert prof.log2_matrix() == [[pytest.approx(math.log2(0.4 / 0.7))]]


# ---------------------------------------------------------------- grid, model, CLI

def write_tu(root: Path, name: str = "TOYCYC", per_class: int = 12) -> Path:
    """Cycles (label 0) vs paths (label 1) of 6-11 nodes, in the TUDataset text format."""
    rng = np.random.default_rng(0)
    graphs = [(nx.cycle_graph(int(rng.integers(6, 12))), 0) for _ in range(per_class)]
    graphs += [(nx.path_graph(int(rng.integers(6, 12))), 1) for _ in range(per_class)]
    a, ind, lab, offset = [], [], [], 0
    for gi, (g, y) in enumerate(graphs, 1):
        for u, v in g.edges():
            a += [f"{u + offset + 1}, {v + offset + 1}", f"{v + offset + 1}, {u + offset + 1}"]
        ind += [str(gi)] * g.number_of_nodes()
        lab.append(str(y))
        offset += g.number_of_nodes()
    folder = root / name
    folder.mkdir(parents=True)
    for key, rows in (("A", a), ("graph_indicator", ind), ("graph_labels", lab)):
        (folder / f"{name}_{key}.txt").write_text("\n".join(rows) + "\n")
    return folder


def test_gcn_global_mix_equals_gcn_on_the_complete_graph():
    import torch
    from torch_geometric.data import Batch, Data

    from graphgauge.perturb.structure import FullyConn, NoEdges
    from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model

    torch.manual_seed(0)
    graphs = [Data(x=torch.randn(n, 3), edge_index=torch.tensor([[0, 1], [1, 0]]), num_nodes=n)
              for n in (4, 7, 5)]
    full = build_model(ModelConfig(), 3, 2)
    mix = build_model(ModelConfig(global_mix=True), 3, 2)
    mix.load_state_dict(full.state_dict())
    full.eval()
    mix.eval()
    a = full(Batch.from_data_list([FullyConn()(g) for g in graphs]))
    b = mix(Batch.from_data_list([NoEdges()(g) for g in graphs]))
    torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)


def cycles_vs_stars(per_class: int = 40):
    """Featureless graphs (constant 1) whose label is their shape: only structure tells."""
    import torch
    from torch_geometric.data import Data
    from torch_geometric.utils import from_networkx

    rng = np.random.default_rng(1)
    graphs = []
    for label, make in ((0, nx.cycle_graph), (1, nx.star_graph)):
        for _ in range(per_class):
            g = from_networkx(make(int(rng.integers(6, 14))))
            graphs.append(Data(x=torch.ones(g.num_nodes, 1), edge_index=g.edge_index,
                               y=torch.tensor([label]), num_nodes=g.num_nodes))
    return graphs


def test_constant_features_are_detected():
    import torch
    from torch_geometric.data import Data

    from graphgauge.studies.taxonomy.train_inductive import constant_features

    graphs = cycles_vs_stars(3)
    assert constant_features(graphs)
    graphs[4] = Data(x=torch.full((3, 1), 2.0), edge_index=graphs[4].edge_index[:, :0])
    assert not constant_features(graphs)


def test_constant_input_pre_layer_is_the_same_vector_in_training_and_evaluation():
    import torch
    from torch_geometric.data import Batch

    from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model

    torch.manual_seed(0)
    model = build_model(ModelConfig(constant_input=True), 1, 1)
    assert not isinstance(model.pre_norm, torch.nn.BatchNorm1d)
    batch = Batch.from_data_list(cycles_vs_stars(5))
    rows = []
    for mode in (True, False):
        model.train(mode)
        with torch.no_grad():
            h = torch.nn.functional.normalize(torch.relu(model.pre_norm(model.pre(batch.x))))
        assert torch.allclose(h, h[:1].expand_as(h)) and float(h[0].norm()) == pytest.approx(1)
        rows.append(h[0])
    torch.testing.assert_close(rows[0], rows[1])


def test_training_switches_to_the_constant_input_pre_layer_by_itself(monkeypatch):
    from graphgauge.studies.taxonomy import train_inductive as ti
    from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model

    seen = []
    monkeypatch.setattr(ti, "build_model", lambda cfg, *a: seen.append(cfg) or build_model(cfg, *a))
    graphs = cycles_vs_stars(10)
    split = ti.stratified_folds(np.array([int(g.y) for g in graphs]), 5)[0]
    ti.train_graph_classifier(graphs, 2, split, ModelConfig(), ti.TrainConfig(epochs=1))
    graphs[0].x = graphs[0].x * 2
    ti.train_graph_classifier(graphs, 2, split, ModelConfig(), ti.TrainConfig(epochs=1))
    assert [cfg.constant_input for cfg in seen] == [True, False]


def test_grid_stores_cells_and_resumes(tmp_path):
    from graphgauge.studies.taxonomy.grid import GridSpec, run_grid

    folder = write_tu(tmp_path)
    spec = GridSpec(datasets=(str(folder),), perturbations=("none", "NoEdges"), runs=2,
                    epochs=2, cache_dir=str(tmp_path / "cache"))
    store = tmp_path / "t.db"
    seen: list = []
    cells = run_grid(spec, store, workers=1, on_cell=lambda k, r: seen.append(k))
    assert len(seen) == 4 and len(cells) == 4
    assert all(0.0 <= c["test_auroc"] <= 1.0 for c in cells)
    seen.clear()
    assert len(run_grid(spec, store, workers=1, on_cell=lambda k, r: seen.append(k))) == 4
    assert seen == []  # everything resumed from the store
    with sqlite3.connect(store) as conn:
        conn.execute("DELETE FROM taxonomy_cells WHERE perturbation = 'NoEdges' AND run = 1")
    run_grid(spec, store, workers=1, on_cell=lambda k, r: seen.append(k))
    assert [(k.perturbation, k.run) for k in seen] == [("NoEdges", 1)]
    seen.clear()
    more = GridSpec(**{**spec.__dict__, "runs": 3})  # extending the runs reuses the first two
    assert len(run_grid(more, store, workers=1, on_cell=lambda k, r: seen.append(k))) == 6
    assert sorted((k.perturbation, k.run) for k in seen) == [("NoEdges", 2), ("none", 2)]
    seen.clear()
    longer = GridSpec(**{**spec.__dict__, "epochs": 3})  # other config -> fresh cells
    run_grid(longer, store, workers=1, on_cell=lambda k, r: seen.append(k))
    assert len(seen) == 4


def test_cli_tiny_grid_writes_matrix_clusters_and_plots(tmp_path):
    from typer.testing import CliRunner

    from graphgauge.cli import app
    from graphgauge.errors import UserError

    a, b = write_tu(tmp_path, "TOYA", 30), write_tu(tmp_path, "TOYB", per_class=25)
    out = tmp_path / "out"
    args = ["taxonomy", "run", "--datasets", f"{a},{b}", "--perturbations", "NoEdges,NoNodeFtrs",
            "--runs", "1", "--epochs", "2", "--workers", "1", "--store", str(tmp_path / "s.db"),
            "--out", str(out), "--clusters", "2", "-q"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    rows = (out / "matrix_log2.csv").read_text().splitlines()
    assert rows[0] == "dataset,NoEdges,NoNodeFtrs" and len(rows) == 3
    for f in ("matrix_ratio.csv", "auroc.csv", "clusters.csv", "heatmap.png", "pca.png"):
        assert (out / f).stat().st_size > 0
    assert "Taxonomy" in res.output
    bad = CliRunner().invoke(app, args[:1] + ["--datasets", str(a), "--model", "gat"])
    assert isinstance(bad.exception, UserError)
    bad = CliRunner().invoke(app, args[:1] + ["--datasets", str(a), "-p", "Nope"])
    assert isinstance(bad.exception, UserError)  # the old form: -p was --perturbations
    bad = CliRunner().invoke(app, ["taxonomy", "run", "--datasets", str(a), "-P", "Nope"])
    assert isinstance(bad.exception, UserError)


def test_train_seed_reaches_every_fold_and_keys_its_own_cells(tmp_path, monkeypatch):
    from graphgauge.studies.taxonomy import grid as tg
    from graphgauge.studies.taxonomy import train_inductive as ti

    seeds = []
    real = ti.train_graph_classifier
    monkeypatch.setattr(ti, "train_graph_classifier",
                        lambda *a: seeds.append(a[-1].seed) or real(*a))
    folder = write_tu(tmp_path)
    spec = tg.GridSpec(datasets=(str(folder),), perturbations=("none",), runs=1, epochs=1)
    reseeded = tg.GridSpec(**{**spec.__dict__, "extra": {"train_seed": 7}})
    assert tg.plan(spec)[0].config_hash != tg.plan(reseeded)[0].config_hash
    tg.run_grid(spec, tmp_path / "t.db", workers=1)
    tg.run_grid(reseeded, tmp_path / "t.db", workers=1)
    assert seeds == [0, 7]


@pytest.mark.skipif(not RESULTS.is_dir(), reason="published results not present")
def test_published_fiedler_column_is_the_adjacency_variant():
    # The paper's FiedlerFrag numbers came from the original's adjacency-eigenvector split.
    p = published("gcn", root=RESULTS)
    assert "FiedlerFrag-quirk" in p.perturbations and "FiedlerFrag" not in p.perturbations
    assert math.isfinite(p.ratio("MUTAG", "FiedlerFrag-quirk"))


def test_placing_against_the_published_matrix_compares_like_with_like():
    from graphgauge.errors import UserError
    from graphgauge.perturb.catalog import GRAPH_COLUMNS, expand

    like = expand("all", "inductive", published=True)
    assert "FiedlerFrag-quirk" in like and "FiedlerFrag" not in like
    assert len(like) == len(GRAPH_COLUMNS)
    assert expand("all", "inductive") == list(GRAPH_COLUMNS)  # own grids keep the Laplacian
    with pytest.raises(UserError, match="use FiedlerFrag-quirk"):
        expand("NoEdges,FiedlerFrag", "inductive", published=True)
    with pytest.raises(UserError, match="LowPass-cheb"):
        expand("LowPass-cheb", "inductive", published=True)
