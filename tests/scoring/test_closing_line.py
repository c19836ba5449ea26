"""A reply that closes on a line naming the quantity and giving one value ("**Number of
triangles: 2**", "## Diameter: 4", "Jaccard similarity = 0.5") commits to that value, over
bold values in the working, formulas and opening definitions above it; not when the line
names another quantity, is followed by a correction, hedges, or is a line of working. A
parameter set on the way ("at t = 1 is") is no value stated."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

COMPONENTS = Context("How many connected components does the graph have?", 12)
TRIANGLES = Context("How many triangles are in the graph?", 9)
ESTRADA = Context("What is the Estrada index of the graph at scale t = 1?", 6)
JACCARD = Context("What is the Jaccard similarity of node 2 and node 5?", 8)
NEIGHBOURS = Context("Which nodes are adjacent to node 3?", 8)
PATH = Context("What is the shortest path from node 0 to node 5?", 8)
MST = Context("Which edges form a minimum spanning tree?", 6)
OFFSET = [str(i + 1) for i in range(8)]

WALK = ("Walking from node 0: 0 → 4 → 7, 4 → 2 → 9, 9 → 1, 3, 5, 6, 8, 10, 11.\n\n"
        "That covers **12 nodes**, i.e. every node of the graph.\n\n")


@pytest.mark.parametrize("closing", [
    "**Number of connected components: 1**",
    "**Connected components:** 1",
    "### Connected components: 1",
    "Connected components: 1",
    "**Components = 1** (the whole graph)",
])
def test_closing_line_beats_a_bold_count_of_the_working(closing):
    assert answers.INT.read(WALK + closing, None, COMPONENTS).value == 1


def test_closing_line_beats_an_opening_formula():
    opening = ("The Estrada index is $EE = \\sum_{i} e^{\\lambda_i}$, the sum over the "
               "eigenvalues of $A$.\n\nThe eigenvalues are 2, 0, 0, -1, -1, 0, giving "
               "7.39 + 3 + 0.74.\n\n")
    assert answers.FLOAT.read(opening + "**Estrada index ≈ 11.13**", None,
                              ESTRADA).value == pytest.approx(11.13)
    definition = ("Jaccard: $J(2, 5) = \\frac{|N(2) \\cap N(5)|}{|N(2) \\cup N(5)|}$\n\n"
                  "**N(2)** = {1, 4, 6}\n**N(5)** = {1, 4, 7}\n\n"
                  "Shared 2, union 4, ratio = **0.50**\n\n")
    assert answers.FLOAT.read(definition + "Jaccard similarity = 0.5", None,
                              JACCARD).value == pytest.approx(0.5)
    adamic = ("Adamic-Adar index: $AA(2, 5) = \\sum_{w \\in N(2) \\cap N(5)} "
              "\\frac{1}{\\log \\deg(w)}$\n\nCommon neighbours: 1 (degree 3) and 4 (degree 2)."
              "\n\n$1/\\ln 3 + 1/\\ln 2 = 0.910 + 1.443 = $ **2.353**\n\n")
    context = Context("What is the Adamic-Adar index of node 2 and node 5?", 8)
    assert answers.FLOAT.read(adamic + "**Adamic-Adar index ≈ 2.35**", None,
                              context).value == pytest.approx(2.35)
    # the value a chain of working comes to: "= 2/4 = 0.5"
    assert answers.FLOAT.read(definition + "**J(2, 5) = 2/4 = 0.5**", None,
                              JACCARD).value == pytest.approx(0.5)


def test_closing_line_beats_bold_edges_of_the_working():
    text = ("Scanning the edge list, node 3 appears in **(2, 3)**, **(3, 6)** and **(3, 8)**."
            "\n\n**Neighbours of node 3: [2, 6, 8]**")
    assert answers.NODE_SET.read(text, OFFSET, NEIGHBOURS).value == [1, 5, 7]
    heading = text.replace("**Neighbours of node 3: [2, 6, 8]**", "## Neighbours of 3: 2, 6, 8")
    assert answers.NODE_SET.read(heading, OFFSET, NEIGHBOURS).value == [1, 5, 7]


@pytest.mark.parametrize("text", [
    "The shortest route is 0 → 3 → 5.\n\n**Total weight: 9**",
    "Route: **0 → 3 → 5** (edges (0, 3) and (3, 5)).\n\n**Total weight:** 9 (4 + 5)",
])
def test_a_closing_measure_is_not_the_path(text):
    assert answers.NODE_LIST.read(text, None, PATH).value == [0, 3, 5]


def test_a_closing_total_is_not_the_edges():
    text = ("Kruskal keeps the cheapest edges that close no cycle:\n\n"
            "[(0, 1), (1, 2), (2, 4), (3, 4), (4, 5)]\n\nTotal weight: 11")
    assert answers.EDGE_SET.read(text, None, MST).value == [[0, 1], [1, 2], [2, 4], [3, 4],
                                                            [4, 5]]


def test_a_closing_list_is_not_the_count():
    # (the closing example is no count; what the text above commits to, the rivals decide)
    text = "The largest clique has size 3.\n\nOne such clique: {2, 4, 7}"
    assert answers.INT.read(text, None, Context("What is the clique number?", 9)).value != 2


@pytest.mark.parametrize("text, expected", [
    # a correction after the closing line wins; a retraction voids it
    (WALK + "**Connected components: 1**\n\nWait, node 11 has no edges, so there are 2.", 2),
    (WALK + "**Connected components: 1**\n\nHmm, actually let me recount that.", None),
    # a hedge in the closing line is no answer
    (WALK + "**Connected components: 1 or 2**", None),
    # the same quantity stated otherwise right above, no correction: two answers
    ("The graph has 2 triangles.\n\nTriangles: 3", None),
    ("There are 2 triangles in all.\n\n**Total triangles: 3**", None),
])
def test_what_follows_or_precedes_the_closing_line_still_counts(text, expected):
    context = TRIANGLES if "triangle" in text else COMPONENTS
    assert answers.INT.read(text, None, context).value == expected


@pytest.mark.parametrize("text", [
    # lines of working are no closing line: a numbered step, a running total, a line of
    # a block of labelled lines, arithmetic still being done
    WALK + "Step 3: 5",
    WALK + "Components so far: 5",
    WALK + "Isolated nodes: 0\nComponents: 5",
    WALK + "Components: 5 + 1",
    # a sentence, not a label, before the colon
    WALK + "Here is what I would check next: 5",
])
def test_lines_of_working_are_no_closing_line(text):
    assert answers.INT.read(text, None, COMPONENTS).value not in (5, 6)


def test_a_stated_quantity_of_the_working_is_no_rival():
    # "its degree is 3" above "Degree centrality = 0.6" states another quantity
    text = ("Node 4 touches nodes 0, 2 and 5, so its degree is 3; there are 6 nodes.\n\n"
            "**Degree centrality of node 4 = 3/5 = 0.6**")
    context = Context("What is the degree centrality of node 4?", 6)
    assert answers.FLOAT.read(text, None, context).value == pytest.approx(0.6)


@pytest.mark.parametrize("text", [
    "The Estrada index at t = 1 is 11.13.\n\nEigenvalues 2, 0, 0, -1, -1, 0 give "
    "7.39 + 3 + 0.74.",
    "The Estrada index at $t = 1$ is $\\sum_i e^{\\lambda_i}$.\n\nEigenvalues 2, 0, 0, -1, "
    "-1, 0 give 7.39 + 3 + 0.74 ≈ 11.13.",
    "The Estrada index at t = 1 is $\\sum_i e^{\\lambda_i}$.\n\nWith eigenvalues 2, 0, 0, -1,"
    " -1, 0, the Estrada index is about 11.13.",
])
def test_a_parameter_set_on_the_way_is_no_value(text):
    assert answers.FLOAT.read(text, None, ESTRADA).value == pytest.approx(11.13)


def test_an_assignment_that_is_the_value_still_counts():
    text = "The graph can be coloured with k = 3 colours, and no fewer."
    context = Context("What is the chromatic number of the graph?", 7)
    assert answers.INT.read(text, None, context).value == 3


def test_the_closing_label_must_name_what_is_asked():
    text = "Node **3** has degree 4, the most.\n\n**Neighbours of node 3:** [0, 1, 2, 5]"
    asked = Context("What are the neighbours of node 3?", 6)
    other = Context("Which node has the highest degree?", 6)
    assert answers.NODE_SET.read(text, None, asked).value == [0, 1, 2, 5]
    assert answers.NODE_SET.read(text, None, other).value == [3]
    # a label naming nothing in particular closes on the answer whatever was asked
    plain = "Node **3** has degree 4.\n\n**Result:** [0, 1, 2, 5]"
    assert answers.NODE_SET.read(plain, None, asked).value == [0, 1, 2, 5]


ADAMIC = Context("What is the Adamic-Adar index of node 2 and node 5?", 8)
SHARED = "\n\nCommon neighbours: 1 (degree 3) and 4 (degree 2).\n\n"


@pytest.mark.parametrize("text, expected", [
    # an opening formula states no value, whatever closes the reply
    ("Adamic-Adar index: $AA = \\sum_w 1/\\log d_w$" + SHARED
     + "So the Adamic-Adar index is about 2.35.", 2.35),
    ("The Adamic-Adar index is $\\sum_{w} 1/\\log(d_w)$." + SHARED
     + "Adamic-Adar index ≈ 2.35", 2.35),
    # an opening value of the same labelled quantity: the same value agrees, another is a
    # second final answer
    ("Adamic-Adar index: 2.35" + SHARED + "**Adamic-Adar index ≈ 2.35**", 2.35),
    ("Adamic-Adar index: 1.2" + SHARED + "**Adamic-Adar index ≈ 2.35**", None),
])
def test_an_opening_formula_is_no_value_and_an_opening_value_is(text, expected):
    read = answers.FLOAT.read(text, None, ADAMIC).value
    assert read == (None if expected is None else pytest.approx(expected))


@pytest.mark.parametrize("after, expected", [
    ("Let me know if you need anything else!", 1),  # a pleasantry leaves it standing
    ("Hope this helps.", 1),
    ("Wait, node 11 has no edges: 2 components.", 2),  # a correction does not
])
def test_a_pleasantry_after_the_closing_line_leaves_it_standing(after, expected):
    text = WALK + "**Connected components: 1**\n\n" + after
    assert answers.INT.read(text, None, COMPONENTS).value == expected
