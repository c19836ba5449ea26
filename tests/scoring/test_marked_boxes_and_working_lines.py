"""Families the realistic blind batches s23a/d/e read wrong, pinned on texts of their own,
each with the neighbours that must keep their old reading."""

from __future__ import annotations

import pytest

from graphgauge.render.labeling import alpha_label
from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

ALPHA = [alpha_label(i) for i in range(14)]


def read(text, kind, n=40, labels=None, question=None):
    got = kind.read(text, labels, Context(question, n))
    return got.value if got.ok else None


# --- a marker whose sentence ends in a box: the box is its value ----------------------------

@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("Work.\n\n**Final Answer**\nThe Jaccard similarity of node 4 and node 11 is "
     "\\boxed{0.25}.", answers.FLOAT, 0.25),
    ("Work.\n\n## Final Answer\nThe shortest path from 3 to 17 has length \\boxed{4}.",
     answers.INT, 4),
    ("Final answer: the degree of node 9 is <answer>6</answer>", answers.INT, 6),
])
def test_a_sentence_under_a_marker_ending_in_a_box_reads_the_box(text, kind, expected):
    assert read(text, kind) == expected


@pytest.mark.parametrize("text", [
    "**Final Answer**\nThere are 6 bridges. \\boxed{5}",  # a sentence of its own, then a box
    "Final answer: 6 \\boxed{5}",  # two values side by side, no words joining them
    "Final answer: 6\n\n\\boxed{5}",
])
def test_a_marker_stating_another_value_before_a_box_still_conflicts(text):
    assert read(text, answers.INT) is None


# --- the article "A" among letter labels ----------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("A topological order of the graph is:\n\nOrder: B → A → D → C", answers.NODE_LIST,
     [1, 0, 3, 2]),
    ("A maximal independent set:\n\nSet: {C, F, H}", answers.NODE_SET, [2, 5, 7]),
    ("A shortest path from E to K is:\n\nE → B → K", answers.NODE_LIST, [4, 1, 10]),
])
def test_the_article_a_before_graph_prose_is_no_node(text, kind, expected):
    assert read(text, kind, n=14, labels=ALPHA) == expected


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("A is adjacent to C and F.\n\nNeighbours: C, F, A", answers.NODE_SET, [0, 2, 5]),
    ("Path: A → C → F", answers.NODE_LIST, [0, 2, 5]),
    ("Start at A, then go to C, then F.\n\nPath: A → C → F", answers.NODE_LIST, [0, 2, 5]),
])
def test_node_a_is_still_node_a(text, kind, expected):
    assert read(text, kind, n=14, labels=ALPHA) == expected


# --- a bold start node in the sentence announcing the method --------------------------------

@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("I'll run BFS from **C**, taking neighbours in alphabetical order.\n\n1. C → A\n"
     "2. C → D\n3. A → B\n\nThe BFS tree edges are:\n\n[(C, A), (C, D), (A, B)]",
     answers.EDGE_SEQUENCE, [[2, 0], [2, 3], [0, 1]]),
    ("We'll begin at **E** and add every node it reaches.\n\nReached: E, B, C, A.\n\n"
     "So the component of E is {A, B, C, E}", answers.NODE_SET, [0, 1, 2, 4]),
])
def test_a_bold_start_in_the_announced_method_is_no_answer(text, kind, expected):
    assert read(text, kind, n=14, labels=ALPHA) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'll go with **5**.", 5),  # a pick, not a method
    ("After counting every pair, I'll say **5**.", 5),
    ("The graph has **5** bridges.", 5),
])
def test_a_bold_value_the_model_commits_to_still_reads(text, expected):
    assert read(text, answers.INT) == expected


def test_an_announced_start_alone_commits_to_nothing():
    assert read("I'll run DFS from **B**.", answers.NODE_LIST, n=14, labels=ALPHA) is None


# --- "every node is in the set or next to it": a check of the list, not "all nodes" ---------

