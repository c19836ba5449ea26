"""Fast plumbing for arc graphs: building, repainting, edge arrays, serialising, hashing.

A 1,000-node test graph of a dense family (G(n, 0.3), bipartite, two dense parts) has
100k-150k edges, and networkx's generic ``add_edges_from`` / ``copy`` / node-link writer
spend seconds on it per task. Arc graphs are simple: integer nodes with one ``color``
attribute and no edge or graph attributes, so adjacency dicts can be filled directly, a
repainted graph can share the (never mutated) edge structure of its source, and a graph
that shares its source's edges can share its node-link edge list too. Structural rules
never edit a graph: they read its edges as sorted numpy arrays (``edge_arrays``), filter
or extend them, and build the output once (``from_pairs``).

Everything here writes networkx's own internal layout (``_node``, ``_adj``, one data dict
per edge shared by both directions), so the graphs behave like any other ``nx.Graph``.
"""

from __future__ import annotations

import hashlib
from itertools import chain
from operator import itemgetter
from typing import Any

import networkx as nx
import numpy as np

GREY = "grey"


def from_pairs(colours: dict[int, str], u: np.ndarray, v: np.ndarray) -> nx.Graph:
    """A graph on the nodes of ``colours`` (in that order) with the edges ``(u[i], v[i])``.

    The pairs are deduplicated and sorted with numpy first, so each node lists its
    neighbours in increasing id order and the fill loop needs no membership test; one
    data dict per edge is shared by both directions, as networkx keeps it."""
    lo, hi = _canonical(*(np.asarray(ends, dtype=np.int64) for ends in (u, v)))
    graph = nx.Graph()
    graph._node = {node: {"color": colour} for node, colour in colours.items()}
    adj: dict[int, dict[int, dict]] = {node: {} for node in colours}
    for a, b in zip(lo.tolist(), hi.tolist(), strict=True):
        adj[a][b] = adj[b][a] = {}
    graph._adj = adj
    return graph


def _canonical(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct pairs as (smaller, larger) without self-loops, sorted: one integer
    code per pair, sorted and deduplicated (``np.unique`` hashes, several times slower)."""
    keep = u != v
    lo, hi = np.minimum(u[keep], v[keep]), np.maximum(u[keep], v[keep])
    if lo.size == 0:
        return lo, hi
    base, span = int(lo.min()), int(hi.max()) - int(lo.min()) + 1
    codes = np.sort((lo - base) * span + (hi - base))
    codes = codes[np.concatenate(([True], codes[1:] != codes[:-1]))]
    return codes // span + base, codes % span + base


def from_arrays(n: int, lo: np.ndarray, hi: np.ndarray) -> nx.Graph:
    """A grey graph on 0..n-1 with edges ``(lo[i], hi[i])``."""
    return from_pairs(dict.fromkeys(range(n), GREY), lo, hi)


def from_node_link_fast(data: dict) -> nx.Graph:
    """The graph of an arc node-link dict (ids, colours, undirected edges), built from
    edge arrays: networkx's reader spends ~0.1 s on a 150k-edge answer. A self-loop is
    kept (an answer holding one must not match a loop-free gold graph); an edge naming a
    node the dict does not list is a ValueError."""
    colours = {n["id"]: n.get("color", GREY) for n in data["nodes"]}
    edges = data["edges"]
    u = np.fromiter(map(itemgetter("source"), edges), dtype=np.int64, count=len(edges))
    v = np.fromiter(map(itemgetter("target"), edges), dtype=np.int64, count=len(edges))
    ids = np.fromiter(colours, dtype=np.int64, count=len(colours))
    if not (np.isin(u, ids).all() and np.isin(v, ids).all()):
        raise ValueError("an edge names a node the graph does not list")
    graph = from_pairs(colours, u, v)
    for node in u[u == v].tolist():
        graph._adj[node][node] = {}
    return graph


def edge_arrays(graph: nx.Graph) -> tuple[np.ndarray, np.ndarray]:
    """Every edge once as (smaller id, larger id), sorted: read off the adjacency dicts
    in two passes of C loops rather than one Python step per edge. A self-loop (only a
    model's answer can hold one) is listed once as (v, v)."""
    adj = graph._adj
    degrees = np.fromiter(map(len, adj.values()), dtype=np.int64, count=len(adj))
    rows = np.repeat(np.fromiter(adj, dtype=np.int64, count=len(adj)), degrees)
    cols = np.fromiter(chain.from_iterable(adj.values()), dtype=np.int64,
                       count=int(degrees.sum()))
    keep = rows <= cols
    lo, hi = rows[keep], cols[keep]
    order = np.lexsort((hi, lo))
    return lo[order], hi[order]


def colours_of(graph: nx.Graph) -> dict[int, str]:
    return {v: d.get("color", GREY) for v, d in graph._node.items()}


def repaint(graph: nx.Graph, colours: dict[int, str]) -> nx.Graph:
    """``graph`` with the nodes of ``colours`` repainted. The copy shares the edge
    structure of ``graph``: no arc rule mutates a graph's edges in place (structural rules
    build new graphs from edge arrays), and copying 150k edges would dominate a big task."""
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
        lo, hi = edge_arrays(graph)
        edges = [{"source": u, "target": v} for u, v in zip(lo.tolist(), hi.tolist(), strict=True)]
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


def on_triangles(graph: nx.Graph) -> list[int]:
    """The nodes that lie on a triangle, in node order: a node qualifies as soon as one
    neighbour shares a neighbour with it (a C-level set test), so dense graphs stop at
    the first neighbour. ``nx.triangles`` counts every triangle in Python, ~2 s on a
    1,000-node G(n, 0.3) graph. Dense triangle-free graphs (big bipartite ones) stay
    slow, but no family asks for triangles where it promises none."""
    adj = graph._adj
    return [v for v, nbrs in adj.items()
            if any(not nbrs.keys().isdisjoint(adj[u]) for u in nbrs if u != v)]
