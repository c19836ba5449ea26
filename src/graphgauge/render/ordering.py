"""Which edges, or which per-node lines, come in which order: the "order" of an encoding.

Orders work on a ``RankedGraph`` (sorted rank pairs) and never look at labels or syntax.
Shuffles sort by uniform keys from a stream seeded by (encoding seed, instance id, order),
so an instance is shuffled the same way in every run and every syntax.
"""

from __future__ import annotations

from operator import itemgetter

import numpy as np

from graphgauge.render.encoding import Encoding
from graphgauge.render.labeling import random_keys
from graphgauge.render.ranking import RankedGraph, adjacency, pick, sorted_pairs

# Distinct random streams per order: "shuffled" is not "source_shuffled" with more steps.
SALTS = {"source_shuffled": 1, "target_shuffled": 2, "shuffled": 3}


def order_edges(graph: RankedGraph, encoding: Encoding,
                instance_id: str) -> list[tuple[int, int]]:
    """The edge list in display order."""
    order, pairs, n, directed = encoding.order, graph.pairs, graph.n, graph.directed
    if order == "sorted" or (order == "replicated" and directed):
        return pairs
    if order == "replicated":
        return sorted_pairs([a * n + b for a, b in pairs]
                            + [b * n + a for a, b in pairs if a != b], n)
    if order == "bfs":
        return _bfs_edges(graph)
    m = len(pairs)
    keys = random_keys(encoding, instance_id, SALTS[order], 2 * m)
    ordered = pick(pairs, np.argsort(keys[:m]).tolist())
    if order != "shuffled":  # a stable sort by group keeps the random order within groups
        ordered.sort(key=itemgetter(0 if order == "source_shuffled" else 1))
    if order != "shuffled" or directed:
        return ordered
    # A fully shuffled undirected list also writes each edge in a random direction.
    flips = (keys[m:] < 0.5).tolist()
    return [(b, a) if flip else (a, b) for (a, b), flip in zip(ordered, flips, strict=True)]


def _bfs_edges(graph: RankedGraph) -> list[tuple[int, int]]:
    """Edges by the BFS position of their first end; an undirected edge is listed from
    whichever end the search reaches first."""
    lists, visit = graph.adjacency(), graph.bfs_order()
    if graph.directed:
        return [(u, v) for u in visit for v in lists[u]]
    position = [0] * graph.n
    for index, u in enumerate(visit):
        position[u] = index
    return [(u, v) for u in visit for v in lists[u] if position[u] <= position[v]]


def order_rows(graph: RankedGraph, encoding: Encoding,
               instance_id: str) -> list[tuple[int, list[int]]]:
    """Per-node lists in display order: "source" is the node a line is about, "target"
    its entries."""
    order, n = encoding.order, graph.n
    if order == "sorted":
        return list(enumerate(graph.adjacency()))
    if order == "bfs":
        lists = graph.adjacency()
        return [(u, lists[u]) for u in graph.bfs_order()]
    keys = random_keys(encoding, instance_id, SALTS[order], n + len(graph.pairs))
    if order == "target_shuffled":
        lists = graph.adjacency()
    else:
        # Lines collect their entries in edge order: edges in a random order shuffle every
        # line (each uniformly, though not independently of the others).
        lists = adjacency(pick(graph.pairs, np.argsort(keys[n:]).tolist()), n, graph.directed)
        if order == "source_shuffled":
            return list(enumerate(lists))
    return [(u, lists[u]) for u in np.argsort(keys[:n]).tolist()]
