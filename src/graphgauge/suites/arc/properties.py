"""Graph properties a rule can require, and the three-state promise a generator makes.

A family declares, for each property, whether its graphs always have it (TRUE), never
have it (FALSE) or sometimes do (MAYBE). Generation skips (rule, family) pairs with a
FALSE requirement without building a single graph, checks MAYBE ones on every graph, and
trusts TRUE ones: the paper's way of keeping rejection sampling cheap and honest.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import networkx as nx


class Tri(Enum):
    TRUE = "true"
    FALSE = "false"
    MAYBE = "maybe"


def _has_degree(k: int) -> Callable[[nx.Graph], bool]:
    return lambda graph: any(d == k for _, d in graph.degree)


def _has_triangle(graph: nx.Graph) -> bool:
    return any(t > 0 for t in nx.triangles(graph).values())


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
}


def holds(name: str, graph: nx.Graph) -> bool:
    return PROPERTIES[name](graph)
