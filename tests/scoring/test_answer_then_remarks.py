"""What follows a committed answer in a chat reply, read as a careful grader reads it: the
reason of a denial ("enough to rule it out"), a check of the answer's items, a remark about
the nodes it covers, a bold count of a structured answer, "and so on" in a description of
the method. None of them is a new answer or takes the answer back; the same words where
they do take it back still do."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context


def _read(kind: answers.AnswerType, text: str, nodes: int | None = None,
          question: str | None = None):
    prediction = kind.read(text, None, Context(question, nodes))
    return prediction.value if prediction.ok else None


EULER = "Is the graph Eulerian?"


@pytest.mark.parametrize("text, expected", [
    # ruling out the asked property is the reason of a denial
    ("No.\n\nNode 6 has degree 5. That alone rules it out.", False),
    ("No. Node 2 has three neighbours, and one odd node is enough to rule it out.", False),
    ("The graph is not Eulerian: node 1 has degree 3, which rules it out.", False),
    ("**Answer: No**\n\nNode 6 has odd degree, which rules that out.", False),
    # after a "Yes" or a value, it still takes the answer back
    ("Yes. Hmm, node 6 has degree 5, which rules it out.", None),
    ("Yes, every degree is even. Wait, node 3 has degree 3 — that rules it out.", None),
])
def test_ruling_out_is_the_reason_of_a_denial(text, expected):
    assert _read(answers.BOOL, text, 9, EULER) is expected


def test_ruling_out_a_path_still_retracts_it():
    text = "The shortest path is 2 -> 5 -> 7. Hmm, 5-7 is not an edge, which rules that out."
    assert _read(answers.NODE_LIST, text, 9, "Find the shortest path from 2 to 7.") is None


ORDER = "Give a topological ordering of the graph."


@pytest.mark.parametrize("text", [
    "**Topological order:**\n\n[4, 0, 2, 1, 3, 5]\n\nSources first (4 and 0), then the rest. "
    "Checking the edges: 4 before 1 ✓, 0 and 2 before 3 ✓, 3 before 5 ✓.",
    "**Topological order:**\n\n[4, 0, 2, 1, 3, 5]\n\nSources first (4, 0), then the rest.\n\n"
    "Checking the edges: 4 before 1 ✓, 0 and 2 before 3 ✓, 3 before 5 ✓.",
    "**Topological order:**\n\n[4, 0, 2, 1, 3, 5]\n\nI started from the sources (4, 0) and "
    "repeated. Verifying a few edges: 2 before 3 ✓, 1 and 3 before 5 ✓.",
])
def test_a_passing_check_after_the_list_is_no_later_list(text):
    assert _read(answers.NODE_LIST, text, 8, ORDER) == [4, 0, 2, 1, 3, 5]


def test_a_check_that_concludes_on_another_list_still_corrects():
    text = ("**Topological order:**\n\n[4, 0, 2, 1, 3, 5]\n\nSources first. Checking the edges: "
            "4 before 1 ✓, but 5 before 3 fails, so the order is [4, 0, 2, 1, 5, 3].")
    assert _read(answers.NODE_LIST, text, 8, ORDER) == [4, 0, 2, 1, 5, 3]


BFS = ("Run a breadth-first search (BFS) starting from node 0. List the edges of the BFS tree in "
       "the order their second node is discovered.")
TREE = [[0, 1], [0, 4], [1, 2], [1, 3], [4, 5]]


@pytest.mark.parametrize("text", [
    "**BFS tree edges:**\n\n[(0, 1), (0, 4), (1, 2), (1, 3), (4, 5)]\n\n**How:** the "
    "neighbours of 0 come first (1 and 4), then those of 1, and so on level by level.",
    "BFS tree edges:\n\n[(0, 1), (0, 4), (1, 2), (1, 3), (4, 5)]\n\nThe neighbours of 0 are "
    "visited first, then those of 1 and 4, and so on, skipping nodes already seen.",
])
def test_and_so_on_in_how_a_whole_list_was_found_leaves_it(text):
    assert _read(answers.EDGE_SEQUENCE, text, 8, BFS) == TREE


@pytest.mark.parametrize("text", [
    # a node the list does not hold, or a list cut itself: the answer may go on
    "**BFS tree edges:**\n\n[(0, 1), (0, 4), (1, 2), (1, 3), (4, 5)]\n\nThe neighbours of 0 "
    "are visited first, then those of 1, 4 and 7, and so on.",
    "**BFS tree edges:**\n\n[(0, 1), (0, 4)]\n\nThen from 1 we reach 2, 3, and so on.",
    "**BFS tree edges:**\n\n[(0, 1), (0, 4), ...]\n\nThen the neighbours of 1, and so on.",
])
def test_and_so_on_past_the_list_still_leaves_it_open(text):
    assert _read(answers.EDGE_SEQUENCE, text, 8, BFS) is None


MATCHING = "The graph is bipartite. Find a maximum matching."
PAIRS = [[0, 5], [1, 6], [2, 7]]


@pytest.mark.parametrize("text", [
    "```json\n{\"matching\": [[0, 5], [1, 6], [2, 7]]}\n```\n\nSize: **3**. I couldn't find "
    "any further augmenting path.",
    "**Matching:** (0, 5), (1, 6), (2, 7)\n\nSize: **3**.",
    "Matching: (0, 5), (1, 6), (2, 7)\n\nI found no larger matching.",
    "Matching: (0, 5), (1, 6), (2, 7)\n\nI could not find a bigger one.",
])
def test_a_bold_count_or_an_empty_search_after_the_edges_leaves_them(text):
    assert _read(answers.EDGE_SET, text, 8, MATCHING) == PAIRS


@pytest.mark.parametrize("text", [
    "Matching: (0, 5), (1, 6), (2, 7)\n\nI couldn't find a larger matching, but I may have "
    "missed one.",
    "Matching: (0, 5), (1, 6), (2, 7)\n\nI couldn't find a larger one, though there might be.",
    "**Answer:** 3",
])
def test_a_doubted_search_or_a_count_alone_is_no_edge_answer(text):
    assert _read(answers.EDGE_SET, text, 8, MATCHING) is None


COVER = "Find a minimum edge cover of the graph."


@pytest.mark.parametrize("text", [
    "**Edge cover:**\n\n(0, 4), (1, 5), (2, 6), (3, 7)\n\nEvery node 0–7 is an endpoint of "
    "one of these edges.",
    "Edge cover: (0, 4), (1, 5), (2, 6), (3, 7). Nodes 0-7 are all covered.",
    "Edge cover: (0, 4), (1, 5), (2, 6), (3, 7). All vertices 0 – 7 appear.",
])
def test_a_range_of_nodes_after_the_edges_is_no_edge(text):
    assert _read(answers.EDGE_SET, text, 8, COVER) == [[0, 4], [1, 5], [2, 6], [3, 7]]


def test_dashed_pairs_without_a_range_word_are_still_edges():
    assert _read(answers.EDGE_SET, "The cover is 0–4, 1–5, 2–6, 3–7.", 8, COVER) == [
        [0, 4], [1, 5], [2, 6], [3, 7]]


BFS0 = "Run a BFS from node 0 and list the BFS tree edges in order."
BFS0_TREE = [[0, 2], [0, 5], [2, 1], [5, 3], [5, 4]]


@pytest.mark.parametrize("text", [
    "BFS from node 0: 0 → 2, 0 → 5, then from 2: 2 → 1, then from node 5: 5 → 3, 5 → 4.",
    "From 0: 0-2, 0-5. From 2: 2-1. From 5: 5-3, 5-4.",
    "Tree edges: (0, 2), (0, 5), then from 2: (2, 1); from 5: (5, 3), (5, 4).",
])
def test_edges_under_from_node_step_labels_are_one_list(text):
    assert _read(answers.EDGE_SEQUENCE, text, 6, BFS0) == BFS0_TREE


def test_a_list_after_other_words_is_still_a_later_list():
    text = "I first tried from 0: 0 → 1, 1 → 2. That was wrong. Final answer from 3: 3 → 4."
    assert _read(answers.EDGE_SEQUENCE, text, 6, BFS0) == [[3, 4]]


@pytest.mark.parametrize("text, expected", [
    # a bracket after an input number, then a conclusion with two consequences: the last
    # one states the value
    ("The graph is complete on 5 nodes (all 10 pairs are edges), so every pair is at "
     "distance 1 and the Wiener index is 10.", 10),
    ("The graph is a path on 4 nodes (3 edges), so the ends are 3 apart and the diameter "
     "is 3.", 3),
    ("The graph has 6 nodes (0 to 5), so each node reaches every other one and the total "
     "is 15.", 15),
    # a conclusion that states no value of its own leaves the number before the bracket
    ("The answer is 7 (the 3 leaves and 4 inner nodes), so node 2 and node 5 are both "
     "counted.", 7),
])
def test_a_conclusion_after_a_bracketed_aside_states_the_value(text, expected):
    assert _read(answers.INT, text, 6) == expected


AVERAGE = "What is the average degree of the graph?"


@pytest.mark.parametrize("text", [
    # a "Check:" step in the working, which then closes on its own bold labelled value
    "Degrees: 3, 2, 2, 1. Hmm, let me recount node 0: neighbours 1, 2, 3, so 3.\n\n"
    "Check: 3+2+2+1 = 8 ✓\n\nThere are 4 nodes, so 8 / 4 = 2.\n\n**Average degree = 2.0**",
    "Degrees: 3, 2, 2, 1.\n\nThere are 4 nodes.\n\nThe sum is 8.\n\nCheck: 3+2+2+1 = 8 ✓\n\n"
    "Average degree = **2.0**",
    # an answer first, then its check in prose, or a check closing on another quantity:
    # still the answer first
    "The average degree is 2.0.\n\nCheck: the degrees 3, 2, 2, 1 sum to 8, and 8 / 4 = 2.",
    "The average degree is 2.0.\n\nCheck: the degree sum is 8.\n\nDegree sum = **8**",
])
def test_a_check_step_before_a_closing_bold_value_is_working(text):
    assert _read(answers.FLOAT, text, 5, AVERAGE) == 2.0


@pytest.mark.parametrize("check", [
    "Quick check: 2 before 3 ✓, 1 and 3 before 5 ✓.",
    "A few constraints: 2 before 3 ✓, 1 and 3 before 5 ✓.",
    "Constraints hold: 2 → 3 ✓, 3 → 5 ✓.",
    "Spot-checking edges: 2 before 3 ✓, 1 and 3 before 5 ✓.",
])
def test_items_ticked_off_under_any_short_label_are_a_passing_check(check):
    text = ("**Topological order:**\n\n[4, 0, 2, 1, 3, 5]\n\nI started from the sources (4, 0) "
            "and repeated. " + check)
    assert _read(answers.NODE_LIST, text, 8, ORDER) == [4, 0, 2, 1, 3, 5]


def test_and_so_on_for_the_remaining_nodes_leaves_the_list_open():
    text = ("**BFS tree edges:**\n\n[(0, 1), (0, 2)]\n\nThen the same for the remaining nodes 1 "
            "and 2, and so on.")
    assert _read(answers.EDGE_SEQUENCE, text, 6, BFS) is None
