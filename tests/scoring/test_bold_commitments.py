"""Bold emphasis is a commitment only where a careful grader sees one: a bold sentence or
labelled line at the end, not a bold token in the working when a labelled answer follows."""

from __future__ import annotations

import pytest

from graphgauge.render.labeling import alpha_label
from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

TRIANGLES = Context("How many triangles are in the graph?", None)
ASIDE = ("I checked every edge for a common neighbour; the graph has longer cycles "
         "(e.g. 1–5–7–2–1 is a 4-cycle, not a triangle).\n\n")


@pytest.mark.parametrize("text, expected", [
    # a bold sentence ends at its closing "**", so the "no triangles" it states is the
    # last sentence, and the "4-cycle" of the aside before it is not the count
    (ASIDE + "**There are no triangles in this graph.**", 0),
    (ASIDE + "**No triangles.**", 0),
    (ASIDE + "**There are no triangles in this graph!**", 0),
    (ASIDE + "**There are 2 triangles in this graph.**", 2),
])
def test_bold_closing_sentence_is_the_count(text, expected):
    assert answers.INT.read(text, None, TRIANGLES).value == expected


@pytest.mark.parametrize("text", [
    ASIDE + "**There are no triangles in this graph.** Or maybe 1.",
    ASIDE + "**There are either 0 or 1 triangles.**",
])
def test_bold_closing_sentence_still_hedges(text):
    assert answers.INT.read(text, None, TRIANGLES).value is None


WORKING = ("Cheap edges first: 0–2 (2), 2–1 (1), 1–3 (2), 3–0 (3).\n\n"
           "Candidate: 0 → 2 → 1 → 3 → 0 = 2 + 1 + 2 + 3 = **8**.\n\n")
TABLE = ("| Tour | Weight |\n|---|---|\n| 0 → 1 → 2 → 3 → 0 | 27 |\n"
         "| 0 → 2 → 1 → 3 → 0 | 2 + 1 + 2 + 3 = **8** |\n\n")
TOURS = Context(None, 4)


@pytest.mark.parametrize("text", [
    WORKING + "**Tour: [0, 2, 1, 3]**",  # a bold labelled value closes the reply
    TABLE + "**Shortest tour:** [0, 2, 1, 3] (weight 8)",  # a bold label, then the value
    WORKING + "**The shortest tour is 0 → 2 → 1 → 3.**",  # a whole bold sentence
])
def test_bold_answer_line_outranks_a_bold_value_in_the_working(text):
    assert answers.NODE_LIST.read(text, None, TOURS).value == [0, 2, 1, 3]


def test_bold_label_in_the_opening_sentence_is_not_the_answer():
    labels = [alpha_label(i) for i in range(7)]
    text = ("Starting the DFS at **F** and always taking the first unvisited neighbour:\n\n"
            "1. F → B\n2. B → A\n3. A → C\n\nAll visited.\n\n"
            "**DFS tree edges:** [(F, B), (B, A), (A, C)]")
    assert answers.EDGE_SEQUENCE.read(text, labels, Context(None, 7)).value == [
        [5, 1], [1, 0], [0, 2]]


@pytest.mark.parametrize("text", [
    WORKING + "**Tour:** [0, 2, 1, 3] or [0, 3, 1, 2]",  # the closing line hedges
    WORKING + "**Tour:** [0, 2, 1,",  # cut off inside it
])
def test_closing_bold_line_that_does_not_commit_leaves_no_answer(text):
    # (before, the bold "**8**" of the working was read, as the wrong tour [8])
    assert answers.NODE_LIST.read(text, None, TOURS).value is None


DIAMETER = Context("What is the diameter?", None)


@pytest.mark.parametrize("text, expected", [
    # a bold closing line with no value is no statement: the bold value stays the answer
    ("The longest shortest path runs 0-1-2-3-4, so the diameter is **4**.\n\n"
     "**Hope this helps!**", 4),
    # a numbered label is a step of the working, not an answer label
    ("The eccentricities are 3, 4, 4, so the diameter is **4**.\n\n"
     "**Path 1:** 0 to 4 via 1, 2, 3", 4),
    ("Candidate: 0 → 2 → 1 → 3 → 0 = **8**.\n\n**Minimum tour weight:** 8", 8),
    # the closing bold line hedges: no longer the bold "**8**" above it
    ("Candidate: 0 → 2 → 1 → 3 → 0 = **8**.\n\n**Minimum tour weight:** 8 or 9", None),
])
def test_bold_value_and_closing_bold_line(text, expected):
    assert answers.INT.read(text, None, DIAMETER).value == expected


COVER = ("A maximum matching: (0, 1), (2, 3).\n\nTwo nodes remain uncovered: **4** and **5**... "
         "let me check: node 4 is adjacent to 0 and node 5 to 3, so I add (0, 4) and (3, 5)."
         "\n\n")


@pytest.mark.parametrize("heading", ["## Minimum edge cover", "**Minimum edge cover**"])
def test_value_under_a_closing_heading_outranks_bold_nodes_in_the_working(heading):
    text = COVER + heading + "\n\n[(0, 1), (2, 3), (0, 4), (3, 5)]"
    assert answers.EDGE_SET.read(text, None, Context(None, 6)).value == [
        [0, 1], [2, 3], [0, 4], [3, 5]]


@pytest.mark.parametrize("text", [
    COVER + "## Minimum edge cover\n\n[(0, 1), (2, 3), (0, 4), (3, 5)] or "
            "[(0, 1), (2, 3), (1, 4), (3, 5)]",  # the section under the heading hedges
    COVER + "## Step 3\n\n(0, 4) and (3, 5) are edges.",  # a step of the working
])
def test_closing_heading_that_does_not_commit_leaves_no_answer(text):
    assert answers.EDGE_SET.read(text, None, Context(None, 6)).value is None


