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
    "Path: 4 → 1 → 7 → 9\nTotal: 23",
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


@pytest.mark.parametrize("text", [
    "Match 4 to 11, 2 to 9, 6 to 13 and 0 to 7. That pairs four nodes on each side.",
    "Pair 4 to 11, 2 to 9, 6 to 13, and 0 to 7.",
    "Matching: 4 to 11, 2 to 9, 6 to 13, 0 to 7.",
])
def test_pairs_x_to_y_in_a_comma_list_after_a_matching_verb(text):
    assert answers.EDGE_SET.read(text, None, CTX).value == [[4, 11], [2, 9], [6, 13], [0, 7]]


@pytest.mark.parametrize("block", [
    "```csv\nu,v\n4,11\n2,9\n6,13\n```",
    "source,target\n4, 11\n2, 9\n6, 13",
    "u;v\n4;11\n2;9\n6;13",
    "Edges:\nu,v,weight\n4,11,3\n2,9,1\n6,13,7",
])
def test_csv_edge_blocks(block):
    assert answers.EDGE_SET.read(block, None, CTX).value == [[4, 11], [2, 9], [6, 13]]


def test_a_csv_row_of_three_without_a_weight_header_is_no_edge():
    # "step,u,v": the first column numbers the rows; read as edges it would be wrong
    assert answers.EDGE_SET.read("step,u,v\n1,4,11\n2,2,9", None, CTX).value != [
        [1, 4], [2, 2]]


@pytest.mark.parametrize("text", [
    "From 1 we go to 5, then to 8, then to 2.",
    "Start at 1. From 1, go to 5; from 5, go to 8; from 8, go to 2.",
    "From node 1 we move to 5, then we go to 8 and then to 2.",
])
def test_a_walk_told_leg_by_leg(text):
    assert answers.EDGE_SEQUENCE.read(text, None, CTX).value == [[1, 5], [5, 8], [8, 2]]


def test_a_walk_told_from_x_to_y_with_dead_ends():
    text = ("Going in ascending order: from 1 we go to 5, from 5 to 8, from 8 to 2; 2 is a "
            "dead end, so from 8 to 3 and from 3 to 0.")
    assert answers.EDGE_SEQUENCE.read(text, None, CTX).value == [
        [1, 5], [5, 8], [8, 2], [8, 3], [3, 0]]


@pytest.mark.parametrize("text", [
    "Discovered from 1: 5, 8. From 5: 2. From 8: 3 and 9. From 9: 0.",
    "BFS from node 1.\nFrom 1: 5, 8\nFrom 5: 2\nFrom 8: 3, 9\nFrom 9: 0",
    "Children of 1: 5, 8. Children of 5: 2. Children of 8: 3 and 9. Children of 9: 0.",
    "1's children: 5, 8; 5's children: 2; 8's children: 3, 9; 9's children: 0.",
    "From 1 we discover 5 and 8, then from 5 we discover 2, from 8 we discover 3 and 9, and "
    "from 9 we discover 0.",
])
def test_parent_groups_from_x_children(text):
    assert answers.EDGE_SEQUENCE.read(text, None, CTX).value == [
        [1, 5], [1, 8], [5, 2], [8, 3], [8, 9], [9, 0]]


def test_a_path_from_a_node_is_no_parent_group():
    assert answers.NODE_LIST.read("Shortest path from 1: 1 → 5 → 2.", None, CTX).value == [
        1, 5, 2]
    assert answers.NODE_SET.read("Nodes in total: 4, 1, 7", None, CTX).value == [1, 4, 7]
    assert answers.EDGE_SEQUENCE.read("The walk from 1: 1 → 5 → 2.", None, CTX).value == [
        [1, 5], [5, 2]]
    # sentences that are rival lists are still two answers
    assert not answers.EDGE_SET.read("(1, 5), (5, 2). (1, 5), (5, 3).", None, CTX).ok


@pytest.mark.parametrize("text", [
    "Nodes 1, 6 and 9 — none of them are adjacent, and nodes 2 and 4 each touch one of "
    "them, so nothing more can be added.",
    "Independent set: 1, 6, 9. Every other node has a neighbour in it, so nothing else fits.",
    "1, 6 and 9; no more nodes can join without an edge inside.",
    "The set is {1, 6, 9}; no other nodes are needed.",
    "Nodes 1, 6 and 9; there are no more.",
])
def test_nothing_more_is_no_empty_answer(text):
    assert answers.NODE_SET.read(text, None, CTX).value == [1, 6, 9]


