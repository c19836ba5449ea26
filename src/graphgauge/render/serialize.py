"""The graph part of a prompt, in any encoding.

``graph_text`` maps an instance's canonical node-link graph to text in three steps: labels
(``labeling``, then ``ranking``: edges between label-order positions), layout (which edges
or per-node lists come in which order: ``ordering``) and syntax (``syntax_*`` modules).
Rendering runs once per prompt, thousands of times per run, so it works on integer ranks
and plain string building: no networkx, no regexes, and what several encodings of an
instance share (labelings, shuffle seeds, ranked edges, layouts) is computed once.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Generic, TypeVar

from graphgauge.render.encoding import Encoding
from graphgauge.render.labeling import labeling_from, labeling_of
from graphgauge.render.ordering import order_edges, order_rows
from graphgauge.render.ranking import RankedGraph
from graphgauge.render.slots import edge_cells, line_cells
from graphgauge.render.syntax_common import Layout
from graphgauge.render.syntaxes import SYNTAX_REGISTRY

Value = TypeVar("Value")


def graph_text(
    graph: dict[str, Any], encoding: Encoding, instance_id: str,
    labels: list[str] | tuple[str, ...] | None = None,
) -> str:
    """The graph in ``encoding``, headed by a sentence naming its kind and node set.

    ``labels`` (label of node i) may be passed when the caller already has them; by
    default they come from ``node_labels(n, encoding, instance_id)``.
    """
    if labels is not None and tuple(labels) != _own_labels(graph, encoding, instance_id):
        layout = _layout(RankedGraph(graph, labeling_from(labels)), encoding, instance_id)
    else:
        key = (instance_id, encoding.structure, encoding.order, encoding.labeling,
               encoding.seed)
        layout = _LAYOUTS.get(key, graph)
        if layout is None:
            layout = _layout(_ranked(graph, encoding, instance_id), encoding, instance_id)
            _LAYOUTS.put(key, graph, layout, len(graph["edges"]) + 1)
    return SYNTAX_REGISTRY[encoding.syntax].writers[encoding.structure](layout)


def _own_labels(graph: dict[str, Any], encoding: Encoding, instance_id: str
                ) -> tuple[str, ...]:
    return labeling_of(len(graph["nodes"]), encoding, instance_id).labels


def _ranked(graph: dict[str, Any], encoding: Encoding, instance_id: str) -> RankedGraph:
    key = (instance_id, encoding.labeling, encoding.seed)
    ranked = _RANKED.get(key, graph)
    if ranked is None:
        labeling = labeling_of(len(graph["nodes"]), encoding, instance_id)
        ranked = RankedGraph(graph, labeling)
        _RANKED.put(key, graph, ranked, ranked.weight)
    return ranked


class GraphCache(Generic[Value]):
    """What was derived from recently rendered graphs, by instance id and encoding parts.

    A study writes each instance in many encodings: in every syntax (syntaxes vary fastest
    in the grid, and a layout is most of a render), and in many structures and orders
    under one labeling (which share a ``RankedGraph``). Entries hold their graph object, so
    a hit is the very same graph, never another graph that happens to share an instance
    id. The cache is bounded by the edges its entries hold (``weight``, in edges); the
    oldest entries leave first.
    """

    def __init__(self, max_edges: int = 2_000_000):
        self.max_edges = max_edges
        # Ordered: taking the oldest out of a plain dict rescans its deleted slots.
        self.entries: OrderedDict[tuple, tuple[dict, Value, int]] = OrderedDict()
        self.edges = 0

    def get(self, key: tuple, graph: dict[str, Any]) -> Value | None:
        hit = self.entries.get(key)
        return hit[1] if hit is not None and hit[0] is graph else None

    def put(self, key: tuple, graph: dict[str, Any], value: Value, weight: int) -> None:
        """Keep ``value`` for ``graph`` under ``key``, replacing another graph's; a value
        heavier than the whole cache is not kept (nor does it push the others out)."""
        old = self.entries.pop(key, None)
        if old is not None:
            self.edges -= old[2]
        if weight > self.max_edges:
            return
        while self.edges + weight > self.max_edges:
            self.edges -= self.entries.popitem(last=False)[1][2]
        self.entries[key] = (graph, value, weight)
        self.edges += weight

    def clear(self) -> None:
        self.entries.clear()
        self.edges = 0


_LAYOUTS: GraphCache[Layout] = GraphCache()
_RANKED: GraphCache[RankedGraph] = GraphCache()


def clear_caches() -> None:
    """Forget every ranked graph and layout (benchmarks time renders from scratch)."""
    _LAYOUTS.clear()
    _RANKED.clear()


def _layout(graph: RankedGraph, encoding: Encoding, instance_id: str) -> Layout:
    structure, n, directed = encoding.structure, graph.n, graph.directed
    pairs, rows, cells = graph.pairs, None, None
    if structure == "edge_list":
        pairs = order_edges(graph, encoding, instance_id)
        cells = edge_cells(pairs, n, graph.values)
    elif structure != "adjacency_matrix":
        rows = order_rows(graph, encoding, instance_id)
        cells = line_cells(rows, n, structure == "incidence_list", directed, graph.values)
    replicated = encoding.order == "replicated" and not directed
    return Layout(graph.head, n, directed, graph.attrs, graph.labels, pairs, rows,
                  graph.values, replicated, cells)
