"""JSON syntax, for every structure.

Written by hand rather than with ``json.dumps`` (several times faster for these small
shapes, and the line breaks stay where a reader of the prompt expects them); read back
with ``json.loads``, so every rendering is also checked to be valid JSON. Attributed edges
are objects ("source", "target", "weight"), the node-link convention, so the JSON alone
says what each number is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from graphgauge.render.syntax_common import (
    REPLICATED_NOTE,
    Layout,
    Parsed,
    incidence_rows,
    joined,
    list_kind,
    matrices,
    matrix_meaning,
    prefixes,
    value_texts,
    value_tokens,
)

INTRO = " The graph is given in JSON"


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _values(layout: Layout) -> dict[tuple[int, int], str]:
    """', "weight": 3' per edge."""
    return value_texts(layout, prefixes(layout.attrs, ', "{}": ', ""))


def _edge_entries(layout: Layout, q: Sequence[str], pairs: list[tuple[int, int]]) -> list[str]:
    if layout.values is None:
        return _pair_lists(q, pairs)
    return _edge_objects(q, pairs, _values(layout))


def _pair_lists(q: Sequence[str], pairs: list[tuple[int, int]]) -> list[str]:
    return [f"[{q[a]}, {q[b]}]" for a, b in pairs]


def _edge_objects(q: Sequence[str], pairs: list[tuple[int, int]], text: dict) -> list[str]:
    return [f'{{"source": {q[a]}, "target": {q[b]}{text[a, b]}}}' for a, b in pairs]


def json_edge_list(layout: Layout) -> str:
    q = value_tokens(layout.labels)
    direction = ""
    if layout.directed:
        ends = "its first node to its second" if layout.values is None else "source to target"
        direction = f" (each edge goes from {ends})"
    note = REPLICATED_NOTE if layout.replicated else ""
    return (f"{layout.head}{INTRO} as an edge list{direction}{note}:\n"
            f'{{"directed": {_bool(layout.directed)},\n'
            f' "nodes": [{", ".join(q)}],\n'
            f' "edges": [{", ".join(_edge_entries(layout, q, layout.edges))}]}}')


def _json_list(layout: Layout, key: str, incidence: bool) -> str:
    t, q, rows = layout.labels, value_tokens(layout.labels), layout.rows
    if incidence:
        texts = None if layout.values is None else _edge_entries(layout, q, layout.edges)
        entries = incidence_rows(layout, q, "[]", texts)
    elif layout.values is None:
        entries = joined(q, rows)
    else:
        entries = _neighbor_objects(q, rows, _values(layout))
    lines = [f'  "{t[u]}": [{line}]' for (u, _), line in zip(rows, entries, strict=True)]
    return (f'{layout.head}{INTRO}; "{key}" maps each node to its {list_kind(layout, incidence)}:'
            f'\n{{"directed": {_bool(layout.directed)},\n "{key}": {{\n' + ",\n".join(lines) + "}}")


def _neighbor_objects(q: Sequence[str], rows: list, text: dict) -> list[str]:
    return [", ".join([f'{{"neighbor": {q[v]}{text[u, v]}}}' for v in items])
            for u, items in rows]


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
