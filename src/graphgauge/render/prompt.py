"""Turning an instance into the text a model reads.

``render(instance, encoding, variant)`` is a pure function. The prompt records what made
it (encoding, variant) and how node names in an answer map back to the instance's ids,
so an answer to a relabeled prompt is scored against the same truth. The default
encoding is the plain edge list of the Erdős benchmark, with ids 0..n-1.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from graphgauge.instance import Instance

DEFAULT_ENCODING = "edge_list"
DEFAULT_VARIANT = "original"


@dataclass(frozen=True)
class Prompt:
    text: str
    system: str | None = None
    encoding: str = DEFAULT_ENCODING
    variant: str = DEFAULT_VARIANT
    # rendered node name -> instance node id; None when names are the ids themselves.
    node_map: dict[str, int] | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        """A digest of everything the model sees; the cache key builds on it."""
        digest = hashlib.sha256()
        digest.update((self.system or "").encode())
        digest.update(b"\x00")
        digest.update(self.text.encode())
        return digest.hexdigest()


def _edge_text(graph: nx.Graph, u: int, v: int) -> str:
    data = graph.edges[u, v]
    extras = [f"{k} {data[k]}" for k in ("weight", "capacity") if k in data]
    if extras:
        return f"({u}, {v}, {', '.join(extras)})"
    return f"({u}, {v})"


def describe_graph(graph: nx.Graph) -> str:
    """'Here is an undirected graph with nodes 0..n-1. The edges are: (0, 1), …'."""
    n = graph.number_of_nodes()
    kind = "a directed" if graph.is_directed() else "an undirected"
    weighted = any("weight" in d for _, _, d in graph.edges(data=True))
    capacity = any("capacity" in d for _, _, d in graph.edges(data=True))
    nodes = f"nodes 0..{n - 1}" if n > 1 else "node 0"
    head = f"Here is {kind}{' weighted' if weighted else ''} graph with {nodes}."
    if capacity:
        head += " Each edge (u, v, capacity c) goes from u to v and has capacity c."
    elif weighted:
        head += " Each edge (u, v, weight w) has weight w."
    elif graph.is_directed():
        head += " Each edge (u, v) goes from u to v."
    edges = sorted(graph.edges)
    if not edges:
        return head + " The graph has no edges."
    return head + " The edges are: " + ", ".join(_edge_text(graph, u, v) for u, v in edges) + "."


def render(
    instance: Instance,
    encoding: str | None = None,
    variant: str | None = None,
    task: Any = None,
) -> Prompt:
    """Prompt = graph text + the task's question + the answer-format instruction.

    Only the default encoding and variant exist in this release; other names are
    rejected with a clear error rather than silently ignored.
    """
    from graphgauge.errors import UserError
    from graphgauge.registry import task_of

    encoding = encoding or DEFAULT_ENCODING
    variant = variant or DEFAULT_VARIANT
    if encoding != DEFAULT_ENCODING:
        raise UserError(f"unknown encoding {encoding!r}; available: {DEFAULT_ENCODING}")
    if variant != DEFAULT_VARIANT:
        raise UserError(f"unknown variant {variant!r}; available: {DEFAULT_VARIANT}")
    task = task or task_of(instance)
    parts = [
        describe_graph(instance.graph),
        f"Question: {task.question(instance)}",
        task.instruction,
    ]
    return Prompt(text="\n\n".join(p for p in parts if p), encoding=encoding, variant=variant)
