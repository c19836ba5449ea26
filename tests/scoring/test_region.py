"""The answer-region layer every reader builds on: where the final committed answer is,
and why there is none (the grading rule in docs/scoring.md)."""

from __future__ import annotations

import re

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.parsing import parse_int
from graphgauge.scoring.region import ABSENT, NoAnswer, Region, final_region, read_answer


def digits(region: str, explicit: bool):
    """A minimal reader: the first (explicit) or last run of digits."""
    found = [int(t) for t in re.findall(r"\d+", region)]
    return (found[0] if explicit else found[-1]) if found else ABSENT


def test_markers_and_their_strength():
    assert final_region("Reasoning 1 2 3.\n\nAnswer: 4").kind == "marker"
    assert final_region("x \\boxed{5} y").text == "5"
    assert final_region("<answer>6</answer>").kind == "tag"
    assert final_region('{"answer": [1, 2]}').kind == "json"
    assert final_region("Sure! Here it is:\n```json\n{\"answer\": 3}\n```").text == "3"
    # a weak inline marker then a strong one: the strong one is the final answer
    assert read_answer("So the answer is 4 for node 1.\nFinal answer: 5", digits) == 5
    # a note after the answer is not a new answer
    assert read_answer("Final answer: 5\n\nThe answer is verified for node 9.", digits) == 5


def test_corrections_win_and_retractions_void():
    assert read_answer("Answer: 8. Actually, node 7 is isolated: 7.", digits) == 7
    assert read_answer("\\boxed{6}. Wait, I miscounted. \\boxed{5}", digits) == 5
    assert read_answer("Answer: 5. Wait, let me double-check: yes, 5 is right.", digits) == 5
    retracted = read_answer("Answer: 5. Wait, that's wrong. Let me recount the", digits)
    assert isinstance(retracted, NoAnswer)


def test_no_answer_and_its_reasons():
    cases = {
        "": "empty",
        "<think>counting 1, 2, 3": "reasoning",
        "<think>3</think>": "after the reasoning",
        "Answer: 3\n\nFinal answer: 4": "two different",
        "It is either 4 or 5.": "hedge",
        "It depends on whether the graph is directed.": "hedge",
        "I cannot determine the count without the edges.": "refused",
        "Could you provide the edge list?": "question",
        "The number of triangles is": "cut off",
        "Answer: [1, 2, 3": "cut off",
    }
    for text, reason in cases.items():
        found = final_region(text, digits)
        assert isinstance(found, NoAnswer) and reason in found.reason, (text, found)
        assert not found  # a NoAnswer is falsy


def test_doubt_inside_a_marked_answer_and_unable_refusals_leave_no_answer():
    for text in ("I believe the answer is 2, 3, and 7, but I haven't verified node 7.",
                 "I'm unable to determine the count without the edges.",
                 "I'm not able to verify acyclicity without running a topological sort."):
        assert isinstance(final_region(text, digits), NoAnswer), text
    # the same answers without the doubt still read
    assert final_region("I believe the answer is 2, 3, and 7.", digits)


def test_truncation_after_a_committed_answer_does_not_void_it():
    assert read_answer("Final answer: 12\n\nExplanation: node 3 connects to", digits) == 12


def test_thinking_is_structure_not_the_answer():
    region = final_region("<think>maybe 9</think>\n\nThe answer is 4.", digits)
    assert isinstance(region, Region) and "maybe 9" in region.reasoning
    assert read_answer("<think>maybe 9</think>\n\nThe answer is 4.", digits) == 4


def test_size_bounds_the_work_and_can_be_raised():
    long_answer = "Answer:\n" + ", ".join(map(str, range(5000)))
    assert len(final_region(long_answer).text) <= 8000
    assert len(final_region(long_answer, size=100_000).text) > 20_000
    assert parse_int("x " * 100_000 + "\n\nThe answer is 7.") == 7


def test_an_explanation_after_the_answer_is_reasoning_unless_it_revises_the_answer():
    # markdown headings without a colon open the explanation as well as "Reasoning:"
    for heading in ("## Reasoning", "**Explanation**", "### Justification", "Rationale:"):
        text = f"6\n\n{heading}\nNode 1 has degree 2 and node 4 has degree 3."
        assert read_answer(text, digits) == 6, heading
    # a correction inside the explanation wins, as anywhere else
    text = ("**Answer:** 7\n\n**Explanation:** Node 2 has 3 neighbours. Hmm, I missed "
            "the edge (5, 6): the count is 8.")
    assert read_answer(text, digits) == 8
    # doubt about the answer inside the explanation leaves none
    text = "Final answer: 3\n\n## Reasoning\nThe path 0-1-3 works, so the result might also be 4."
    assert isinstance(read_answer(text, digits), NoAnswer)


def test_a_verdict_of_wrong_with_no_new_value_voids_the_answer():
    # values named in the reason for the verdict are not a new answer
    text = "The set is {2, 4, 6}. Hold on, that's not right: 4 and 6 share an edge."
    assert isinstance(read_answer(text, digits), NoAnswer)
    text = "Answer: 9. Actually, ignore that — I read the edges of 1 and 7 backwards."
    assert isinstance(read_answer(text, digits), NoAnswer)
    # a value stated after the verdict is the new answer
    assert read_answer("Answer: 9. Wait, that's wrong: the count is 11.", digits) == 11


