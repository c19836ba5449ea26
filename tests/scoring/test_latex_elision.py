"""A list cut short with a LaTeX ellipsis (issue #15, blind batch core_blind_s18a:126): ``\\ldots``,
``\\dots``, ``\\cdots`` and the unicode midline ``⋯`` elide items as "..." and "…" do, so the
list is unfinished and no answer; ``\\cdot`` stays a product."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context


def read(kind, text, nodes=30):
    found = kind.read(text, None, Context(None, nodes))
    return found.value if found.ok else None


@pytest.mark.parametrize("dots", [r"\ldots", r"\dots", r"\cdots", "⋯", r"\dotsc"])
def test_a_boxed_edge_list_ending_in_a_latex_ellipsis_is_unfinished(dots):
    text = ("Adding edges in order of weight, the tree is\n\n"
            rf"\[ \boxed{{[(0, 4), (2, 7), (3, 9), (5, 6), {dots}]}} \]")
    assert read(answers.EDGE_SET, text) is None


@pytest.mark.parametrize("dots", [r"\ldots", r"\cdots", "⋯"])
def test_a_node_list_elided_in_the_middle_is_unfinished(dots):
    assert read(answers.NODE_LIST, f"The order is $3, 8, 1, {dots}, 12$.") is None


def test_a_finished_latex_list_still_reads():
    assert read(answers.EDGE_SET, r"\[ \boxed{[(0, 4), (2, 7), (3, 9)]} \]") == [
        [0, 4], [2, 7], [3, 9]]
    assert read(answers.NODE_LIST, r"The path is $3 \to 8 \to 1$.") == [3, 8, 1]


def test_cdot_is_still_a_product_not_an_elision():
    assert read(answers.INT, r"There are $3 \cdot 4 = 12$ edges.") == 12
    assert read(answers.FLOAT, r"The density is $\frac{2 \cdot 9}{6 \cdot 5} = 0.6$.") == 0.6


def test_an_ellipsis_in_a_sum_of_working_leaves_the_answer_standing():
    assert read(answers.INT, r"The degrees sum to $3 + 2 + \cdots + 1 = 24$, so there are "
                "12 edges.") == 12
