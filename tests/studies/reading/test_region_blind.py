"""Blind batches for the answer-region layer (tests/data/answers/region_blind_*.jsonl).

Each batch was written and graded by the grading rule before the region code was tuned
on it, with an emphasis on answers that do not commit (hedges, refusals, questions back,
cut-off text, retractions with no new answer, two answers without a correction) and on
revisions (corrections inside an answer-first "Reasoning:" section, markdown headings,
open ``<think>`` blocks). First-try figures, then after the general rules each prompted:

- region_blind_first (75 answers, 43 no-answer): 88.0% (66/75), false commits 14.0%
  (6/43). Three entries were first graded "no answer" for a single value with doubt
  ("likely 3 but I'm not sure") and regraded to the value, the corpus convention (a
  hedge names two values or a condition; doubt alone does not void a value). After
  (explanations that correct or doubt the answer, markdown reasoning headings, verdicts
  of "wrong" with no new value, verdict-first yes/no conflicts): 73/75.
- region_blind_second (71 answers, 37 no-answer): 81.7% (58/71), false commits 24.3%
  (9/37). After ("the answer is wrong" is no marker, verdict cues, a conditional other
  answer in the explanation, bets, remarks about several candidates): 66/71.
- region_blind_third (66 answers, 29 no-answer): 83.3% (55/66), false commits 24.1%
  (7/29). After ("Edit:"/"never mind", flaws found without a new value, "may or may not",
  several valid answers, "e.g." not ending a sentence, a value put as a question): 65/66.
- region_blind_fourth (60 answers, 23 no-answer): 73.3% (44/60), false commits 47.8%
  (11/23). After (single bounds and intervals, "most likely wrong", a hedge settled by its
  closing sentence, one value named twice, an opening verdict against a final marker):
  58/60.
- region_blind_fifth (60 answers, 24 no-answer): 85.0% (51/60), false commits 29.2%
  (7/24). After (misreadings, "doesn't add up", a run of labelled answers, "unless I've
  miscounted", "or" in other languages, two lone statements of one quantity): 59/60.
- region_blind_sixth (56 answers, 23 no-answer), written to probe the words those rules
  look for in answers that do commit: 83.9% (47/56), false commits 21.7% (5/23). After
  ("so far ..., so the total is 3" is finished, "I'm between 4 and 5", "not sure which",
  "Probably?", a flaw against the named set, a labelled correction opening on its value,
  a cue word inside a supposition): 55/56.
- region_blind_seventh (49 answers, 19 no-answer), edge lists, orders and sets revised,
  stray tags: 75.5% (37/49), false commits 42.1% (8/19). After (a question after a cue
  leaves the doubt open unless answered, "... directed? Then 0.3" is another case, an
  explaining cue after a new value keeps it, checking left unfinished, an order
  constraint found without a new order, "If A, X; if B, Y", "that's just a guess", a
  stray closing think tag): 47/49.
- region_blind_eighth (45 answers, 8 no-answer), committed answers full of doubt-like
  words, to check that the rules above leave them alone: 84.4% (38/45), false commits
  3/9 (one entry, "After much back-and-forth ..., the count is 6", was first graded no
  answer and corrected to 6 before any change; one, "Final answer: 4\n\nWait, actually,
  I'm not sure node 5 was counted", was regraded to 4 after the change, by the corpus
  convention that doubt after a cue with no new value keeps the answer). After (a cue
  inside the answer's sentence, "(or {1, 3} ...)", "I'd also accept no", check notes
  and alternatives turned down as asides): 44/45.
- region_blind_ninth (39 answers, 17 no-answer), chat shorthand ("TL;DR", "Short answer /
  Long answer", passes and attempts, code with and without output): 84.6% (33/39), false
  commits 17.6% (3/17). After ("Long answer:" as an explanation heading, attempts listed
  without a choice, "then again", "without it the total is 7", "can't rule it out"):
  37/39.

The misses left are listed below with why; the test fails on any other miss, so a new
rule that breaks a batch entry shows here, and a fix in a typed reader shrinks the list.
"""

from __future__ import annotations

from graphgauge.studies.reading.answer_corpus import evaluate, load
from tests.support.paths import ANSWERS

FOLDER = ANSWERS

KNOWN_MISSES = {
    # a refusal phrased as inability ("I'm not able to verify acyclicity ..., which I can't do
    # here") is read by the yes/no reader as "not acyclic"
    "region_blind_third.jsonl:5",
    # typed yes/no reader: "node 4 is isolated" read as "connected"
    "region_blind_first.jsonl:43",
    # typed int reader: a count read from a list of pairs ("The edges are (0,1), ... (2,3)")
    "region_blind_second.jsonl:21",
    # a bold label line ("**Path:** 2 → 3 → 6 → 7") is no marker, so the explanation cut
    # off after it voids the answer
    "region_blind_second.jsonl:25",
    # typed node-set reader: "the only one with no neighbours" read as the empty set
    "region_blind_second.jsonl:57",
    # typed label reader: "Hmm, Theory? No — ... Genetic_Algorithms." read as a question back
    "region_blind_second.jsonl:63",
    # typed yes/no reader: "one short of a hub" read as yes
    "region_blind_ninth.jsonl:9",
    # the corrected value comes before its only cue ("... = 8 edges, so I was off by
    # one"): an explaining cue alone cannot tell a correction from a remark
    "region_blind_ninth.jsonl:2",
    # typed yes/no reader: "There's no 3 → 0 edge" read as no, though other paths may exist
    "region_blind_seventh.jsonl:17",
    # "Either 6 or six — same thing: 6.": either/or is a hedge whatever its two sides
    "region_blind_fourth.jsonl:58",
    # typed yes/no reader: a general statement ("Nodes can be neighbours if there is an
    # edge.") read as yes
    "region_blind_fifth.jsonl:10",
}


def test_region_blind_batches_miss_only_the_known_entries(tmp_path):
    batches = sorted(FOLDER.glob("region_blind_*.jsonl"))
    assert len(batches) >= 9
    for batch in batches:
        (tmp_path / batch.name).write_text(batch.read_text())
    result = evaluate(load(tmp_path))
    assert result.total >= 515
    assert result.wrong_type == 0
    misses = {entry["where"] for entry, _ in result.misses}
    assert misses <= KNOWN_MISSES, sorted(misses - KNOWN_MISSES)
    assert result.agreement >= 0.96