@pytest.mark.parametrize("text", ["N(4) ∩ N(17) = ∅", "Common neighbours: N(4) ∩ N(17) = ∅.",
                                  "C = N(4) ∩ N(17) = none",
                                  "N(4) = {1, 2}, N(17) = {5, 6}, so N(4) ∩ N(17) = ∅.",
                                  "The intersection {1, 2} ∩ {5, 6} is empty."])
def test_the_empty_set_after_set_notation(text):
    assert answers.NODE_SET.read(text, None, CTX).value == []


def test_a_clause_about_other_nodes_after_the_list():
    text = "Nodes 3, 5 and 8, and nodes 0 and 2 are each adjacent to one of them."
    assert answers.NODE_SET.read(text, None, CTX).value == [3, 5, 8]
    # "also" adds to the list
    assert answers.NODE_SET.read("Nodes 3 and 5, and node 8 is also in the set.", None,
                                 CTX).value != [3, 5]


BIPARTITE = "Is the graph bipartite?"
PATH = "Is there a path between node 2 and node 9?"


@pytest.mark.parametrize(("text", "question", "expected"), [
    ("The graph is bipartite — colouring it in two colours never puts two adjacent nodes "
     "in the same class.", BIPARTITE, True),
    ("The graph is not bipartite — the cycle 0-1-2 is odd.", BIPARTITE, False),
    ("Node 2 can reach node 9 — there is no dead end on the route 2-4-9.", PATH, True),
    ("The graph is connected — every node is reachable from node 0, none is isolated.",
     "Is the graph connected?", True),
    # a dash after no claim explains nothing: the clause after it is weighed as usual
    ("Checked all twelve edges — the graph is not bipartite.", BIPARTITE, False),
])
def test_a_claim_then_its_reason_after_a_dash(text, question, expected):
    assert answers.BOOL.read(text, None, Context(question, 12)).value is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Nodes 2 and 9 are not connected; node 2 lies in the component {1, 2, 7} while node 9 "
     "belongs to {0, 9}.", False),
    ("Nodes 2 and 9 are connected, since node 2 sits next to 4 and node 9 hangs off 4 too.",
     True),
    ("There is no path between 2 and 9: node 2's component is {1, 2, 7}, node 9's is {0, 9}.",
     False),
])
def test_a_clause_that_only_places_the_asked_nodes_is_no_claim(text, expected):
    assert answers.BOOL.read(text, None, Context(PATH, 12)).value is expected


def test_an_elided_list_inside_an_aside_keeps_the_answer():
    q = "Does the graph have an Euler circuit?"
    text = ("Every node has even degree (2, 4, 2, 2, …) and the graph is connected, so it "
            "does have an Euler circuit.")
    assert answers.BOOL.read(text, None, Context(q, 12)).value is True
    # the answer list itself elided is still no answer
    assert not answers.NODE_LIST.read("The order is 0, 1, 4, …, 9.", None, CTX).ok
    assert not answers.NODE_SET.read("Nodes (0, 1, 4, …)", None, CTX).ok


@pytest.mark.parametrize("text", [
    "Node 5 is discovered from 1, node 8 from 1, node 2 from 5, and node 3 from 8.",
    "Node 5 was reached via 1; node 8 was reached via 1; node 2 was reached via 5; node 3 was "
    "reached via 8.",
])
def test_a_tree_told_child_by_child(text):
    assert answers.EDGE_SEQUENCE.read(text, None, CTX).value == [[1, 5], [1, 8], [5, 2], [8, 3]]


def test_a_walk_alone_in_its_clause_outranks_a_remark_on_another_path():
    text = "3 → 7 → 2 → 9 (cost 7); the path via 4 costs 9."
    assert answers.NODE_LIST.read(text, None, CTX).value == [3, 7, 2, 9]
    assert answers.NODE_LIST.read("3 → 7 → 9. The route through 4 is longer.", None,
                                  CTX).value == [3, 7, 9]


def test_steps_told_with_their_verbs():
    text = ("Step 1: Start at node 3.\nStep 2: From 3 go to node 7 (distance 1).\n"
            "Step 3: From 7, move to node 9 (distance 2).\nDone — reached the target.")
    assert answers.NODE_LIST.read(text, None, CTX).value == [3, 7, 9]


@pytest.mark.parametrize("text", [
    "Reachable from node 2: {4, 5, 7}, plus node 2 itself.",
    "The component is {4, 5, 7} together with 2.",
])
def test_nodes_added_right_after_a_bracketed_list(text):
    assert answers.NODE_SET.read(text, None, CTX).value == [2, 4, 5, 7]
