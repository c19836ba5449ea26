"""Hand-graded answer corpora, and how far the readers agree with the grader.

A corpus is a folder of JSONL files (format: tests/data/answers/README.md): each line an
answer text, its answer type, what the reader may know (node labels, node count, the
question, the category list) and the reading a careful grader gives it under the grading
rule, ``null`` for no answer. The figure of merit is the share of entries read exactly as
graded, the share of no-answer entries read as a value (false commits), and whether any
reader returned a value of the wrong type.

Entries of types this module does not know (other suites' readers) are left to those
suites' own tests.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graphgauge.render.labeling import alpha_label
from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context, Prediction
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer

TYPES: dict[str, answers.AnswerType] = {
    "int": answers.INT, "float": answers.FLOAT, "bool": answers.BOOL,
    "node_set": answers.NODE_SET, "node_list": answers.NODE_LIST,
    "edge_set": answers.EDGE_SET, "edge_sequence": answers.EDGE_SEQUENCE,
}
CORE = (*TYPES, "label")


def load(folder: str | Path) -> list[dict[str, Any]]:
    """Every entry of every ``*.jsonl`` file in ``folder``, tagged with its file:line."""
    entries = []
    for path in sorted(Path(folder).glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                entry = json.loads(line)
                entry["where"] = f"{path.name}:{number}"
                entries.append(entry)
    return entries


def _labels(entry: dict[str, Any]) -> list[str] | None:
    spec, n = entry.get("labels"), entry.get("nodes")
    if spec == "alpha":
        return [alpha_label(i) for i in range(n)]
    if spec == "offset":
        return [str(i + 1) for i in range(n)]
    return spec


def read(entry: dict[str, Any]) -> Prediction:
    """The reader's prediction for one corpus entry of a core type."""
    if entry["type"] == "label":
        found = committed_label(entry["text"], entry["choices"])
        return Prediction.failed(found.reason) if isinstance(found, NoAnswer) else Prediction(
            found)
    kind = TYPES[entry["type"]]
    context = Context(entry.get("question"), entry.get("nodes"))
    return kind.read(entry["text"], _labels(entry), context)


def _well_typed(kind: str, value: Any) -> bool:
    if kind == "int":
        return type(value) is int
    if kind == "float":
        return type(value) is float
    if kind == "bool":
        return type(value) is bool
    if kind == "label":
        return type(value) is str
    if kind in ("node_set", "node_list"):
        return isinstance(value, list) and all(type(v) is int for v in value)
    return isinstance(value, list) and all(
        len(e) == 2 and all(type(v) is int for v in e) for e in value)


def agrees(entry: dict[str, Any], prediction: Prediction) -> bool:
    expected = entry["expected"]
    if expected is None or not prediction.ok:
        return expected is None and not prediction.ok
    if entry["type"] == "label":
        return prediction.value == expected
    return TYPES[entry["type"]].equals(prediction.value, expected)


@dataclass
class Agreement:
    """How the readers did on a corpus."""

    total: int = 0
    agreed: int = 0
    no_answer: int = 0  # entries graded "no answer"
    false_commits: int = 0  # ... of which the reader read a value
    wrong_type: int = 0
    misses: list[tuple[dict[str, Any], Prediction]] = field(default_factory=list)

    @property
    def agreement(self) -> float:
        return self.agreed / self.total if self.total else 1.0

    @property
    def false_commit_rate(self) -> float:
        return self.false_commits / self.no_answer if self.no_answer else 0.0


def evaluate(entries: Iterable[dict[str, Any]]) -> Agreement:
    """Read every core-type entry and count agreement with the grader."""
    result = Agreement()
    for entry in entries:
        if entry["type"] not in CORE:
            continue
        prediction = read(entry)
        result.total += 1
        if prediction.ok and not _well_typed(entry["type"], prediction.value):
            result.wrong_type += 1
        if entry["expected"] is None:
            result.no_answer += 1
            result.false_commits += prediction.ok
        if agrees(entry, prediction):
            result.agreed += 1
        else:
            result.misses.append((entry, prediction))
    return result