def test_values_put_as_questions_and_unfinished_thinking_are_not_answers():
    for text in ("Hmm, 6? Or 7? Not sure at all.", "Maybe 12?",
                 "7... 8? I'm going to need to recount this.",
                 "So far I have 4 triangles. I'll have to check the rest."):
        assert isinstance(final_region(text, digits), NoAnswer), text


def test_an_answer_called_wrong_is_a_verdict_not_a_new_answer():
    text = "Answer: 12\n\nUpdate: the answer is wrong, vertex 4 was listed twice."
    assert isinstance(read_answer(text, digits), NoAnswer)
    for verdict in ("That rules it out.", "That doesn't seem right given 14 half-edges."):
        assert isinstance(read_answer(f"The girth is 3. Hmm. {verdict}", digits), NoAnswer)


def test_a_conditional_other_answer_in_the_explanation_is_a_hedge():
    text = ("Final answer: 9\n\nExplanation: nine pairs qualify; in case (4, 4) is a loop "
            "it should not count, in which case the total would be 8.")
    assert isinstance(read_answer(text, digits), NoAnswer)


def test_bets_and_remarks_about_several_candidates_are_not_answers():
    assert isinstance(final_region("If I had to guess, 11.", digits), NoAnswer)
    text = "The matching could be {1, 2} or {3, 4}. Each of them has two edges."
    assert isinstance(final_region(text, digits), NoAnswer)


def test_reasoning_first_under_headings_keeps_the_answer_after_them():
    text = "Sure, here goes.\n\n## Reasoning\nNodes 1 and 2 have degree 3.\n\n## Answer\n7"
    assert read_answer(text, digits) == 7


def test_edit_notes_and_never_mind_revise_the_answer():
    assert read_answer("**Answer: 10**\n\nEdit: I double counted (2, 3), so it is 9.", digits) == 9
    text = "Final answer: 14\n\nNever mind, I used the wrong formula for this one."
    assert isinstance(read_answer(text, digits), NoAnswer)


def test_a_cue_that_explains_the_restated_answer_changes_nothing():
    text = "\\boxed{3}\n\nHmm, or maybe \\boxed{4}? Yes, 4 — I overlooked vertex 8."
    assert read_answer(text, digits) == 4


def test_a_flaw_found_in_the_answer_without_a_new_one_voids_it():
    for flaw in ("Hmm, there is no edge 5-7 in the input.", "Wait, 1 and 5 aren't adjacent.",
                 "Hmm, but that assignment fails for edge 2-3."):
        assert isinstance(read_answer(f"The walk is 1 5 7. {flaw}", digits), NoAnswer), flaw
    text = "The walk is 1 5 7. Wait, there's no edge 5-7, so the walk is 1 6 7."
    assert read_answer(text, digits) == 7  # the new walk, last id (a digits reader)


def test_doubt_about_the_data_and_several_valid_answers_are_hedges():
    for text in ("Node 4 may or may not have a loop; the input is ambiguous. 3.",
                 "It was 8, then 9, then 8 again. I can't settle on one.",
                 "Several valid colourings exist, e.g. 0 1 0 1 and 1 0 1 0.",
                 "Es sind 5. Oder 6 Knoten? Unsicher."):
        assert isinstance(final_region(text, digits), NoAnswer), text
    assert read_answer("It depends on nothing but the odd cycle: 3.", digits) == 3


def test_bounds_intervals_and_an_undetermined_value_are_not_answers():
    for text in ("The girth is at most 5.", "Fewer than 9 and more than 6.",
                 "Diameter ∈ (3, 5]", "Connectivity: undetermined. Part of the list is cut.",
                 "The cover has node 2 and any of {4, 6}."):
        assert isinstance(final_region(text, digits), NoAnswer), text
    assert read_answer("Node 5 has more than 2 neighbours; the answer is 6.", digits) == 6


def test_a_probable_verdict_on_the_answer_and_a_retraction_void_it():
    for note in ("P.S. this is most likely wrong, I skipped node 8.",
                 "Though I take that back: edge (1, 2) may be missing."):
        assert isinstance(read_answer(f"Answer: 13\n\n{note}", digits), NoAnswer), note


def test_a_remark_that_the_answer_is_unchanged_keeps_it():
    text = ("8\n\nExplanation: sixteen half-edges. Hmm, node 3 has a loop too, but that "
            "does not change the count.")
    assert read_answer(text, digits) == 8


def test_a_hedge_settled_in_its_closing_sentence_is_the_settled_value():
    text = "It is 6 with multi-edges and 5 without. Since the graph is simple, 5."
    assert read_answer(text, digits) == 5
    assert read_answer("Either 3 or 4. I'll go with 4.", digits) == 4
    assert isinstance(read_answer("Either 3 or 4. So maybe 4?", digits), NoAnswer)


def test_one_value_named_twice_is_not_a_hedge():
    from graphgauge.scoring.numbers import parse_float
    assert parse_float("0.25 or 1/4") == 0.25
    assert isinstance(read_answer("7 or 8", digits), NoAnswer)


