"""Instruction variants: names, templates, and what they do to every suite's question."""

from __future__ import annotations

import pytest

from graphgauge.errors import UserError
from graphgauge.registry import generate, render
from graphgauge.render import variant_templates as T
from graphgauge.render.variants import VARIANTS, expand_variants, variant_kind, variant_of
from graphgauge.suites.classify.labels import mentioned_labels

# Every label of the shipped datasets and relabel maps: no instruction may name one, or the
# label-matching metrics would count the instruction's words as an answer.
SHIPPED_LABELS = [
    "Database", "Data Mining", "AI", "Information Retrieval", "Data Management",
    "Search and Information Access", "Machine Learning and Intelligent Systems",
    "student", "faculty", "staff", "course", "project", "Personal Homepage",
    "Teaching Material", "Research Group Page",
]


def test_every_kind_has_at_least_ten_distinct_templates():
    for kind, cls in VARIANTS.items():
        if kind == "original":
            continue
        classify, question = cls.templates, cls.question_templates
        assert len(classify) >= 10 and len(set(classify)) == len(classify), kind
        if question is not None:
            assert len(question) == len(classify), kind
            assert len(set(question)) == len(question), kind
    assert variant_kind("original").template_count() == 1


def test_names_parse_and_expand():
    assert variant_of("original").name == "original"
    assert variant_of("reverse:3").index == 3
    assert expand_variants(["rephrase"]) == [f"rephrase:{k}" for k in range(11)]
    assert expand_variants(["original", "reverse:2", "reverse:2"]) == ["original", "reverse:2"]
    every = expand_variants(["all"])
    assert every[0] == "original"
    assert len(every) == sum(cls.template_count() for cls in VARIANTS.values())
    # a bare kind is fine for expand, not as one variant
    for bad in ("shuffle:1", "rephrase:99", "rephrase:x", "original:1", "relabel"):
        with pytest.raises(UserError):
            variant_of(bad)


@pytest.mark.parametrize("template", [*T.CLASSIFY_REPHRASE, *T.CLASSIFY_RELABEL,
                                      *T.CLASSIFY_REVERSE, *T.RANDOMIZE,
                                      *T.QUESTION_REPHRASE, T.CLASSIFY_ORIGINAL])
def test_no_template_names_a_label(template):
    assert mentioned_labels(template, SHIPPED_LABELS) == []


def test_classification_instruction_lists_labels_in_the_given_order():
    labels = ["Zeta", "Alpha", "Mid"]
    for name in expand_variants(["all"]):
        text = variant_of(name).instruction(labels)
        positions = [text.index(label) for label in labels]
        assert positions == sorted(positions), name
        assert all(text.count(label) == 1 for label in labels), name
    assert "least" in variant_of("reverse:0").instruction(labels)
    assert T.RANDOMIZE[4].rstrip(".") in variant_of("randomize:4").instruction(labels)


def test_question_variants_keep_or_drop_the_question():
    q = "How many triangles are in the graph?"
    for k in range(variant_kind("rephrase").template_count()):
        text = variant_of(f"rephrase:{k}").question(q, "algorithmic")
        assert q in text or q[0].lower() + q[1:] in text
        assert text != q
    for k in range(variant_kind("randomize").template_count()):
        text = variant_of(f"randomize:{k}").question(q, "algorithmic")
        assert "triangle" not in text and text == T.RANDOMIZE[k]
    assert variant_of("original").question(q, "algorithmic") == q


def test_label_variants_are_refused_for_suites_without_labels():
    inst = generate("algorithmic", ["triangles"], count=1, seed=1)[0]
    for name in ("relabel:0", "reverse:5"):
        with pytest.raises(UserError, match="label space"):
            render(inst, None, name)


def test_render_applies_variants_to_other_suites():
    inst = generate("algorithmic", ["triangles"], count=1, seed=1)[0]
    original = render(inst).text
    rephrased = render(inst, None, "rephrase:1")
    randomized = render(inst, None, "randomize:0").text
    assert rephrased.variant == "rephrase:1"
    assert "Consider the graph above. How many triangles" in rephrased.text
    assert original.split("Question:")[0] == rephrased.text.split("Question:")[0]
    assert "triangles" not in randomized.split("Question:")[1].split("\n")[0]
    assert "ducks" in randomized
    # the answer format instruction stays: the variant changes the question only
    assert original.rsplit("\n\n", 1)[1] == randomized.rsplit("\n\n", 1)[1]
