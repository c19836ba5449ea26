"""GraphARC reading rules added after the s3 to s6 blind batches
(tests/data/answers/arc_blind_s3.jsonl ... arc_blind_s6.jsonl), each pinned on hand-written
text that is not in the corpus."""

from __future__ import annotations

import time

import pytest

from graphgauge.suites.arc.parse import Context, node_link_of, read_answer


def reading(text: str, context: Context | None = None):
    found = read_answer(text, context or Context(paint="blue"))
    assert found is not None
    link = node_link_of(found)
    return ({n["id"] for n in link["nodes"]},
            {(e["source"], e["target"]) for e in link["edges"]},
            {n["id"]: n["color"] for n in link["nodes"] if n["color"] != "grey"})


@pytest.mark.parametrize(("text", "colours"), [
    # a verbless run of "ids colour" pairs after a colon, or opening a line
    ("Edges: 0-1, 1-2, 2-3. Colours kept from the input: 0, 3 red; 2 orange.",
     {0: "red", 3: "red", 2: "orange"}),
    ("edges 0-1 1-2 2-3, final: 1 2 green, 3 orange", {1: "green", 2: "green", 3: "orange"}),
    ("Edges: (0,1) (1,2) (2,3)\n0 red, 1 red, 2 blue, 3 blue",
     {0: "red", 1: "red", 2: "blue", 3: "blue"}),
])
def test_verbless_id_colour_pairs(text, colours):
    assert reading(text)[2] == colours


def test_a_range_in_the_coloured_list_takes_the_annotation_after_it():
    text = ("The edges in G are: (0,1) (1,2) (2,3) (3,4). "
            "The following nodes are colored: 1-3 (red).")
    assert reading(text)[2] == {1: "red", 2: "red", 3: "red"}


@pytest.mark.parametrize("text", [
    "Red side: {0, 2}\nBlue side: {1, 3}\nEdges: 0-1, 1-2, 2-3",
    "Edges: 0-1, 1-2, 2-3. Blue set = 1, 3; red set = 0, 2.",
])
def test_named_sides_of_a_two_colouring(text):
    assert reading(text)[2] == {0: "red", 1: "blue", 2: "red", 3: "blue"}


def test_a_colour_given_instead_of_another_node_takes_it_from_that_node():
    text = ("<answer>Edges: (0,1) (1,2) (2,3). Red nodes: 1.</answer>\n"
            "Correction: node 2 turns red rather than node 1.")
    assert reading(text)[2] == {2: "red"}


def test_isolated_nodes_named_in_prose_are_nodes():
    assert reading("Edges: 2-3, 3-4. Node 0 and node 1 remain isolated.")[0] == {0, 1, 2, 3, 4}
    assert reading("Edges: 2-3. Isolated nodes: 0, 5.")[0] == {0, 2, 3, 5}


def test_nodes_of_some_degree_in_the_reasoning_are_not_the_node_list():
    text = "Degree 1 nodes: 0, 7.\nRemove them.\nNodes: 1, 2, 3\nEdges: (1,2) (2,3)"
    assert reading(text)[0] == {1, 2, 3}


def test_colour_statements_after_a_json_graph_add_to_its_colours():
    text = ('{"nodes": [0, 1, 2], "edges": [[0, 1], [1, 2]], "colored": [1]}\n'
            "Node 2 keeps its orange colour; node 0 stays grey.")
    assert reading(text, Context(paint="red")) == ({0, 1, 2}, {(0, 1), (1, 2)},
                                                   {1: "red", 2: "orange"})


def test_a_json_graph_with_a_plain_explanation_after_it_is_read_as_before():
    text = ('{"nodes": [0, 1, 2], "edges": [[0, 1]], "colors": {"2": "blue"}}\n'
            "Node 2 has no neighbours, which is why it was chosen.")
    assert reading(text) == ({0, 1, 2}, {(0, 1)}, {2: "blue"})


def test_colours_given_by_the_marker_sentence_belong_to_a_colourless_graph_statement():
    text = ("Applying the rule.\nThe final answer is the input graph with node 1 red and "
            "node 2 blue.\nG describes a graph among nodes 0, 1, 2. The edges in G are: (0,1) "
            "(1,2).")
    assert reading(text)[2] == {1: "red", 2: "blue"}
    # a statement that has its own colour sentence keeps it alone
    text = ("The answer is: node 1 red.\nG describes a graph among nodes 0, 1, 2. The edges in "
            "G are: (0,1) (1,2). The following nodes are colored: 2 (blue).")
    assert reading(text)[2] == {2: "blue"}