def test_an_opening_verdict_and_a_different_final_answer_conflict():
    context = Context("Is the graph planar?", None)
    assert not answers.BOOL.read("No, it isn't planar.\n\nFinal answer: Yes", None, context).ok
    agreed = answers.BOOL.read("Yes, it is planar.\n\nFinal answer: yes", None, context)
    assert agreed.ok and agreed.value is True
    revised = answers.BOOL.read("No.\n\nWait, K4 is planar. Final answer: Yes", None, context)
    assert revised.ok and revised.value is True


def test_a_flip_flop_ending_on_a_hesitation_is_no_answer():
    context = Context("Is the graph planar?", None)
    assert not answers.BOOL.read("No... hmm, yes? Wait. Hmm.", None, context).ok


def test_realising_a_misreading_without_a_new_answer_voids_it():
    context = Context("Is node 1 adjacent to node 6?", None)
    text = "Yes, they are adjacent. Oh wait, I misread (1, 8) as (1, 6)."
    assert not answers.BOOL.read(text, None, context).ok
    text = "Yes, they are adjacent. Oh wait, I misread (1, 8). They're not adjacent."
    found = answers.BOOL.read(text, None, context)
    assert found.ok and found.value is False
    for note in ("Upon reflection, I do not trust this count.",
                 "Check: 2 + 3 + 5 = 10. Hmm, that doesn't add up."):
        assert isinstance(read_answer(f"Sum = 9. {note}", digits), NoAnswer), note


def test_a_quick_retraction_and_a_run_of_labelled_answers():
    assert read_answer("12 — no, sorry, 13.", digits) == 13
    assert isinstance(read_answer("Answer: 2 Answer: 2 Answer: 5", digits), NoAnswer)


def test_a_doubt_formula_with_unless_is_not_a_conditional():
    assert read_answer("It's 9 unless I've miscounted, which I doubt.", digits) == 9
    assert isinstance(read_answer("It's 9 unless loops count twice.", digits), NoAnswer)


def test_a_question_back_that_asks_to_check_the_input_is_no_answer():
    text = "Could you re-check the input? Edge (4, 11) names node 11, which is not listed."
    assert isinstance(final_region(text, digits), NoAnswer)


def test_or_in_other_languages_hedges():
    for text in ("Réponse : 4 ou 5.", "Antwort: 4 oder 5", "Respuesta: 4 o 5"):
        assert isinstance(final_region(text, digits), NoAnswer), text


def test_two_lone_statements_of_one_quantity_that_differ_are_two_answers():
    assert isinstance(final_region("The girth is 4.\n\nGirth: 5", digits), NoAnswer)
    assert read_answer("The girth is 4.\n\nSo the girth: 5", digits) == 5


def test_so_far_followed_by_a_conclusion_is_finished():
    assert read_answer("So far 2 cycles, and no others remain, so the total is 2.", digits) == 2
    assert isinstance(final_region("So far I count 2 cycles among the", digits), NoAnswer)


def test_torn_which_one_and_a_likelihood_asked_are_not_answers():
    for text in ("I'm between 7 and 8 here.", "Total: 7, though a second pass gave 8 and I "
                 "don't know which is right.", "Planar? Likely? Edge 3-9 bothers me, 4 of them."):
        assert isinstance(final_region(text, digits), NoAnswer), text
    assert read_answer("I'll say 2, though 3 also looks possible.", digits) != 2


def test_a_flaw_against_the_named_set_voids_it():
    text = "Answer: {1, 4}\n\nActually 4 isn't in the dominating set, it has no edge to 6."
    assert isinstance(read_answer(text, digits), NoAnswer)


def test_a_labelled_correction_opening_on_its_value_wins_over_its_explanation():
    assert read_answer("Answer: 12\n\nCorrection: 11, I counted wrong.", digits) == 11
    assert read_answer("Answer: 12\n\nUpdate: 14 (my first pass was incorrect)", digits) == 14


def test_a_cue_inside_a_supposition_does_not_revise_the_answer():
    text = ("3\n\nReasoning: {0,1}, {2,3,4}, {5}. It would be 2 if 5 were actually linked "
            "to 4, but no such edge is listed.")
    assert read_answer(text, digits) == 3


def test_a_question_after_a_cue_leaves_the_doubt_open_unless_it_is_answered():
    assert isinstance(read_answer("Cut: 4.\n\nHmm, is edge (2, 6) in it? I would need "
                                  "the weights.", digits), NoAnswer)
    assert isinstance(read_answer("Ratio: 5\n\nHmm, or is it per node? Then 2.", digits),
                      NoAnswer)
    assert read_answer("Leaves: 3 and 8. Hmm, also 9? No, 9 has two neighbours.", digits) == 8
    assert read_answer("Answer: 4. Wait, is that right? Yes.", digits) == 4


def test_an_explaining_cue_after_a_new_value_keeps_the_new_value():
    text = "Final answer: 10. Actually, make that 11, since I overlooked vertex 3."
    assert read_answer(text, digits) == 11


