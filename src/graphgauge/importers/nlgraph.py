"""Read NLGraph's question files into graphgauge instances.

NLGraph ships ``<task>/{main,test}.json``: an object id -> {"question", "answer",
"difficulty"} whose graph and query are written inside the question text. Each question is
parsed back into a node-link graph and a query; the gold answer is recomputed by
graphgauge's reference solver and NLGraph's own gold text is read and checked against it
(``meta["source_gold_verified"]``), so an error in either shows up on import.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx

from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.suites.base import REGISTRY

# NLGraph's folder names -> graphgauge's nlgraph task names
FOLDERS = {"connectivity": "connectivity", "cycle": "cycle", "topology": "topology",
           "shortest_path": "shortest_path", "flow": "flow", "matching": "matching",
           "hamilton": "hamilton", "GNN": "gnn"}

_PAIR = re.compile(r"\((\d+),\s*(\d+)\)")
_LAST_NODE = re.compile(r"numbered from 0 to (\d+)")


class _Unparsed(Exception):
    """A question that does not have the layout of its task (message: what is missing)."""


def _find(pattern: str, text: str, what: str) -> re.Match:
    match = re.search(pattern, text)
    if match is None:
        raise _Unparsed(f"no {what}")
    return match


def _graph_text(question: str) -> str:
    """The question up to its query ("Q: ..."), where the graph is described."""
    return question.split("\nQ:")[0]


def _node_count(text: str, edges: list[tuple[int, ...]], *named: int) -> int:
    """From "numbered from 0 to N" when given, else the largest node mentioned."""
    match = _LAST_NODE.search(text)
    largest = max([*(v for e in edges for v in e[:2]), *named], default=-1)
    n = int(match[1]) + 1 if match else largest + 1
    if largest >= n:
        raise _Unparsed(f"node {largest} outside the stated range 0..{n - 1}")
    return n


def _pairs(text: str) -> list[tuple[int, int]]:
    edges = [(int(u), int(v)) for u, v in _PAIR.findall(text)]
    if not edges:
        raise _Unparsed("edges")
    return edges


def _undirected(n: int, edges) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    return graph


def _connectivity(question: str):
    q = _find(r"Is there a path between node (\d+) and node (\d+)\?", question, "query")
    source, target = int(q[1]), int(q[2])
    edges = _pairs(_graph_text(question))
    graph = _undirected(_node_count(question, edges, source, target), edges)
    return graph, {"source": source, "target": target}


def _cycle(question: str):
    edges = _pairs(_graph_text(question))
    return _undirected(_node_count(question, edges), edges), {}


def _topology(question: str):
    edges = [(int(u), int(v)) for u, v in
             re.findall(r"node (\d+) should be visited before node (\d+)", question)]
    n = int(_find(r"with (\d+) nodes", question, "node count")[1])
    if edges and max(max(e) for e in edges) >= n:
        raise _Unparsed("an edge names a node outside the node range")
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    return graph, {}


def _weighted(question: str, pattern: str, graph: nx.Graph, key: str, *named: int):
    edges = [(int(u), int(v), int(w)) for u, v, w in re.findall(pattern, question)]
    if not edges:
        raise _Unparsed("edges")
    graph.add_nodes_from(range(_node_count(question, edges, *named)))
    graph.add_edges_from((u, v, {key: w}) for u, v, w in edges)
    return graph


def _shortest_path(question: str):
    q = _find(r"shortest path from node (\d+) to node (\d+)", question, "query")
    graph = _weighted(question, r"an edge between node (\d+) and node (\d+) with weight (\d+)",
                      nx.Graph(), "weight", int(q[1]), int(q[2]))
    return graph, {"source": int(q[1]), "target": int(q[2])}


def _flow(question: str):
    q = _find(r"maximum flow from node (\d+) to node (\d+)", question, "query")
    graph = _weighted(question, r"an edge from node (\d+) to node (\d+) with capacity (\d+)",
                      nx.DiGraph(), "capacity", int(q[1]), int(q[2]))
    return graph, {"source": int(q[1]), "sink": int(q[2])}


def _matching(question: str):
    """Applicants become nodes 0..A-1 and jobs nodes A..A+J-1."""
    sizes = _find(r"There are (\d+) job applicants numbered from 0 to \d+, and (\d+) jobs",
                  question, "applicant and job counts")
    applicants, jobs = int(sizes[1]), int(sizes[2])
    wishes = [(int(a), int(j)) for a, j in
              re.findall(r"Applicant (\d+) is interested in job (\d+)", question)]
    if not wishes:
        raise _Unparsed("applicants' interests")
    if any(a >= applicants or j >= jobs for a, j in wishes):
        raise _Unparsed("an applicant or job outside the stated counts")
    graph = _undirected(applicants + jobs, [(a, applicants + j) for a, j in wishes])
    return graph, {"applicants": applicants, "jobs": jobs}


def _gnn(question: str):
    head, _, rest = question.partition("The edges are:")
    vectors = {int(v): [int(x) for x in vec.split(",")] for v, vec in
               re.findall(r"node (\d+): \[(-?\d+(?:,-?\d+)*)\]", head)}
    edges = _pairs(_graph_text(rest))
    layers = _find(r"after (\w+) layers?", question, "number of layers")[1]
    words = {"one": 1, "two": 2, "three": 3, "four": 4}
    n = _node_count(head, edges)
    if sorted(vectors) != list(range(n)):
        raise _Unparsed("an embedding for every node")
    graph = _undirected(n, edges)
    nx.set_node_attributes(graph, vectors, "embedding")
    count = words.get(layers.lower()) or (int(layers) if layers.isdigit() else None)
    if count is None:
        raise _Unparsed(f"a number of layers (got {layers!r})")
    return graph, {"layers": count}


PARSERS: dict[str, Callable[[str], tuple[nx.Graph, dict[str, Any]]]] = {
    "connectivity": _connectivity, "cycle": _cycle, "topology": _topology,
    "shortest_path": _shortest_path, "flow": _flow, "matching": _matching,
    "hamilton": _cycle, "gnn": _gnn,
}


def question_to_instance(task_name: str, key: str, item: dict[str, Any], split: str) -> Instance:
    """One NLGraph item as an instance; ``_Unparsed`` when its question cannot be read."""
    import graphgauge.suites.imported.nlgraph  # noqa: F401  (registers the tasks)

    task = REGISTRY["nlgraph"][task_name]
    graph, query = PARSERS[task_name](item["question"])
    graphs = {"G": to_node_link(graph)}
    meta = {"source": "nlgraph", "license": "mit", "source_task": task_name,
            "source_id": key, "split": split,
            "difficulty": item.get("difficulty"), "n": graph.number_of_nodes(),
            "maps_to": task.maps_to or f"nlgraph/{task_name}",
            "source_question": item["question"], "source_text": item["answer"]}
    draft = Instance(id=f"nlgraph/{task_name}/{split}-{key}", suite="nlgraph", task=task_name,
                     graphs=graphs, query=query, meta=meta)
    draft.__dict__["graph"] = graph
    try:
        gold = task.solve(draft)
    except (nx.NetworkXException, ValueError, KeyError) as exc:
        raise _Unparsed(f"an answer: graphgauge's reference solver failed: {exc}") from None
    if gold is None:
        raise _Unparsed("an answer: graphgauge's reference solver found none")
    read = task.parse(item["answer"], draft)
    source_gold = read.value if read.ok else None
    verified = source_gold is not None and task.check(source_gold, Instance(
        **{**draft.to_dict(), "answer": gold}))
    meta.update(source_gold=source_gold, source_gold_verified=bool(verified))
    return Instance(**{**draft.to_dict(), "answer": gold, "meta": meta})


def _task_files(source: Path, split: str) -> Iterator[tuple[str, Path]]:
    """(task name, json file) pairs under an NLGraph folder, a task folder or one file."""
    if source.is_file():
        folder = source.parent.name
        if folder not in FOLDERS:
            raise UserError(f"{source}: cannot tell the NLGraph task; keep the file in its "
                            f"task folder ({', '.join(FOLDERS)})")
        yield FOLDERS[folder], source
        return
    if not source.is_dir():
        raise UserError(f"NLGraph source not found: {source}")
    if source.name in FOLDERS:
        folders = [source]
    else:
        folders = [source / name for name in FOLDERS if (source / name).is_dir()]
    found = [(FOLDERS[f.name], f / f"{split}.json") for f in folders
             if (f / f"{split}.json").is_file()]
    if not found:
        raise UserError(f"{source}: no NLGraph <task>/{split}.json files (tasks: "
                        f"{', '.join(FOLDERS)})")
    yield from found


def read_nlgraph(source: str | Path, split: str = "test") -> list[Instance]:
    """Every question of every task file under ``source``; any question that does not
    parse stops the import with its file, id and what could not be read."""
    out = []
    for task_name, path in _task_files(Path(source), split):
        try:
            items = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UserError(f"{path}: not valid JSON ({exc})") from None
        if not isinstance(items, dict):
            raise UserError(f"{path}: expected an object of id -> question")
        for key, item in items.items():
            if not isinstance(item, dict) or not {"question", "answer"} <= set(item):
                raise UserError(f"{path}: item {key}: needs 'question' and 'answer'")
            if not all(isinstance(item[field], str) for field in ("question", "answer")):
                raise UserError(f"{path}: item {key}: 'question' and 'answer' must be text")
            try:
                out.append(question_to_instance(task_name, key, item, path.stem))
            except _Unparsed as exc:
                raise UserError(f"{path}: item {key}: cannot read the {task_name} question "
                                f"({exc})") from None
    return out
