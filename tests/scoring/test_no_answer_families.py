"""No-answer classes of the grading rule that the core readers used to read as a value
(issue #15, the s10 blind batches): another solution offered after the answer, "either one
of them", a hedge that cannot say whether, lists cut at a clean boundary or given "so far",
a question back that quotes a number, and two final answers without a correction between
them. Texts here are written for this test, not taken from the corpus."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

INT, FLOAT, BOOL = answers.INT, answers.FLOAT, answers.BOOL
NODES, PATH = answers.NODE_SET, answers.NODE_LIST
EDGES, WALK = answers.EDGE_SET, answers.EDGE_SEQUENCE


def read(kind: answers.AnswerType, text: str, question: str | None = None):
    prediction = kind.read(text, None, Context(question, 12))
    return prediction.value if prediction.ok else None


# --- another solution offered, or any of several ---------------------------------------------

@pytest.mark.parametrize("kind, text", [
    (PATH, "2 → 5 → 9 → 1\n\nEvery step is an edge of the graph.\n\nOr equally: [2, 7, 9, 1], "
           "since (2, 7) and (7, 9) exist too."),
    (EDGES, "(0, 4), (1, 6), (3, 8)\n\nOr alternatively (0, 5), (1, 6), (3, 8)."),
    (PATH, "Paths [3, 4, 10] and [3, 9, 10] both cost 7, so the shortest path is either one "
           "of them."),
    (NODES, "{1, 5} and {2, 6} have the same size, and the minimum cover is any of these."),
    (PATH, "I tried a few orders and none of them visited all 12 nodes, but I can't say "
           "whether a Hamiltonian path exists."),
])
def test_alternatives_and_undecided_answers_are_no_answer(kind, text):
    assert read(kind, text) is None


@pytest.mark.parametrize("kind, text, value", [
    # one answer named with its check, no second solution
    (PATH, "2 → 5 → 9 → 1\n\nEvery step is an edge of the graph.", [2, 5, 9, 1]),
    # "either" naming the ends of the answer, not a choice between answers
    (EDGES, "The bridges are (2, 3) and (6, 7); removing either one of them disconnects the "
            "graph.", [[2, 3], [6, 7]]),
    (BOOL, "Yes, I can say whether it is connected: it is.", True),
])
def test_one_answer_beside_such_words_is_kept(kind, text, value):
    assert read(kind, text) == value
