"""The signals the region layer weighs: each a class of phrasing, checked on its own."""

from __future__ import annotations

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.signals import TAKEN_BACK, retracted, revises, value_sentence


def test_retraction_verdicts_are_one_shared_vocabulary():
    for text in ("That's wrong.", "scratch that", "I retract this answer", "Ignore the above.",
                 "My answer is incorrect", "I don't think this is right", "that was not correct"):
        assert TAKEN_BACK.search(text), text
    for text in ("The wrong edge is (1, 2).", "Ignoring node 3, the rest is a path."):
        assert not TAKEN_BACK.search(text), text


def test_a_retraction_needs_no_new_value_after_its_verdict():
    assert retracted(", that's wrong — 3 and 5 are adjacent.")
    assert retracted(", scratch that. I misread the list.")
    assert not retracted(", that's wrong: the count is 6.")
    assert not retracted(", that's wrong, so it should be 4 instead.")


def test_an_explanation_revises_the_answer_only_with_a_cue_or_doubt_about_it():
    assert revises("Reasoning: I first counted 4, but wait, edge 2-3 is doubled, so 3.")
    assert revises("Explanation: cycle 0-1-2 has length 3, so the answer could also be 3.")
    assert not revises("Reasoning: the degrees are 2, 2, 3 and 3, summing to 10.")


def test_the_percentage_of_doubt_is_not_a_stated_value():
    assert "Not 100% sure" not in value_sentence("I'd guess 3? Not 100% sure.").split("\n")[0]
    assert value_sentence("I'd guess 3? Not 100% sure.").startswith("I'd guess 3?")


def test_two_verdict_first_sentences_that_disagree_leave_no_answer():
    context = Context("Is the graph bipartite?", None)
    conflict = answers.BOOL.read("No, it is not bipartite. Yes, it is bipartite.", None, context)
    assert not conflict.ok
    agree = answers.BOOL.read("Yes. Yes, it is bipartite.", None, context)
    assert agree.ok and agree.value is True
