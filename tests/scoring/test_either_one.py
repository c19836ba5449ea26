"""Two full answers offered, then "either one is correct" in a paragraph of its own: no
answer was chosen, so none is read (the grading rule's "several answers offered"), unless
a pick follows. A realistic blind reply (core_blind_s20b:95) listed two DFS orders and
closed this way; it read the second order as the answer."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers

OPTIONS = "Option 1: [(0, 1), (1, 2)]\n\nOption 2: [(0, 2), (2, 1)]\n\n"


@pytest.mark.parametrize("closing", [
    "Either one is a correct DFS from node 0.",
    "Either of them would be valid.",
    "Either of the two is an equally correct answer.",
])
def test_either_one_after_two_options_is_no_answer(closing):
    read = answers.EDGE_SEQUENCE.read(OPTIONS + closing)
    assert not read.ok and read.value is None


@pytest.mark.parametrize(("text", "value"), [
    # a pick after it commits
    (OPTIONS + "Either one is correct, but I will go with Option 2.", [[0, 2], [2, 1]]),
    # "either" about something other than the answers offered
    ("Path: [0, 3, 4]. Either direction is a correct reading of it.", [0, 3, 4]),
])
def test_a_pick_or_another_either_keeps_the_answer(text, value):
    reader = answers.EDGE_SEQUENCE if text.startswith("Option") else answers.NODE_LIST
    assert reader.read(text).value == value


def test_either_one_of_the_nodes_is_no_offer():
    assert answers.INT.read("Either one of nodes 3 and 4 is a valid start; the eccentricity "
                            "is 5.").value == 5
