"""Colour-based GraphARC rules: the graph keeps its nodes and edges, some nodes change
colour. Node ids are kept, so outputs are compared id by id."""

from __future__ import annotations

import networkx as nx
import numpy as np

from graphgauge.suites.arc.graphio import on_triangles
from graphgauge.suites.arc.rule import (
    COLOUR,
    Params,
    Rule,
    color_where,
    distances_from,
    mark_random,
    nodes_colored,
    recolor,
)


def _degree_is(graph, v, p):
    return graph.degree(v) == p["degree"]


def _degree_at_least(graph, v, p):
    return graph.degree(v) >= p["degree"]


def color_degree(k: int, difficulty: str) -> Rule:
    return Rule(
        f"colorDegree{k}", COLOUR, difficulty,
        f"Colour every node of degree exactly {k} blue.",
        color_where(_degree_is), {"degree": k, "color": "blue"},
        requires=(f"has_degree_{k}",), alternatives=(color_where(_degree_at_least),),
        variable=("degree", "color"),
    )


def _has_neighbours(graph, v):
    return graph.degree(v) > 0


def _within(low: int, high: float):
    """Paint the nodes whose distance to the orange node lies in [low, high]."""
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        dist = distances_from(graph, nodes_colored(graph, "orange")[0])
        return recolor(graph, [v for v, d in dist.items() if low <= d <= high], p["color"])
    return transform


COLOR_NEIGHBORS = Rule(
    "colorNeighbors", COLOUR, "easy",
    "Colour the neighbours of the orange node blue.",
    _within(1, 1), {"color": "blue"}, requires=("has_edge",),
    prepare=mark_random(("orange",), _has_neighbours),
    alternatives=(_within(1, 2), _within(0, 1)),
    variable=("color",),
)

COLOR_DISTANCE2 = Rule(
    "colorDistance2", COLOUR, "medium",
    "Colour blue the nodes exactly two steps away from the orange node.",
    _within(2, 2), {"color": "blue"}, requires=("has_edge",),
    pin_requires=("has_distance_3",), prepare=mark_random(("orange",), _has_neighbours),
    alternatives=(_within(1, 2), _within(2, float("inf"))),
    variable=("color",),
)


def _two_blue(min_distance: int, accept=None):
    """Pre-step: two blue nodes at least ``min_distance`` apart (and accepted)."""
    def prepare(graph: nx.Graph, rng: np.random.Generator, p: Params) -> nx.Graph | None:
        nodes = sorted(graph)
        for _ in range(20):
            a, b = (nodes[int(i)] for i in rng.choice(len(nodes), size=2, replace=False))
            dist = nx.shortest_path_length(graph, a, b) if nx.has_path(graph, a, b) else None
            if dist is not None and dist >= min_distance and (accept is None
                                                              or accept(graph, a, b)):
                return recolor(graph, (a, b), "blue")
        return None
    return prepare


def _path_between_blue(graph: nx.Graph, p: Params) -> nx.Graph:
    a, b = nodes_colored(graph, "blue")
    return recolor(graph, nx.shortest_path(graph, a, b)[1:-1], p["color"])


def _neighbours_of_blue(graph: nx.Graph, p: Params) -> nx.Graph:
    seeds = nodes_colored(graph, "blue")
    return recolor(graph, {u for s in seeds for u in graph[s]} - set(seeds), p["color"])


COLOR_PATH = Rule(
    "colorPath", COLOUR, "medium",
    "In a tree, colour blue the path between the two blue nodes.",
    _path_between_blue, {"color": "blue"}, requires=("tree",),
    pin_requires=("has_distance_3",), prepare=_two_blue(2), alternatives=(_neighbours_of_blue,),
    variable=("color",),
)


def _component_of_blue(graph: nx.Graph, p: Params) -> nx.Graph:
    return recolor(graph, nx.node_connected_component(graph, nodes_colored(graph, "blue")[0]),
                   p["color"])


def _two_hops_of_blue(graph: nx.Graph, p: Params) -> nx.Graph:
    dist = distances_from(graph, nodes_colored(graph, "blue")[0])
    return recolor(graph, [v for v, d in dist.items() if d <= 2], p["color"])


COLOR_COMPONENTS = Rule(
    "colorComponents", COLOUR, "medium",
    "Colour blue the whole connected component of the blue node.",
    _component_of_blue, {"color": "blue"}, requires=("disconnected",),
    prepare=mark_random(("blue",)), alternatives=(_two_hops_of_blue,),
    variable=("color",),
)


def _equidistant(graph: nx.Graph, a: int, b: int) -> list[int]:
    da, db = distances_from(graph, a), distances_from(graph, b)
    return [v for v in sorted(graph) if v in da and v in db and da[v] == db[v]]


def _color_equidistant(graph: nx.Graph, p: Params) -> nx.Graph:
    return recolor(graph, _equidistant(graph, *nodes_colored(graph, "blue")), p["color"])


