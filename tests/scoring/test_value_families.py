"""Wrong values the fresh blind batches (core_blind_s9b, s10a, s10b) showed, as families:
each case is hand-written, with variants, so that a fix for one literal text does not pass."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

CTX = Context(None, 30)


@pytest.mark.parametrize("text", [
    "**Route:** [4, 1, 7, 9]\n\nThe total weight of this path is 23.",
    "Path: 4 → 1 → 7 → 9.\n\nThe overall cost of the route is 12.",
    "The path is 4, 1, 7, 9. The length of that walk is 3.",
    "Shortest path: [4, 1, 7, 9]\nTotal distance of our path: 17",
])
def test_a_measure_of_the_path_after_it_is_no_node(text):
    assert answers.NODE_LIST.read(text, None, CTX).value == [4, 1, 7, 9]


def test_a_run_of_passing_checks_after_the_answer_keeps_it():
    text = ("[3, 0, 2, 1, 4]\n\nWait, is that right? 3 before 2 ✓, 0 before 1 and 4 ✓. "
            "Hmm, let me double-check 1: 2 → 1 and 0 → 1, both earlier ✓. So the order holds.")
    assert answers.NODE_LIST.read(text, None, CTX).value == [3, 0, 2, 1, 4]


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: [2, 5, 1, 0]\n\nHmm, actually swapping 1 and 0 is cheaper. So the better tour "
     "is [2, 5, 0, 1].", [2, 5, 0, 1]),
    ("Final answer: 2 → 5 → 1 → 0\n\nWait, 0 must come before 1. The order is 2, 5, 0, 1.",
     [2, 5, 0, 1]),
])
def test_a_correction_that_reorders_a_path_is_the_new_path(text, expected):
    assert answers.NODE_LIST.read(text, None, CTX).value == expected
    # for a set, the same nodes in another order are the same answer
    assert answers.NODE_SET.read(text, None, CTX).value == sorted(expected)
