"""GraphQA's graph encoders ("Talk like a Graph", Fatemi et al., ICLR 2024) as syntaxes.

Their sentences are GraphQA's: a header naming the nodes ("G describes a friendship graph
among nodes James, Robert, and John."), then one phrase per edge ("James and Robert are
friends.") or, for the incident encoder, one line per node. The node names come from the
labeling (``popular``, ``south_park``, ``got``, ``politician``, ``alphabet``; see
``graphqa_names``) and the edge order from the order token, so each GraphQA style
composes with the rest of the encoding grammar. GraphQA has no edge weights; here a
weighted edge carries "(weight w)" after its phrase. The people phrasings are GraphQA's
for undirected graphs only; a directed graph is written with GraphQA's directed adjacency
sentence instead (same names), so every suite can run in every style.
"""

from __future__ import annotations

from graphgauge.render.syntax_common import Layout
from graphgauge.render.syntaxes import register_tables


def _node_string(labels: tuple[str, ...]) -> str:
    """GraphQA's enumeration: "0, 1, 2, and 3"."""
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + ", and " + labels[-1]


def _values(layout: Layout, a: int, b: int) -> str:
    if not layout.attrs:
        return ""
    values = layout.values[(a, b)]
    return " (" + ", ".join(f"{name} {v}" for name, v in zip(layout.attrs, values,
                                                            strict=True)) + ")"


def _edges(layout: Layout, phrase: str) -> list[str]:
    labels = layout.labels
    return [phrase.format(labels[a], labels[b], _values(layout, a, b)) for a, b in layout.edges]


def adjacency(layout: Layout) -> str:
    """GraphQA's adjacency encoder: "(i, j)" pairs after a sentence on their meaning."""
    if layout.directed:
        meaning = "In a directed graph, (i,j) means that there is an edge from node i to node j. "
    else:
        meaning = ("In an undirected graph, (i,j) means that node i and node j are connected "
                   "with an undirected edge. ")
    text = f"{meaning}G describes a graph among nodes {_node_string(layout.labels)}."
    if layout.edges:
        text += "\nThe edges in G are: " + " ".join(_edges(layout, "({0}, {1}{2})")) + "."
    return text


def incident(layout: Layout) -> str:
    """GraphQA's incident encoder: a line per node with neighbours (out-neighbours)."""
    labels = layout.labels
    link = "has edges to" if layout.directed else "is connected to"
    lines = []
    for node, entries in layout.rows:
        if entries:
            names = ", ".join(labels[v] + _values(layout, node, v) for v in entries)
            noun = "nodes" if len(entries) > 1 else "node"
            lines.append(f"Node {labels[node]} {link} {noun} {names}.")
    text = f"G describes a graph among nodes {_node_string(labels)}."
    return "\n".join([text, "In this graph:", *lines] if lines else [text])


def _people(kind: str, intro: str, phrase: str):
    """A writer phrasing each undirected edge as a relation between two people."""

    def write(layout: Layout) -> str:
        if layout.directed:  # GraphQA has no such phrasing: its directed adjacency one
            return adjacency(layout)
        text = f"G describes a {kind} graph among nodes {_node_string(layout.labels)}."
        if not layout.edges:
            return text
        return "\n".join([text, intro, *_edges(layout, phrase)])

    return write


def expert(layout: Layout) -> str:
    """GraphQA's expert encoder: an analyst's framing and "A -> B" lines."""
    text = ("You are a graph analyst and you have been given a graph G among nodes "
            f"{_node_string(layout.labels)}.")
    if not layout.edges:
        return text
    kind = "directed" if layout.directed else "undirected"
    return "\n".join([text, f"G has the following {kind} edges:",
                      *_edges(layout, "{0} -> {1}{2}")])


WRITERS = {
    ("graphqa", "edge_list"): adjacency,
    ("graphqa", "adjacency_list"): incident,
    ("friendship", "edge_list"): _people("friendship", "We have the following edges in G:",
                                         "{0} and {1} are friends{2}."),
    ("coauthorship", "edge_list"): _people("coauthorship", "In this coauthorship graph:",
                                           "{0} and {1} wrote a paper together{2}."),
    ("social_network", "edge_list"): _people("social network",
                                             "We have the following edges in G:",
                                             "{0} and {1} are connected{2}."),
    ("expert", "edge_list"): expert,
}
register_tables(WRITERS, {}, {
    "graphqa": "GraphQA's adjacency (edge list) and incident (adjacency list) encoders",
    "friendship": "GraphQA's friendship phrasing", "coauthorship": "GraphQA's coauthorship "
    "phrasing", "social_network": "GraphQA's social-network phrasing",
    "expert": "GraphQA's expert encoder"})
