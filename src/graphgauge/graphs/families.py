"""Random graph families used by the generated suites.

Every generator takes an explicit ``numpy.random.Generator`` and a node count and returns a
networkx graph on nodes ``0..n-1``. Family parameters that the caller leaves out are drawn
from ``rng`` within documented ranges, so one seed gives one graph everywhere.

Node ids are shuffled after construction (``shuffle=True``, the default): otherwise the
structure leaks through the labels (a path would always read 0-1-2-..., a bipartite graph
would always split into contiguous id blocks, a weakness the serialization study found in
the Erdős benchmark).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import networkx as nx
import numpy as np

from graphgauge.errors import UserError

Family = Callable[..., nx.Graph]


def _seed(rng: np.random.Generator) -> int:
    """An integer seed for networkx generators, drawn from (and advancing) ``rng``."""
    return int(rng.integers(0, 2**31 - 1))


def _uniform(rng: np.random.Generator, low: float, high: float) -> float:
    return float(rng.uniform(low, high))


def ensure_connected(graph: nx.Graph, rng: np.random.Generator) -> nx.Graph:
    """Join the components of an undirected graph with one random edge each, in place."""
    components = [sorted(c) for c in nx.connected_components(graph)]
    components.sort(key=lambda c: c[0])
    for left, right in zip(components, components[1:], strict=False):
        u = left[int(rng.integers(len(left)))]
        v = right[int(rng.integers(len(right)))]
        graph.add_edge(u, v)
    return graph


def erdos_renyi(rng, n, p=None):
    """G(n, p); p drawn from [0.1, 0.5] when not given."""
    p = _uniform(rng, 0.1, 0.5) if p is None else p
    return nx.gnp_random_graph(n, p, seed=_seed(rng))


def watts_strogatz(rng, n, k=None, p=None):
    """Small world: ring lattice with k neighbours (2..4, < n) rewired with probability p."""
    k = min(int(rng.integers(2, 5)), n - 1) if k is None else k
    p = _uniform(rng, 0.05, 0.3) if p is None else p
    return nx.watts_strogatz_graph(n, max(k, 1), p, seed=_seed(rng))


def barabasi_albert(rng, n, m=None):
    """Preferential attachment with m (1..3, < n) edges per new node."""
    m = min(int(rng.integers(1, 4)), n - 1) if m is None else m
    return nx.barabasi_albert_graph(n, max(m, 1), seed=_seed(rng))


def random_tree(rng, n):
    """Uniform random labelled tree, from a random Prüfer sequence."""
    if n <= 2:
        return nx.path_graph(n)
    return nx.from_prufer_sequence([int(x) for x in rng.integers(0, n, size=n - 2)])


def star(rng, n):
    """One hub joined to n-1 leaves."""
    return nx.star_graph(n - 1)


def path(rng, n):
    return nx.path_graph(n)


def cycle(rng, n):
    return nx.cycle_graph(n)


def complete(rng, n):
    return nx.complete_graph(n)


def bipartite(rng, n, p=None):
    """Random bipartite graph: sides of random sizes, each cross pair an edge with prob. p."""
    left = int(rng.integers(1, n)) if n > 1 else 1
    p = _uniform(rng, 0.2, 0.6) if p is None else p
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    mask = rng.random((left, n - left)) < p
    graph.add_edges_from((int(i), int(left + j)) for i, j in zip(*np.nonzero(mask), strict=True))
    return graph


def multi_component(rng, n, parts=None):
    """Disjoint union of 2..3 connected random graphs (sizes split at random)."""
    parts = min(int(rng.integers(2, 4)), n) if parts is None else parts
    cuts = np.sort(rng.choice(np.arange(1, n), size=parts - 1, replace=False)) if parts > 1 else []
    sizes = np.diff(np.concatenate([[0], cuts, [n]])).astype(int)
    graph = nx.Graph()
    offset = 0
    for size in sizes:
        part = ensure_connected(erdos_renyi(rng, int(size), p=_uniform(rng, 0.3, 0.7)), rng)
        graph.add_nodes_from(range(offset, offset + size))
        graph.add_edges_from((u + offset, v + offset) for u, v in part.edges)
        offset += size
    return graph


def grid(rng, n):
    """2-D grid filled row by row; the last row may be partial so that exactly n nodes exist."""
    rows = max(1, int(math.isqrt(n)))
    cols = math.ceil(n / rows)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        r, c = divmod(i, cols)
        if c + 1 < cols and i + 1 < n:
            graph.add_edge(i, i + 1)
        if (r + 1) * cols + c < n:
            graph.add_edge(i, i + cols)
    return graph


def sbm(rng, n, blocks=None, p_in=None, p_out=None):
    """Stochastic block model with 2..4 blocks; dense inside, sparse across."""
    blocks = min(int(rng.integers(2, 5)), n) if blocks is None else blocks
    sizes = np.bincount(rng.integers(0, blocks, size=n), minlength=blocks)
    sizes = [int(s) for s in sizes if s > 0]
    p_in = _uniform(rng, 0.4, 0.8) if p_in is None else p_in
    p_out = _uniform(rng, 0.02, 0.1) if p_out is None else p_out
    probs = [[p_in if i == j else p_out for j in range(len(sizes))] for i in range(len(sizes))]
    graph = nx.stochastic_block_model(sizes, probs, seed=_seed(rng))
    out = nx.Graph()
    out.add_nodes_from(range(n))
    out.add_edges_from(graph.edges)
    return out


def random_dag(rng, n, p=None):
    """Random DAG: a random topological order, each forward pair an arc with probability p."""
    p = _uniform(rng, 0.1, 0.4) if p is None else p
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    mask = np.triu(rng.random((n, n)) < p, k=1)
    graph.add_edges_from((int(i), int(j)) for i, j in zip(*np.nonzero(mask), strict=True))
    return graph


def random_digraph(rng, n, p=None):
    """Directed G(n, p) (cycles allowed), p drawn from [0.05, 0.3]."""
    p = _uniform(rng, 0.05, 0.3) if p is None else p
    return nx.gnp_random_graph(n, p, seed=_seed(rng), directed=True)


def tournament(rng, n):
    """Random tournament: every pair joined by exactly one arc of random direction."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    for u in range(n):
        for v in range(u + 1, n):
            graph.add_edge(*((u, v) if rng.random() < 0.5 else (v, u)))
    return graph


