"""Verdicts, hedges and refusals read as a careful grader reads them: which words in a
reply belong to the answer and which to its justification. An "or" between two things
that are not answers of the asked type is part of the reason, not a hedge; a denial word
inside the reason does not deny the asked predicate; a refusal followed by a how-to holds
no answer; a closing restatement of a path keeps its first node."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

EDGE = "Is there an edge between node 3 and node 14?"


def _read(kind: answers.AnswerType, text: str, nodes: int | None = None,
          question: str | None = None, labels: list[str] | None = None):
    prediction = kind.read(text, labels, Context(question, nodes))
    return prediction.value if prediction.ok else None


@pytest.mark.parametrize("text, expected", [
    # one edge spelled both ways, or two routes named in the reason: the verdict stands
    ("No. Node 3 is adjacent to 1, 6 and 9 only; neither (3, 14) or (14, 3) appears.", False),
    ("No, the list has no edge [3, 14] or [14, 3].", False),
    ("Yes — the list contains (3, 14) (or (14, 3), as it is undirected).", True),
    ("No: I find neither (3, 14) or (14, 3), nor any edge 3-14 in another form.", False),
    ("No. The pair {3, 14} or {14, 3} never appears.", False),
    # two verdicts are still a hedge
    ("Yes or no, depending on the direction.", None),
    ("It is either yes or no; I cannot tell from the list.", None),
    # the other verdict set apart after the first is an alternative answer ...
    ("Yes, or no if the list is directed.", None),
    ("Yes (or no, if (14, 3) is read as a different edge).", None),
    ("Yes — or no, if the edges are directed.", None),
    # ... "yes or no" as one phrase names the choice
    ("This is a yes or no question, and the answer is yes.", True),
    ("Answer (yes or no): no", False),
])
def test_or_between_reasons_is_not_a_hedge_of_a_verdict(text, expected):
    assert _read(answers.BOOL, text, 20, EDGE) is expected


@pytest.mark.parametrize("kind, text", [
    # two bracketed answers of the asked type still hedge, even the same items reversed
    (answers.NODE_LIST, "The shortest path is [2, 7, 9] or [2, 5, 9]."),
    (answers.NODE_LIST, "The path is [9, 4] or [4, 9]."),
    (answers.EDGE_SET, "The bridges are (1, 4) or (4, 6)."),
])
def test_or_between_answers_of_the_asked_type_still_hedges(kind, text):
    assert _read(kind, text, 12) is None


BIPARTITE = "Is the graph bipartite?"
CYCLE = "Does the graph contain a cycle?"
PATH = "Is there a path from node 4 to node 9?"
LINK = "Is there an edge between node 4 and node 9?"


@pytest.mark.parametrize("question, text, expected", [
    # "no"/"without" governing a word of the justification: the claim stands
    (BIPARTITE, "The graph is bipartite.\n\nA two-colouring from node 0 goes through "
                "without a clash.", True),
    (BIPARTITE, "Two-colouring the nodes by BFS level works with no conflicts at all.", True),
    (PATH, "Node 4 reaches node 9 without passing through node 6.", True),
    (PATH, "Node 4 reaches node 9 along a walk with no repeated vertices.", True),
    (LINK, "Nodes 4 and 9 are adjacent without any intermediate node.", True),
    # "no"/"without" governing the predicate (or a fact that decides it) denies it
    (CYCLE, "This graph is without cycles.", False),
    (CYCLE, "I traced every component and found no cycle.", False),
    (BIPARTITE, "The graph has no odd cycle, so it is two-colourable.", True),
    (BIPARTITE, "Checking the levels, the graph has no valid 2-colouring.", False),
    (PATH, "There is no route from node 4 to node 9.", False),
    (LINK, "Nodes 4 and 9 have no edge between them.", False),
    (PATH, "Node 4 cannot reach node 9 without an edge into 9.", False),
    # a failure named outright denies the attempt; a failure denied leaves it standing
    (BIPARTITE, "A 2-colouring of this graph hits a conflict at edge 3-5.", False),
    (BIPARTITE, "Two-colouring the graph by BFS leads to a clash on edge (2, 6).", False),
    (BIPARTITE, "There is no conflict-free 2-colouring of this graph.", False),
    (BIPARTITE, "The graph is two-colourable; I found no conflicting edge.", True),
    (BIPARTITE, "This graph's 2-colouring never produces a conflict.", True),
])
def test_denial_words_bear_on_what_they_govern(question, text, expected):
    assert _read(answers.BOOL, text, 12, question) is expected


HOW_TO = ("I can't compute the spectral radius exactly without software. Here's how you could "
          "do it:\n\n1. Build the 12×12 adjacency matrix: a 1 for every edge.\n2. Run power "
          "iteration from the all-ones vector.\n3. Read off the norm ratio after 50 steps.")


@pytest.mark.parametrize("text", [
    HOW_TO,
    HOW_TO + "\n\nLet me know if you'd like a script for it!",
    "Sorry, I'm unable to calculate the closeness centrality by hand here.\n\nYou can get it "
    "with NetworkX: nx.closeness_centrality(G)[3]. It takes 2 lines.\n\nHappy to help!",
    "Unfortunately I cannot determine the exact value without running code.\n\n**Steps to "
    "compute it:**\n- Form the Laplacian L = D - A (a 7×7 matrix).\n- Take its second-"
    "smallest eigenvalue.",
    "I'm sorry, but I can't compute PageRank by hand for a 20-node graph.\n\nTo get it, you "
    "would:\n1. Start every node at 0.05.\n2. Repeat the update 30 times with damping 0.85.",
    "I can't calculate this precisely.\n\nYou'd need to form the 20 × 20 Laplacian and find "
    "its 2 smallest eigenvalues.",
])
def test_refusal_followed_by_a_how_to_holds_no_answer(text):
    assert _read(answers.FLOAT, text) is None


@pytest.mark.parametrize("text, expected", [
    # the closing prose works the value out after all
    ("I can't compute it exactly without software. Here's how you could do it:\n\n- Build "
     "the 12×12 matrix.\n- Run power iteration.\n\nDoing that by hand, the ratio settles at "
     "3.42.", 3.42),
    ("I can't calculate this precisely by hand.\n\nTo get the exact value, one would sum 29 "
     "terms; doing it roughly, the sum comes to 4.73.", 4.73),
    ("I can't be certain without running code.\n\nStill, summing the degrees (28) and "
     "halving them, there are 14 edges.", 14.0),
    # a how-to with no refusal before it is a worked answer
    ("Here's how you could check it: sum the degrees (28) and halve them.\n\nSo the graph "
     "has 14 edges.", 14.0),
])
def test_refusal_then_a_worked_value_still_answers(text, expected):
    assert _read(answers.FLOAT, text) == expected


@pytest.mark.parametrize("text, expected", [
    # the measure names the path: its first node is not a measurement
    ("So the path of minimum total weight is 3 → 8 → 10.", [3, 8, 10]),
    ("The route with the lowest total cost is 2 -> 6 -> 1 -> 4.", [2, 6, 1, 4]),
    ("The walk of least overall distance is 5, 0, 7.", [5, 0, 7]),
    ("The best path is **[1, 9, 4]** (weight 5).\n\nSo the path of smallest weight is "
     "1 → 9 → 4.", [1, 9, 4]),
    # a measure followed by the walk it measures: the walk's first stop is no measurement
    ("The shortest path by total weight is 3 → 8 → 10.", [3, 8, 10]),
    ("The path with the smallest sum of weights is 2 -> 6 -> 1.", [2, 6, 1]),
    # a measurement of the path stays one
    ("The path of minimum total weight is 7.", None),
    ("The cheapest path is 3 → 8 → 10; the path of minimum total weight is 11.", [3, 8, 10]),
])
def test_measure_naming_a_path_keeps_its_first_node(text, expected):
    assert _read(answers.NODE_LIST, text, 12) == expected


def test_measure_naming_a_path_in_labels():
    labels = [chr(ord("A") + i) for i in range(26)]
    text = "So the path of minimum total weight is J → T → Y."
    assert _read(answers.NODE_LIST, text, labels=labels) == [9, 19, 24]


@pytest.mark.parametrize("kind, text", [
    # two values that both work, to a question asking for one; the choice left to the reader
    (answers.INT, "Both 6 and 7 work as the cut size; I'll go with whichever you prefer."),
    (answers.INT, "Both 6 and 7 are valid answers for the cut size."),
    (answers.INT, "6 and 7 both work here."),
    (answers.FLOAT, "The ratio is 0.5 or 0.25 — take your pick."),
    # a second candidate that works as well, none chosen
    (answers.NODE_LIST, "One option is [4, 1, 8], though [4, 6, 8] also seems to work."),
    (answers.NODE_LIST, "A candidate order: [2, 0, 1, 3]. [2, 1, 0, 3] works too."),
    (answers.INT, "The diameter is 5, though 6 would also work if you count the loop."),
    # doubt that governs the statement of the value
    (answers.NODE_SET, "We cannot be sure node 8 is outside the cover."),
    (answers.NODE_SET, "I can't be certain that nodes 2 and 8 form the cover."),
    (answers.NODE_SET, "There is no way to be sure node 8 is excluded."),
    # the work still to do, then a question back
    (answers.INT, "There are 45 node pairs to compare. Shall I go through them?"),
    (answers.INT, "That leaves 20 paths still to explore. Do you want me to continue?"),
])
def test_no_value_committed(kind, text):
    assert _read(kind, text, 12) is None


@pytest.mark.parametrize("kind, text, expected", [
    # items of one answer to a set question
    (answers.NODE_SET, "Both 3 and 5 are valid articulation points.", [3, 5]),
    (answers.NODE_SET, "Nodes 3 and 7 both work as centres.", [3, 7]),
    # "works"/"work" that is not another candidate
    (answers.INT, "Answer: 6. The same method also works for directed graphs.", 6),
    (answers.INT, "The answer is 3! I can also work out the degrees of the other 9 nodes.", 3),
    # doubt that is set aside before the value
    (answers.INT, "I can't be sure, but the answer is 5.", 5),
    # a count with an offer to show it
    (answers.INT, "There are 12 triangles. Shall I list them?", 12),
    (answers.INT, "I had 14 edges to check, and all exist, so the graph has 14 edges. Want "
                  "the list?", 14),
])
def test_value_still_committed(kind, text, expected):
    assert _read(kind, text, 12) == expected