def test_checking_left_unfinished_after_the_answer_voids_it():
    assert isinstance(read_answer("\\boxed{8}\n\nHmm, let me re-examine node 4's edges...",
                                  digits), NoAnswer)
    assert read_answer("\\boxed{8}\n\nLet me verify. 3 + 5 = 8. Yes.", digits) == 8


def test_an_order_constraint_found_without_a_new_order_voids_it():
    text = "Order: 5, 6, 7. Hmm, but 7 → 6 is an edge, so 7 has to come before 6."
    assert isinstance(read_answer(text, digits), NoAnswer)


def test_conditional_cases_and_a_self_declared_guess_are_not_answers():
    for text in ("If loops count, 5; otherwise 4.", "Probably 6, but that's just a guess."):
        assert isinstance(final_region(text, digits), NoAnswer), text


def test_a_stray_closing_think_tag_after_the_answer_is_ignored():
    assert read_answer("<think>\n1 2 3\n</think>\n\nIt is 3.\n\n</think>", digits) == 3


def test_a_cue_inside_the_answer_sentence_starts_the_correction():
    assert read_answer("Answer: 1, 3, 5 — wait, 5 is not a leaf. So: 1, 3.", digits) == 3


def test_an_alternative_offered_in_brackets_or_accepted_as_well_is_a_hedge():
    assert isinstance(read_answer("Answer: {0, 4} (or {0, 5} — just as good)", digits),
                      NoAnswer)
    context = Context("Is the graph planar?", None)
    assert not answers.BOOL.read("I'd say no, but I'd also accept yes.", None, context).ok


def test_check_notes_and_alternatives_turned_down_are_asides():
    assert read_answer("Girth = 5. Check: 2 + 3 = 5 ✓", digits) == 5
    assert read_answer("Girth = 5. Double-checked: 2·4 = 8 ✓", digits) == 5
    assert read_answer("Walk: 1 2 9. I also considered 1 3 8, but 3-8 is missing.", digits) == 9
    assert read_answer("Walk: 1 2 9. I also considered 1 3 8, so the walk is 1 3 8.", digits) == 8


def test_a_long_answer_after_a_short_one_is_its_explanation():
    text = "Short answer: 9.\n\nLong answer: degrees 4, 4, 3, 3, 2, 2 sum to 18, halved."
    assert read_answer(text, digits) == 9


def test_attempts_listed_without_a_choice_are_no_answer():
    assert isinstance(final_region("First count: 4. Second count: 5.", digits), NoAnswer)
    assert read_answer("First count: 4. Second count: 5. Going with 5.", digits) == 5


def test_then_again_with_a_conditional_other_value_and_cant_rule_out():
    text = "It comes to 8.\n\nThen again, (2, 2) may be a loop; without it the total is 7."
    assert isinstance(read_answer(text, digits), NoAnswer)
    assert isinstance(final_region("No cycle found, but I can't rule it out.", digits),
                      NoAnswer)


def test_it_depends_opening_the_paragraph_makes_the_values_cases():
    text = "That depends on the weights. Unit weights: 5 steps. Given weights: 9 steps."
    assert isinstance(final_region(text, digits), NoAnswer)
    settled = "It depends on the weights. Unit: 5. Given: 9. Since weights are given, 9."
    assert read_answer(settled, digits) == 9


def test_a_flaw_named_after_the_answer_takes_it_back_unless_a_verdict_follows():
    for text in ("Answer: yes.\n\nHmm, but edge 1-5 links two nodes placed in the same side.",
                 "Order: 3 1 2 0\n\nWait, I don't think that's a valid order — I skipped node 4."):
        assert isinstance(final_region(text, digits), NoAnswer), text
    context = Context("Is the graph bipartite?", None)
    text = "Yes. Wait, (1, 5) joins two nodes in the same colour class. Not bipartite."
    assert answers.BOOL.read(text, None, context).value is False


def test_an_elided_path_is_not_written_out():
    assert not answers.NODE_LIST.read("3 → 4 → ... → 12", None, Context(None, 13)).ok
    assert not answers.NODE_LIST.read("Path: 2, 5, …, 11", None, Context(None, 13)).ok


def test_another_value_that_would_also_work_is_a_hedge():
    for text in ("Cover: 1-2, 3-4. (5-6 would also work in place of 3-4.)",
                 "Order: (0, 1), (0, 3), (1, 2) — (0, 3) could just as well come first."):
        assert not answers.EDGE_SET.read(text, None, Context(None, 8)).ok, text


def test_a_list_left_to_continue_is_not_written_out():
    for text in ("Spanning tree: (0, 4), (4, 2), etc.",
                 "Tree edges: (5, 1), (1, 3) and so on for the other nodes.",
                 "Edges (3, 0), (3, 2), and the rest follow the same way."):
        assert not answers.EDGE_SET.read(text, None, Context(None, 8)).ok, text


