"""The array-based rule implementations give exactly what plain networkx code gives.

Every rule whose transformation runs on edge arrays (and each of its alternatives) is
re-implemented here the obvious networkx way, and both are run on prepared random graphs
of every family and several sizes; outputs must have the same nodes, colours and edges.
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from graphgauge.graphs.nodelink import to_node_link
from graphgauge.suites.arc import graphio
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.properties import holds
from graphgauge.suites.arc.rules import RULES


def _colour(graph, v):
    return graph.nodes[v].get("color", "grey")


def _blue(graph):
    return [v for v in sorted(graph) if _colour(graph, v) == "blue"]


def _renumber(graph):
    return nx.relabel_nodes(graph, {v: i for i, v in enumerate(sorted(graph))})


def _without_nodes(graph, drop):
    out = graph.copy()
    out.remove_nodes_from(list(drop))
    return _renumber(out)


def _without_edges(graph, drop):
    out = graph.copy()
    out.remove_edges_from(list(drop))
    return out


def _with_edges(graph, add):
    out = graph.copy()
    out.add_edges_from(add)
    return out


def _merge(graph, common_only):
    a, b = _blue(graph)
    out = graph.copy()
    if common_only:
        out.remove_edges_from([(a, u) for u in graph[a] if u not in graph[b]])
    else:
        out.add_edges_from((a, u) for u in graph[b] if u != a)
    out.remove_node(b)
    return _renumber(out)


def _hub(graph):
    out = graph.copy()
    out.add_node(graph.number_of_nodes(), color="blue")
    out.add_edges_from((graph.number_of_nodes(), v) for v in list(graph))
    return out


def _join_blue(graph, within):
    return _with_edges(graph, [(a, b) for a, b in itertools.combinations(_blue(graph), 2)
                               if within is None or nx.has_path(graph, a, b)
                               and nx.shortest_path_length(graph, a, b) <= within])


def _paint(graph, nodes, colour):
    out = graph.copy()
    for v in nodes:
        out.nodes[v]["color"] = colour
    return out


def _degree_removal(k):
    return [lambda g: _without_nodes(g, [v for v in g if g.degree(v) == k]),
            lambda g: _without_nodes(g, [v for v in g if g.degree(v) >= k])]


def _mixed(g, u, v):
    return _colour(g, u) != _colour(g, v)


# rule -> [networkx version of the rule, of its first alternative, ...]
REFERENCE = {
    "removeDegree1": _degree_removal(1),
    "removeDegree2": _degree_removal(2),
    "removeDegree3": _degree_removal(3),
    "blueSubgraph": [lambda g: _without_nodes(g, [v for v in g if _colour(g, v) != "blue"]),
                     lambda g: _without_nodes(g, [v for v in g if _colour(g, v) == "blue"])],
    "mergeAtBlue": [lambda g: _merge(g, False), lambda g: _merge(g, True)],
    "addHub": [_hub],
    "removeMixedEdges": [
        lambda g: _without_edges(g, [e for e in g.edges if _mixed(g, *e)]),
        lambda g: _without_edges(g, list(g.edges)),
        lambda g: _without_edges(g, [e for e in g.edges if not _mixed(g, *e)])],
    "completeBlueClique": [lambda g: _join_blue(g, None), lambda g: _join_blue(g, 2)],
    "isolateOrange": [lambda g: _without_edges(g, list(g.edges(
        next(v for v in g if _colour(g, v) == "orange"))))],
    "colorTriangles": [
        lambda g: _paint(g, [v for v, t in nx.triangles(g).items() if t > 0], "green"),
        lambda g: _paint(g, [v for v in g if g.degree(v) >= 2], "green")],
}


def _prepared_inputs(rule, sizes=(5, 9, 16, 40, 120)):
    rng = np.random.default_rng(11)
    for family in FAMILIES.values():
        for n in sizes:
            for _ in range(3):
                prepared = rule.prepared(family.sample(rng, n), rng)
                if prepared is not None:
                    yield prepared


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_rule_and_alternatives_equal_their_networkx_versions(name):
    rule = RULES[name]
    transforms = [rule.apply, *rule.alternatives]
    assert len(transforms) == len(REFERENCE[name])
    checked = 0
    for graph in _prepared_inputs(rule):
        for fast, slow in zip(transforms, REFERENCE[name], strict=True):
            expected = to_node_link(slow(graph))
            got = fast(graph, rule.params)
            assert graphio.node_link(got) == expected, (name, graph.number_of_nodes())
            assert to_node_link(got) == expected
            assert all(got[u][v] is got[v][u] for u, v in got.edges)
            checked += 1
    assert checked >= 40


def test_triangle_property_equals_networkx():
    rng = np.random.default_rng(3)
    seen = set()
    for family in FAMILIES.values():
        for n in (5, 8, 20, 60):
            for _ in range(4):
                graph = family.sample(rng, n)
                expected = [v for v, t in nx.triangles(graph).items() if t > 0]
                assert graphio.on_triangles(graph) == expected
                assert holds("has_triangle", graph) is bool(expected)
                seen.add(bool(expected))
    assert seen == {True, False}


def test_array_builder_equals_networkx_on_messy_edge_lists():
    rng = np.random.default_rng(5)
    for n in (1, 2, 7, 30):
        nodes = rng.permutation(np.arange(3, 3 + n)).tolist()  # ids need not start at 0
        colours = {v: ("blue", "grey")[v % 2] for v in nodes}
        pairs = rng.choice(nodes, size=(4 * n, 2)).tolist()  # repeats, loops, both orders
        built = graphio.from_pairs(colours, *np.array(pairs, dtype=np.int64).T)
        reference = nx.Graph()
        reference.add_nodes_from((v, {"color": c}) for v, c in colours.items())
        reference.add_edges_from((u, v) for u, v in pairs if u != v)
        assert list(built) == nodes and to_node_link(built) == to_node_link(reference)
        assert all(list(built[v]) == sorted(built[v]) for v in built)
        lo, hi = graphio.edge_arrays(built)
        assert list(zip(lo.tolist(), hi.tolist(), strict=True)) == sorted(
            tuple(sorted(e)) for e in reference.edges)
        copied = graphio.from_pairs(graphio.colours_of(built), lo, hi)
        assert to_node_link(copied) == to_node_link(reference)
        assert not graphio.shares_edges(copied, built)
