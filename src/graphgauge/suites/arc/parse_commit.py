"""Does a graph answer commit? The cases the shared grading rule cannot see in a graph.

``graphgauge.scoring.region`` decides commitment for one-value answers, and
``graphgauge.scoring.signals`` holds the shared vocabulary (several outputs offered side by
side, verdicts that take an answer back). A graph answer applies them differently: a
tagged answer taken back counts as retracted only when no graph follows the verdict
(references to the prompt's examples do not count), and it can be cut off inside the
answer (an ``<answer>`` tag never closed whose last statement is unfinished, a bracket
left open at the very end).
"""

from __future__ import annotations

import re

from graphgauge.scoring.signals import TAKEN_BACK

_CLOSE_TAG = re.compile(r"<\s*/\s*answer\s*>", re.I)
_OPEN_TAG = re.compile(r"<\s*answer\s*>", re.I)
# numbers that point at the prompt, not at the output graph: "fails on example 2"
_REFERENCE = re.compile(r"\b(?:examples?|steps?|pairs?|rules?|options?|cases?)[ \t]+\d+", re.I)
# ")" and "]" end pairs in the middle of an edge list as often as they end one
_FINISHED = re.compile(r"[.!}>`\"'*]\s*\Z")
_OPEN_BRACKET = re.compile(r"[(\[{][^()\[\]{}\n]{0,12}\Z")


def retracted(body: str) -> bool:
    """The answer is taken back ("that's wrong", "I retract it") and no graph follows:
    nothing but references to the prompt ("example 2") after the retraction."""
    closes = list(_CLOSE_TAG.finditer(body))
    tail = body[closes[-1].end():] if closes else body
    found = list(TAKEN_BACK.finditer(tail))
    return bool(found) and not re.search(r"\d", _REFERENCE.sub(" ", tail[found[-1].start():]))


def cut_off(body: str) -> bool:
    """Cut off inside the answer: a bracket open at the very end, or an ``<answer>`` tag
    never closed whose text stops without finishing its statement."""
    tail = body.rstrip()
    if _OPEN_BRACKET.search(tail[-20:]):
        return True
    opens = list(_OPEN_TAG.finditer(body))
    return bool(opens) and not _CLOSE_TAG.search(body, opens[-1].end()) and \
        not _FINISHED.search(tail[-3:])