@pytest.mark.parametrize("text", [
    # a heading of the working keeps the bold value, whatever numbers its section names
    "The eccentricities are 3, 4, 4, so the diameter is **4**.\n\n## Verification\n\n"
    "The path 0-1-2-3 has 3 edges.",
    # the heading names the quantity: its value, not a bold result of the working (was 3)
    "Eccentricity of node 0: 1 + 2 = **3**\n\n## Diameter\n\n4",
])
def test_closing_heading_and_bold_value(text):
    assert answers.INT.read(text, None, DIAMETER).value == 4


def test_closing_conclusion_outranks_a_bold_value_in_the_working():
    text = WORKING + "So the shortest tour is [0, 2, 1, 3]."
    assert answers.NODE_LIST.read(text, None, TOURS).value == [0, 2, 1, 3]
    hedged = WORKING + "So the shortest tour is [0, 2, 1, 3] or [0, 3, 1, 2]."
    assert answers.NODE_LIST.read(hedged, None, TOURS).value is None


@pytest.mark.parametrize("text", [
    "Eccentricity of node 0: 1 + 2 = **3**.\n\nSo the diameter is 4.",  # (was 3)
    # a remark after a bold answer is no conclusion: the bold value stays the answer
    "So the diameter is **4**.\n\nThe farthest pair is 0 and 4.",
    "So the diameter is **4**.\n\nThis is because nodes 0 and 4 are 4 apart.",
])
def test_bold_value_and_closing_sentence(text):
    assert answers.INT.read(text, None, DIAMETER).value == 4


@pytest.mark.parametrize("text", [
    # a bold value the text states as the answer stands against closing support for it
    "The shortest path length is **3**.\n\n**Path:** 0 → 2 → 5 → 7",
    "The shortest path has length **3**.\n\nSo the path is 0 → 2 → 5 → 7.",
    "The shortest path has length **3**.\n\n## Path\n\n0 → 2 → 5 → 7",
])
def test_stated_bold_answer_keeps_against_closing_support(text):
    question = Context("What is the length of the shortest path from 0 to 7?", 8)
    assert answers.INT.read(text, None, question).value == 3


def test_stated_bold_node_keeps_against_a_closing_list_of_its_neighbours():
    text = "Node **3** has degree 4, the most.\n\n**Neighbours:** [0, 1, 2, 5]"
    question = Context("Which node has the highest degree?", 6)
    assert answers.NODE_SET.read(text, None, question).value == [3]


@pytest.mark.parametrize("closing", [
    "Tour: [0, 2, 1, 3]",  # a plain label and a list
    "The shortest tour is 0 → 2 → 1 → 3.",  # a stated walk
])
def test_plain_closing_list_outranks_a_bold_result_of_the_working(closing):
    assert answers.NODE_LIST.read(WORKING + closing, None, TOURS).value == [0, 2, 1, 3]


WEIGHT = Context("What is the total weight of the shortest tour?", 4)
SUM = "Tour 0 → 2 → 1 → 3 → 0: 2 + 1 + 2 + 3 = **8**\n\n"


@pytest.mark.parametrize("text", [
    # the nodes of a walk are no quantity: a closing walk does not rival the weight
    SUM + "The tour is 0 → 2 → 1 → 3 → 0.",
    SUM + "**Tour: 0 → 2 → 1 → 3 → 0**",
    "The best tour is 0 → 2 → 1 → 3 → 0 with weight 8.",
    "So the walk is $0 \\to 2 \\to 1 \\to 3 \\to 0$, of weight 8.\n\nThe weight is $\\boxed{8}$.",
])
def test_walk_nodes_are_not_a_count(text):
    assert answers.INT.read(text, None, WEIGHT).value == 8


@pytest.mark.parametrize("text, expected", [
    ("Result → 6", 6),  # an arrow from a word is no walk
    ("0 → 2 → 1 → 3 → 0", None),  # a walk alone states no weight
])
def test_arrow_without_a_walk_and_walk_without_a_count(text, expected):
    assert answers.INT.read(text, None, WEIGHT).value == expected


HIGHEST = Context("Which node has the highest degree?", 6)


@pytest.mark.parametrize("table", [
    "| Node | Degree |\n|---|---|\n| 0 | 3 |\n| 1 | 2 |\n| 3 | 4 |",
    "Degrees:\n- 0: 3\n- 1: 2\n- 3: 4",
    "Degrees:\n- **Node 0**: 3\n- **Node 1**: 2\n- **Node 3**: 4",
])
def test_node_singled_out_after_a_table_of_values_is_the_answer(table):
    # (was the table's node column, [0, 1, 3])
    text = table + "\n\nNode 3 has the highest degree."
    assert answers.NODE_SET.read(text, None, HIGHEST).value == [3]


@pytest.mark.parametrize("answer", ["[1, 2, 5]", "Neighbours:\n- 1\n- 2\n- 5"])
def test_superlative_remark_after_an_answer_list_stays_a_remark(answer):
    question = Context("Which nodes are neighbours of node 0?", 6)
    text = answer + "\n\nNode 5 has the highest degree among them."
    assert answers.NODE_SET.read(text, None, question).value == [1, 2, 5]


@pytest.mark.parametrize("text, expected", [
    # the measure names the node ("the node with the highest degree is 3"): was no answer
    ("So the node with the highest degree is 3.", [3]),
    ("The vertex of largest degree is 5.", [5]),
    # a measure of a named node stays a value, not an id
    ("The highest degree is 4, at node 3.", [3]),
    ("Nodes with degree 2 are 1 and 4.", [1, 4]),
])
def test_node_named_by_its_measure(text, expected):
    assert answers.NODE_SET.read(text, None, HIGHEST).value == expected
