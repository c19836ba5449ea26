"""Code and markup syntaxes: NetworkX, PyTorch Geometric, GraphML and Graphviz DOT.

Each is written the way its own tool would build or store the graph, from an edge list,
so a model that has seen real code meets familiar text. PyG keeps its two-row
``edge_index``: sources first, then targets, the layout the robustness study found hard.
Readers are strict: they read these renderings, not arbitrary code.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from functools import lru_cache

from graphgauge.render.ranking import EdgeValues
from graphgauge.render.slots import Entry, each_label
from graphgauge.render.syntax_common import (
    REPLICATED_NOTE,
    Layout,
    Parsed,
    edge_list,
    number,
    prefixes,
    value_quote,
    value_tokens,
)
from graphgauge.render.syntaxes import register_tables


def _note(layout: Layout) -> str:
    return REPLICATED_NOTE if layout.replicated else ""


# --- NetworkX ----------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _networkx_entry(attrs: tuple[str, ...], quote: str) -> Entry:
    """'(u, v)'; weighted '(u, v, w)'; otherwise '(u, v, {"capacity": c})'."""
    if not attrs:
        return Entry("(", ", ", ")", quote)
    if attrs == ("weight",):
        return Entry("(", ", ", ")", quote, before=(", ",))
    before = prefixes(attrs, '"{}": ', ", ")
    return Entry("(", ", ", "})", quote, before=(", {" + before[0], *before[1:]))


def networkx_edge_list(layout: Layout) -> str:
    q, attrs = value_tokens(layout.labels), layout.attrs
    add = "add_weighted_edges_from" if attrs == ("weight",) else "add_edges_from"
    edges = edge_list(layout, _networkx_entry(attrs, value_quote(layout.labels)))
    kind = "DiGraph" if layout.directed else "Graph"
    return (f"{layout.head} The graph is given as NetworkX code{_note(layout)}:\n"
            f"import networkx as nx\nG = nx.{kind}()\n"
            f"G.add_nodes_from([{', '.join(q)}])\nG.{add}([{edges}])")


def _call_argument(line: str, prefix: str) -> list:
    if not (line.startswith(prefix) and line.endswith(")")):
        raise ValueError(f"expected {prefix}…): {line!r}")
    return ast.literal_eval(line[len(prefix):-1])


def read_networkx(rest: str) -> Parsed:
    lines = rest.split("\n")
    if len(lines) != 5 or lines[1] != "import networkx as nx":
        raise ValueError("not NetworkX code")
    directed = {"G = nx.Graph()": False, "G = nx.DiGraph()": True}[lines[2]]
    nodes = [str(node) for node in _call_argument(lines[3], "G.add_nodes_from(")]
    if lines[4].startswith("G.add_weighted_edges_from("):
        items = _call_argument(lines[4], "G.add_weighted_edges_from(")
        edges = [(str(u), str(v), {"weight": w}) for u, v, w in items]
    else:
        items = _call_argument(lines[4], "G.add_edges_from(")
        edges = [(str(item[0]), str(item[1]), item[2] if len(item) == 3 else {})
                 for item in items]
    return Parsed(directed, nodes, edges=edges)


# --- PyTorch Geometric -------------------------------------------------------------------

def _pyg_arcs(layout: Layout) -> list[tuple[int, int]]:
    """PyG stores an undirected graph with every edge in both directions (what
    ``to_undirected`` produces), each written right after the other unless the order
    already lists both."""
    if layout.directed or layout.replicated:
        return layout.edges
    arcs = []
    for a, b in layout.edges:
        arcs.append((a, b))
        if a != b:
            arcs.append((b, a))
    return arcs


def _dense_ids(labels: tuple[str, ...]) -> bool:
    """Labels are PyG's own node indices 0..n-1 (identity and random labelings)."""
    return all(label == str(i) for i, label in enumerate(labels))


