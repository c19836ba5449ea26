"""Read your own graph questions (one JSON object per line) into graphgauge instances.

A row::

    {"id": "q1",                                  # optional (default: the line number)
     "graph": {"edges": [[0, 1], [1, 2, 5]],      # [u, v] or [u, v, weight]
               "nodes": 4, "directed": false},    # nodes: a count or a list of names
     "question": "Is there a path from node {source} to node {target}?",
     "query": {"source": 0, "target": 3},         # optional; fills the {placeholders}
     "answer": false,                             # the gold answer
     "task": "reachability"}                      # or "answer_type": "bool"

``graph`` may also be node-link JSON ({"nodes": [{"id": ...}], "edges"/"links":
[{"source": ..., "target": ..., "weight": ...}], "directed": ...}) or a bare edge list.
Nodes may be integers 0..n-1 or any names (strings): names become ids in the order given
(or of first appearance) and are kept in ``meta["node_names"]``; query values and gold
answers may use them. With ``task`` the gold must agree with graphgauge's solver for it;
with ``answer_type`` (bool, int, float, node_set, node_list, edge_set, edge_sequence) it
is scored by exact match.
"""

from __future__ import annotations

import math
from itertools import islice
from pathlib import Path
from typing import Any

import networkx as nx

from graphgauge.datasets.files import jsonl_objects
from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance

KNOWN = {"id", "graph", "question", "query", "answer", "task", "answer_type", "meta"}


class _Bad(Exception):
    """A row's mistake: (field, message)."""


def _bad(field: str, message: str) -> _Bad:
    return _Bad(f"field {field!r}: {message}")


