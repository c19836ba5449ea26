"""The per-line cell separator of GraphInfer answers was rewritten so that a long run of
blanks is read once (it was re-read from every blank: 150 ms on 5000 spaces). It must
split every line exactly as the plain pattern does."""

import random
import re

from graphgauge.suites.inference.assignments import _CELL_SEP

PLAIN = re.compile(r"\s*[,;\t]\s*")


def test_splits_like_the_plain_pattern():
    rng = random.Random(7)
    for _ in range(20_000):
        line = "".join(rng.choice(" \t,;a1\x0b") for _ in range(rng.randint(0, 16)))
        assert _CELL_SEP.split(line) == PLAIN.split(line), repr(line)


def test_examples():
    assert _CELL_SEP.split("node 1 ,  community 2;\t3") == ["node 1", "community 2", "3"]
    assert _CELL_SEP.split("a , , b") == ["a", "", "b"]
    assert _CELL_SEP.split("1" + " " * 5000 + "2.") == ["1" + " " * 5000 + "2."]
