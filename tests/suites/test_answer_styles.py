"""On the algorithmic and spectral suites, the reference answer written in five natural
styles (prose, markdown, \\boxed{}, JSON, reasoning-then-answer) scores 100%, and a
deliberately wrong answer in the same styles scores 0%: the readers, not the wording,
decide the score."""

from __future__ import annotations

import json

import numpy as np
import pytest

from graphgauge.registry import generate, get_suite
from graphgauge.suites.base import Task


def styles(text: str, value) -> list[str]:
    """``text`` (the formatted answer) and ``value`` (its JSON form) as models write."""
    return [
        f"Working through the graph step by step, the answer is {text}.",
        f"### Solution\n\n1. Read the edge list.\n2. Apply the definition.\n\n**Answer:** {text}",
        f"Checking each node in turn gives the result.\n\nThus the final answer is "
        f"$\\boxed{{{text}}}$.",
        "```json\n" + json.dumps({"answer": value}) + "\n```",
        "<think>\nNode 0 has degree 2 and node 1 has degree 3; the edge (0, 1) is listed, so "
        "there are [0, 1] to consider first. Yes, that works.\n</think>\n\n" + text,
    ]


def read_score(task: Task, inst, text: str) -> float:
    return task.score(task.parse(text, inst), inst)["accuracy"]


CASES = [(suite, name) for suite in ("algorithmic", "spectral") for name in get_suite(suite)]


@pytest.mark.parametrize(("suite", "name"), CASES, ids=[f"{s}/{n}" for s, n in CASES])
def test_reference_answers_in_natural_styles_score_full_and_wrong_ones_zero(suite, name):
    task = get_suite(suite)[name]
    rng = np.random.default_rng(3)
    for inst in generate(suite, [name], count=2, seed=5):
        gold = inst.answer
        for text in styles(task.answer.format(gold), gold):
            assert read_score(task, inst, text) == 1.0, text
        wrong = None
        for _ in range(50):
            guess = task.answer.random(rng, inst.graph)
            if not task.check(guess, inst):
                wrong = guess
                break
        if wrong is None:
            continue  # every guess is right (a tiny graph): nothing wrong to write
        for text in styles(task.answer.format(wrong), wrong):
            assert read_score(task, inst, text) == 0.0, text
