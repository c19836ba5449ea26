"""A GraphARC answer over ``LONG`` characters is read from the part that can hold its
graph (``parse_region.long_answer_part``): reading a 200k-character ramble cost ~240 ms.
A real large graph is never cut: an anchored answer is kept from its first anchor, a
block of graph lines is kept whole, and so is a one-line list."""

from graphgauge.suites.arc.parse import Context, node_link_of, read_answer
from graphgauge.suites.arc.parse_region import HEAD, LONG, TAIL, long_answer_part

PROSE = "I compare the examples again and the rule seems to keep the colours as they are. "


def _read(text):
    found = read_answer(text, Context(paint="blue", max_nodes=100_000))
    return found and node_link_of(found)


def test_short_answers_are_not_touched():
    text = PROSE * (LONG // len(PROSE))
    assert len(text) <= LONG and long_answer_part(text) == text


def test_an_anchored_answer_is_kept_from_the_line_before_its_first_anchor():
    answer = "G describes a graph among nodes 0, 1, 2.\nIn this graph:\n" + "".join(
        f"Node {i} is connected to nodes {i + 1}.\n" for i in range(2)) + \
        "The following nodes are colored: 1."
    text = PROSE * 200 + "\nSo:\n" + answer
    part = long_answer_part(text)
    assert part == "So:\n" + answer
    assert _read(text) == _read(answer)


def test_a_large_graph_after_a_ramble_is_read_whole():
    lines = "".join(f"Node {i}: connected to {i + 1}, {i + 2}.\n" for i in range(3000))
    text = PROSE * 300 + "\n\n" + lines + "Blue nodes: 0, 5."
    link = _read(text)
    assert len(link["nodes"]) == 3002 and len(link["edges"]) == 6000
    assert long_answer_part(text).endswith("\n\n" + lines + "Blue nodes: 0, 5.")


def test_a_one_line_edge_list_is_read_whole():
    text = "Edges: " + ", ".join(f"{i}-{i + 1}" for i in range(5000)) + ". Blue nodes: 3."
    assert long_answer_part(text) == text
    assert len(_read(text)["edges"]) == 5000


def test_an_unanchored_ramble_is_read_from_its_first_and_last_sentences():
    text = "Blue nodes: 1, 2. " + PROSE * 2000 + "Also node 7 is blue."
    part = long_answer_part(text)
    assert part.startswith("Blue nodes: 1, 2.") and part.endswith("Also node 7 is blue.")
    assert len(part) <= HEAD + TAIL + 200
    assert [n["id"] for n in _read(text)["nodes"]] == [1, 2, 7]


def test_an_answer_left_inside_its_reasoning_stays_unread():
    text = "<think>" + PROSE * 200 + " Node 1 is blue."
    assert long_answer_part(text) == text and _read(text) is None


def test_the_block_pattern_widens_like_reading_line_by_line():
    import random
    import re

    from graphgauge.suites.arc import parse_region as pr

    def by_lines(text, end):
        while end < len(text):
            after = pr._line_around(text, end + 1)[1]
            if not pr._is_graph_line(text, end + 1, after):
                break
            end = after
        return end

    rng = random.Random(1)
    for _ in range(3000):
        lines = [rng.choice(["", " ", "\t", "\u3000", "x1" + "y" * rng.choice([0, 297, 298, 299]),
                             "word " * rng.randint(1, 80), "Node 3: 4, 5"])
                 for _ in range(rng.randint(1, 10))]
        text = "\n".join(lines)
        for end in [m.start() for m in re.finditer("\n", text)] + [len(text)]:
            assert pr._GRAPH_LINES.match(text, end).end() == by_lines(text, end)
