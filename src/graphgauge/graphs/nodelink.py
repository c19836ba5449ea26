"""Canonical node-link JSON for graphs inside instances.

networkx's own ``node_link_data`` follows insertion order and its key names changed
across releases; benchmarks must be byte-identical for a fixed seed, so we write one
canonical form ourselves: nodes sorted by id, edges sorted by (source, target), attribute
keys sorted, and undirected edges stored once with source <= target.
"""

from __future__ import annotations

import json
from itertools import chain, islice, pairwise, repeat
from operator import contains, itemgetter, le, lt
from typing import Any

import networkx as nx

from graphgauge.errors import UserError


def to_node_link(graph: nx.Graph) -> dict[str, Any]:
    """Serialize ``graph`` (integer nodes) into a canonical, JSON-ready dict."""
    directed = graph.is_directed()
    nodes = []
    for node in sorted(graph.nodes):
        entry = {"id": node}
        entry.update(sorted(graph.nodes[node].items()))
        nodes.append(entry)
    edges = []
    for u, v, data in graph.edges(data=True):
        if not directed and v < u:
            u, v = v, u
        entry = {"source": u, "target": v}
        entry.update(sorted(data.items()))
        edges.append(entry)
    edges.sort(key=lambda e: (e["source"], e["target"]))
    out: dict[str, Any] = {"directed": directed, "nodes": nodes, "edges": edges}
    if graph.graph:
        out["graph"] = dict(sorted(graph.graph.items()))
    return out


def from_node_link(data: dict[str, Any]) -> nx.Graph:
    """Rebuild a ``Graph``/``DiGraph`` from :func:`to_node_link` output.

    Bulk inserts: scoring rebuilds graphs for verifiable answers inside a run's event loop,
    where per-edge ``add_edge`` calls would cost more than the rest of the scoring.
    """
    try:
        graph: nx.Graph = nx.DiGraph() if data.get("directed") else nx.Graph()
        graph.graph.update(data.get("graph", {}))
        graph.add_nodes_from(
            (node["id"], {k: v for k, v in node.items() if k != "id"}) if len(node) > 1
            else node["id"]
            for node in data["nodes"]
        )
        graph.add_edges_from(
            (edge["source"], edge["target"],
             {k: v for k, v in edge.items() if k != "source" and k != "target"})
            if len(edge) > 2 else (edge["source"], edge["target"])
            for edge in data["edges"]
        )
    except (KeyError, TypeError) as exc:
        raise UserError(f"malformed node-link graph: missing or bad field {exc}") from None
    return graph


_ID, _ENDS = itemgetter("id"), itemgetter("source", "target")
_FIRST, _SECOND = itemgetter(0), itemgetter(1)

#: Edge attributes the renderer writes: an edge without one its neighbours carry would
#: make a prompt without that value (or with another edge's).
RENDERED_ATTRIBUTES = ("weight", "capacity")


def canonical_node_link(data: Any, name: str = "G") -> dict[str, Any]:
    """A node-link graph read from a file, checked and put in :func:`to_node_link`'s form.

    Renderers trust that form (the "sorted" order writes edges as stored, node ids index
    the labels), but a hand-written file need not follow it. A graph already canonical is
    returned as it is (the check is one pass), otherwise a sorted copy; mistakes a
    renderer cannot recover from raise ``UserError`` naming the graph and the edge.
    """
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list) \
            or not isinstance(data.get("edges"), list):
        raise UserError(f"graph {name!r}: not a node-link graph (needs 'nodes' and 'edges' "
                        "lists)")
    nodes, edges, directed = data["nodes"], data["edges"], bool(data.get("directed"))
    try:
        ids = list(map(_ID, nodes))
    except (KeyError, TypeError):
        raise UserError(f"graph {name!r}: every node needs an 'id'") from None
    try:
        ends = list(map(_ENDS, edges))
    except (KeyError, TypeError):
        raise UserError(f"graph {name!r}: every edge needs a 'source' and a 'target'") from None
    n = len(ids)
    in_order = ids == list(range(n))  # as written by to_node_link: nothing to sort
    if set(map(type, ids)) - {int} or not (in_order or sorted(ids) == list(range(n))):
        raise UserError(f"graph {name!r}: node ids must be the integers 0..{n - 1}, "
                        "each once")
    try:
        endpoints = set(chain.from_iterable(ends))
    except TypeError:  # an endpoint that is a list or an object
        endpoints = {None}
    if not (endpoints <= set(range(n)) and set(map(type, endpoints)) <= {int}):
        u, v = next((u, v) for u, v in ends if not (_is_id(u) and _is_id(v))
                    or u >= n or v >= n)
        raise UserError(f"graph {name!r}: edge ({json.dumps(u, default=str)}, "
                        f"{json.dumps(v, default=str)}) names a node that is not in the graph")
    _check_attributes(edges, name)
    # Canonical: nodes in id order, edges strictly increasing (so none twice) and, when
    # undirected, each with source <= target. Tested with map over C functions: reading a
    # benchmark checks every graph of it, and per-edge Python frames cost more than the
    # parse (5,000 graphs: 0.18 -> 0.05 s).
    if in_order and all(map(lt, ends, islice(ends, 1, None))) and (
            directed or all(map(le, map(_FIRST, ends), map(_SECOND, ends)))):
        return data
    oriented = ends if directed else [(u, v) if u <= v else (v, u) for u, v in ends]
    order = sorted(range(len(edges)), key=oriented.__getitem__)
    for a, b in pairwise(order):
        if oriented[a] == oriented[b]:
            u, v = oriented[a]
            raise UserError(f"graph {name!r}: edge ({u}, {v}) is listed twice")
    out = dict(data)
    out["nodes"] = sorted(nodes, key=lambda node: node["id"])
    out["edges"] = [{**edges[i], "source": oriented[i][0], "target": oriented[i][1]}
                    for i in order]
    return out


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_attributes(edges: list[dict], name: str) -> None:
    for attr in RENDERED_ATTRIBUTES:
        having = sum(map(contains, edges, repeat(attr)))
        if 0 < having < len(edges):
            edge = next(edge for edge in edges if attr not in edge)
            raise UserError(f"graph {name!r}: edge ({edge['source']}, {edge['target']}) has no "
                            f"{attr!r} but {having} other edge(s) do; give every edge a "
                            f"{attr} or none")
