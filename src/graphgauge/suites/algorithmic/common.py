"""Shared pieces of the algorithmic tasks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import networkx as nx
import numpy as np

from graphgauge.graphs.families import make_graph, shuffle_ids
from graphgauge.render.variants import GOLD
from graphgauge.scoring.outcomes import optimality_gap
from graphgauge.suites.base import Task


class AlgorithmicTask(Task):
    suite = "algorithmic"


class OptimisationTask(AlgorithmicTask):
    """A task asking for an optimal structure (path, tree, matching, cover, tour) whose
    answers a verifier scores by an objective: ``objective`` is None for an infeasible
    answer, so scores say whether a wrong answer was at least feasible and how far from
    the optimum it was (see graphgauge.scoring.outcomes)."""

    verifiable = True
    sense: ClassVar[str] = "min"

    def objective(self, value: Any, instance: Any) -> float | None:
        """The objective of a feasible answer (in instance ids), None if infeasible."""
        raise NotImplementedError

    def check(self, value, instance):
        found = self.objective(value, instance)
        return found is not None and found == self.objective(instance.answer, instance)

    def score(self, prediction, instance, asked=None):
        scores = super().score(prediction, instance, asked)
        if not prediction.ok or (asked and asked.expected(instance).answer is not GOLD):
            return scores  # no answer, or a variant that asks for no structure
        try:
            found = self.objective(prediction.value, instance)
        except (TypeError, ValueError, KeyError, IndexError, nx.NetworkXException):
            found = None  # a malformed answer is no valid structure
        scores["feasible"] = float(found is not None)
        if found is not None:
            best = self.objective(instance.answer, instance)
            scores["optimality_gap"] = optimality_gap(found, best, self.sense)
        return scores


# --- helpers for sampling queries and task-specific graphs ---------------------------

Builder = Callable[[np.random.Generator, int], nx.Graph]


def choice(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    """One item of a non-empty sequence (``rng.choice`` would turn tuples into arrays)."""
    return items[int(rng.integers(len(items)))]


def pick_node(rng: np.random.Generator, graph: nx.Graph, min_degree: int = 0) -> int:
    """A random node of degree >= ``min_degree``, or any node when none has it: questions
    about isolated nodes or leaves would make many answers trivially zero."""
    nodes = [v for v in sorted(graph.nodes) if graph.degree(v) >= min_degree]
    return int(choice(rng, nodes or sorted(graph.nodes)))


class MixedFamilyTask(AlgorithmicTask):
    """A task drawing its graphs uniformly from the shared ``families`` and its own
    ``builders``: some yes/no questions need graphs the shared families rarely give
    (regular, Eulerian, near-tournaments) for both answers to be common. A builder maps
    (rng, n) to an unshuffled graph on nodes 0..n-1."""

    builders: ClassVar[dict[str, Builder]] = {}

    def sample_graph(self, rng: np.random.Generator, n: int) -> tuple[str, nx.Graph]:
        name = choice(rng, [*self.families, *self.builders])
        if name in self.builders:
            return name, shuffle_ids(self.builders[name](rng, n), rng)
        graph = make_graph(name, rng, n, weighted=self.weighted, connected=self.connected)
        return name, graph


class NodeQueryTask(AlgorithmicTask):
    """A question about one random node of degree >= ``min_degree`` (query {"node": v})."""

    min_degree: ClassVar[int] = 0

    def sample_query(self, rng: np.random.Generator, graph: nx.Graph) -> dict[str, Any]:
        return {"node": pick_node(rng, graph, self.min_degree)}

    def node(self, instance: Any) -> int:
        return instance.query["node"]


def query_pair(instance: Any) -> tuple[int, int]:
    """The (source, target) node pair of a pair query."""
    return instance.query["source"], instance.query["target"]


def pick_pair(rng: np.random.Generator, graph: nx.Graph, adjacent: bool) -> dict[str, int]:
    """A random adjacent or non-adjacent node pair as a pair query (source < target), or
    any pair when none of the asked kind exists."""
    nodes = sorted(graph.nodes)
    pairs = [(u, v) for i, u in enumerate(nodes) for v in nodes[i + 1 :]]
    u, v = choice(rng, [p for p in pairs if graph.has_edge(*p) == adjacent] or pairs)
    return {"source": int(u), "target": int(v)}


# --- reading answers inside verifiers ------------------------------------------------
# Verifiers get whatever the parser read (possibly unknown ids, wrong shapes); they
# convert it with these helpers, which return None instead of raising, so a malformed
# answer is simply wrong.


def _is_node(value, graph) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in graph


def answer_nodes(value, graph) -> list[int] | None:
    """``value`` as a list of nodes of ``graph``, or None."""
    if not isinstance(value, list | tuple) or not all(_is_node(v, graph) for v in value):
        return None
    return list(value)


def answer_edges(value, graph) -> list[tuple[int, int]] | None:
    """``value`` as a list of (u, v) edges of ``graph`` in the orientation given, or None."""
    if not isinstance(value, list | tuple):
        return None
    edges = []
    for pair in value:
        nodes = answer_nodes(pair, graph)
        if nodes is None or len(nodes) != 2 or not graph.has_edge(*nodes):
            return None
        edges.append((nodes[0], nodes[1]))
    return edges


def answer_edge_set(value, graph) -> set[tuple[int, int]] | None:
    """Undirected edges of ``graph`` as (min, max) pairs, or None (also when one is repeated
    in either orientation: a repeated edge means the model did not build a set)."""
    edges = answer_edges(value, graph)
    if edges is None:
        return None
    keys = {(min(u, v), max(u, v)) for u, v in edges}
    return keys if len(keys) == len(edges) else None


def is_simple_path(graph, nodes: list[int]) -> bool:
    """Non-empty, no repeated node, consecutive nodes adjacent."""
    return (
        len(nodes) > 0
        and len(set(nodes)) == len(nodes)
        and all(graph.has_edge(u, v) for u, v in zip(nodes, nodes[1:], strict=False))
    )


def total_weight(graph, edges) -> int:
    return sum(graph.edges[u, v]["weight"] for u, v in edges)


def path_weight(graph, nodes: list[int]) -> int:
    return total_weight(graph, zip(nodes, nodes[1:], strict=False))


# --- bitmask graphs for the exact searches (Hamiltonian path, tour, vertex cover) -----


def bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bitmask_adjacency(graph) -> tuple[list[int], list[int]]:
    """Sorted nodes and, per node index, the bitmask of its neighbours' indices
    (undirected), so that set operations in searches are single integer operations."""
    nodes = sorted(graph)
    index = {v: i for i, v in enumerate(nodes)}
    adj = [0] * len(nodes)
    for u, v in graph.edges:
        adj[index[u]] |= 1 << index[v]
        adj[index[v]] |= 1 << index[u]
    return nodes, adj
