"""An answer committed, then explained (issue #15, blind batches core_blind_s16b / s17a):
the explanation names other values (a property of the answer, a quantity of another kind,
a sub-step, an example node), and those are no answer and no rival; a correction, a new
marker or a restatement of the whole answer after it still is."""

from __future__ import annotations

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context


def read(kind, text, nodes=12, labels=None):
    found = kind.read(text, labels, Context(None, nodes))
    return found.value if found.ok else None


def test_no_shorter_path_is_a_property_of_the_path_not_an_empty_answer():
    # (s16b:68: "This path has 3 edges, and there is no shorter path" read as [])
    assert read(answers.NODE_LIST, "The path from 0 to 5 is 0 -> 2 -> 5.\n\nIt has 2 edges, "
                "and there is no shorter path between them.") == [0, 2, 5]
    assert read(answers.NODE_LIST, "Shortest path from A to B: 4 → 1 → 7. It takes two hops; "
                "there is no shorter path.") == [4, 1, 7]
    assert read(answers.NODE_SET, "The centre is {3, 5}. No smaller node set has "
                "eccentricity 2.") == [3, 5]

def test_no_path_or_no_node_still_says_empty():
    assert read(answers.NODE_LIST, "There is no path between node 1 and node 9.") == []
    assert read(answers.NODE_SET, "Nodes 2 and 7 share no common neighbours.") == []
    assert read(answers.EDGE_SET, "The graph is a forest, so there are no cycle edges; "
                "there is no bridge-free edge either.") == []
