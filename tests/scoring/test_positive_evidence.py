"""Bare text (no marker, box, tag or JSON) commits only on positive evidence: it is finished,
and its closing statement holds the value (issue #15; docs/scoring.md, "Not committing").
Texts here are written for this test, not taken from the corpus."""

from __future__ import annotations

import re

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import ABSENT, NoAnswer, final_region

INT, BOOL, NODES, EDGES = answers.INT, answers.BOOL, answers.NODE_SET, answers.EDGE_SEQUENCE


def read(kind: answers.AnswerType, text: str, question: str | None = None):
    prediction = kind.read(text, None, Context(question, 12))
    return prediction.value if prediction.ok else None


# --- (1) finished: the text ends a sentence or a structure, or ends on the value ----------

@pytest.mark.parametrize("text", [
    "Greedy colouring: node 3 gets red. Node 8 gets blue, node 5 gets",
    "Walk from 2: step to 7, then 7 to 9, then backtrack and",
    "Cover so far: 1, 4. Left to cover: 6-9. Take",
])
def test_text_cut_off_mid_step_is_no_answer(text):
    assert read(NODES, text) is None
    assert read(INT, text) is None


@pytest.mark.parametrize("text, value", [
    ("Independent set: 2, 5, 9", [2, 5, 9]),  # ends on the value
    ("The vertices with odd degree are 1 and 10", [1, 10]),
    ("- 3\n- 6\n- 11", [3, 6, 11]),  # a list
    ("| node | in set |\n|---|---|\n| 4 | yes |\n| 7 | yes |", [4, 7]),  # a table row
])
def test_finished_answers_without_a_full_stop_commit(text, value):
    assert read(NODES, text) == value


def test_a_worked_step_cut_off_is_no_row_of_verdicts():
    # rows of verdicts ("Node 2: not outlier" under "Node 1: outlier — reason") are a
    # finished structure (tests/suites/inference/test_reading_rules.py); a step cut off is not
    assert read(INT, "Step 1: the nodes 0, 1, 2 form one.\nStep 2: the nodes",
                "How many triangles are there?") is None
    assert read(INT, "Triangle 1: nodes 0, 1, 2\nTriangle 2: nodes 3, 4 and",
                "How many triangles are there?") is None


def test_a_single_sentence_without_a_full_stop_is_finished():
    # one casual sentence is cut off only when it ends on a joining word
    assert read(BOOL, "nope, 3 and 8 never appear together in the edge list",
                "Are node 3 and node 8 adjacent?") is False


def test_terse_reply_in_words_commits():
    assert committed_label("Theory", ["Databases", "Theory", "HCI"]) == "Theory"
    assert committed_label("The field is human computer interaction", ["Theory", "HCI"]) == "HCI"
    assert read(INT, "eleven") == 11
    # a short closing paragraph of its own is a terse reply, not a line cut off
    assert read(INT, "Here is what I found.\n\nBridges → 3 in all") == 3


# --- (2) the closing statement holds the value ---------------------------------------------

@pytest.mark.parametrize("text", [
    # a refusal in new words: the value sits in the excuse, the model then speaks of itself
    "Enumerating every spanning tree of a 15-node graph takes far too long by hand. I'd "
    "suggest Kirchhoff's theorem with a linear algebra package.",
    # a plan left open after a value
    "So far I have 9 cycles. I still have to go through the chords.",
    # a value, then the model addresses the reader instead of committing
    "The graph has 21 edges. You may want to run a proper matcher for the rest.",
    # a value, then doubt in the first person
    "Triangle count: 5. I have not looked at the last node's edges yet.",
])
def test_value_followed_by_the_model_speaking_of_itself_is_no_answer(text):
    assert read(INT, text) is None
    assert isinstance(final_region(text, digits), NoAnswer)


def digits(region: str, explicit: bool):
    """A minimal reader: the first (explicit) or last run of digits."""
    found = re.findall(r"\d+", region)
    return int(found[0] if explicit else found[-1]) if found else ABSENT


@pytest.mark.parametrize("kind, text, value", [
    # third-person reasons after the value leave it standing
    (INT, "Exactly 4. Nodes 2, 6, 8 and 11 have no neighbours at all.", 4),
    (BOOL, "No. The cycle 3-5-9 has odd length.", False),
    (NODES, "The cut vertices are 5 and 8. Deleting either splits the graph.", [5, 8]),
    # confirmations in the first person
    (INT, "There are 6 bridges. I went through all the edges.", 6),
    (INT, "It is 7. I'm quite sure.", 7),
    (INT, "Total: 9 leaves. I counted them twice ✓", 9),
    (INT, "The diameter is 4. I found this by running BFS from every node.", 4),
    # a doubt answered by a confirmation that closes the text
    (INT, "Components: 3. Wait, is node 10 isolated? No, it has edge 10-2. So that is "
          "correct.", 3),
    # a bracketed aside, even in the first person
    (INT, "Girth: 5. (I first thought 4, but 1-4 is not an edge.)", 5),
])
def test_asides_and_confirmations_after_the_value_keep_it(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("kind, text, value", [
    # the model saying, as done, how it got the answer (as "we" does in a proof)
    (INT, "The graph has 3 connected components. I used union-find over every edge.", 3),
    (INT, "Girth: 5.\n\nI applied a BFS from each vertex.", 5),
    (BOOL, "No, the graph is not bipartite. I've coloured it greedily from node 0.", False),
    (NODES, "The sources are 1 and 6.\n\nI listed the in-degrees first.", [1, 6]),
])
def test_a_remark_about_the_method_after_the_value_keeps_it(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text", [
    # ... but not a doubt, an admission, a guess or a plan in the same words
    "The graph has 3 connected components. I used union-find, but I may have missed an edge.",
    "Girth: 5.\n\nI applied a BFS to the wrong graph.",
    "The graph has 3 connected components. I guessed the last component.",
    "Girth: 5.\n\nI will apply a BFS from node 7 next.",
])
def test_a_method_remark_that_doubts_or_plans_is_no_answer(text):
    assert read(INT, text) is None


