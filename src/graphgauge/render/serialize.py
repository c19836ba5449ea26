"""The graph part of a prompt, in any encoding.

``graph_text`` maps an instance's canonical node-link graph to text in three steps: labels
(``labeling``), layout (which edges or per-node lists come in which order, here) and syntax
(``syntax_*`` modules). Rendering runs once per prompt, thousands of times per run, so it
works on integer ranks and plain string building: no networkx, no regexes, and the seeded
randomness of relabelings and shuffles is cached per instance.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

import numpy as np

from graphgauge.render import syntax_code, syntax_json, syntax_text
from graphgauge.render.encoding import Encoding
from graphgauge.render.labeling import Labeling, labeling_from, labeling_of, random_keys
from graphgauge.render.syntax_common import Layout

WRITERS = {**syntax_text.WRITERS, **syntax_json.WRITERS, **syntax_code.WRITERS}
# Distinct random streams per order: "shuffled" is not "source_shuffled" with more steps.
SALTS = {"source_shuffled": 1, "target_shuffled": 2, "shuffled": 3}
_ENDS = itemgetter("source", "target")
Item = TypeVar("Item")


def graph_text(
    graph: dict[str, Any], encoding: Encoding, instance_id: str,
    labels: list[str] | tuple[str, ...] | None = None,
) -> str:
    """The graph in ``encoding``, headed by a sentence naming its kind and node set.

    ``labels`` (label of node i) may be passed when the caller already has them; by
    default they come from ``node_labels(n, encoding, instance_id)``.
    """
    n = len(graph["nodes"])
    labeling = labeling_of(n, encoding, instance_id)
    if labels is not None and tuple(labels) != labeling.labels:
        layout = _layout(graph, encoding, instance_id, labeling_from(labels))
    else:
        layout = _LAYOUTS.get(graph, encoding, instance_id, labeling)
    return WRITERS[encoding.syntax, encoding.structure](layout)


class _LayoutCache:
    """Layouts of recent (graph, structure, order, labeling) renders.

    A study writes each instance in every syntax, and syntaxes vary fastest in the grid:
    the layout (ranking, ordering: two thirds of a render) is then computed once for the
    seven syntaxes that write it. Entries hold their graph object, so a hit is the very
    same graph, never another graph that happens to share an instance id. The cache is
    bounded by the edges it holds; the oldest entries leave first.
    """

    def __init__(self, max_edges: int = 2_000_000):
        self.max_edges = max_edges
        self.entries: dict[tuple, tuple[dict, Layout]] = {}
        self.edges = 0

    def get(self, graph: dict[str, Any], encoding: Encoding, instance_id: str,
            labeling: Labeling) -> Layout:
        key = (instance_id, encoding.structure, encoding.order, encoding.labeling,
               encoding.seed)
        hit = self.entries.get(key)
        if hit is not None and hit[0] is graph:
            return hit[1]
        layout = _layout(graph, encoding, instance_id, labeling)
        size = len(graph["edges"]) + 1
        if hit is not None:
            self.edges -= len(hit[0]["edges"]) + 1
            del self.entries[key]
        while self.entries and self.edges + size > self.max_edges:
            oldest = next(iter(self.entries))
            self.edges -= len(self.entries.pop(oldest)[0]["edges"]) + 1
        if size <= self.max_edges:
            self.entries[key] = (graph, layout)
            self.edges += size
        return layout


_LAYOUTS = _LayoutCache()


def head_sentence(n: int, directed: bool, weighted: bool, by_rank: tuple[str, ...]) -> str:
    """'Here is an undirected weighted graph with nodes 0..9.' (the Erdős header)."""
    kind = "a directed" if directed else "an undirected"
    if n == 1:
        nodes = f"node {by_rank[0]}"
    elif by_rank[0].isdigit() and int(by_rank[-1]) - int(by_rank[0]) == n - 1:
        nodes = f"nodes {by_rank[0]}..{by_rank[-1]}"
    else:  # letters: a range "A..AH" would not say which labels lie in between
        nodes = "nodes " + ", ".join(by_rank)
    return f"Here is {kind}{' weighted' if weighted else ''} graph with {nodes}."


def _layout(graph: dict[str, Any], encoding: Encoding, instance_id: str,
            labeling: Labeling) -> Layout:
    edges = graph["edges"]
    directed = bool(graph.get("directed"))
    n = len(graph["nodes"])
    # Generated graphs carry an attribute on every edge or on none: the first edge tells.
    first = edges[0] if edges else {}
    attrs = tuple(name for name in ("weight", "capacity") if name in first)
    pairs, values = _ranked_edges(edges, directed, attrs, labeling.rank)
    head = head_sentence(n, directed, "weight" in attrs, labeling.by_rank)
    order, structure = encoding.order, encoding.structure
    replicated = order == "replicated" and not directed
    rows = None
    if structure == "edge_list":
        pairs = _order_edges(pairs, n, directed, encoding, instance_id)
    elif structure != "adjacency_matrix":
        rows = _order_rows(pairs, n, directed, encoding, instance_id)
    return Layout(head, n, directed, attrs, labeling.by_rank, pairs, rows, values, replicated)


def _ranked_edges(edges: list[dict], directed: bool, attrs: tuple[str, ...],
                  rank: tuple[int, ...] | None) -> tuple[list, dict | None]:
    """Edges as sorted rank pairs (undirected: smaller rank first), and their values."""
    pairs = list(map(_ENDS, edges))  # ids; the canonical form is sorted by them
    keys = pairs
    if rank is not None:  # relabeled: sort again, as integers a * n + b
        n = len(rank)
        if directed:
            codes = [rank[a] * n + rank[b] for a, b in pairs]
        else:
            codes = [x * n + y if (x := rank[a]) < (y := rank[b]) else y * n + x
                     for a, b in pairs]
        if attrs:
            keys = [(rank[a], rank[b]) for a, b in pairs]
        pairs = _sorted_pairs(codes, n)
    values = None
    if attrs:
        columns = [list(map(itemgetter(name), edges)) for name in attrs]
        values = dict(zip(keys, zip(*columns, strict=True), strict=True))
        if not directed:  # looked up from either end; a digraph may hold both arcs
            values.update(zip([(b, a) for a, b in keys], list(values.values()), strict=True))
    return pairs, values


def _sorted_pairs(codes: list[int], n: int) -> list[tuple[int, int]]:
    """Pairs (a, b) coded as a * n + b, sorted: sorting integers is several times faster
    than sorting tuples, and decoding is a table lookup."""
    codes.sort()
    return _pick(_pair_table(n), codes)


def _pick(items: Sequence[Item], indices: list[int]) -> list[Item]:
    """[items[i] for i in indices] in one C call (itemgetter returns a tuple for 2+ keys)."""
    if len(indices) > 1:
        return list(itemgetter(*indices)(items))
    return [items[i] for i in indices]


@lru_cache(maxsize=128)
def _pair_table(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(n) for b in range(n))


def _adjacency(pairs: list[tuple[int, int]], n: int, directed: bool) -> list[list[int]]:
    """(Out-)neighbors of each rank, in the order of ``pairs``: sorted pairs, sorted lines."""
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for a, b in pairs:
        adjacency[a].append(b)
        if not directed and a != b:
            adjacency[b].append(a)
    return adjacency


def _bfs(adjacency: list[list[int]]) -> list[int]:
    """Ranks in BFS discovery order; each new search starts at the smallest unseen rank."""
    seen = [False] * len(adjacency)
    order: list[int] = []
    for start in range(len(adjacency)):
        if seen[start]:
            continue
        seen[start] = True
        head = len(order)
        order.append(start)
        while head < len(order):
            for v in adjacency[order[head]]:
                if not seen[v]:
                    seen[v] = True
                    order.append(v)
            head += 1
    return order


def _order_edges(pairs: list[tuple[int, int]], n: int, directed: bool, encoding: Encoding,
                 instance_id: str) -> list[tuple[int, int]]:
    order = encoding.order
    if order == "sorted" or (order == "replicated" and directed):
        return pairs
    if order == "replicated":
        return _sorted_pairs([a * n + b for a, b in pairs]
                             + [b * n + a for a, b in pairs if a != b], n)
    if order == "bfs":
        adjacency = _adjacency(pairs, n, directed)
        visit = _bfs(adjacency)
        if directed:
            return [(u, v) for u in visit for v in adjacency[u]]
        # An undirected edge is listed from whichever end the search reaches first.
        position = [0] * n
        for index, u in enumerate(visit):
            position[u] = index
        return [(u, v) for u in visit for v in adjacency[u] if position[u] <= position[v]]
    m = len(pairs)
    keys = random_keys(encoding, instance_id, SALTS[order], 2 * m)
    ordered = _pick(pairs, np.argsort(keys[:m]).tolist())
    if order != "shuffled":  # a stable sort by group keeps the random order within groups
        ordered.sort(key=itemgetter(0 if order == "source_shuffled" else 1))
    if order != "shuffled" or directed:
        return ordered
    # A fully shuffled undirected list also writes each edge in a random direction.
    flips = (keys[m:] < 0.5).tolist()
    return [(b, a) if flip else (a, b) for (a, b), flip in zip(ordered, flips, strict=True)]


def _order_rows(pairs: list[tuple[int, int]], n: int, directed: bool, encoding: Encoding,
                instance_id: str) -> list[tuple[int, list[int]]]:
    """Per-node lists: "source" is the node a line is about, "target" its entries."""
    order = encoding.order
    keys = None
    if order not in ("sorted", "bfs"):
        keys = random_keys(encoding, instance_id, SALTS[order], n + len(pairs))
    if order in ("source_shuffled", "shuffled"):
        # Lines collect their entries in edge order: edges in a random order shuffle every
        # line (each uniformly, though not independently of the others).
        pairs = _pick(pairs, np.argsort(keys[n:]).tolist())
    adjacency = _adjacency(pairs, n, directed)
    if order in ("sorted", "source_shuffled"):
        return list(enumerate(adjacency))
    nodes = _bfs(adjacency) if order == "bfs" else np.argsort(keys[:n]).tolist()
    return [(u, adjacency[u]) for u in nodes]
