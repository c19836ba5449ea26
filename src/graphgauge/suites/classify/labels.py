"""Which labels a free-text answer names, and the answer type built on it.

GTEval's accuracy counts an answer as correct when it contains the gold label and no
other label, so the one primitive is "the labels mentioned in this text". Matching is
case-insensitive, on whole words, longest name first, so "Data Mining" is one mention and
not also a "Data" one, and "AI" does not fire inside "maintain".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphgauge.scoring.answers import AnswerType, Prediction


@lru_cache(maxsize=64)
def _pattern(labels: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    names = sorted(set(labels), key=lambda name: (-len(name), name))
    alternation = "|".join(re.escape(name) for name in names)
    pattern = re.compile(rf"(?<![\w])(?:{alternation})(?![\w])", re.IGNORECASE)
    return pattern, {name.casefold(): name for name in names}


def mentioned_labels(text: str | None, labels: Sequence[str]) -> list[str]:
    """The labels ``text`` names, each once, in order of first mention."""
    if not text or not labels:
        return []
    pattern, canonical = _pattern(tuple(labels))
    found = (canonical[m.group(0).casefold()] for m in pattern.finditer(text))
    return list(dict.fromkeys(found))


def single_label(text: str | None, labels: Sequence[str]) -> str | None:
    """The label ``text`` answers with when it names exactly one, else None."""
    named = mentioned_labels(text, labels)
    return named[0] if len(named) == 1 else None


def is_correct(text: str | None, gold: str, labels: Sequence[str]) -> bool:
    """Contains ``gold`` and no other label (the paper's Eq. 1)."""
    return single_label(text, labels) == gold


class LabelAnswer(AnswerType):
    """A category name out of the instance's label list; the list comes with the
    instance (``Task.parse`` passes it), not with the prompt's node labels."""

    name = "label"
    instruction = "Answer with the name of one category."

    def parse_labels(self, text: str, labels: Sequence[str]) -> Prediction:
        named = mentioned_labels(text, labels)
        if not named:
            return Prediction.failed("no label named")
        return Prediction(value=named)

    def equals(self, predicted, gold) -> bool:
        return list(predicted) == [gold]

    def random(self, rng, graph) -> str:
        labels = graph.graph["labels"]
        return labels[int(rng.integers(len(labels)))]


LABEL = LabelAnswer()
