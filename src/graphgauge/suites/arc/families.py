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
from graphgauge.suites.arc.graphio import from_arrays
from graphgauge.suites.arc.properties import PROPERTIES, Tri

# Below this, several families degenerate (a 4-node star has a degree-3 hub, two
# components of 2 nodes are single edges) and their property promises would not hold.
MIN_NODES = 5


# a list of (u, v) pairs or an (m, 2) integer array
Edges = list[tuple[int, int]] | np.ndarray


@dataclass(frozen=True)
class Family:
    name: str
    # (rng, n) -> the edges of a graph on nodes 0..n-1
    build: Callable[[np.random.Generator, int], Edges]
    # property -> (promise, size from which it turns FALSE, or None)
    promises: dict[str, tuple[Tri, int | None]]

    def promise(self, prop: str, n: int) -> Tri:
        """The promise for graphs of ``n`` nodes: MAYBE properties that (nearly) never
        hold from some size on (degree-1 nodes in G(50, 0.3)) are FALSE there, so that
        cells asking for them are skipped instead of burning their retry budget."""
        tri, false_from = self.promises[prop]
        return Tri.FALSE if false_from is not None and n >= false_from else tri

    def sample(self, rng: np.random.Generator, n: int) -> nx.Graph:
        """A graph of the family with shuffled ids, every node grey. Built once from an
        edge list: sampling is most of the cost of generating a benchmark."""
        if n < MIN_NODES:
            raise UserError(f"arc graphs need at least {MIN_NODES} nodes, got a size of {n}")
        edges = np.asarray(self.build(rng, n), dtype=np.int64).reshape(-1, 2)
        perm = rng.permutation(n)
        u, v = perm[edges[:, 0]], perm[edges[:, 1]]
        return from_arrays(n, np.minimum(u, v), np.maximum(u, v))


def gnp_edges(rng: np.random.Generator, n: int, p: float) -> Edges:
    """G(n, p) from one vectorised draw: networkx's pure-Python loop would dominate the
    time of a 1,000-node test graph."""
    rows, cols = np.triu_indices(n, k=1)
    keep = rng.random(rows.size) < p
    return np.column_stack((rows[keep], cols[keep]))


def _connect(n: int, edges: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``edges`` plus one random edge joining each component to the next (components
    ordered by their smallest node), as graphs.families.ensure_connected does, on arrays:
    the parts of a 1,000-node two-component graph hold ~100k edges."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    matrix = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n))
    _, labels = connected_components(matrix, directed=False)
    components = sorted((np.flatnonzero(labels == c) for c in np.unique(labels)),
                        key=lambda c: c[0])
    joins = [(int(left[rng.integers(len(left))]), int(right[rng.integers(len(right))]))
             for left, right in zip(components, components[1:], strict=False)]
    return np.concatenate([edges, np.array(joins, dtype=edges.dtype).reshape(-1, 2)])


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
    rows, cols = np.nonzero(rng.random((left, n - left)) < 0.4)
    return np.column_stack((rows, cols + left))


def two_components(rng, n):
    """Exactly two connected components of random sizes; one may be a single node, which
    lets a 5-node graph have a degree-3 node or a triangle (2 + 3 nodes cannot)."""
    left = int(rng.integers(1, n))
    return np.concatenate([_connect(size, gnp_edges(rng, size, 0.4), rng) + offset
                           for offset, size in ((0, left), (left, n - left))])


# Every family's promise for every property (T = always, F = never, ? = depends on the
# draw; "?<k": depends on the draw under k nodes, FALSE from k nodes on because it then
# holds in under ~5% of draws, and less with size: rejection sampling would burn its
# budget on it), for graphs of at least MIN_NODES nodes. Columns follow PROPERTIES' order.
# Measured rates are in docs/arc.md.
_PROMISES = """
             connected disconnected tree bipartite triangle edge deg1  deg2  deg3 dist3 nearmax
erdos_renyi      ?       ?<25      ?<10  ?<15        ?       ?   ?<50  ?<50  ?<50   ?      ?
watts_strogatz   T        F         F    ?<10        ?       T   ?<10   ?     ?     ?      ?
tree             T        F         T     T          F       T    T     ?     ?     ?      ?
star             T        F         T     T          F       T    T     F     F     F      F
bipartite        ?       ?<500     ?<10   T          F       ?  ?<500 ?<500 ?<500   ?      ?
two_components   F        T         F    ?<15        ?       T  ?<250 ?<500 ?<500   ?      ?
"""
_BUILDERS = {"erdos_renyi": erdos_renyi, "watts_strogatz": watts_strogatz, "tree": bfs_tree,
             "star": star, "bipartite": bipartite, "two_components": two_components}


def _promise(mark: str) -> tuple[Tri, int | None]:
    symbols = {"T": Tri.TRUE, "F": Tri.FALSE, "?": Tri.MAYBE}
    symbol, _, false_from = mark.partition("<")
    return symbols[symbol], int(false_from) if false_from else None


def _families() -> dict[str, Family]:
    lines = _PROMISES.strip().splitlines()[1:]
    out = {}
    for line in lines:
        name, *marks = line.split()
        out[name] = Family(name, _BUILDERS[name],
                           dict(zip(PROPERTIES, map(_promise, marks), strict=True)))
    return out


FAMILIES: dict[str, Family] = _families()


def get_family(name: str) -> Family:
    if name not in FAMILIES:
        raise UserError(f"unknown arc family {name!r}; available: {', '.join(FAMILIES)}")
    return FAMILIES[name]
