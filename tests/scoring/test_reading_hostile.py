"""Whatever a model writes, reading it never raises, never returns a value of the wrong
type, and one bad answer never stops a run (timing targets: benchmarks/reading.py)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from graphgauge.scoring import answers, parsing
from graphgauge.scoring.answers import Context, Prediction
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer, Region, final_region

KINDS = (answers.INT, answers.FLOAT, answers.BOOL, answers.NODE_SET, answers.NODE_LIST,
         answers.EDGE_SET, answers.EDGE_SEQUENCE)
ALPHA = tuple(chr(65 + i) for i in range(12))
PIECES = [
    "Answer:", "answer is ", "Final answer: ", "**Answer:**", "<answer>", "</answer>",
    "<think>", "</think>", "\\boxed{", "}", "{", "[", "]", "(", ")", "```", "```json\n",
    "wait, ", "actually ", "let me recount", "correction: ", "either ", " or ", "it depends",
    "I cannot determine", "?", "yes", "no", "No, ", "true", "none", "∅", "nodes ", "0 to 99999",
    "0–3", "3-5", " -> ", "→", "v_1", "$", "five", "twenty-one", "%", "√6", "× 10⁻²", ".42",
    "9" * 5000, "1e99999", "NaN", "inf", "-", "\n", "\n\n", "- ", "1. ", "| 3 | 4 |\n",
    '{"answer": ', '"source": 1, "target": 2', "A", "ZZ", "M", "Reasoning:", "Note:", "...",
]
fragments = st.one_of(st.sampled_from(PIECES), st.text(max_size=10),
                      st.integers(-10**20, 10**20).map(str))
texts = st.one_of(st.text(), st.lists(fragments, max_size=30).map("".join))


def well_typed(kind: answers.AnswerType, value) -> bool:
    if kind is answers.INT:
        return type(value) is int
    if kind is answers.FLOAT:
        return type(value) is float and math.isfinite(value)
    if kind is answers.BOOL:
        return type(value) is bool
    if kind in (answers.NODE_SET, answers.NODE_LIST):
        return isinstance(value, list) and all(type(v) is int and v >= -1 for v in value)
    return isinstance(value, list) and all(
        len(e) == 2 and all(type(v) is int and v >= -1 for v in e) for e in value)


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from([None, ALPHA]), st.sampled_from([None, 12]))
def test_every_core_reader_returns_its_type_or_no_answer(text, labels, nodes):
    context = Context("Does the graph contain a cycle?", nodes)
    for kind in KINDS:
        prediction = kind.read(text, labels, context)
        assert isinstance(prediction, Prediction)
        assert prediction.ok == (prediction.value is not None)
        assert not prediction.ok or well_typed(kind, prediction.value), (kind.name, text)
    # the readers themselves, without the safety net of AnswerType.read, never raise
    parsing.parse_int(text), parsing.parse_float(text)
    parsing.parse_bool(text, "Is the graph connected?")
    parsing.parse_node_list(text, ranges=True, limit=nodes), parsing.parse_edge_list(text)
    found = committed_label(text, ["AI", "Data Mining", "Database"])
    assert isinstance(found, NoAnswer) or found in ("AI", "Data Mining", "Database")
    assert isinstance(final_region(text), Region | NoAnswer)


HOSTILE = [
    ("The node 3 has degree 4, and (1, 2) is an edge. " * 5000)[:200_000],
    "nodes 0 to 99999 " * 100, "answer is " * 2000, "Answer:" + "\n" * 4000 + "5",
    "[" * 10_000 + "1" + "]" * 10_000, "\\boxed{" * 3000 + "1" + "}" * 3000,
    "Answer: " + "9" * 5000, "Answer: NaN", "Answer: 1e99999", "answer: " * 5000,
    "<think>" + "x 1 " * 20_000, '{"answer": ' + "[" * 5000 + "]" * 5000 + "}",
    # long runs between two values: each took 0.1-60 s in a backtracking regex
    "The answer is 1" + " " * 5000 + "2.", "Yes" + "9" * 3000 + "no", "Yes" + "(" * 3000 + "no",
    "nodes 1" + "\t" * 3000 + "to 3", "*" * 20_000, "\n" + "'" * 8000 + "x",
]


def test_hostile_answers_read_without_raising():
    for text in HOSTILE:
        for kind in KINDS:
            for labels in (None, ALPHA):
                prediction = kind.read(text, labels, Context(None, 12))
                assert not prediction.ok or well_typed(kind, prediction.value)
    # a number of thousands of digits is unreadable (no graph quantity has that many), not
    # an error; 3,000 digits still read exactly
    assert not answers.INT.read("Answer: " + "9" * 5000).ok
    assert answers.INT.read("Answer: 1" + "0" * 3000).value == 10**3000
    assert not answers.FLOAT.read("Answer: NaN").ok
    # a range is never expanded past the graph: its ends stay, the far one as an unknown
    # node, so the answer is wrong (and cheap to read)
    assert answers.NODE_SET.read("nodes 0 to 99999 " * 100, None, Context(None, 12)).value \
        == [-1, 0]


class Exploding(answers.AnswerType):
    name = "exploding"

    def _parse(self, text, context):
        raise RecursionError("a reader bug")


def test_a_reader_failure_is_no_answer_with_the_reason():
    prediction = Exploding().read("Answer: 5")
    assert not prediction.ok and "RecursionError" in prediction.error
    assert not Exploding().parse("Answer: 5").ok
