"""Families the held-out realistic batches core_blind_s16a and s19b showed (issue #15): the
explanation after a committed answer names things that are not the answer (a list of
evidence left open, a bound the value meets, candidates narrowed, an "or" about other
things), and a pick after doubt commits. Labels ruled out are pinned with the label asides
(test_label_asides.py), a long list given first with the answer-first rules
(test_answer_then_explanation.py). Texts are written for this test, not from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer

INT, BOOL = answers.INT, answers.BOOL
NODES, PATH = answers.NODE_SET, answers.NODE_LIST
EDGES = answers.EDGE_SET
WEB = ["student", "project", "course", "staff", "faculty"]
PAPERS = ["Database", "Data Mining", "AI", "Information Retrieval"]


def read(kind: answers.AnswerType, text: str, nodes: int = 30, labels=None):
    prediction = kind.read(text, None, Context(labels, nodes))
    return prediction.value if prediction.ok else None


# --- evidence listed in part ("among others", "several other nodes such as") -----------------

@pytest.mark.parametrize("text, expected", [
    ("No, there is no Hamiltonian path. Node 0 has degree 1, and several other nodes such as"
     " 5, 9 and 12 are leaves as well, so no path can pass through all of them.", False),
    ("Yes, the graph is connected: every node (4, 7 and 11, among others) reaches node 0.",
     True),
    ("No, it is not bipartite. Triangles such as 1-2-3, and a few others, are odd cycles.",
     False),
    # "and the rest" leaves evidence open too, and the verdict may stand in a paragraph of
    # its own before the reason (core_blind_s21a:41, s21b:40's family)
    ("Yes. The edges 2-7, 7-3 and the rest close a loop back to node 2, so it is no forest.",
     True),
])
def test_a_verdict_survives_its_evidence_listed_in_part(text, expected):
    assert read(BOOL, text) is expected


def test_a_verdict_given_first_survives_an_open_list_in_the_reason_after_it():
    # the closing paragraph states no verdict of its own: the reply's verdict is weighed
    text = ("The graph does not contain a cycle.\n\nNode 4 is a hub joined to 0, 1, 2 and"
            " several others, and every other edge hangs a leaf off one of them.")
    asked = Context("Does the graph contain a cycle?", 30)
    assert BOOL.read(text, None, asked).value is False
    hedged = text.replace("several others", "maybe node 5")
    assert not BOOL.read(hedged, None, asked).ok


@pytest.mark.parametrize("text", [
    "The most cited pages (nodes 2, 9 and 14, among others) link here, so it is a **course**"
    " page.",
    "**course**\n\nSeveral neighbours (the pages of two students and some others) link to it,"
    " so it most likely belongs to the **course** class.",
])
def test_a_label_survives_its_evidence_listed_in_part(text):
    assert committed_label(text, WEB) == "course"


@pytest.mark.parametrize("kind, text", [
    # the answer itself left open stays no answer
    (NODES, "The nodes of odd degree are 2, 5 and several others."),
    (NODES, "Answer: nodes 3, 4 and 8, among others."),
    (EDGES, "The bridges are (1, 2), (4, 5), and a few others."),
    (EDGES, "The bridges are (1, 2), (4, 5) and the rest."),
    (INT, "The graph has 4 bridges, (1, 2) and (4, 5) among others."),
])
def test_an_answer_of_items_left_open_is_still_no_answer(kind, text):
    assert read(kind, text) is None


# --- a bound that the value then meets --------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Node 9 has only three neighbours, so the connectivity is at most 3, and the paths via"
     " 1, 4 and 7 are disjoint, so:\n\n**3**", 3),
    ("The cut around node 12 has capacity 5, so the flow is at most 5, and we push 2 units"
     " via node 3 and 3 via node 8, hence the maximum flow is 5.", 5),
])
def test_a_bound_reached_by_the_working_keeps_the_value(text, expected):
    assert read(INT, text) == expected


@pytest.mark.parametrize("text", [
    "The flow is at most 5, and paths through 3 and 8 may not both fit.",
    "It is at most 3 or 4, so I cannot give one number without the capacities of 14.",
    "The answer is at most 2, though the route via node 14 might be blocked.",
])
def test_a_bound_alone_is_still_no_answer(text):
    assert read(INT, text) is None


# --- candidates narrowed first, one label committed last --------------------------------------

def test_an_opening_that_narrows_to_candidates_is_not_a_rival_answer():
    text = ("Judging by its title, the paper is one of AI, Data Mining or Database rather than"
            " Information Retrieval.\n\nThe abstract speaks of association rules and support"
            " thresholds, classic mining work.\n\n**Classification: Data Mining**")
    assert committed_label(text, PAPERS) == "Data Mining"


@pytest.mark.parametrize("text", [
    # one label opened, another closed: two final answers
    "The page is a **student** page.\n\nIt links to two course pages and a lab.\n\n"
    "**Classification: faculty**",
    # candidates narrowed and never settled
    "The page is one of student, staff or faculty.\n\nIt links to two course pages.\n\n"
    "The title alone cannot tell which.",
])
def test_two_labels_or_only_candidates_stay_no_answer(text):
    assert isinstance(committed_label(text, WEB), NoAnswer)


# --- a closing bold label that notes the answer's quantity in brackets ------------------------

@pytest.mark.parametrize("kind, text, expected", [
    (PATH, "| Edge | Weight |\n|---|---|\n| 0–4 | 5 |\n| 4–7 | 7 |\n| **Total** | **12** |\n\n"
           "**Shortest path (length 12):** 0 → 4 → 7", [0, 4, 7]),
    (EDGES, "Kruskal adds (0, 1), then (1, 2): 4 + 5 = **9**.\n\n"
            "**Minimum spanning tree (2 edges):** [(0, 1), (1, 2)]", [[0, 1], [1, 2]]),
])
def test_a_bold_closing_label_with_its_quantity_in_brackets_states_the_answer(kind, text,
                                                                              expected):
    assert read(kind, text) == expected


@pytest.mark.parametrize("label, answers_", [
    ("shortest tour (length 18)", True),
    ("spanning tree (7 edges)", True),
    ("tour (total weight = 7)", True),
    ("tour 2 (length 19)", False),  # a numbered candidate of the working
    ("step (2)", False),
    ("path (1)", False),
])
def test_only_a_quantity_in_brackets_leaves_a_label_unnumbered(label, answers_):
    from graphgauge.scoring.region import _answer_label
    assert _answer_label(label) is answers_


# --- a pick after the doubt commits -----------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Not sure whether AI or Data Mining; I'd go with Data Mining.", "Data Mining"),
    ("I'm not certain whether it is Database or Information Retrieval. I'll go with"
     " Information Retrieval.", "Information Retrieval"),
])
def test_a_pick_after_doubt_between_labels_commits(text, expected):
    assert committed_label(text, PAPERS) == expected


@pytest.mark.parametrize("text", [
    "Not sure whether AI or Data Mining.",
    "I'd go with Data Mining, but I'm not sure whether AI fits better.",
    "Not sure whether AI or Data Mining; maybe Data Mining.",
])
def test_doubt_between_labels_without_a_pick_after_it_is_no_answer(text):
    assert isinstance(committed_label(text, PAPERS), NoAnswer)


def test_doubt_about_an_item_of_a_node_list_still_voids_it():
    assert read(NODES, "The cut vertices are 3 and 4, but I'm not sure whether 4 really"
                       " separates anything.") is None


# --- "or" in the explanation describing other things by a quantity ---------------------------

@pytest.mark.parametrize("kind, text, expected", [
    (INT, "There are 2 bridges.\n\nThey are (0, 1) and (4, 5); every other edge lies on a"
          " cycle of length 3 or 4.", 2),
    (NODES, "The leaves are nodes 2, 5 and 7.\n\nAll the other nodes are of degree 2 or 3.",
     [2, 5, 7]),
])
def test_an_or_describing_other_things_after_the_answer_is_no_hedge(kind, text, expected):
    assert read(kind, text) == expected


@pytest.mark.parametrize("text", [
    "The girth is 3 or 4.\n\nEvery cycle of length 3 or 4 passes through node 0.",
    "There might be 2 bridges.\n\nEvery other edge lies on a cycle of length 3 or 4.",
    "There are 2 bridges.\n\nOr 3, if (6, 7) counts.",
    "There are 2 bridges.\n\nBut wait, counting again, there are 3 of length 3 or 4.",
])
def test_a_hedge_of_the_answer_itself_stays_no_answer(text):
    assert read(INT, text) is None