def test_the_same_list_stated_twice_differently_is_two_answers():
    context = Context(None, 12)
    text = "Leaves of the tree: 3, 7, 9.\n\nThe leaves are 3, 7 and 11."
    assert not answers.NODE_SET.read(text, None, context).ok
    text = "Spanning tree edges: (0, 3), (3, 4).\n\nThe tree is (0, 4), (3, 4)."
    assert not answers.EDGE_SET.read(text, None, context).ok
    # a remark on the answer is no second statement of it
    text = "Leaves: [3, 7, 9]\n\nThese have degree 1 + 0 = 1."
    assert answers.NODE_SET.read(text, None, context).value == [3, 7, 9]
    text = ("The spanning forest includes (1, 2), (2, 5). "
            "The spanning forest includes (1, 5), (2, 5).")
    assert not answers.EDGE_SET.read(text, None, context).ok


def test_refusals_guesses_and_approximations_without_a_value():
    for text in ("Counting the cycles by hand isn't something I can do reliably in 20 nodes.",
                 "With 4 of 6 pairs linked, the coefficient is 4/",
                 "It's somewhat below a third? Hmm no: a little over a quarter.",
                 "Hmm, roughly a fifth."):
        assert isinstance(final_region(text, digits), NoAnswer) or not answers.FLOAT.read(
            text, None, Context(None, None)).ok, text
    assert not answers.NODE_LIST.read("Maybe 4, 1, 0 but I honestly don't know.", None,
                                      Context(None, 6)).ok
    assert answers.FLOAT.read("Approximately one half.", None, Context(None, None)).value == 0.5


def test_a_list_with_every_item_in_bold_is_read_whole():
    text = "## Order\n\n- **7**\n- **2**\n- **9**"
    assert answers.NODE_LIST.read(text, None, Context(None, 10)).value == [7, 2, 9]
    # one bold value after a plain list is still the highlighted answer
    assert read_answer("Counts:\n- 4\n- 6\n\nSo **6**.", digits) == 6


def test_values_in_code_spans_on_one_line_are_read_together():
    text = "**Cut edges:** `(1, 4)`, `(4, 8)` and `(8, 9)`"
    assert answers.EDGE_SET.read(text, None, Context(None, 10)).value == [[1, 4], [4, 8], [8, 9]]


def test_a_repetition_loop_cut_off_keeps_the_repeated_answer():
    text = "Node 3 has degree 4. Node 3 has degree 4. Node 3 has degree"
    assert read_answer(text, digits) == 4
    assert isinstance(final_region("Node 3 has degree 4. Node 3 has the", digits), NoAnswer)


def test_a_check_cut_off_before_its_verdict_voids_the_answer():
    text = "So 6 leaves. Let me verify the leaves: 2 has degree 1, 5 has degree 1, 9 has degree"
    assert isinstance(final_region(text, digits), NoAnswer)
    text = "So 6 leaves. Let me verify: 2 yes, 5 yes, 7 yes, 8"
    assert isinstance(final_region(text, digits), NoAnswer)
    assert read_answer("So 6 leaves. Let me verify: 1 + 2 + 3 = 6", digits) == 6
    assert read_answer("So 6 leaves. Let me verify: 2, 5, 7, 8, 9 and 11 each have degree 1",
                       digits) == 1  # (the test reader reads the last number)


def test_a_made_up_next_exercise_after_the_answer_is_not_read():
    text = ("Question: What is the degree of node 2?\nAnswer: 3, from edges to 0, 4 and 6.\n\n"
            "Question: What is the degree of node 5?\nAnswer: 1, from its edge to 4.")
    assert read_answer(text, digits) == 3
    # without an answer before it, a "Question:" line is only the question restated
    assert read_answer("Question: degree of node 2?\n\nIt is 3.", digits) == 3


def test_an_explanation_ending_on_the_other_verdict_is_a_second_answer():
    context = Context("Is the graph a tree?", None)
    text = "No.\n\nExplanation: 6 nodes, 5 edges, and every node is reached from 0, so yes, a tree."
    assert not answers.BOOL.read(text, None, context).ok
    text = "No.\n\nExplanation: 6 nodes but 6 edges, so no, it has a cycle."
    assert answers.BOOL.read(text, None, context).value is False


def test_a_dependence_with_one_value_after_it_is_no_case_split():
    assert read_answer("This depends only on the degrees. Node 3 has degree 4.", digits) == 4


def test_refusals_in_other_words_and_a_confidence_withdrawn():
    ctx = Context(None, 12)
    for text in ("I'm not going to be able to give a trustworthy count for a graph this big.",
                 "I would rather not report a made-up figure for the spectral radius of 40 nodes.",
                 "Result: 0.87. Hmm, the sum looks off to me; I'm no longer sure about that "
                 "number now."):
        assert not answers.FLOAT.read(text, None, ctx).ok, text
    # doubt that does not withdraw the value keeps it
    assert answers.FLOAT.read("Result: 0.87, though I'm not fully sure.", None, ctx).value == 0.87


