"""What every syntax module shares: the laid-out graph it writes, the parse it reads back,
and the few notations used by more than one syntax.

A syntax module never decides order or labels: it gets a ``Layout`` whose edges, rows and
labels are already in display order, so each syntax is only string building (and the
round-trip tests exercise ordering once, independent of syntax).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from graphgauge.render.ranking import EdgeValues
from graphgauge.render.slots import Entry, Lines, write


class Layout(NamedTuple):
    head: str  # first sentence: kind of graph and its node set
    n: int
    directed: bool
    attrs: tuple[str, ...]  # rendered edge attributes, in this order: weight, capacity
    labels: tuple[str, ...]  # label at each position of label order ("rank")
    edges: list[tuple[int, int]]  # ranks: display order for edge lists, else sorted
    rows: list[tuple[int, list[int]]] | None  # per-node lists: (node, entries), display order
    values: EdgeValues | None  # attribute values of the edges
    replicated: bool  # undirected edges listed in both directions
    cells: list[int] | None  # lists: the body as ``slots`` cells (None for matrices)


class Parsed(NamedTuple):
    """A syntax reader's literal reading, in label space, before any consistency checks."""

    directed: bool | None  # None when the body does not say
    nodes: list[str] | None  # None when only the header lists the nodes
    edges: list[tuple[str, str, dict]] | None = None  # edge lists: (u, v, attributes)
    rows: list[tuple[str, list[tuple]]] | None = None  # (node, [(v, attrs) or (u, v, attrs)])
    matrices: dict[str, list[list[Any]]] | None = None  # "adjacency" or attribute -> rows


REPLICATED_NOTE = " (each undirected edge is listed in both directions)"


def prefixes(attrs: tuple[str, ...], template: str, separator: str) -> tuple[str, ...]:
    """``template`` filled with each attribute name, later ones led by ``separator``."""
    return tuple(("" if i == 0 else separator) + template.format(name)
                 for i, name in enumerate(attrs))


def number(text: str) -> int | float:
    """An attribute value as written by ``str``: integers stay integers."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return float(text)


def list_kind(layout: Layout, incidence: bool) -> str:
    """What a per-node list holds."""
    if incidence:
        return "outgoing edges" if layout.directed else "incident edges"
    return "out-neighbors (targets of its outgoing edges)" if layout.directed else "neighbors"


def value_tokens(labels: tuple[str, ...]) -> list[str] | tuple[str, ...]:
    """Labels as JSON/Python values: integer labels as numbers, letters as strings."""
    return labels if labels[0].isdigit() else [f'"{label}"' for label in labels]


def value_quote(labels: tuple[str, ...]) -> str:
    """What encloses a label written as a JSON/Python value (see ``value_tokens``)."""
    return "" if labels[0].isdigit() else '"'


def between(directed: bool) -> str:
    return "from u to v" if directed else "between u and v"


# --- lists: entries written from ``slots`` tables ------------------------------------------

def edge_list(layout: Layout, entry: Entry, sep: str = ", ") -> str:
    """The edges in display order, each written as ``entry``, joined by ``sep``."""
    return write(layout.cells, layout.labels, layout.values, entry, True, sep)


def node_lines(layout: Layout, lines: Lines, entry: Entry, incidence: bool) -> str:
    """Every node's line in display order; entries are edges (``incidence``) or neighbors,
    joined by ', '."""
    return write(layout.cells, layout.labels, layout.values, entry, incidence, ", ", lines)


@lru_cache(maxsize=16)
def erdos_entry(attrs: tuple[str, ...]) -> Entry:
    """'(u, v)', '(u, v, weight w)', …: an edge in the Erdős notation."""
    return Entry("(", ", ", ")", before=prefixes(attrs, ", {} ", ""))


@lru_cache(maxsize=16)
def neighbor_entry(attrs: tuple[str, ...]) -> Entry:
    """'v', or 'v (weight w, capacity c)' with the values of the edge to v."""
    if not attrs:
        return Entry("", "", "")
    return Entry("", "", ")", lead=" (", before=prefixes(attrs, "{} ", ", "))


def split_items(text: str) -> list[str]:
    """Split 'a (x, y), (b, c)' at the commas outside parentheses."""
    items, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:index].strip())
            start = index + 1
    items.append(text[start:].strip())
    return items if items != [""] else []


def read_plain_item(text: str, incidence: bool) -> tuple:
    """Inverse of one entry of a plain or Markdown line: (v, attrs) or (u, v, attrs)."""
    text = text.strip()
    if incidence:
        if not (text.startswith("(") and text.endswith(")")):
            raise ValueError(f"not an edge: {text!r}")
        u, v, *rest = text[1:-1].split(", ")
        return u, v, read_attr_suffix(rest)
    label, _, attrs = text.partition(" (")
    if attrs and not attrs.endswith(")"):
        raise ValueError(f"not a neighbor entry: {text!r}")
    return label, read_attr_suffix(attrs[:-1].split(", ") if attrs else [])


def read_attr_suffix(parts: list[str]) -> dict[str, int | float]:
    """['weight 3', 'capacity 7'] -> {'weight': 3, 'capacity': 7}."""
    out = {}
    for part in parts:
        name, _, value = part.partition(" ")
        out[name] = number(value)
    return out


def matrices(layout: Layout) -> list[tuple[str, list[list[str]]]]:
    """(title, grid) per matrix: one binary adjacency matrix, or one per edge attribute.

    A zero attribute value would read as a missing edge, so it is refused, not written.
    """
    n, directed, values = layout.n, layout.directed, layout.values
    out = []
    for index, name in enumerate(layout.attrs or ("adjacency",)):
        grid = [["0"] * n for _ in range(n)]
        for a, b in layout.edges:
            cell = "1"
            if values is not None:
                if values[a, b][index] == 0:
                    raise ValueError(f"an edge with {name} 0 cannot be shown in a matrix")
                cell = str(values[a, b][index])
            grid[a][b] = cell
            if not directed:
                grid[b][a] = cell
        out.append((name.capitalize() + " matrix", grid))
    return out


def matrix_meaning(layout: Layout) -> str:
    """What a matrix entry means, for the header."""
    pair = between(layout.directed)
    if not layout.attrs:
        return f"The entry in row u, column v is 1 if there is an edge {pair}, else 0"
    name = " (".join(layout.attrs) + ")" * (len(layout.attrs) - 1)  # "weight (capacity)"
    return (f"The entry in row u, column v of the {name} matrix is the {name} of the edge "
            f"{pair}, or 0 if there is none")
