"""Natural-language ("plain") and Markdown-table syntaxes, for every structure.

The plain edge list is the Erdős prompt itself, byte for byte: it is the baseline every
robustness delta is measured against, so its wording must never drift.
"""

from __future__ import annotations

import json
from functools import lru_cache

from graphgauge.render.slots import Entry, Lines
from graphgauge.render.syntax_common import (
    REPLICATED_NOTE,
    Layout,
    Parsed,
    between,
    edge_list,
    erdos_entry,
    list_kind,
    matrices,
    matrix_meaning,
    neighbor_entry,
    node_lines,
    number,
    prefixes,
    read_attr_suffix,
    read_plain_item,
    split_items,
)
from graphgauge.render.syntaxes import register_tables

NO_EDGES = " The graph has no edges."


def erdos_semantics(layout: Layout) -> str:
    """The sentence explaining the '(u, v, …)' notation, as in the Erdős prompts."""
    if "capacity" in layout.attrs:
        return " Each edge (u, v, capacity c) goes from u to v and has capacity c."
    if layout.attrs:
        return " Each edge (u, v, weight w) has weight w."
    return " Each edge (u, v) goes from u to v." if layout.directed else ""


def _neighbor_note(layout: Layout) -> str:
    if not layout.attrs:
        return ""
    return f", each followed by the {' and '.join(layout.attrs)} of its edge in parentheses"


def _lines(layout: Layout, lines: Lines, incidence: bool) -> str:
    """Per-node lines with the entries of the plain lists: incidence lists hold edges as
    the edge list writes them, adjacency lists neighbors with their edge's values."""
    entry = (erdos_entry if incidence else neighbor_entry)(layout.attrs)
    return node_lines(layout, lines, entry, incidence)


# --- plain -------------------------------------------------------------------------------

def plain_edge_list(layout: Layout) -> str:
    head = layout.head + erdos_semantics(layout)
    if not layout.edges:
        return head + NO_EDGES
    note = REPLICATED_NOTE if layout.replicated else ""
    return f"{head} The edges are{note}: {edge_list(layout, erdos_entry(layout.attrs))}."


PLAIN_NEIGHBORS = {
    True: Lines("\nNode ", " has edges to ", ".", " has no outgoing edges."),
    False: Lines("\nNode ", " is connected to ", ".", " is connected to no node."),
}
PLAIN_INCIDENCES = Lines("\nNode ", ": ", ".", ": none.")


def plain_adjacency_list(layout: Layout) -> str:
    intro = f" The adjacency list gives, for each node, its {list_kind(layout, False)}"
    return (layout.head + intro + _neighbor_note(layout) + ":"
            + _lines(layout, PLAIN_NEIGHBORS[layout.directed], False))


def plain_incidence_list(layout: Layout) -> str:
    intro = f" The incidence list gives, for each node, its {list_kind(layout, True)}:"
    return (layout.head + erdos_semantics(layout) + intro
            + _lines(layout, PLAIN_INCIDENCES, True))


def plain_adjacency_matrix(layout: Layout) -> str:
    blocks = [
        f"{title}:\n[" + ",\n ".join(["[" + ", ".join(row) + "]" for row in grid]) + "]"
        for title, grid in matrices(layout)
    ]
    intro = f" {matrix_meaning(layout)}; rows and columns follow the node order above.\n"
    return layout.head + intro + "\n".join(blocks)


def read_plain_edge_list(rest: str) -> Parsed:
    if rest.endswith(NO_EDGES):
        return Parsed(None, None, edges=[])
    body = rest[rest.index(" The edges are"):].split(": ", 1)[1]
    if not (body.startswith("(") and body.endswith(").")):
        raise ValueError("edge list does not end with ').'")
    edges = []
    for item in body[1:-2].split("), ("):
        u, v, *attrs = item.split(", ")
        edges.append((u, v, read_attr_suffix(attrs)))
    return Parsed(None, None, edges=edges)


EMPTY_LINES = (": none", " is connected to no node", " has no outgoing edges")
LINKS = (": ", " is connected to ", " has edges to ")


def _read_plain_rows(rest: str, incidence: bool) -> Parsed:
    rows = []
    for line in rest.split("\n")[1:]:
        if not (line.startswith("Node ") and line.endswith(".")):
            raise ValueError(f"not a node line: {line!r}")
        line = line[5:-1]
        empty = [line[: -len(ending)] for ending in EMPTY_LINES if line.endswith(ending)]
        if empty:
            rows.append((empty[0], []))
            continue
        for link in LINKS:
            node, found, items = line.partition(link)
            if found:
                break
        else:
            raise ValueError(f"not a node line: {line!r}")
        rows.append((node, [read_plain_item(entry, incidence) for entry in split_items(items)]))
    return Parsed(None, None, rows=rows)


def _titled_blocks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """('weight', lines) for each 'Weight matrix:' line and the lines below it."""
    starts = [i for i, line in enumerate(lines) if line.endswith(" matrix:")]
    if not starts or starts[0] != 0:
        raise ValueError("expected a matrix title")
    return [(lines[start][: -len(" matrix:")].lower(), lines[start + 1: stop])
            for start, stop in zip(starts, [*starts[1:], len(lines)], strict=True)]


