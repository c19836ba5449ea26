"""Every arc rule on small hand-built graphs with hand-checked outputs; the matcher;
the families' property promises."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.match import isomorphic, same_graph, same_labelled
from graphgauge.suites.arc.properties import Tri, holds
from graphgauge.suites.arc.rules import RULES


def make(n, edges, **colours):
    """Graph on 0..n-1; keyword ``blue=[1, 2]`` paints nodes."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n), color="grey")
    graph.add_edges_from(edges)
    for colour, nodes in colours.items():
        for v in nodes:
            graph.nodes[v]["color"] = colour
    return graph


def painted(graph):
    """colour -> sorted nodes, grey left out."""
    out = {}
    for v, c in sorted(graph.nodes(data="color")):
        if c != "grey":
            out.setdefault(c, []).append(v)
    return out


def edges(graph):
    return sorted(tuple(sorted(e)) for e in graph.edges)


# A path 0-1-2-3-4 with a pendant 5 on node 2 and a triangle 2-6-7:
#   degrees: 0:1 1:2 2:4 3:2 4:1 5:1 6:2 7:2
SPIDER = [(0, 1), (1, 2), (2, 3), (3, 4), (2, 5), (2, 6), (6, 7), (2, 7)]


def test_there_are_at_least_21_rules_split_colour_and_structural():
    kinds = [rule.kind for rule in RULES.values()]
    assert len(RULES) >= 21 and {"colour", "structural"} == set(kinds)
    for rule in RULES.values():
        assert rule.keeps_ids or rule.kind == "structural"


@pytest.mark.parametrize(("k", "expected"), [(1, [0, 4, 5]), (2, [1, 3, 6, 7]), (3, [8])])
def test_color_degree(k, expected):
    graph = make(9, [*SPIDER, (8, 0), (8, 4), (8, 5)]) if k == 3 else make(8, SPIDER)
    assert painted(RULES[f"colorDegree{k}"](graph)) == {"blue": expected}


def test_color_neighbors_and_distance2():
    graph = make(8, SPIDER, orange=[1])
    assert painted(RULES["colorNeighbors"](graph)) == {"blue": [0, 2], "orange": [1]}
    assert painted(RULES["colorDistance2"](graph)) == {"blue": [3, 5, 6, 7], "orange": [1]}


def test_color_path_on_a_tree():
    tree = make(7, [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (5, 6)], blue=[3, 6])
    assert painted(RULES["colorPath"](tree)) == {"blue": [1, 2, 3, 4, 5, 6]}


def test_color_components():
    graph = make(7, [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6)], blue=[2])
    assert painted(RULES["colorComponents"](graph)) == {"blue": [0, 1, 2, 3]}


def test_color_equidistant():
    cycle = make(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)], blue=[0, 2])
    # d(.,0) = 0 1 2 3 2 1 ; d(.,2) = 2 1 0 1 2 3 -> equal at 1 and 4
    assert painted(RULES["colorEquidistant"](cycle)) == {"blue": [0, 2], "red": [1, 4]}


def test_bipartition_completion():
    graph = make(6, [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (4, 5)], blue=[1])
    assert painted(RULES["bipartitionCompletion"](graph)) == {"blue": [1, 3, 5],
                                                              "red": [0, 2, 4]}


def test_color_max_degree_and_triangles():
    graph = make(8, SPIDER)
    assert painted(RULES["colorMaxDegree"](graph)) == {"red": [2]}
    assert painted(RULES["colorTriangles"](graph)) == {"green": [2, 6, 7]}


def test_color_common_ancestor():
    #        0 (root)
    #      /   \
    #     1     2
    #    / \     \
    #   3   4     5
    #  /
    # 6
    tree = make(7, [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (3, 6)], orange=[0], blue=[6, 4])
    assert painted(RULES["colorCommonAncestor"](tree)) == {"blue": [4, 6], "orange": [0],
                                                          "red": [1]}
    tree = make(7, [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (3, 6)], orange=[0], blue=[6, 5])
    assert painted(RULES["colorCommonAncestor"](tree))["red"] == [0]


