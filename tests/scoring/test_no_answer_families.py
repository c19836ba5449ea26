"""No-answer classes of the grading rule that the core readers used to read as a value
(issue #15, the s10 blind batches): another solution offered after the answer, "either one
of them", a hedge that cannot say whether, lists cut at a clean boundary or given "so far",
a question back that quotes a number, and two final answers without a correction between
them. Texts here are written for this test, not taken from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer

INT, FLOAT, BOOL = answers.INT, answers.FLOAT, answers.BOOL
NODES, PATH = answers.NODE_SET, answers.NODE_LIST
EDGES, WALK = answers.EDGE_SET, answers.EDGE_SEQUENCE


def read(kind: answers.AnswerType, text: str, question: str | None = None):
    prediction = kind.read(text, None, Context(question, 12))
    return prediction.value if prediction.ok else None


# --- another solution offered, or any of several ---------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (PATH, "2 → 5 → 9 → 1\n\nEvery step is an edge of the graph.\n\nOr equally: [2, 7, 9, 1], "
           "since (2, 7) and (7, 9) exist too."),
    (EDGES, "(0, 4), (1, 6), (3, 8)\n\nOr alternatively (0, 5), (1, 6), (3, 8)."),
    (PATH, "Paths [3, 4, 10] and [3, 9, 10] both cost 7, so the shortest path is either one "
           "of them."),
    (NODES, "{1, 5} and {2, 6} have the same size, and the minimum cover is any of these."),
    (PATH, "4 → 1 → 0 → 2\n\nThat works, and so would 4 → 0 → 1 → 2."),
    (PATH, "I tried a few orders and none of them visited all 12 nodes, but I can't say "
           "whether a Hamiltonian path exists."),
    # two candidates and the model says it will not pick
    (WALK, "A BFS from 3 gives (3, 1), (3, 7), (1, 4). Visiting 7 first gives (3, 7), (3, 1), "
           "(7, 4), so I cannot commit to one of them."),
    (INT, "Counting twice gave 6 and then 7; I can't commit to either count."),
])
def test_alternatives_and_undecided_answers_are_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    # one answer named with its check, no second solution
    (PATH, "2 → 5 → 9 → 1\n\nEvery step is an edge of the graph.", [2, 5, 9, 1]),
    # "either" naming the ends of the answer, not a choice between answers
    (EDGES, "The bridges are (2, 3) and (6, 7); removing either one of them disconnects the "
            "graph.", [[2, 3], [6, 7]]),
    (BOOL, "Yes, I can say whether it is connected: it is.", True),
    # committing to one answer is no refusal to commit
    (INT, "I can commit to one count: there are 6 triangles.", 6),
])
def test_one_answer_beside_such_words_is_kept(kind, text, value):
    assert read(kind, text) == value


# --- lists cut at a clean boundary, or given as provisional ----------------------------------

@pytest.mark.parametrize("kind, text", [
    # cut inside the pair being written
    (EDGES, "Greedy matching:\n- (1, 7)\n- (2, 5)\n- (4, 1"),
    (INT, "Counting the edges one by one:\n1. (0, 2)\n2. (1, 3)\n3. (2"),
    # given "so far", complete or not
    (PATH, "Sources first: 3 and 6.\nTopological order so far: 3, 6, 1, 0, 9"),
    (EDGES, "Matching so far:\n- (0, 5)\n- (2, 8)"),
    (EDGES, "Tree edges thus far:\n\n- (0, 1)\n- (1, 4)"),
    # a worked trace stopped between steps
    (WALK, "BFS from 0:\n- visit 0, enqueue 1, 3\n- pop 1: discover 2 → edge (1, 2)\n"
           "- pop 3: discover 4, 7"),
    (PATH, "DFS from 5:\n1. Visit 5, push 2\n2. Visit node 2, push 8"),
    (WALK, "Step 1: pop 0 → enqueue 1, 2 (edges (0, 1), (0, 2))\nStep 2: pop 1 → enqueue 3 "
           "(edge (1, 3))\nStep 3: pop 2; queue: [3]"),
])
def test_cut_and_provisional_lists_are_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    (EDGES, "Greedy matching:\n- (1, 7)\n- (2, 5)\n- (4, 10)", [[1, 7], [2, 5], [4, 10]]),
    (INT, "There are 5 edges (counted one by one).", 5),
    (PATH, "I went node by node; the order so far matched the sources. Final order: 3, 6, 1.",
     [3, 6, 1]),
    (WALK, "BFS from 0:\n- visit 0, enqueue 1, 3\n- pop 1: discover 2\n\nBFS tree edges: "
           "(0, 1), (0, 3), (1, 2)", [[0, 1], [0, 3], [1, 2]]),
])
def test_finished_lists_beside_such_words_are_read(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text, value", [
    ("I went through the edges one at a time:\n1. (0, 2)\n2. (1, 3)\n3. (2, 4)", None),
    ("I looked at the pairs two at a time.", None),
    ("Taking the edges one at a time, the count is 9.", 9),
    ("Removing the leaves one after another leaves one node.", 1),
])
def test_number_words_in_phrases_of_manner_are_no_count(text, value):
    assert read(INT, text) == value


# --- a question back that quotes a number ----------------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (INT, "I can count the triangles, but it means checking all 220 triples of nodes. "
          "Should I go through them, or just give you the total?"),
    (FLOAT, "I could compute the average clustering over the 12 nodes by hand. Do you want "
            "me to?"),
    (INT, "That means adding up 45 shortest-path distances. Shall I go ahead?"),
    (INT, "It takes summing 28 distances by hand. Do you want the full computation?"),
])
def test_an_offer_to_work_it_out_then_a_question_back_is_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    (INT, "There are 4 triangles. Would you like me to list them?", 4),
    (INT, "I can count them: the graph has 4 triangles. Want the list?", 4),
    (INT, "The Wiener index is 54. Shall I show the work?", 54),
    (INT, "There are 4 triangles. Want me to compute the clustering coefficient too?", 4),
])
def test_an_answer_then_an_offer_is_kept(kind, text, value):
    assert read(kind, text) == value


# --- an answer-first opening, then a different closing statement, no correction --------------

BIPARTITE = "Is the graph bipartite?"


@pytest.mark.parametrize("kind, text", [
    (NODES, "Center: [1, 4]\n\nEccentricity 2 for nodes 1 and 4, 3 for the rest... node 7 "
            "reaches everything in 2 steps too.\n\nSo the center is {1, 4, 7}."),
    (EDGES, "Minimum spanning tree: (0, 1), (1, 2), (2, 5)\n\nKruskal takes the lightest "
            "edges first.\n\nIn summary, the minimum spanning tree is (0, 1), (1, 3), (2, 5)."),
    (WALK, "DFS edges: (0, 2), (2, 4)\n\nNode 0's first neighbour is 2.\n\nSo the DFS tree is "
           "(0, 2), (2, 3)."),
    (BOOL, "No, the graph is not bipartite.\n\nColour 0 red, 1 blue, 2 red, 3 blue.\n\n"
           "In conclusion: yes, it is bipartite."),
    (BOOL, "Yes.\n\nThe triangle 0-1-2 is an odd cycle.\n\nFinal verdict: no, it is not "
           "bipartite."),
])
def test_an_opening_answer_then_a_different_closing_one_is_two_answers(kind, text):
    assert read(kind, text, BIPARTITE) is None


@pytest.mark.parametrize("kind, text, value", [
    # the same answer closing the reply, in another order
    (NODES, "Center: [4, 1]\n\nEccentricity 2 for nodes 1 and 4.\n\nSo the center is {1, 4}.",
     [1, 4]),
    # a working line first: the input echoed, or another quantity
    (EDGES, "Edges: (0, 1), (1, 2), (2, 3), (1, 3)\n\nOnly (0, 1) lies on no cycle.\n\nSo the "
            "bridges are (0, 1).", [[0, 1]]),
    (NODES, "Neighbours of 0: [1, 2, 3]\n\nNeighbours of 5: [2, 3, 9]\n\nSo the common "
            "neighbours are 2 and 3.", [2, 3]),
    # a candidate weighed against a better one ("But ...") is working, not an answer
    (PATH, "Path: 0 → 1 → 4 → 7 (weight 12)\n\nBut 0 → 2 → 7 has weight 9.\n\nSo the "
           "shortest path is 0 → 2 → 7.", [0, 2, 7]),
    # a verdict, then a reason that opens with "No" as a word of its sentence
    (BOOL, "Yes.\n\nNo edge joins two nodes of the same colour.", True),
    (BOOL, "Yes, it is bipartite.\n\nColour A: 0, 2.\n\nSo yes.", True),
])
def test_an_opening_answer_and_an_agreeing_close_or_working_lines_are_read(kind, text, value):
    assert read(kind, text, BIPARTITE) == value


# --- a marked answer, then a closing summary that states another value -----------------------

@pytest.mark.parametrize("kind, text", [
    (INT, "**Answer: 3**\n\nNodes 0 and 1 form one component.\n\nSummary: the graph has 4 "
          "connected components."),
    (FLOAT, "Final answer: 0.42\n\nThe densest part is around node 2.\n\nIn conclusion, the "
            "density of the graph is 0.47."),
    (NODES, "Answer: [2, 6]\n\nNode 9 also has the top degree.\n\nTo sum up, the nodes of "
            "maximum degree are 2, 6 and 9."),
    (BOOL, "Answer: Yes\n\nNode 4 has no neighbours.\n\nIn summary: no, the graph is not "
           "connected."),
    (INT, "Answer: 2\n\nNode 6 is isolated.\n\nOverall, the graph has 3 components."),
    (INT, "**Answer:** 2\n\nTo conclude, there are 3 connected components."),
    (INT, "**Answer: 2**\n\n### Summary\nThe graph has 3 components."),
])
def test_a_summary_stating_another_value_after_the_answer_is_two_answers(kind, text):
    assert read(kind, text, "Is the graph connected?") is None


@pytest.mark.parametrize("kind, text, value", [
    (INT, "**Answer: 4**\n\nSummary: the graph has 4 connected components.", 4),
    (FLOAT, "Final answer: 0.47\n\nIn conclusion, the density is about 0.4667.", 0.47),
    # a summary about something else, or naming nodes beside a count
    (INT, "Answer: 1\n\nIn summary, node 3 is the only articulation point.", 1),
    (BOOL, "Answer: Yes\n\nIn summary, there is no isolated node, so every node reaches "
           "every other.", True),
    (INT, "**Answer: 4**\n\nIn short, the diameter is 4 since node 2 is 3 hops from node 5.",
     4),  # the reason's numbers are not the summary's value
    (INT, "Answer: 4\n\nOverall, the graph has 4 components: {0, 1}, {2}, {3} and {4, 5}.", 4),
    (INT, "Answer: 3\n\n**Summary:** Node 0: degree 2, node 1: degree 3.", 3),
    (FLOAT, "Final answer: 0.33\n\nIn summary, 2 of the 6 possible triangles exist, so the "
            "transitivity is 1/3.", 0.33),
    # a summary after a correction is the corrected answer
    (INT, "Answer: 3\n\nWait, I missed node 7.\n\nIn summary, there are 4 components.", 4),
])
def test_a_summary_that_agrees_or_speaks_of_something_else_keeps_the_answer(kind, text, value):
    assert read(kind, text, "Is the graph connected?") == value


# --- an answer-first reply whose explanation closes on another labelled answer ---------------

WEBKB = ["student", "project", "course", "staff", "faculty"]


@pytest.mark.parametrize("text, value", [
    ("This page belongs to a faculty member.\n\nExplanation: it lists publications and "
     "the courses taught, the way faculty pages do.\n\nClassification: project", None),
    ("Faculty.\n\nReasoning: a publication list and office hours.\n\nPrediction: faculty",
     "faculty"),
    ("Faculty.\n\nReasoning: a publication list; a student page would not have one.",
     "faculty"),
])
def test_an_explanation_closing_on_another_labelled_answer_is_two_answers(text, value):
    found = committed_label(text, WEBKB)
    assert (None if isinstance(found, NoAnswer) else found) == value


def test_a_count_first_then_a_result_line_in_the_explanation_must_agree():
    assert read(INT, "7\n\nExplanation: 3 + 4 edges.\n\nResult: 8") is None
    assert read(INT, "7\n\nExplanation: 3 + 4 edges.\n\nResult: 7") == 7


@pytest.mark.parametrize("kind, text, value", [
    # a one-sentence statement opening the reply, then another value for the same thing
    (NODES, "The periphery is [1, 3, 9].\n\nEccentricity 4 for nodes 1 and 9.\n\nSo the "
            "periphery is {1, 9}.", None),
    (NODES, "The periphery is [9, 1].\n\nEccentricity 4 for nodes 1 and 9.\n\nSo the "
            "periphery is {1, 9}.", [1, 9]),
    # an opening sentence about a node, not the asked set
    (NODES, "Node 0 is adjacent to 1 and 2.\n\nNode 5 is adjacent to 0 too.\n\nSo node 0's "
            "neighbours are 1, 2 and 5.", [1, 2, 5]),
])
def test_an_opening_statement_then_a_different_closing_one(kind, text, value):
    assert read(kind, text) == value


@pytest.mark.parametrize("text, value", [
    ("The page is a course page.\n\nIt lists lectures and a syllabus.\n\nClassification: "
     "student", None),
    ("The page is a course page.\n\nIt lists lectures and a syllabus.\n\nClassification: "
     "course", "course"),
    # a long opening sentence with a colon is no label line
    ("The page belongs to a faculty member: it links to two research projects.\n\nClass: "
     "Faculty", "faculty"),
])
def test_an_opening_statement_and_a_closing_labelled_category(text, value):
    found = committed_label(text, WEBKB)
    assert (None if isinstance(found, NoAnswer) else found) == value


@pytest.mark.parametrize("text, value", [
    ("The graph is a one-way street between the two halves.", None),
    ("It's a one-to-one mapping of nodes.", None),
    ("Taking the nodes two by two.", None),
    ("I went one by one: there are two.", 2),
    ("Two thirds of the nodes, so 8 of 12.", 8),
])
def test_number_words_naming_a_kind_or_a_pace_are_no_count(text, value):
    assert read(INT, text) == value
    assert read(FLOAT, "Density: two thirds") == pytest.approx(2 / 3)
