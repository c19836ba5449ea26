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
        it reaches a model or the store (where it would score 0 or break every report), its
        graphs put in canonical form (``canonical_node_link``), as renderers assume."""
        from graphgauge.graphs.nodelink import canonical_node_link

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
        fields = {name: data.get(name) for name in FIELDS if name in data}
        fields["graphs"] = {name: canonical_node_link(graph, name)
                            for name, graph in fields["graphs"].items()}
        return cls(**fields)

    @staticmethod
    def make_id(suite: str, task: str, index: int, body: dict[str, Any]) -> str:
        """A stable id: readable prefix plus a hash of the content, unique across seeds."""
        return f"{suite}/{task}/{index:05d}-{content_hash(body, 8)}"


def _show(value: Any, width: int = 40) -> str:
    """A value as it appears in the file, cut to fit one line of an error message."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


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
