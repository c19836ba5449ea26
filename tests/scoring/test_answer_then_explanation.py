"""An answer committed, then explained (issue #15, blind batches core_blind_s16b / s17a):
the explanation names other values (a property of the answer, a quantity of another kind,
a sub-step, an example node), and those are no answer and no rival; a correction, a new
marker or a restatement of the whole answer after it still is."""

from __future__ import annotations

import pytest

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


def test_a_label_the_working_fills_in_step_after_step_is_no_rival_to_the_final_answer():
    # (s16b:73: Kahn's "New nodes with in-degree 0: ..." lines against "The final answer is")
    text = ("Repeatedly take the nodes with no incoming edges.\nRemovable now: 0, 4\n"
            "Removable now: 1, 2\nRemovable now: 3\n\nThe final answer is: [0, 4, 1, 2, 3]")
    assert read(answers.NODE_LIST, text) == [0, 4, 1, 2, 3]
    text = ("Pass 1 drops 0 and 4.\nRemovable now: 0, 4\nPass 2 drops 1 and 2.\nRemovable "
            "now: 1, 2, 3\n\nThe final answer is: [0, 4, 1, 2, 3]")
    assert read(answers.NODE_LIST, text) == [0, 4, 1, 2, 3]


def test_one_statement_of_another_order_before_the_final_answer_stays_a_rival():
    assert read(answers.NODE_LIST, "Order found: 0, 4, 2, 1, 3\n\nThe final answer is: "
                "[0, 4, 1, 2, 3]") is None


def test_a_json_answer_given_first_keeps_its_value_over_the_prose_explaining_it():
    # (s17a:28: a JSON block, then "... and finally 2 from 9 and 0 from 6" read as edges)
    assert read(answers.EDGE_SEQUENCE, '```json\n{"tree_edges": [[2, 0], [2, 5], [0, 3], '
                '[5, 1]]}\n```\n\nStarting at 2, its neighbours 0 and 5 come first, and '
                "finally 3 from 0 and 1 from 5.") == [[2, 0], [2, 5], [0, 3], [5, 1]]
    assert read(answers.INT, '```json\n{"bridges": 2}\n```\n\nRemoving the edge between 3 '
                "and 6 or the one between 6 and 9 disconnects the graph; all 11 other edges "
                "lie on cycles.") == 2
    assert read(answers.NODE_SET, '```json\n{"center": [3]}\n```\n\nNode 3 has eccentricity '
                "2, the smallest; nodes 1 and 8 come next with 3.") == [3]

def test_prose_after_a_json_answer_that_corrects_or_concludes_is_still_weighed():
    assert read(answers.NODE_LIST, '```json\n{"path": [0, 4, 7]}\n```\n\nActually, 4-7 is '
                "not an edge, so the path is 0 → 5 → 7.") == [0, 5, 7]
    assert read(answers.NODE_LIST, '```json\n{"path": [0, 4, 7]}\n```\n\nSo the shortest '
                "path is 0 → 5 → 7.") != [0, 4, 7]


def test_of_candidates_marked_works_or_fails_the_one_that_works_is_the_answer():
    # (a failed candidate is no answer: this read [0, 0], the first id of each line)
    assert read(answers.NODE_LIST, "1. **[4, 1, 0, 2]** fails because 1-0 is missing.\n"
                "2. **[4, 2, 0, 1]** works.") == [4, 2, 0, 1]
    assert read(answers.NODE_LIST, "- 5 → 0 → 3 → 6: valid\n- 5 → 3 → 0 → 6: invalid, no "
                "edge 3-0") == [5, 0, 3, 6]
    assert read(answers.EDGE_SEQUENCE, "1. [1, 2, 0, 3] works.\n2. [1, 0, 2, 3] fails: 1-0 "
                "is missing.") == [[1, 2], [2, 0], [0, 3]]


def test_candidates_that_all_fail_or_several_that_work_commit_to_nothing():
    assert read(answers.NODE_LIST, "1. [4, 1, 0, 2] fails.\n2. [4, 2, 0, 1] fails because "
                "2-0 is missing.") is None
    assert read(answers.NODE_LIST, "1. [4, 1, 0, 2] works.\n2. [4, 2, 0, 1] works "
                "too.") is None
    # a check of the answer's edges one by one is no list of candidates
    assert read(answers.NODE_LIST, "Path: [4, 1, 0, 2]\n\n- (4, 1): valid\n- (1, 0): "
                "valid") == [4, 1, 0, 2]