def read_plain_matrix(rest: str) -> Parsed:
    blocks = _titled_blocks(rest.split("\n")[1:])
    return Parsed(None, None, matrices={title: json.loads("\n".join(block))
                                         for title, block in blocks})


# --- markdown ----------------------------------------------------------------------------

def _table(columns: list[str], body: str) -> str:
    """A Markdown table from its column names and its rows, each led by a line break."""
    return "| " + " | ".join(columns) + " |\n|" + " --- |" * len(columns) + body


@lru_cache(maxsize=16)
def _markdown_row(attrs: tuple[str, ...]) -> Entry:
    """An edge as a table row: '| u | v |', or '| u | v | 3 |' with its values."""
    return Entry("\n| ", " | ", " |", before=prefixes(attrs, " | ", ""))


def markdown_edge_list(layout: Layout) -> str:
    entry = _markdown_row(layout.attrs)
    note = REPLICATED_NOTE if layout.replicated else ""
    intro = f" Each row of the table below is an edge {between(layout.directed)}{note}:\n"
    return layout.head + intro + _table(["u", "v", *layout.attrs], edge_list(layout, entry, ""))


MARKDOWN_LINES = Lines("\n| ", " | ", " |", " |  |")


def _markdown_list(layout: Layout, incidence: bool) -> str:
    kind = list_kind(layout, incidence)
    column = kind.split(" (")[0]
    note = erdos_semantics(layout) if incidence else ""
    if not incidence:
        kind += _neighbor_note(layout)
    intro = f"{note} The table below gives, for each node, its {kind}:\n"
    return layout.head + intro + _table(["node", column],
                                        _lines(layout, MARKDOWN_LINES, incidence))


def markdown_adjacency_list(layout: Layout) -> str:
    return _markdown_list(layout, False)


def markdown_incidence_list(layout: Layout) -> str:
    return _markdown_list(layout, True)


def markdown_adjacency_matrix(layout: Layout) -> str:
    t = layout.labels
    tables = [
        f"{title}:\n" + _table([" ", *t], "".join([f"\n| {t[u]} | " + " | ".join(row) + " |"
                                                   for u, row in enumerate(grid)]))
        for title, grid in matrices(layout)
    ]
    intro = f" {matrix_meaning(layout)}:\n"
    return layout.head + intro + "\n".join(tables)


def _read_table(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    cells = [[cell.strip() for cell in line.split("|")[1:-1]] for line in lines]
    if len(cells) < 2 or any(cell != "---" for cell in cells[1]):
        raise ValueError("not a Markdown table")
    return cells[0], cells[2:]


def read_markdown_edge_list(rest: str) -> Parsed:
    columns, rows = _read_table(rest.split("\n")[1:])
    attrs = columns[2:]
    edges = [(row[0], row[1], dict(zip(attrs, map(number, row[2:]), strict=True)))
             for row in rows]
    return Parsed(None, None, edges=edges)


def _read_markdown_rows(rest: str, incidence: bool) -> Parsed:
    _, rows = _read_table(rest.split("\n")[1:])
    return Parsed(None, None, rows=[
        (node, [read_plain_item(entry, incidence) for entry in split_items(items)])
        for node, items in rows
    ])


def read_markdown_matrix(rest: str) -> Parsed:
    found: dict[str, list] = {}
    nodes = None
    for title, block in _titled_blocks(rest.split("\n")[1:]):
        columns, rows = _read_table(block)
        if nodes is not None and columns[1:] != nodes:
            raise ValueError("matrices disagree on the node order")
        nodes = columns[1:]
        if [row[0] for row in rows] != nodes:
            raise ValueError("matrix rows and columns name different nodes")
        found[title] = [[number(cell) for cell in row[1:]] for row in rows]
    return Parsed(None, nodes, matrices=found)


WRITERS = {
    ("plain", "edge_list"): plain_edge_list,
    ("plain", "adjacency_list"): plain_adjacency_list,
    ("plain", "incidence_list"): plain_incidence_list,
    ("plain", "adjacency_matrix"): plain_adjacency_matrix,
    ("markdown", "edge_list"): markdown_edge_list,
    ("markdown", "adjacency_list"): markdown_adjacency_list,
    ("markdown", "incidence_list"): markdown_incidence_list,
    ("markdown", "adjacency_matrix"): markdown_adjacency_matrix,
}
READERS = {
    ("plain", "edge_list"): read_plain_edge_list,
    ("plain", "adjacency_list"): lambda rest: _read_plain_rows(rest, False),
    ("plain", "incidence_list"): lambda rest: _read_plain_rows(rest, True),
    ("plain", "adjacency_matrix"): read_plain_matrix,
    ("markdown", "edge_list"): read_markdown_edge_list,
    ("markdown", "adjacency_list"): lambda rest: _read_markdown_rows(rest, False),
    ("markdown", "incidence_list"): lambda rest: _read_markdown_rows(rest, True),
    ("markdown", "adjacency_matrix"): read_markdown_matrix,
}
register_tables(WRITERS, READERS, {"plain": "sentences (the Erdős prompt's wording)",
                                   "markdown": "Markdown tables"})
