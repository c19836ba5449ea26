"""The T4 outlier patterns are skipped on text that lacks every word they need
(``assignments._NEEDS``): the guard must never skip a text a pattern would match."""

import random

from graphgauge.scoring.guards import mentions
from graphgauge.suites.inference.assignments import _NEEDS, _scan


def test_a_pattern_never_matches_a_text_its_guard_skips():
    rng = random.Random(4)
    pieces = ["Node 3", "node 12 ", "paper 4", "vertex 1", " is ", " is not ", "the ", "an ",
              "OUTLIER", "outliers", "odd one out", "Odd paper out", "exception", "doesn't fit",
              "does not belong", "stands out", "could be an outlier", "also plausible",
              "a candidate", "(the outlier)", "pick node 2 as the outlier", "Outliers: 3, 7",
              "Nodes 2 and 5 are outliers", "not the outlier; node 4 is", ", ", ". ", "\n",
              "ſtands out", "doesn't fıt", "x", "9"]
    matched = 0
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        for pattern, words in _NEEDS.items():
            found = [m.span() for m in pattern.finditer(text)]
            matched += bool(found)
            assert found == [m.span() for m in _scan(pattern, text)], (pattern.pattern[:40], text)
            if found:
                assert mentions(text, words)
    assert matched > 1000


def test_mentions_folds_case_and_the_two_odd_letters():
    assert mentions("The OUTLIER is node 3", ("outlier",))
    assert mentions("it ſtands out", ("stand",)) and mentions("doesn't fıt", ("fit",))
    assert not mentions("Node 3 has degree 4", ("outlier", "fit"))


def test_the_relation_patterns_never_match_a_sentence_their_guard_skips():
    from graphgauge.suites.inference import reading

    rng = random.Random(6)
    pieces = ["they ", "are ", "not ", "NOT ", "never ", "don't ", "no ", "No shared author",
              "unrelated", "Disconnected", "independent", "absence of a link", "neither ",
              "nor cites", "lack an edge", "without any edge", "only through", "is ",
              "connected", "linked", "adjacent", "co-authored", "present", "common authors",
              "authors in common", "collaborators", "neighbours", "shares", "cited",
              "links to", "there is an edge", "citation exists", "relationship is listed",
              "tie", "reference", "hyperlink", "ſhare", "dıſconnected", "x", " ", "\n", "1, "]
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 7)))
        for pattern, words in ((reading._NEG_EDGE, reading._NEG_WORDS),
                               (reading._POS_EDGE, reading._POS_WORDS)):
            if pattern.search(text):
                assert mentions(text, words), (pattern.pattern[:30], text)