def flow_network(rng, n, p=None, max_capacity=20):
    """Directed network with integer ``capacity`` on arcs, ``source`` 0 and ``sink`` n-1
    (before shuffling; the graph attributes ``source``/``sink`` follow any relabeling).

    A random DAG plus a guaranteed source-to-sink path, so the maximum flow is positive.
    """
    graph = random_dag(rng, n, p=_uniform(rng, 0.15, 0.4) if p is None else p)
    middle = [int(x) for x in rng.permutation(np.arange(1, n - 1))[: max(0, min(3, n - 2))]]
    chain = [0, *sorted(middle), n - 1]
    graph.add_edges_from(zip(chain, chain[1:], strict=False))
    for u, v in graph.edges:
        graph.edges[u, v]["capacity"] = int(rng.integers(1, max_capacity + 1))
    graph.graph.update(source=0, sink=n - 1)
    return graph


def add_weights(graph: nx.Graph, rng: np.random.Generator, low: int = 1, high: int = 10):
    """Give every edge an integer ``weight`` in [low, high], in place (sorted edge order)."""
    for u, v in sorted(graph.edges):
        graph.edges[u, v]["weight"] = int(rng.integers(low, high + 1))
    return graph


FAMILIES: dict[str, Family] = {
    "erdos_renyi": erdos_renyi,
    "watts_strogatz": watts_strogatz,
    "barabasi_albert": barabasi_albert,
    "random_tree": random_tree,
    "star": star,
    "path": path,
    "cycle": cycle,
    "complete": complete,
    "bipartite": bipartite,
    "multi_component": multi_component,
    "grid": grid,
    "sbm": sbm,
    "random_dag": random_dag,
    "random_digraph": random_digraph,
    "tournament": tournament,
    "flow_network": flow_network,
}

# Families whose graphs are undirected; the rest are directed.
UNDIRECTED = frozenset(FAMILIES) - {"random_dag", "random_digraph", "tournament", "flow_network"}


def make_graph(
    family: str,
    rng: np.random.Generator,
    n: int,
    *,
    weighted: bool = False,
    connected: bool = False,
    shuffle: bool = True,
    **params,
) -> nx.Graph:
    """Build one graph of ``family`` with ``n`` nodes.

    ``weighted`` adds integer weights 1..10; ``connected`` joins components (undirected
    families only); ``shuffle`` randomly permutes the node ids (see the module docstring).
    """
    if family not in FAMILIES:
        known = ", ".join(sorted(FAMILIES))
        raise UserError(f"unknown graph family {family!r}; known: {known}")
    if n < 1:
        raise UserError(f"graph size must be at least 1 node, got {n}")
    graph = FAMILIES[family](rng, n, **params)
    if connected and not graph.is_directed():
        ensure_connected(graph, rng)
    if weighted:
        add_weights(graph, rng)
    return shuffle_ids(graph, rng) if shuffle else graph


def shuffle_ids(graph: nx.Graph, rng: np.random.Generator) -> nx.Graph:
    """Randomly permute the node ids (and the ``source``/``sink`` graph attributes that
    name nodes), so that no construction leaks its structure through the labels."""
    perm = rng.permutation(graph.number_of_nodes())
    mapping = {v: int(perm[i]) for i, v in enumerate(sorted(graph.nodes))}
    out = relabel_by(graph, mapping)
    for key in ("source", "sink"):
        if key in out.graph:
            out.graph[key] = mapping[out.graph[key]]
    return out


def relabel_by(graph: nx.Graph, mapping: dict[int, int]) -> nx.Graph:
    """Relabel with ``mapping`` and rebuild in sorted order, so iteration order is canonical."""
    out = graph.__class__()
    out.graph.update(graph.graph)
    out.add_nodes_from(sorted((mapping[v], d) for v, d in graph.nodes(data=True)))
    edges = [(mapping[u], mapping[v], d) for u, v, d in graph.edges(data=True)]
    out.add_edges_from(sorted(edges, key=lambda e: (e[0], e[1])))
    return out
