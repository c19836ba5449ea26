"""``unmarked`` skips the markup pattern on text without its characters: same text out."""

import random

from graphgauge.suites.inference.reading import MARKUP, unmarked


def test_unmarked_is_the_markup_pattern_on_random_text():
    rng = random.Random(5)
    pieces = ["_", "__", "*", "**", "`", "```", "a", "Node", "1", " ", "<b>", "</B>", "<em>",
              "</strong>", "<", ">", "é", "_x", "x_", "\n", "ı", "Community 2"]
    changed = 0
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        assert unmarked(text) == MARKUP.sub("", text), text
        changed += unmarked(text) != text
    assert changed > 5000
    assert unmarked("Node 3: Community 1") == "Node 3: Community 1"


def test_a_named_group_line_needs_its_separator():
    from graphgauge.suites.inference.assignments import _NAMED_GROUP

    rng = random.Random(6)
    pieces = ["Databases", "Group A", "1. ", "a) ", " ", ":", " — ", "–", "=", "→", " - ", "-",
              "nodes", "node 3", "0, 1", "2-4", "and 5", "(faculty)", "\t", "x", "{1, 2}"]
    matched = 0
    for _ in range(30_000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        if _NAMED_GROUP.match(line):
            matched += 1
            assert any(c in line for c in ":—–=→-"), line
    assert matched > 1000
