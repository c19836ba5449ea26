"""The readers against a few hundred hand-graded answers (tests/data/answers): they must
agree with a careful grader, say "no answer" rather than guess, and keep their types."""

from __future__ import annotations

from graphgauge.studies.reading.answer_corpus import CORE, evaluate, load
from tests.support.paths import ANSWERS

FOLDER = ANSWERS
ENTRIES = load(FOLDER)


def test_the_corpus_is_large_and_covers_every_core_type():
    core = [e for e in ENTRIES if e["type"] in CORE]
    assert len(core) >= 450
    for kind in CORE:
        assert sum(e["type"] == kind for e in core) >= 20, kind
        assert any(e["expected"] is None for e in core if e["type"] == kind), kind


# Blind batches (*_blind_*.jsonl) were written and graded before the readers were tuned on
# them; they are held to a ratchet below (no new miss), not to the curated corpus's target,
# and their figure of merit is reported as measured.
CURATED = [e for e in ENTRIES if "_blind_" not in e["where"]]
BLIND = [e for e in ENTRIES if "_blind_" in e["where"] and e["type"] in CORE]


def test_readers_agree_with_the_grader():
    result = evaluate(CURATED)
    misses = "\n".join(f"{e['where']}: {e['text'][:80]!r} expected {e['expected']}, read "
                       f"{p.value if p.ok else 'no answer'}" for e, p in result.misses)
    assert result.agreement >= 0.98, misses
    assert result.false_commit_rate <= 0.01, misses
    assert result.wrong_type == 0


