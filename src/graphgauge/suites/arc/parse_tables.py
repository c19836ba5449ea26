"""Markdown tables of an output graph: one row per node ("| Node | Neighbors | Color |")
or per edge ("| # | Source | Target |").

Chat models like to tabulate a graph. The header says which column holds what, so a
table is read by its header rather than by position: a neighbours column gives the
row's edges, a colour column its colour, two end columns an edge (an index column
"#" is not an end).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from graphgauge.suites.arc.rule import COLOURS

_TABLE = re.compile(
    r"(?:^|\n)[ \t]*(?P<head>\|[^\n]*)\n[ \t]*\|?[ \t]*:?-{2,}[-:| \t]*(?P<rows>(?:\n[ \t]*\|"
    r"[^\n]*)+)")
_ID_HEADER = re.compile(r"\b(?:node|vertex|id|v)\b", re.I)
_NEIGHBOURS_HEADER = re.compile(r"neighbo|adjacen|connect|\bedges?\b|\blinks?\b", re.I)
_COLOUR_HEADER = re.compile(r"colou?r", re.I)
_END_HEADER = re.compile(r"\s*(?:source|target|from|to|u|v|start|end|endpoint[ \t]*\d?|"
                         r"node[ \t]*[ab12]|vertex[ \t]*[ab12])\s*", re.I)
_FIRST_ID = re.compile(r"(?<![\w.])\d{1,9}(?![\w.])")
_COLOUR = re.compile(r"\b(" + "|".join(COLOURS) + r"|gray)\b", re.I)


class Row(NamedTuple):
    at: int  # position of the row in the text: later statements win over earlier ones
    node: int
    neighbours: str | None  # the cell's text, None without a neighbours column
    colour: str | None


def _cells(line: str) -> list[str]:
    return line.strip().strip("|").split("|")


def _roles(head: str) -> tuple[int, int | None, int | None] | None:
    """Columns of the node id, its neighbours and its colour (for an edge table: of its
    two ends, the second as the "neighbours"), or None when the header names no node
    column or neither of the others."""
    names = _cells(head)
    ends = [i for i, name in enumerate(names) if _END_HEADER.fullmatch(name)]
    if len(ends) >= 2:
        return ends[0], ends[1], None
    node = neighbours = colour = None
    for i, name in enumerate(names):
        if _COLOUR_HEADER.search(name):
            colour = colour if colour is not None else i
        elif _NEIGHBOURS_HEADER.search(name):
            neighbours = neighbours if neighbours is not None else i
        elif _ID_HEADER.search(name) and node is None:
            node = i
    if node is None or (neighbours is None and colour is None):
        return None
    return node, neighbours, colour


def node_tables(text: str) -> Iterator[tuple[tuple[int, int], list[Row]]]:
    """Each node table of ``text``: its span and its rows."""
    for table in _TABLE.finditer(text):
        roles = _roles(table.group("head"))
        if roles is None:
            continue
        node, neighbours, colour = roles
        rows = []
        at = table.start("rows")
        for line in table.group("rows").split("\n"):
            cells = _cells(line)
            ident = _FIRST_ID.search(cells[node]) if node < len(cells) else None
            if ident is not None:
                paint = (_COLOUR.search(cells[colour])
                         if colour is not None and colour < len(cells) else None)
                rows.append(Row(at, int(ident.group(0)),
                                cells[neighbours] if neighbours is not None
                                and neighbours < len(cells) else None,
                                paint.group(1).lower() if paint else None))
            at += len(line) + 1
        yield table.span(), rows
