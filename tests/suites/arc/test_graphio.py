"""arc's fast graph plumbing agrees with networkx's generic paths: node-link output,
copies, repaints that share edges, array-built graphs, the component joiner, the digest."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from graphgauge.graphs.families import ensure_connected
from graphgauge.graphs.nodelink import from_node_link, to_node_link
from graphgauge.suites.arc import graphio
from graphgauge.suites.arc.families import FAMILIES, _connect, gnp_edges
from graphgauge.suites.arc.properties import holds
from graphgauge.suites.arc.rules import RULES


def _graphs():
    rng = np.random.default_rng(4)
    for family in FAMILIES.values():
        for n in (5, 12, 40):
            yield family.sample(rng, n)


def test_node_link_equals_the_generic_writer_for_inputs_and_rule_outputs():
    rng = np.random.default_rng(1)
    for graph in _graphs():
        assert graphio.node_link(graph) == to_node_link(graph)
        for rule in (RULES["mergeAtBlue"], RULES["colorNeighbors"], RULES["removeDegree1"],
                     RULES["addHub"]):
            prepared = rule.prepared(graph, rng)
            if prepared is None or any(not holds(p, prepared) for p in rule.requires):
                continue
            shown = graphio.node_link(prepared)
            out = rule(prepared)
            assert graphio.node_link(out, like=(prepared, shown)) == to_node_link(out)


def test_from_pairs_keeps_networkx_invariants():
    graph = graphio.from_pairs({2: "blue", 0: "grey", 1: "red"}, [0, 1, 2], [1, 0, 1])
    assert {tuple(sorted(e)) for e in graph.edges} == {(0, 1), (1, 2)}
    assert graph.number_of_edges() == 2
    assert graph[0][1] is graph[1][0]  # one data dict per edge, as networkx keeps it
    graph[0][1]["w"] = 3
    assert graph.edges[1, 0]["w"] == 3
    graph.add_edge(0, 2)
    assert nx.shortest_path_length(graph, 0, 2) == 1 and graph.nodes[2]["color"] == "blue"


def test_copy_is_independent_and_repaint_shares_only_edges():
    graph = next(_graphs())
    copied = graphio.from_pairs(graphio.colours_of(graph), *graphio.edge_arrays(graph))
    assert to_node_link(copied) == to_node_link(graph)
    copied.remove_edge(*next(iter(copied.edges)))
    copied.nodes[0]["color"] = "red"
    assert graph.number_of_edges() == copied.number_of_edges() + 1
    assert graph.nodes[0]["color"] == "grey" and not graphio.shares_edges(graph, copied)
    painted = graphio.repaint(graph, {1: "blue"})
    assert graphio.shares_edges(graph, painted) and sorted(painted.edges) == sorted(graph.edges)
    assert painted.nodes[1]["color"] == "blue" and graph.nodes[1]["color"] == "grey"


def test_array_graphs_and_component_joining_match_networkx():
    rng = np.random.default_rng(0)
    lo, hi = np.array([3, 0, 1]), np.array([4, 2, 3])
    graph = graphio.from_arrays(5, lo, hi)
    assert sorted(graph.edges) == [(0, 2), (1, 3), (3, 4)] and sorted(graph) == list(range(5))
    for size in (4, 9, 30):
        edges = gnp_edges(rng, size, 0.1)
        seed = int(rng.integers(1 << 30))
        joined = _connect(size, edges, np.random.default_rng(seed))
        reference = nx.Graph(edges.tolist())
        reference.add_nodes_from(range(size))
        ensure_connected(reference, np.random.default_rng(seed))
        assert {tuple(sorted(e)) for e in joined.tolist()} == {
            tuple(sorted(e)) for e in reference.edges}


def test_digest_tracks_edges_and_colours_only():
    graph = next(_graphs())
    base = {"G": graphio.node_link(graph)}
    again = {"G": to_node_link(from_node_link(base["G"]))}
    assert graphio.digest(base) == graphio.digest(again)
    moved = graph.copy()
    u, v = next(iter(moved.edges))
    moved.remove_edge(u, v)
    moved.add_edge(u, next(w for w in moved if w != u and not moved.has_edge(u, w)))
    painted = graphio.repaint(graph, {0: "blue"})
    digests = {graphio.digest(g) for g in (
        base, {"G": to_node_link(moved)}, {"G": to_node_link(painted)},
        {"H": base["G"]})}
    assert len(digests) == 4


@pytest.mark.parametrize("family", ["erdos_renyi", "bipartite", "two_components"])
def test_dense_families_at_1000_nodes_are_built_from_arrays(family):
    graph = FAMILIES[family].sample(np.random.default_rng(2), 1000)
    assert sorted(graph) == list(range(1000)) and graph.number_of_edges() > 50_000
    assert all(graph[u][v] is graph[v][u] for u, v in list(graph.edges)[:1000])
