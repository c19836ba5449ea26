"""A reading does not depend on presentation: the hand-graded corpus read again with
Windows line ends, as a markdown quote, after a greeting or a thinking block, or (for
answers that commit) followed by a pleasantry gives the same readings."""

from __future__ import annotations

import pytest

from graphgauge.studies.reading.answer_corpus import CORE, agrees, load, read
from tests.support.paths import ANSWERS

# The curated corpus, read as graded when plain: the blind batches' misses are counted by
# the corpus tests; here only whether presentation changes a reading matters.
ENTRIES = [e for e in load(ANSWERS)
           if e["type"] in CORE and "_blind_" not in e["where"] and e["text"].strip()
           and agrees(e, read(e))]

PRESENTATIONS = {
    "windows line ends": lambda t: t.replace("\n", "\r\n"),
    "markdown quote": lambda t: "> " + t.replace("\n", "\n> "),
    "greeting": lambda t: "Sure! Here's my analysis.\n\n" + t,
    "thinking block": lambda t: t if "<think>" in t else
    "<think>\nLet me look at node 1 and node 2; maybe 7? No.\n</think>\n\n" + t,
    "trailing blank lines": lambda t: t + "\n\n   \n",
}


@pytest.mark.parametrize("name", sorted(PRESENTATIONS))
def test_presentation_does_not_change_the_reading(name):
    change = PRESENTATIONS[name]
    misses = [e["where"] for e in ENTRIES
              if not agrees(e, read({**e, "text": change(e["text"])}))]
    assert not misses, misses


def test_a_pleasantry_after_a_committed_answer_changes_nothing():
    committed = [e for e in ENTRIES if e["expected"] is not None]
    misses = [e["where"] for e in committed if not agrees(
        e, read({**e, "text": e["text"] + "\n\nLet me know if you need anything else!"}))]
    assert not misses, misses
