"""Read GraphWalks rows (``prompt``, ``answer_nodes``, ``problem_type``, ``prompt_chars``;
the dataset card's older name ``answer`` is accepted too) from JSONL or Parquet into
graphgauge instances.

The graph is the directed edge list ("a -> b" per line) after "The graph has the
following edges:" in the prompt's own part (worked examples are skipped: before
"<end example>", or every edge list before the last); node names are kept in
``meta["node_names"]`` and become ids in order of first appearance. Repeated edges
collapse and self-loops stay, neither of which changes a BFS layer or a parent set. The
gold is recomputed and compared with ``answer_nodes``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx

from graphgauge.datasets.files import jsonl_objects
from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance, content_hash
from graphgauge.suites.base import REGISTRY

_EDGES_HEAD = "The graph has the following edges:"
_EDGE = re.compile(r"^\s*(\S+)\s*->\s*(\S+)\s*$")
_BFS = re.compile(r"Perform a BFS from node (\S+?) (?:with depth|and return only the nodes "
                  r"at exactly depth) (\d+)")
_PARENTS = re.compile(r"Find the parents of node ([^\s.]+)\.")
FIELDS = ("prompt", "answer_nodes", "problem_type")


def _rows(path: Path) -> Iterator[tuple[int, Any]]:
    """(row number from 1, row) of a JSONL or Parquet file."""
    if not path.is_file():
        raise UserError(f"GraphWalks file not found: {path}")
    if path.suffix == ".parquet":
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise UserError("reading Parquet needs the parquet extra: "
                            "pip install 'graphgauge[parquet]'") from None
        try:
            table = pq.read_table(path)
        except Exception as exc:  # pyarrow raises several types for a damaged file
            raise UserError(f"{path}: not a readable Parquet file ({exc})") from None
        yield from enumerate(table.to_pylist(), start=1)
        return
    yield from jsonl_objects(path)


def _own_part(prompt: str) -> str:
    """The prompt after its worked examples: after "<end example>" when marked, else
    from the last edge list on (examples come first)."""
    own = prompt.rpartition("<end example>")[2]
    return own[max(own.rfind(_EDGES_HEAD), 0):]


def _graph(prompt: str) -> tuple[nx.DiGraph, list[str]]:
    own = _own_part(prompt)
    start = own.rfind(_EDGES_HEAD)
    if start < 0:
        raise ValueError(f"no {_EDGES_HEAD!r} line")
    names: dict[str, int] = {}
    edges = []
    for line in own[start + len(_EDGES_HEAD):].splitlines():
        if not line.strip():
            if edges:
                break
            continue
        match = _EDGE.match(line)
        if match is None:
            break
        edges.append(tuple(names.setdefault(name, len(names)) for name in match.groups()))
    if not edges:
        raise ValueError("no 'a -> b' edge lines")
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(names)))
    graph.add_edges_from(edges)
    return graph, list(names)


def row_to_instance(row: dict[str, Any], index: int) -> Instance:
    """One GraphWalks row as an instance; ValueError says what the row lacks."""
    import graphgauge.suites.imported.graphwalks  # noqa: F401  (registers the tasks)

    kind = row["problem_type"]
    if kind not in ("bfs", "parents"):
        raise ValueError(f"problem_type must be bfs or parents, got {kind!r}")
    prompt = row["prompt"]
    if not isinstance(prompt, str):
        raise ValueError("prompt must be text")
    graph, names = _graph(prompt)
    ids = {name: i for i, name in enumerate(names)}
    operation = (_BFS if kind == "bfs" else _PARENTS).findall(_own_part(prompt))
    if not operation:
        raise ValueError(f"no {kind} operation in the prompt")
    if kind == "bfs":
        start, depth = operation[-1]
        key, query = start, {"source": ids.get(start), "depth": int(depth)}
    else:
        key = operation[-1]
        query = {"node": ids.get(key)}
    if key not in ids:
        raise ValueError(f"node {key!r} of the operation is not in the edge list")
    published = row["answer_nodes"] if "answer_nodes" in row else row["answer"]
    if not isinstance(published, list | tuple):
        raise ValueError("answer_nodes must be a list of node names")
    # a published node missing from the graph can only count against a model
    source_gold = sorted({ids.get(str(name), -1 - k) for k, name in enumerate(published)})
    meta = {"source": "graphwalks", "license": "mit", "source_task": kind, "row": index,
            "n": len(names),
            "node_names": names, "source_gold": source_gold,
            "prompt_chars": row.get("prompt_chars", len(prompt)), "maps_to": f"graphwalks/{kind}"}
    if row.get("date_added"):  # the dataset's version of the row (prompt wording changed)
        meta["date_added"] = str(row["date_added"])
    body = {"graph": to_node_link(graph), "query": query}
    draft = Instance(id=f"graphwalks/{kind}/{index:05d}-{content_hash(body, 8)}",
                     suite="graphwalks", task=kind, graphs={"G": body["graph"]}, query=query,
                     meta=meta)
    draft.__dict__["graph"] = graph
    gold = REGISTRY["graphwalks"][kind].solve(draft)
    meta["source_gold_verified"] = gold == source_gold
    return Instance(**{**draft.to_dict(), "answer": gold, "meta": meta})


def read_graphwalks(source: str | Path) -> list[Instance]:
    path = Path(source)
    out = []
    for index, row in _rows(path):
        where = f"{path}:{index}"
        if not isinstance(row, dict):
            raise UserError(f"{where}: expected an object per row")
        for name in FIELDS:
            if name not in row and not (name == "answer_nodes" and "answer" in row):
                raise UserError(f"{where}: missing field {name!r}")
        try:
            out.append(row_to_instance(row, index))
        except (ValueError, TypeError, AttributeError) as exc:
            raise UserError(f"{where}: {exc}") from None
    return out
