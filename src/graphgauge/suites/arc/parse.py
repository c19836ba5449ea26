"""Reading a model's output graph back from free text.

Models answer in the encoding they were shown, in the other one, or in something close
(bullets, "node 3 is blue", "Blue nodes: 1, 4"), wrapped in reasoning, code fences or
``<answer>`` tags. The reader picks the answer region (the last non-empty answer tag, else
the last code block, else the text after the thinking block), keeps its last graph
description, and collects nodes, edges and colours from every spelling it knows. It
returns None when no node can be found, so the item counts as unparsed, not wrong.
"""

from __future__ import annotations

import re

import networkx as nx

from graphgauge.suites.arc.rule import COLOURS

_THINK_END = re.compile(r"</\s*(?:think|thinking|reasoning)\s*>", re.I)
_TAG = re.compile(r"<\s*answer\s*>(.*?)(?:<\s*/\s*answer\s*>|$)", re.I | re.S)
_FENCE = re.compile(r"```[\w+-]*[ \t]*\n?(.*?)```", re.S)
_START = re.compile(r"\b[A-Za-z]\w*\s+describes\s+a\s+graph\b", re.I)
_INTS = re.compile(r"\d+")
_RANGE = re.compile(r"(\d+)\s*(?:\.\.|to|through|–|-)\s*(\d+)")

_DECLARED = re.compile(r"\bnodes\s*(?:are|:)?\s*(\d[\d\s,.–\-to]*?)(?:\.\s|\.$|;|\n|$)", re.I)
_LISTED = re.compile(r"\bnode\s+(\d+)\s+is\s+(?:not\s+)?connected", re.I)
_PAIR = re.compile(r"[(\[]\s*(\d+)\s*,\s*(\d+)\s*[)\]]")
_INCIDENCE = re.compile(r"\bnode\s+(\d+)\s*(?:is\s+connected\s+to|:|->|—|-)\s*(?:nodes?\s*)?"
                        r"((?:\d+(?:\s*,\s*|\s+and\s+|\s+))*\d+)", re.I)
_COLOUR_WORD = "|".join(COLOURS) + "|gray"
_PAREN_COLOUR = re.compile(rf"\b(\d+)\s*[(:]\s*({_COLOUR_WORD})\b\)?", re.I)
_NODE_IS = re.compile(rf"\bnode\s+(\d+)\s+(?:is\s+)?(?:colou?red\s+)?({_COLOUR_WORD})\b", re.I)
_GROUP = re.compile(rf"\b({_COLOUR_WORD})\s+nodes?\s*(?:are|:)?\s*"
                    r"((?:\d+(?:\s*,\s*|\s+and\s+))*\d+)", re.I)


def answer_region(text: str) -> str:
    ends = list(_THINK_END.finditer(text))
    if ends and text[ends[-1].end():].strip():
        text = text[ends[-1].end():]
    for pattern in (_TAG, _FENCE):
        found = [m.group(1) for m in pattern.finditer(text) if m.group(1).strip()]
        if found:
            return found[-1]
    return text


def _last_description(region: str) -> str:
    starts = [m.start() for m in _START.finditer(region)]
    return region[starts[-1]:] if starts else region


def _declared_nodes(text: str) -> set[int]:
    """Nodes named by a node list ("among nodes 0, 1, 2", "nodes 0..9") or by an
    incidence line, even one without neighbours."""
    nodes = {int(m.group(1)) for m in _LISTED.finditer(text)}
    for match in _DECLARED.finditer(text):
        spec = match.group(1).strip()
        ranged = _RANGE.fullmatch(spec)
        if ranged:
            low, high = int(ranged.group(1)), int(ranged.group(2))
            nodes.update(range(low, high + 1) if high - low < 100_000 else ())
        else:
            nodes.update(int(x) for x in _INTS.findall(spec))
    return nodes


def _colours(text: str) -> dict[int, str]:
    found: dict[tuple[int, int], str] = {}  # (position, node) -> colour: later wins
    for pattern, node_group, colour_group in ((_PAREN_COLOUR, 1, 2), (_NODE_IS, 1, 2)):
        for m in pattern.finditer(text):
            found[m.start(), int(m.group(node_group))] = m.group(colour_group).lower()
    for m in _GROUP.finditer(text):
        for x in _INTS.findall(m.group(2)):
            found[m.start(), int(x)] = m.group(1).lower()
    colours = {}
    for (_, node), colour in sorted(found.items()):
        colours[node] = "grey" if colour == "gray" else colour
    return colours


def read_graph(text: str) -> nx.Graph | None:
    """The last graph described in the answer region of ``text``, or None."""
    if not isinstance(text, str):
        return None
    region = _last_description(answer_region(text))
    colours = _colours(region)
    # Colour lines hold "(blue)" items, never pairs: edges come from the rest.
    edges = {(int(a), int(b)) for a, b in _PAIR.findall(region)}
    for m in _INCIDENCE.finditer(region):
        u = int(m.group(1))
        edges.update((u, int(v)) for v in _INTS.findall(m.group(2)))
    nodes = _declared_nodes(region) | set(colours) | {v for e in edges for v in e}
    if not nodes:
        return None
    graph = nx.Graph()
    graph.add_nodes_from(sorted(nodes), color="grey")
    graph.add_edges_from(sorted(edges))
    for node, colour in colours.items():
        graph.nodes[node]["color"] = colour
    return graph