def test_a_second_candidate_put_as_equally_good_is_a_hedge():
    ctx = Context(None, 10)
    for kind, text in (
            (answers.INT, "I count 5 cut vertices, but it could just as easily be 6."),
            (answers.NODE_LIST, "Order: 4, 0, 2, 1 (though 0, 4, 2, 1 is just as valid)."),
            (answers.EDGE_SET, "Cover: (1,2), (3,4). Another possible cover of equal size is "
                               "(2,3), (4,1)."),
            (answers.NODE_LIST, "2 → 6 → 9 is a shortest route, and 2 → 5 → 9 is another of "
                                "the same length."),
            (answers.EDGE_SEQUENCE, "(1,0), (0,3), (3,2). Or, if ties go to larger ids, (1,3), "
                                    "(3,0), (0,2)."),
            (answers.NODE_LIST, "I want to say 3, 0, 2 but the arrows confuse me.")):
        assert not kind.read(text, None, ctx).ok, text
    # a neighbour named as "another" is no second answer
    assert answers.NODE_SET.read("Neighbours of 3: 1 and 7. Node 1 is another hub.", None,
                                 ctx).value == [1, 7]


def test_an_edge_list_left_to_continue_is_no_answer():
    ctx = Context(None, 10)
    assert not answers.EDGE_SEQUENCE.read("Euler circuit: (2,3), (3,4), (4,2), …", None,
                                          ctx).ok
    assert not answers.EDGE_SET.read("Tree: 0-1, 1-2, 2-3, ... up to 8-9", None, ctx).ok
    assert answers.EDGE_SET.read("Tree: 0-1, 1-2, 2-3.", None, ctx).value == [[0, 1], [1, 2],
                                                                              [2, 3]]


def test_a_made_up_next_exercise_in_q_and_a_form_is_not_read():
    text = ("Q: What is the diameter of the graph?\nA: It is 4 hops.\n\n"
            "Q: What is the radius?\nA: 2")
    assert read_answer(text, digits) == 4
    # alpha-labelled lines are no exercise: no question follows them
    text = "Degrees:\nA: 2\nB: 3\nSo node B has degree 3."
    assert read_answer(text, digits) == 3


def test_a_stated_answer_then_a_different_marked_one_is_two_answers():
    ctx = Context("How many bridges does the graph have?", 12)
    for kind, text in (
            (answers.INT, "There are 3 bridges.\n\n**Final answer:** 2"),
            (answers.FLOAT, "Average degree: 2.4\n\nAnswer: 4.2"),
            (answers.NODE_SET, "The articulation points are 2 and 9.\n\nAnswer: [2, 9, 11]"),
            (answers.EDGE_SET, "The cut edges are (1, 4) and (4, 8).\n\nAnswer: [(1, 4)]")):
        assert not kind.read(text, None, ctx).ok, text
    # the same value, working, another quantity, a question restated, or a remark: the
    # marked answer stands
    for kind, text, value in (
            (answers.INT, "There are 3 bridges.\n\nFinal answer: 3", 3),
            (answers.INT, "There are 12 nodes.\n\nFinal answer: 3", 3),
            (answers.INT, "Node 4 has 3 neighbours.\n\nFinal answer: 5", 5),
            (answers.INT, "Bridges = 9 - 6.\n\nFinal answer: 3", 3),
            (answers.INT, "The graph is connected: all 12 nodes lie in one component.\n\n"
                          "Final answer: 3", 3),
            (answers.INT, "The bridges of the 12-node graph:\n\nFinal answer: 3", 3),
            (answers.NODE_SET, "First I look at node 5's row.\n\nAnswer: [1, 3]", [1, 3]),
            (answers.EDGE_SET, "The edge (0, 4) has weight 2, and 4-7 is another path.\n"
                               "Answer: [(1, 2)]", [[1, 2]])):
        assert kind.read(text, None, ctx).value == value, text


def test_refusals_in_other_words():
    ctx = Context(None, 10)
    for kind, text in (
            (answers.INT, "Summing 45 pair distances is something I can't do reliably."),
            (answers.INT, "With 17 nodes and 40 edges, which I cannot really do by hand, you "
                          "should use a library."),
            (answers.NODE_LIST, "Checking all 120 orders by hand is slow, so I won't give an "
                                "ordering I can't verify."),
            (answers.NODE_SET, "I'll need the complete edge list; yours ends at (8, 9)."),
            (answers.NODE_LIST, "I started from 2, then 7, and got stuck both times; I was "
                                "unable to find one.")):
        assert not kind.read(text, None, ctx).ok, text
    # a search that found nothing better, or a refusal to explain, still answers
    for kind, text, value in (
            (answers.NODE_LIST, "I couldn't find a shorter path than 1 → 4 → 6.", [1, 4, 6]),
            (answers.INT, "I won't give every step, but the count is 8.", 8),
            (answers.INT, "I need more than 3 colours here, so the answer is 4.", 4)):
        assert kind.read(text, None, ctx).value == value, text


