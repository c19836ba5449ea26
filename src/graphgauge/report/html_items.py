"""The items behind the report's browser, as one compact JSON text safe inside a
``<script type="application/json">`` element.

Compact because a store can hold 10^5 items: repeated names (runs, suites, tasks,
encodings, variants) become indices into small lists, and a prompt asked of several
models is stored once. Safe because every ``<``, ``>`` and ``&`` is written as a JSON
``\\u003c``-style escape, so no text, however hostile (``</script>``, ``<!--``), can end the
element or be read as markup; ``JSON.parse`` restores the characters.
"""

from __future__ import annotations

from typing import Any

import orjson

from graphgauge.store.sqlite import Store

COLUMNS = ("run_id", "suite", "task", "instance_id", "encoding", "variant", "repeat",
           "prompt", "response", "parsed", "parse_ok", "accuracy", "error", "gold", "scores")
_SAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
         0x2028: "\\u2028", 0x2029: "\\u2029"}


class _Index(dict):
    """Name -> position, in order of first use."""

    def __missing__(self, key: Any) -> int:
        self[key] = len(self)
        return self[key]


def items_payload(store: Store, run_ids: list[str] | None,
                  labels: dict[str, str]) -> dict[str, Any]:
    """The browser's data: name lists and one array per item (see report.js for the
    positions)."""
    runs, suites, tasks = _Index(), _Index(), _Index()
    encodings, variants, prompts = _Index(), _Index(), _Index()
    for run in labels:
        runs[run]
    items = []
    for row in store.items(run_ids, columns=COLUMNS):
        items.append([
            runs[row.run_id], suites[row.suite], tasks[row.task], row.instance_id,
            encodings[row.encoding], variants[row.variant], row.repeat,
            -1 if row.prompt is None else prompts[row.prompt],
            row.response, row.parsed, row.parse_ok, row.accuracy, row.error,
            row.gold, row.scores,
        ])
    return {"runs": [labels.get(run, run) for run in runs], "suites": list(suites),
            "tasks": list(tasks), "encodings": list(encodings), "variants": list(variants),
            "prompts": list(prompts), "items": items}


def script_json(data: Any) -> str:
    """JSON text that can sit verbatim inside a <script> element."""
    return orjson.dumps(data).decode().translate(_SAFE)
