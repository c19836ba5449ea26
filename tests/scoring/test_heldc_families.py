"""Families from the realistic batch s20a: a BFS or DFS told line by line ("- 2 discovers 5,
7") is working, not a walk, so its line heads are no traversal; an opening formula written
without LaTeX ("Overlap(2, 9) = |N(2) ∩ N(9)| / min(...)") states no value that could rival
the closing one, while an opening that does state another value still does."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

DFS = Context("Give the edges of a depth-first traversal starting from node 4.", 12)
JACCARD = Context("What is the Jaccard similarity of node 3 and node 8?", 10)


@pytest.mark.parametrize("text", [
    "Traversal from 4:\n\nStack: 4\n- 4 reaches 1, 6\n- 1 reaches 0, 9\n- 6 reaches 2\n"
    "- 0 reaches 3, 11\n",
    "Let's run it.\n\n1. 4 has unvisited neighbours 1 and 6\n2. 1 has unvisited neighbours 0"
    " and 9\n3. 6 has unvisited neighbour 2\n4. 0 has unvisited neighbour 3",
])
def test_a_narrated_search_cut_off_is_no_walk(text):
    assert answers.EDGE_SEQUENCE.read(text, None, DFS).value is None


@pytest.mark.parametrize("text, expected", [
    ("Visit order:\n- 4\n- 1\n- 0\n- 3", [[4, 1], [1, 0], [0, 3]]),
    ("Working:\n- 4 reaches 1, 6\n- 1 reaches 0, 9\n\nEdges: (4, 1), (1, 0), (0, 9)",
     [[4, 1], [1, 0], [0, 9]]),
    ("The walk:\n- 4 then 1\n- 1 then 0\n- 0 then 3", None),
])
def test_walks_and_edges_still_read_beside_narration(text, expected):
    value = answers.EDGE_SEQUENCE.read(text, None, DFS).value
    if expected is None:
        assert value != [[4, 1], [1, 1], [1, 0]]  # (no head-chain built from "then" lines)
    else:
        assert value == expected


@pytest.mark.parametrize("opening", [
    "Jaccard(3, 8) = |N(3) ∩ N(8)| / |N(3) ∪ N(8)|",
    "Jaccard(3, 8) = size(common) / size(all)",
    "Jaccard = Σ shared / Σ total",
])
def test_an_opening_formula_without_latex_is_no_rival(opening):
    text = (opening + "\n\nN(3) = {1, 2, 5}\nN(8) = {2, 5, 7, 9}\n\nShared: 2, all: 5\n\n"
            "Jaccard = 2/5 = 0.4")
    assert answers.FLOAT.read(text, None, JACCARD).value == pytest.approx(0.4)


def test_an_opening_value_still_rivals_the_closing_one():
    text = ("Jaccard(3, 8) = 0.25\n\nN(3) = {1, 2, 5}\nN(8) = {2, 5, 7, 9}\n\n"
            "Jaccard = 2/5 = 0.4")
    assert answers.FLOAT.read(text, None, JACCARD).value is None


NEIGHBOURS = Context("Which nodes are adjacent to node 3?", 10)


@pytest.mark.parametrize("text", [
    "Node 3 lies on edges (3, 1), (3, 5) and (3, 8), so its neighbours are {1, 5, 8}.",
    "The edges at node 3 are (3, 1), (3, 5) and (3, 8); therefore the neighbours are 1, 5 and 8.",
    "Looking at the list: (3, 1), (3, 5), (3, 8), hence nodes 1, 5 and 8.",
])
def test_edges_leading_to_a_conclusion_are_its_evidence(text):
    assert answers.NODE_SET.read(text, None, NEIGHBOURS).value == [1, 5, 8]


@pytest.mark.parametrize("text", [
    "Node 3 lies on edges (3, 1), (3, 5) and (3, 8).",
    "Node 3 lies on edges (3, 1), (3, 5) and (3, 8), so it has degree 3.",
    "(3, 1), (3, 5), (3, 8)",
])
def test_edges_alone_are_still_no_node_set(text):
    assert answers.NODE_SET.read(text, None, NEIGHBOURS).value is None


COVER = Context("Give a minimum edge cover of the graph.", 8)
_FINAL = "\n\n**Final answer:**\n[(0, 1), (2, 3), (4, 5), (5, 6), (5, 7)]"


@pytest.mark.parametrize("step", [
    "**Uncovered nodes:** 6, 7 → join each to a covered neighbour: (5, 6), (5, 7)",
    "Left over: 6 and 7 -> add an edge for each: (5, 6), (5, 7)",
])
def test_a_step_leading_on_is_no_rival_to_the_final_answer(step):
    text = "**Matching:** (0, 1), (2, 3), (4, 5)\n\n" + step + _FINAL
    assert answers.EDGE_SET.read(text, None, COVER).value == [[0, 1], [2, 3], [4, 5], [5, 6],
                                                              [5, 7]]


def test_another_answer_stated_before_the_final_one_still_rivals_it():
    text = ("**Matching:** (0, 1), (2, 3), (4, 5)\n\n"
            "The edge cover is: (0, 1), (2, 3), (4, 6), (5, 7)" + _FINAL)
    assert answers.EDGE_SET.read(text, None, COVER).value is None


ENERGY = Context("What is the Laplacian energy of the graph, the sum of |mu - 2m/n| over the "
                 "Laplacian eigenvalues mu?", 5)


@pytest.mark.parametrize("values", [
    "Laplacian eigenvalues: 0, 1.38, 2.62, 3.62, 4.38",
    "Eigenvalues = {0, 1.38, 2.62, 3.62, 4.38}",
])
def test_a_named_list_of_inputs_is_not_the_asked_scalar(values):
    text = (values + "\n\nMean = 2.4. Deviations: 2.4, 1.02, 0.22, 1.22, 1.98\n\n"
            "Sum = 6.84\n\nThe Laplacian energy is about 6.84.")
    assert answers.FLOAT.read(text, None, ENERGY).value == pytest.approx(6.84)


def test_the_asked_named_value_still_wins_among_named_values():
    text = ("Laplacian energy: 6.84\nLaplacian spread: 4.38\nMean degree: 2.4")
    assert answers.FLOAT.read(text, None, ENERGY).value == pytest.approx(6.84)


ORDER = Context("Give a topological ordering of the graph.", 9)


@pytest.mark.parametrize("text", [
    "Kahn's algorithm from the sources.\n\nResult:\n```\n[0, 2, 1, 5, 3, 4, 7\n```",
    "Order:\n```python\norder = [0, 2, 1, 5, 3,\n```\n",
])
def test_a_list_never_closed_inside_a_code_block_is_cut_off(text):
    assert answers.NODE_LIST.read(text, None, ORDER).value is None


@pytest.mark.parametrize("text", [
    "Kahn's algorithm from the sources.\n\nResult:\n```\n[0, 2, 1, 5, 3, 4, 7, 6, 8]\n```",
    "Result:\n```json\n{\"order\": [0, 2, 1, 5, 3, 4, 7, 6, 8]}\n```",
])
def test_a_closed_list_in_a_code_block_still_reads(text):
    assert answers.NODE_LIST.read(text, None, ORDER).value == [0, 2, 1, 5, 3, 4, 7, 6, 8]