@pytest.mark.parametrize("text", [
    "Colours: " + "0 1 2 3 4 5 6 7 8 9 " * 5000 + "blue",
    "answer: " + "1 blue, " * 20000,
    "Degree 1 nodes: 0, 1.\n" * 5000 + "Edges: (1,2)",
    "nodes 0 and 2 stay isolated. " * 5000,
    '{"nodes": [0, 1], "edges": [[0, 1]]}\n' + "Node 0 keeps its orange colour. " * 5000,
    "The answer is the graph with node 1 red" + " and node 2 blue" * 5000 + ".\nG describes a "
    "graph among nodes 0, 1, 2. The edges in G are: (0,1).",
    "Blue side: {" + "1, " * 30000 + "2}",
], ids=lambda text: text[:24])
def test_the_new_rules_stay_linear_on_hostile_text(text):
    start = time.process_time()
    found = read_answer(text, Context(paint="blue"))
    if found is not None:
        node_link_of(found)
    assert time.process_time() - start < 1.0


# --- rules added after the s4 blind batch (tests/data/answers/arc_blind_s4.jsonl) ---------

@pytest.mark.parametrize("text", [
    "Result: nodes 0-3, edges 0-1, 1-2, 2-3; colours 0 red, 1 blue, 2 red, 3 blue.",
    "Edges 0-1 1-2 2-3. Colors 0 red, 2 red and 1 blue, 3 blue",
])
def test_id_colour_pairs_after_the_word_colours_without_a_colon(text):
    assert reading(text)[2] == {0: "red", 1: "blue", 2: "red", 3: "blue"}


@pytest.mark.parametrize("text", [
    # doubt after the tagged answer that puts another colouring beside it
    "<answer>G describes a graph among nodes 0, 1, 2. The edges in G are: (0,1) (1,2). The "
    "following nodes are colored: 0 (blue), 2 (blue).</answer>\nNot sure about this one: node 1 "
    "might also be blue.",
    "<answer>Nodes: 0, 1, 2\nEdges: 0-1, 1-2\nBlue: 2</answer>\nI'm uncertain - node 0 could "
    "equally be the blue one.",
    "<answer>Nodes: 0, 1, 2\nEdges: 0-1, 1-2\nBlue: 0, 2</answer>\nI'm not 100% sure; perhaps "
    "node 1 should be blue as well.",
    "<answer>Nodes: 0, 1, 2\nEdges: 0-1, 1-2\nBlue: 0, 2</answer>\nNot certain: an alternative "
    "reading colours node 1 instead.",
    # doubt about the rule, then two branches
    "I'm unsure which rule the examples follow. If it's the leaves, nodes 0 and 2 are blue; "
    "if it's the centre, node 1 is blue. The edges stay (0,1) (1,2).",
])
def test_doubt_that_offers_another_output_is_no_answer(text):
    assert read_answer(text, Context(paint="blue")) is None


def test_doubt_without_another_output_keeps_the_answer():
    text = ("<answer>Nodes: 0, 1, 2\nEdges: 0-1, 1-2\nBlue: 0, 2</answer>\nI'm not fully sure of "
            "the rule, but both examples colour the leaves.")
    assert reading(text)[2] == {0: "blue", 2: "blue"}


def test_two_rule_branches_without_doubt_explain_the_rule():
    text = ("If a node has one neighbour it turns blue; if it has more it stays grey.\n"
            "Edges: 0-1, 1-2. Blue: 0, 2.")
    assert reading(text)[2] == {0: "blue", 2: "blue"}


@pytest.mark.parametrize("text", [
    "Nodes 1 and 4 are the leaves, so they go. The remaining edges are: (0,2) (2,3) (3,5)",
    "So the answer keeps nodes 0-3. Its edges: (0,1) (1,2)",
])
def test_an_edge_list_sentence_ending_the_text_unfinished_is_cut_off(text):
    assert read_answer(text, Context(paint="blue")) is None


@pytest.mark.parametrize("text", [
    "Output edges: (0,1) (1,2)",  # a terse answer, no sentence before it
    "The leaves go.\nEdges: (0,2) (2,3) (3,5)",  # a line of its own
    "The leaves go. The remaining edges are: (0,2) (2,3) (3,5).",  # finished
])
def test_an_edge_list_that_ends_a_terse_or_finished_answer_is_read(text):
    assert reading(text)[1]


def test_doubt_settled_by_a_conclusion_keeps_the_answer():
    text = ("Not sure whether node 1 might also be blue; it has two neighbours, so no.\n"
            "Edges: 0-1, 1-2. Blue: 0, 2.")
    assert reading(text)[2] == {0: "blue", 2: "blue"}