def test_a_walk_told_in_words_and_then_pointed_at_reads_as_the_walk():
    assert read(answers.NODE_LIST, "Starting at 2, go to 5, then 0, then 4.\n\nSo the path "
                "is as listed.") == [2, 5, 0, 4]


def test_a_pair_of_nodes_in_the_explanation_is_no_number_stated_against_the_answer():
    assert read(answers.INT, "**Diameter: 4**\n\nThe farthest pair is 0 and 8, at distance "
                "4; most pairs are within 2.") == 4
    assert read(answers.INT, "**Components: 2**\n\nThe isolated pair is 4 and 9; the other 8 "
                "nodes form one piece.") == 2
    # the same quantity stated again, differently, is still a second answer
    assert read(answers.INT, "**Diameter: 4**\n\nThe longest shortest path, between 0 and 8, "
                "has length 5.") is None


def test_a_list_alone_first_keeps_its_value_over_an_item_the_explanation_names():
    assert read(answers.EDGE_SET, "[(0, 2), (1, 6), (2, 3)]\n\nNode 3 is only covered by "
                "(2, 3).") == [[0, 2], [1, 6], [2, 3]]
    # an end of another shape (edges named under a node list) is no rival
    assert read(answers.NODE_SET, "Neighbours of 3: [1, 5, 8]\n\nThe edges (3, 1), (3, 5) "
                "and (8, 3) are in the list; 3-7 is not.") == [1, 5, 8]


def test_the_whole_list_stated_again_after_a_bare_list_still_replaces_it():
    assert read(answers.NODE_LIST, "[0, 1, 2]\n\nThe BFS order is 0, 2, 1.") == [0, 2, 1]
    assert read(answers.EDGE_SET, "[(0, 2), (1, 6)]\n\nThe cover is (0, 2), (1, 6), "
                "(2, 3).") == [[0, 2], [1, 6], [2, 3]]
    assert read(answers.NODE_LIST, "[3, 1]\n\nWait, the path is 3 -> 4 -> 1.") == [3, 4, 1]


def test_another_number_of_the_same_node_is_no_second_statement_of_the_answer():
    assert read(answers.FLOAT, "The clustering coefficient of node 3 is 0.5.\n\nNode 3 has 4 "
                "neighbours and 3 of the 6 pairs among them are linked.") == 0.5
    assert read(answers.FLOAT, "The clustering coefficient of node 3 is 0.5.\n\nThe "
                "clustering coefficient of node 3 is 0.25.") is None


# --- a long list given first, then a walk retraced in the explanation -------------------------

_WALK = [(i, i + 1) for i in range(20)] + [(3, 21), (21, 22), (22, 23)]
_LIST = "[" + ", ".join(f"({a}, {b})" for a, b in _WALK) + "]"
_RETRACED = ("\n\nThe DFS runs down the chain 0 → 1 → 2 → … → 20, then backtracks to 3 and ends"
             " with 21 → 22 → 23.")


@pytest.mark.parametrize("text", [_LIST + _RETRACED, "DFS edge order: " + _LIST + _RETRACED])
def test_a_long_list_given_first_outranks_the_walk_its_explanation_retraces(text):
    assert read(answers.EDGE_SEQUENCE, text, nodes=30) == [list(e) for e in _WALK]


def test_a_long_list_given_first_is_still_replaced_by_a_correction():
    text = (_LIST + "\n\nWait, I mis-ordered the end: the DFS ends 20 → 19, so the"
            " traversal is [(0, 1), (1, 2), (2, 3)].")
    assert read(answers.EDGE_SEQUENCE, text, nodes=30) == [[0, 1], [1, 2], [2, 3]]


def test_either_or_splitting_every_member_of_a_class_is_a_reason_not_a_hedge():
    # (s18a:44: "every node of the graph is either in the set or adjacent to one of them")
    assert read(answers.NODE_SET, "{1, 4, 9}\n\nThe three are needed, and each "
                "vertex is either in the set or has a neighbour in it.") == [1, 4, 9]
    assert read(answers.INT, "There are 6 back edges. Every non-tree edge is either a back "
                "edge or a cross edge here.") == 6
    assert read(answers.EDGE_SET, "Bridges: (2, 3), (3, 7). Each of the other edges is either "
                "on a cycle or parallel to one.") == [[2, 3], [3, 7]]


