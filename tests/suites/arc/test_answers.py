"""GraphARC answers as models write them, read as a careful grader would.

tests/data/answers/arc_*.jsonl holds hand-written answers, each with the task context a
grader has (the test input's colours for rules that keep ids, the one colour the examples
paint) and the expected reading: nodes, edges and non-grey colours, or null for "no
answer". The reader must agree on >= 98% and never read a no-answer case as a graph.

arc_heldout_*.jsonl were written blind, on real generated tasks (both encodings, every
rule), by a second author who had not read the reader or the earlier corpus: the reader
then read 152 of the first 188 right (80.9%; 154 after two answer-key errors were
fixed), and read 12 no-answers (cut off, retracted, alternatives offered) as graphs.
After general rules for those misses, a second blind batch (44 answers) was read right
on 33 (75.0%, one no-answer read as a graph), and after rules for its misses a third (20
answers, 15-node tasks) on 14 (70.0%, none): the honest estimate on unseen phrasings.
arc_blind_1 (32 answers, small graphs, every class of issue #15) was then read right on
26 (81.2%; 2 of its 7 no-answers read as graphs) before the rules for its misses.
arc_blind_s3 (79 answers on real 7-node tasks of every rule, written before reading the
reader) was read right on 68 (86.1%, none of its 15 no-answers read as a graph) at first
try, and on 78 after general rules for its misses (tests/suites/arc/test_parse_rules.py).
arc_blind_s4 (73 answers on six rules, mainstream classes: the paper's format, colour-less
lists, no node list, kept ids after removals, JSON, trailing explanations, transcripts,
truncation, revisions, hedges; written before reading the reader) was read right on 69
(94.5%; 3 of its 17 no-answers read as graphs: doubt offering another output, twice, and
an edge-list sentence cut off at a pair boundary) and on 73 after the rules for them.
arc_blind_s5 (93 answers on thirteen rules, 5-8 node tasks, written by another grader
before reading the reader: other rules' colours, kept and renumbered ids, YAML, Python,
tables, incidence lines, transcripts, truncation, corrections, hedges, questions back)
was read right on 89 (95.7%; 3 of its 22 no-answers read as graphs: an empty <answer>
tag after reasoning, a colour table cut inside its last row, a question back deferring
the output; and an "edges between 0 and 1, between 1 and 2, ..." list read as one edge)
and on 93 after the rules for them (tests/suites/arc/test_parse_rules.py).
arc_blind_s6 (80 answers on twelve rules, 7-node tasks of both encodings, 18 no-answers,
written by a fourth grader before reading the reader: colour-less lists resolved by the
input's colours, colour-named lists, kept and renumbered ids, JSON `colored` lists and
node-link dicts, Gemini/Llama/Phi/R1 styles, options, doubt, truncation) was read right on
78 (97.5%; 1 of its 18 no-answers read as a graph: doubt about one edge that offers a
conditional output, "if the rule also drops them, (0,6) should go as well, and the output
would be ..."; and a later "so Option 1 is the correct one" read as Option 2) and on 80
after the rules for them.
arc_blind_s7 and arc_blind_s7b measure the reader on answers distributed the way real models
answer (a fifth grader, before reading the reader): 66 + 24 tasks drawn with
random.Random(97) from the full-output tasks of `generate arc --count 3` at seeds 42, 16 and
909 (15-node tests, all rules), personas rotated over GPT-4.1, Claude 4 Sonnet, Gemini 2.5,
o4-mini, DeepSeek-R1, Qwen3, Llama-3.1-8B/70B, Qwen2.5-7B, Mistral and Phi-4 in their usual
styles, wrong at each model's rough rate, no-answers at the drawn rate (6 and 2). s7 was
rendered by a script (one house style per persona), s7b written by hand. Both were read right
at first try (66/66 and 24/24, no no-answer read as a graph): the mainstream forms are read.
arc_blind_s8 (70 answers, the same sampling at seeds 595, 716 and 108, a sixth grader) was
read right on 67 (95.7%; no no-answer read as a graph): an untagged graph followed by a
first-person remark about the method ("I applied the rule to every node of the test
input.") and a marker that only points back ("So the output graph is the graph described
above.") were unread; 70/70 after the rules for them (tests/suites/arc/test_parse_rules.py).
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphgauge.suites.arc.parse import Context, node_link_of, read_answer
from tests.support.paths import ANSWERS

CORPUS = sorted(ANSWERS.glob("arc_*.jsonl"))


def _cases():
    return [json.loads(line) for path in CORPUS for line in path.read_text().splitlines()
            if line.strip()]


def _context(raw: dict) -> Context:
    return Context(known={int(k): v for k, v in raw.get("known", {}).items()},
                   paint=raw.get("paint"))


def _reading(case: dict):
    found = read_answer(case["text"], _context(case["context"]))
    if found is None:
        return None
    link = node_link_of(found)
    return {"nodes": sorted(n["id"] for n in link["nodes"]),
            "edges": sorted(sorted((e["source"], e["target"])) for e in link["edges"]),
            "colors": {str(n["id"]): n["color"] for n in link["nodes"]
                       if n["color"] != "grey"}}


def _expected(case: dict):
    want = case["expected"]
    if want is None:
        return None
    return {"nodes": sorted(want["nodes"]), "edges": sorted(sorted(e) for e in want["edges"]),
            "colors": dict(want["colors"])}


def test_the_corpus_is_big_and_covers_no_answer_cases():
    cases = _cases()
    assert len(cases) >= 180
    assert sum(case["expected"] is None for case in cases) >= 8
    assert len({case["id"] for case in cases}) == len(cases)


def test_reader_agrees_with_the_grader_on_98_percent_and_never_invents_a_graph():
    cases = _cases()
    wrong = [case["id"] for case in cases if _reading(case) != _expected(case)]
    invented = [case["id"] for case in cases
                if case["expected"] is None and _reading(case) is not None]
    assert invented == []
    assert len(wrong) <= 0.02 * len(cases), wrong


@pytest.mark.parametrize("text", [
    "nodes 0 to 99999999, " * 150 + "and 5.",
    "Nodes: " + "0-9999, " * 300 + "7.",
    "The edges in G are: " + "(1,2) " * 20000 + "(" + "7" * 6000 + ",1)",
    "Blue nodes: " + "0-999999999, " * 300 + "1.",
    "either " * 5000 + "or",
    ("The node 5 is connected to 7, 8. Maybe (1,2)? " * 4500)[:200000],
    "[" * 5000 + "0, 1" + "]" * 5000,
    '{"nodes": ' * 3000,
    "answer is " * 3000,
    "\n" * 4000 + "node 3 is",
    "colored: " + "1 (blue), " * 5000,
    "NaN " * 10000,
    "node " * 20000 + "blue",
    "| Node | Neighbors | Color |\n|---|---|---|\n" + "| 1 | 2, 3 | blue |\n" * 5000,
    "nodes = 999999999\ncolors = [" + "'blue', " * 20000 + "]",
    "Node 1: connected to " + "2, " * 50000 + "3 (blue)",
    "Option A: " * 20000 + "I retract",
    "<answer>" + "(1," * 30000,
    "".join(f"Node {i} is connected to all other nodes. " for i in range(5000)),
    "Removed edges: " + "(1,2) " * 20000 + "\nedge (1,2) should be removed. " * 2000,
])
def test_hostile_answers_never_raise_and_stay_fast(text):
    """Thousands-of-digit ids, huge ranges, deep brackets, repeated markers: no exception,
    no blow-up (the work is linear in the length and ranges expand within a budget)."""
    start = time.process_time()
    reading = read_answer(text, Context(paint="blue"))
    if reading is not None:
        node_link_of(reading)
    assert time.process_time() - start < 1.0  # the benchmark holds the real targets
    nodes = reading[0] if reading else set()
    assert len(nodes) <= Context().max_nodes + 1000  # ranges stop at the node budget


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("G describes a graph among nodes 0123456789,.:;()[]{}"
                                             "-→|\n blue red orange grey colored The following "
                                             "<answer></answer>Wait Input Output{}\"'#*")),
               max_size=400))
def test_reader_never_raises_and_returns_a_graph_or_nothing(text):
    for context in (Context(paint="blue"), Context(known={0: "orange"}), Context()):
        found = read_answer(text, context)
        if found is not None:
            link = node_link_of(found)
            ids = {n["id"] for n in link["nodes"]}
            assert all(e["source"] in ids and e["target"] in ids for e in link["edges"])
            assert all(isinstance(n["color"], str) for n in link["nodes"])
