"""The answer parsers: they never raise, they recover every formatted answer from realistic
surroundings, and they read a table of hand-written model outputs as a person would."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphgauge.scoring import answers
from graphgauge.scoring.parsing import (
    answer_region,
    parse_bool,
    parse_edge_list,
    parse_float,
    parse_int,
    parse_node_list,
)

PARSERS = (parse_int, parse_float, parse_bool, parse_node_list, parse_edge_list)
TYPES = {
    "INT": answers.INT, "FLOAT": answers.FLOAT, "BOOL": answers.BOOL,
    "NODE_SET": answers.NODE_SET, "NODE_LIST": answers.NODE_LIST,
    "EDGE_SET": answers.EDGE_SET, "EDGE_SEQUENCE": answers.EDGE_SEQUENCE,
}
FAST = settings(max_examples=200, deadline=None)

# --- (1) no parser ever raises ------------------------------------------------------------

TRICKY = [
    "\\boxed{", "\\boxed{}", "}", "{", "<answer>", "</answer>", "<answer><answer>", "Answer:",
    "The answer is", "Final Answer\n", "**", "```", "`", "__", "1e999", "-1e999", "1e-99999",
    "9" * 5000, "1" + "0" * 4400, "1e" + "9" * 40, "3/0", "\\frac{1}{0}", "\\frac{", "0.",
    ".5", "1,234", "1,2345", "-", "->", "→", "−", "[", "]", "(", ")", "[]", "()", "{}", "∅",
    "e.g., ", "none", "Yes", "no", "TRUE", "yes/no", "node-1", "0-3-5", "(0, 1, weight 3)",
    "(0, 1, 2)", "[[0, 1]", "\\text{", "\\{", "\\}", "\\[", "٣", "１２", "²", "\n", "\n\n",
    " ", ",", ";", "and", "nan", "inf", "\x00", "\ud7ff", "🙂", "(weight 2)", "**5**",
]
fragments = st.one_of(st.sampled_from(TRICKY), st.text(max_size=12),
                      st.integers(-10**30, 10**30).map(str))
hostile = st.one_of(st.text(), st.lists(fragments, max_size=25).map("".join))


@FAST
@given(hostile)
def test_parsers_never_raise_and_return_their_type(text):
    assert answer_region(text) is not None
    value = parse_int(text)
    assert value is None or type(value) is int
    value = parse_float(text)
    assert value is None or (type(value) is float and math.isfinite(value))
    assert parse_bool(text) in (None, True, False)
    nodes = parse_node_list(text)
    assert nodes is None or all(type(v) is int and v >= 0 for v in nodes)
    edges = parse_edge_list(text)
    assert edges is None or all(
        type(e) is tuple and len(e) == 2 and all(type(v) is int and v >= 0 for v in e)
        for e in edges
    )
    for kind in TYPES.values():
        prediction = kind.parse(text)
        assert prediction.ok == (prediction.value is not None)


def test_non_strings_are_unparsable_not_errors():
    for parser in PARSERS:
        assert parser(None) is None
        assert parser(b"5") is None
    assert answer_region(None) == ""


# --- (2) round trip through realistic wrappers ---------------------------------------------

ids = st.integers(0, 60)
VALUES = {
    "INT": st.integers(-10**6, 10**15),
    "FLOAT": st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    "BOOL": st.booleans(),
    "NODE_SET": st.lists(ids, max_size=12, unique=True).map(sorted),
    "NODE_LIST": st.lists(ids, max_size=12),
    "EDGE_SET": st.lists(st.tuples(ids, ids).map(list), max_size=10),
    "EDGE_SEQUENCE": st.lists(st.tuples(ids, ids).map(list), max_size=10),
}


@st.composite
def reasoning(draw):
    """A reasoning prefix full of distractors: numbers, lists, edges, the echoed
    instruction example, "answer" used as a verb, bold step headings, yes/no prose."""
    a, b, c, d = (draw(st.integers(0, 99)) for _ in range(4))
    sentences = [
        f"Let me think step by step. Node {a} has degree {b}.",
        f"The edge ({a}, {c}) has weight {d}, and {c} -> {d} is another path.",
        "The format asks for a list, e.g., [0, 3, 7], or edges like [(0, 1), (1, 4)].",
        f"To answer this, we need to look at nodes {a}, {b} and {d}.",
        f"**Step {a}:** count the triangles; there are {b} candidates, {c}.5 on average.",
        f"Is there no cycle through {a}? Yes or no is not obvious yet; {d}/{b + 1} checked.",
        f"I found the set {{{a}, {b}}} and the sequence {a}-{c}-{d} so far.",
    ]
    picks = draw(st.lists(st.sampled_from(sentences), max_size=5))
    return " ".join(picks) + draw(st.sampled_from(["\n\n", "\n", " "]))


@st.composite
def closing(draw):
    n, m = draw(st.integers(0, 99)), draw(st.integers(0, 99))
    return draw(st.sampled_from([
        "", ".", "\n", " Hope this helps!",
        f"\n\nI double-checked node {n} and node {m}; edge ({n}, {m}) is unused.",
    ]))


WRAPPERS = [
    "Answer: {}", "Final answer: {}", "**Answer:** {}", "The answer is {}",
    "Therefore, the final answer is: {} .", "### Final Answer\n\n{}", "\\boxed{{{}}}",
    "The answer is $\\boxed{{{}}}$", "<answer>{}</answer>", "<answer>\n{}\n</answer>",
    "```\n{}\n```", "```text\n{}\n```", "**{}**",
]


def recovers(kind, value, text):
    prediction = kind.parse(text)
    return prediction.ok and kind.equals(prediction.value, value)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_formatted_answer_is_recovered_from_wrappers(name):
    kind = TYPES[name]

    @FAST
    @given(VALUES[name], reasoning(), st.sampled_from(WRAPPERS), closing())
    def check(value, before, wrapper, after):
        text = before + wrapper.format(kind.format(value)) + after
        assert recovers(kind, value, text), text

    check()


@pytest.mark.parametrize("name", sorted(TYPES))
def test_bare_answer_after_reasoning_is_recovered(name):
    """No marker at all: the answer is the last thing the model writes."""
    kind = TYPES[name]

    @FAST
    @given(VALUES[name], reasoning())
    def check(value, before):
        text = before + "So, in the end:\n" + kind.format(value)
        assert recovers(kind, value, text), text

    check()


# --- (3) realistic model outputs ------------------------------------------------------------

EXACT = [
    # integers
    (parse_int, "Counting the triangles: (0,1,2), (1,2,3). There are 2 triangles.", 2),
    (parse_int, "Node 4 has 3 neighbors.\n\nAnswer: 7", 7),
    (parse_int, "The number of edges is **1,024**.", 1024),
    (parse_int, "To answer this, we count the nodes of degree 3: nodes 1, 5, 9. So 3.", 3),
    (parse_int, "Answer: 12\n\nExplanation: node 3 is connected to 4 others.", 12),
    (parse_int, "The answer is 5. I hope this answers your question about node 9.", 5),
    (parse_int, "Final answer: 5 triangles (out of 10 possible triples)", 5),
    (parse_int, "<answer>\n 8 \n</answer>", 8),
    (parse_int, "The diameter is $\\boxed{4}$.", 4),
    (parse_int, "Answer: 3.0", 3),
    (parse_int, "Answer: 3.5", None),
    (parse_int, "Answer: -1 (no path exists)", -1),
    (parse_int, "Answer: 1e3", 1000),
    (parse_int, "I cannot determine this.", None),
    (parse_int, "", None),
    (parse_int, "<answer></answer>", None),
    (parse_int, "Answer: 1e999", None),
    (parse_int, "The answer is: I am not sure.\nThe graph has 9 nodes, so 4.", 4),
    (parse_int, "```python\nanswer = len(triangles)\nprint(answer)\n```\nThe result is 5.", 5),
    (parse_int, "<think>Node 3 has 4 neighbours, so the answer is 7? No, wait.</think>\n\n"
                "The graph has **5** triangles.", 5),
    (parse_int, "The answer to this question is 42.", 42),
    (parse_int, "Answer (integer): 6", 6),
    # floats
    (parse_float, "Therefore, the final answer is: 0.267 .", 0.267),
    (parse_float, "The clustering coefficient is 1/3 ≈ 0.333.", 0.333),
    (parse_float, "Answer: 3/4", 0.75),
    (parse_float, "\\boxed{\\dfrac{1}{4}}", 0.25),
    (parse_float, "Answer: 2.5e-3", 0.0025),
    (parse_float, "Answer: −0.5", -0.5),
    (parse_float, "The density is 45% of all pairs.\nAnswer: 0.45", 0.45),
    (parse_float, "Answer: 1,234.5", 1234.5),
    (parse_float, "Answer: 1/0", None),
    (parse_float, "No idea.", None),
    (parse_float, "The final answer, rounded to 2 decimal places, is 0.27.", 0.27),
    (parse_float, "Answer: 1.23456789e+2", 123.456789),
    # yes / no
    (parse_bool, "Answer: Yes", True),
    (parse_bool, "There is no path from 3 to 5, so the graph is disconnected.\n\nNo.", False),
    (parse_bool, "Yes, the graph is bipartite: color {0, 2} red and {1, 3} blue.", True),
    (parse_bool, "I must answer Yes or No. Checking node 2... **False**", False),
    (parse_bool, "\\boxed{\\text{Yes}}", True),
    (parse_bool, "The answer is true.", True),
    (parse_bool, "There is no cycle through node 4.", None),
    (parse_bool, "Answer Yes or No.", None),
    (parse_bool, '{"answer": true, "reason": "no cycle"}', True),
    (parse_bool, "**Answer:** **No**, node 4 is unreachable.", False),
    # node lists
    (parse_node_list, "The shortest path is [0, 3, 5].", [0, 3, 5]),
    (parse_node_list, "Format e.g., [0, 3, 7]. Following it, my answer: [1, 2]", [1, 2]),
    (parse_node_list, "As required (e.g., [0, 3, 7]), the path is 2 -> 4 -> 6.", [2, 4, 6]),
    (parse_node_list, "The common neighbors of node 4 and node 7 are nodes 1, 2 and 3.",
     [1, 2, 3]),
    (parse_node_list, "Answer: The path from 0 to 5 is 0, 3, 5.", [0, 3, 5]),
    (parse_node_list, "Answer: node-1, node-4, node-9", [1, 4, 9]),
    (parse_node_list, "Answer: 0-3-5", [0, 3, 5]),
    (parse_node_list, "The answer is \\{2, 6, 8\\}.", [2, 6, 8]),
    (parse_node_list, "Final Answer:\n```\n[4, 0, 2]\n```", [4, 0, 2]),
    (parse_node_list, "Answer: none (node 3 is isolated)", []),
    (parse_node_list, "<answer>[]</answer>", []),
    (parse_node_list, "Node 5 has no neighbors.\nSo there is no such node.", []),
    (parse_node_list, "[1, 2, 3] are the neighbors; they touch (1, 2) and (2, 3).", [1, 2, 3]),
    (parse_node_list, "Answer: ['3', '7']", [3, 7]),
    (parse_node_list, "I don't know.", None),
    (parse_node_list, '{"answer": [1, 2, 3], "confidence": 0.9}', [1, 2, 3]),
    (parse_node_list, "Answer: [1, 2, 3", None),  # cut off inside the list: not committed
    (parse_node_list, "Answer: 1 2 3", [1, 2, 3]),
    (parse_node_list, "**Final Answer**\n\n\\[\n\\boxed{[0, 2, 4]}\n\\]", [0, 2, 4]),
    (parse_node_list, "Sorted: [3, 1, 2] -> wait, ascending: [1, 2, 3].", [1, 2, 3]),
    (parse_node_list, "Answer: [123456789012345678, 2]", None),
    # edge lists
    (parse_edge_list, "Answer: (0, 1), (1, 2)", [(0, 1), (1, 2)]),
    (parse_edge_list, "The MST is [(0,1),(1,2)].", [(0, 1), (1, 2)]),
    (parse_edge_list, "Answer: 0-1, 1-2, 2-3", [(0, 1), (1, 2), (2, 3)]),
    (parse_edge_list, "```json\n[[0, 1], [1, 2]]\n```", [(0, 1), (1, 2)]),
    (parse_edge_list, "Answer:\n- (0, 1)\n- (1, 4)\n\nTotal weight is 7.", [(0, 1), (1, 4)]),
    (parse_edge_list, "Like e.g., [(0, 1), (1, 4)], I list (2, 3), (3, 5).", [(2, 3), (3, 5)]),
    (parse_edge_list, "Answer: (0, 1, weight 3), (1, 2, weight 4)", [(0, 1), (1, 2)]),
    (parse_edge_list, "Answer: 0 (w=2) and 1 ... Actually: 0 -> 4 -> 2", [(0, 4), (4, 2)]),
    (parse_edge_list, "Answer: {0 - 1} and {2 - 5}", [(0, 1), (2, 5)]),
    (parse_edge_list, "Answer: []", []),
    (parse_edge_list, "There are no edges left, so the answer is: None.", []),
    (parse_edge_list, "Answer: [0, 1, 2]", None),
    (parse_edge_list, "I could not find a matching.", None),
    (parse_edge_list, "The Eulerian circuit is 0 → 1 → 2 → 0.", [(0, 1), (1, 2), (2, 0)]),
    (parse_edge_list, "Final answer: {(0, 1), (1, 2)}", [(0, 1), (1, 2)]),
    (parse_edge_list, "Answer: 3-4, 4-5 (weight 2), 5-6", [(3, 4), (4, 5), (5, 6)]),
    (parse_edge_list, "Answer: (0, 1, 3), (1, 2, 5)", [(0, 1), (1, 2)]),
    (parse_edge_list, "Edges (0, 1) and (1, 2) were considered.\nSo, in the end:\n[]", []),
]


@pytest.mark.parametrize(("parser", "text", "expected"), EXACT,
                         ids=[f"{p.__name__}:{t[:30]}" for p, t, _ in EXACT])
def test_realistic_outputs(parser, text, expected):
    got = parser(text)
    if parser is parse_float and expected is not None:
        assert got == pytest.approx(expected)
    else:
        assert got == expected


def test_answer_region_follows_the_grading_rule():
    # two different strong final answers with no correction between them: no answer
    assert answer_region("x <answer>5</answer> \\boxed{6} Answer: 7") == ""
    # a correction cue between them lets the later one win
    assert answer_region("Answer: 7. Wait, I miscounted: \\boxed{6}") == "6"
    assert answer_region("To answer this we think.\nThe answer is 9.\n\nBye 3") == "9."
    assert answer_region("I put \\boxed{} here. Answer: 4") == "4"
    assert answer_region("no markers 1 2 3") == "no markers 1 2 3"