def pyg_edge_list(layout: Layout) -> str:
    """Executable PyG code whose ``data`` is the graph: ``num_nodes`` keeps isolated
    nodes, and labels that are not 0..n-1 (offset, explicit) are kept in ``n_id`` and
    mapped to PyG's indices, so no phantom node 0 appears."""
    t, values, attrs, arcs = layout.labels, layout.values, layout.attrs, _pyg_arcs(layout)
    sources = ", ".join([t[a] for a, _ in arcs])
    targets = ", ".join([t[b] for _, b in arcs])
    lines = ["import torch", "from torch_geometric.data import Data"]
    index, extra = "edge_index", ""
    if not _dense_ids(t):
        lines.append(f"n_id = torch.tensor([{', '.join(t)}])  # node i of data is n_id[i]")
        index, extra = "torch.searchsorted(n_id, edge_index)", ", n_id=n_id"
    lines.append(f"edge_index = torch.tensor([[{sources}], [{targets}]], dtype=torch.long)")
    if layout.directed:
        rows = "the source of each edge in its first row and its target in its second row"
    else:
        rows = ("each undirected edge twice, once in each direction (PyG's convention), "
                "with sources in its first row and targets in its second row")
    intro = f" The graph is given as PyTorch Geometric code: edge_index holds {rows}"
    data = f"Data(edge_index={index}"
    if values is not None:
        if len(attrs) == 1:
            text = values.texts(("",), (), "")
            comment = f"{attrs[0]} of each edge"
        else:
            text = values.texts(("[", ", "), (), "]")
            comment = "columns: " + ", ".join(attrs)
        cells = ", ".join(_texts_of(text, values.index, arcs))
        lines.append(f"edge_attr = torch.tensor([{cells}])  # {comment}")
        intro += f", and edge_attr the {' and '.join(attrs)} of each edge"
        data += ", edge_attr=edge_attr"
    lines.append(f"data = {data}, num_nodes={layout.n}{extra})")
    return layout.head + intro + ":\n" + "\n".join(lines)


def _texts_of(texts: tuple[str, ...], index: dict, pairs: list[tuple[int, int]]) -> list[str]:
    return [texts[index[pair]] for pair in pairs]


def read_pyg(rest: str) -> Parsed:
    """Edges as listed (undirected ones from both ends) and the nodes ``data`` holds:
    ``n_id`` when given, else 0..num_nodes-1."""
    lines = rest.split("\n")[3:]
    nodes = None
    if lines[0].startswith("n_id = "):
        code = lines.pop(0).split("  # ")[0]
        nodes = [str(label) for label in _call_argument(code, "n_id = torch.tensor(")]
    prefix = "edge_index = torch.tensor("
    if not lines[0].endswith(", dtype=torch.long)"):
        raise ValueError("edge_index is not a long tensor")
    sources, targets = ast.literal_eval(lines[0][len(prefix): -len(", dtype=torch.long)")])
    if len(sources) != len(targets):
        raise ValueError("edge_index rows differ in length")
    attrs: list[dict] = [{} for _ in sources]
    if lines[1].startswith("edge_attr = "):
        code, comment = lines[1].split("  # ")
        cells = _call_argument(code, "edge_attr = torch.tensor(")
        if comment.startswith("columns: "):
            names = comment[len("columns: "):].split(", ")
            attrs = [dict(zip(names, row, strict=True)) for row in cells]
        else:
            attrs = [{comment.removesuffix(" of each edge"): cell} for cell in cells]
    count = int(lines[-1].rsplit("num_nodes=", 1)[1].split(",")[0].removesuffix(")"))
    if nodes is None:
        nodes = [str(i) for i in range(count)]
    elif len(nodes) != count:
        raise ValueError("num_nodes and n_id disagree")
    edges = [(str(u), str(v), a) for u, v, a in zip(sources, targets, attrs, strict=True)]
    return Parsed(None, nodes, edges=edges)


# --- GraphML -----------------------------------------------------------------------------

def _xml_type(values: EdgeValues, index: int) -> str:
    kinds = {type(value[index]) for value in values.rows}
    return "int" if kinds == {int} else "double"


