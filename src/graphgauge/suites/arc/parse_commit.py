"""Does a graph answer commit? The cases the shared grading rule cannot see in a graph.

``graphgauge.scoring.region`` decides commitment for one-value answers. A graph answer
adds three ways of not committing: offering several outputs side by side ("Option A: ...
Option B: ...", "another possible output", "both are plausible") without choosing one;
taking a tagged answer back with no new graph after it ("I don't think this is right, I
retract it"); and being cut off inside the answer (an ``<answer>`` tag never closed
whose last statement is unfinished, a bracket left open at the very end).
"""

from __future__ import annotations

import re

_ALTERNATIVES = re.compile(
    r"(?:^|\n)[ \t#*_>-]*(?P<label>(?:option|alternative|possibility|candidate|interpretation)"
    r"[ \t]*(?:[A-D1-4]|one|two|three)\b)[ \t*_]*[:).]"
    r"|\b(?:another|one|a[ \t]+second|an[ \t]+alternative)[ \t]+(?:possible|plausible|valid|"
    r"candidate)[ \t]+(?:output|answer|graph|result|solution)"
    r"|\bboth[ \t]+(?:(?:options|outputs|answers|graphs|interpretations|readings|"
    r"possibilities|candidates)[ \t]+)?(?:(?:are|seem|look|would[ \t]+be|could[ \t]+be)"
    r"[ \t]+(?:equally[ \t]+)?(?:plausible|possible|valid|consistent|correct|reasonable)"
    r"|(?:fit|match|explain)[ \t]+(?:all[ \t]+)?(?:the[ \t]+)?examples)", re.I)
_CHOICE = re.compile(
    r"\b(?:I(?:'ll|[ \t]+will)[ \t]+(?:go|choose|pick)|I[ \t]+(?:choose|pick|prefer)|final"
    r"[ \t]+answer|more[ \t]+likely|most[ \t]+likely|the[ \t]+(?:correct|right)[ \t]+one)\b"
    r"|<\s*answer\s*>", re.I)
_CLOSE_TAG = re.compile(r"<\s*/\s*answer\s*>", re.I)
_OPEN_TAG = re.compile(r"<\s*answer\s*>", re.I)
_RETRACT = re.compile(
    r"\bI[ \t]+(?:retract|withdraw)\b|\b(?:disregard|ignore)[ \t]+(?:the|this|that|my)[ \t]+"
    r"(?:above|answer|previous|output)|\b(?:this|that|it|my[ \t]+answer|the[ \t]+above)(?:'s|"
    r"[ \t]+(?:answer[ \t]+)?(?:is|was))[ \t]+(?:wrong|incorrect|not[ \t]+(?:right|correct))"
    r"|\b(?:don'?t|do[ \t]+not)[ \t]+think[ \t]+(?:this|that|it|my[ \t]+answer)[ \t]+is[ \t]+"
    r"(?:right|correct)", re.I)
# numbers that point at the prompt, not at the output graph: "fails on example 2"
_REFERENCE = re.compile(r"\b(?:examples?|steps?|pairs?|rules?|options?|cases?)[ \t]+\d+", re.I)
# ")" and "]" end pairs in the middle of an edge list as often as they end one
_FINISHED = re.compile(r"[.!}>`\"'*]\s*\Z")
_OPEN_BRACKET = re.compile(r"[(\[{][^()\[\]{}\n]{0,12}\Z")


def offers_alternatives(body: str) -> bool:
    """Several outputs offered side by side, and none chosen after them."""
    labels, last = 0, None
    for last in _ALTERNATIVES.finditer(body):
        if not last.group("label"):
            labels = 2  # "another possible output", "both are plausible": one is enough
        labels += 1
    if labels < 2:  # one "Option A:" alone offers nothing else
        return False
    return _CHOICE.search(body, last.end()) is None


def retracted(body: str) -> bool:
    """The answer is taken back ("that's wrong", "I retract it") and no graph follows:
    nothing but references to the prompt ("example 2") after the retraction."""
    closes = list(_CLOSE_TAG.finditer(body))
    tail = body[closes[-1].end():] if closes else body
    found = list(_RETRACT.finditer(tail))
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
