"""Signal patterns skipped on text that lacks every word they need: the guard must never
skip a text the pattern would match (the readings stay those of the plain pattern)."""

import random

from graphgauge.scoring.guards import mentions
from graphgauge.scoring.signals import REFUSAL, refuses


def test_refuses_is_the_refusal_pattern_on_random_text():
    rng = random.Random(15)
    pieces = ["I cannot determine", "I can't say", "I am unable to answer", "I'm not able to tell",
              "I won't be able to help", "I don't know", "I do not have enough information",
              "not enough information", "isn't something I can compute", "could you provide",
              "Please clarify", "as an AI", "not sure which you", "what do you mean",
              "I'd need more",
              "I still need the full", "which I cannot do", "I won't give an answer",
              "I 'm not going to report a number", "I couldn't find any", "I don't have a way to",
              "I'd rather not guess", "won't give made-up", "I could not reliably compute",
              "the count cannot be determined", "unable to determine", "unknown", "Sorry, ",
              "Unfortunately, ", "Hmm, ", ". ", "? ", "\n", " ", "Node 3 has degree 4", "5",
              "İ cannot determine", "ı can't say", "I caNNot ſay", "the value can't be found",
              "x", "I", "can", "you", "need"]
    matched = 0
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        found = REFUSAL.search(text) is not None
        matched += found
        assert refuses(text) == found, text
    assert matched > 5000


def test_mentions_folds_the_dotted_capital_i():
    assert mentions("İ cannot say", ("i can",)) and REFUSAL.search("İ cannot say")
    assert refuses("İ cannot say") and not refuses("Node 3 has degree 4, and (1, 2) is an edge.")


def test_unsure_pattern_never_matches_a_text_its_guard_skips():
    from graphgauge.scoring.signals import _UNSURE_WORDS, UNSURE

    rng = random.Random(16)
    pieces = ["or is it", "Or maybe", "or should", "possibly", "Possibly 4 as well",
              "haven't checked",
              "have not determined", "not yet verified", "a few others", "no way to tell",
              "undefined", "not defined", "unclear", "can't tell", "TBD", "to be determined",
              "back and forth", "torn between", "undecided", "cannot decide", "can't pin",
              "some subset", "at least one other", "and some others", "among others",
              "can't reconcile", "I'm confused", "flip-flop", "not sure which", "not sure about 3",
              "not certain whether node 2", "there is also 5", "though 3 might not",
              "(if loops count, it would be 4)", ". ", "\n", " ", "(", "[", "3", "x", "ı", "ſ",
              "Node 3", "so no", "it", "that 4", "İ"]
    matched = 0
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 7)))
        if UNSURE.search(text):
            matched += 1
            assert mentions(text, _UNSURE_WORDS), text
    assert matched > 5000


def test_number_words_are_spelled_only_where_their_patterns_could_match():
    from graphgauge.scoring import numbers

    rng = random.Random(17)
    pieces = ["one", "One third", "two-thirds", "a quarter", "a half", "halves", "three", "FIVE",
              "twenty-one", "Thirty", "forty two", "fifteen", "fifty", "sixty", "seventeen",
              "eighteen", "ninety", "eleven", "twelve", "zero", "ten", "tenth", "ſix", "fıve",
              "the one", "one of", "no two", "a third node", "3 fifths", " ", "-", ", ", ". ",
              "node", "A", "7", "\n"]
    spelled = 0
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        plain = text
        if numbers._WORD_FRACTION.search(text):
            assert mentions(text, numbers._FRACTION_WORDS), text
        stepped = numbers._WORD_FRACTION.sub("1/3", plain)
        if numbers._WORD_NUMBER.search(stepped):
            assert mentions(stepped, numbers._NUMBER_WORDS), stepped
        if text.isascii():  # (the odd letters match but are not spelled: reader failed)
            spelled += numbers._spell_numbers(text) != text
    assert spelled > 10_000


def test_unclosed_counts_brackets_as_the_plain_loop_does():
    from graphgauge.scoring.signals import unclosed

    def plain(text: str) -> bool:
        depth = 0
        for char in text[-4000:]:
            if char in "[{":
                depth += 1
            elif char in "]}" and depth:
                depth -= 1
        return depth > 0 or text.count("```") % 2 == 1

    rng = random.Random(18)
    pieces = ["[", "]", "{", "}", "(", ")", "```", "x", "1, ", "\n", "[" * 3000, "]" * 2000]
    for _ in range(5_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert unclosed(text) == plain(text), text[:80]
