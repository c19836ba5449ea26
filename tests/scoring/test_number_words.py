"""Number words the int and float readers must read whatever their spelling: the guard
before a case-insensitive pattern tests the text in any case, and a count in words is not
taken for alternatives offered."""

from __future__ import annotations

from graphgauge.scoring import answers


def test_hundreds_read_in_any_case():
    # the guard before the hundreds pattern was case-sensitive ("undred" or "UNDRED") beside
    # the pattern's re.I: "Two hUndred" read 2
    assert answers.INT.read("Final count: Two hUndred").value == 200
    assert answers.INT.read("It is ONE HunDred and Nine.").value == 109
    assert answers.INT.read("there are four hundred edges").value == 400


def test_a_count_of_paths_in_words_is_no_hedge():
    # "two paths" offers two answers, but in "eighty-two paths" it is a number's units
    assert answers.INT.read("I find forty-two simple paths.").value == 42
    assert answers.INT.read("There are ninety three paths in total.").value == 93
    assert not answers.NODE_LIST.read("There are two shortest paths: 0-1-3 and 0-2-3.").ok