def _edge_rows(graph: Any) -> tuple[list, list | None, bool]:
    """(edges as (u, v, attrs), declared nodes or None, directed) of any accepted form."""
    if isinstance(graph, list):
        graph = {"edges": graph}
    if not isinstance(graph, dict):
        raise _bad("graph", "must be an object (edge list or node-link) or a list of edges")
    directed = graph.get("directed", False)
    if not isinstance(directed, bool):
        raise _bad("graph", "'directed' must be true or false")
    raw = graph.get("edges", graph.get("links"))
    if not isinstance(raw, list):
        raise _bad("graph", "needs an 'edges' list")
    edges = []
    for k, edge in enumerate(raw):
        if isinstance(edge, dict):
            if "source" not in edge or "target" not in edge:
                raise _bad("graph", f"edge {k} needs 'source' and 'target'")
            attrs = {a: v for a, v in edge.items() if a not in ("source", "target")}
            edges.append((edge["source"], edge["target"], attrs))
        elif isinstance(edge, list) and len(edge) in (2, 3):
            if len(edge) == 3 and not _is_number(edge[2]):
                raise _bad("graph", f"edge {k}: the third item must be a numeric weight")
            edges.append((edge[0], edge[1], {"weight": edge[2]} if len(edge) == 3 else {}))
        else:
            raise _bad("graph", f"edge {k} must be [u, v], [u, v, weight] or an object")
    nodes = graph.get("nodes")
    if isinstance(nodes, int) and not isinstance(nodes, bool):
        if nodes < 0:
            raise _bad("graph", "'nodes' must not be negative")
        nodes = list(range(nodes))
    elif isinstance(nodes, list):
        nodes = [n["id"] if isinstance(n, dict) and "id" in n else n for n in nodes]
    elif nodes is not None:
        raise _bad("graph", "'nodes' must be a count or a list")
    return edges, nodes, directed


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _hashable_name(value: Any, field: str = "graph") -> str | int:
    """A node as a key: digits written as a string ("7", not "07") are the integer they
    spell, so ids exported as text stay ids and an answer "[1, 2]" has one reading."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _bad(field, f"node {value!r} must be an integer or a string")
    if isinstance(value, str) and value.isascii() and value.isdigit() and (
            value == "0" or not value.startswith("0")):
        return int(value)
    return value


def build_graph(spec: Any) -> tuple[nx.Graph, list[str] | None, dict]:
    """(graph on ids 0..n-1, node names or None when the nodes are integers, name -> id).
    Integer nodes keep their values as ids and must be 0..n-1 (a ``nodes`` count adds
    isolated ones); a gap is a mistake, never a silent phantom node."""
    edges, declared, directed = _edge_rows(spec)
    order: dict[Any, int] = {}
    for name in [*(declared or []), *(x for u, v, _ in edges for x in (u, v))]:
        order.setdefault(_hashable_name(name), len(order))
    if declared is not None and len(order) > len(declared):
        extra = next(n for n in order if n not in set(map(_hashable_name, declared)))
        raise _bad("graph", f"edge endpoint {extra!r} is not in 'nodes'")
    if all(isinstance(n, int) for n in order) and min(order, default=0) >= 0:
        last = max(order, default=-1)
        count = last + 1 - len(order)
        if count:  # an unseen id would become a phantom isolated node
            shown = [str(n) for n in islice((n for n in range(last + 1) if n not in order), 3)]
            listed = (f"{', '.join(shown)} … ({count} in all)" if count > 3 else
                      (", ".join(shown[:-1]) + " and " if count > 1 else "") + shown[-1])
            raise _bad("graph", f"integer nodes are the ids 0..{last}, but {listed} "
                       f"{'are' if count > 1 else 'is'} missing: give 'nodes': {last + 1} to "
                       "include isolated nodes, or give the nodes names that are not numbers")
        order, names = {n: n for n in range(last + 1)}, None
    else:
        names = [str(n) for n in order]
    graph = nx.DiGraph() if directed else nx.Graph()
    graph.add_nodes_from(range(len(order)))
    graph.add_edges_from((order[_hashable_name(u)], order[_hashable_name(v)], attrs)
                         for u, v, attrs in edges)
    return graph, names, order


def _node(value: Any, ids: dict, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str) or \
            _hashable_name(value) not in ids:
        raise _bad(field, f"{value!r} is not a node of the graph")
    return ids[_hashable_name(value)]


def _nodes_in(value: Any, kind: str, ids: dict) -> Any:
    """A gold answer with node names replaced by ids (per the answer type's shape)."""
    if kind in ("node_set", "node_list"):
        if not isinstance(value, list):
            raise _bad("answer", f"a {kind} answer must be a list of nodes")
        return [_node(v, ids, "answer") for v in value]
    if kind in ("edge_set", "edge_sequence"):
        if not isinstance(value, list) or not all(isinstance(e, list) and len(e) == 2
                                                  for e in value):
            raise _bad("answer", f"an {kind} answer must be a list of [u, v] pairs")
        return [[_node(u, ids, "answer"), _node(v, ids, "answer")] for u, v in value]
    if kind == "bool" and not isinstance(value, bool):
        raise _bad("answer", "a bool answer must be true or false")
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise _bad("answer", "an int answer must be an integer")
    if kind == "float" and not _is_number(value):
        raise _bad("answer", "a float answer must be a number")
    return value


def _kind_of(answer_type) -> str:
    from graphgauge.suites.imported.questions import ANSWER_TYPES

    for kind, value in ANSWER_TYPES.items():
        if value is answer_type:
            return kind
    return answer_type.name


def row_to_instance(row: dict[str, Any], lineno: int, source: str) -> Instance:
    from graphgauge.suites.base import REGISTRY
    from graphgauge.suites.imported.questions import ANSWER_TYPES

    unknown = sorted(set(row) - KNOWN)
    if unknown:
        raise _bad(unknown[0], f"unknown field (fields: {', '.join(sorted(KNOWN))})")
    for name in ("graph", "answer"):
        if name not in row:
            raise _bad(name, "missing")
    task_name, kind = row.get("task"), row.get("answer_type")
    if task_name is not None and not isinstance(task_name, str):
        raise _bad("task", f"must be a task name, got {task_name!r}")
    if not isinstance(row.get("meta", {}), dict):
        raise _bad("meta", "must be an object")
    if isinstance(row.get("id", ""), bool) or not isinstance(row.get("id", ""), str | int):
        raise _bad("id", "must be a string or an integer")
    if (task_name is None) == (kind is None):
        raise _bad("task", "give exactly one of 'task' (a graphgauge task) or 'answer_type'")
    if kind is not None and (not isinstance(kind, str) or kind not in ANSWER_TYPES):
        raise _bad("answer_type", f"{kind!r} is not one of {', '.join(ANSWER_TYPES)}")
    name = kind or str(task_name).removeprefix("algorithmic/")
    task = REGISTRY["questions"].get(name)
    if task is None:
        raise _bad("task", f"unknown task {task_name!r}; see 'graphgauge list algorithmic'")
    question = row.get("question")
    if question is not None and (not isinstance(question, str) or not question.strip()):
        raise _bad("question", "must be a non-empty string")
    if question is None and kind is not None:
        raise _bad("question", "missing (needed with answer_type)")
    graph, names, ids = build_graph(row["graph"])
    query = row.get("query", {})
    if not isinstance(query, dict):
        raise _bad("query", "must be an object")
    query = {k: _node(v, ids, "query") if k in task.node_params else v for k, v in query.items()}
    gold = _nodes_in(row["answer"], _kind_of(task.answer), ids)
    meta = dict(row.get("meta") or {})
    meta.update(source="questions", source_file=source, line=lineno, n=len(graph),
                maps_to=task.maps_to or f"questions/{name}")
    if question is not None:
        meta["question"] = question
    if names is not None:
        meta["node_names"] = names
    key = str(row.get("id", lineno))
    inst = Instance(id=f"questions/{name}/{key}", suite="questions", task=name,
                    graphs={"G": to_node_link(graph)}, query=query, answer=gold, meta=meta)
    if kind is None:
        _agree_with_solver(task, inst)
    return inst


def _agree_with_solver(task, inst: Instance) -> None:
    """With a graphgauge task the gold must be an answer its verifier accepts, and what
    its reference solver computes must be accepted against that gold."""
    try:
        solved = task.solve(inst)
        ok = task.check(inst.answer, inst) and task.check(solved, inst)
    except (KeyError, TypeError, ValueError, IndexError, nx.NetworkXException) as exc:
        raise _bad("query", f"does not fit task {inst.task} ({type(exc).__name__}: {exc})"
                   ) from None
    if not ok:
        raise _bad("answer", f"{inst.answer!r} disagrees with graphgauge's {inst.task} solver "
                   f"({solved!r}); give answer_type instead of task to score by exact match")


def read_questions(source: str | Path) -> list[Instance]:
    import graphgauge.suites.imported.questions  # noqa: F401  (registers the tasks)

    path = Path(source)
    if not path.is_file():
        raise UserError(f"questions file not found: {path}")
    out, seen = [], set()
    for lineno, row in jsonl_objects(path):
        try:
            inst = row_to_instance(row, lineno, str(path))
        except _Bad as exc:
            raise UserError(f"{path}:{lineno}: {exc}") from None
        if inst.id in seen:
            raise UserError(f"{path}:{lineno}: field 'id': {row.get('id')!r} repeats an "
                            "earlier row's id")
        seen.add(inst.id)
        out.append(inst)
    return out