def test_either_or_between_values_still_hedges():
    assert read(answers.INT, "Every count I try gives either 4 or 5 components.") is None
    assert read(answers.NODE_SET, "The centre is either node 2 or node 6.") is None
    assert read(answers.NODE_SET, "The centre is either {2} or {2, 6}; each one fits.") is None


def test_every_node_pointing_back_at_the_answer_is_no_all_nodes_answer():
    assert read(answers.NODE_SET, "[3, 8, 10]\n\nEvery node of the graph is in the set or "
                "adjacent to one of them.") == [3, 8, 10]
    assert read(answers.NODE_SET, "The vertex cover is {0, 2}: every edge touches one of "
                "these, and all vertices are covered by those.", nodes=5) == [0, 2]


def test_all_nodes_as_the_answer_still_reads():
    assert read(answers.NODE_SET, "Answer: all nodes.", nodes=4) == [0, 1, 2, 3]
    assert read(answers.NODE_SET, "Every node is reachable from 0, so the answer is all "
                "nodes.", nodes=3) == [0, 1, 2]
    assert read(answers.NODE_SET, "All nodes except 2 are in the set.", nodes=4) == [0, 1, 3]


def test_an_eccentricity_beside_the_nodes_that_have_it_is_no_node():
    # (s18b:55 "Max eccentricity = 4, at nodes 1, 5, 7." then "Answer: [1, 5, 7]"; s18a:116
    # "The smallest eccentricity is 2, at node C." then a boxed [C])
    assert read(answers.NODE_SET, "Largest eccentricity = 5, reached at nodes 0, 3, 8.\n\n"
                "Answer: [0, 3, 8]") == [0, 3, 8]
    assert read(answers.NODE_SET, "The least eccentricity is 3, at node 6.\n\nSo the centre "
                r"is $\boxed{\{6\}}$.") == [6]
    assert read(answers.NODE_SET, "The radius is 2, attained at nodes 4 and 9.") == [4, 9]


def test_the_nodes_named_by_their_eccentricity_still_read():
    assert read(answers.NODE_SET, "The node with the smallest eccentricity is 3.") == [3]
    assert read(answers.NODE_SET, "The nodes of largest eccentricity are 2 and 6.") == [2, 6]
    assert read(answers.NODE_SET, "Periphery: 2, 6 (eccentricity 4 each).") == [2, 6]
    assert read(answers.NODE_SET, "Nodes with the largest eccentricity: 1 (ecc 4), 7 "
                "(ecc 4).") == [1, 7]
    assert read(answers.NODE_SET, "Vertices of maximum degree: 3, 5.") == [3, 5]


def test_a_bold_answer_given_first_outranks_bold_node_labels_of_its_steps():
    # (s18b:70: "is **[3, 6, 5, 1]**." then "1. **Node 3** is only connected to node 6")
    assert read(answers.NODE_LIST, "The cheapest route from 2 to 8 is **[2, 4, 8]**.\n\n"
                "1. **Node 2** links only to node 4 (weight 3).\n2. **Node 4** reaches "
                "node 8 with weight 1.") == [2, 4, 8]
    assert read(answers.INT, "The diameter is **4**.\n\n1. **Node 0** needs 4 hops to reach "
                "node 9.\n2. **Node 9** is the farthest from it.") == 4


def test_a_bold_value_in_the_last_step_that_states_it_still_answers():
    assert read(answers.NODE_LIST, "Start at **2**.\n\n1. From 2 go to 4.\n2. So the path is "
                "**[2, 4, 8]**.") == [2, 4, 8]
    assert read(answers.NODE_LIST, "We begin at **2**.\n\n1. **2** → 4\n2. **4** → 8\n\n"
                "Path: 2 → 4 → 8") == [2, 4, 8]


