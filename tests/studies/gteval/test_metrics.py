"""GTEval metrics on hand-made answers: label matching, each transformation's metric as
the run scores one item (the variant's ``expected()`` through ``Task.score``), the
aggregation over templates of stored scores, and the diagnosis."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from graphgauge.instance import Instance
from graphgauge.render.prompt import asked_for
from graphgauge.runner import score_response
from graphgauge.studies.gteval.rows import (
    Scored,
    Spread,
    diagnose,
    relative_change,
    rows_from_answers,
    variant_scores,
)
from graphgauge.suites.classify.labels import is_correct, mentioned_labels, single_label

LABELS = ("Database", "Data Mining", "AI", "Information Retrieval")
RELABEL = {"Database": "Data Management", "Information Retrieval": "Search and Information Access",
           "Data Mining": "Machine Learning and Intelligent Systems",
           "AI": "Machine Learning and Intelligent Systems"}


def node(gold: str, name: str = "n0") -> Instance:
    """A classify item with the DBLP label space; its text is irrelevant to scoring."""
    graphs = {"G": {"directed": False, "nodes": [{"id": 0, "text": "A paper."}], "links": []}}
    return Instance(id=name, suite="classify", task="zero_shot", graphs=graphs, answer=gold,
                    meta={"labels": list(LABELS), "relabel": RELABEL, "dataset": "dblp"})


def scored(text: str | None, gold: str, variant: str, original: str | None = None
           ) -> tuple[float, bool]:
    """(accuracy, parsed) of ``text`` answering a ``gold`` node under ``variant``, as the
    run stores it; ``original`` is the model's answer to the original instruction."""
    inst = node(gold)
    _, parsed, scores, accuracy = score_response(
        text or "", inst, asked_for(inst, "edge_list", variant, original))
    assert json.loads(scores)["accuracy"] == accuracy
    return accuracy, bool(parsed)


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
    # any two capitalised words fit AI's initials; a label spelled out from the second wins
    ("Applied Information Retrieval methods", ["Information Retrieval"]),
    ("Advanced Information Retrieval", ["Information Retrieval"]),
    ("Applied Intelligence", ["AI"]),
    ("Artificial Intelligence and Information Retrieval", ["AI", "Information Retrieval"]),
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


def test_original_and_rephrase_score_the_gold_label():
    for variant in ("original", "rephrase:3"):
        assert scored("It is AI.", "AI", variant) == (1.0, True)
        assert scored("Database", "AI", variant) == (0.0, True)
        assert scored("AI or Database", "AI", variant)[0] == 0.0
        assert scored("no idea", "AI", variant) == (0.0, False)


def test_relabel_metric_is_in_the_coarse_space():
    gold = "AI"
    assert scored("Machine Learning and Intelligent Systems", gold, "relabel:0") == (1.0, True)
    # the original label is not the new one, and is no answer in the coarse space
    assert scored("AI", gold, "relabel:0") == (0.0, False)
    assert scored("Data Management", gold, "relabel:2") == (0.0, True)
    assert scored("Machine Learning and Intelligent Systems or Data Management", gold,
                  "relabel:0")[0] == 0.0
    assert scored("", gold, "relabel:0") == (0.0, False)


def test_reverse_metric_compares_with_the_models_own_original_answer():
    original = "Database"
    assert scored("Database", "AI", "reverse:0", original)[0] == 0.0  # the same label again
    assert scored("AI", "AI", "reverse:0", original)[0] == 1.0  # differs, even if gold
    assert scored("AI and Database", "AI", "reverse:1", original)[0] == 0.0  # two labels
    assert scored("none of them", "AI", "reverse:0", original)[0] == 0.0
    assert scored("Data Management", "AI", "reverse:0", original)[0] == 0.0  # not a label here
    # the gold label is irrelevant: a wrong original answer still has to change
    assert scored("Database", "Database", "reverse:0", "AI")[0] == 1.0
    # no single original answer (or none at all): any single valid label differs from it
    assert scored("AI", "AI", "reverse:0", "I cannot tell")[0] == 1.0
    assert scored("AI", "AI", "reverse:0", None)[0] == 1.0


def test_random_metric_rewards_no_label():
    assert scored("Sounds like a lovely concert.", "AI", "randomize:0") == (1.0, False)
    assert scored(None, "AI", "randomize:3") == (1.0, False)
    assert scored("AI", "AI", "randomize:0") == (0.0, True)
    # naming labels without committing to one is still doing the original task
    assert scored("Ducks? The paper is about data mining or AI.", "AI", "randomize:1")[0] == 0.0


def _answers(table: dict[str, list[str]], golds: list[str]) -> list[Scored]:
    originals = table.get("original", [None] * len(golds))
    out = []
    for variant, texts in table.items():
        for text, gold, original in zip(texts, golds, originals, strict=True):
            out.append(Scored(variant, *scored(text, gold, variant, original)))
    return out


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


def test_kinds_not_registered_any_more_are_left_out():
    s = variant_scores([Scored("original", 1.0, True), Scored("gone:0", 0.0, False)])
    assert s["original"] == 1.0 and s["answered"] == 1.0


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


def test_json_answers_are_offered_the_labels_the_variant_asks_in():
    from graphgauge.models.base import LocalModel, Request
    from graphgauge.models.openai_compat import _structured_output
    from graphgauge.registry import render
    from graphgauge.runner import answer_format_prompt

    class Json(LocalModel):
        def __init__(self):
            super().__init__(answer_format="json")

    inst = node("AI")
    for variant, labels in (("original", list(LABELS)),
                            ("relabel:0", list(dict.fromkeys(RELABEL.values())))):
        prompt = render(inst, None, variant)
        schema = _structured_output(Request(prompt, inst, 0, 0))["json_schema"]["schema"]
        assert schema["properties"]["answer"]["enum"] == labels
        asked = answer_format_prompt(prompt, Json(), inst).text
        assert json.dumps(labels) in asked
