"""Node splits and k-hop neighbourhoods of a text-attributed graph.

Splits are a seeded permutation of all nodes (60/20/20), so a node's split depends only on
the dataset and the seed: the labels a prompt may show (train nodes only) and the nodes a
GCN trains on are the same set. Neighbourhoods are sampled hop by hop with at most
``max_neighbors`` new nodes per hop, the cap that keeps a prompt readable on hub nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SPLITS = ("train", "val", "test")
FRACTIONS = (0.6, 0.2, 0.2)


def node_splits(n: int, seed: int) -> np.ndarray:
    """Split index (0 train, 1 val, 2 test) of every node."""
    order = np.random.default_rng([seed, 0x5E1]).permutation(n)
    cut = np.cumsum([int(round(f * n)) for f in FRACTIONS[:-1]])
    out = np.empty(n, dtype=np.int64)
    for index, part in enumerate(np.split(order, cut)):
        out[part] = index
    return out


def undirected_neighbors(edge_index: np.ndarray, n: int) -> list[np.ndarray]:
    """Sorted neighbour ids of every node, links followed in both directions."""
    import scipy.sparse as sp

    src, dst = np.asarray(edge_index, dtype=np.int64)
    adj = sp.coo_matrix((np.ones(len(src), dtype=np.int8), (src, dst)), shape=(n, n)).tocsr()
    adj = ((adj + adj.T) > 0).tocsr()
    adj.setdiag(0)
    adj.eliminate_zeros()
    adj.sort_indices()
    return [adj.indices[adj.indptr[i]:adj.indptr[i + 1]] for i in range(n)]


@dataclass(frozen=True)
class Neighborhood:
    """Sampled nodes in BFS order (``nodes[0]`` is the centre), the hop of each and the
    position of the node it was reached from (-1 for the centre)."""

    nodes: tuple[int, ...]
    hops: tuple[int, ...]
    parents: tuple[int, ...]


def sample_neighborhood(
    neighbors: list[np.ndarray], center: int, hops: int, max_neighbors: int,
    rng: np.random.Generator,
) -> Neighborhood:
    nodes, hop_of, parents = [center], [0], [-1]
    seen = {center}
    frontier = [0]
    for hop in range(1, hops + 1):
        candidates: dict[int, int] = {}  # node -> position of the first frontier node
        for position in frontier:
            for v in neighbors[nodes[position]].tolist():
                if v not in seen and v not in candidates:
                    candidates[v] = position
        chosen = sorted(candidates)
        if len(chosen) > max_neighbors:
            picked = rng.choice(len(chosen), size=max_neighbors, replace=False)
            chosen = [chosen[i] for i in sorted(picked.tolist())]
        frontier = []
        for v in chosen:
            seen.add(v)
            frontier.append(len(nodes))
            nodes.append(v)
            hop_of.append(hop)
            parents.append(candidates[v])
    return Neighborhood(tuple(nodes), tuple(hop_of), tuple(parents))
