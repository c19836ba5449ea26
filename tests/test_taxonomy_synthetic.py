"""Synthetic datasets: labels from an independent path-length computation, SBM structure."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

pytest.importorskip("torch_geometric")

from graphgauge.datasets import synthetic  # noqa: E402
from graphgauge.errors import UserError  # noqa: E402


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
