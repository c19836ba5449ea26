"""Families the realistic blind batches s23b and s23f tripped on: an interval named as a
range, a hedged answer followed only by supporting facts, labels offered side by side in
bold. Each is pinned on texts of its own, both ways."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer


def read(text, kind=answers.FLOAT, n=30):
    got = kind.read(text, None, Context(None, n))
    return got.value if got.ok else None


@pytest.mark.parametrize("text", [
    "Summing by hand is impractical here. For a graph this dense the energy is usually in "
    "the 12–16 range.",
    "The spectral radius is in the 2.5-3.5 range for graphs like this one.",
    "I can't get the exact figure; it is probably somewhere in the 4 to 6 range.",
])
def test_an_x_to_y_range_is_an_interval_not_a_value(text):
    assert read(text) is None


@pytest.mark.parametrize(("text", "expected"), [
    # a range naming other things, next to the stated value, stays a value
    ("The energy is 13.2. Eigenvalues in the 1–3 range contribute most of it.", 13.2),
    ("Nodes 12–16 form a clique, so the clustering coefficient is 0.75.", 0.75),
])
def test_a_range_of_other_things_keeps_the_value(text, expected):
    assert read(text) == expected


LABELS = ["Databases", "Data Mining", "Machine Learning", "Information Retrieval"]


@pytest.mark.parametrize("text", [
    "Its neighbours are mostly retrieval papers. It could be filed under **Databases** or "
    "**Machine Learning**.",
    "The topic sits between two fields, so I'd classify it as **Data Mining** or arguably "
    "**Information Retrieval**.",
])
def test_labels_offered_side_by_side_in_bold_commit_to_none(text):
    assert isinstance(committed_label(text, LABELS), NoAnswer)


@pytest.mark.parametrize(("text", "expected"), [
    ("Not Databases or Machine Learning: the best fit is **Data Mining**.", "Data Mining"),
    ("Databases or Data Mining? The topic is mining, so **Data Mining**.", "Data Mining"),
    ("Neighbours split between Databases and Data Mining, so I'd say **Data Mining**.",
     "Data Mining"),
])
def test_one_bold_label_after_the_choice_commits(text, expected):
    assert committed_label(text, LABELS) == expected


@pytest.mark.parametrize("text", [
    "The number of bridges is either 2 or 3, depending on whether (4, 9) is in the list. "
    "Node 4 has neighbours 1, 5 and 9, so the upper bound is 5.",
    "The diameter is either 6 or 7. Node 0 reaches nodes 3, 8 and 12 in two hops.",
    "It is 4 or 5 depending on how the self-loop at node 2 is counted. Node 2 has degree "
    "3, so at most 6.",
])
def test_a_hedged_answer_followed_by_supporting_facts_is_no_answer(text):
    assert read(text, answers.INT) is None


@pytest.mark.parametrize(("text", "expected"), [
    # a later conclusion settles the hedge
    ("The distance is either 5 or 6, depending on whether edge (2, 4) exists. It does, "
     "so the distance is 5.", 5),
    ("It is either 4 or 5. Actually, node 2 is isolated, so it is 4.", 4),
    # "either … or" about the route, not the answer
    ("Node 4 is reached either via 2 or via 3. The shortest distance is 6.", 6),
])
def test_a_hedge_settled_or_about_other_things_keeps_the_value(text, expected):
    assert read(text, answers.INT) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "A through B" is a range named on the way to the value, not a trailing clause
    ("The `nodes` list runs 0 through 24, so the graph has **25** nodes.", 25),
    ("The ids run 1 through 12, giving 12 nodes in total.", 12),
    # "through" naming the route after the value still closes the statement
    ("The max flow is 7 through the cut {0, 3}.", 7),
    ("The distance is 4, through nodes 2 and 6.", 4),
])
def test_a_range_with_through_is_no_trailing_clause(text, expected):
    assert read(text, answers.INT) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # an elaborating sentence ("They …") that closes on the asked quantity answers
    ("Node 3's neighbours are 2 and 9; node 7's neighbours are 4, 5 and 8. They have no "
     "neighbour in common, so the Jaccard coefficient is 0.", 0.0),
    ("Node 1 is adjacent to 0, 2 and 6. These are all leaves, hence the clustering "
     "coefficient is 0.", 0.0),
    # one that closes on a part of it does not replace the answer
    ("The count is 3. That's because node 5 has degree 2, so its contribution is 1.", 3.0),
    ("The sum is 1.5. That is because node 3 has degree 2, so the term for node 3 is 0.5.",
     1.5),
])
def test_an_elaborating_sentence_that_concludes_answers(text, expected):
    assert read(text) == expected


def edges(text):
    got = answers.EDGE_SET.read(text, None, Context(None, 12))
    return got.value if got.ok else None


@pytest.mark.parametrize("text", [
    "The matching I found:\n(0, 4), (1, 5), (2, 7)\n\nThat is 3 edges, and I cannot find an "
    "augmenting path from node 3, so this is maximum.",
    "The matching I found:\n(0, 4), (1, 5), (2, 7)\n\nI tried every free node in turn, so "
    "it's optimal.",
])
def test_a_first_person_conclusion_that_the_answer_is_optimal_keeps_it(text):
    assert edges(text) == [[0, 4], [1, 5], [2, 7]]


@pytest.mark.parametrize("text", [
    "The matching I found:\n(0, 4), (1, 5), (2, 7)\n\nI could not check node 3, so this "
    "is probably maximum.",
    "The matching I found:\n(0, 4), (1, 5), (2, 7)\n\nI still need to check node 3 for an "
    "augmenting path.",
])
def test_a_first_person_doubt_or_plan_after_the_answer_still_voids_it(text):
    assert edges(text) is None


def order(text):
    got = answers.NODE_LIST.read(text, None, Context(None, 8))
    return got.value if got.ok else None


@pytest.mark.parametrize("text", [
    "Three orders fit:\n1. [3, 0, 2, 1]\n2. [0, 3, 2, 1]\n3. [0, 2, 3, 1]\n\nThe best is "
    "option 3, with cost 9.\n\n**Answer: [0, 2, 3, 1]**",
    "Candidates:\n(a) 0-3-2-1-0: 14\n(b) 0-2-3-1-0: 11\n\nThe cheapest is tour (b).\n\n"
    "Final answer: [0, 2, 3, 1]",
])
def test_a_numbered_option_named_before_the_answer_is_no_rival(text):
    assert order(text) == [0, 2, 3, 1]


@pytest.mark.parametrize("text", [
    "The shortest path is 0 -> 4 -> 1.\n\n**Answer: [0, 2, 3, 1]**",
    "The best tour is 0, 3, 2, 1.\n\n**Answer: [0, 2, 3, 1]**",
])
def test_another_list_stated_before_the_answer_is_still_a_rival(text):
    assert order(text) is None


def verdict(text):
    got = answers.BOOL.read(text, None, Context(None, 12))
    return got.value if got.ok else None


@pytest.mark.parametrize(("text", "expected"), [
    # a verdict or a value alone first, then an explanation cut off by the token limit
    ("Yes.\n\nEvery node of the ring has two neighbours; for instance node 4 is joined to "
     "3 and", True),
    ("**No**\n\nThe edge list has node 2 with three entries, (2, 0), (2, 5) and", False),
])
def test_a_verdict_alone_first_survives_a_cut_explanation(text, expected):
    assert verdict(text) is expected


def test_a_value_alone_first_survives_a_cut_explanation():
    assert read("7\n\nStarting from node 0 the BFS layers are {0}, {1, 2}, {3", answers.INT) == 7


@pytest.mark.parametrize("text", [
    # the explanation concludes the other verdict before the cut
    "Yes.\n\nNode 3 has degree 2, so no, the graph is not regular: node 5 has",
    # working cut off, with no answer first
    "Start at node 0.\n\nThen visit 1, then",
])
def test_a_cut_explanation_that_turns_or_has_no_answer_first_is_no_answer(text):
    assert verdict(text) is None


def walk(text):
    got = answers.EDGE_SEQUENCE.read(text, None, Context(None, 8))
    return got.value if got.ok else None


@pytest.mark.parametrize("text", [
    "DFS from 0:\n\n[(0, 1), (1, 3), (3, 2)]\n\nThat is one valid DFS; a different neighbour "
    "order gives a completely different but equally valid tree.",
    "[(0, 1), (1, 3), (3, 2)]\n\nOther start orders, e.g. going 0 → 2 first, are just as "
    "valid.",
])
def test_a_remark_that_unnamed_other_answers_are_equally_valid_keeps_the_one_given(text):
    assert walk(text) == [[0, 1], [1, 3], [3, 2]]


@pytest.mark.parametrize("text", [
    "[(0, 1), (1, 3), (3, 2)]\n\nThat is one valid DFS; [(0, 2), (2, 3), (3, 1)] is equally "
    "valid.",
    "[(0, 1), (1, 3), (3, 2)]\n\nOr, if you start with 2, (0, 2), (2, 3), (3, 1) is equally "
    "good.",
])
def test_a_second_whole_answer_called_equally_valid_is_still_offered(text):
    assert walk(text) is None


SPLIT = ("Greedy by weight:\n\n1. (0, 9)\n2. (1, 7)\n3. (3, 4)\n\nThat is 3 edges; nodes 5 "
         "and 6 are still free, and (5, 6) is an edge, so add it:\n\n4. (5, 6)\n\n")


@pytest.mark.parametrize("closing", [
    "Final matching: the 4 edges above.",
    "**Final answer:** the 4 edges listed above.",
    "Matching: all edges above.",
])
def test_a_pointer_to_a_numbered_list_split_by_a_remark_reads_the_whole_list(closing):
    assert edges(SPLIT + closing) == [[0, 9], [1, 7], [3, 4], [5, 6]]


@pytest.mark.parametrize(("text", "expected"), [
    # numbering that restarts is two lists: the pointer names the last one only
    ("Try 1:\n\n1. (0, 9)\n2. (1, 7)\n\nThat fails at node 7. Try 2:\n\n1. (0, 4)\n"
     "2. (1, 5)\n\nFinal answer: the 2 edges above.", [[0, 4], [1, 5]]),
    # a gap in the numbering joins nothing
    ("1. (0, 9)\n2. (1, 7)\n\nSkipping one edge.\n\n4. (5, 6)\n\nFinal answer: the edges "
     "above.", [[5, 6]]),
])
def test_a_pointer_joins_only_one_unbroken_numbered_run(text, expected):
    assert edges(text) == expected
