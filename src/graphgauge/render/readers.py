"""Reading rendered graphs back, to prove that no encoding loses or invents an edge.

Each syntax module reads its own text literally (``Parsed``); this module then checks what
every faithful rendering must satisfy whatever its syntax: the header, the body's node list
and its direction agree; every endpoint is a node; nothing is listed twice, except that
undirected edges appear from both ends exactly when the encoding says so (replicated edge
lists, per-node lists, symmetric matrices) and then with the same attributes both ways.
A violation raises ``ValueError``: these readers are for our renderings, not model output.
"""

from __future__ import annotations

from typing import Any

from graphgauge.render.encoding import Encoding
from graphgauge.render.syntax_common import Parsed
from graphgauge.render.syntaxes import SYNTAX_REGISTRY

ATTRIBUTES = ("weight", "capacity")

Arc = tuple[str, str, dict]


def read_graph(text: str, encoding: Encoding,
               labels: list[str] | tuple[str, ...] | None = None) -> dict[str, Any]:
    """The graph written in ``text`` by ``graph_text(…, encoding, …)``.

    Without ``labels``: {"directed", "nodes": [label, …], "edges": [(u, v, attrs), …]} in
    label space. With ``labels`` (label of node id i): the canonical node-link dict in id
    space, comparable with ``==`` to the graph that was rendered (minus graph attributes).
    """
    directed, weighted, nodes, parsed = read_literal(text, encoding)
    if parsed.directed is not None and parsed.directed != directed:
        raise ValueError("the body and the header disagree on direction")
    if parsed.nodes is not None and parsed.nodes != nodes:
        raise ValueError("the body and the header list different nodes")
    if len(set(nodes)) != len(nodes):
        raise ValueError("a node is listed twice")
    if encoding.structure == "edge_list":
        # PyG always lists undirected edges both ways (its own convention)
        arcs, both_ways = parsed.edges, encoding.order == "replicated" or encoding.syntax == "pyg"
    elif encoding.structure == "adjacency_matrix":
        arcs, both_ways = _matrix_arcs(parsed, nodes), True
    else:
        arcs, both_ways = _row_arcs(parsed, nodes, encoding.structure == "incidence_list"), True
    edges = _collapse(arcs, set(nodes), directed, both_ways)
    keys = {tuple(sorted(attrs)) for _, _, attrs in edges}
    if len(keys) > 1 or any(name not in ATTRIBUTES for key in keys for name in key):
        raise ValueError(f"edges carry different or unknown attributes: {sorted(keys)}")
    if weighted != any("weight" in attrs for _, _, attrs in edges):
        raise ValueError("the header and the edges disagree on weights")
    if labels is None:
        return {"directed": directed, "nodes": nodes, "edges": edges}
    return _to_ids(directed, nodes, edges, labels)


def read_literal(text: str, encoding: Encoding) -> tuple[bool, bool, list[str], Parsed]:
    """(directed, weighted, nodes) from the header and the body as listed, unchecked: what
    order tests look at."""
    directed, weighted, nodes, rest = read_head(text)
    return directed, weighted, nodes, SYNTAX_REGISTRY[encoding.syntax].readers[encoding.structure](
        rest)


def read_head(text: str) -> tuple[bool, bool, list[str], str]:
    """(directed, weighted, node labels, rest of the text) from the Erdős header sentence."""
    directed = text.startswith("Here is a directed ")
    prefix = "Here is a directed " if directed else "Here is an undirected "
    if not text.startswith(prefix):
        raise ValueError("missing the 'Here is a … graph' header")
    text = text[len(prefix):]
    weighted = text.startswith("weighted ")
    text = text.removeprefix("weighted ")
    for intro in ("graph with nodes ", "graph with node "):
        if text.startswith(intro):
            phrase, _, rest = text[len(intro):].partition(". ")
            break
    else:
        raise ValueError("the header does not name the nodes")
    if ".." in phrase:
        low, high = phrase.split("..")
        nodes = [str(i) for i in range(int(low), int(high) + 1)]
    else:
        nodes = phrase.split(", ")
    return directed, weighted, nodes, " " + rest


def _row_arcs(parsed: Parsed, nodes: list[str], incidence: bool) -> list[Arc]:
    """Arcs (line node -> entry) of per-node lists, which must cover each node once."""
    if sorted(node for node, _ in parsed.rows) != sorted(nodes):
        raise ValueError("the lists do not have exactly one line per node")
    arcs = []
    for node, items in parsed.rows:
        for item in items:
            if not incidence:
                arcs.append((node, item[0], item[1]))
            elif node not in item[:2]:
                raise ValueError(f"edge {item[:2]} listed at node {node}, not one of its ends")
            else:  # an incidence entry names the edge; the line says which end this is
                arcs.append((node, item[1] if item[0] == node else item[0], item[2]))
    return arcs


def _matrix_arcs(parsed: Parsed, nodes: list[str]) -> list[Arc]:
    """Arcs of the non-zero entries; attribute matrices must agree on where edges are."""
    found = parsed.matrices
    names = list(found)
    if names != ["adjacency"] and not (names and set(names) <= set(ATTRIBUTES)):
        raise ValueError(f"unexpected matrices: {names}")
    size = len(nodes)
    for grid in found.values():
        if len(grid) != size or any(len(row) != size for row in grid):
            raise ValueError(f"a matrix is not {size} x {size}")
    arcs = []
    for i in range(size):
        for j in range(size):
            cells = [found[name][i][j] for name in names]
            if all(cell == 0 for cell in cells):
                continue
            if any(cell == 0 for cell in cells) or (names == ["adjacency"] and cells != [1]):
                raise ValueError(f"matrix entries ({nodes[i]}, {nodes[j]}) disagree: {cells}")
            attrs = {} if names == ["adjacency"] else dict(zip(names, cells, strict=True))
            arcs.append((nodes[i], nodes[j], attrs))
    return arcs


def _collapse(arcs: list[Arc], nodes: set[str], directed: bool, both_ways: bool) -> list[Arc]:
    """The edges behind the listed arcs; raises on unknown nodes and on any listing that
    is not exactly once (directed, or undirected written once) or exactly from both ends."""
    seen: dict[tuple[str, str], dict] = {}
    for u, v, attrs in arcs:
        if u not in nodes or v not in nodes:
            raise ValueError(f"edge ({u}, {v}) names an unknown node")
        key = (u, v) if directed or both_ways else tuple(sorted((u, v)))
        if key in seen:
            raise ValueError(f"edge ({u}, {v}) is listed twice")
        seen[key] = attrs
    if directed or not both_ways:
        return [(u, v, attrs) for (u, v), attrs in seen.items()]
    edges = []
    for (u, v), attrs in seen.items():
        if seen.get((v, u)) != attrs:
            raise ValueError(f"edge ({u}, {v}) is not listed the same way from both ends")
        if u <= v:
            edges.append((u, v, attrs))
    return edges


def _to_ids(directed: bool, nodes: list[str], edges: list[Arc],
            labels: list[str] | tuple[str, ...]) -> dict[str, Any]:
    index = {label: i for i, label in enumerate(labels)}
    if set(nodes) != set(index) or len(index) != len(labels):
        raise ValueError("the rendered nodes are not the given labels")
    out = []
    for u, v, attrs in edges:
        a, b = index[u], index[v]
        if not directed and b < a:
            a, b = b, a
        out.append({"source": a, "target": b, **attrs})
    out.sort(key=lambda edge: (edge["source"], edge["target"]))
    return {"directed": directed, "nodes": [{"id": i} for i in range(len(labels))],
            "edges": out}
