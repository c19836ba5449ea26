"""The item every exporter writes, and the one function exported code scores with.

A record is one instance asked in one encoding and instruction variant: the prompt as
graphgauge renders it (so another harness sends exactly the text ``graphgauge run``
sends), the reference answer written as the prompt asks for it, and the instance's own
fields as canonical JSON. The instance fields let :func:`score_record` rebuild the
instance and score an answer with the task's own reader and verifier, so a score in
another harness is graphgauge's score, not a re-implementation of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from graphgauge.instance import Instance, canonical_json
from graphgauge.registry import task_of
from graphgauge.render.prompt import asked_for, encoding_of, render
from graphgauge.runner import score_response

# Instance fields kept as canonical JSON text: their shapes differ from task to task
# (an integer gold here, a list of edges there), which columnar formats cannot hold.
JSON_FIELDS = ("graphs", "query", "answer", "meta")
# Columns in the order every exporter writes them.
COLUMNS = ("id", "suite", "task", "difficulty", "answer_type", "scoring", "encoding",
           "variant", "system", "prompt", "target", *JSON_FIELDS)


def scoring_mode(task: Any) -> str:
    """How the task decides correctness, in the words of ``graphgauge list``."""
    if task.verifiable:
        return "verified"
    return "tolerance" if task.answer.name == "float" else "exact"


def build_records(
    instances: Iterable[Instance], encodings: Sequence[str], variants: Sequence[str]
) -> list[dict[str, str]]:
    """One record per (instance, encoding, variant), in that nesting order."""
    specs = [encoding_of(spec) for spec in encodings]
    out = []
    for inst in instances:
        task = task_of(inst)
        for encoding in specs:
            for variant in variants:
                prompt = render(inst, encoding, variant, task=task)
                reference = prompt.asked.expected(inst).reference(inst)
                out.append({
                    "id": inst.id, "suite": inst.suite, "task": inst.task,
                    "difficulty": task.difficulty, "answer_type": task.answer.name,
                    "scoring": scoring_mode(task), "encoding": prompt.encoding,
                    "variant": prompt.variant, "system": prompt.system or "",
                    "prompt": prompt.text,
                    # the variant's answer; "" where the right response is none (randomize)
                    "target": "" if reference is None else task.format_answer(reference, prompt),
                    **{name: canonical_json(getattr(inst, name)) for name in JSON_FIELDS},
                })
    return out


def instance_of(record: dict[str, Any]) -> Instance:
    """The instance a record was made from, field for field."""
    fields = {name: json.loads(record[name]) for name in JSON_FIELDS}
    return Instance(id=record["id"], suite=record["suite"], task=record["task"], **fields)


def source_metric(record: dict[str, Any]) -> str:
    """The imported benchmark's own metric the record's task also scores
    (``nlgraph_exact``, ``graphwalks_f1``), or "" for graphgauge's own tasks."""
    return getattr(task_of(instance_of(record)), "source_metric", "")


def score_record(record: dict[str, Any], text: str | None) -> dict[str, float]:
    """graphgauge's accuracy for ``text`` answering ``record``, whether it was unreadable
    and, for an imported benchmark, its own metric: the same parse and check
    ``graphgauge run`` applies to a stored answer."""
    inst = instance_of(record)
    asked = asked_for(inst, record["encoding"], record["variant"])
    _, parsed, scores, accuracy = score_response(text or "", inst, asked)
    out = {"accuracy": float(accuracy or 0.0), "unparsed": float(not parsed)}
    metric = getattr(task_of(inst), "source_metric", "")
    if metric:
        out[metric] = float(json.loads(scores).get(metric, 0.0))
    return out


def name_part(text: str) -> str:
    """``text`` as a part of a task name other harnesses accept (an identifier)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()


def write_records(records: Iterable[dict[str, str]], path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        for record in records:
            handle.write(canonical_json(record) + "\n")
            count += 1
    return count


def read_records(path: str | Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def grouped(
    records: Iterable[dict[str, str]], *keys: str
) -> Iterator[tuple[tuple[str, ...], list[dict[str, str]]]]:
    """Records grouped by the values of ``keys``, groups in order of first appearance."""
    groups: dict[tuple[str, ...], list[dict[str, str]]] = {}
    for record in records:
        groups.setdefault(tuple(record[key] for key in keys), []).append(record)
    yield from groups.items()


def gold_check(records: Sequence[dict[str, str]]) -> list[str]:
    """Ids of records whose own reference answer does not score 1 with graphgauge's
    scorer (an empty list is what an export promises)."""
    return [f"{r['id']} ({r['encoding']}, {r['variant']})" for r in records
            if score_record(r, r["target"])["accuracy"] != 1.0]
