"""Graph properties a rule can require, and the three-state promise a generator makes.

A family declares, for each property, whether its graphs always have it (TRUE), never
have it (FALSE) or sometimes do (MAYBE). Generation skips (rule, family) pairs with a
FALSE requirement without building a single graph, checks MAYBE ones on every graph, and
trusts TRUE ones: the paper's way of keeping rejection sampling cheap and honest.
A promise may depend on the graph size (a G(n, 0.3) graph has degree-1 nodes at 15
nodes, never at 50): see ``families.Family.promise``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import networkx as nx

from graphgauge.suites.arc.graphio import on_triangles


class Tri(Enum):
    TRUE = "true"
    FALSE = "false"
    MAYBE = "maybe"


def _has_degree(k: int) -> Callable[[nx.Graph], bool]:
    return lambda graph: any(d == k for _, d in graph.degree)


def _has_triangle(graph: nx.Graph) -> bool:
    return bool(on_triangles(graph))


def _has_distance_3(graph: nx.Graph) -> bool:
    """Two nodes of one component 3+ steps apart: below that, "exactly two steps" and
    "two or more steps" (or "within two steps" and "anywhere") are the same rule."""
    return any(max(nx.single_source_shortest_path_length(graph, v, cutoff=3).values()) == 3
               for v in graph)


def _has_near_max_degree(graph: nx.Graph) -> bool:
    """A node one short of the maximum degree: what tells "maximum degree" apart from
    "degree close to the maximum"."""
    degrees = {d for _, d in graph.degree}
    return max(degrees) - 1 in degrees


PROPERTIES: dict[str, Callable[[nx.Graph], bool]] = {
    "connected": lambda g: g.number_of_nodes() > 0 and nx.is_connected(g),
    "disconnected": lambda g: g.number_of_nodes() > 0 and not nx.is_connected(g),
    "tree": nx.is_tree,
    "bipartite": nx.is_bipartite,
    "has_triangle": _has_triangle,
    "has_edge": lambda g: g.number_of_edges() > 0,
    "has_degree_1": _has_degree(1),
    "has_degree_2": _has_degree(2),
    "has_degree_3": _has_degree(3),
    "has_distance_3": _has_distance_3,
    "has_near_max_degree": _has_near_max_degree,
}


def holds(name: str, graph: nx.Graph) -> bool:
    return PROPERTIES[name](graph)
