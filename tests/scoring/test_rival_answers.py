"""What a rival answer is: a statement, in the answer's own terms, of a value for the asked
quantity. Working about other nodes, the steps of a walkthrough, a check of the answer and
the same value in another notation are not rivals (core_blind_s13a:59/65/75,
s13b:93/94/100, s11a:71, s12a:110); the same quantity stated twice differently still is."""

from __future__ import annotations

from graphgauge.scoring import answers


def read(kind, text):
    found = kind.read(text, None, None)
    return found.value if found.ok else None


BFS_EDGES = "[(4, 0), (4, 3), (0, 1), (0, 2)]"


def test_step_sentences_about_other_nodes_are_a_walkthrough():
    text = ("Node 4 is connected to nodes 0 and 3.\nNode 0 is connected to nodes 1 and 2.\n\n"
            f"So the BFS tree edges are:\n\n{BFS_EDGES}")
    assert read(answers.EDGE_SEQUENCE, text) == [[4, 0], [4, 3], [0, 1], [0, 2]]
    steps = ("1. Visit node 4. Its neighbors are 0, 3.\n2. Visit node 0. Its neighbors are 1, 2."
             f"\n\nThe edges of the BFS tree are:\n\n{BFS_EDGES}")
    assert read(answers.EDGE_SEQUENCE, steps) == [[4, 0], [4, 3], [0, 1], [0, 2]]


def test_the_same_subject_stated_twice_differently_stays_two_answers():
    assert read(answers.INT, "The degree of node 4 is 4. It touches 0, 1, 2 and 3. "
                "The degree of node 4 is 5.") is None
    assert read(answers.INT, "It has 4 components here. Counting again, the pieces are "
                "{0, 1}, {2}, {3}, {4, 5}, {6}. It has 5 components here.") is None
    # "its" after sentences that are not parallel steps refers to the same thing
    assert read(answers.INT, "Node 3 has neighbours 1, 2, 4 and 7. Its degree is 4. Looking "
                "at the edge list once more, 9 is a neighbour too. Its degree is 5.") is None


def test_a_check_line_is_not_a_second_answer():
    text = ("Kahn's algorithm: 0 → 2 → 1 → 3\n\nCheck: 0 → 2, 1 ✓, 2 → 1 ✓, 1 → 3 ✓.\n\n"
            "Final answer: [0, 2, 1, 3]")
    assert read(answers.NODE_LIST, text) == [0, 2, 1, 3]
    assert read(answers.NODE_LIST, "Verification: 0 → 2, 1; 2 → 1; 1 → 3\n\n"
                "Final answer: [0, 2, 1, 3]") == [0, 2, 1, 3]
    # an order stated right above a different final answer is still a rival
    assert read(answers.NODE_LIST, "The order is 0 → 1 → 2 → 3.\n\n"
                "Final answer: [0, 2, 1, 3]") is None


def test_a_tour_closed_and_open_is_one_answer():
    text = "The shortest is 1 → 5 → 2 → 3 → 1 with length 17.\n\n**Answer: [1, 5, 2, 3]**"
    assert read(answers.NODE_LIST, text) == [1, 5, 2, 3]
    assert read(answers.NODE_LIST, "Minimum tour found (weight 35): 0 → 2 → 3 → 1 → 0\n\n"
                "$\\boxed{[0, 2, 3, 1]}$") == [0, 2, 3, 1]
    # another tour, or the same nodes not closed back to the start, is another answer
    assert read(answers.NODE_LIST, "The shortest is 1 → 3 → 2 → 5 → 1 with length 17.\n\n"
                "**Answer: [1, 5, 2, 3]**") is None
    assert read(answers.NODE_LIST, "The shortest is 1 → 5 → 2 → 3 → 5 with length 17.\n\n"
                "**Answer: [1, 5, 2, 3]**") is None


