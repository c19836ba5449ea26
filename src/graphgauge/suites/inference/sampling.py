"""2-hop ego-graphs around hubs, the shared raw material of all five tasks.

Per the paper: a hub has in-degree >= 3 and a non-empty title; up to 10 neighbours are
drawn for the first hop and up to 10 new neighbours of each first-hop node for the
second, so an ego-graph has at most 1 + 10 + 100 = 111 nodes. Edges are the subgraph the
TAG induces on the drawn nodes. Everything is numpy over CSR arrays: the benchmark
samples thousands of candidates per task.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from graphgauge.datasets.tag import TAG

MAX_PER_HOP = 10
MIN_HUB_IN_DEGREE = 3


@dataclass(frozen=True)
class Ego:
    hub: int
    nodes: np.ndarray   # global ids: hub first, then hop 1, then hop 2
    hops: np.ndarray    # 0, 1 or 2 per node
    edges: np.ndarray   # (m, 2) positions into ``nodes``; undirected: each pair once, u < v


def _csr(sources: np.ndarray, targets: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    order = np.argsort(sources, kind="stable")
    ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(sources, minlength=n), out=ptr[1:])
    return ptr, targets[order]


class Sampler:
    """Ego-graph sampling and induced subgraphs over one TAG."""

    def __init__(self, tag: TAG, per_hop: int = MAX_PER_HOP,
                 min_in_degree: int = MIN_HUB_IN_DEGREE) -> None:
        self.tag, self.per_hop = tag, per_hop
        n = tag.num_nodes()
        src, dst = tag.edge_index
        # Out-edges give the edge list; neighbourhoods ignore direction (a citing paper
        # and a cited one are both context).
        self.out_ptr, self.out_idx = _csr(src, dst, n)
        both_src = np.concatenate([src, dst]) if tag.directed else src
        both_dst = np.concatenate([dst, src]) if tag.directed else dst
        self.nb_ptr, self.nb_idx = _csr(both_src, both_dst, n)
        if tag.directed:  # a node linked both ways appears twice: dedupe per node
            keys = np.unique(both_src.astype(np.int64) * n + both_dst)
            self.nb_ptr, self.nb_idx = _csr(keys // n, keys % n, n)
        in_degree = np.bincount(dst, minlength=n)
        has_text = np.array([bool(title.strip()) for title in tag.titles])
        self.hubs = np.flatnonzero((in_degree >= min_in_degree) & has_text)
        self._position = np.full(n, -1, dtype=np.int64)

    def neighbours(self, node: int) -> np.ndarray:
        return self.nb_idx[self.nb_ptr[node]:self.nb_ptr[node + 1]]

    def ego(self, hub: int, rng: np.random.Generator) -> Ego:
        taken = {hub}
        hop1 = self._draw(self.neighbours(hub), taken, rng)
        hop2: list[int] = []
        for node in hop1:
            hop2 += self._draw(self.neighbours(node), taken, rng)
        nodes = np.array([hub, *hop1, *hop2], dtype=np.int64)
        hops = np.array([0] + [1] * len(hop1) + [2] * len(hop2), dtype=np.int64)
        return Ego(hub, nodes, hops, self.induced(nodes))

    def _draw(self, candidates: np.ndarray, taken: set[int],
              rng: np.random.Generator) -> list[int]:
        fresh = [int(c) for c in candidates if int(c) not in taken]
        if len(fresh) > self.per_hop:
            fresh = [fresh[i] for i in sorted(rng.choice(len(fresh), self.per_hop,
                                                         replace=False))]
        taken.update(fresh)
        return fresh

    def induced(self, nodes: np.ndarray) -> np.ndarray:
        """Edges among ``nodes`` as (m, 2) positions; undirected pairs once with u < v."""
        position = self._position
        position[nodes] = np.arange(len(nodes))
        try:
            starts, ends = self.out_ptr[nodes], self.out_ptr[nodes + 1]
            counts = ends - starts
            if counts.sum() == 0:
                return np.zeros((0, 2), dtype=np.int64)
            offsets = np.repeat(starts - np.cumsum(counts) + counts, counts)
            targets = self.out_idx[np.arange(counts.sum()) + offsets]
            sources = np.repeat(np.arange(len(nodes)), counts)
            local = position[targets]
            keep = local >= 0
            pairs = np.stack([sources[keep], local[keep]], axis=1)
        finally:
            position[nodes] = -1
        if not self.tag.directed:
            pairs = pairs[pairs[:, 0] < pairs[:, 1]]
        order = np.lexsort((pairs[:, 1], pairs[:, 0]))
        return pairs[order]
