"""No-answer classes of the grading rule that the core readers used to read as a value
(issue #15, the s7/s8 blind batches): doubt about an item of one's own answer, a statement
of the answer before a different marked answer, and the pronoun "I" among letter labels.
Texts here are written for this test, not taken from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.labels import label_reader
from graphgauge.scoring.region import NoAnswer

INT, FLOAT, BOOL = answers.INT, answers.FLOAT, answers.BOOL
NODES, PATH = answers.NODE_SET, answers.NODE_LIST
EDGES, WALK = answers.EDGE_SET, answers.EDGE_SEQUENCE
LETTERS = [chr(ord("A") + i) for i in range(12)]


def read(kind: answers.AnswerType, text: str, labels=None, question: str | None = None):
    prediction = kind.read(text, labels, Context(question, 12))
    return prediction.value if prediction.ok else None


# --- doubt about one item of the answer ----------------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (NODES, "Probably nodes 5, 8 and 9, but I'd need to double-check node 9."),
    (NODES, "The dominating set is {1, 6, 10}, though I have to verify 6 first."),
    (PATH, "I'd say 2, 7, 4, 1, 11 but I'm not confident about where 4 and 1 go."),
    (PATH, "The route is 3 → 8 → 10, although I'm not sure the edge (8, 10) has weight 1."),
    (EDGES, "Bridges: (2, 9), (4, 11). I'm not certain whether (4, 11) lies on no cycle."),
    (NODES, "Answer: 0, 3, 7\n\nI haven't verified node 7 though."),
])
def test_doubt_about_an_item_of_the_answer_is_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    # doubt about something that is not an item of the answer
    (INT, "Final answer: 9. Hmm, I'm not sure about the edge 4-6.", 9),
    (NODES, "Answer: 1, 2, 3\n\nI'm not confident the edge (7, 8) exists.", [1, 2, 3]),
    # doubt about the whole answer, and a doubt the sentence settles
    (NODES, "I'm not sure, but probably nodes 4 and 10.", [4, 10]),
    (NODES, "Answer: 2, 5. I'm not confident about node 5's colour, so I checked: it is blue.",
     [2, 5]),
    # checking done, not still to do
    (NODES, "Answer: 6, 11. I double-checked node 11.", [6, 11]),
])
def test_doubt_elsewhere_keeps_the_answer(kind, text, value):
    assert read(kind, text) == value


# --- a statement of the answer, then a different marked answer -----------------------------

@pytest.mark.parametrize("kind, text", [
    # the closing sentence of the reasoning, after a correction inside it
    (INT, "Peeling leaves: 3, then 7... no, 7 still has two neighbours. So we get 6 cycles "
          "in total.\n\nFinal answer: 5"),
    (INT, "Counting again from node 0 gives the same picture. The number of bridges is 2."
          "\n\n**Final answer:** 3"),
    # a labelled line, across a rule
    (EDGES, "**Cover edges:** (1, 2), (5, 9)\n\n---\n\n**Final answer:** (1, 3), (5, 9)"),
    # one list stated twice in two orders: another traversal
    (WALK, "BFS order: (0, 3), (0, 4), (3, 8).\n\nFinal answer: [(0, 4), (0, 3), (3, 8)]"),
])
def test_a_statement_before_a_different_marked_answer_is_no_answer(kind, text):
    assert read(kind, text) is None


def test_a_labelled_opening_line_before_a_different_marked_label_is_no_answer():
    text = ("**Category: Databases**\n\nThe abstract mentions query plans and learning.\n\n"
            "**Final answer: Machine_Learning**")
    assert isinstance(committed_label(text, ["Databases", "Machine_Learning", "Theory"]),
                      NoAnswer)


@pytest.mark.parametrize("kind, text, value", [
    (FLOAT, "$$s = \\frac{1}{\\ln 3} \\approx 0.9102$$\n\n**Answer: 0.91**", 0.91),  # rounded
    (INT, "## Work\n\nDegrees: 3, 1, 2, 2.\n\n## Answer\n\n**4**", 4),  # working values
    (INT, "The largest degree is 4, at node 2.\n\nFinal answer: 4", 4),  # the same value
    (WALK, "DFS order: (0, 3), (3, 8).\n\nFinal answer: [(0, 3), (3, 8)]", [[0, 3], [3, 8]]),
    (INT, "So we get 6 cycles. Wait, node 9 closes one more.\n\nFinal answer: 7", 7),
])
def test_a_statement_that_agrees_or_is_corrected_keeps_the_marked_answer(kind, text, value):
    got = read(kind, text)
    assert got == pytest.approx(value) if kind is FLOAT else got == value


# --- "I" is a pronoun, not node I -----------------------------------------------------------

def test_the_pronoun_i_is_not_a_letter_label():
    text, _ = label_reader("I'm guessing A, I, C; I haven't checked I. I'd say I is last.",
                           LETTERS)
    assert text.startswith("I'm guessing 1000000, 1000008, 1000002; I haven't checked 1000008.")
    assert "I'd say 1000008 is last" in text


def test_a_guess_that_says_so_among_letter_labels_is_no_answer():
    text = "I'll go with B, E, I, A, but honestly I'm guessing."
    assert read(PATH, text, LETTERS) is None
    assert read(PATH, "I'll go with B, E, I, A.", LETTERS) == [1, 4, 8, 0]


# --- another answer offered as just as good ------------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (EDGES, "[(1, 4), (2, 6)] — though [(1, 4), (3, 6)] would work equally well."),
    (WALK, "(0, 2), (2, 5), (0, 7) or, if 7 is visited first, (0, 7), (0, 2), (2, 5)."),
    (WALK, "Both (3, 1), (1, 0) and (3, 0), (0, 1) are valid DFS trees here."),
    (PATH, "Answer: 4, 9, 2, 7\n\n4, 2, 9, 7 is just as valid."),
])
def test_another_answer_offered_as_just_as_good_is_no_answer(kind, text):
    assert read(kind, text) is None


def test_items_called_valid_are_no_alternatives():
    assert read(NODES, "Articulation points: 3 and 5. Both 3 and 5 are valid cut vertices.") \
        == [3, 5]


@pytest.mark.parametrize("kind, text, value", [
    (INT, "Answer: 5 (maybe)", None),
    (INT, "The graph has 5 components (?)", None),
    (NODES, "Answer: 2, 4 (possibly 9)", None),
    (INT, "Answer: 5 (probably)", 5),  # a lean commits
    (INT, "Answer: 5 (both endpoints counted)", 5),
])
def test_a_value_qualified_by_maybe_in_brackets_is_a_hedge(kind, text, value):
    assert read(kind, text) == value


# --- a verdict restated as its opposite; a flaw found; a retraction with its reason --------

def test_a_verdict_restated_as_its_opposite_is_no_answer():
    question = "Does the graph contain a cycle?"
    assert read(BOOL, "Answer: No\n\nThe graph contains a cycle: 1-4-7-1.", question=question) \
        is None
    # a restatement that agrees, and a reason of several clauses, keep the verdict
    assert read(BOOL, "Answer: Yes\n\nThe graph contains a cycle: 1-4-7-1.",
                question=question) is True
    assert read(BOOL, "**No.** Node 2 has degree 1, and a cycle needs every node on it to "
                      "have two neighbours in it.", question=question) is False


def test_a_flaw_found_after_the_answer_without_a_verdict_is_no_answer():
    question = "Is the graph a tournament, that is, is every pair joined by exactly one arc?"
    for text in ("Yes, every pair is joined.\n\nWait, the edge 3-6 is missing.",
                 "All 15 pairs appear. Yes.\n\nHmm, actually the pair 2 and 4 is absent."):
        assert read(BOOL, text, question=question) is None
    assert read(BOOL, "Yes.\n\nWait, the edge 3-6 is missing. So no.", question=question) \
        is False


@pytest.mark.parametrize("kind, text, value", [
    (NODES, "**Common neighbours: 1, 6**\n\nHmm, wait, that's wrong: I confused node 3's list "
            "with node 7's.", None),  # the value named in the reason is no answer
    (INT, "The count is 10. Wait, that's wrong: I forgot node 9, the count is 11.", 11),
    (INT, "Answer: 8. Actually, that's wrong — I missed node 4, so it's 9.", 9),
])
def test_a_retraction_reads_past_the_mistake_it_names(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text, value", [
    ("I wasn't able to find an Euler tour after trying every start. It's possible that none "
     "exists in this graph.", None),
    ("I couldn't find a Hamiltonian cycle in this graph.", None),
    ("I couldn't find a shorter path than 1 → 4 → 6.", [1, 4, 6]),
    ("I couldn't find a better order. 1, 2, 3.", [1, 2, 3]),
])
def test_not_finding_one_is_a_refusal(text, value):
    assert read(PATH, text) == value


def test_statements_separated_by_a_rule_still_conflict():
    assert read(INT, "The radius of this graph is 3.\n\n---\n\nIn short, the smallest "
                     "eccentricity in the graph is 2.") is None


@pytest.mark.parametrize("kind, text, value", [
    (WALK, "If the smaller neighbour goes first: (0, 1), (1, 4), (0, 3). In decreasing "
           "order: (0, 3), (0, 1), (1, 4).", None),
    (INT, "When loops count: 7. Without them: 5.", None),
    # one case only, or the same value in each case, answers
    (INT, "If loops count: 7.", 7),
    (INT, "If loops count: 7. Without them: 7.", 7),
])
def test_cases_side_by_side_are_no_answer(kind, text, value):
    assert read(kind, text) == value
