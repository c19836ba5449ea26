"""JSON syntax, for every structure.

Written by hand rather than with ``json.dumps`` (several times faster for these small
shapes, and the line breaks stay where a reader of the prompt expects them); read back
with ``json.loads``, so every rendering is also checked to be valid JSON. Attributed edges
are objects ("source", "target", "weight"), the node-link convention, so the JSON alone
says what each number is.
"""

from __future__ import annotations

import json
from functools import lru_cache

from graphgauge.render.slots import Entry, Lines
from graphgauge.render.syntax_common import (
    REPLICATED_NOTE,
    Layout,
    Parsed,
    edge_list,
    list_kind,
    matrices,
    matrix_meaning,
    node_lines,
    prefixes,
    value_quote,
    value_tokens,
)
from graphgauge.render.syntaxes import register_tables

INTRO = " The graph is given in JSON"


def _bool(value: bool) -> str:
    return "true" if value else "false"


@lru_cache(maxsize=64)
def _entry(attrs: tuple[str, ...], quote: str, edge: bool) -> Entry:
    """An edge '[u, v]' or a neighbor 'v'; with attributes an object: '{"source": u,
    "target": v, "weight": 3}' or '{"neighbor": v, "weight": 3}'."""
    if not attrs:
        return Entry("[", ", ", "]", quote) if edge else Entry("", "", "", quote)
    before = prefixes(attrs, ', "{}": ', "")
    if edge:
        return Entry('{"source": ', ', "target": ', "}", quote, before=before)
    return Entry('{"neighbor": ', "", "}", quote, before=before)


def json_edge_list(layout: Layout) -> str:
    q = value_tokens(layout.labels)
    direction = ""
    if layout.directed:
        ends = "its first node to its second" if layout.values is None else "source to target"
        direction = f" (each edge goes from {ends})"
    note = REPLICATED_NOTE if layout.replicated else ""
    edges = edge_list(layout, _entry(layout.attrs, value_quote(layout.labels), True))
    return (f"{layout.head}{INTRO} as an edge list{direction}{note}:\n"
            f'{{"directed": {_bool(layout.directed)},\n'
            f' "nodes": [{", ".join(q)}],\n'
            f' "edges": [{edges}]}}')


# Lines are joined by ',\n': each starts with it, and the first one's comma is dropped.
JSON_LINES = Lines(',\n  "', '": [', "]", '": []')


def _json_list(layout: Layout, key: str, incidence: bool) -> str:
    entry = _entry(layout.attrs, value_quote(layout.labels), incidence)
    lines = node_lines(layout, JSON_LINES, entry, incidence)
    return (f'{layout.head}{INTRO}; "{key}" maps each node to its {list_kind(layout, incidence)}:'
            f'\n{{"directed": {_bool(layout.directed)},\n "{key}": {{' + lines[1:] + "}}")


def json_adjacency_list(layout: Layout) -> str:
    return _json_list(layout, "adjacency", False)


def json_incidence_list(layout: Layout) -> str:
    return _json_list(layout, "incidence", True)


def json_adjacency_matrix(layout: Layout) -> str:
    q = value_tokens(layout.labels)
    blocks = [
        f' "{title.split()[0].lower()}_matrix": ['
        + ",\n  ".join(["[" + ", ".join(row) + "]" for row in grid]) + "]"
        for title, grid in matrices(layout)
    ]
    return (f'{layout.head}{INTRO}. {matrix_meaning(layout)}; rows and columns follow "nodes":'
            f'\n{{"directed": {_bool(layout.directed)},\n "nodes": [{", ".join(q)}],\n'
            + ",\n".join(blocks) + "}")


def _document(rest: str) -> dict:
    return json.loads(rest.split("\n", 1)[1])


def _edge(item: list | dict) -> tuple[str, str, dict]:
    if isinstance(item, list):
        u, v = item
        return str(u), str(v), {}
    attrs = {key: value for key, value in item.items() if key not in ("source", "target")}
    return str(item["source"]), str(item["target"]), attrs


def _neighbor(item: str | int | dict) -> tuple[str, dict]:
    if not isinstance(item, dict):
        return str(item), {}
    return str(item["neighbor"]), {key: value for key, value in item.items()
                                   if key != "neighbor"}


def read_json_edge_list(rest: str) -> Parsed:
    data = _document(rest)
    return Parsed(data["directed"], [str(node) for node in data["nodes"]],
                  edges=[_edge(item) for item in data["edges"]])


def _read_json_list(rest: str, key: str) -> Parsed:
    data = _document(rest)
    entry = _edge if key == "incidence" else _neighbor
    rows = [(node, [entry(item) for item in items]) for node, items in data[key].items()]
    return Parsed(data["directed"], None, rows=rows)


def read_json_matrix(rest: str) -> Parsed:
    data = _document(rest)
    found = {key.removesuffix("_matrix"): value for key, value in data.items()
             if key.endswith("_matrix")}
    return Parsed(data["directed"], [str(node) for node in data["nodes"]], matrices=found)


WRITERS = {
    ("json", "edge_list"): json_edge_list,
    ("json", "adjacency_list"): json_adjacency_list,
    ("json", "incidence_list"): json_incidence_list,
    ("json", "adjacency_matrix"): json_adjacency_matrix,
}
READERS = {
    ("json", "edge_list"): read_json_edge_list,
    ("json", "adjacency_list"): lambda rest: _read_json_list(rest, "adjacency"),
    ("json", "incidence_list"): lambda rest: _read_json_list(rest, "incidence"),
    ("json", "adjacency_matrix"): read_json_matrix,
}
register_tables(WRITERS, READERS, {"json": "JSON, attributed edges as node-link objects"})
