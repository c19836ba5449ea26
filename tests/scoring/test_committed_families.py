"""Committed answers the typed readers once read as no answer or as another value (blind
batches core_blind_s7a/b and s8a/b): each case is a family of phrasing, written here in
texts of its own, so that a fix for one corpus text does not pass."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.parsing import parse_bool, parse_float, parse_int, parse_node_list
from graphgauge.scoring.region import NoAnswer

CORA = ["Database", "Data Mining", "AI", "Information Retrieval"]


@pytest.mark.parametrize(("text", "question", "expected"), [
    # a conclusion whose subject takes several words: the value it states, not the working
    ("Node 6 has 3 neighbours out of 8 possible, so its degree centrality is .375", None,
     0.375),
    ("Vertex 2 has degree 4 (neighbours 0, 1, 5 and 7), and there are 9 other nodes, so "
     "node 2's normalized degree is 4/9 ≈ 0.444.", None, 0.444),
    ("The shared neighbour of 4 and 6 is node 3, which has degree 4, so the resource "
     "allocation index of the pair is .25", "What is the resource allocation index between "
     "node 4 and node 6?", 0.25),
    # "i.e. 3 of the 10 pairs" explains the value; it is no second value
    ("The betweenness of node 5 is 0.3, since it lies between node 1 and the 3 leaves, "
     "i.e. 3 of the 10 pairs.", None, 0.3),
    ("Its closeness is 0.75, i.e. 6 out of 8 steps saved.", None, 0.75),
    ("The density is 0.4, i.e. 6 of the 15 possible edges.", None, 0.4),
    # radicals over and under a whole number
    ("Working it out, the largest eigenvector entry is √3/3.", None, 3 ** 0.5 / 3),
    ("The spectral radius is sqrt(8)/2.", None, 2 ** 0.5),
    ("The entry comes to 1/√2.", None, 2 ** -0.5),
    ("Answer: 3/√9", None, 1.0),
])
def test_floats_committed_after_working(text, question, expected):
    assert parse_float(text, question) == pytest.approx(expected, rel=1e-3)


def test_a_radical_over_zero_is_no_number():
    assert parse_float("The entry is √5/0.") is None


@pytest.mark.parametrize(("text", "question", "expected"), [
    # hundreds in words
    ("Summing every distance, the Wiener index works out to two hundred and six.", None, 206),
    ("The total weight comes out to one hundred twelve.", None, 112),
    ("There are a hundred edges.", None, 100),
    ("Three hundred.", None, 300),
    ("one hundred and forty-one", None, 141),
    # a count in words, then the path it counts after a colon
    ("Node 2 reaches 9 only through node 4, so there is exactly one such path: 2 → 4 → 9.",
     None, 1),
    ("Only one route exists: 3 → 1 → 8.", None, 1),
    ("The number of shortest paths is 1: 0 -> 4 -> 6.", None, 1),
    # none of the thing, then a reason naming only edges and nodes
    ("There are no triangles — none of the edges (1, 4), (2, 3) and (3, 6) has a common "
     "neighbour at its ends.", None, 0),
    ("The graph has no bridges — every edge, like (0, 2) and (4, 5), lies on a cycle.",
     None, 0),
    # a JSON object that echoes the asked node beside the asked quantity
    ('{"node": 4, "degree": 2}', "What is the degree of node 4?", 2),
    ('{"vertex": 7, "eccentricity": 3}', "What is the eccentricity of vertex 7?", 3),
    ('{"source": 0, "target": 5, "max_flow": 7}',
     "What is the maximum flow from node 0 to node 5?", 7),
    # a measure stated before the path it measures
    ("The distance from 0 to 5 is 3: 0 → 2 → 4 → 5.", None, 3),
    ("The shortest path has length 2: 1 -> 6 -> 4.", None, 2),
])
def test_integers_committed_in_other_words(text, question, expected):
    assert parse_int(text, question) == expected


@pytest.mark.parametrize(("text", "question"), [
    # a node field for another node than the one asked about is no echo
    ('{"node": 5, "degree": 2}', "What is the degree of node 4?"),
    # "the one" and "a hundred" are no count without a number after them
    ("It is the one with the most neighbours.", None),
    # a bound stays no answer, with a reason or with a conclusion that is a bound too
    ("The count of bridges is at least 5, since 0-1, 1-2, 2-3, 3-4 and 4-5 are cut edges.",
     None),
    ("Node 3 has at least 4 neighbours, so the degree is at least 4.", None),
])
def test_what_stays_no_answer(text, question):
    assert parse_int(text, question) is None


@pytest.mark.parametrize(("text", "expected"), [
    # a check of the answer that passes names the answer's own items: the answer stands
    ("Path: 4, 1, 7, 2\n\nLet me verify each hop: 4–1 ✓, 1–7 ✓, 7–2 ✓. Every node is used "
     "once.", [4, 1, 7, 2]),
    ("**Vertex cover: {0, 3, 5}**\n\nLet me double-check: edge 0-1 is covered by 0, edge 3-4 "
     "by 3, edge 5-2 by 5. ✓", [0, 3, 5]),
    ("Answer: [2, 8, 5]\n\nHmm, let me check edge 8-5: (5, 8) is in the list, okay. And 2-8: "
     "(2, 8) yes. So the route is valid.", [2, 8, 5]),
    # a check that fails, then a new answer: the correction wins
    ("Answer: [2, 8, 5]\n\nWait, let me check edge 8-5: it is not in the list. The route is "
     "[2, 6, 5].", [2, 6, 5]),
    ("Path: 4, 1, 7, 2\n\nLet me verify: 4–1 ✓, 1–7 ✗. So the path is 4, 3, 7, 2.",
     [4, 3, 7, 2]),
])
def test_a_check_that_passes_keeps_the_answer(text, expected):
    assert parse_node_list(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a check in prose that concludes without a value keeps the answer
    ("Tree edges: **(0, 2), (0, 4), (0, 5)**\n\nLet me verify: 0 is adjacent to 2, 4 and 5, so "
     "every node is reached in one hop and the tree is a star.", [[0, 2], [0, 4], [0, 5]]),
    # one that concludes with other edges corrects it
    ("Tree edges: **(0, 2), (0, 4), (0, 5)**\n\nLet me verify: 0 is adjacent to 2 and 4 only, "
     "so the tree is (0, 2), (0, 4), (4, 5).", [[0, 2], [0, 4], [4, 5]]),
])
def test_a_check_in_prose(text, expected):
    assert answers.EDGE_SEQUENCE.read(text, None, Context(None, 6)).value == expected


ALPHA = [chr(ord("A") + i) for i in range(8)]


@pytest.mark.parametrize(("text", "expected"), [
    # ids joined by spaced en or em dashes are a path, not an id with annotations
    ("C – A – F – B", [2, 0, 5, 1]),
    ("The path is G — D — E.", [6, 3, 4]),
    ("A – H", [0, 7]),
    # a walk told leg by leg names each joint twice
    ("Start at B and go from B to D, then from D to G.", [1, 3, 6]),
    ("Travel from E to C, then C to H.", [4, 2, 7]),
])
def test_paths_in_prose_and_dashes(text, expected):
    assert answers.NODE_LIST.read(text, ALPHA, Context(None, 8)).value == expected


def test_a_dash_before_words_still_annotates():
    assert parse_node_list("Top nodes: 3 — degree 4, 5 — degree 2") == [3, 5]


@pytest.mark.parametrize(("text", "expected"), [
    # a range joined to more ids by "together with", "in addition to"
    ("The dominating set is nodes 3–5 together with node 9.", [3, 4, 5, 9]),
    ("Nodes 0 to 2, in addition to node 7.", [0, 1, 2, 7]),
])
def test_ranges_joined_by_words(text, expected):
    assert answers.NODE_SET.read(text, None, Context(None, 10)).value == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a list given as a table or as bullets, then a closing remark that names two of its
    # nodes in words: the list answers
    ("| Step | Node |\n|---|---|\n| 1 | 4 |\n| 2 | 0 |\n| 3 | 2 |\n| 4 | 6 |\n\n"
     "The tour closes by going from 6 back to 4.", [4, 0, 2, 6]),
    ("- 5\n- 1\n- 3\n\nThe walk ends when 3 returns to 5.", [5, 1, 3]),
])
def test_a_closing_remark_after_a_listed_answer(text, expected):
    assert parse_node_list(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # one adjacency line naming several neighbours is a star of edges
    ("The graph is a tree already, so as an adjacency list:\n\n- 4: 0, 1, 6", [[4, 0], [4, 1],
                                                                               [4, 6]]),
    ("Spanning tree (adjacency):\n2 -> 0, 3", [[2, 0], [2, 3]]),
    # each edge followed by its weight in words
    ("Take (0, 3) with weight 5, (1, 2) with a weight of 4 and (4, 5) with weight 2.",
     [[0, 3], [1, 2], [4, 5]]),
    ("The matching is (A, B) of weight 3 and (C, D) of weight 1, total 4."
     .replace("A", "0").replace("B", "1").replace("C", "2").replace("D", "3"),
     [[0, 1], [2, 3]]),
    # a conclusion that there is none, after a reason holding a bound
    ("Each vertex has at least 3 neighbours, so the graph has no bridges.", []),
    ("Since every edge lies on a cycle of length at least 4, there are therefore no bridges.",
     []),
])
def test_edge_sets_in_other_spellings(text, expected):
    assert answers.EDGE_SET.read(text, None, Context(None, 8)).value == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a walk told in legs, some after a bare comma
    ("The search goes first 0 to 3, then back to 0 and takes 0 to 6, then 6 to 2, 2 to 5, and "
     "finally 2 to 7.", [[0, 3], [0, 6], [6, 2], [2, 5], [2, 7]]),
    ("First 1 to 4, 4 to 2, 2 to 6.", [[1, 4], [4, 2], [2, 6]]),
])
def test_walks_told_in_legs(text, expected):
    assert answers.EDGE_SEQUENCE.read(text, None, Context(None, 8)).value == expected


def test_a_numbered_step_is_no_adjacency_line():
    # "1: (0, 2)" is step 1's edge, not node 1's neighbours
    assert answers.EDGE_SET.read("1: (0, 2)", None, Context(None, 8)).value == [[0, 2]]


WEBKB = ["student", "project", "course", "staff", "faculty"]


@pytest.mark.parametrize(("text", "labels", "expected"), [
    # a denial goes on over "or"
    ("This is not a Data Mining or a Database paper; the learning focus makes it AI.", CORA,
     "AI"),
    ("It is neither Information Retrieval nor Database work, so: Data Mining.", CORA,
     "Data Mining"),
    # a labelled closing line commits after prose that names other labels
    ("The page lists office hours for a course and two student advisees.\n\nCategory: "
     "faculty", WEBKB, "faculty"),
    ("It links to several projects and to the staff directory.\n\n**Label:** staff", WEBKB,
     "staff"),
    # "most plausibly", "most probably" commit like "most likely"
    ("Given links to a course page and to project pages, this is most plausibly a student "
     "home page.", WEBKB, "student"),
    ("Because it cites project reports and a course syllabus, it is most probably a faculty "
     "page.", WEBKB, "faculty"),
])
def test_labels_committed_after_other_labels(text, labels, expected):
    assert committed_label(text, labels) == expected


@pytest.mark.parametrize(("text", "labels"), [
    # "and" or a comma after a denial may name the answer: several labels stay no answer
    ("Not Theory, AI and Databases both fit.", CORA + ["Theory"]),
    ("It could be a course page or a project page.", WEBKB),
])
def test_labels_left_open(text, labels):
    assert isinstance(committed_label(text, labels), NoAnswer)


PATH_Q = "Is there a path between node 3 and node 7?"


@pytest.mark.parametrize(("text", "question", "expected"), [
    # components named for the asked pair: different ones deny a path, the same one asserts it
    ("Nodes 3 and 7 lie in separate components.", PATH_Q, False),
    ("They sit in two different components, {0, 3} and {5, 7}.", PATH_Q, False),
    ("3 and 7 are in the same connected component.", PATH_Q, True),
    ("Node 3 and node 7 are in different components.",
     "Are node 3 and node 7 in the same component?", False),
    ("The graph splits into two separate components.", "Is the graph connected?", False),
])
def test_components_answer_reachability(text, question, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "expected"), [
    # a check that states another value is a correction, not a pass
    ("Answer: 5\n\nLet me verify: yes, there are 6 triangles.", 6),
    ("There are 5 triangles. Let me double-check: okay, the count is 6.", 6),
    # one that restates the same value keeps it
    ("Answer: 4\n\nLet me verify: 2 + 2 = 4 ✓", 4),
])
def test_a_check_that_states_a_value(text, expected):
    assert parse_int(text) == expected


def test_components_that_say_nothing_of_the_pair():
    # "two components" alone does not place the asked pair
    assert parse_bool("The graph has two components, and 3 and 7 both lie in the first.",
                      PATH_Q) is not False


@pytest.mark.parametrize(("text", "expected"), [
    # items ticked off after the answer check it; they are not part of it
    ("The cover {0, 2, 5} hits every edge: 0-1 ✓, 2-3 ✓, 4-5 ✓, 1-2 ✓.", [0, 2, 5]),
    ("Set: 1, 6 — check (1, 3) ✔ (6, 4) ✔", [1, 6]),
    # a walk that "ends at" its last stop
    ("Start at 4, go to 2, then 7, and finish at 9.", [4, 2, 7, 9]),
    ("The route runs from 3 to 1 and ends at 8.", [3, 1, 8]),
    # a node described "with no neighbours" is named, not an empty answer
    ("Node 6 is the only vertex with no neighbours.", [6]),
])
def test_node_lists_with_checks_and_descriptions(text, expected):
    assert parse_node_list(text) == expected


def test_no_common_neighbours_is_still_empty():
    assert parse_node_list("Nodes 2 and 9 have no common neighbours.") == []


@pytest.mark.parametrize(("text", "parse", "expected"), [
    # one value said twice, once as a percentage, is no hedge
    ("The density is 0.25, or 25 percent.", parse_float, 0.25),
    ("Answer: 0.6 or 60%", parse_float, 0.6),
    # a count broken down in brackets is no "several paths" hedge
    ("The number of shortest paths from 0 to 7 is 5 — via node 2 (2 paths) and via node 4 "
     "(3 paths).", parse_int, 5),
])
def test_restatements_that_are_no_hedge(text, parse, expected):
    assert parse(text) == pytest.approx(expected)


def test_a_different_percentage_still_hedges():
    assert parse_float("The density is 0.25, or 30 percent.") is None


def test_every_node_except_leaves_out_only_the_named_ones():
    # the node the question starts from, named after the exception, stays in
    text = "Every node except 3 and 6 is reachable from node 0."
    assert answers.NODE_SET.read(text, None, Context(None, 8)).value == [0, 1, 2, 4, 5, 7]
    assert answers.NODE_SET.read("All nodes except 2.", None, Context(None, 4)).value == [0, 1,
                                                                                            3]


@pytest.mark.parametrize("text", [
    "Node 2: in the clique\nNode 5: not in the clique\nNode 7: in the clique",
    "Node 2: yes\nNode 5: no\nNode 7: yes",
    "- Node 2 ✓\n- Node 5 ✗\n- Node 7 ✓",
    "Vertex 2 — included\nVertex 5 — excluded (it misses 7)\nVertex 7 — included",
    "2: yes (degree 3)\n5: no\n7: yes",
])
def test_one_node_a_line_with_its_verdict_reads_the_nodes_said_yes(text):
    # read alone, the last line named one node; ✗ lines were counted in
    found = answers.NODE_SET.read(text, None, Context("Which nodes form a maximum clique?", 9))
    assert found.value == [2, 7]