def _common_neighbours_of_blue(graph: nx.Graph, p: Params) -> nx.Graph:
    a, b = nodes_colored(graph, "blue")
    return recolor(graph, set(graph[a]) & set(graph[b]), p["color"])


COLOR_EQUIDISTANT = Rule(
    "colorEquidistant", COLOUR, "hard",
    "Colour red every node at equal distance from the two blue nodes.",
    _color_equidistant, {"color": "red"}, requires=("connected",),
    prepare=_two_blue(1, lambda g, a, b: bool(_equidistant(g, a, b))),
    alternatives=(_common_neighbours_of_blue,), color="red",
    variable=("color",),
)


def _two_colour_from_blue(neighbours_only: bool):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        dist = distances_from(graph, nodes_colored(graph, "blue")[0])
        odd = [v for v, d in dist.items() if d % 2 == 1 and (d == 1 or not neighbours_only)]
        even = [] if neighbours_only else [v for v, d in dist.items() if d % 2 == 0]
        return recolor(recolor(graph, even, "blue"), odd, "red")
    return transform


BIPARTITION_COMPLETION = Rule(
    "bipartitionCompletion", COLOUR, "hard",
    "Complete the 2-colouring from the blue node: its side blue, the other side red.",
    _two_colour_from_blue(False), {"color": "red"}, requires=("connected", "bipartite"),
    prepare=mark_random(("blue",)), alternatives=(_two_colour_from_blue(True),),
    color="red",
)


def _degree_near_max(slack: int):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        top = max(d for _, d in graph.degree)
        return recolor(graph, [v for v, d in graph.degree if d >= top - slack], p["color"])
    return transform


COLOR_MAX_DEGREE = Rule(
    "colorMaxDegree", COLOUR, "easy",
    "Colour red the node(s) of maximum degree.",
    _degree_near_max(0), {"color": "red"}, requires=("has_edge",),
    pin_requires=("has_near_max_degree",), alternatives=(_degree_near_max(1),), color="red",
    variable=("color",),
)


def _in_triangle(graph: nx.Graph, p: Params) -> nx.Graph:
    return recolor(graph, on_triangles(graph), p["color"])


def _degree_two_plus(graph, v, p):
    return graph.degree(v) >= 2


COLOR_TRIANGLES = Rule(
    "colorTriangles", COLOUR, "medium",
    "Colour green every node that lies on a triangle.",
    _in_triangle, {"color": "green"}, requires=("has_triangle",),
    alternatives=(color_where(_degree_two_plus),), color="green",
    variable=("color",),
)


def _ancestors(graph: nx.Graph, root: int, node: int) -> list[int]:
    """``node``, its parent, ..., ``root`` in the tree rooted at ``root``."""
    return nx.shortest_path(graph, node, root)


def _common_ancestor(graph: nx.Graph, root: int, a: int, b: int) -> int:
    above_b = set(_ancestors(graph, root, b))
    return next(v for v in _ancestors(graph, root, a) if v in above_b)


def _mark_root_and_pair(graph: nx.Graph, rng: np.random.Generator, p: Params):
    """Pre-step: an orange root and two blue nodes, neither an ancestor of the other."""
    nodes = sorted(graph)
    for _ in range(20):
        root, a, b = (nodes[int(i)] for i in rng.choice(len(nodes), size=3, replace=False))
        if _common_ancestor(graph, root, a, b) not in (a, b):
            return recolor(recolor(graph, [root], "orange"), (a, b), "blue")
    return None


def _color_common_ancestor(graph: nx.Graph, p: Params) -> nx.Graph:
    root = nodes_colored(graph, "orange")[0]
    a, b = nodes_colored(graph, "blue")
    return recolor(graph, [_common_ancestor(graph, root, a, b)], p["color"])


def _color_root(graph: nx.Graph, p: Params) -> nx.Graph:
    return recolor(graph, nodes_colored(graph, "orange"), p["color"])


COLOR_COMMON_ANCESTOR = Rule(
    "colorCommonAncestor", COLOUR, "hard",
    "In a tree rooted at the orange node, colour red the closest common ancestor of the "
    "two blue nodes.",
    _color_common_ancestor, {"color": "red"}, requires=("tree",),
    # Under diameter 3 (a star) the common ancestor is always the centre, the node of
    # maximum degree: colorMaxDegree would explain every example.
    pin_requires=("has_distance_3",), prepare=_mark_root_and_pair, alternatives=(_color_root,),
    color="red", variable=("color",),
)

COLOR_RULES = (
    color_degree(1, "easy"), color_degree(2, "medium"), color_degree(3, "hard"),
    COLOR_NEIGHBORS, COLOR_DISTANCE2, COLOR_PATH, COLOR_COMPONENTS, COLOR_EQUIDISTANT,
    BIPARTITION_COMPLETION, COLOR_MAX_DEGREE, COLOR_TRIANGLES, COLOR_COMMON_ANCESTOR,
)
