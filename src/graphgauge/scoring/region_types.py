"""The vocabulary every part of the answer-region layer shares.

The grading rule (``graphgauge.scoring.region``) is split by responsibility: the rival-answer
rules (``rivals``), the evidence that unmarked text commits (``bare``) and the check blocks
that close an answer (``checks``). They all speak of the same things: a ``Region`` of text
that holds the answer, a ``NoAnswer`` with its reason, the ``Reader`` that says whether a
region holds a value of its type (``ABSENT`` when not), how strongly a region was committed
to (``STRONG``/``WEAK``/``BARE``) and the work budgets that keep reading linear. Those live
here, below all of them, so that the pieces import them and never each other upward.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from graphgauge.scoring.signals import SIZE

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()
"""What a reader returns for a region holding no candidate of its type."""

Reader = Callable[[str, bool], Any]

STRONG, WEAK, BARE = 2, 1, 0
MAX_COMMITMENTS = 16
TAIL = SIZE // 2


@dataclass(frozen=True)
class Region:
    """A stretch of (normalised) answer text that holds the final answer.

    ``kind`` says how it was found: tag, box, marker, emphasis, json, correction, text.
    ``reasoning`` is the thinking block, kept for readers that need the model's structure.
    """

    text: str
    explicit: bool
    kind: str
    strength: int = BARE
    start: int = 0
    end: int = 0
    reasoning: str = ""


@dataclass(frozen=True)
class NoAnswer:
    """No committed answer, and why (empty, truncated, refusal, hedge, conflict, ...)."""

    reason: str

    def __bool__(self) -> bool:
        return False


_VALUE_WORDS = re.compile(
    r"\b(?:yes|no|true|false|none|null|empty|nodes?|edges?|vertex|vertices|and|then|to|"
    r"from|between|or|of|is|are)\b", re.I)
_VALUE_CHARS = re.compile(r"[\s\d.,;:()\[\]{}<>=+\-–—→⟶↔∅≈~/%$\\'\"`*_#|•eE×√^⁰¹²³⁴⁵⁶⁷⁸⁹⁻]*")


def value_like(text: str) -> bool:
    """Only numbers, brackets, separators and answer words: a line that continues an
    answer, or an emphasis that highlights one (not "**Step 1:**")."""
    return bool(text.strip()) and _VALUE_CHARS.fullmatch(_VALUE_WORDS.sub("", text)) is not None


CONCLUDES = re.compile(r"\b(?:so|thus|hence|therefore|final(?:ly)?|overall|in (?:total|all))\b",
                        re.I)
