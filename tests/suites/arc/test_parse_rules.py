"""GraphARC reading rules added after the s3 blind batch (tests/data/answers/arc_blind_s3.jsonl),
each pinned on hand-written text that is not in the corpus."""

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