def test_a_final_walk_stated_with_the_sum_of_its_weights_is_the_answer():
    # (s18b:64: "is 8 -> 2 -> 15 -> 5 with a total weight of 3 + 2 + 3 = 8" lost to a
    # bullet list of neighbours above it)
    text = ("From node 4 the neighbours are:\n- Node 1 with weight 2\n- Node 7 with weight 5\n"
            "- Node 9 with weight 1\n\nFrom node 1 we reach node 6 with weight 2.\n\n"
            "The shortest path from node 4 to node 6 is 4 -> 1 -> 6, total 2 + 2 = 4.")
    assert read(answers.NODE_LIST, text) == [4, 1, 6]
    assert read(answers.NODE_LIST, "Going 0 → 3 first.\n\nThe cheapest route is: 0 → 2 → 5 "
                "→ 6 (weight 1 + 1 + 2 = 4).") == [0, 2, 5, 6]


def test_a_walk_set_aside_with_its_cost_stays_out():
    assert read(answers.NODE_LIST, "**Path:** 7 → 4 → 5\n\n**Weight:** 3 + 2 = 5\n\nThe "
                "other route, 7 → 1 → 5, costs 4 + 6 = 10.") == [7, 4, 5]


def test_none_in_words_closing_bare_text_outranks_the_cycles_of_its_reasoning():
    # (s18b:81: "the cycle 2 → 16 → 7 → 2 ... Therefore, there are no bridges in the graph.")
    text = ("The edge (0, 3) lies on the cycle 0 → 3 → 5 → 0, and (1, 4) on 1 → 4 → 6 → 1.\n\n"
            "Since every edge lies on a cycle, deleting one never disconnects the graph.\n\n"
            "Hence there are no bridges in this graph.")
    assert read(answers.EDGE_SET, text) == []
    assert read(answers.EDGE_SET, "Each of 2-5, 5-7 and 7-2 closes a triangle.\nSo the graph "
                "has no bridges.") == []


def test_a_closing_remark_on_the_edges_named_is_no_empty_answer():
    assert read(answers.EDGE_SET, "The matching is:\n\n[(0, 4), (2, 7), (3, 5)]\n\nNo two "
                "edges share a node.") == [[0, 4], [2, 7], [3, 5]]
    assert read(answers.EDGE_SET, "Bridges: (1, 2), (4, 9)\nThere are no other bridges.") == [
        [1, 2], [4, 9]]


def test_a_bold_node_announcing_the_steps_yields_to_a_list_under_a_bold_label_heading():
    # (s18a:95: "Starting DFS at **A** and reading ...:" then "**DFS tree edges:**" and the
    # bracketed list on the next line)
    text = ("Running BFS from **3**, visiting neighbours in increasing order:\n\n1. 3 → 1\n"
            "2. 3 → 4\n3. 1 → 0\n\n**BFS tree edges:**\n\n[(3, 1), (3, 4), (1, 0)]")
    assert read(answers.EDGE_SEQUENCE, text) == [[3, 1], [3, 4], [1, 0]]
    assert read(answers.EDGE_SEQUENCE, text.replace("**BFS tree edges:**",
                                                    "**BFS tree edges**:")) == [
        [3, 1], [3, 4], [1, 0]]


def test_a_list_under_a_bold_heading_of_the_working_is_no_closing_answer():
    text = ("Running BFS from **3**, visiting neighbours in increasing order:\n\n"
            "**Step 2:**\n\n[(3, 1), (3, 4)]")
    assert read(answers.EDGE_SEQUENCE, text) is None


def test_only_when_on_a_fact_of_a_bracketed_aside_does_not_hedge_the_answer():
    # (s18a:114: "≈ 0.01\n\n(F ... lies between its two neighbours only when no alternative
    # route of equal length exists, contributing about 2.4 ... = 253 pairs.)")
    assert read(answers.FLOAT, "Closeness of node 4 ≈ 0.42\n\n(Node 4 reaches node 9 in two "
                "hops only when the edge 4-7 is used, adding about 2 to its 19 distances.)"
                ) == 0.42
    assert read(answers.INT, "The graph has 3 triangles (node 5 closes one only if we "
                "count the edge 5-6 listed twice; it is one edge).") == 3


def test_only_if_on_the_answer_still_hedges():
    assert read(answers.INT, "There are 3 triangles, but only if edge 5-6 counts.") is None
    assert read(answers.BOOL, "It's a tree only if the list is complete, and I may have "
                "missed edges.") is None
