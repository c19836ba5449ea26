"""A graph in rank space: its edges between label-order positions, before any layout.

Every layout of an instance under one labeling starts from the same sorted rank pairs,
header sentence, sorted adjacency and (for "bfs") the same search order. A study renders
each instance in a dozen structures and orders per labeling, so these are computed once
per (graph, labeling) in a ``RankedGraph`` (the adjacency and the search on first use)
and shared by its layouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from graphgauge.render.labeling import Labeling

_ENDS = itemgetter("source", "target")
# Decoding sorted codes a * n + b through a table of all n² pairs pays for small graphs;
# larger ones decode arithmetically rather than hold a table that size.
PAIR_TABLE_NODES = 64
Item = TypeVar("Item")


class EdgeValues:
    """The attribute values of a graph's edges (``rows``, one tuple per edge) and the edge
    of each rank pair (``index``; both ways when undirected).

    Their texts in each syntax's notation are formatted once and kept: every layout and
    syntax of a graph under one labeling writes the same values, and formatting them was
    most of an attributed rendering.
    """

    __slots__ = ("rows", "index", "_texts")

    def __init__(self, rows: list[tuple], index: dict[tuple[int, int], int]):
        self.rows = rows
        self.index = index
        self._texts: dict[tuple, tuple[str, ...]] = {}

    def __getitem__(self, pair: tuple[int, int]) -> tuple:
        return self.rows[self.index[pair]]

    def texts(self, before: tuple[str, ...], after: tuple[str, ...],
              close: str) -> tuple[str, ...]:
        """Per edge: value i between ``before[i]`` and ``after[i]`` (default ""), then
        ``close``."""
        key = (before, after, close)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = _value_texts(self.rows, before, after, close)
        return found


def _value_texts(rows: list[tuple], before: tuple[str, ...], after: tuple[str, ...],
                 close: str) -> tuple[str, ...]:
    after = after + ("",) * (len(before) - len(after))  # omitted: nothing after a value
    if len(before) == 1:
        b, a = before[0], after[0] + close
        return tuple([f"{b}{v[0]}{a}" for v in rows])
    b0, b1, a0, a1 = before[0], before[1], after[0], after[1] + close
    return tuple([f"{b0}{v[0]}{a0}{b1}{v[1]}{a1}" for v in rows])


# A cached attributed graph may come to hold its values' texts in this many notations:
# Erdős, neighbor lists, JSON, Markdown, NetworkX, PyG, GraphML and DOT.
VALUE_NOTATIONS = 8


class RankedGraph:
    """One graph under one labeling: ranks 0..n-1 are positions in label order."""

    __slots__ = ("head", "n", "directed", "attrs", "labels", "pairs", "values",
                 "_adjacency", "_visit")

    def __init__(self, graph: dict[str, Any], labeling: Labeling):
        edges = graph["edges"]
        self.n = n = len(graph["nodes"])
        self.directed = directed = bool(graph.get("directed"))
        # Generated graphs carry an attribute on every edge or on none: the first edge tells.
        first = edges[0] if edges else {}
        self.attrs = attrs = tuple(name for name in ("weight", "capacity") if name in first)
        self.labels = labeling.by_rank
        self.head = head_sentence(n, directed, "weight" in attrs, labeling.by_rank)
        self.pairs, self.values = _ranked_edges(edges, directed, attrs, labeling.rank)
        self._adjacency: list[list[int]] | None = None
        self._visit: list[int] | None = None

    @property
    def weight(self) -> int:
        """What it holds, in edges (see ``GraphCache``)."""
        size = len(self.pairs) + 1
        return size if self.values is None else size * (1 + VALUE_NOTATIONS)

    def adjacency(self) -> list[list[int]]:
        """(Out-)neighbors of each rank in sorted order; shared by layouts, never mutated."""
        if self._adjacency is None:
            self._adjacency = adjacency(self.pairs, self.n, self.directed)
        return self._adjacency

    def bfs_order(self) -> list[int]:
        """Ranks in BFS discovery order; each new search starts at the smallest unseen rank."""
        if self._visit is None:
            self._visit = _bfs(self.adjacency())
        return self._visit


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


def _ranked_edges(edges: list[dict], directed: bool, attrs: tuple[str, ...],
                  rank: tuple[int, ...] | None) -> tuple[list, EdgeValues | None]:
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
        pairs = sorted_pairs(codes, n)
    if not attrs:
        return pairs, None
    columns = [list(map(itemgetter(name), edges)) for name in attrs]
    index = {key: position for position, key in enumerate(keys)}
    if not directed:  # looked up from either end; a digraph may hold both arcs
        index.update({(b, a): position for position, (a, b) in enumerate(keys)})
    return pairs, EdgeValues(list(zip(*columns, strict=True)), index)


def sorted_pairs(codes: list[int], n: int) -> list[tuple[int, int]]:
    """Pairs (a, b) coded as a * n + b, sorted: sorting integers is several times faster
    than sorting tuples, and decoding is a table lookup."""
    codes.sort()
    if n > PAIR_TABLE_NODES:
        return [divmod(code, n) for code in codes]
    return pick(_pair_table(n), codes)


def pick(items: Sequence[Item], indices: list[int]) -> list[Item]:
    """[items[i] for i in indices] in one C call (itemgetter returns a tuple for 2+ keys)."""
    if len(indices) > 1:
        return list(itemgetter(*indices)(items))
    return [items[i] for i in indices]


@lru_cache(maxsize=PAIR_TABLE_NODES)
def _pair_table(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(n) for b in range(n))


def adjacency(pairs: list[tuple[int, int]], n: int, directed: bool) -> list[list[int]]:
    """(Out-)neighbors of each rank, in the order of ``pairs``: sorted pairs, sorted lines."""
    lists: list[list[int]] = [[] for _ in range(n)]
    for a, b in pairs:
        lists[a].append(b)
        if not directed and a != b:
            lists[b].append(a)
    return lists


def _bfs(lists: list[list[int]]) -> list[int]:
    seen = [False] * len(lists)
    order: list[int] = []
    for start in range(len(lists)):
        if seen[start]:
            continue
        seen[start] = True
        head = len(order)
        order.append(start)
        while head < len(order):
            for v in lists[order[head]]:
                if not seen[v]:
                    seen[v] = True
                    order.append(v)
            head += 1
    return order
