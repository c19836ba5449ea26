"""Graph families: sizes, kinds and attributes as documented; node-link round trip."""

import json

import networkx as nx
import numpy as np
import pytest

from graphgauge.errors import UserError
from graphgauge.graphs import FAMILIES, UNDIRECTED, from_node_link, make_graph, to_node_link


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("n", [2, 7, 30])
def test_family_has_n_nodes_with_ids_0_to_n_minus_1(family, n):
    rng = np.random.default_rng(n)
    graph = make_graph(family, rng, n)
    assert sorted(graph.nodes) == list(range(n))
    assert graph.is_directed() == (family not in UNDIRECTED)
    assert nx.number_of_selfloops(graph) == 0


def test_family_shapes():
    rng = np.random.default_rng(0)
    tree = make_graph("random_tree", rng, 20)
    assert nx.is_tree(tree)
    star = make_graph("star", rng, 9)
    assert sorted(d for _, d in star.degree) == [1] * 8 + [8]
    assert nx.is_bipartite(make_graph("bipartite", rng, 15))
    assert nx.is_directed_acyclic_graph(make_graph("random_dag", rng, 15))
    tournament = make_graph("tournament", rng, 8)
    assert tournament.number_of_edges() == 8 * 7 // 2
    assert all(tournament.has_edge(u, v) != tournament.has_edge(v, u)
               for u in range(8) for v in range(u + 1, 8))
    assert nx.number_connected_components(make_graph("multi_component", rng, 20, parts=3)) == 3
    grid = make_graph("grid", rng, 12, shuffle=False)
    assert grid.number_of_edges() == 17  # 3 x 4 grid
    cycle = make_graph("cycle", rng, 10)
    assert all(d == 2 for _, d in cycle.degree)


def test_flow_network_source_reaches_sink_and_capacities_are_positive():
    for seed in range(20):
        graph = make_graph("flow_network", np.random.default_rng(seed), 12)
        source, sink = graph.graph["source"], graph.graph["sink"]
        assert nx.has_path(graph, source, sink)
        assert all(d["capacity"] >= 1 for _, _, d in graph.edges(data=True))


def test_weighted_and_connected_options():
    rng = np.random.default_rng(3)
    graph = make_graph("erdos_renyi", rng, 25, p=0.02, weighted=True, connected=True)
    assert nx.is_connected(graph)
    assert all(1 <= d["weight"] <= 10 for _, _, d in graph.edges(data=True))


def test_same_seed_same_graph():
    a = make_graph("watts_strogatz", np.random.default_rng(11), 20, weighted=True)
    b = make_graph("watts_strogatz", np.random.default_rng(11), 20, weighted=True)
    assert to_node_link(a) == to_node_link(b)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_node_link_round_trip(family):
    rng = np.random.default_rng(5)
    graph = make_graph(family, rng, 14, weighted=family in UNDIRECTED)
    data = json.loads(json.dumps(to_node_link(graph)))
    back = from_node_link(data)
    assert back.is_directed() == graph.is_directed()
    assert sorted(back.nodes) == sorted(graph.nodes)
    assert sorted(back.edges(data=True)) == sorted(graph.edges(data=True))
    assert back.graph == graph.graph


def test_unknown_family_and_bad_size_are_user_errors():
    with pytest.raises(UserError, match="unknown graph family"):
        make_graph("nope", np.random.default_rng(0), 5)
    with pytest.raises(UserError, match="at least 1"):
        make_graph("path", np.random.default_rng(0), 0)
    with pytest.raises(UserError, match="malformed"):
        from_node_link({"nodes": [{"id": 0}]})
