"""The answer readers, one per answer type, on top of the answer-region layer.

``graphgauge.scoring.region`` decides *where* the final committed answer is (markers,
corrections, thinking blocks, hedges, refusals); a reader decides *what value* of its type
a region holds: ``numbers``, ``yesno`` and ``nodelists`` (nodes and edges), gathered here.
In a region the model delimited (``explicit``) the first value counts; in bare text, the
last one. A region without any candidate returns ``ABSENT`` so that the region layer can
skip it; a final answer of the wrong shape ("3.5" for an integer) is unreadable, not a cue
to pick some earlier number.

A reader never raises; ``parse_*`` returns ``None`` when nothing usable is there (so that
unparsable answers are counted apart from wrong ones) and ``read_*`` the ``NoAnswer``
saying why. Every pattern is linear in the length of the text.
"""

from __future__ import annotations

from graphgauge.scoring.nodelists import (
    parse_edge_list,
    parse_node_list,
    read_edge_list,
    read_node_list,
)
from graphgauge.scoring.numbers import parse_float, parse_int, read_float, read_int
from graphgauge.scoring.region import NoAnswer, final_region
from graphgauge.scoring.yesno import parse_bool, read_bool

__all__ = ["answer_region", "parse_bool", "parse_edge_list", "parse_float", "parse_int",
           "parse_node_list", "read_bool", "read_edge_list", "read_float", "read_int",
           "read_node_list"]


def answer_region(text: str) -> str:
    """The text of the final committed answer region ("" when there is none); see
    graphgauge.scoring.region for the grading rule."""
    region = final_region(text)
    return "" if isinstance(region, NoAnswer) else region.text
