"""Declarative yes/no answers whose words are positive but whose verdict is not: a claim
read against the question's predicate must read No (or nothing), never Yes, when it
denies the predicate without "no"/"not", or speaks of another predicate of the asked
nodes that does not settle the asked one."""

from __future__ import annotations

import pytest

from graphgauge.scoring.yesno import read_bool

PATH = "Is there a path from node 4 to node 9?"
EDGE = "Is there an edge between node 4 and node 9?"
STRONG_PAIR = "Are node 4 and node 9 strongly connected?"
CONNECTED = "Is the graph connected?"
STRONG = "Is the graph strongly connected?"
CYCLE = "Does the graph contain a cycle?"


@pytest.mark.parametrize("question, text, expected", [
    # strongly connected components: apart denies only mutual reachability
    (PATH, "4 and 9 belong to different strongly connected components.", None),
    (PATH, "Nodes 4 and 9 sit in separate SCCs.", None),
    (STRONG_PAIR, "4 and 9 are in distinct strongly connected components.", False),
    (STRONG_PAIR, "Nodes 4 and 9 are in the same SCC.", True),
    (PATH, "4 and 9 lie in the same strongly connected component.", True),
    # plain components still deny a path (and so an edge)
    (PATH, "4 and 9 are in two different components.", False),
    (EDGE, "4 and 9 are in different components.", False),
    # counting components: a graph of several is not connected
    (CONNECTED, "This graph has three connected components.", False),
    (CONNECTED, "The graph splits into 2 components.", False),
    (STRONG, "The graph has 5 SCCs.", False),
    (CONNECTED, "The graph has 5 SCCs.", None),  # weakly it may still be connected
    (CONNECTED, "The graph forms a single connected component.", True),
    (PATH, "The graph has two components.", None),  # both nodes may be in one
    # antonyms of another predicate of the pair: settle the asked one only by implication
    (EDGE, "Nodes 4 and 9 are unreachable from one another.", False),
    (EDGE, "4 and 9 are disconnected.", False),
    (PATH, "4 and 9 are nonadjacent.", None),
    (PATH, "4 and 9 are adjacent.", True),
    (EDGE, "9 is reachable from 4.", None),
    # zero counts deny what they count
    (CYCLE, "This graph has 0 cycles.", False),
    (CYCLE, "Zero cycles appear in the graph.", False),
    (CYCLE, "The number of cycles in the graph is zero.", False),
    (CYCLE, "The graph has exactly one cycle.", True),
    (EDGE, "Node 0 has 4 and 9 as neighbours, so 4 and 9 are not adjacent.", False),
    # denying verbs and adjectives
    (CYCLE, "The graph lacks any cycle.", False),
    ("Is the graph bipartite?", "This graph fails to be bipartite.", False),
    (EDGE, "The edge between 4 and 9 is missing from the list.", False),
    (EDGE, "An edge between 4 and 9 is absent.", False),
    ("Is node 4 a hub (degree at least 5)?", "Node 4 has degree 4, just short of a hub.",
     False),
])
def test_declarative_denials(question, text, expected):
    found = read_bool(text, question)
    assert (found if isinstance(found, bool) else None) is expected


def test_ids_alone_still_answer_when_nothing_else_is_claimed():
    # "Node 9 is not among them": no other predicate, the asked nodes decide
    assert read_bool("Node 4's neighbours are 1, 2 and 6. Node 9 is not among them.",
                     EDGE) is False
    assert read_bool("4 and 9 are directly connected.", EDGE) is True


@pytest.mark.parametrize("question, text", [
    # nothing is said of the asked nodes but that they exist
    ("Are node 1 and node 8 adjacent?", "Nodes 1 and 8 both appear in the graph."),
    # what nodes may be in general, not what these are
    ("Are node 1 and node 8 adjacent?",
     "Vertices can be adjacent when an edge joins them. I have not looked yet."),
    # a question the model asks itself claims nothing
    ("Can node 6 reach node 2?", "Does 6 reach 2 through 6 → 4 → 2? I only see 2 → 4."),
])
def test_prose_that_claims_nothing_is_no_answer(question, text):
    assert not isinstance(read_bool(text, question), bool)


@pytest.mark.parametrize("question, text, expected", [
    (STRONG, "The digraph is merely weakly connected.", False),
    (STRONG, "It is weakly connected but not strongly connected.", False),
    (STRONG, "The digraph is weakly connected.", None),  # a strong one is weakly too
    (CONNECTED, "The digraph is weakly connected.", True),
])
def test_weakly_connected_against_strong_connectivity(question, text, expected):
    found = read_bool(text, question)
    assert (found if isinstance(found, bool) else None) is expected
