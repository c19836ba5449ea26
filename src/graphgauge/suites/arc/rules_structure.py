"""Structural GraphARC rules: nodes or edges are added, removed or merged.

Rules that remove or merge nodes renumber the survivors 0..m-1 (the paper keeps ids
consecutive), so their outputs are compared up to colour-preserving isomorphism; rules
that only touch edges or append a node keep every id and are compared id by id.
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np

from graphgauge.suites.arc.graphio import copy_graph, edges_of, repaint
from graphgauge.suites.arc.rule import (
    STRUCTURAL,
    Params,
    Rule,
    color_of,
    induced_renumbered,
    mark_random,
    mark_subset,
    nodes_colored,
    renumbered,
)


def _remove_where(test):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        return induced_renumbered(graph, [v for v in graph if not test(graph, v, p)])
    return transform


def remove_degree(k: int, difficulty: str) -> Rule:
    return Rule(
        f"removeDegree{k}", STRUCTURAL, difficulty,
        f"Remove every node of degree exactly {k} (with its edges).",
        _remove_where(lambda g, v, p: g.degree(v) == p["degree"]), {"degree": k},
        requires=(f"has_degree_{k}",), keeps_ids=False,
        alternatives=(_remove_where(lambda g, v, p: g.degree(v) >= p["degree"]),),
    )


def _induced_on(colour_test):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        return induced_renumbered(graph, [v for v in graph if colour_test(color_of(graph, v))])
    return transform


BLUE_SUBGRAPH = Rule(
    "blueSubgraph", STRUCTURAL, "medium",
    "Keep only the blue nodes and the edges among them.",
    _induced_on(lambda c: c == "blue"), requires=("has_edge",),
    prepare=mark_subset("blue", 3), keeps_ids=False,
    alternatives=(_induced_on(lambda c: c != "blue"),),
)


def _merge_blue(common_only: bool):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        a, b = nodes_colored(graph, "blue")
        edges = [(u, v) for u, v in edges_of(graph) if b not in (u, v)]
        if common_only:
            lost = {u for u in graph[a] if u not in graph[b]}
            edges = [(u, v) for u, v in edges if not (a in (u, v) and {u, v} & lost)]
        else:
            edges += [(a, u) for u in graph[b] if u != a]
        colours = {v: color_of(graph, v) for v in graph if v != b}
        return renumbered(colours, edges)
    return transform


MERGE_AT_BLUE = Rule(
    "mergeAtBlue", STRUCTURAL, "hard",
    "Merge the two blue nodes into one blue node joined to all their neighbours.",
    _merge_blue(False), requires=("has_edge",), prepare=mark_random(("blue", "blue")),
    keeps_ids=False, alternatives=(_merge_blue(True),),
)


def _add_hub(graph: nx.Graph, p: Params) -> nx.Graph:
    out = copy_graph(graph)
    hub = graph.number_of_nodes()
    out.add_node(hub, color=p["color"])
    out.add_edges_from((hub, v) for v in sorted(graph))
    return out


ADD_HUB = Rule(
    "addHub", STRUCTURAL, "easy",
    "Add a new blue node (the next id) joined to every node.",
    _add_hub, {"color": "blue"},
)


def _two_colours(graph: nx.Graph, rng: np.random.Generator, p: Params) -> nx.Graph | None:
    """Pre-step: every node blue or red at random, both colours present."""
    picks = rng.random(graph.number_of_nodes()) < 0.5
    if picks.all() or not picks.any():
        return None
    return repaint(graph, {v: "blue" if blue else "red"
                           for v, blue in zip(sorted(graph), picks, strict=True)})


def _remove_edges_where(test):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        out = copy_graph(graph)
        out.remove_edges_from([(u, v) for u, v in graph.edges if test(graph, u, v)])
        return out
    return transform


def _mixed(graph, u, v):
    return color_of(graph, u) != color_of(graph, v)


REMOVE_MIXED_EDGES = Rule(
    "removeMixedEdges", STRUCTURAL, "medium",
    "Remove every edge between nodes of different colours.",
    _remove_edges_where(_mixed), requires=("has_edge",), prepare=_two_colours,
    alternatives=(_remove_edges_where(lambda g, u, v: True),
                  _remove_edges_where(lambda g, u, v: not _mixed(g, u, v))),
)


def _join_blue(within: int | None):
    """Join blue pairs at distance <= ``within`` (every blue pair when None)."""
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        out = copy_graph(graph)
        for a, b in itertools.combinations(nodes_colored(graph, "blue"), 2):
            if within is None or nx.has_path(graph, a, b) and (
                    nx.shortest_path_length(graph, a, b) <= within):
                out.add_edge(a, b)
        return out
    return transform


COMPLETE_BLUE_CLIQUE = Rule(
    "completeBlueClique", STRUCTURAL, "medium",
    "Join every pair of blue nodes by an edge (the blue nodes become a clique).",
    _join_blue(None), pin_requires=("has_distance_3",), prepare=mark_subset("blue", 3, 5),
    alternatives=(_join_blue(2),),
)


def _isolate_orange(graph: nx.Graph, p: Params) -> nx.Graph:
    out = copy_graph(graph)
    orange = nodes_colored(graph, "orange")[0]
    out.remove_edges_from(list(graph.edges(orange)))
    return out


ISOLATE_ORANGE = Rule(
    "isolateOrange", STRUCTURAL, "easy",
    "Remove every edge of the orange node, leaving it isolated.",
    _isolate_orange, requires=("has_edge",),
    prepare=mark_random(("orange",), lambda g, v: g.degree(v) > 0),
)

STRUCTURE_RULES = (
    remove_degree(1, "easy"), remove_degree(2, "medium"), remove_degree(3, "hard"),
    BLUE_SUBGRAPH, MERGE_AT_BLUE, ADD_HUB, REMOVE_MIXED_EDGES, COMPLETE_BLUE_CLIQUE,
    ISOLATE_ORANGE,
)
