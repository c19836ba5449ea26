"""Canonical node-link JSON for graphs inside instances.

networkx's own ``node_link_data`` follows insertion order and its key names changed
across releases; benchmarks must be byte-identical for a fixed seed, so we write one
canonical form ourselves: nodes sorted by id, edges sorted by (source, target), attribute
keys sorted, and undirected edges stored once with source <= target.
"""

from __future__ import annotations

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