def test_remove_degree_renumbers_the_survivors():
    out = RULES["removeDegree1"](make(8, SPIDER, blue=[3]))
    # 0, 4, 5 go; 1 2 3 6 7 become 0 1 2 3 4
    assert sorted(out) == [0, 1, 2, 3, 4]
    assert edges(out) == [(0, 1), (1, 2), (1, 3), (1, 4), (3, 4)]
    assert painted(out) == {"blue": [2]}
    out = RULES["removeDegree2"](make(8, SPIDER))
    assert sorted(out) == [0, 1, 2, 3] and edges(out) == [(1, 3)]  # 0 2 4 5 survive


def test_blue_subgraph():
    out = RULES["blueSubgraph"](make(8, SPIDER, blue=[2, 6, 7, 0]))
    assert sorted(out) == [0, 1, 2, 3]  # 0 2 6 7
    assert edges(out) == [(1, 2), (1, 3), (2, 3)]
    assert painted(out) == {"blue": [0, 1, 2, 3]}


def test_merge_at_blue():
    graph = make(5, [(0, 1), (1, 2), (3, 4), (2, 3)], blue=[0, 3])
    out = RULES["mergeAtBlue"](graph)
    # 0 and 3 become one node (id 0) joined to 1, 2, 4; then 1 2 4 -> 1 2 3
    assert sorted(out) == [0, 1, 2, 3]
    assert edges(out) == [(0, 1), (0, 2), (0, 3), (1, 2)]
    assert painted(out) == {"blue": [0]}


def test_add_hub():
    out = RULES["addHub"](make(3, [(0, 1)]))
    assert edges(out) == [(0, 1), (0, 3), (1, 3), (2, 3)]
    assert painted(out) == {"blue": [3]}


def test_remove_mixed_edges():
    graph = make(4, [(0, 1), (1, 2), (2, 3), (3, 0)], blue=[0, 1], red=[2, 3])
    assert edges(RULES["removeMixedEdges"](graph)) == [(0, 1), (2, 3)]


def test_complete_blue_clique():
    graph = make(5, [(0, 1), (1, 2), (3, 4)], blue=[0, 2, 4])
    assert edges(RULES["completeBlueClique"](graph)) == [(0, 1), (0, 2), (0, 4), (1, 2),
                                                       (2, 4), (3, 4)]


def test_isolate_orange():
    out = RULES["isolateOrange"](make(8, SPIDER, orange=[2]))
    assert edges(out) == [(0, 1), (3, 4), (6, 7)] and out.number_of_nodes() == 8


def test_rules_never_change_their_input():
    graph = make(8, SPIDER, blue=[0, 4], orange=[2])
    before = (edges(graph), painted(graph))
    for name in ("colorPath", "colorNeighbors", "isolateOrange", "mergeAtBlue", "addHub"):
        RULES[name](graph)
    assert (edges(graph), painted(graph)) == before


# --- matching --------------------------------------------------------------------------


def _brute_isomorphic(a, b):
    if sorted(a) != sorted(b) and len(a) != len(b):
        return False
    nodes_a, nodes_b = sorted(a), sorted(b)
    ea = {frozenset(e) for e in a.edges}
    for perm in itertools.permutations(nodes_b):
        m = dict(zip(nodes_a, perm, strict=True))
        if all(a.nodes[v]["color"] == b.nodes[m[v]]["color"] for v in nodes_a) and \
                {frozenset((m[u], m[v])) for u, v in ea} == {frozenset(e) for e in b.edges}:
            return True
    return False


