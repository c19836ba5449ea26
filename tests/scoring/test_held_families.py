"""Families the realistic blind batches core_blind_s11a/b and s12a/b showed (issue #15):
bounds followed by a note that the exact value still needs computing, a walk in brackets
after a count, a small model inventing the next exercise after a bare answer. Texts are
written for this test, not taken from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label

INT, FLOAT = answers.INT, answers.FLOAT
NODES, PATH = answers.NODE_SET, answers.NODE_LIST
EDGES, WALK = answers.EDGE_SET, answers.EDGE_SEQUENCE


def read(kind: answers.AnswerType, text: str, nodes: int = 30):
    prediction = kind.read(text, None, Context(None, nodes))
    return prediction.value if prediction.ok else None


# --- bounds, then "the exact value requires ..." ----------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (FLOAT, "Its spectral radius lies between 3.1 and 7. Getting it precisely requires the "
            "eigenvalues of the 22 × 22 matrix, e.g. via numpy.linalg.eigvalsh."),
    (FLOAT, "For 12 nodes and 30 edges the energy usually falls between 19 and 23, but the "
            "exact energy would need all 12 eigenvalues."),
    (INT, "The cut around the source has capacity 40, so the flow is at most 40.\n\n"
          "Computing the exact maximum needs running Dinic's algorithm over all 96 edges. "
          "Shall I trace the augmenting paths one by one?"),
    (INT, "Computing the exact count would require enumerating all 64 subsets."),
])
def test_bounds_and_a_method_note_are_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, expected", [
    (FLOAT, "The spectral radius is about 4.27. An exact value would require 16 eigenvalues "
            "in closed form.", 4.27),
    (INT, "The maximum flow is 23, which equals the capacity of the cut {0, 4}.", 23),
    (INT, "We need 7 colours; finding them requires a careful search.", 7),
])
def test_a_value_before_a_method_note_stands(kind, text, expected):
    assert read(kind, text) == expected


# --- a bare first answer, then an invented exercise or the prompt echoed ---------------------

def test_a_bare_answer_before_an_invented_exercise_is_read():
    text = ("[(2, 0), (2, 5), (0, 1), (5, 3)]\n\nQuestion: Run a DFS from node 2 and list the "
            "tree edges.\n\n[(2, 0), (0, 1), (1, 5), (5, 3)]")
    assert read(WALK, text, 6) == [[2, 0], [2, 5], [0, 1], [5, 3]]


def test_a_bare_label_before_the_prompt_echoed_is_read():
    text = ("course\n\nGiven a node-centered graph of web pages:\nNode 1 (center): CS 540 "
            "Home\n\nClassify the center node into student, project, course, staff, faculty. "
            "Which class does it belong to?")
    labels = ["student", "project", "course", "staff", "faculty"]
    assert committed_label(text, labels) == "course"


def test_a_reply_that_opens_with_the_graph_is_not_cut():
    text = "Edges: 0-1, 1-2, 2-0\n\nGiven these edges, node 0 reaches 2 in 1 step. Answer: 1"
    assert read(INT, text, 3) == 1


# --- a walk in brackets after the number it measures -----------------------------------------

@pytest.mark.parametrize("kind, text, expected", [
    (INT, "The diameter is 3. It is the distance from node 0 to node 7, which takes 3 hops "
          "(0 → 2 → 5 → 7).", 3),
    (INT, "The eccentricity of node 1 is 5: node 12 is farthest, reached in 5 steps (1 -> 4 "
          "-> 8 -> 9 -> 11 -> 12).", 5),
    (PATH, "The shortest path has length 3 (0 → 2 → 5 → 7).", [0, 2, 5, 7]),
])
def test_a_walk_in_brackets_after_a_count(kind, text, expected):
    assert read(kind, text) == expected


# --- a numbered list cut off right after the next item's number ------------------------------

@pytest.mark.parametrize("text", [
    "Here is a topological order:\n\n1. 4\n2. 0\n3. 7\n4.",
    "A valid ordering:\n1) 2\n2) 9\n3) 1\n4)",
    "Final answer:\n1. 4\n2. 0\n3. 7\n4.",
])
def test_a_list_cut_at_a_bare_item_number_is_no_answer(text):
    assert read(PATH, text, 10) is None


@pytest.mark.parametrize("kind, text, expected", [
    (INT, "The diameter of the graph is:\n\n3.", 3),
    (PATH, "Order:\n1. 4\n2. 0\n3. 7", [4, 0, 7]),
])
def test_a_bare_number_that_is_no_next_item_stands(kind, text, expected):
    assert read(kind, text, 10) == expected


# --- a range of nodes in a closing check is no edge -------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("[(1, 3), (2, 4), (5, 6)]\n\nEach vertex from 1 to 6 is covered exactly once, so this "
     "is a perfect matching.", [[1, 3], [2, 4], [5, 6]]),
    ("(0, 2), (1, 3), (4, 5)\n\nEvery node between 0 and 5 appears in one pair.",
     [[0, 2], [1, 3], [4, 5]]),
    ("The only bridge is the edge from 3 to 4.", [[3, 4]]),
])
def test_a_range_of_nodes_after_the_edges(text, expected):
    assert read(EDGES, text, 8) == expected


# --- one set written twice in different orders ----------------------------------------------

def test_a_set_restated_in_another_order_is_one_answer():
    text = ("Degrees: 4 has 5, 1 has 5, 7 has 4, 2 has 4.\n\nThe best-connected nodes are 4, 1, "
            "7 and 2.\n\n$$\\boxed{[1, 2, 4, 7]}$$")
    assert read(NODES, text, 10) == [1, 2, 4, 7]
    edges = ("The matching pairs 5 with 0 and 3 with 1: (5, 0), (3, 1).\n\n"
             "Final answer: [(3, 1), (5, 0)]")
    assert read(EDGES, edges, 10) == [[3, 1], [5, 0]]


def test_a_path_restated_in_another_order_is_two_answers():
    text = ("The shortest path is 4 → 1 → 7 → 2.\n\n$$\\boxed{[4, 7, 1, 2]}$$")
    assert read(PATH, text, 10) is None


# --- an opening that defines the answer names no value of it ---------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The neighbours of node 6 are the nodes that share an edge with 6.\n\nFrom the list:\n"
     "- 2 and 6 are joined.\n- 6 and 9 are joined.\n\nSo the neighbours of 6 are [2, 9].",
     [2, 9]),
    ("The sinks are those nodes which have no edge out of them, like node 3.\n\nOut-degrees: "
     "node 0 has 2, node 3 has 0, node 5 has 0.\n\nSo the sinks are 3 and 5.", [3, 5]),
])
def test_an_opening_definition_is_no_rival_answer(text, expected):
    assert read(NODES, text, 10) == expected


# --- a count before the list a dash introduces ------------------------------------------------

@pytest.mark.parametrize("text, labels, expected", [
    ("**Center:** all 5 nodes — 0, 1, 2, 3, 4.", None, [0, 1, 2, 3, 4]),
    ("The periphery is all 3 people — Ann, Bob and Cy.", ["Ann", "Bob", "Cy", "Dee"], [0, 1, 2]),
    ("Isolated: all of the 2 vertices — 4 and 6.", None, [4, 6]),
    # a dash after an id still annotates it
    ("The hubs are 3 — degree 5, and 7 — degree 4.", None, [3, 7]),
])
def test_a_count_and_a_dash_before_the_list(text, labels, expected):
    assert NODES.read(text, labels, Context(None, len(labels or []) or 10)).value == expected


# --- the subject's query pair before the ids its verb states ---------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The only common neighbour of nodes 4 and 11 is node 8.", [8]),
    ("The shared neighbor of 2 and 9 is 5, since both are adjacent to it.", [5]),
    ("The common neighbours of node 1 and node 6 are 0, 3 and 7.", [0, 3, 7]),
    ("Nodes 4 and 6 are isolated.", [4, 6]),
])
def test_the_query_pair_in_the_subject(text, expected):
    assert read(NODES, text, 12) == expected


# --- a marked answer whose line opens the list below it ----------------------------------------

@pytest.mark.parametrize("kind, text, expected", [
    (EDGES, "## Final answer\nThe smallest cover uses 3 edges:\n\n[(0, 4), (1, 2), (3, 5)]",
     [[0, 4], [1, 2], [3, 5]]),
    (WALK, "Final answer: the BFS tree has 2 edges:\n\n(6, 1), (6, 3)", [[6, 1], [6, 3]]),
    (INT, "Final answer: 4\n\nWhy: the walk below has 4 edges:\n\n0-1-2-3-4", 4),
])
def test_a_marked_line_that_opens_the_list_below(kind, text, expected):
    assert read(kind, text, 8) == expected


# --- parallel step lines about different nodes are no restated answer --------------------------

def test_step_lines_about_different_nodes_before_the_list():
    text = ("BFS from node 3.\n\nNode 3 is linked to 5 and 0.\nNode 5 is linked to 2.\n"
            "Node 0 is linked to 4.\n\nThe BFS tree edges are:\n[(3, 5), (3, 0), (5, 2), (0, 4)]")
    assert read(WALK, text, 6) == [[3, 5], [3, 0], [5, 2], [0, 4]]


def test_one_value_stated_twice_otherwise_is_still_two_answers():
    text = "The degree of node 3 is 4.\n\nIt touches 0, 1, 2 and 6.\n\nThe degree of node 3 is 5."
    assert read(INT, text, 8) is None


def test_a_preamble_before_the_question_restated_is_no_bare_answer():
    text = ("Okay.\n\nQuestion: how many nodes have degree 2?\n\nNodes 1 and 2 have degree 2, "
            "so the count is 2.")
    assert read(INT, text, 6) == 2


@pytest.mark.parametrize("kind, text, expected", [
    (answers.BOOL, "Yes, node 2 lies between 1 and 3 on the path.", True),
    (PATH, "The path is 1 → 2 → 3; node 2 lies between 1 and 3.", [1, 2, 3]),
    (INT, "Node 2 lies between 1 and 3, so the distance is 2.", 2),
])
def test_a_node_between_two_others_is_no_bound(kind, text, expected):
    assert read(kind, text, 6) == expected


def test_a_bare_count_before_a_graphqa_prompt_echoed_is_read():
    text = ("4\n\nG describes a graph among nodes 0, 1, 2, 3 and 4.\nIn this graph:\nNode 0 is "
            "connected to nodes 1, 2.\nQ: How many edges are in this graph?\nA: 2")
    assert read(INT, text, 5) == 4


def test_a_heading_before_the_question_restated_is_no_bare_answer():
    text = "**Solution**\n\nQuestion: how many nodes are isolated?\n\nAnswer: 3"
    assert read(INT, text, 6) == 3
