"""The Erdős benchmark's graph sentence, written independently of the renderer.

The default encoding must reproduce it byte for byte (tests/render/test_encodings.py), and
benchmarks/render.py times it as a yardstick for the encodings.
"""

from __future__ import annotations

from typing import Any


def describe_graph(graph: dict[str, Any]) -> str:
    """'Here is an undirected graph with nodes 0..n-1. The edges are: (0, 1), …'.

    Works on the canonical node-link form (edges already sorted), so rendering never
    builds a networkx graph: at thousands of prompts that would dominate a run.
    """
    n = len(graph["nodes"])
    edges = graph["edges"]
    directed = bool(graph.get("directed"))
    # Generated graphs carry an attribute on every edge or on none: the first edge tells.
    first = edges[0] if edges else {}
    weighted, capacity = "weight" in first, "capacity" in first
    kind = "a directed" if directed else "an undirected"
    nodes = f"nodes 0..{n - 1}" if n > 1 else "node 0"
    head = f"Here is {kind}{' weighted' if weighted else ''} graph with {nodes}."
    if capacity:
        head += " Each edge (u, v, capacity c) goes from u to v and has capacity c."
    elif weighted:
        head += " Each edge (u, v, weight w) has weight w."
    elif directed:
        head += " Each edge (u, v) goes from u to v."
    if not edges:
        return head + " The graph has no edges."
    if capacity and weighted:
        items = [f"({e['source']}, {e['target']}, weight {e['weight']}, capacity "
                 f"{e['capacity']})" for e in edges]
    elif capacity:
        items = [f"({e['source']}, {e['target']}, capacity {e['capacity']})" for e in edges]
    elif weighted:
        items = [f"({e['source']}, {e['target']}, weight {e['weight']})" for e in edges]
    else:
        items = [f"({e['source']}, {e['target']})" for e in edges]
    return head + " The edges are: " + ", ".join(items) + "."