def test_an_explanation_cut_off_after_a_closed_answer_voids_nothing():
    text = ("<answer>Nodes: 0, 2, 3\nEdges: 0-2, 2-3</answer>\nI removed the leaves 1 and 4. "
            "The remaining edges are: (0,2) (2,3)")
    assert reading(text)[1] == {(0, 2), (2, 3)}


# --- rules added after the s5 blind batch (tests/data/answers/arc_blind_s5.jsonl) ---------

@pytest.mark.parametrize("text", [
    "Node 2's neighbours are 1 and 4, so those turn blue.\n<answer></answer>",
    "<answer>\n\n</answer>\nThe leaves are 3 and 5.",  # an explanation, no graph after it
])
def test_an_empty_answer_tag_is_no_answer(text):
    assert read_answer(text, Context(paint="blue")) is None


def test_a_graph_after_an_empty_tag_still_counts():
    text = "<answer></answer>\nSorry, the tag came out empty. Output: Edges: 0-1, 1-2. Blue: 2."
    assert reading(text)[2] == {2: "blue"}


def test_a_table_cut_off_inside_its_last_row_is_no_answer():
    cut = "Edges stay: 0-1, 1-2, 2-3.\n\n| id | colour |\n|---|---|\n| 0 | red |\n| 1 | re"
    assert read_answer(cut, Context(paint="red")) is None
    finished = cut + "d |\n| 2 | red |"
    assert reading(finished, Context(paint="red"))[2] == {0: "red", 1: "red", 2: "red"}


@pytest.mark.parametrize("text", [
    "Is node 5 meant to keep its orange colour? Nodes 2 and 3 are blue either way, but please "
    "confirm that first.",
    "Do the blue nodes count as neighbours here? I'd like to clarify before giving the "
    "output graph.",
])
def test_a_question_back_that_defers_the_output_is_no_answer(text):
    assert read_answer(text, Context(paint="blue")) is None


def test_a_question_answered_in_the_text_is_not_deferral():
    text = ("Does node 4 stay grey? Yes, it has three neighbours. Output: edges 0-4, 1-4. "
            "Blue nodes: 0, 1.")
    assert reading(text)[2] == {0: "blue", 1: "blue"}


def test_a_between_list_goes_on_after_its_first_pair():
    text = ("Output: there are edges between 2 and 6, between 6 and 7; and between node 3 and "
            "node 7. Node 6 is blue.")
    assert reading(text)[1] == {(2, 6), (6, 7), (3, 7)}


def test_colour_pairs_pointing_with_arrows():
    text = "Nodes: 0-4\nEdges: 0-1, 1-2, 2-3, 3-4\nColours: 1, 3 → red; 0, 2, 4 -> blue"
    assert reading(text, Context())[2] == {1: "red", 3: "red", 0: "blue", 2: "blue", 4: "blue"}


@pytest.mark.parametrize("text", [
    "All four nodes have degree 1, so they all go.\n<answer>\nG describes a graph among nodes . "
    "G has no edges. No nodes are colored.\n</answer>",
    "Each node is removed; the resulting graph is empty.",
    "Final answer: an empty graph",
])
def test_the_empty_output_graph_is_an_answer(text):
    assert reading(text, Context()) == (set(), set(), {})


@pytest.mark.parametrize("text", [
    "If node 2 had degree 1 too, the output graph is empty. It has degree 2",
    "Could the output graph be empty? Not sure.",
    "<answer>\nG describes a graph among nodes . G has no edges. No nodes",
])
def test_an_empty_graph_only_supposed_asked_or_cut_off_is_no_answer(text):
    assert read_answer(text, Context()) is None


# --- rules added after the s6 blind batch (tests/data/answers/arc_blind_s6.jsonl) ---------

_G = ("G describes a graph among nodes 0, 1, 2, 3. The edges in G are: (0,1) (1,2) (2,3). "
      "The following nodes are colored: 3 (blue).")
_H = ("G describes a graph among nodes 0, 1, 2. The edges in G are: (0,1) (1,2). "
      "The following nodes are colored: 2 (blue).")


@pytest.mark.parametrize("text", [
    # doubt about one edge or node that offers the output it would lead to
    f"<answer>{_G}</answer>\n\nNot sure about (2,3): if the rule removes bridges, it should "
    "go too, and the output would be (0,1) (1,2).",
    f"{_G}\n\nI'm unsure whether node 0 counts; under the other reading it should be blue as "
    "well.",
])
def test_doubt_offering_a_conditional_output_is_no_answer(text):
    assert read_answer(text, Context(paint="blue")) is None


