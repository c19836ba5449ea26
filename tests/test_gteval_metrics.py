"""GTEval metrics on hand-made answers: label matching, each transformation's metric, the
aggregation over templates and the diagnosis."""

from __future__ import annotations

import math
import statistics

import pytest

from graphgauge.analysis.gteval import (
    Answer,
    Spread,
    diagnose,
    random_ok,
    relabel_correct,
    relative_change,
    reverse_ok,
    rows_from_answers,
    variant_scores,
)
from graphgauge.suites.classify.labels import is_correct, mentioned_labels, single_label

LABELS = ("Database", "Data Mining", "AI", "Information Retrieval")
RELABEL = {"Database": "Data Management", "Information Retrieval": "Search and Information Access",
           "Data Mining": "Machine Learning and Intelligent Systems",
           "AI": "Machine Learning and Intelligent Systems"}


@pytest.mark.parametrize("text, expected", [
    ("Data Mining", ["Data Mining"]),
    ("The answer is: data mining.", ["Data Mining"]),
    ("Database, or maybe Data Mining", ["Database", "Data Mining"]),
    ("AI", ["AI"]),
    ("We maintain that it is about metadatabases", []),  # no whole-word label
    ("We maintain that it is about databases", ["Database"]),  # a plural names its label
    ("Information Retrieval (IR). Information retrieval again.", ["Information Retrieval"]),
    ("", []),
    ("I do not know.", []),
    ("AI-based Database", ["AI", "Database"]),
])
def test_mentioned_labels(text, expected):
    assert mentioned_labels(text, LABELS) == expected


def test_accuracy_needs_gold_and_nothing_else():
    assert is_correct("It is AI.", "AI", LABELS)
    assert not is_correct("AI or Database", "AI", LABELS)  # two labels
    assert not is_correct("no idea", "AI", LABELS)  # none
    assert not is_correct("Database", "AI", LABELS)  # wrong
    assert not is_correct(None, "AI", LABELS)
    assert single_label("Data Mining, data mining", LABELS) == "Data Mining"


def test_relabel_metric_is_in_the_coarse_space():
    gold = "AI"
    assert relabel_correct("Machine Learning and Intelligent Systems", gold, RELABEL)
    assert not relabel_correct("AI", gold, RELABEL)  # the original label is not the new one
    assert not relabel_correct("Data Management", gold, RELABEL)
    assert not relabel_correct(
        "Machine Learning and Intelligent Systems or Data Management", gold, RELABEL)
    assert not relabel_correct("", gold, RELABEL)


def test_reverse_metric_compares_with_the_models_own_original_answer():
    original = "Database"
    assert not reverse_ok("Database", original, LABELS)  # the original label again
    assert reverse_ok("AI", original, LABELS)
    assert not reverse_ok("AI and Database", original, LABELS)  # two labels: not valid
    assert not reverse_ok("none of them", original, LABELS)
    assert not reverse_ok("Data Management", original, LABELS)  # not a valid label here
    # the gold label is irrelevant: a wrong original answer still has to change
    assert reverse_ok("Database", "AI", LABELS)
    # no single original answer: any single valid label differs from it
    assert reverse_ok("AI", "I cannot tell", LABELS)


def test_random_metric_rewards_no_label():
    assert random_ok("Sounds like a lovely concert.", LABELS)
    assert random_ok(None, LABELS)
    assert not random_ok("AI", LABELS)
    assert not random_ok("Ducks? The paper is about data mining.", LABELS)


def _answers(table: dict[str, list[str]], golds: list[str]) -> list[Answer]:
    return [Answer(node=f"n{i}", variant=variant, repeat=0, text=text, gold=golds[i],
                   labels=LABELS, relabel=RELABEL)
            for variant, texts in table.items() for i, text in enumerate(texts)]


def test_aggregation_means_and_stds_over_templates():
    golds = ["AI", "Database", "Data Mining", "Information Retrieval"]
    table = {
        "original": ["AI", "Database", "AI", "Information Retrieval"],       # 3/4
        "rephrase:0": ["AI", "Database", "Data Mining", "Database"],         # 3/4
        "rephrase:1": ["AI", "AI", "AI", "AI"],                              # 1/4
        "relabel:0": ["Machine Learning and Intelligent Systems", "Data Management",
                      "AI", "Search and Information Access or Data Management"],  # 2/4
        "reverse:0": ["AI", "AI", "Database", "AI"],                         # differs: 0,1,1,1
        "reverse:1": ["Database", "Data Mining", "AI", "nothing"],           # 1,1,0,0
        "randomize:0": ["ok", "AI", "fine", "lovely"],                       # 3/4
    }
    s = variant_scores(_answers(table, golds))
    assert s["original"] == pytest.approx(0.75)
    assert s["answered"] == pytest.approx(1.0)
    assert s["rephrase"].mean == pytest.approx(0.5)
    assert s["rephrase"].std == pytest.approx(statistics.stdev([0.75, 0.25]))
    assert (s["rephrase"].templates, s["rephrase"].items) == (2, 8)
    assert s["relabel"].mean == pytest.approx(0.5) and s["relabel"].std == 0.0
    assert s["reverse"].mean == pytest.approx((0.75 + 0.5) / 2)
    assert s["randomize"].mean == pytest.approx(0.75)
    [row] = rows_from_answers({("r1", "m", "neighbors", "dblp"): _answers(table, golds)})
    assert row.relative_change == pytest.approx((0.5 - 0.75) / 0.75)
    assert "over-sensitive to wording" in row.diagnosis


def test_reverse_without_original_answers_is_not_scored():
    table = {"reverse:0": ["AI", "Database"]}
    s = variant_scores(_answers(table, ["AI", "AI"]))
    assert s["reverse"] is None and math.isnan(s["original"])


def test_relative_change_edges():
    assert relative_change(0.5, 0.25) == pytest.approx(-0.5)
    assert relative_change(0.0, 0.0) == 0.0
    assert math.isinf(relative_change(0.0, 0.1))


def _s(mean: float) -> Spread:
    return Spread(mean, 0.0, 10, 100)


@pytest.mark.parametrize("rep, rev, rnd, expected", [
    (0.85, 0.02, 0.03, "stable under wording; over-insensitive to content"),
    (0.50, 0.60, 0.80, "over-sensitive to wording; follows content changes"),
    (0.84, 0.70, 0.90, "understands the instructions"),
    (0.40, 0.01, 0.02, "over-sensitive to wording; over-insensitive to content"),
])
def test_diagnosis_profiles(rep, rev, rnd, expected):
    assert diagnose(0.86, 0.99, _s(rep), _s(rev), _s(rnd)).startswith(expected)


def test_diagnosis_of_a_model_that_does_not_answer():
    assert "does not answer" in diagnose(0.0, 0.0, _s(0.0), _s(0.0), _s(1.0))
    assert "run the 'original'" in diagnose(math.nan, math.nan, None, None, None)