def test_bounds_cases_and_lists_left_to_go_on_are_no_answer():
    ctx = Context(None, 10)
    for kind, text in (
            (answers.INT, "The cut has capacity at least 9, because two disjoint paths carry "
                          "4 and 5."),
            (answers.FLOAT, "Algebraic connectivity: between 0.8 and 1.1, going by the degree "
                            "bounds."),
            (answers.FLOAT, "λ₂ ≈ between 0.8 and 1.1"),
            (answers.NODE_LIST, "Routes 1-6-9 and 1-4-9 tie at two hops, so either one works."),
            (answers.EDGE_SEQUENCE, "BFS gives (0, 2), (0, 4), (2, 7) when 2 is queued first, "
                                    "and (0, 4), (0, 2), (4, 7) when 4 is queued first."),
            (answers.NODE_LIST, "Topological order: 3, 1 if ties go to the larger id, and 1, 3 "
                                "if they go to the smaller."),
            (answers.EDGE_SEQUENCE, "The walk begins (4, 1), (1, 6) and proceeds likewise "
                                    "until every node is seen."),
            (answers.INT, "7. Hmm, 8 might be right too if the loop counts.")):
        assert not kind.read(text, None, ctx).ok, text
    # a bound in the reason, not on the value, and one case named, are answers
    for kind, text, value in (
            (answers.INT, "The diameter is 4, since at least 4 hops separate 0 and 9.", 4),
            (answers.NODE_LIST, "Path: 2 → 5 → 9; either direction of the edges works the "
                                "same here.", [2, 5, 9])):
        assert kind.read(text, None, ctx).value == value, text
    assert committed_label("Theory. Hmm, Neural_Networks might fit better.",
                           ["Theory", "Neural_Networks"]) == NoAnswer(
        "another answer offered as a possibility")


def test_a_list_of_worked_steps_cut_inside_its_next_item_is_no_answer():
    ctx = Context(None, 12)
    text = ("Augmenting paths:\n- 0 → 2 → 11: bottleneck 4, total = 4.\n"
            "- 0 → 5 → 11: bottleneck 2, total = 6.\n- 0 → 7 → 3")
    assert not answers.INT.read(text, None, ctx).ok
    # a list of plain items is the answer, and a finished step list keeps its total
    assert answers.NODE_LIST.read("1. 4\n2. 0\n3. 7", None, ctx).value == [4, 0, 7]
    finished = text.rsplit("\n", 1)[0] + "\nSo the maximum flow is 6."
    assert answers.INT.read(finished, None, ctx).value == 6
    # cut off after "≈", as after "=": the value was still to come
    assert not answers.FLOAT.read("Closeness = 9/31 ≈", None, ctx).ok


def test_a_text_cut_off_before_the_object_of_a_step_or_quantifier_is_no_answer():
    ctx = Context("Is the graph bipartite?", 12)
    for kind, text in (
            (answers.NODE_SET, "Cover so far: 3, 7. Uncovered edges: (1, 2), (5, 9). Next, add"),
            (answers.EDGE_SEQUENCE, "Queue: [4]\nPop 4 → visit 2, 8. Tree edges (4, 2), (4, 8)\n"
                                    "Pop 2 → explore"),
            (answers.BOOL, "Colour 0 red, 3 blue, 6 red. Nodes 3 and 6 share an edge, and "
                           "either"),
            (answers.INT, "Sum of distances from node 2: 1 + 1 + 2 + 3 plus")):
        assert not kind.read(text, None, ctx).ok, text
    # the same words closing a finished sentence are no cut
    assert answers.INT.read("I found 3 triangles, counting both.", None, ctx).value == 3


def test_doubt_about_one_item_of_the_answer_voids_it():
    ctx = Context(None, 10)
    for kind, text in (
            (answers.NODE_LIST, "Path: 6, 1, 8, 2 — I haven't checked that 8 and 2 share an "
                                "edge."),
            (answers.EDGE_SET, "Matching: (0, 5), (2, 7), (3, 4). Not sure whether 3 can pair "
                               "with 4 here."),
            (answers.EDGE_SET, "Spanning tree: (1, 2), (2, 6), (6, 9); I'm not certain (6, 9) "
                               "belongs.")):
        assert not kind.read(text, None, ctx).ok, text
    # doubt about the whole answer keeps it
    for kind, text, value in (
            (answers.INT, "It has 5 bridges, though I haven't checked that.", 5),
            (answers.INT, "Answer: 6\n\nHmm, I'm not sure node 9 was included. Oh well.", 6)):
        assert kind.read(text, None, ctx).value == value, text


def test_a_flaw_found_after_can_t_be_right_takes_the_answer_back():
    ctx = Context(None, 10)
    for kind, text in (
            (answers.NODE_LIST, "Topological order: 5, 2, 0, 1.\n\nThis can't be right — "
                                "(1, 0) is an edge, so 1 must come first."),
            (answers.INT, "Max flow from 2 to 8 is 11.\n\nWait, I used the edge (4, 8), but it "
                          "isn't in the input. That changes the total.")):
        assert not kind.read(text, None, ctx).ok, text
    # a new value after the verdict is the answer
    assert answers.INT.read("The count is 4. That can't be right: it is 5.", None,
                            ctx).value == 5


