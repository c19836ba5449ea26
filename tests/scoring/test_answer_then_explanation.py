"""An answer committed, then explained (issue #15, blind batches core_blind_s16b / s17a):
the explanation names other values (a property of the answer, a quantity of another kind,
a sub-step, an example node), and those are no answer and no rival; a correction, a new
marker or a restatement of the whole answer after it still is."""

from __future__ import annotations

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context


def read(kind, text, nodes=12, labels=None):
    found = kind.read(text, labels, Context(None, nodes))
    return found.value if found.ok else None


def test_no_shorter_path_is_a_property_of_the_path_not_an_empty_answer():
    # (s16b:68: "This path has 3 edges, and there is no shorter path" read as [])
    assert read(answers.NODE_LIST, "The path from 0 to 5 is 0 -> 2 -> 5.\n\nIt has 2 edges, "
                "and there is no shorter path between them.") == [0, 2, 5]
    assert read(answers.NODE_LIST, "Shortest path from A to B: 4 → 1 → 7. It takes two hops; "
                "there is no shorter path.") == [4, 1, 7]
    assert read(answers.NODE_SET, "The centre is {3, 5}. No smaller node set has "
                "eccentricity 2.") == [3, 5]

def test_no_path_or_no_node_still_says_empty():
    assert read(answers.NODE_LIST, "There is no path between node 1 and node 9.") == []
    assert read(answers.NODE_SET, "Nodes 2 and 7 share no common neighbours.") == []
    assert read(answers.EDGE_SET, "The graph is a forest, so there are no cycle edges; "
                "there is no bridge-free edge either.") == []


def test_a_labelled_list_given_first_keeps_its_value_over_the_quantities_explaining_it():
    # (s17a:43: "**Barycenter: [4]**" then "its total distance ... is 11" read as node 11)
    assert read(answers.NODE_SET, "**Median node: [5]**\n\nIts summed distance to the other "
                "nodes is 14, and the runner-up, node 1, has 17.", nodes=9) == [5]
    assert read(answers.NODE_LIST, "**Path: [0, 3, 7]**\n\nFrom 0 go to 3 (weight 2), then "
                "to 7 (weight 4); the total is 6.") == [0, 3, 7]


def test_a_list_under_its_heading_keeps_its_value_over_an_edge_named_in_the_reason():
    # (s16b:84: the cover, then "(2, 3) covers the leftover node 3" read as the answer)
    assert read(answers.EDGE_SET, "Maximum matching (4 edges):\n\n[(0, 1), (2, 5), (3, 4), "
                "(6, 7)]\n\nEvery node is matched; (3, 4) was picked once (2, 5) was "
                "taken.") == [[0, 1], [2, 5], [3, 4], [6, 7]]


def test_a_restatement_or_a_conclusion_after_the_list_still_replaces_it():
    assert read(answers.NODE_SET, "**Centre: [2]**\n\nSo the centre is node 5.") == [5]
    assert read(answers.EDGE_SET, "Maximum matching (4 edges):\n\n[(0, 1), (2, 5), (3, 4), "
                "(6, 7)]\n\nSo the matching is (0, 1), (2, 5).") == [[0, 1], [2, 5]]
    # pieces of one list, each labelled, are the list, not an opening answer
    assert read(answers.EDGE_SEQUENCE, "Reached from 0: 1, 2. From 1: 3, 4. From 2: "
                "5.") == [[0, 1], [0, 2], [1, 3], [1, 4], [2, 5]]


def test_a_property_of_most_items_is_no_count_and_a_closing_labelled_line_answers():
    # (s17a:79: "almost every entry is 0" outranked the closing "**Number of edges: 1**")
    assert read(answers.INT, "Scanning the matrix row by row, nearly every entry is 0. Only "
                "rows 2 and 5 hold a 1, at (2, 5) and (5, 2).\n\n**Edge count: 1**") == 1
    assert read(answers.INT, "Most nodes have degree 3. Nodes 0 and 4 have degree 1.\n\n"
                "Number of leaves: 2") == 2
    # a count stated first is still weighed against the explanation's own statement
    assert read(answers.INT, "The graph has 6 edges.\n\nEvery node has degree 2, so it "
                "has 4 edges.") != 6