def test_isomorphism_agrees_with_brute_force_on_small_random_graphs():
    rng = np.random.default_rng(5)

    def rand(n):
        g = make(n, [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.4])
        for v in g:
            g.nodes[v]["color"] = ["grey", "blue"][int(rng.random() < 0.3)]
        return g

    agree = 0
    for _ in range(300):
        n = int(rng.integers(2, 7))
        a = rand(n)
        b = nx.relabel_nodes(a, dict(enumerate(rng.permutation(n).tolist()))) \
            if rng.random() < 0.5 else rand(n)
        truth = _brute_isomorphic(a, b)
        assert isomorphic(a, b) == truth == isomorphic(a, b, budget=0)  # 0: VF2 fallback
        agree += isomorphic(a, b)
    assert agree > 100  # both outcomes were exercised


def test_isomorphism_needs_colours_and_symmetric_graphs_fall_back_correctly():
    a = make(6, [(i, (i + 1) % 6) for i in range(6)], blue=[0, 3])
    b = make(6, [(i, (i + 1) % 6) for i in range(6)], blue=[0, 2])
    assert not isomorphic(a, b)  # opposite vs distance-2 blue pair on a 6-cycle
    c = make(6, [(i, (i + 1) % 6) for i in range(6)], blue=[1, 4])
    assert isomorphic(a, c)
    two_triangles = make(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)])
    hexagon = make(6, [(i, (i + 1) % 6) for i in range(6)])
    assert not isomorphic(two_triangles, hexagon)  # colour refinement alone cannot tell
    petersen = nx.petersen_graph()
    nx.set_node_attributes(petersen, "grey", "color")
    shuffled = nx.relabel_nodes(petersen, {v: (3 * v + 1) % 10 for v in petersen})
    assert isomorphic(petersen, shuffled)  # vertex-transitive: needs the search


def test_labelled_comparison_requires_ids():
    a, b = make(3, [(0, 1)], blue=[2]), make(3, [(1, 2)], blue=[0])
    assert isomorphic(a, b) and not same_labelled(a, b)
    assert same_graph(a, b, keep_ids=False) and not same_graph(a, b, keep_ids=True)


# --- families ---------------------------------------------------------------------------


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_promises_hold(family):
    fam = FAMILIES[family]
    rng = np.random.default_rng(3)
    for n in (5, 8, 15, 40):
        for _ in range(15):
            graph = fam.sample(rng, n)
            assert sorted(graph) == list(range(n))
            for prop, (promise, _) in fam.promises.items():
                if promise is not Tri.MAYBE:
                    assert holds(prop, graph) == (promise is Tri.TRUE), (family, prop, n)
    _check_false_from(fam, rng, lambda k: k < 100, draws=200)
    if family == "erdos_renyi":  # p = 0.3
        density = np.mean([nx.density(fam.sample(rng, 60)) for _ in range(20)])
        assert abs(density - 0.3) < 0.02
    if family == "two_components":
        assert nx.number_connected_components(fam.sample(rng, 30)) == 2
        sizes = {min(len(c) for c in nx.connected_components(fam.sample(rng, 5)))
                 for _ in range(40)}
        assert sizes == {1, 2}  # a single-node part lets 5 nodes hold a degree-3 node


def _check_false_from(fam, rng, sizes, draws):
    """"FALSE from k nodes" promises: under ~5% of draws at k nodes (checked as at most
    10% of a few draws, for sampling noise)."""
    for prop, (_, false_from) in fam.promises.items():
        if false_from is not None and sizes(false_from):
            assert fam.promise(prop, false_from - 1) is Tri.MAYBE
            assert fam.promise(prop, false_from) is Tri.FALSE
            hits = sum(holds(prop, fam.sample(rng, false_from)) for _ in range(draws))
            assert hits <= draws // 10, (fam.name, prop, false_from, hits)


@pytest.mark.slow
@pytest.mark.parametrize("family", ["bipartite", "two_components"])
def test_big_size_promises_hold(family):
    _check_false_from(FAMILIES[family], np.random.default_rng(8), lambda k: k >= 100, 30)


def test_every_family_declares_every_property():
    from graphgauge.suites.arc.properties import PROPERTIES

    for family in FAMILIES.values():
        assert set(family.promises) == set(PROPERTIES), family.name
