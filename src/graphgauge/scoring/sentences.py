"""What the per-type readers share: which value of a region counts, and which sentence
holds the answer.

In a region the model delimited (*explicit*: after "Answer:", in a box or a tag) the first
value counts; in bare text the last one does, skipping sentences that only elaborate on
an earlier answer ("This is because ...", "(Path: 0-1-3.)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from graphgauge.scoring.region import NoAnswer, read_answer

MAX_CANDIDATES = 64  # values of one sentence weighed as its stated value


def answer(text: Any, reader: Callable[[str, bool], Any], unordered: bool = False,
           question: str | None = None) -> Any:
    """The reader's value of the final answer of ``text``, or the ``NoAnswer`` saying why
    there is none. The region layer asks for the same region's value more than once (to
    choose it, to check a correction, to return it): each region is read once. An
    ``unordered`` reader reads sets: the region layer then takes the same items in another
    order for the same answer ("James, Robert and Mary" above "[James, Mary, Robert]"). The
    ``question`` tells the region layer what a closing "Quantity: value" line must name."""
    seen: dict[tuple[str, bool], Any] = {}

    def once(region: str, explicit: bool) -> Any:
        key = (region, explicit)
        if key not in seen:
            seen[key] = reader(region, explicit)
        return seen[key]

    once.unordered = unordered  # type: ignore[attr-defined]
    once.question = question  # type: ignore[attr-defined]
    return read_answer(text, once)


def or_none(value: Any) -> Any:
    return None if isinstance(value, NoAnswer) else value


def pick(items: list, explicit: bool):
    return items[0] if explicit else items[-1]


_SENTENCE = re.compile(r"(?:\b(?i:i\.e|e\.g)\.(?=,?[ \t]+(?:[A-Za-z]{2}"
                       r"|\d+[ \t]+(?:out[ \t]+)?of\b))|[^.!?\n]|\.(?=\d))*+(?:[.!?]+[*_]*+|\n|$)")


def split_sentences(region: str) -> list[str]:
    """Sentences and lines of ``region`` (a decimal point does not end a sentence, nor does
    "i.e." or "e.g." before words or a share, "i.e. 5 of the 15 pairs"; before a value,
    "i.e. 0.75", the value is the restated answer and stands as its own sentence)."""
    return [s for s in _SENTENCE.findall(region) if s.strip()]


# A sentence that refers back to the answer before it ("Those are the nodes that depend on
# 4.", "This is because ...") elaborates; it does not answer again.
_ANAPHOR = re.compile(r"^[\s*_>#-]*+\(|^[\s*_>#-]*+(?:(?:this|that)(?!'s\b| is\b| makes\b| gives\b)"
                      r"|these|those|they|here|note"
                      r"|which|since|because|i\.e\.|hope|let me know|however|although|though|also"
                      r"|additionally|in addition|for example|for instance)\b"
                      r"|\b(?:because|since|due to)\b", re.I)


# ... unless it goes on to conclude the answer itself: a list of its own ("That visits every
# node once, so the walk is [2, 0, 5, 4, 1, 3].") or the asked quantity ("They share no
# neighbour, so the resource allocation index is 0."); a part of it does not ("That's because
# node 5 has degree 2, so its contribution is 1").
_CONCLUDES = re.compile(
    r"\b(?:so|thus|hence|therefore)\b,?[ \t]+(?:(?:[\w-]+[ \t]+){0,4}?(?:is|are)[ \t]*:?[ \t]*[\[{]"
    r"|the[ \t]+(?!(?:[\w'-]+[ \t]+){0,5}?(?:of|for|contribution|term|share|part|partial)\b)"
    r"(?:[\w'-]+[ \t]+){0,5}?(?:is|equals|=)[ \t]*[*_`$]*-?\d+(?:\.\d+)?[*_`$]*[ \t]*[.!]?[*_]*"
    r"[ \t]*$)", re.I)


def decisive(sentences: list[str], explicit: bool) -> str:
    """The sentence holding the answer: the first of an explicit region; in bare text the
    last one that does not merely refer back to an earlier one."""
    if explicit:
        return sentences[0]
    answering = [s for s in sentences if not _ANAPHOR.search(s) or _CONCLUDES.search(s)]
    return (answering or sentences)[-1]
