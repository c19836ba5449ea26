"""Answers that are sums and answers given only in part (issue #15, the s22 blind batches).

A number answered as arithmetic ("Answer: 2 + 3 = 5") is the result, not its first term;
an inline "the answer is 4 components plus the isolated node" begins a sum whose total
comes after it; a path or list of which the model says it "can't confirm the rest" is no
answer. Texts here are written for this test, not taken from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

INT, FLOAT = answers.INT, answers.FLOAT
NODES, PATH = answers.NODE_SET, answers.NODE_LIST


def read(kind: answers.AnswerType, text: str):
    prediction = kind.read(text, None, Context(None, 12))
    return prediction.value if prediction.ok else None


@pytest.mark.parametrize("kind, text, value", [
    (INT, "Answer: 2 + 3 = 5", 5),
    (INT, "**Final answer:** 3 + 1 + 2 = 6 edges", 6),
    (INT, "\\boxed{4+4=8}", 8),
    (INT, "The answer is 9 - 2 = 7 leaves.", 7),
    (INT, "The answer is 3 × 2 = 6 paths.", 6),
    (FLOAT, "Answer: 0.5 + 0.25 = 0.75", 0.75),
    # the result first, its terms after it: still the result
    (INT, "Answer: 5 (2 + 3)", 5),
    (INT, "Final answer: 6, since 2 + 4 = 6.", 6),
])
def test_an_answer_written_as_arithmetic_is_its_result(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text, value", [
    ("So the answer is 3 weak components plus the lone vertex 9... The total is 4.", 4),
    ("The answer is 2 bridges, plus the edge to the leaf, so 3 in total.", 3),
    # not a sum begun: "plus" opening the next sentence, or "plus or minus"
    ("The answer is 6. Plus, every vertex has even degree.", 6),
    ("The answer is 6 bridges plus or minus nothing: exactly 6.", 6),
])
def test_an_inline_answer_that_goes_on_adding_gives_way_to_its_total(text, value):
    assert read(INT, text) == value


@pytest.mark.parametrize("kind, text", [
    (PATH, "Trying every tour is too long by hand. A cheap tour starts 0 → 3 → 1 → 5, but I "
           "can't confirm the rest without the other weights."),
    (PATH, "The tour probably begins 3 → 1 → 4; the remainder is unclear."),
    (NODES, "Nodes 2, 4 and 7 are isolated; I couldn't determine the rest from the cut-off "
            "edge list."),
])
def test_an_answer_given_only_in_part_is_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    (PATH, "Shortest path: 0 → 2 → 5. The rest of the nodes are unreachable from 0.",
     [0, 2, 5]),
    (PATH, "Tour: 0 → 2 → 1 → 6 → 3 → 0 (cost 17). I can't confirm it is optimal without "
           "trying every tour.", [0, 2, 1, 6, 3, 0]),
    (NODES, "Isolated nodes: 2, 4, 7. The rest are all connected.", [2, 4, 7]),
])
def test_a_whole_answer_beside_such_words_is_read(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text, value", [
    # pairs checked one by one, a slip caught in brackets, then the conclusion
    ("The radius is 1 (node 4 reaches everyone... no, it's 2). Node 3 to node 6: 3-4-6, "
     "2. Every node has a node at distance 2, so the radius is 2.", 2),
    ("The girth is 4... no, make that 3: nodes 1, 2 and 5 close a triangle.", 3),
])
def test_a_slip_caught_after_an_ellipsis_and_its_conclusion_are_read(text, value):
    assert read(INT, text) == value


@pytest.mark.parametrize("text", [
    "Yes. No.",
    "The radius is 2. The radius is 3.",
])
def test_bare_rival_values_without_a_conclusion_stay_no_answer(text):
    assert read(answers.BOOL if text.startswith("Yes") else INT, text) is None


@pytest.mark.parametrize("text, value", [
    ("Mean neighbour degree of node 2: its neighbours are 6 (deg 4) and 8 (deg 2), mean = "
     "(4+2)/2 = 3.0", 3.0),
    ("Its neighbours are 1 (degree 3) and 5 (degree 2), so the average is (3+2)/2 = 2.5.",
     2.5),
    ("With T = 1 triangle and k = 3 neighbours, we get C = 2/6 = 0.333...", 0.333),
    # no worked result at the end: the stated value stands
    ("The average degree is 2.5 (edges 5, nodes 4).", 2.5),
])
def test_a_result_worked_out_at_the_end_of_the_sentence_is_its_value(text, value):
    assert read(FLOAT, text) == pytest.approx(value)


@pytest.mark.parametrize("text, value", [
    ("Cheapest route from 9 to 2:\n\n9 → 4 → 11 → 2\n\nTotal cost: 2 + 5 + ... = 12",
     [9, 4, 11, 2]),
    ("Cheapest route from 9 to 2:\n\n9 → 4 → 11 → 2\n\nTotal cost: 2 + 5 + 5 = 12",
     [9, 4, 11, 2]),
])
def test_a_weight_sum_with_an_elided_term_closing_a_path_is_no_node(text, value):
    assert read(PATH, text) == value


PATHS_ASKED = ("What is the local node connectivity between node 2 and node 7, that is, the "
               "largest number of paths between them that share no inner node?")


@pytest.mark.parametrize("text, value", [
    # the answer stated, then the count of other things given as its reason
    ("The local node connectivity between node 2 and node 7 is 2, because node 7 has only "
     "two neighbours.", 2),
    ("It is 2 since vertex 7 has just 2 neighbours.", 2),
    # only other things counted: no count of the paths asked for
    ("Node 7 has 2 neighbours.", None),
])
def test_a_count_of_other_things_in_the_reason_leaves_the_stated_answer(text, value):
    prediction = INT.read(text, None, Context(PATHS_ASKED, 12))
    assert (prediction.value if prediction.ok else None) == value
