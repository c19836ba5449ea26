"""Small stores written row by row, for the report, compare and export tests: every
score is chosen by the test, so expected numbers can be computed independently."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from graphgauge.store import ItemRecord, Store


def item(run: str, task: str, index: int, accuracy: float | None, **fields: Any) -> dict:
    """One stored answer of ``run`` to instance ``index`` of algorithmic/``task``.
    ``accuracy`` None with ``error`` set is a failed request; ``parse_ok=0`` an unparsable
    answer (scored 0)."""
    suite = fields.pop("suite", "algorithmic")
    gold = fields.pop("gold", index)
    row = {
        "run_id": run, "instance_id": f"{suite}/{task}/{index:05d}", "encoding": "edge_list",
        "variant": "original", "repeat": 0, "suite": suite, "task": task,
        "difficulty": "easy", "prompt": f"prompt of {task} {index}",
        "response": f"answer {index}", "parsed": json.dumps(gold), "parse_ok": 1,
        "scores": json.dumps({"accuracy": accuracy}), "accuracy": accuracy,
        "gold": json.dumps(gold), "meta": json.dumps({"family": "erdos_renyi", "index": index}),
        "error": None, "created": 0.0,
    }
    row.update(fields)
    return row


def write_store(path: Path, rows: list[dict], models: dict[str, str] | None = None,
                manifests: dict[str, dict] | None = None) -> Path:
    """A store holding ``rows``; each run's model is ``models[run]`` (default: the run id
    before its last dash)."""
    with Store(path) as store:
        for run in dict.fromkeys(r["run_id"] for r in rows):
            model = (models or {}).get(run, run.rsplit("-", 1)[0])
            store.begin_run(run, model, (manifests or {}).get(run, {"encodings": ["edge_list"]}))
        store.write_items(ItemRecord(**row) for row in rows)
    return path
