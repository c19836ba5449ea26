"""What every syntax module shares: the laid-out graph it writes, the parse it reads back,
and the few notations used by more than one syntax.

A syntax module never decides order or labels: it gets a ``Layout`` whose edges, rows and
labels are already in display order, so each syntax is only string building (and the
round-trip tests exercise ordering once, independent of syntax).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple


class Layout(NamedTuple):
    head: str  # first sentence: kind of graph and its node set
    n: int
    directed: bool
    attrs: tuple[str, ...]  # rendered edge attributes, in this order: weight, capacity
    labels: tuple[str, ...]  # label at each position of label order ("rank")
    edges: list[tuple[int, int]]  # ranks: display order for edge lists, else sorted
    rows: list[tuple[int, list[int]]] | None  # per-node lists: (node, entries), display order
    values: dict[tuple[int, int], tuple] | None  # attribute values by (u, v), both ways
    replicated: bool  # undirected edges listed in both directions


class Parsed(NamedTuple):
    """A syntax reader's literal reading, in label space, before any consistency checks."""

    directed: bool | None  # None when the body does not say
    nodes: list[str] | None  # None when only the header lists the nodes
    edges: list[tuple[str, str, dict]] | None = None  # edge lists: (u, v, attributes)
    rows: list[tuple[str, list[tuple]]] | None = None  # (node, [(v, attrs) or (u, v, attrs)])
    matrices: dict[str, list[list[Any]]] | None = None  # "adjacency" or attribute -> rows


REPLICATED_NOTE = " (each undirected edge is listed in both directions)"


def value_texts(layout: Layout, before: Sequence[str], after: Sequence[str] = ("", "")
                ) -> dict[tuple[int, int], str]:
    """Each edge's attribute values written once, keyed like ``layout.values``: value i
    between ``before[i]`` and ``after[i]`` (one f-string per edge; a formatting call per
    entry would cost more than the rest of an attributed rendering)."""
    items = layout.values.items()
    if len(layout.attrs) == 1:
        b, a = before[0], after[0]
        return {pair: f"{b}{v[0]}{a}" for pair, v in items}
    b0, b1, a0, a1 = before[0], before[1], after[0], after[1]
    return {pair: f"{b0}{v[0]}{a0}{b1}{v[1]}{a1}" for pair, v in items}


def prefixes(attrs: tuple[str, ...], template: str, separator: str) -> list[str]:
    """``template`` filled with each attribute name, later ones led by ``separator``."""
    return [("" if i == 0 else separator) + template.format(name)
            for i, name in enumerate(attrs)]


def erdos_values(layout: Layout) -> dict[tuple[int, int], str]:
    """', weight 3, capacity 7': the Erdős notation for an edge's attributes."""
    return value_texts(layout, prefixes(layout.attrs, ", {} ", ""))


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


def between(directed: bool) -> str:
    return "from u to v" if directed else "between u and v"


def edge_items(layout: Layout, pairs: list[tuple[int, int]]) -> list[str]:
    """Edges in the Erdős notation: '(u, v)', '(u, v, weight w)', …"""
    if layout.values is None:
        return pair_items(layout.labels, pairs)
    return pair_items_with(layout.labels, pairs, erdos_values(layout))


def pair_items(t: Sequence[str], pairs: list[tuple[int, int]]) -> list[str]:
    """'(u, v)' per pair, ``t`` naming the nodes (labels, or labels as code values)."""
    return [f"({t[a]}, {t[b]})" for a, b in pairs]


def pair_items_with(t: Sequence[str], pairs: list[tuple[int, int]], text: dict) -> list[str]:
    """'(u, v…)' per pair, each with its attribute text (see ``value_texts``) before ')'."""
    return [f"({t[a]}, {t[b]}{text[a, b]})" for a, b in pairs]


# The per-line comprehensions below live in small functions whose only locals are what
# the loop reads: in CPython 3.11 this makes them markedly faster (measured).

def row_entries(layout: Layout, incidence: bool) -> list[str]:
    """Each line's entries, joined: neighbors 'v' / 'v (weight w)', or its edges '(u, v, …)'
    as the edge list writes them."""
    if incidence:
        texts = None if layout.values is None else edge_items(layout, layout.edges)
        return incidence_rows(layout, layout.labels, "()", texts)
    if layout.values is None:
        return joined(layout.labels, layout.rows)
    text = value_texts(layout, prefixes(layout.attrs, "{} ", ", "))
    return _joined_valued(layout.labels, layout.rows, text)


def joined(tokens: Sequence[str], rows: list[tuple[int, list[int]]]) -> list[str]:
    """Each line's entries as ``tokens``, joined."""
    return [", ".join([tokens[v] for v in items]) for _, items in rows]


def _joined_valued(t: Sequence[str], rows: list[tuple[int, list[int]]],
                   text: dict) -> list[str]:
    return [", ".join([f"{t[v]} ({text[u, v]})" for v in items]) for u, items in rows]


def incidence_rows(layout: Layout, tokens: Sequence[str], brackets: str,
                   edge_texts: list[str] | None) -> list[str]:
    """Each line's edges, joined, written as the edge list writes them (undirected: smaller
    label first). Plain pairs are formatted inline (the hot path); attributed edges come
    formatted once each (``edge_texts``, the texts of ``layout.edges``) and are looked up
    from both ends."""
    if edge_texts is None:
        left, right = brackets
        if layout.directed:
            return _out_pairs(tokens, layout.rows, left, right)
        return _incident_pairs(tokens, layout.rows, left, right)
    text = dict(zip(layout.edges, edge_texts, strict=True))
    if not layout.directed:
        text.update(zip([(b, a) for a, b in layout.edges], edge_texts, strict=True))
    return _looked_up(text, layout.rows)


def _out_pairs(q: Sequence[str], rows: list, left: str, right: str) -> list[str]:
    return [", ".join([f"{left}{q[u]}, {q[v]}{right}" for v in items]) for u, items in rows]


def _incident_pairs(q: Sequence[str], rows: list, left: str, right: str) -> list[str]:
    return [", ".join([f"{left}{q[u]}, {q[v]}{right}" if u < v
                       else f"{left}{q[v]}, {q[u]}{right}" for v in items])
            for u, items in rows]


def _looked_up(text: dict, rows: list) -> list[str]:
    return [", ".join([text[u, v] for v in items]) for u, items in rows]


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
    """Inverse of one entry of ``row_entries``: (v, attrs) or (u, v, attrs)."""
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
