"""Output graphs written as JSON: node-link dicts, ``{"nodes", "edges", "colored"}``
objects, colour maps and adjacency dicts, as chat models write them when asked for a
graph. A ``colored`` list names coloured nodes, never an edge."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from graphgauge.suites.arc.rule import COLOURS

MAX_OBJECTS = 20  # JSON starts tried per answer: keeps the work linear in its length
MAX_ID = 10**9
_OPEN = re.compile(r"[{]")
_COLOUR_KEYS = re.compile(r"colou?r(?:s|ed|ing)?(?:_?nodes?)?$|node_?colou?rs?$", re.I)
_NAMES = {*COLOURS, "gray"}

# (nodes, (k, 2) edge array, colours) with colours[node] a colour name, or None for a
# node listed as coloured without a colour name
Reading = tuple[set[int], np.ndarray, dict[int, str | None]]


def _node(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < MAX_ID else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 10:
        return int(value.strip())
    return None


def _colour(value: Any) -> str | None:
    if isinstance(value, str) and value.strip().lower() in _NAMES:
        name = value.strip().lower()
        return "grey" if name == "gray" else name
    return None


def _edge(item: Any) -> tuple[int, int] | None:
    if isinstance(item, list | tuple) and len(item) == 2:
        ends = (_node(item[0]), _node(item[1]))
    elif isinstance(item, dict):
        ends = (_node(item.get("source", item.get("from", item.get("u")))),
                _node(item.get("target", item.get("to", item.get("v")))))
    elif isinstance(item, str) and re.fullmatch(r"\s*\d{1,9}\s*[-–,]\s*\d{1,9}\s*", item):
        ends = tuple(int(x) for x in re.findall(r"\d+", item))
    else:
        return None
    return None if None in ends else ends


def _colour_entries(value: Any, colours: dict[int, str | None]) -> bool:
    """Colours from a ``colored``-like value: a list of ids (colour to infer), of
    {"id", "color"} dicts or [id, colour] pairs, a map id -> colour or colour -> ids."""
    if isinstance(value, list):
        for item in value:
            if (node := _node(item)) is not None:
                colours[node] = None
            elif isinstance(item, dict) and _node(item.get("id", item.get("node"))) is not None:
                colours[_node(item.get("id", item.get("node")))] = _colour(
                    item.get("color", item.get("colour")))
            elif (isinstance(item, list | tuple) and len(item) == 2 and _colour(item[1])
                  and (node := _node(item[0])) is not None):
                colours[node] = _colour(item[1])
        return True
    if isinstance(value, dict):
        for key, item in value.items():
            if _node(key) is not None and _colour(item):
                colours[_node(key)] = _colour(item)
            elif _colour(key) and isinstance(item, list):
                colours.update({n: _colour(key) for n in map(_node, item) if n is not None})
        return True
    return False


def _nodes(value: Any, nodes: set[int], colours: dict[int, str | None]) -> None:
    for item in value if isinstance(value, list) else []:
        if (node := _node(item)) is not None:
            nodes.add(node)
        elif isinstance(item, dict) and (node := _node(item.get("id"))) is not None:
            nodes.add(node)
            if _colour(item.get("color", item.get("colour"))):
                colours[node] = _colour(item.get("color", item.get("colour")))


def _as_graph(obj: Any) -> Reading | None:
    """A graph read from one decoded JSON object, or None when it describes none."""
    if not isinstance(obj, dict):
        return None
    nodes: set[int] = set()
    edges: list[tuple[int, int]] = []
    colours: dict[int, str | None] = {}
    found = False
    for key, value in obj.items():
        name = str(key).strip().lower()
        if name in ("nodes", "vertices", "node_list"):
            _nodes(value, nodes, colours)
            found = True
        elif name in ("edges", "links", "edge_list"):
            edges += [e for e in map(_edge, value if isinstance(value, list) else []) if e]
            found = True
        elif name in ("adjacency", "adjacency_list", "neighbors", "neighbours") and \
                isinstance(value, dict):
            for node, around in value.items():
                if _node(node) is not None and isinstance(around, list):
                    nodes.add(_node(node))
                    edges += [(_node(node), u) for u in map(_node, around) if u is not None]
            found = True
        elif _COLOUR_KEYS.match(name) or name in _NAMES:
            found |= _colour_entries(value if name not in _NAMES else {name: value}, colours)
        elif name in ("graph", "output", "answer", "output_graph") and isinstance(value, dict):
            inner = _as_graph(value)
            if inner:
                return inner
    if not found:
        return None
    return nodes, np.array(edges, dtype=np.int64).reshape(-1, 2), colours


def json_graph_end(region: str) -> tuple[Reading, int] | None:
    """The last JSON object of ``region`` that describes a graph, and where it ends (the
    text after it may still comment on the colours: "Node 0 keeps its orange colour")."""
    decoder = json.JSONDecoder()
    found, end, tries = None, 0, 0
    for match in _OPEN.finditer(region):
        if match.start() < end:
            continue
        tries += 1
        if tries > MAX_OBJECTS:
            break
        try:
            obj, end = decoder.raw_decode(region, match.start())
        except (ValueError, RecursionError):
            continue
        graph = _as_graph(obj)
        found = (graph, end) if graph else found
    return found