# Every blind entry the readers still get wrong, as of the last change to them: a change
# that fixes one removes it here; a change that breaks another fails.
# core_blind_s3a / core_blind_s3b (129 + 129 answers over the eight core types, written and
# graded before reading the readers) read at first try 86.0% (111/129, false commits 8/36)
# and 83.7% (108/129, false commits 11/45); after the general rules they prompted, all of
# them (the last four in session 6: a quantity restated by its definition, a different
# conclusion after the answer, and BFS trees told in prose).
# core_blind_s4a / core_blind_s4b (110 + 107: spectral floats, prompt labels, other
# languages, LaTeX, tool-agent transcripts, Q/A exercises) read at first try 88.2% (false
# commits 4/31) and 78.5% (8/30); after the rules they prompted, 94.5% and 91.6% with no
# false commit. Left: number words and labels in other languages ("cinq", "Bases de
# datos"), edges and paths in prose ("connecting 5 to 6 and 6 to 9", "ends at C"), a
# vertex cover followed by its check list, an alternative turned down in other words.
# core_blind_s5a / core_blind_s5b (117 + 117, the mainstream classes of issue #15 grounded
# in generated prompts, every encoding) read at first try 88.9% (false commits 7/33) and
# 88.0% (9/33); after the rules they prompted (a one-line statement then a different marked
# answer, refusals in other words, bounds with a reason, cases with bracketed values, clauses
# about other nodes, edges in prose), 117/117 each.
# core_blind_s6a / core_blind_s6b (125 + 121, other tasks of all 61, other personalities and
# labellings) read at first try 86.4% (false commits 8/35) and 87.6% (8/35); after the rules
# they prompted (cut off before a step's object, doubt about one item, conditions and
# cases, retractions in other words; weights, step notes, numbered tables and quoted ids in
# edge lists; labelled, escaped and predicted categories; "has 9 edges" then "Final
# answer: 10"), 123/125 and 121/121. Left: "a single component" and "2 eigenvalues are
# zero, i.e. ... 2 components" (counts in words).
# core_blind_s7a / s7b (hosted chat models: GPT-4o, Claude, Gemini, Mistral) and
# core_blind_s8a / s8b (open, small and reasoning models) read at first try 88.5% / 88.3%
# (false commits 9/34, 5/40) and 90.7% / 92.6% (7/36, 3/37). Their misses are listed here
# until the rules they prompt land. Bare text committing on positive evidence (finished,
# closing on its value, no elided list) read them at 90.2% / 88.3% / 90.7% / 91.7% first
# try (false commits 7, 5, 7, 3); twelve are fixed since, and sixteen false commits more by
# the general rules they prompted (doubt about an item of the answer, a statement before a
# different marked answer, alternatives offered as just as good, cases side by side, a
# verdict restated as its opposite, retractions naming their mistake, "I" among letter
# labels). Left: a working line then a different statement (s8a:31, a debatable grade).
# core_blind_s9a / s9b (realistic: sampled prompts, hosted and open model personas, ~7%
# no-answers) read at first try 96.1% (123/128, false commits 0/8) and 96.7% (116/120, 0/9);
# core_blind_s10a (the value side, every format class) and s10b (the commit side) 90.8%
# (148/163, false commits 5/48) and 83.8% (114/136, 10/43). Their fifteen false commits are
# fixed by the rules they prompted (another solution offered, "either one of them", a list
# given "so far" or cut inside a pair or between the steps of a trace, "one at a time", an
# offer to work it out before a question back, an opening answer or a marked one against a
# different closing statement or summary); their missed commits by the rules of
# tests/scoring/test_realistic_commits.py (another quantity before a marked list, answer
# first then its justification, a marker pointing at the list above, truncation after an
# opening answer, an explicit pick, labels set aside or cut while restating), their wrong
# values and unread formats by the typed readers' rules (prose and CSV edges, empty-set
# words, yes/no clause weighing, corrections that reorder a list); none is left.
# core_blind_s11a / s11b / s12a / s12b (realistic: reasoning, small and mid-size models,
# instruction variants) read at first try 98.4%, 96.9%, 94.5% and 94.5% (false commits 0/7,
# 1/7, 4/7, 0/11); 98.4%, 100%, 98.4% and 98.4% after the rules they prompted (bounds then
# "the exact value requires ...", a list cut at a bare item number, a walk in brackets after
# a count, a bare answer before an invented exercise or the prompt echoed, a range of nodes,
# a set restated in another order, an opening definition, "all 28 authors — ...", the query
# pair in the subject, a marked line ending in a colon, step lines about different nodes).
# Left: a reverse-variant label whose reasons weigh other labels as possible (s12b:123,
# doubtful under the strict rule); the working lines and bold values before a strong marker
# (s11a:71/72, s12a:9/110, s12b:83) read right since fixrival's and fixbold's rules.
# core_blind_s13a / s13b (realistic: sampled prompts, 2025-2026 frontier and open model
# personas, natural no-answer rate) read at first try 97.6% (121/124, 0 of 8 no-answers read
# as a value) and 95.0% (114/120, 0 of 6). What a rival answer is fixed s13a's three and
# s13b:93/94/100 (working about other nodes, a run of per-node lines, a check line, the
# steps of a walkthrough, one tour closed and open, a set in another order are no second
# final answer); fixbold's rules read s13b:12/75/98 (bold in the working, a bold closing
# sentence).
# core_blind_s14a / s14b (realistic, written while the last rules landed and measured only
# after: the 40/30/30 mix of open, hosted and reasoning models, and every persona drawn at
# random) read 96.9% (124/128, 1 of 7 no-answers read as a value) and 96.0% (120/125, 0 of
# 6) on the readers of their day, and 124/128 and 122/125 on the session's final readers;
# 128/128 and 125/125 after the rules they prompted (tests/scoring/test_explained_answers.py:
# a value left to code the reader runs, a bold total weight, a hop-by-hop account of the
# path, an opening definition, "approximately" answered first with its working in brackets,
# a run of the working cut short by "and so on", bold names in numbered steps).
# core_blind_s15a / s15b (realistic, every persona drawn at random; s15b's texts were made
# from per-persona patterns by a script, so it is weaker evidence) read 95.8% (115/120, 0 of
# 6 no-answers read as a value) and 97.7% (125/128, 3 of 11: one hedge between two lists
# worded alike three times) at first try, before fix14's rules, which read s15a:17 too;
# "so I can't commit to one of them" is a hedge since the last change.
# core_blind_s16a / s16b / s17a / s17b (realistic, session 7: every persona drawn at random;
# the 40/30/30 mix of open, hosted and reasoning models; markdown chat answers; reasoning
# transcripts as vLLM and hosted APIs serve them) read 96.1% (123/128, 0 of 8 no-answers read
# as a value), 94.2% (113/120, 1 of 6), 96.9% (124/128, 0 of 8) and 99.2% (119/120, 0 of 8)
# at first try: 479/496 = 96.6%.
# core_blind_s18a / s18b (realistic, held out from the fixers: the 40/30/30 mix, and every
# persona drawn at random) read 94.5% (121/128, 1 of 7 no-answers read as a value) and 95.0%
# (114/120, 0 of 6) on the readers before this session's rules.
# core_blind_s19a / s19b (realistic, held out from the fixers: markdown chat answers, and the
# 40/30/30 mix) read 96.9% (124/128, 0 of 8 no-answers read as a value) and 96.1% (123/128,
# 0 of 7) on the readers before this session's rules. s18b:66 was read right before the one
# check verdict (checks.check_passes) and wrong after it, until a check block going on to a
# bold answer was again no closing check.
# core_blind_s20a / s20b (realistic, the 40/30/30 mix and every persona drawn at random,
# written after this session's first rules and measured on them) read 94.5% (121/128, 2 of 7
# no-answers read as a value) and 99.2% at first try (127/128, 1 of 7: two full options,
# then "Either one is correct"; one more entry, the author's own slip, a DBLP entry given
# WebKB's classes, was corrected without regrading).
# core_blind_s21a / s21b (realistic, the 40/30/30 mix and every persona drawn at random,
# written blind while the last fixers worked) read 99.2% (127/128, 0 of 7 no-answers read as a
# value) and 98.4% (126/128, 0 of 8) at first try.
# core_blind_s22a / s22b / s22c (realistic, the 40/30/30 mix, every persona drawn at random,
# and markdown chat with reasoning transcripts, written blind on the final readers; s22a/b's
# authors had no time to render the prompts, s22b asks several questions of a few drawn
# graphs, s22c's graphs have 5-8 nodes) read 98.3% (59/60, 0 of 3 no-answers read as a value),
# 95.0% (115/121, 1 of 10) and 100% (120/120, 0 of 5) at first try. The last five batches:
# 547/557 = 98.2%. After the rules the session's batches prompted, s16a-s21b read all but
# s20a:11, s21b:6 and the s22 misses (listed below, not yet worked on).
# core_blind_s23a..f (session 8, realistic: the 40/30/30 mix twice, every persona drawn at
# random twice, markdown chat, reasoning transcripts; written blind and measured on the
# readers frozen at 37d1a90) read 97.7% (125/128, 0 of 8 no-answers read as a value), 95.0%
# (114/120, 2 of 10), 99.2% (127/128, 0 of 8), 98.3% (118/120, 0 of 8) and 96.9% (123/127,
# 1 of 13) at first try; s23c (markdown chat) read 95.3% (122/128, 0 of 11). The six:
# 729/751 = 97.1%, 3 of 58 no-answers read as a value.
# core_blind_s24a..d (session 8, realistic: the 40/30/30 mix, every persona at random,
# markdown chat with reasoning transcripts, the 40/30/30 mix; written blind while the s23
# misses were fixed, measured on main at 201fb08, the frozen readers plus the session's
# fixes of older entries) read 99.2% (127/128, 0 of 7 no-answers read as a value), 96.3%
# (131/136, 0 of 7), 98.4% (126/128, 0 of 7) and 99.2% (127/128, 0 of 8) at first try:
# 511/520 = 98.3%, no no-answer read as a value. The fixes of the s23 misses that landed
# after that moved none of these nine, either way.
# core_blind_s25a..e (session 8, realistic: the 40/30/30 mix twice, every persona at random
# twice, markdown chat with reasoning transcripts; written blind while the s23 fixes landed
# and read at first try on the final readers of the session (e5f8d83); s25a's author
# had no time to render the prompts) read 97.5% (117/120, 1 of 9 no-answers read as a
# value), 98.4% (126/128, 0 of 9), 96.1% (123/128, 0 of 8), 100% (120/120, 0 of 7) and 97.7%
# (125/128, 0 of 7): 611/624 = 97.9%. With s24, on the same readers: 1,122/1,144 = 98.1%,
# 1 of 69 no-answers read as a value.
BLIND_MISSES = {
    "core_blind_s25a.jsonl:12",
    "core_blind_s25a.jsonl:19",
    "core_blind_s25a.jsonl:94",
    "core_blind_s25b.jsonl:28",
    "core_blind_s25b.jsonl:80",
    "core_blind_s25c.jsonl:104",
    "core_blind_s25c.jsonl:18",
    "core_blind_s25c.jsonl:23",
    "core_blind_s25c.jsonl:45",
    "core_blind_s25c.jsonl:82",
    "core_blind_s25e.jsonl:40",
    "core_blind_s25e.jsonl:83",
    "core_blind_s25e.jsonl:89",
    "core_blind_s24a.jsonl:103",
    "core_blind_s24b.jsonl:10",
    "core_blind_s24b.jsonl:30",
    "core_blind_s24b.jsonl:44",
    "core_blind_s24b.jsonl:76",
    "core_blind_s24b.jsonl:97",
    "core_blind_s24c.jsonl:58",
    "core_blind_s24c.jsonl:82",
    "core_blind_s24d.jsonl:33",
    "core_blind_s22b.jsonl:118",
    "core_blind_s15a.jsonl:19",
    "core_blind_s15a.jsonl:30",
    "core_blind_s15a.jsonl:37",
    "core_blind_s15a.jsonl:60",
    "core_blind_s12b.jsonl:123",
    "core_blind_s4a.jsonl:20",
    "core_blind_s4a.jsonl:95",
    "core_blind_s4a.jsonl:101",
    "core_blind_s4b.jsonl:3",
    "core_blind_s4b.jsonl:81",
    "core_blind_s4b.jsonl:96",
    "core_blind_s4b.jsonl:105",
    "core_blind_s6a.jsonl:6",
    "core_blind_s6a.jsonl:18",
    "core_blind_s8a.jsonl:31",
    "region_blind_first.jsonl:43",
    "region_blind_fourth.jsonl:58",
    "region_blind_ninth.jsonl:2",
    "region_blind_second.jsonl:63",
    "typed_blind_eighth.jsonl:6",
    "typed_blind_eighth.jsonl:37",
    "typed_blind_eighth.jsonl:40",
    "typed_blind_eighth.jsonl:46",
    "typed_blind_fifth.jsonl:39",
    "typed_blind_fifth.jsonl:56",
    "typed_blind_fourth.jsonl:3",
    "typed_blind_fourth.jsonl:31",
    "typed_blind_seventh.jsonl:22",
    "typed_blind_seventh.jsonl:32",
    "typed_blind_seventh.jsonl:47",
    "typed_blind_sixth.jsonl:59",
    "typed_blind_third.jsonl:73",
}


def test_blind_batches_miss_only_the_known_entries():
    result = evaluate(BLIND)
    misses = {e["where"] for e, _ in result.misses}
    assert misses <= BLIND_MISSES, sorted(misses - BLIND_MISSES)
    assert result.agreement >= 0.96 and result.wrong_type == 0
