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

import bisect
import re

from graphgauge.scoring.signals import DOUBT, TAKEN_BACK

_CLOSE_TAG = re.compile(r"<\s*/\s*answer\s*>", re.I)
_OPEN_TAG = re.compile(r"<\s*answer\s*>", re.I)
# numbers that point at the prompt, not at the output graph: "fails on example 2"
_REFERENCE = re.compile(r"\b(?:examples?|steps?|pairs?|rules?|options?|cases?)[ \t]+\d+", re.I)
# ")" and "]" end pairs in the middle of an edge list as often as they end one
_FINISHED = re.compile(r"[.!}>`\"'*]\s*\Z")
_OPEN_BRACKET = re.compile(r"[(\[{][^()\[\]{}\n]{0,12}\Z")
# A sentence that lists the edges, after a finished sentence on its line, ending the text
# without a full stop: "... of them. The output edges are: (0,1) (1,3)" (the paper's
# format always closes with its colour sentence)
_EDGES_CUT = re.compile(r"[.!?][ \t]+[^.!?\n]{0,60}\bedges\b[^.!?\n:]{0,40}(?:\bare\b|:)"
                        r"[^.!?\n]{0,400}[\d)\]#][ \t]*\Z", re.I)
# Doubt that puts another output beside the answer: "I'm not confident: node 3 could also be
# red", "not sure whether the rule is A or B. If it's A, ...; if it's B, ..."
_ALTERNATIVE = re.compile(r"\b(?:could|might|may)[ \t]+(?:also|instead|just[ \t]+as[ \t]+well"
                          r"|equally)\b|\bor[ \t]+(?:perhaps|maybe|possibly)\b"
                          r"|\b(?:maybe|perhaps|possibly)[ \t]+[^.!?\n]{0,60}?\b(?:should|would"
                          r"|could|might)\b|\b(?:alternative(?:ly)?|instead|otherwise)\b"
                          # "if the rule also drops them, (0,6) should go as well, and the
                          # output would be ..."
                          r"|\b(?:should|would)[ \t]+(?:\w+[ \t]+){0,2}?(?:as[ \t]+well|too)\b"
                          r"|\b(?:output|answer|graph)[ \t]+would[ \t]+be\b", re.I)
# a conclusion after the doubt settles it ("..., so no.", "Final output: ...")
_SETTLED = re.compile(r"\b(?:so|therefore|thus|hence|final(?:ly)?|going[ \t]+with|I'?ll[ \t]+go"
                      r"|output|answer)\b(?![ \t]+(?:would|could|might|may)\b)", re.I)
_SENTENCE_STOP = re.compile(r"[.!?\n]")
_BRANCH = re.compile(r"\bif[ \t]+(?:it'?s|it[ \t]+is|the[ \t]+(?:rule|transformation|pattern)"
                     r"|instead)\b", re.I)


def retracted(body: str) -> bool:
    """The answer is taken back ("that's wrong", "I retract it") and no graph follows:
    nothing but references to the prompt ("example 2") after the retraction."""
    closes = list(_CLOSE_TAG.finditer(body))
    tail = body[closes[-1].end():] if closes else body
    found = list(TAKEN_BACK.finditer(tail))
    return bool(found) and not re.search(r"\d", _REFERENCE.sub(" ", tail[found[-1].start():]))


def doubted(body: str) -> bool:
    """Doubt after the last answer (or in an untagged one) that offers another output and
    that no conclusion follows: a modal alternative in the doubting sentence, or two
    branches on the rule after it. Linear: each pattern is scanned once."""
    closes = list(_CLOSE_TAG.finditer(body))
    tail = body[closes[-1].end():] if closes else body
    settled = max((m.start() for m in _SETTLED.finditer(tail)), default=-1)
    branches = [m.start() for m in _BRANCH.finditer(tail)]
    alternatives = [m.start() for m in _ALTERNATIVE.finditer(tail)]
    stops = [m.start() for m in _SENTENCE_STOP.finditer(tail)]
    for doubt in DOUBT.finditer(tail):
        if settled >= doubt.end():
            return False  # this doubt and every earlier one are settled
        at = bisect.bisect_left(stops, doubt.end())
        stop = stops[at] if at < len(stops) else len(tail)
        at = bisect.bisect_left(alternatives, doubt.start())
        if at < len(alternatives) and alternatives[at] < stop \
                or len(branches) - bisect.bisect_left(branches, doubt.end()) >= 2:
            return True
    return False


# the last line a table row left open ("| 2 | bl") right after a finished one
_OPEN_ROW = re.compile(r"\n[ \t]*\|[^\n]*\|[ \t]*\n[ \t]*\|[^\n]*[^|\s][ \t]*\Z")


def cut_off(body: str) -> bool:
    """Cut off inside the answer: a bracket open at the very end, a table row left open,
    an edge-list sentence that ends the text unfinished, or an ``<answer>`` tag never
    closed whose text stops without finishing its statement."""
    tail = body.rstrip()
    if _OPEN_BRACKET.search(tail[-20:]) or _OPEN_ROW.search(tail[-400:]):
        return True
    if not _CLOSE_TAG.search(body) and _EDGES_CUT.search(tail[-1000:]):
        return True  # (after a closed answer, a cut explanation voids nothing)
    opens = list(_OPEN_TAG.finditer(body))
    return bool(opens) and not _CLOSE_TAG.search(body, opens[-1].end()) and \
        not _FINISHED.search(tail[-3:])


_EMPTY_TAG = re.compile(r"<\s*answer\s*>\s*<\s*/\s*answer\s*>", re.I)


def empty_answer(body: str) -> bool:
    """The last ``<answer>`` tag is empty and nothing after it states a graph: the model
    left its answer blank (the reasoning before it is no answer)."""
    empties = list(_EMPTY_TAG.finditer(body))
    if not empties:
        return False
    last = empties[-1]
    return not _OPEN_TAG.search(body, last.end()) and not re.search(r"\d", body[last.end():])


# A question back that defers the output: "Should the nodes turn red or blue? ..., so I'd
# like to confirm before writing the output."
_DEFERS = re.compile(r"\b(?:(?:I'?d|I\s+would)\s+like\s+to|I\s+(?:want|need)\s+to|please|could"
                     r"\s+you|can\s+you)\s+(?:confirm|clarify|check\s+with\s+you)\b"
                     r"|\bbefore\s+(?:I\s+)?(?:writ|giv|produc|answer|commit)\w*\b", re.I)


def deferred(body: str) -> bool:
    """The text asks a question and ends deferring its answer until it is told: a
    question back, not an answer (no ``<answer>`` tag, the last sentence defers)."""
    if "?" not in body or _OPEN_TAG.search(body):
        return False
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", body.strip()) if s.strip()]
    return bool(sentences) and bool(_DEFERS.search(sentences[-1]))
