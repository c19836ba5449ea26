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
