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
