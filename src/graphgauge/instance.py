"""The ``Instance`` record: one benchmark item, and its JSONL file format.

An instance is plain data (graphs as node-link JSON, query parameters, the typed gold
answer, provenance) so that a benchmark file is the benchmark: anyone can diff it, hash
it and re-score it without our code. Serialization is canonical (sorted keys, compact
separators), hence the same seed and options always give a byte-identical file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphgauge.errors import UserError

if TYPE_CHECKING:  # networkx is imported on first use: ``graphgauge --help`` stays fast
    import networkx as nx

FIELDS = ("id", "suite", "task", "graphs", "query", "answer", "meta")
REQUIRED = ("id", "suite", "task", "graphs", "answer")


def canonical_json(value: Any) -> str:
    """The one JSON spelling of ``value`` used for files, hashes and cache keys."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(value: Any, length: int = 10) -> str:
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()[:length]


@dataclass(frozen=True)
class Instance:
    """One benchmark item. Never holds a model's output."""

    id: str
    suite: str
    task: str
    graphs: dict[str, Any]
    query: dict[str, Any] = field(default_factory=dict)
    answer: Any = None
    meta: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def graph(self) -> nx.Graph:
        """The main graph (``graphs["G"]``) as networkx, built once per instance."""
        from graphgauge.graphs.nodelink import from_node_link

        return from_node_link(self.graphs["G"])

    def nx_graph(self, name: str) -> nx.Graph:
        from graphgauge.graphs.nodelink import from_node_link

        return self.graph if name == "G" else from_node_link(self.graphs[name])

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def to_json(self) -> str:
        return canonical_json(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Instance:
        """An instance read from a file, checked so that a malformed one is refused before
        it reaches a model or the store (where it would score 0 or break every report)."""
        missing = [name for name in REQUIRED if name not in data]
        if missing:
            raise UserError(f"instance is missing field(s): {', '.join(missing)} (an instance "
                            "needs an id, suite, task, graphs and its gold answer)")
        for name in ("id", "suite", "task"):
            if not isinstance(data[name], str) or not data[name]:
                raise UserError(f"'{name}' must be a non-empty string, got {_show(data[name])}")
        for name in ("graphs", "query", "meta"):
            if not isinstance(data.get(name, {}), dict):
                raise UserError(f"'{name}' must be a JSON object, got {_show(data[name])}")
        for name, graph in data["graphs"].items():
            check_node_link(name, graph)
        return cls(**{name: data.get(name) for name in FIELDS if name in data})

    @staticmethod
    def make_id(suite: str, task: str, index: int, body: dict[str, Any]) -> str:
        """A stable id: readable prefix plus a hash of the content, unique across seeds."""
        return f"{suite}/{task}/{index:05d}-{content_hash(body, 8)}"


def _show(value: Any, width: int = 40) -> str:
    """A value as it appears in the file, cut to fit one line of an error message."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


_ID_TYPES = {int, str}
_ENDS = {"source", "target"}
_ID, _SOURCE, _TARGET = (itemgetter(key) for key in ("id", "source", "target"))


def check_node_link(name: str, graph: Any) -> None:
    """Refuse a graph whose nodes or edges are not what ``from_node_link`` builds from
    (messages worded as ``graphs.nodelink``'s checks of the same mistakes).

    Whole-list operations (``map``, set algebra) rather than a loop of checks: this runs
    on every graph of every benchmark read, and must stay a small part of reading it.
    """
    if not isinstance(graph, dict) or not isinstance(graph.get("nodes"), list) \
            or not isinstance(graph.get("edges"), list):
        raise UserError(f"graph {name!r}: not a node-link graph (needs 'nodes' and 'edges' "
                        "lists)")
    nodes, edges = graph["nodes"], graph["edges"]
    try:
        ids = list(map(_ID, nodes))
    except (KeyError, TypeError, IndexError):
        bad = next(n for n in nodes if not isinstance(n, dict) or "id" not in n)
        raise UserError(f"graph {name!r}: every node needs an 'id', got {_show(bad)}") \
            from None
    if not set(map(type, ids)) <= _ID_TYPES:
        bad = next(i for i in ids if type(i) not in _ID_TYPES)
        raise UserError(f"graph {name!r}: node ids must be integers or strings, got "
                        f"{_show(bad)}")
    known = set(ids)
    if len(known) != len(ids):
        raise UserError(f"graph {name!r}: node ids must be unique")
    try:
        fine = known.issuperset(map(_SOURCE, edges)) and known.issuperset(map(_TARGET, edges))
    except (KeyError, TypeError, IndexError):
        fine = False
    if not fine:
        _refuse_edge(name, edges, known)


def _refuse_edge(name: str, edges: list, known: set) -> None:
    """The message for the first bad edge, found the slow way once one is known to exist."""
    for edge in edges:
        if not isinstance(edge, dict) or not edge.keys() >= _ENDS:
            raise UserError(f"graph {name!r}: every edge needs a 'source' and a 'target', "
                            f"got {_show(edge)}")
        ends = (edge["source"], edge["target"])
        if not all(type(end) in _ID_TYPES and end in known for end in ends):
            raise UserError(f"graph {name!r}: edge ({_show(ends[0])}, {_show(ends[1])}) names "
                            "a node that is not in the graph")


def write_jsonl(instances: Iterable[Instance], path: str | Path) -> int:
    """Write instances one per line; returns how many were written."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        for instance in instances:
            handle.write(instance.to_json())
            handle.write("\n")
            count += 1
    return count


def _loads(line: bytes) -> Any:
    """orjson when installed (reading a large benchmark is several times faster); the
    standard parser for what orjson rejects (NaN) and for its clearer error messages."""
    try:
        return _fast_loads(line)
    except ValueError:
        return json.loads(line)


try:
    from orjson import loads as _fast_loads
except ImportError:  # pragma: no cover - orjson is a core dependency
    _fast_loads = json.loads


def iter_jsonl(path: str | Path) -> Iterator[Instance]:
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path} is a directory; give a benchmark file (JSONL)")
    if not path.is_file():
        raise UserError(f"benchmark file not found: {path}")
    first_line: dict[str, int] = {}  # a repeated id would silently count once
    with open(path, "rb") as handle:
        for lineno, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                data = _loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
                raise UserError(f"{path}:{lineno}: not valid JSON ({reason})") from None
            if not isinstance(data, dict):
                raise UserError(f"{path}:{lineno}: expected a JSON object per line")
            try:
                instance = Instance.from_dict(data)
            except UserError as exc:
                raise UserError(f"{path}:{lineno}: {exc}") from None
            seen = first_line.setdefault(instance.id, lineno)
            if seen != lineno:
                raise UserError(f"{path}:{lineno}: duplicate instance id {instance.id!r} "
                                f"(first on line {seen})")
            yield instance


def read_jsonl(path: str | Path) -> list[Instance]:
    """All instances of a benchmark file.

    The cyclic garbage collector is paused while reading: parsed JSON holds no cycles, and
    the collector's passes over hundreds of thousands of fresh dicts would otherwise take
    longer than the parsing itself.
    """
    from graphgauge.gcpause import paused_gc

    with paused_gc():
        return list(iter_jsonl(path))


def file_digest(path: str | Path) -> str:
    """SHA-256 of a benchmark file's bytes: for files this package wrote, the same as
    hashing the instances' canonical lines."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