@pytest.mark.parametrize(("text", "expected"), [
    ("An independent set (largest one I found, built from the lowest-degree nodes):\n\n"
     "[0, 4, 7]\n\nEvery node is either in the set or has a neighbour in the set, so it is "
     "also maximal.", [0, 4, 7]),
    ("A dominating set (greedy from the highest-degree nodes, then pruned):\n\n[2, 5]\n\n"
     "Every node is in the set or adjacent to a node of the set, and dropping either of the "
     "2 nodes leaves one undominated.", [2, 5]),
])
def test_every_node_pointing_back_at_the_set_is_a_check(text, expected):
    assert read(text, answers.NODE_SET, n=9) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The nodes of the largest component:\n\nall nodes", [0, 1, 2, 3, 4]),
    ("Every node except 3.", [0, 1, 2, 4]),
])
def test_all_nodes_as_the_answer_still_reads(text, expected):
    assert read(text, answers.NODE_SET, n=5) == expected


# --- a bound in the reason for a yes/no verdict hedges no verdict ---------------------------

@pytest.mark.parametrize(("text", "question", "expected"), [
    ("No.\n\nA complete graph on 9 nodes needs 36 edges; the list holds fewer than 20 "
     "edges, and nodes 2 and 7 are not joined.", "Is the graph complete?", False),
    ("Yes.\n\nEvery node has at least 3 neighbours, and the edges (0, 1), (1, 2) and (2, 0) "
     "close a cycle.", "Does the graph contain a cycle?", True),
    ("No, it is not a tree: a tree on 8 nodes has 7 edges, and this graph has more than 7 "
     "edges, which forms a cycle.", "Is the graph a tree?", False),
])
def test_a_bound_in_a_verdicts_reason_is_no_hedge(text, question, expected):
    assert read(text, answers.BOOL, question=question) is expected


@pytest.mark.parametrize("text", [
    "No idea exactly; fewer than 20, I'd say.",
    "There are at least 7 triangles, since each of the 3 hubs joins many.",
])
def test_a_bound_on_the_asked_count_still_hedges(text):
    assert read(text, answers.INT) is None


# --- bold picks in bullet steps, then the list the steps built after a lead-in --------------

def test_a_list_led_into_after_bold_bullet_steps_is_the_answer():
    text = ("Greedy, in label order.\n\n- Pick **0**; that rules out 2 and 5.\n"
            "- Next, add **3** and **7**.\n\nNo other node can be added, so the set is:\n\n"
            "[0, 3, 6, 7]")
    assert read(text, answers.NODE_SET, n=9) == [0, 3, 6, 7]


@pytest.mark.parametrize(("text", "expected"), [
    # a bold answer stated in a sentence keeps its place over another list led into after it
    ("The maximal independent set is **{1, 3, 8}**.\n\nIts complement, a vertex cover, is:"
     "\n\n[0, 2, 4, 5, 6, 7]", [1, 3, 8]),
    ("- Take **1**.\n- Take **3**.", [1, 3]),  # the steps alone: their picks
])
def test_bold_picks_without_a_led_in_list_keep_their_reading(text, expected):
    assert read(text, answers.NODE_SET, n=9) == expected


# --- a sentence opening on "That"/"This" that concludes a list of its own -------------------

@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("Let me start from 2 and always take the smallest neighbour.\n\n2 → 0 → 5 → 4\n\n"
     "That visits every node once, so the walk is [2, 0, 5, 4, 1, 3].", answers.NODE_LIST,
     [2, 0, 5, 4, 1, 3]),
    ("I go through the nodes in order and keep each one with no kept neighbour.\n\n"
     "Kept so far: 0 and 3.\n\nThis leaves only node 5 to add, so the set is {0, 3, 5}.",
     answers.NODE_SET, [0, 3, 5]),
])
def test_an_anaphoric_sentence_concluding_a_list_answers(text, kind, expected):
    assert read(text, kind, n=6) == expected


def test_an_anaphoric_reason_naming_a_node_still_elaborates():
    text = ("The neighbours of 3 are [1, 4].\n\nThis is because node 3 has degree 2, so node 3 "
            "is a leaf.")
    assert read(text, answers.NODE_SET, n=6) == [1, 4]