def test_marked_answers_are_positive_evidence_whatever_follows():
    # the gate is for bare text only; markers keep their own rules
    assert read(INT, "Answer: 8\n\nWe checked it with a second method.") == 8
    assert read(EDGES, "\\boxed{(0, 1), (1, 2)}") == [(0, 1), (1, 2)] or read(
        EDGES, "\\boxed{(0, 1), (1, 2)}") == [[0, 1], [1, 2]]


# --- the closing paragraphs, elided lists, cut-off tables -----------------------------------

@pytest.mark.parametrize("text", [
    # a closing paragraph with no value that takes the answer back
    "Leaves: 2, 5, 8.\n\nHmm, that can't be all: the last one has two neighbours.",
    "Sources: 0 and 3.\n\nI haven't looked at the reversed edges, so I can't say.",
])
def test_a_closing_paragraph_that_doubts_the_value_is_no_answer(text):
    assert read(NODES, text) is None


@pytest.mark.parametrize("text, value", [
    ("Leaves: 2, 5, 8.\n\nEach of them has exactly one neighbour.", [2, 5, 8]),
    ("Leaves: 2, 5, 8.\n\nHope this helps! Let me know if you need the degrees too.", [2, 5, 8]),
])
def test_a_closing_paragraph_of_facts_or_pleasantries_keeps_the_value(text, value):
    assert read(NODES, text) == value


@pytest.mark.parametrize("text", [
    "Visit order: 3, 0, 7, ..., 11",
    "Order: (4, 1), (1, 6), ... up to (9, 2).",
    "The set is {1, 3, 5, …, 21}.",
])
def test_an_elided_list_is_no_answer(text):
    assert read(NODES, text) is None


def test_an_ellipsis_that_elides_nothing_keeps_the_value():
    assert read(answers.FLOAT, "Clustering: 2/6 = 0.333...") == pytest.approx(1 / 3, abs=0.01)
    assert read(answers.FLOAT, "It is 0.6931..., rounded: 0.69") == pytest.approx(0.69)
    assert read(NODES, "Node 7... (7, 2) is there. So the sources are 1 and 7.") == [1, 7]


def test_a_table_cut_off_inside_a_row_is_no_answer():
    cut = "| node | degree |\n|---|---|\n| 1 | 4 |\n| 2 | "
    assert read(INT, cut) is None
    assert read(INT, "| node | degree |\n|---|---|\n| 1 | 4 |\n| 2 | 3 |\n\nMaximum: 4") == 4


def test_cut_off_after_a_labelled_category_keeps_it():
    # a bare "Category:" line, then the explanation cut off: truncation after a commitment
    text = "Category: Theory\n\nThe paper proves bounds on learning rates and its neighbours"
    assert committed_label(text, ["Theory", "Databases"]) == "Theory"


# --- a bound on the asked quantity, its noun between the bound and the reason ---------------

@pytest.mark.parametrize("text", [
    "There are at least 4 weakly connected pieces, since 1, 5 and 9 are isolated.",
    "The graph has at least 2 components; 3 and 8 are on their own.",
    "It needs no fewer than 5 colours — the clique 0-1-2-3-4 forces that.",
])
def test_a_bound_with_its_reason_is_no_answer(text):
    assert read(INT, text, "How many components are there?") is None


def test_a_bound_inside_the_question_of_a_list_answer_is_not_a_hedge():
    assert read(NODES, "Nodes with more than 3 neighbours: 2 and 5.") == [2, 5]
    assert read(INT, "Exactly 4 nodes have at least 3 neighbours, so the answer is 4.") == 4


# --- a check after the answer that passes confirms it ---------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Answer: 4, 8, 2\n\nWait, let me check 8-2: (2, 8) is listed. So the order is valid.",
     [4, 8, 2]),
    ("**Set: {1, 6}**\n\nLet me verify: 1 covers 0 and 3, 6 covers 5 and 7. ✓", [1, 6]),
])
def test_a_check_that_passes_keeps_the_answer(text, value):
    kind = answers.NODE_LIST if "order" in text else NODES
    assert read(kind, text) == value


def test_a_check_that_fails_does_not_confirm():
    text = "**Set: {1, 6}**\n\nLet me verify: 1 covers 0 ✓, but 6 does not cover 4 ✗."
    assert read(NODES, text) != [1, 6]


# --- labels: a closing sentence that commits by a label line or by emphasis -----------------

@pytest.mark.parametrize("text, label", [
    ("It cites two query planners and a storage engine, but it is really about fuzzy "
     "matching of records.\n\nCategory: Data_Mining", "Data_Mining"),
    ("It belongs to the Theory group but cites Databases work throughout.\n\nLabel: Theory",
     "Theory"),
    ("Not a Databases paper, not Theory either: the rule induction makes it **Data_Mining**.",
     "Data_Mining"),
    ("Looking at Theory-heavy neighbours and Databases citations, the node is most plausibly "
     "a **Data_Mining** paper.", "Data_Mining"),
])
def test_a_label_committed_in_the_closing_sentence(text, label):
    assert committed_label(text, ["Databases", "Theory", "Data_Mining"]) == label


def test_several_labels_without_a_commitment_stay_no_answer():
    text = "It mixes Databases and Theory in equal parts."
    assert isinstance(committed_label(text, ["Databases", "Theory", "Data_Mining"]), NoAnswer)
