"""A check of the answer that passes is no second answer.

Models often verify what they answered, after a cue ("Let me verify: 9–8 ✓, 8–7 ✓.") or in
a closing block ("Check each edge:\n- (0, 1): 1 ✓", "Every edge is covered: 0-1 (1), ...").
Such a check repeats values of the working (edges, nodes, counts): read as text it would
look like a correction, another answer or a rival to the one given. One verdict,
``check_passes``, says when a check leaves the answer standing: an item passed and none
failed, doubted or stated a value of its own. A check that fails or states a value stays
in, so that it can still correct or void the answer.
"""

from __future__ import annotations

import re

from graphgauge.scoring.region_types import ABSENT, TAIL, Reader
from graphgauge.scoring.signals import CUE

# A closing paragraph that checks the answer above it: "Check each edge:\n- (0, 1): 1 ✓",
# "Every edge is covered: 0-1 (1), 1-2 (1), ...".
_CHECK_BLOCK = re.compile(
    r"\n[ \t]*\n[ \t#*_>]*(?:let(?:'s|[ \t]+(?:us|me))[ \t]+)?(?:(?:double[- ]?|sanity[ \t]+)?"
    r"check(?:ing|ed)?|verif(?:y|ying|ied|ication))\b[^\n:]{0,40}:"
    r"|\n[ \t]*\n[ \t#*_>]*(?:every|each|all(?:[ \t]+the)?)[ \t]+edges?[ \t]+(?:is|are)[ \t]+"
    r"covered\b", re.I)

# A block that goes on past its checks (a bold heading or answer line after them, "a better
# cover", "instead") is more than a check: what it says after the checks may be the answer.
_GOES_ON = re.compile(r"\*\*|\b(?:better|worse|instead|alternative)\b", re.I)


def without_check_block(text: str, reader: Reader | None) -> str:
    """``text`` without a closing paragraph that checks the answer given above it
    ("**Vertex cover:** {1, 3, 4}\n\nCheck each edge:\n- (0, 1): 1 ✓ ..."): the ids of the
    checked edges are not the answer. A check that fails, doubts, corrects or concludes
    on a value of its own stays part of the answer text, as does one with no answer
    above it."""
    if reader is None or len(text) > TAIL:
        return text
    heads = list(_CHECK_BLOCK.finditer(text))
    if not heads:
        return text
    block = text[heads[-1].start():]
    if CUE.search(block) or _GOES_ON.search(block) or not check_passes(block):
        return text  # (no tick: "Checking each node's degree: ..." is working, not a check)
    above = text[:heads[-1].start()]
    return above if reader(above, False) not in (ABSENT, None) else text


# A check of the answer that passes ("Let me verify each step: 9–8 ✓, 8–7 ✓.", "Wait, let
# me check edge 7-1: (1, 7) is in the list, okay. So the path is valid."): the items it
# names are the answer's own, not a new answer. One failed item is no pass.
_CHECKS = re.compile(r"verif|check", re.I)
_CHECK_OPENS = re.compile(r"[\s,:;—–-]*(?:(?:let me|let's|I'll|I will|now|quickly)\s+)?"
                          r"(?:re-?check|double[- ]?check|check|verify|sanity[- ]check)", re.I)
_PASSED = re.compile(r"[✓✔✅]|\b(?:yes|ok(?:ay)?|valid|correct|fine|exists?|present|holds"
                     r"|checks? out|confirmed|satisfied|covered|in the (?:edge )?list)\b", re.I)
_FAILED = re.compile(r"[✗✘❌×]|\b(?:missing|not|no|never|isn'?t|aren'?t|doesn'?t|don'?t"
                     r"|uncovered|wrong|fails?|failed|invalid|incorrect|mistake|oops|but|however"
                     r"|except)\b|\?", re.I)


# A check that ends on a conclusion naming no value: "…, so every other node is one hop away
# and the tree is a star."
_CONCLUDED = re.compile(r"\b(?:so|thus|hence|therefore)\b[^\d\n.!?]*+[.!]?[\s*_]*+\Z", re.I)


# A check that states a value ("Let me verify: yes, there are 6 triangles.") may correct the
# answer: it is weighed as a correction, not passed.
_CHECK_STATES = re.compile(r"\b(?:is|are|was|were|equals?|be)[ \t]+(?:only[ \t]+|exactly[ \t]+)?"
                           r"[\[({]?[ \t]*\d|=[ \t]*[\[({]?[ \t]*\d", re.I)


def check_passes(check: str) -> bool:
    """Does a check of the answer pass: an item passed (a tick, "ok", "covered") or a
    conclusion naming no value, and no item failed, doubted or stated a value of its own?
    A check that states a value may correct the answer, so it is never passed over."""
    return bool(_PASSED.search(check) or _CONCLUDED.search(check[-300:])) and not _FAILED.search(
        check) and not _CHECK_STATES.search(check)


def passed_check(cue: str, after: str) -> bool:
    """Is the text after a cue a check of the answer that passes?"""
    return bool(_CHECKS.search(cue) or _CHECK_OPENS.match(after)) and check_passes(after)


_TICK = re.compile(r"[✓✔✅]")
_ASKS_VALID = re.compile(r"[\s,:;—–-]*(?:is|does|are) (?:that|this|it) (?:valid|right|correct|ok"
                         r"|okay|hold|work)\?", re.I)
_TICKED_FAILED = re.compile(_FAILED.pattern.removesuffix(r"|\?"), re.I)


def ticked_off(after: str) -> bool:
    """Is the text after a cue only items checked off, none failed ("Wait, is that valid?
    1 before 0 ✓, 8 before 2 and 6 ✓.")? Such a check names the answer's own items, so an
    earlier cue of the same run of checks changes nothing either."""
    asked = _ASKS_VALID.match(after)
    rest = after[asked.end():] if asked else after
    return (not rest.strip(" \t,.;:—–-") or bool(_TICK.search(rest))) and "?" not in rest and not (
        _TICKED_FAILED.search(rest) or _CHECK_STATES.search(rest))


_CHECK_LABEL = re.compile(r"[ \t*_]*[A-Za-z][^:\n\d]{0,40}:")


def check_line(sentence: str) -> bool:
    """Is a sentence after the answer a check of it that passes: opened as one ("Checking
    the edges: 2 before 3 ✓") or items ticked off under any short label ("Quick check: 2
    before 3 ✓, 3 before 5 ✓.", "A few constraints: ...")? Its ids are the answer's own."""
    if passed_check("", sentence):
        return True
    label = _CHECK_LABEL.match(sentence)
    rest = sentence[label.end():] if label else sentence
    return bool(_TICK.search(rest)) and ticked_off(rest)
