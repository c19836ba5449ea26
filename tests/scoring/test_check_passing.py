"""Two ways a check after the answer leaves it standing, kept apart on purpose:
``CONFIRM``'s check alternatives judge one line or the last sentence ("5-6 ✓", "the path
is valid"), also after a question the model asks itself, with no check cue needed;
``passed_check`` judges the whole text after a check cue ("let me verify"), where any
failure word voids the pass. Dropping CONFIRM's alternatives leaves the corpus readings
unchanged but changes these (session 6, issue #15 item 4)."""

from __future__ import annotations

from graphgauge.scoring import answers


def test_a_passing_line_after_a_question_keeps_the_answer():
    assert answers.NODE_SET.read("Final: {3, 6}. Hmm, does 6 belong? 6-7 ✓").value == [3, 6]
    assert answers.EDGE_SET.read(
        "Matching: (1, 4), (2, 5). Wait, do they share a node? 1,4 ✓ 2,5 ✓").value == [
        [1, 4], [2, 5]]


def test_a_check_without_a_check_word_keeps_the_answer():
    assert answers.NODE_LIST.read(
        "Route: 2 → 6 → 1. Hmm, looking at it once more: the route is valid.").value == [
        2, 6, 1]


def test_a_cued_check_with_a_failure_is_no_pass():
    read = answers.NODE_LIST.read("Route: 2 → 6 → 1. Let me verify: 2-6 yes, 6-1 is not an "
                                  "edge, so the route is 2 → 6 → 4 → 1.")
    assert read.value == [2, 6, 4, 1]


# One verdict (checks.check_passes) for a check after a cue and a closing check block:
# each now passes what the other passed ("covered"; a conclusion that names no value) and
# fails what the other failed ("uncovered"; a stated value).
COVER = "Vertex cover: {1, 3, 4}"


def test_a_check_block_that_concludes_without_a_value_keeps_the_answer_above():
    text = (COVER + "\n\nCheck each edge:\n- (0, 1): 1 ✓\n- (1, 2): 1 ✓\n- (2, 3): 3 ✓\n"
            "- (3, 4): 3, 4 ✓\nSo every edge has an end in the cover.")
    assert answers.NODE_SET.read(text, None, answers.Context(None, 6)).value == [1, 3, 4]


def test_a_cued_check_that_finds_every_edge_covered_keeps_the_answer():
    text = COVER + ". Wait, let me verify: every edge is covered."
    assert answers.NODE_SET.read(text, None, answers.Context(None, 6)).value == [1, 3, 4]


def test_a_check_that_finds_an_edge_uncovered_and_states_a_value_corrects_the_answer():
    text = COVER + "\n\nChecking: edge (2, 5) is uncovered, so add 5: {1, 3, 4, 5}."
    assert answers.NODE_SET.read(text, None, answers.Context(None, 6)).value == [1, 3, 4, 5]


def test_a_check_block_that_goes_on_to_a_bold_answer_is_no_closing_check():
    # the checks sit between the working and the answer: the bold answer after them is the
    # answer, not the working's list above the checks (core_blind_s18b:66's family)
    text = ("Order so far: 5, 2, 7.\n\n**Checking two edges:** (5, 2): 5 before 2 ✓. "
            "(2, 7): 2 before 7 ✓.\n\n**Order:**\n\n[5, 2, 7, 0, 1]")
    assert answers.NODE_LIST.read(text).value == [5, 2, 7, 0, 1]
    # without the bold answer after it, the checks close the reply and the list above stands
    closing = "Order: [5, 2, 7, 0, 1]\n\nChecking two edges: (5, 2): 5 before 2 ✓. (2, 7) ✓."
    assert answers.NODE_LIST.read(closing).value == [5, 2, 7, 0, 1]