def test_working_about_other_nodes_than_the_answer_is_not_a_rival():
    text = ("**Neighbors of node 1:** 0, 3, 5, 9\n**Neighbors of node 6:** 2, 3, 8, 9\n\n"
            "**Final Answer:** The common neighbors of node 1 and node 6 are [3, 9]")
    assert read(answers.NODE_SET, text) == [3, 9]
    # about the same node, or an answer that does not say what it is about: a rival
    assert read(answers.NODE_SET, "The neighbors of node 6 are 2, 3, 8, 9.\n\n"
                "**Final Answer:** The neighbors of node 6 are [3, 9]") is None
    assert read(answers.NODE_SET, "Neighbors of node 6: 2, 3, 8, 9\n\n"
                "**Final Answer:** [3, 9]") is None


def test_a_walk_that_backtracks_and_visits_reads_the_edge_it_takes():
    assert read(answers.EDGE_SEQUENCE, "DFS from node 5: 5 → 3 → 1 → 6, then backtrack to 3 "
                "and visit 9.") == [[5, 3], [3, 1], [1, 6], [3, 9]]
    assert read(answers.EDGE_SEQUENCE, "DFS from node 5: 5 → 3 → 1 → 6, then backtrack to 3 "
                "and visit 9.\n\n**DFS tree edges:** [(5, 3), (3, 1), (1, 6), (3, 9)]") == [
        [5, 3], [3, 1], [1, 6], [3, 9]]
    # "take" names the edge itself: "backtrack to 0 and take 0 → 3" is (0, 3), not (0, 0)
    assert read(answers.EDGE_SEQUENCE, "0 → 1 → 4, then backtrack to 0 and take 0 → 3.") == [
        [0, 1], [1, 4], [0, 3]]
    # the walk stated with another last leg than the edge list is still a rival
    assert read(answers.EDGE_SEQUENCE, "DFS from node 5: 5 → 3 → 1 → 6, then backtrack to 3 "
                "and visit 8.\n\n**DFS tree edges:** [(5, 3), (3, 1), (1, 6), (3, 9)]") is None


COVER = "**Vertex cover:** {1, 3, 4}\n\n"


def test_a_list_given_first_then_checked_reads_the_list():
    assert read(answers.NODE_SET, COVER + "Every edge is covered: 0-1 (1), 1-2 (1), 2-3 (3), "
                "3-4 (3, 4), 4-0 (4).") == [1, 3, 4]
    assert read(answers.NODE_SET, COVER + "Check each edge:\n- (0, 1): 1 ✓\n- (1, 2): 1 ✓\n"
                "- (2, 3): 3 ✓\n- (3, 4): 3 ✓\n- (4, 0): 4 ✓") == [1, 3, 4]


def test_a_check_that_fails_or_goes_on_to_another_answer_is_still_read():
    # a failed check that concludes on a new list: the new list, as before
    assert read(answers.NODE_SET, COVER + "Check each edge:\n- (0, 1): 1 ✓\n- (4, 0): not "
                "covered ✗\n\nSo add 0: {0, 1, 3, 4}") == [0, 1, 3, 4]
    # a heading that checks an alternative is working that ends on the answer
    assert read(answers.NODE_LIST, "Greedy: 0 → 2 → 1 → 3 → 0, length 9.\n\n## Checking an "
                "alternative\n\n0 → 1 → 2 → 3 → 0: length 8. That's better.\n\n"
                "**Shortest tour: [0, 1, 2, 3]**") == [0, 1, 2, 3]


def test_a_run_of_lines_about_different_nodes_is_working():
    assert read(answers.NODE_SET, "**Neighbors of 1:** 0, 3, 5, 9\n**Neighbors of 6:** 2, 3, "
                "8, 9\n\n**Final Answer:** [3, 9]") == [3, 9]
    assert read(answers.NODE_SET, "N(1) = {0, 3, 5, 9}\nN(6) = {2, 3, 8, 9}\n\n"
                "Final answer: {3, 9}") == [3, 9]
    assert read(answers.INT, "Degree of node 1: 3\nDegree of node 2: 4\n\n"
                "Final answer: 7") == 7
    assert read(answers.INT, "Step 3: count = 5\n\nFinal answer: 6") == 6