@lru_cache(maxsize=16)
def _xml_entry(attrs: tuple[str, ...]) -> Entry:
    if not attrs:
        return Entry('\n    <edge source="', '" target="', '"/>')
    return Entry('\n    <edge source="', '" target="', "</edge>", lead='">',
                 before=prefixes(attrs, '<data key="{}">', ""), after=("</data>", "</data>"))


def graphml_edge_list(layout: Layout) -> str:
    t, values, attrs = layout.labels, layout.values, layout.attrs
    lines = [
        f"{layout.head} The graph is given in GraphML{_note(layout)}:",
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    ]
    lines += [f'  <key id="{name}" for="edge" attr.name="{name}" '
              f'attr.type="{_xml_type(values, i)}"/>' for i, name in enumerate(attrs)]
    default = "directed" if layout.directed else "undirected"
    lines.append(f'  <graph id="G" edgedefault="{default}">')
    nodes = each_label(t, '\n    <node id="', '"/>')
    edges = edge_list(layout, _xml_entry(attrs), "")
    return "\n".join(lines) + nodes + edges + "\n  </graph>\n</graphml>"


def read_graphml(rest: str) -> Parsed:
    ns = "{http://graphml.graphdrawing.org/xmlns}"
    root = ET.fromstring(rest.split("\n", 1)[1])
    graph = root.find(f"{ns}graph")
    directed = {"directed": True, "undirected": False}[graph.get("edgedefault")]
    nodes = [node.get("id") for node in graph.findall(f"{ns}node")]
    edges = [(edge.get("source"), edge.get("target"),
              {data.get("key"): number(data.text) for data in edge.findall(f"{ns}data")})
             for edge in graph.findall(f"{ns}edge")]
    return Parsed(directed, nodes, edges=edges)


# --- Graphviz DOT ------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _dot_entry(attrs: tuple[str, ...], directed: bool) -> Entry:
    """'u -> v;', or 'u -> v [weight=3];' (undirected: '--')."""
    arrow = " -> " if directed else " -- "
    if not attrs:
        return Entry("\n  ", arrow, ";")
    return Entry("\n  ", arrow, "];", lead=" [", before=prefixes(attrs, "{}=", ", "))


def dot_edge_list(layout: Layout) -> str:
    t = layout.labels
    edges = edge_list(layout, _dot_entry(layout.attrs, layout.directed), "")
    kind = "digraph" if layout.directed else "graph"
    return (f"{layout.head} The graph is given in the Graphviz DOT language{_note(layout)}:\n"
            f"{kind} G {{\n " + each_label(t, " ", ";") + edges + "\n}")


def read_dot(rest: str) -> Parsed:
    lines = rest.split("\n")[1:]
    directed = {"graph G {": False, "digraph G {": True}[lines[0]]
    if lines[-1] != "}":
        raise ValueError("DOT graph is not closed")
    nodes = [token.removesuffix(";") for token in lines[1].split()]
    arrow = " -> " if directed else " -- "
    edges = []
    for line in lines[2:-1]:
        statement, _, attributes = line.strip().removesuffix(";").partition(" [")
        u, v = statement.split(arrow)
        pairs = [part.split("=") for part in attributes.removesuffix("]").split(", ") if part]
        edges.append((u, v, {key: number(value) for key, value in pairs}))
    return Parsed(directed, nodes, edges=edges)


WRITERS = {
    ("networkx", "edge_list"): networkx_edge_list,
    ("pyg", "edge_list"): pyg_edge_list,
    ("graphml", "edge_list"): graphml_edge_list,
    ("dot", "edge_list"): dot_edge_list,
}
READERS = {
    ("networkx", "edge_list"): read_networkx,
    ("pyg", "edge_list"): read_pyg,
    ("graphml", "edge_list"): read_graphml,
    ("dot", "edge_list"): read_dot,
}
register_tables(WRITERS, READERS, {
    "networkx": "Python code building a NetworkX graph", "pyg": "a PyTorch Geometric "
    "edge_index", "graphml": "GraphML XML", "dot": "Graphviz DOT"})
