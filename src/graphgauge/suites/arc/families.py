"""The six graph families of GraphARC, each with its property promises.

Node ids are shuffled after construction so that no family leaks its structure through
the numbering (a star's hub is not always node 0). Every node starts grey. Builders return
edge lists; the networkx graph is made once, already shuffled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx
import numpy as np

from graphgauge.errors import UserError
from graphgauge.graphs.families import ensure_connected
from graphgauge.suites.arc.properties import PROPERTIES, Tri

GREY = "grey"
# Below this, several families degenerate (a 4-node star has a degree-3 hub, two
# components of 2 nodes are single edges) and their property promises would not hold.
MIN_NODES = 5


Edges = list[tuple[int, int]]


@dataclass(frozen=True)
class Family:
    name: str
    # (rng, n) -> the edges of a graph on nodes 0..n-1
    build: Callable[[np.random.Generator, int], Edges]
    promises: dict[str, Tri]

    def promise(self, prop: str) -> Tri:
        return self.promises[prop]

    def sample(self, rng: np.random.Generator, n: int) -> nx.Graph:
        """A graph of the family with shuffled ids, every node grey. Built once from an
        edge list: sampling is most of the cost of generating a benchmark."""
        if n < MIN_NODES:
            raise UserError(f"arc graphs need at least {MIN_NODES} nodes, got a size of {n}")
        edges = self.build(rng, n)
        perm = rng.permutation(n).tolist()
        graph = nx.Graph()
        graph.add_nodes_from(range(n), color=GREY)
        graph.add_edges_from(sorted((min(perm[u], perm[v]), max(perm[u], perm[v]))
                                    for u, v in edges))
        return graph


def gnp_edges(rng: np.random.Generator, n: int, p: float) -> Edges:
    """G(n, p) from one vectorised draw: networkx's pure-Python loop would dominate the
    time of a 1,000-node test graph."""
    rows, cols = np.triu_indices(n, k=1)
    keep = rng.random(rows.size) < p
    return list(zip(rows[keep].tolist(), cols[keep].tolist(), strict=True))


def _connect(n: int, edges: Edges, rng: np.random.Generator) -> Edges:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    return list(ensure_connected(graph, rng).edges)


def erdos_renyi(rng, n):
    return gnp_edges(rng, n, 0.3)


def _watts_strogatz(rng, n) -> Edges:
    """Ring lattice of degree k (4; 2 under 10 nodes, where 4 would make a 5-node graph
    complete), each lattice edge rewired to a random new endpoint with probability 0.3."""
    k = 4 if n >= 10 else 2
    adjacent = {v: set() for v in range(n)}
    for j in range(1, k // 2 + 1):
        for u in range(n):
            adjacent[u].add((u + j) % n)
            adjacent[(u + j) % n].add(u)
    for j in range(1, k // 2 + 1):
        for u in range(n):
            v = (u + j) % n
            if rng.random() < 0.3 and v in adjacent[u] and len(adjacent[u]) < n - 1:
                w = int(rng.integers(n))
                while w == u or w in adjacent[u]:
                    w = int(rng.integers(n))
                adjacent[u].discard(v)
                adjacent[v].discard(u)
                adjacent[u].add(w)
                adjacent[w].add(u)
    return [(u, v) for u in adjacent for v in adjacent[u] if u < v]


def watts_strogatz(rng, n):
    """Connected Watts-Strogatz graph: redrawn until connected (rarely needed)."""
    while True:
        edges = _watts_strogatz(rng, n)
        graph = nx.Graph(edges)
        if graph.number_of_nodes() == n and nx.is_connected(graph):
            return edges


def bfs_tree(rng, n):
    """BFS spanning tree of a connected Watts-Strogatz graph, from a random root."""
    base = nx.Graph(watts_strogatz(rng, n))
    return list(nx.bfs_edges(base, int(rng.integers(n))))


def star(rng, n):
    return [(0, v) for v in range(1, n)]


def bipartite(rng, n):
    """Two sides of at least two nodes; each cross pair is an edge with probability 0.4."""
    left = int(rng.integers(2, n - 1))
    mask = rng.random((left, n - left)) < 0.4
    return [(int(i), int(left + j)) for i, j in zip(*np.nonzero(mask), strict=True)]


def two_components(rng, n):
    """Exactly two connected components of random sizes (each at least two nodes)."""
    left = int(rng.integers(2, n - 1))
    edges: Edges = []
    for offset, size in ((0, left), (left, n - left)):
        part = _connect(size, gnp_edges(rng, size, 0.4), rng)
        edges += [(u + offset, v + offset) for u, v in part]
    return edges


# Every family's promise for every property (T = always, F = never, ? = depends on the
# draw), for graphs of at least MIN_NODES nodes. Columns follow PROPERTIES' order.
_PROMISES = """
                connected disconnected tree bipartite has_triangle has_edge deg1 deg2 deg3
erdos_renyi         ?          ?        ?       ?          ?          ?      ?    ?    ?
watts_strogatz      T          F        F       ?          ?          T      ?    ?    ?
tree                T          F        T       T          F          T      T    ?    ?
star                T          F        T       T          F          T      T    F    F
bipartite           ?          ?        ?       T          F          ?      ?    ?    ?
two_components      F          T        F       ?          ?          T      ?    ?    ?
"""
_BUILDERS = {"erdos_renyi": erdos_renyi, "watts_strogatz": watts_strogatz, "tree": bfs_tree,
             "star": star, "bipartite": bipartite, "two_components": two_components}


def _families() -> dict[str, Family]:
    symbols = {"T": Tri.TRUE, "F": Tri.FALSE, "?": Tri.MAYBE}
    lines = _PROMISES.strip().splitlines()[1:]
    out = {}
    for line in lines:
        name, *marks = line.split()
        out[name] = Family(name, _BUILDERS[name],
                           dict(zip(PROPERTIES, (symbols[m] for m in marks), strict=True)))
    return out


FAMILIES: dict[str, Family] = _families()


def get_family(name: str) -> Family:
    if name not in FAMILIES:
        raise UserError(f"unknown arc family {name!r}; available: {', '.join(FAMILIES)}")
    return FAMILIES[name]