def test_the_same_label_twice_or_other_quantities_above_an_answer_stay_rivals():
    assert read(answers.INT, "Degree of node 1: 3\nDegree of node 1: 4\n\n"
                "Final answer: 7") is None
    assert read(answers.INT, "Edges: 9\nNodes: 7\nComponents: 3\n\nFinal answer: 4") is None
    assert read(answers.INT, "There are 4 SCCs.\n\nFinal answer: 5") is None


def test_a_tour_closed_and_open_agrees_under_every_rival_rule():
    # two marked answers, a statement then a labelled line, an opening then a conclusion
    assert read(answers.NODE_LIST, "Answer: 0 → 2 → 1 → 3 → 0\n\nFinal answer: [0, 2, 1, 3]"
                ) == [0, 2, 1, 3]
    assert read(answers.NODE_LIST, "The optimal tour is 0 → 2 → 1 → 3 → 0 with total weight "
                "14.\n\nTour: [0, 2, 1, 3]") == [0, 2, 1, 3]
    assert read(answers.NODE_LIST, "The answer is 0 → 2 → 1 → 3 → 0.\n\n"
                "So the answer is [0, 2, 1, 3].") == [0, 2, 1, 3]
    # another tour, or a closed tour missing a node, differs
    assert read(answers.NODE_LIST, "Answer: 0 → 3 → 1 → 2 → 0\n\nFinal answer: [0, 2, 1, 3]"
                ) is None
    assert read(answers.NODE_LIST, "The optimal tour is 0 → 2 → 1 → 0 with total weight "
                "14.\n\nTour: [0, 2, 1, 3]") is None


def test_a_set_restated_in_another_order_is_one_answer():
    text = "The best-connected nodes are 3, 0, 5 and 1.\n\n$$\\boxed{[0, 1, 3, 5]}$$"
    assert read(answers.NODE_SET, text) == [0, 1, 3, 5]
    assert read(answers.EDGE_SET, "The bridges are (3, 4) and (0, 1).\n\n"
                "**Answer:** [(0, 1), (3, 4)]") == [[0, 1], [3, 4]]
    # a path in another order is another path; a set with other items another set
    assert read(answers.NODE_LIST, "The path is 3, 0, 5 and 1.\n\n$$\\boxed{[0, 1, 3, 5]}$$"
                ) is None
    assert read(answers.NODE_SET, "The best-connected nodes are 3, 0 and 5.\n\n"
                "$$\\boxed{[0, 1, 3, 5]}$$") is None


def test_a_walk_above_a_count_states_no_count():
    assert read(answers.INT, "So the longest shortest path is 3 → 0 → 5 → 1 → 8, which has 4 "
                "edges.\n\nThe diameter of the graph is $\\boxed{4}$.") == 4
    assert read(answers.INT, "So the diameter is 3.\n\n"
                "The diameter of the graph is $\\boxed{4}$.") is None


WORKING = "\n\nFrom the list:\n- 4 and 1 are connected.\n- 2 and 4 are connected.\n\n"


def test_an_opening_that_defines_the_asked_quantity_by_its_own_node_is_no_answer():
    assert read(answers.NODE_SET, "The neighbors of node 4 are the nodes adjacent to node 4."
                + WORKING + "So the neighbors of node 4 are [1, 2].") == [1, 2]
    # an opening that names other nodes is a first answer, and the closing a second
    assert read(answers.NODE_SET, "The neighbors of node 4 are 1 and 3." + WORKING
                + "So the neighbors of node 4 are [1, 2].") is None
    assert read(answers.NODE_SET, "The neighbors of node 4 are 4 and 1." + WORKING
                + "So the neighbors of node 4 are [1, 2].") is None


def test_working_headed_as_a_check_without_a_tick_is_not_set_aside():
    # no answer above it and no check that passes: the working's own last value stands
    # as before (it is not cut for the fact above it)
    text = "The graph has 5 nodes and 6 edges.\n\nChecking each node's degree: 0: 2, 1: 3, 2: 4"
    assert read(answers.INT, text) not in (5, 6)
