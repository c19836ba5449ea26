"""Shared graph plumbing for the perturbations: the simple-undirected view and rebuilding ``Data``.

Every structural perturbation in GTaxoGym first reduces a graph to S(G) — both edge
directions, no self loops, no duplicates, unweighted — and most write edges back in both
directions with edge attributes dropped; keeping that in one place keeps them consistent.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def num_nodes_of(data: Any) -> int:
    return int(data.num_nodes)


def simple_undirected(data: Any) -> np.ndarray:
    """S(G) as a (2, E) int64 array holding each undirected edge in both directions, sorted."""
    ei = data.edge_index.cpu().numpy()
    if ei.size == 0:
        return np.zeros((2, 0), dtype=np.int64)
    both = np.concatenate([ei, ei[::-1]], axis=1)
    both = both[:, both[0] != both[1]]
    n = num_nodes_of(data)
    keys = np.unique(both[0].astype(np.int64) * n + both[1])
    return np.stack([keys // n, keys % n]).astype(np.int64)


def adjacency(edges: np.ndarray, n: int):
    """Unweighted scipy CSR adjacency of a (2, E) edge array (duplicates collapse to 1)."""
    import scipy.sparse as sp

    a = sp.coo_matrix((np.ones(edges.shape[1]), (edges[0], edges[1])), shape=(n, n)).tocsr()
    a.data[:] = 1.0
    return a


def with_edges(data: Any, edges: np.ndarray, keep_edge_attr: bool = False) -> Any:
    """A copy of ``data`` with a new edge set; edge attributes dropped unless told otherwise."""
    import torch

    out = data.clone()
    out.edge_index = torch.from_numpy(np.ascontiguousarray(edges, dtype=np.int64))
    if not keep_edge_attr and "edge_attr" in out:
        del out.edge_attr
    return out


def with_features(data: Any, x: np.ndarray) -> Any:
    import torch

    out = data.clone()
    out.x = torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32))
    return out


def keep_within_groups(edges: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Edges whose two endpoints carry the same group id (fragment/component)."""
    return edges[:, group[edges[0]] == group[edges[1]]]
