"""A closing check of the answer is no second answer.

Models often verify what they answered: "Check each edge:\n- (0, 1): 1 ✓", "Every edge is
covered: 0-1 (1), 1-2 (1), ...". Such a block repeats values of the working (edges, nodes,
counts), and read as text it would look like another answer, or a rival to the one given.
The grading rule reads the answer without a closing block that checks it and passes; a
check that fails, or doubts, is left in, so that it can still void the answer.
"""

from __future__ import annotations

import re

from graphgauge.scoring.region_types import ABSENT, CONCLUDES, TAIL, Reader
from graphgauge.scoring.signals import CUE

# A closing paragraph that checks the answer above it: "Check each edge:\n- (0, 1): 1 ✓",
# "Every edge is covered: 0-1 (1), 1-2 (1), ...".
_CHECK_BLOCK = re.compile(
    r"\n[ \t]*\n[ \t#*_>]*(?:let(?:'s|[ \t]+(?:us|me))[ \t]+)?(?:(?:double[- ]?|sanity[ \t]+)?"
    r"check(?:ing|ed)?|verif(?:y|ying|ied|ication))\b[^\n:]{0,40}:"
    r"|\n[ \t]*\n[ \t#*_>]*(?:every|each|all(?:[ \t]+the)?)[ \t]+edges?[ \t]+(?:is|are)[ \t]+"
    r"covered\b", re.I)
_CHECK_PASSES = re.compile(r"[✓✔✅]|\b(?:covered|ok|okay|valid|holds|satisfied)\b", re.I)
_CHECK_FAILS = re.compile(r"[✗✘❌?]|\*\*|\b(?:not|no|missing|uncovered|fails?|wrong|but"
                          r"|better|worse|instead|alternative)\b", re.I)


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
    if CUE.search(block) or CONCLUDES.search(block) or _CHECK_FAILS.search(block) or (
            not _CHECK_PASSES.search(block)):
        return text  # (no tick: "Checking each node's degree: ..." is working, not a check)
    above = text[:heads[-1].start()]
    return above if reader(above, False) not in (ABSENT, None) else text
