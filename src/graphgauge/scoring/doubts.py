"""Doubt after the answer: when a question, an offer or a doubt leaves no answer.

The grading rule keeps a committed answer through notes and checks, but not through doubt
that reopens it. What follows a correction cue or the answer itself may ask about the
answer ("Wait, does (3, 4) lie on a cycle?"), settle that question ("Also 7? No, ..."),
offer another value only as a possibility ("Although, hmm, Machine_Learning might fit
better") or doubt one item of a list answer ("nodes 3 and 4, but I'd need to
double-check node 4"). These rules tell the doubt that voids the answer from the one that
is settled or is about something else; the marked and the unmarked reading both use them.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from graphgauge.scoring.region_types import ABSENT, NoAnswer, Reader
from graphgauge.scoring.signals import (
    CONFIRM,
    ITEM_DOUBT,
    ITEM_DOUBT_END,
    POSSIBLE,
    SENTENCE_SPLIT,
    unsure,
)

SETTLED: Any = object()


def past_question(after: str, reader: Reader | None) -> str | NoAnswer | Any:
    """The text after a correction cue, past a question it asks about the answer: the
    doubt left open ("Wait, does (3, 4) lie on a cycle?") or followed by another case
    ("... directed? Then 0.3") is no answer; answered with yes or no ("Also 7? No, removing
    7 ...") it settles on the answer (``SETTLED``); else the text after the question."""
    asked = after.rfind("?")
    if asked < 0 or reader is None:
        return after
    rest = after[asked + 1:]
    if _FOLLOW_UP.match(rest):
        return NoAnswer("another answer under a condition")
    agrees = _AGREES.match(rest)
    if agrees and (reader(rest, False) is ABSENT or reader(agrees.group(), True) is ABSENT):
        return SETTLED  # a yes or no that is not itself a value of this type
    if reader(rest, False) in (ABSENT, None) and not CONFIRM.search(rest):
        return NoAnswer("a doubt left open")
    return rest


# After a question on the answer: taking up another case, or settling the doubt.
_FOLLOW_UP = re.compile(r"[\s*_]*(?:then|in that case|if so)\b", re.I)
_AGREES = re.compile(r"[\s*_]*(?:yes|yep|yeah|right|correct|no|nope|nah)\b", re.I)


def offered(after: str, reader: Reader | None) -> bool:
    """Is the last new value after a correction cue only a possibility ("Databases.
    Although, hmm, Machine_Learning might fit better")?"""
    if reader is None:
        return False
    valued = [s for s in SENTENCE_SPLIT.split(after) if s.strip() and reader(s, True) is not ABSENT]
    return bool(valued) and POSSIBLE.search(valued[-1]) is not None


_ITEM_CLAUSE = 160
_MAX_DOUBTS = 4
_NO_OBJECT = tuple(",:—–-")


def doubts_item(text: str, value: Any, reader: Reader | None) -> bool:
    """Doubt about an item of one's own answer ("I believe nodes 3 and 4, but I'd need to
    double-check node 4", "1, 4, 0, 3, 5, 2, 6, 7 but I'm not confident about where 6 and
    7 go") leaves no answer; doubt about something else ("Answer: 9. Not sure about the
    edge 4-6" to a count, or an edge not in the answer) and doubt about the whole answer
    keep it. Only answers of several items have items to doubt."""
    if reader is None or not isinstance(value, list) or len(value) < 2 or all(
            isinstance(item, str) for item in value):
        return False  # (the labels a label reader found are candidates, not items)
    items = {repr(item) for item in value}
    doubts = ITEM_DOUBT.finditer(text)
    for m in itertools.islice(doubts, _MAX_DOUBTS):  # a few: each one is read
        stop = ITEM_DOUBT_END.search(text, m.end(), m.end() + _ITEM_CLAUSE)
        clause = text[m.end():stop.start() if stop else m.end() + _ITEM_CLAUSE]
        if stop is not None and stop.group().lower() in ("so", "hence", "thus", "therefore"):
            continue  # the sentence settles its doubt
        if clause.lstrip()[:1] in _NO_OBJECT:
            continue  # "I'm not sure, but probably nodes 2 and 3": doubt about it all
        named = reader(clause, False) if clause.strip() else ABSENT
        if isinstance(named, list) and any(repr(item) in items for item in named):
            return True
    return False


# A list left open on purpose: "nodes 2, 3 and several others", "(nodes 6 and 7, among others)".
_OTHERS = re.compile(r"\b(?:and|or) (?:some|a few|several|many) others?\b|\bamong others\b"
                     r"|\ba few others\b|\band (?:all )?the rest\b", re.I)


def open_list_only(text: str, start: int, end: int, value: Any) -> bool:
    """Is the only doubt in ``text[start:end]`` a list left open ("several other nodes such
    as 2, 3 and 4 also have odd degree", "(nodes 6, 7 and 8, among others)"), while the
    answer is a verdict or a label? Those items are evidence for the answer, not the
    answer: naming some of them leaves the verdict whole. An answer of items (a node set,
    a count of them) left open this way stays no answer."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]  # the labels a label reader found
    if not isinstance(value, (bool, str)):
        return False
    piece = text[start:end]
    return _OTHERS.search(piece) is not None and not unsure(_OTHERS.sub(" ", piece))
