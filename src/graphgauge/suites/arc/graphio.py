"""Fast plumbing for arc graphs: building, repainting, copying, serialising, hashing.

A 1,000-node test graph of a dense family (G(n, 0.3), bipartite, two dense parts) has
100k-150k edges, and networkx's generic ``add_edges_from`` / ``copy`` / node-link writer
spend seconds on it per task. Arc graphs are simple: integer nodes with one ``color``
attribute and no edge or graph attributes, so adjacency dicts can be filled directly, a
repainted graph can share the (never mutated) edge structure of its source, and a graph
that shares its source's edges can share its node-link edge list too.

Everything here writes networkx's own internal layout (``_node``, ``_adj``, one data dict
per edge shared by both directions), so the graphs behave like any other ``nx.Graph``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

import networkx as nx
import numpy as np

GREY = "grey"


def build_graph(colours: dict[int, str], edges: Iterable[tuple[int, int]]) -> nx.Graph:
    """A graph on the nodes of ``colours`` (in that order) with ``edges``."""
    graph = nx.Graph()
    graph._node = {v: {"color": c} for v, c in colours.items()}
    adj: dict[int, dict[int, dict]] = {v: {} for v in colours}
    for u, v in edges:
        if u != v:
            data = adj[u].get(v)
            if data is None:
                data = {}
                adj[u][v] = data
                adj[v][u] = data
    graph._adj = adj
    return graph


def from_arrays(n: int, lo: np.ndarray, hi: np.ndarray) -> nx.Graph:
    """A grey graph on 0..n-1 with edges ``(lo[i], hi[i])``, added in sorted order."""
    order = np.lexsort((hi, lo))
    return build_graph(dict.fromkeys(range(n), GREY),
                       zip(lo[order].tolist(), hi[order].tolist(), strict=True))


def edges_of(graph: nx.Graph) -> list[tuple[int, int]]:
    """Every edge once as (smaller id, larger id), in adjacency order."""
    return [(u, v) for u, nbrs in graph._adj.items() for v in nbrs if u < v]


def copy_graph(graph: nx.Graph) -> nx.Graph:
    """An independent copy (what ``graph.copy()`` gives, without its per-edge overhead)."""
    return build_graph({v: d.get("color", GREY) for v, d in graph._node.items()},
                       edges_of(graph))


def repaint(graph: nx.Graph, colours: dict[int, str]) -> nx.Graph:
    """``graph`` with the nodes of ``colours`` repainted. The copy shares the edge
    structure of ``graph``: no arc rule mutates a graph's edges in place (structural rules
    work on a ``copy_graph``), and copying 150k edges would dominate a big task."""
    out = nx.Graph()
    out._node = {v: {**d, "color": colours[v]} if v in colours else dict(d)
                 for v, d in graph._node.items()}
    out._adj = graph._adj
    return out


def shares_edges(a: nx.Graph, b: nx.Graph) -> bool:
    """True when ``b`` is a repaint of ``a`` (or the other way round): same edges."""
    return a._adj is b._adj


def node_link(graph: nx.Graph, like: tuple[nx.Graph, dict] | None = None) -> dict[str, Any]:
    """The canonical node-link dict of ``graph`` (equal to ``to_node_link``'s for arc
    graphs). ``like`` = (a graph, its node-link dict): when ``graph`` shares that graph's
    edges, the edge list is shared instead of rebuilt."""
    nodes = [{"id": v, **dict(sorted(graph._node[v].items()))} for v in sorted(graph._node)]
    if like is not None and shares_edges(graph, like[0]):
        edges = like[1]["edges"]
    else:
        edges = [{"source": u, "target": v} for u, v in sorted(edges_of(graph))]
    return {"directed": False, "nodes": nodes, "edges": edges}


def digest(graphs: dict[str, dict]) -> str:
    """A content hash of node-link graphs, from their ids, colours and edge arrays:
    serialising a 150k-edge graph to canonical JSON just to hash it costs ~0.5 s."""
    sha = hashlib.sha256()
    for name in sorted(graphs):
        graph = graphs[name]
        sha.update(name.encode() + b"\0")
        sha.update(" ".join(f"{n['id']}:{n.get('color', GREY)}" for n in graph["nodes"])
                   .encode() + b"\0")
        for end in ("source", "target"):
            sha.update(np.fromiter(map(itemgetter(end), graph["edges"]), dtype=np.int64,
                                   count=len(graph["edges"])).tobytes())
    return sha.hexdigest()[:16]
