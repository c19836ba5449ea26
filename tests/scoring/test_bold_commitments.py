"""Bold emphasis is a commitment only where a careful grader sees one: a bold sentence or
labelled line at the end, not a bold token in the working when a labelled answer follows."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context

TRIANGLES = Context("How many triangles are in the graph?", None)
ASIDE = ("I checked every edge for a common neighbour; the graph has longer cycles "
         "(e.g. 1–5–7–2–1 is a 4-cycle, not a triangle).\n\n")


@pytest.mark.parametrize("text, expected", [
    # a bold sentence ends at its closing "**", so the "no triangles" it states is the
    # last sentence, and the "4-cycle" of the aside before it is not the count
    (ASIDE + "**There are no triangles in this graph.**", 0),
    (ASIDE + "**No triangles.**", 0),
    (ASIDE + "**There are no triangles in this graph!**", 0),
    (ASIDE + "**There are 2 triangles in this graph.**", 2),
])
def test_bold_closing_sentence_is_the_count(text, expected):
    assert answers.INT.read(text, None, TRIANGLES).value == expected


@pytest.mark.parametrize("text", [
    ASIDE + "**There are no triangles in this graph.** Or maybe 1.",
    ASIDE + "**There are either 0 or 1 triangles.**",
])
def test_bold_closing_sentence_still_hedges(text):
    assert answers.INT.read(text, None, TRIANGLES).value is None
