"""Colour-preserving isomorphism per connected component.

Components are paired by canonical hashes (sorted stable colour-refinement labels) and
each pair is checked exactly. Cases: forests of many small trees (the 1,000-node
``removeDegree2`` answer that took a minute through VF2), colours moved between look-alike
components, and components that colour refinement cannot tell apart (K3,3 and the
triangular prism are both 3-regular on six nodes).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from graphgauge.suites.arc import match
from graphgauge.suites.arc.match import isomorphic


def _coloured(graph: nx.Graph, colours: dict | None = None) -> nx.Graph:
    graph = nx.convert_node_labels_to_integers(graph)
    nx.set_node_attributes(graph, "grey", "color")
    for node, colour in (colours or {}).items():
        graph.nodes[node]["color"] = colour
    return graph


def _shuffled(graph: nx.Graph, seed: int) -> nx.Graph:
    perm = np.random.default_rng(seed).permutation(graph.number_of_nodes()).tolist()
    return nx.relabel_nodes(graph, dict(zip(sorted(graph), perm, strict=True)))


def _forest(seed: int, trees: int = 200) -> nx.Graph:
    rng = np.random.default_rng(seed)
    parts = [nx.random_labeled_tree(int(rng.integers(1, 8)), seed=int(rng.integers(10**6)))
             for _ in range(trees)]
    graph = _coloured(nx.disjoint_union_all(parts))
    for node in rng.choice(graph.number_of_nodes(), size=40, replace=False).tolist():
        graph.nodes[node]["color"] = "blue"
    return graph


@pytest.fixture
def no_vf2(monkeypatch):
    """Fail if the exact check ever falls back to networkx's VF2."""
    def refuse(*args, **kwargs):
        raise AssertionError("VF2 fallback used")
    monkeypatch.setattr(match.nx, "is_isomorphic", refuse)


def test_a_forest_of_200_trees_matches_without_vf2(no_vf2):
    forest = _forest(3)
    assert forest.number_of_nodes() > 600 and nx.number_connected_components(forest) == 200
    assert isomorphic(forest, _shuffled(forest, 1))


def test_a_forest_with_one_edge_moved_or_one_colour_moved_differs(no_vf2):
    forest = _forest(4)
    moved = _shuffled(forest, 2)
    u, v = next(iter(moved.edges))
    moved.remove_edge(u, v)
    w = next(x for x in moved if x not in (u, v) and not nx.has_path(moved, u, x))
    moved.add_edge(u, w)
    assert not isomorphic(forest, moved)
    repainted = forest.copy()
    blue = next(v for v, c in repainted.nodes(data="color") if c == "blue")
    grey = next(v for v, c in repainted.nodes(data="color") if c == "grey"
                and repainted.degree(v) != repainted.degree(blue))
    repainted.nodes[blue]["color"], repainted.nodes[grey]["color"] = "grey", "blue"
    assert not isomorphic(forest, repainted)


def test_colour_swapped_between_identical_components_is_the_same_graph():
    a = _coloured(nx.disjoint_union(nx.path_graph(3), nx.path_graph(3)), {0: "red"})
    b = _coloured(nx.disjoint_union(nx.path_graph(3), nx.path_graph(3)), {5: "red"})
    c = _coloured(nx.disjoint_union(nx.path_graph(3), nx.path_graph(3)), {1: "red"})
    assert isomorphic(a, b)  # an end of one path is red in both
    assert not isomorphic(a, c)  # the middle of a path is red in c


def test_components_that_hash_alike_but_differ():
    k33, prism = nx.complete_bipartite_graph(3, 3), nx.circular_ladder_graph(3)
    mixed = _coloured(nx.disjoint_union(k33, prism))
    twice = _coloured(nx.disjoint_union(prism, prism))
    assert not isomorphic(mixed, twice)  # every node has the same refined label
    assert isomorphic(mixed, _shuffled(_coloured(nx.disjoint_union(prism, k33)), 5))
    coloured = _coloured(nx.disjoint_union(k33, prism), {0: "blue", 6: "blue"})
    other = _coloured(nx.disjoint_union(k33, prism), {0: "blue", 1: "blue"})
    assert isomorphic(coloured, _shuffled(coloured, 6)) and not isomorphic(coloured, other)


def test_isolated_nodes_count_by_colour():
    a = _coloured(nx.empty_graph(4), {0: "blue"})
    b = _coloured(nx.empty_graph(4), {3: "blue"})
    c = _coloured(nx.empty_graph(4), {3: "red"})
    assert isomorphic(a, b) and not isomorphic(a, c)


def test_agrees_with_vf2_on_random_multi_component_graphs():
    rng = np.random.default_rng(8)
    verdicts = []
    for _ in range(150):
        parts = [nx.gnp_random_graph(int(rng.integers(1, 6)), 0.5, seed=int(rng.integers(10**6)))
                 for _ in range(int(rng.integers(1, 5)))]
        a = _coloured(nx.disjoint_union_all(parts))
        for node in a:
            a.nodes[node]["color"] = ["grey", "blue"][int(rng.random() < 0.3)]
        b = _shuffled(a, int(rng.integers(100)))
        if rng.random() < 0.5:  # perturb: move one edge or one colour
            if b.number_of_edges() and rng.random() < 0.5:
                u, v = next(iter(b.edges))
                b.remove_edge(u, v)
                free = [(x, y) for x in b for y in b if x < y and not b.has_edge(x, y)
                        and (x, y) != (min(u, v), max(u, v))]
                if free:
                    b.add_edge(*free[int(rng.integers(len(free)))])
                else:
                    b.add_edge(u, v)
            else:
                node = int(rng.integers(b.number_of_nodes()))
                b.nodes[node]["color"] = "red"
        truth = nx.is_isomorphic(a, b, node_match=lambda x, y: x["color"] == y["color"])
        assert isomorphic(a, b) == truth == isomorphic(a, b, budget=0)
        verdicts.append(truth)
    assert 30 < sum(verdicts) < 120
