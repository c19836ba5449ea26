"""GraphInfer's human-mode readers on held-out answer batches
(tests/data/answers/infer_heldout_*.jsonl, infer_blind_*.jsonl): each batch was written
from real DBLP prompts and graded before the reader saw it; its header records the
first-try agreement. The target is the corpus one: >= 98% agreement with the grader and
at most 1% of the no-answer cases read as a value, per batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.suites.inference.test_reading import expected_of, reading_of
from tests.support.paths import ANSWERS

# held-out batches, and the blind ones written without reading the reader (same format)
BATCHES = sorted([*ANSWERS.glob("infer_heldout_*.jsonl"), *ANSWERS.glob("infer_blind_*.jsonl")])


def rows_of(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert all(row["type"] == "graphinfer" for row in rows)
    return [row for row in rows if "_format" not in row]


def test_batches_exist():
    assert len(BATCHES) >= 1
    assert sum(len(rows_of(path)) for path in BATCHES) >= 120


@pytest.mark.parametrize("path", BATCHES, ids=lambda p: p.stem)
def test_heldout_agreement_and_no_false_commits(path):
    rows = rows_of(path)
    misses = [(row["task"], row["class"], reading_of(row), expected_of(row)) for row in rows
              if reading_of(row) != expected_of(row)]
    no_answer = [row for row in rows if row["expected"] is None]
    false_commits = [row["class"] for row in no_answer if reading_of(row) is not None]
    assert no_answer, "a batch grades no-answer cases too"
    assert 1 - len(misses) / len(rows) >= 0.98, misses
    assert len(false_commits) <= 0.01 * len(no_answer), false_commits
