"""Writing the body of a graph by gathering ready-made texts, not formatting each entry.

An edge list or a set of per-node lines is a long run of node labels (and attribute
values) between fixed punctuation. Formatting one f-string per entry took most of a
rendering's time. Instead the layout spells such a body once as *cells*, each an index
into a table of texts: one slot of one node (``slot * n + rank``), or the values of edge
``e`` (``VALUES * n + e``), or the separator or end of a list right after those. A syntax
gives each slot's text before and after the label, and how values are written; the label
texts are built once per (labels, slots) and the value texts once per graph and notation,
so writing a body is one gather and one join, both in C.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from graphgauge.render.ranking import EdgeValues, pick

# Slots of a label cell. An entry is an edge (FIRST u, then v) or, in an adjacency list,
# a neighbor (v alone). Without attributes v is SECOND, followed by the entry's end and
# the separator to the next entry, or LAST, followed by the entry's end and the list's
# end. With attributes v is BARE, followed by a value cell and a separator or end cell.
# A per-node line opens with START (its node), or is EMPTY (the node, and what a line
# without entries says).
FIRST, SECOND, LAST, START, EMPTY, BARE = range(6)
VALUES = 6  # value cells follow the label cells

Slots = tuple[tuple[str, str], ...]  # (before, after) the label, per slot, in slot order


class Entry(NamedTuple):
    """How a syntax writes one entry: 'open u mid v close' (an edge) or 'open v close' (a
    neighbor), labels in ``quote``s. An attributed entry has 'lead' after v, then value i
    between ``before[i]`` and ``after[i]``, then ``close``."""

    open: str
    mid: str
    close: str
    quote: str = ""
    lead: str = ""
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


class Lines(NamedTuple):
    """How a syntax writes per-node lines: ``start`` node ``linked`` entries ``end``, or
    ``start`` node ``alone`` for a node without entries. ``start`` leads every line, so the
    lines are simply concatenated."""

    start: str
    linked: str
    end: str
    alone: str


NO_LINES = Lines("", "", "", "")


def write(cells: list[int], labels: tuple[str, ...], values: EdgeValues | None,
          entry: Entry, edges: bool, sep: str, lines: Lines = NO_LINES) -> str:
    """The body spelled by ``cells``: entries (``edges``: edge entries, else neighbors)
    separated by ``sep``, in ``lines`` or as one list."""
    table = _label_texts(labels, _slots(entry, edges, sep, lines))
    if values is not None:
        table += values.texts(entry.before, entry.after, entry.close) + (sep, lines.end)
    return "".join(pick(table, cells))


def each_label(labels: tuple[str, ...], before: str, after: str) -> str:
    """Every label in rank order between ``before`` and ``after`` (node declarations)."""
    return "".join(_label_texts(labels, ((before, after),)))


@lru_cache(maxsize=256)
def _slots(entry: Entry, edges: bool, sep: str, lines: Lines) -> Slots:
    quote, close = entry.quote, entry.quote + entry.close
    first = (entry.open + quote, quote + entry.mid)
    second = quote if edges else entry.open + quote  # what comes before v
    return (first, (second, close + sep), (second, close + lines.end),
            (lines.start, lines.linked), (lines.start, lines.alone),
            (second, quote + entry.lead))


CACHED_LABELS = 128


def _label_texts(labels: tuple[str, ...], slots: Slots) -> tuple[str, ...]:
    """Each slot's text for each label. Kept for graphs of up to ``CACHED_LABELS`` nodes
    (a study's few label sets per size, times a dozen slot sets); a larger graph's texts
    cost no more than its rendering and would crowd the cache."""
    if len(labels) > CACHED_LABELS:
        return _table.__wrapped__(labels, slots)
    return _table(labels, slots)


@lru_cache(maxsize=2048)
def _table(labels: tuple[str, ...], slots: Slots) -> tuple[str, ...]:
    return tuple([before + label + after for before, after in slots for label in labels])


# --- cells, built with the layout --------------------------------------------------------
# Plain loops with a bound ``append``: several times faster here than comprehensions
# that build a tuple per entry (measured, CPython 3.11).

def edge_cells(pairs: list[tuple[int, int]], n: int, values: EdgeValues | None) -> list[int]:
    """Cells of an edge list."""
    cells: list[int] = []
    _append_edges(cells.append, pairs, n, values)
    return _ended(cells, n, values)


def line_cells(rows: list[tuple[int, list[int]]], n: int, incidence: bool, directed: bool,
               values: EdgeValues | None) -> list[int]:
    """Cells of per-node lines. Incidence entries are edges written as the edge list writes
    them (undirected: smaller rank first); adjacency entries are neighbors."""
    cells: list[int] = []
    append = cells.append
    start, empty = START * n, EMPTY * n
    for u, items in rows:
        if not items:
            append(empty + u)
            continue
        append(start + u)
        if not incidence:
            _append_neighbors(append, u, items, n, values)
        elif directed:
            _append_edges(append, [(u, v) for v in items], n, values)
        else:
            _append_edges(append, [(u, v) if u <= v else (v, u) for v in items], n, values)
        _ended(cells, n, values)
    return cells


def _append_edges(append: Callable[[int], None], pairs: list[tuple[int, int]], n: int,
                  values: EdgeValues | None) -> None:
    """FIRST u, SECOND v per edge; with values FIRST u, BARE v, its values, a separator.
    (FIRST is slot 0: a FIRST cell is the rank itself.)"""
    if values is None:
        second = SECOND * n
        for a, b in pairs:
            append(a)
            append(second + b)
        return
    index, bare, value, sep = values.index, BARE * n, VALUES * n, _separator(n, values)
    for pair in pairs:
        append(pair[0])
        append(bare + pair[1])
        append(value + index[pair])
        append(sep)


def _append_neighbors(append: Callable[[int], None], u: int, items: list[int], n: int,
                      values: EdgeValues | None) -> None:
    """SECOND v per neighbor; with values BARE v, the values of its edge, a separator."""
    if values is None:
        second = SECOND * n
        for v in items:
            append(second + v)
        return
    index, bare, value, sep = values.index, BARE * n, VALUES * n, _separator(n, values)
    for v in items:
        append(bare + v)
        append(value + index[u, v])
        append(sep)


def _separator(n: int, values: EdgeValues) -> int:
    return VALUES * n + len(values.rows)


def _ended(cells: list[int], n: int, values: EdgeValues | None) -> list[int]:
    """The last entry followed by the end of its list, not by a separator."""
    if cells:
        cells[-1] += n if values is None else 1  # SECOND -> LAST, separator -> end
    return cells
