"""Structured answers: the JSON schema of an item's answer, and reading a JSON reply back.

With ``-p answer_format=json`` a model is asked for ``{"answer": VALUE}`` and, on servers
with structured outputs (OpenAI, vLLM, SGLang), constrained to it by ``response_format``.
The schema follows from the task's answer type, so every suite gets one without writing
it. A JSON reply is not scored by a second set of rules: its value is written back as the
answer text the type's own reader expects ("Answer: [0, 3]"), so a JSON answer and the
same answer in prose score alike, node names and all.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

# Larger label sets are sent as free strings: a schema with thousands of enum values is
# refused by hosted APIs and slows guided decoding.
MAX_ENUM = 500
SCHEMA_NAME = "graph_answer"


def _node_schema(labels: Sequence[str] | None) -> dict:
    if labels is None:
        return {"type": "integer"}
    if len(labels) <= MAX_ENUM:
        return {"type": "string", "enum": list(labels)}
    return {"type": "string"}


def value_schema(answer: Any, labels: Sequence[str] | None = None,
                 choices: Sequence[str] | None = None) -> dict:
    """The JSON schema of one answer of type ``answer``: node ids are integers, or the
    prompt's node ``labels``; a label answer is one of ``choices``. Types with no JSON
    shape of their own (whole graphs, GraphInfer's Answer/Reasoning text) are a string
    written as the prompt asks, read by the type's own reader."""
    node = _node_schema(labels) if getattr(answer, "names_nodes", False) else None
    kind = answer.name
    if kind == "integer":
        return {"type": "integer"}
    if kind == "float":
        return {"type": "number"}
    if kind == "bool":
        return {"type": "boolean"}
    if kind in ("node_set", "node_list") and node is not None:
        return {"type": "array", "items": node}
    if kind == "edge_list" and node is not None:
        return {"type": "array",
                "items": {"type": "array", "items": node, "minItems": 2, "maxItems": 2}}
    if kind == "label" and choices:
        return {"type": "string", "enum": list(choices)}
    return {"type": "string"}


def answer_schema(answer: Any, labels: Sequence[str] | None = None,
                  choices: Sequence[str] | None = None, abstain: bool = False) -> dict:
    """The whole reply: one object with one required ``answer`` key (strict mode wants
    every key required and no others). With ``abstain`` the answer may be ``null``: where
    the right response is no answer (a randomized instruction), a server that enforces
    the schema must still let the model give it."""
    value = value_schema(answer, labels, choices)
    if abstain:
        value = {"anyOf": [value, {"type": "null"}]}
    return {"type": "object", "properties": {"answer": value},
            "required": ["answer"], "additionalProperties": False}


def item_schema(task: Any, instance: Any, labels: Sequence[str] | None = None,
                choices: Sequence[str] | None = None, abstain: bool = False) -> dict:
    """The reply schema of one item: its task's answer type, the prompt's node labels and,
    for label answers, the category list the prompt asks in (``choices``; by default the
    instance's own); ``abstain`` when no answer is the right response."""
    if choices is None and isinstance(instance.meta, dict):
        choices = instance.meta.get("labels")
    return answer_schema(task.answer, labels, list(choices) if choices else None, abstain)


def response_format(schema: dict) -> dict:
    """The ``response_format`` request field of OpenAI structured outputs (vLLM and SGLang
    read the same field for guided decoding)."""
    return {"type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "schema": schema, "strict": True}}


def json_instruction(schema: dict) -> str:
    """The line added to a prompt that asks for a JSON answer."""
    shape = json.dumps(schema["properties"]["answer"], sort_keys=True)
    return ('Reply with only a JSON object of the form {"answer": ...}, where the answer '
            f"follows this JSON schema: {shape}")


class NotJSON(ValueError):
    """The reply is not one JSON object with an ``answer`` key: read it as prose."""


def json_answer(text: str | None) -> Any:
    """The value under ``answer`` in a JSON reply (a fenced block is accepted); raises
    ``NotJSON`` when the reply is not such an object."""
    body = (text or "").strip()
    if body.startswith("```"):
        body = body.strip("`").strip()
        if body[:4].lower() == "json":
            body = body[4:]
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise NotJSON("not JSON") from None
    if not isinstance(data, dict) or "answer" not in data:
        raise NotJSON("no answer key")
    return data["answer"]


def _scalar_text(value: Any) -> str | None:
    """A JSON scalar as answer text; None for what no answer type holds (NaN, nested
    objects)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, str | int | float):
        return str(value)
    return None


def _list_text(value: list) -> str | None:
    """``[a, b]``, with pairs (edges) as ``(u, v)``; None when nested deeper than that."""
    parts = []
    for item in value:
        if isinstance(item, list):
            inner = [_scalar_text(v) for v in item]
            if None in inner:
                return None
            parts.append("(" + ", ".join(inner) + ")")  # type: ignore[arg-type]
        else:
            text = _scalar_text(item)
            if text is None:
                return None
            parts.append(text)
    return "[" + ", ".join(parts) + "]"


def answer_texts(value: Any) -> list[str]:
    """A JSON answer value written as the readers read answers, most literal first:
    ``true`` as "Answer: Yes", a list as "Answer: [a, b]" (edges as pairs), an object as
    its JSON (GraphARC reads graph objects). A string is tried as the model wrote it (a
    graph or an Answer/Reasoning block in the prompt's own format), then as the body of
    an "Answer:" line. Nothing for null, NaN or shapes nested deeper than edge lists
    (no answer)."""
    if isinstance(value, str):
        return [value, f"Answer: {value}"] if value.strip() else []
    if isinstance(value, list):
        text = _list_text(value)
    elif isinstance(value, dict):
        try:
            text = json.dumps(value)
        except (ValueError, RecursionError):
            text = None
    else:
        text = None if value is None else _scalar_text(value)
    return [f"Answer: {text}"] if text else []
