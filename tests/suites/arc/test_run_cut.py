"""GraphARC cuts long runs of numbers out of an answer before its patterns run. The cut was
rewritten to take linear time ("Yes" + 3,000 "(" took 70 ms); it must cut exactly what the
plain greedy pattern matches. The case-insensitive guards must never skip a pattern that
would match."""

import random
import re

from graphgauge.scoring.guards import mentions
from graphgauge.suites.arc import parse, parse_region

PLAIN = re.compile(r"[\d(\[][\d \t\n,;()\[\]]{30,}[\d)\]]")


def plain_cut(text: str) -> tuple[str, list[str]]:
    runs: list[str] = []

    def cut(m: re.Match) -> str:
        runs.append(m.group(0))
        return f" #{len(runs) - 1}# "
    return PLAIN.sub(cut, text.replace("#", " ")), runs


def test_cuts_like_the_plain_pattern():
    rng = random.Random(5)
    for i in range(30_000):
        alphabet = "0123456789 \t\n,;()[]x#ab" if i % 3 else "1 ,(x)"
        text = "".join(rng.choice(alphabet) for _ in range(rng.choice([5, 40, 80, 200])))
        runs = parse._Runs(text)
        assert (runs.skeleton, runs.runs) == plain_cut(text), repr(text)


def test_examples():
    runs = parse._Runs("Edges: (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6). Done (")
    assert runs.skeleton == "Edges:  #0# . Done ("
    assert runs.runs == ["(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)"]
    assert parse._Runs("Yes" + "(" * 3000 + "no").runs == []


def test_guards_never_skip_a_match():
    rng = random.Random(3)
    guarded = [(parse._COLOUR_HINT, parse._COLOUR_WORDS),
               (parse_region._MARKER, parse_region._MARKER_WORDS),
               (parse_region._START, ("describes",))]
    pieces = ["Answer", "OUTPUT", "graph", "G describes a graph", "deſcribes", "Blue", "GREY",
              "gray", "colour", "Marked", "paint", "highlight", "red", "Orange", "gReEn",
              "ANSWER:", "the output is", "x", " ", "\n", ":", "\u212a", "\u0131"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        for pattern, words in guarded:
            if pattern.search(text):
                assert mentions(text, words), (pattern.pattern[:30], text)
    assert mentions("G DESCRIBES A GRAPH", ("describes",))
    assert not mentions("Node 3 has degree 4", ("describes",))


def test_prefixed_patterns_match_like_their_plain_forms():
    """A leading one-letter lookahead lets the regex engine skip to candidate letters."""
    plain = {parse._SUBSCRIPT: re.compile(r"\b[vn]_\{?(\d{1,9})\}?", re.I),
             parse._NODE_BY_NODE: re.compile(parse._NODE_BY_NODE.pattern[len("(?=n)"):], re.I)}
    rng = random.Random(9)
    pieces = ["node", "Nodes", "NODE", "v_", "N_{", "V_3", "n_12}", " ", "\t", ",", " and ",
              "1", "23", "x", "an", "ſ", "\u212a"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        for fast, slow in plain.items():
            assert [m.span() for m in fast.finditer(text)] == \
                [m.span() for m in slow.finditer(text)], text
