"""Tolerant answer parsers.

Models wrap answers in reasoning, boxes, tags and prose. Each parser first narrows the
text to the *final answer region* and then reads one typed value from it. A parser never
raises: it returns ``None`` when nothing usable is there, so that unparsable answers are
counted apart from wrong ones.
"""

from __future__ import annotations

import re

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_NUMBER_RE = re.compile(_NUMBER)
_INT_RE = re.compile(r"(?<![\w.])[-+]?\d+(?![\w.]*\d)")
_ANSWER_TAG = re.compile(r"<answer>(.*?)</answer>", re.S | re.I)
_MARKER = re.compile(r"(?:final\s+answer|answer)\s*(?:is|:|=)?\s*:?", re.I)
_BRACKETED = re.compile(r"\[([^\[\]]*)\]")
_PAIR = re.compile(r"[\(\[\{]\s*([-+]?\d+)\s*[,;]\s*([-+]?\d+)\s*[\)\]\}]")


def _boxed(text: str) -> str | None:
    """Content of the last ``\\boxed{...}``, braces balanced."""
    start = text.rfind("\\boxed{")
    if start < 0:
        return None
    depth, i = 0, start + len("\\boxed")
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j]
    return text[i + 1 :]


def answer_region(text: str) -> str:
    """The part of ``text`` that holds the final answer.

    Priority: the last ``<answer>`` tag, the last ``\\boxed{}``, the text after the last
    "answer:"/"answer is" marker, else the whole text.
    """
    if not isinstance(text, str):
        return ""
    tags = _ANSWER_TAG.findall(text)
    if tags:
        return tags[-1]
    boxed = _boxed(text)
    if boxed is not None:
        return boxed
    markers = list(_MARKER.finditer(text))
    if markers:
        tail = text[markers[-1].end() :]
        if tail.strip():
            return tail
    return text


def parse_int(text: str) -> int | None:
    region = answer_region(text).replace(",", "")
    numbers = _NUMBER_RE.findall(region)
    if not numbers:
        return None
    first = numbers[0] if region is not text else numbers[-1]
    try:
        value = float(first)
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")) or value != int(value):
        return None
    return int(value)


def parse_float(text: str) -> float | None:
    region = answer_region(text)
    region = re.sub(r"(?<=\d),(?=\d{3}\b)", "", region)
    numbers = _NUMBER_RE.findall(region)
    if not numbers:
        return None
    try:
        value = float(numbers[0] if region is not text else numbers[-1])
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


_BOOL_RE = re.compile(r"\b(yes|no|true|false)\b", re.I)


def parse_bool(text: str) -> bool | None:
    region = answer_region(text)
    words = _BOOL_RE.findall(region)
    if not words:
        return None
    word = (words[0] if region is not text else words[-1]).lower()
    return word in ("yes", "true")


def parse_node_list(text: str) -> list[int] | None:
    region = answer_region(text)
    lists = _BRACKETED.findall(region)
    body = lists[-1] if lists else region
    if lists and not body.strip():
        return []
    numbers = re.findall(r"[-+]?\d+", body)
    if not numbers:
        return None
    return [int(x) for x in numbers]


def parse_edge_list(text: str) -> list[tuple[int, int]] | None:
    region = answer_region(text)
    pairs = _PAIR.findall(region)
    if not pairs:
        stripped = region.strip().strip(".")
        if re.fullmatch(r"\[\s*\]|none|\{\s*\}", stripped, re.I):
            return []
        return None
    return [(int(u), int(v)) for u, v in pairs]
