"""The typed readers on classes of phrasing found by blind batches (tests/data/answers/
typed_blind_*.jsonl): each case stands for a way models write, with a variant or two so
that a fix for one literal text does not pass."""

from __future__ import annotations

import pytest

from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.parsing import parse_float, parse_int
from graphgauge.scoring.region import NoAnswer

CORA = ["Database", "Data Mining", "AI", "Information Retrieval"]
PAPERS = ["Neural_Networks", "Rule_Learning", "Theory", "Genetic_Algorithms"]


@pytest.mark.parametrize(("text", "expected"), [
    ("The global clustering coefficient is one third.", 1 / 3),
    ("Exactly two-thirds of the edges lie on a cycle, so the ratio is two thirds.", 2 / 3),
    ("The density is a quarter.", 0.25),
    ("Three quarters.", 0.75),
    ("Visit a third node, and the ratio is 0.5.", 0.5),  # "a third node" is no fraction
])
def test_fractions_in_words(text, expected):
    assert parse_float(text) == pytest.approx(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("Jaccard similarity: they share 1 neighbour out of 4 distinct ones, so 1/4.", 0.25),
    ("It has 2 triangles out of 6 connected triples, therefore the coefficient is 0.33.",
     0.33),
    ("The max flow is 11, which equals the capacity of the cut between node 0 and node 2.",
     11),
])
def test_a_conclusion_after_a_trailing_clause_is_the_answer(text, expected):
    assert parse_float(text) == pytest.approx(expected)


def test_a_trailing_clause_without_a_conclusion_still_drops_its_numbers():
    assert parse_int("The distance is 3, because node 0 reaches node 7 via node 4.") == 3


@pytest.mark.parametrize(("text", "labels", "expected"), [
    ("It discusses query optimization and indexing, so **Databases**.", CORA, "Database"),
    ("This is a neural network paper.", PAPERS, "Neural_Networks"),
    ("Mostly about learning theories of generalisation: theories.", PAPERS, "Theory"),
    ("Genetic algorithm.", PAPERS, "Genetic_Algorithms"),
    ("Either Databases or AI.", CORA, None),
])
def test_labels_in_the_singular_or_plural(text, labels, expected):
    found = committed_label(text, labels)
    assert (None if isinstance(found, NoAnswer) else found) == expected
