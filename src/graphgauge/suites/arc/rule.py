"""What a GraphARC transformation is, and the small helpers rules are written with.

A rule is data: its parameters, the properties its input graphs must have, an optional
pre-transformation step (e.g. colour one random node orange) and the transformation
itself. ``alternatives`` are the nearby rules a model could mistake it for (degree >= k
instead of = k, two hops instead of one, ...); ``variable`` names the parameters another
rule of the catalog may take (the degree k, the colour painted). Generation rejects example
sets on which an alternative, or any other rule of the catalog with any of its parameters
(see ``catalog``), gives the same outputs, so the examples pin the rule down.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import numpy as np

from graphgauge.suites.arc.graphio import GREY, edge_arrays, from_pairs, repaint

COLOUR, STRUCTURAL = "colour", "structural"
COLOURS = ("grey", "blue", "red", "orange", "green")

Params = dict[str, Any]
Transform = Callable[[nx.Graph, Params], nx.Graph]
Prepare = Callable[[nx.Graph, np.random.Generator, Params], "nx.Graph | None"]


@dataclass(frozen=True)
class Rule:
    name: str
    kind: str  # COLOUR or STRUCTURAL
    difficulty: str
    description: str
    apply: Transform
    params: Params = field(default_factory=dict)
    requires: tuple[str, ...] = ()
    # What every example graph also needs so that examples can tell the rule from its
    # alternatives (on a star, "exactly two steps" and "two or more" always agree).
    pin_requires: tuple[str, ...] = ()
    prepare: Prepare | None = None
    alternatives: tuple[Transform, ...] = ()
    # False when nodes are removed or merged: the output is renumbered 0..m-1 and
    # compared up to colour-preserving isomorphism instead of id by id.
    keeps_ids: bool = True
    # The colour the rule paints (or keeps): what colour-count questions ask about.
    color: str = "blue"
    # The parameters that make other rules of the same shape ("degree", "color"): the
    # catalog tries each value of them as a rival explanation of the examples.
    variable: tuple[str, ...] = ()

    @property
    def group(self) -> str:
        """The rule's name without its degree: colorDegree2 and colorDegree3 are one rule
        shape with two parameter values, so a variant is identified by (group, params)."""
        return self.name.rstrip("0123456789") if "degree" in self.variable else self.name

    def prepared(self, graph: nx.Graph, rng: np.random.Generator) -> nx.Graph | None:
        return graph if self.prepare is None else self.prepare(graph, rng, self.params)

    def __call__(self, graph: nx.Graph) -> nx.Graph:
        return self.apply(graph, self.params)


# --- helpers rules are written with ------------------------------------------------------

def color_of(graph: nx.Graph, node: int) -> str:
    return graph.nodes[node].get("color", GREY)


def nodes_colored(graph: nx.Graph, colour: str) -> list[int]:
    return [v for v in sorted(graph) if color_of(graph, v) == colour]


def recolor(graph: nx.Graph, nodes: Iterable[int], colour: str) -> nx.Graph:
    """``graph`` with ``nodes`` painted ``colour`` (sharing its edges: see graphio)."""
    return repaint(graph, dict.fromkeys(nodes, colour))


def renumbered(colours: dict[int, str], lo: np.ndarray, hi: np.ndarray) -> nx.Graph:
    """The graph on the nodes of ``colours`` with the edges ``(lo[i], hi[i])``,
    renumbered 0..m-1 keeping the relative order of the surviving ids."""
    kept = sorted(colours)
    lookup = np.full(kept[-1] + 1 if kept else 0, -1, dtype=np.int64)
    lookup[kept] = np.arange(len(kept))
    return from_pairs({i: colours[v] for i, v in enumerate(kept)}, lookup[lo], lookup[hi])


def induced_renumbered(graph: nx.Graph, keep: Iterable[int]) -> nx.Graph:
    """The subgraph induced by ``keep``, renumbered 0..m-1."""
    kept = set(keep)
    lo, hi = edge_arrays(graph)
    inside = np.zeros(max(graph, default=-1) + 1, dtype=bool)
    inside[list(kept)] = True
    both = inside[lo] & inside[hi]
    return renumbered({v: color_of(graph, v) for v in kept}, lo[both], hi[both])


def color_where(test: Callable[[nx.Graph, int, Params], bool]) -> Transform:
    """A transform painting every node that passes ``test`` in ``params['color']``."""
    def transform(graph: nx.Graph, params: Params) -> nx.Graph:
        return recolor(graph, [v for v in graph if test(graph, v, params)], params["color"])
    return transform


def mark_random(colours: tuple[str, ...], where: Callable[[nx.Graph, int], bool] | None = None
                ) -> Prepare:
    """A pre-step painting distinct random nodes (that pass ``where``) in ``colours``."""
    def prepare(graph: nx.Graph, rng: np.random.Generator, params: Params) -> nx.Graph | None:
        pool = [v for v in sorted(graph) if where is None or where(graph, v)]
        if len(pool) < len(colours):
            return None
        picked = rng.choice(len(pool), size=len(colours), replace=False)
        return repaint(graph, {pool[int(i)]: colour
                               for colour, i in zip(colours, picked, strict=True)})
    return prepare


def mark_subset(colour: str, low: int, high: int | None = None) -> Prepare:
    """A pre-step painting a random subset of ``low``..``high`` nodes (``high`` None:
    up to half the graph, so the subset grows with the test graph)."""
    def prepare(graph: nx.Graph, rng: np.random.Generator, params: Params) -> nx.Graph | None:
        n = graph.number_of_nodes()
        top = max(low, n // 2) if high is None else min(high, max(low, n // 2))
        picked = rng.choice(n, size=int(rng.integers(low, top + 1)), replace=False)
        nodes = sorted(graph)
        return recolor(graph, (nodes[int(i)] for i in picked), colour)
    return prepare


def distances_from(graph: nx.Graph, source: int) -> dict[int, int]:
    return nx.single_source_shortest_path_length(graph, source)
