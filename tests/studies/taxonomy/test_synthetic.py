"""Synthetic datasets: labels from an independent path-length computation, SBM structure."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

pytest.importorskip("torch_geometric")

from graphgauge.errors import UserError  # noqa: E402
from graphgauge.studies.taxonomy import synthetic  # noqa: E402


def to_nx(d) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(d.num_nodes))
    g.add_edges_from(d.edge_index.t().tolist())
    return g


@pytest.mark.parametrize("family", synthetic.FAMILIES)
def test_path_length_labels_and_features(family):
    ds = synthetic.graph_classification_dataset(family, num_graphs=24, nodes=20, seed=1)
    assert ds.num_classes == 2 and ds.num_features == 2
    lengths = []
    for d in ds.graphs:
        g = to_nx(d)
        dist = dict(nx.all_pairs_shortest_path_length(g))  # BFS, not networkx's average
        lengths.append(sum(sum(r.values()) for r in dist.values()) / (20 * 19))
        np.testing.assert_allclose(d.x[:, 0].numpy(),
                                   [nx.clustering(g, v) for v in range(20)], atol=1e-6)
        assert d.x[:, 1].sum() == pytest.approx(1.0, abs=1e-4)  # PageRank sums to one
    labels = ds.labels
    assert np.bincount(labels).tolist() == [12, 12]
    assert max(np.array(lengths)[labels == 0]) <= min(np.array(lengths)[labels == 1])
    again = synthetic.graph_classification_dataset(family, num_graphs=24, nodes=20, seed=1)
    assert all(bool((a.edge_index == b.edge_index).all())
               for a, b in zip(ds.graphs, again.graphs, strict=True))
    with pytest.raises(UserError):
        synthetic.graph_classification_dataset("lattice")


def test_sbm_pattern_and_cluster():
    pat = synthetic.sbm_pattern(num_graphs=3, seed=0)
    for d in pat:
        assert int(d.y.sum()) == 20 and d.y[-20:].eq(1).all()
        g = to_nx(d)
        inside = g.subgraph(range(d.num_nodes - 20, d.num_nodes)).number_of_edges() / (20 * 19 / 2)
        assert inside > 0.35  # planted pattern is denser than the inter-block rate q
    clu = synthetic.sbm_cluster(num_graphs=2, seed=0)
    for d in clu:
        revealed = d.x[:, 1:].sum(dim=0)
        assert revealed.tolist() == [1.0] * 6
        hot = d.x[:, 1:].argmax(dim=1)[d.x[:, 0] == 0]
        assert sorted(hot.tolist()) == sorted(d.y[d.x[:, 0] == 0].tolist())


# ---------------------------------------------------------------- inductive node tasks

def test_weighted_cross_entropy_weighs_classes_by_their_rarity():
    import torch

    from graphgauge.studies.taxonomy.train_inductive import weighted_cross_entropy

    logits = torch.tensor([[2.0, 0.1, -1.0], [0.3, 0.2, 0.9], [1.0, 1.5, 0.0], [0.0, 0.0, 3.0],
                           [0.5, -0.5, 0.2]])
    y = torch.tensor([0, 2, 0, 0, 2])  # class 1 absent
    logp = torch.log_softmax(logits, dim=1).numpy()
    weight = {0: (5 - 3) / 5, 2: (5 - 2) / 5}  # (V - n_c) / V
    expected = (-sum(weight[int(c)] * logp[i, int(c)] for i, c in enumerate(y))
                / sum(weight[int(c)] for c in y))
    assert float(weighted_cross_entropy(logits, y)) == pytest.approx(expected, rel=1e-6)


def test_fixed_split_is_80_10_10_in_order():
    from graphgauge.studies.taxonomy.train_inductive import fixed_split

    train, val, test = fixed_split(25)
    assert (len(train), len(val), len(test)) == (20, 2, 3)
    assert np.concatenate([train, val, test]).tolist() == list(range(25))


def test_node_level_sets_run_through_the_grid(tmp_path, monkeypatch):
    """PATTERN/CLUSTER-like sets: per-node targets and logits, seeds as runs, and the
    inductive perturbations (FullyConn as global mixing) on every graph."""
    from graphgauge.studies.taxonomy import data as td
    from graphgauge.studies.taxonomy import train_inductive as ti
    from graphgauge.studies.taxonomy.grid import GridSpec, dataset_setting, run_grid

    small = synthetic.sbm_cluster
    monkeypatch.setattr(synthetic, "sbm_cluster",
                        lambda: small(num_graphs=10, seed=3, communities=3, sizes=(4, 6)))
    seen = []
    real = ti.train_graph_classifier
    monkeypatch.setattr(ti, "train_graph_classifier",
                        lambda g, k, split, m, cfg: seen.append((k, split, m, cfg.seed))
                        or real(g, k, split, m, cfg))
    assert dataset_setting("synthetic:cluster") == "inductive"
    data = td.load_for_taxonomy("synthetic:cluster", "FullyConn", "gcn")
    assert data.node_level and data.global_mix and data.num_classes == 6
    spec = GridSpec(datasets=("synthetic:cluster",), perturbations=("none", "NoEdges"),
                    runs=2, epochs=2)
    cells = run_grid(spec, tmp_path / "t.db", workers=1)
    assert len(cells) == 4 and all(0.0 <= c["test_auroc"] <= 1.0 for c in cells)
    assert sorted(s[3] for s in seen) == [0, 0, 1, 1]  # run r trains with seed r
    for classes, split, mcfg, _ in seen:
        assert classes == 6 and not mcfg.graph_level
        assert [len(part) for part in split] == [8, 1, 1]