def test_doubt_settled_by_a_stated_output_still_commits():
    text = (f"Not sure about (2,3) at first, but it stays.\n\nFinal output: {_G}")
    assert reading(text)[1] == {(0, 1), (1, 2), (2, 3)}


@pytest.mark.parametrize(("text", "nodes"), [
    (f"Option 1 (keep ids): {_G}\nOption 2 (renumber): {_H}\n\nSince the examples keep ids, "
     "Option 1 is the correct one.", {0, 1, 2, 3}),
    (f"Option 1: {_H}\nOption 2: {_G}\n\nThe examples renumber, so option 1 is the correct "
     "one.", {0, 1, 2}),
    (f"Option 1: {_H}\nOption 2: {_G}\n\nOption 2 is the correct one.", {0, 1, 2, 3}),
])
def test_the_option_chosen_after_labelled_options_is_the_answer(text, nodes):
    assert reading(text)[0] == nodes


@pytest.mark.parametrize("text", [
    # a graph the text puts forward commits, however unsure it says it is (the grading
    # rule's no-answers are hedges between answers, not low confidence)
    f"I'm not confident, but here is the output: {_G}",
    f"Probably this: {_G}",
    f"<answer>{_G}</answer>\n\nI'm not confident about this one.",
])
def test_a_graph_put_forward_with_low_confidence_commits(text):
    assert reading(text)[2] == {3: "blue"}


@pytest.mark.parametrize("text", [
    # a graph only raised as a possibility, or a part of it only asked about
    f"Maybe: {_G}",
    # offered as a guess: no answer, as "My best guess is 5" is for a number
    f"My best guess: {_G}",
    f"If I had to guess: {_G}",
    f"It might be this one: {_G}",
    "G describes a graph among nodes 0, 1, 2. The edges in G are: (0,1) (1,2). Perhaps the "
    "following nodes are colored: 2 (blue)?",
])
def test_a_graph_only_raised_as_a_possibility_is_no_answer(text):
    assert read_answer(text, Context(paint="blue")) is None


# --- rules added after the suite8 realistic blind batch (arc_blind_s8.jsonl) ---------------

_OUT = ("The rule paints nodes of degree 1 blue.\n\nOutput:\nG describes a graph among nodes "
        "0, 1, 2, 3. The edges in G are: (0,1) (1,2) (2,3). The following nodes are colored: "
        "0 (blue), 3 (blue).")


@pytest.mark.parametrize("closing", [
    # a remark in the first person about how the answer was made leaves it standing
    "I applied the rule to each node of the test graph.",
    "I used that rule on every node.",
    "I've kept the input's edges unchanged.",
    "So I applied it.",
])
def test_a_first_person_remark_about_the_method_after_the_graph_commits(closing):
    assert reading(_OUT + "\n\n" + closing)[2] == {0: "blue", 3: "blue"}


@pytest.mark.parametrize("closing", [
    # a doubt, an admission or a plan in the first person still takes it back
    "I applied the rule, but I may have missed a node.",
    "I applied the rule to the wrong input.",
    "I will apply the rule to node 2 next.",
    "I guessed the colours of the leaves.",
])
def test_a_first_person_doubt_or_plan_after_the_graph_is_no_answer(closing):
    assert read_answer(_OUT + "\n\n" + closing, Context(paint="blue")) is None


_LISTED = ("Applying the rule to the test input gives:\n\nNodes: 0, 1, 2, 3\n"
           "Edges: (0,1), (1,2), (2,3)\nColored nodes: 0 (blue), 3 (blue)")


@pytest.mark.parametrize("closing", [
    # an answer marker that only points back at the graph written above it
    "Therefore the output graph is the one shown above.",
    "So the final answer is the graph listed above.",
    "Thus the output is as given earlier.\n\nLet me know if you need more detail.",
])
def test_a_marker_pointing_back_at_the_graph_above_reads_that_graph(closing):
    assert reading(_LISTED + "\n\n" + closing) == (
        {0, 1, 2, 3}, {(0, 1), (1, 2), (2, 3)}, {0: "blue", 3: "blue"})


def test_a_marker_followed_by_a_graph_or_a_denial_is_still_a_marker():
    # a graph after the marker is the answer; "not the one above" points nowhere
    assert reading(_LISTED + "\n\nSo the output graph is: edges (0,1) (1,2). Colored "
                   "nodes: 1 (blue).")[2] == {1: "blue"}
    assert read_answer(_LISTED + "\n\nSo the output graph is not the one above; I still need "
                       "to fix node 2.", Context(paint="blue")) is None
