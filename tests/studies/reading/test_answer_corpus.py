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


def test_readers_agree_with_the_grader():
    result = evaluate(ENTRIES)
    misses = "\n".join(f"{e['where']}: {e['text'][:80]!r} expected {e['expected']}, read "
                       f"{p.value if p.ok else 'no answer'}" for e, p in result.misses)
    assert result.agreement >= 0.98, misses
    assert result.false_commit_rate <= 0.01, misses
    assert result.wrong_type == 0