def test_another_value_under_a_condition_is_a_hedge():
    ctx = Context("Is there a path between node 1 and node 8?", 10)
    for kind, text in (
            (answers.FLOAT, "Density: 0.4 — unless the loop at node 2 is an edge, in which "
                            "case it is 0.45."),
            (answers.INT, "The radius is 2 unless node 9 is isolated, in which case it's "
                          "undefined — I'd say 2, in which case 3 is the diameter."),
            (answers.BOOL, "It might be reachable if the edge (4, 8) runs both ways."),
            (answers.NODE_SET, "If node 7 counts as its own neighbour, the set is {2, 7}; "
                               "for the simple graph, it is {2}.")):
        assert not kind.read(text, None, ctx).ok, text
    # a possibility about something other than the answer is no hedge
    assert answers.INT.read("There are 9 edges. The edge (2, 5) could be listed twice if "
                            "the input repeats it.", None, ctx).value == 9


def test_several_solutions_named_with_a_two_word_noun_are_offered_not_chosen():
    ctx = Context(None, 8)
    text = "There are two minimum vertex covers here, e.g. {1, 4} and {2, 5}."
    assert not answers.NODE_SET.read(text, None, ctx).ok
    assert answers.INT.read("It has two maximal independent sets of size 3.\n\nAnswer: 2",
                            None, ctx).value == 2


def test_decimals_asked_as_questions_are_no_answer():
    for text in ("Clustering of node 3: 0.33? 0.5?", "Maybe 1.25? Or 1.5?"):
        assert not answers.FLOAT.read(text, None, Context()).ok, text
    assert answers.FLOAT.read("Density: 0.25. Does that look right to you?", None,
                              Context()).value == 0.25


def test_an_answer_announced_before_a_question_back_is_no_commitment():
    for text in ("Before I answer: is node 4 meant to have the edge (4, 4)? It matters.",
                 "Before we answer: should (2, 6) count once or twice?"):
        assert not answers.INT.read(text, None, Context()).ok, text


def test_a_leaning_verdict_denied_by_a_claim_ending_on_doubt_is_no_answer():
    assert not answers.BOOL.read("Probably yes, but there is an odd cycle 0-4-6-0, so I "
                                 "can't be sure.", None,
                                 Context("Is the graph bipartite?", 8)).ok
    # a firm verdict with a concession stands
    assert answers.BOOL.read("Yes, though nodes 0 and 4 share a neighbour.", None,
                             Context("Is the graph bipartite?", 8)).value is True


def test_a_verdict_then_so_no_there_is_no_such_edge_is_the_corrected_verdict():
    q = Context("Is there an edge between node 4 and node 9?", 10)
    text = ("Yes, 4 and 9 are joined.\n\nActually, looking again, 4 only connects to 1 and 6. "
            "So no, there is no such edge.")
    assert answers.BOOL.read(text, None, q).value is False
    # a flaw named without a verdict still takes the answer back
    assert not answers.INT.read("The degree of node 4 is 3.\n\nWait, there's no edge 4-6 in "
                                "the list.", None, q).ok


def test_labelled_category_answers_in_markdown_latex_and_score_lists():
    topics = ["Biology", "Machine_Learning", "Robotics"]
    assert committed_label("Category: Robotics\n\nThe abstract describes grasping and is "
                           "cited by", topics) == "Robotics"
    assert committed_label("$\\boxed{\\text{Machine\\_Learning}}$", topics) == "Machine_Learning"
    assert committed_label("Biology: 0.2\nRobotics: 0.7\nMachine_Learning: 0.1\n\nPrediction: "
                           "Robotics", topics) == "Robotics"
    assert committed_label("## Label\nBiology\n\n## Why\nThe neighbours are Robotics and "
                           "Machine_Learning papers, but the text is about proteins.",
                           topics) == "Biology"
    # cut off before any label is committed stays no answer
    assert not isinstance(committed_label("Looking at the neighbours: Robotics (3), Biology (",
                                          topics), str)


def test_an_approximate_count_an_item_put_in_doubt_and_a_confidence_withdrawn():
    ctx = Context("Is the graph connected?", 10)
    for kind, text in (
            (answers.INT, "I make it 14 or so edges."),
            (answers.NODE_LIST, "Order: [4, 0, 7, 2] (although 7 might not belong here)"),
            (answers.BOOL, "No. Hmm, wait, I'm no longer sure about that."),
            (answers.INT, "Answer: 3\n\nActually, I'm not so sure any more.")):
        assert not kind.read(text, None, ctx).ok, text
    # a count named after "but" is no doubt about an item, and "or so" needs a number
    assert answers.INT.read("There are 6 bridges, but 2 may look like cycle edges.", None,
                            ctx).value == 6
    assert answers.INT.read("The radius is 3, or so the eccentricities say: 3, 4, 4.", None,
                            ctx).value == 3


def test_a_has_statement_then_a_different_marked_answer_is_two_answers():
    edges = Context("How many edges are in the graph?", 10)
    assert not answers.INT.read("The graph has 12 edges.\n\nFinal answer: 13", None, edges).ok
    # a statement counting other things than the asked ones is context
    assert answers.INT.read("The graph has 9 nodes.\n\nFinal answer: 13", None,
                            edges).value == 13
    assert answers.INT.read("It has 13 edges.\n\nFinal answer: 13", None, edges).value == 13


def test_in_which_case_without_a_condition_restates_the_answer():
    assert answers.INT.read("Final answer: 4 (every node is reached, in which case the radius "
                            "is 4).", None, Context(None, 10)).value == 4
