"""Unmarked text: when an answer with no marker counts as committed.

Without a tag, a box, an "Answer:" line or JSON, the grading rule takes the end of the text,
but only on positive evidence that the model finished and stated a value: the ways not to
commit (cut off mid-step, a refusal in new words, a plan or a doubt after the value) are
open-ended, the ways to finish an answer are few. These rules weigh that evidence: a value
answered first and explained after it, a finished last line that closes on a value, asides
and pleasantries that may follow it, lists elided with "...", cases side by side with no
choice, code instead of an answer, and the parts cut before reading (a closing check, an
aside, a loop's unfinished tail, a walk in brackets).
"""

from __future__ import annotations

import math
import re
from numbers import Real
from typing import Any

from graphgauge.scoring.checks import (
    check_line,
    passed_check,
    ticked_off,
    without_check_block,
)
from graphgauge.scoring.doubts import (
    SETTLED,
    doubts_item,
    offered,
    open_list_only,
    past_question,
)
from graphgauge.scoring.region_types import (
    ABSENT,
    BARE,
    CONCLUDES,
    MAX_COMMITMENTS,
    TAIL,
    NoAnswer,
    Reader,
    Region,
    value_like,
)
from graphgauge.scoring.rivals import (
    CLAUSE_STOP,
    FORM_WORDS,
    GRAPH_HAS,
    NAME_WORD,
    NOT_SUBJECT,
    NUMBER,
    NUMBER_RUN,
    OPENING_LABEL,
    PARAGRAPHS,
    STATES,
    WORD,
    WORKING,
    bare_values_differ,
    concludes_otherwise,
    conclusion_differs,
    differs,
    opening_answer_differs,
    statements_differ,
    states_other,
    subject_words,
    value_key,
    values_of,
)
from graphgauge.scoring.signals import (
    ANSWER_DOUBT,
    CONFIRM,
    CUE,
    DOUBT,
    EQUALLY_GOOD,
    ITEM,
    PROVISIONAL,
    QUESTION,
    REFUSAL,
    RETRACTION,
    SENTENCE_SPLIT,
    TENTATIVE,
    UNFINISHED,
    cut_in_list,
    is_hedge,
    is_instruction,
    is_truncated,
    last_paragraph,
    offers_alternatives,
    reasons_a_denial,
    refuses,
    restated_differently,
    retracted,
    stops_mid_trace,
    strip_questions,
    tail,
    unclosed,
    unsure,
    value_asked,
    value_sentence,
    without_denial_reason,
    without_method_note,
)


def read_bare(body: str, thinking: str, size: int, reader: Reader | None) -> Region | NoAnswer:
    """No marker anywhere: the end of the text is the answer, unless it refuses, asks
    back, hedges or was cut off. Code the model wrote (without its output) is a way to
    compute the answer, not the answer."""
    body = _CODE.sub(_code_or_value, body)
    if not body.strip():
        return NoAnswer("code instead of an answer")
    body = _without_loop_tail(body)
    if is_truncated(body) or cut_in_list(body) or stops_mid_trace(body):
        opening = _opening_commit(body, reader)
        if opening is not None:  # cut off while explaining the answer it opened with
            return Region(opening, False, "opening", BARE, 0, len(opening), thinking)
        restating = _RESTATING.search(body, max(0, len(body) - 200))
        if restating and body[:restating.start()].strip():
            # "... is a course page. Let me restate:": read as if it ended before
            return read_bare(body[:restating.start()], thinking, size, reader)
        return NoAnswer("cut off before committing to an answer")
    kept = strip_questions(body)
    asked = tail(body).rstrip()[len(kept):]
    closing = SENTENCE_SPLIT.split(kept.rstrip())[-1]
    if not kept.strip() or (asked and (_CAN_DO.match(closing) or _WORK_AHEAD.search(closing)
                                       or _OFFERS_TO_ANSWER.search(asked))):
        # "I can compute it, but it means summing over all 36 pairs. Shall I go on?"
        return NoAnswer("a question back instead of an answer")
    kept = _without_aside(kept)  # "0–1, 2–3. (Edge 1–3 closes a cycle.)"
    kept = without_check_block(kept, reader)
    kept = without_method_note(kept)  # "… but an exact value would require 18 eigenvalues"
    kept = _without_walk_aside(kept, reader)  # "… needs 4 edges (2 → 6 → 9 → 13 → 15)."
    remark = last_paragraph(kept)
    if _others_unnamed(remark, kept, reader):  # "… a different but equally valid tree."
        kept = kept.rstrip()[:-len(remark.strip())]
    if not kept.strip():
        return NoAnswer("a method instead of an answer")
    last = last_paragraph(kept)
    passing = _passing_candidate(last, reader)
    if isinstance(passing, NoAnswer):
        return passing
    if passing is not None:  # "1. [0, 3, 2, 1] works.\n2. [0, 2, 3, 1] fails because ..."
        return Region(passing, True, "candidate", BARE, len(body) - len(last), len(body),
                      thinking)
    sentences = [s for s in SENTENCE_SPLIT.split(last) if s.strip()]
    if sentences and UNFINISHED.search(sentences[-1]):
        return NoAnswer("stopped before committing to an answer")
    if PROVISIONAL.search(_heading_line(kept, last)):
        return NoAnswer("a provisional answer, given so far")
    whole = last_paragraph(body)
    if refuses(last) or (whole != last and refuses(whole[-2000:])) or _refused_with_method(
            kept, last):
        return NoAnswer("refused to answer")
    if offers_alternatives(last) or _cases_side_by_side(last, reader):
        return NoAnswer("several answers offered, none chosen")
    stated = value_sentence(last)
    valued = _valued_paragraph(kept, last, reader)
    scope = _hedge_scope(valued, value_sentence(valued))
    if is_hedge(scope, values_of(reader)):
        resolved = resolution(last, reader)
        if resolved is None:
            stated_first = _stated_before_description(kept, valued, scope, reader)
            if stated_first is not None:  # "There are 2 bridges.\n\n... of length 3 or 4."
                return Region(stated_first, False, "opening", BARE, 0, len(stated_first),
                              thinking)
            return NoAnswer("hedged between answers")
        return Region(resolved, False, "resolution", BARE, len(body) - len(resolved),
                      len(body), thinking)
    if (unsure(last_paragraph(body)) and not _turned_down(last_paragraph(body))
            and not _elided_working(last_paragraph(body), reader)
            and not _others_unnamed(last_paragraph(body), body, reader)
            and not _elided_method(body, last_paragraph(body), reader)
            and not (reader is not None and open_list_only(
                last_paragraph(body), 0, len(last_paragraph(body)),
                _verdict_of(last_paragraph(body), kept, reader)))
            or TENTATIVE.search(stated) or value_asked(stated)):
        return NoAnswer("hedged between answers")
    if is_instruction(stated.split("\n")[-1]):
        return NoAnswer("a method instead of an answer")
    if (restated_differently(tail(kept, size // 2)) or bare_values_differ(last, reader)
            or statements_differ(kept, reader) or opening_answer_differs(kept, reader)
            or conclusion_differs(kept, reader)):
        return NoAnswer("two different final answers")
    kept = QUESTION.sub(" ", tail(kept, size // 2))
    cues = list(CUE.finditer(kept, max(0, len(kept) - len(last))))
    if cues and reader is not None and reasons_a_denial(cues, reader(
            kept[:cues[0].start()], False)):
        cues = []  # "No. ... One odd-degree node is enough to rule it out."
        kept = without_denial_reason(kept)
    if cues:
        after = kept[cues[-1].end():]
        if _CHECKING.search(cues[-1].group()) and _CHECK_CUT.search(after):
            # "That's 4. Hmm, let me double check {2,3,5}: 2-3 yes, 3-5 yes, 2-5"
            return NoAnswer("cut off while checking the answer")
        if retracted(kept[cues[0].start():]):
            return NoAnswer("answer retracted without a new one")
        if len(cues) > 1 and not WORD.search(after):
            return NoAnswer("left hesitating")  # "Yes — wait, no — hmm."
        after = past_question(after, reader)
        if isinstance(after, NoAnswer):
            return after
        sentences = [] if after is SETTLED else [
            s for s in SENTENCE_SPLIT.split(after) if s.strip()]
        if after is SETTLED:
            kept = kept[:cues[-1].start()]  # "2 and 5. Hmm, also 7? No — ..."
        elif sentences and not RETRACTION.search(after) and (
                CONFIRM.search(sentences[-1]) or DOUBT.search(after)
                or (passed_check(cues[-1].group(), after) and kept[:cues[-1].start()].strip())):
            # "Wait, ... No. So the order stands."; earlier cues of the same run of checks
            # ("Wait, is that valid? 1 before 0 ✓. Actually, let me double-check 3: ...")
            # go with it
            cut = len(cues) - 1
            while cut and kept[:cues[cut - 1].start()].strip() and ticked_off(
                    kept[cues[cut - 1].end():cues[cut].start()]):
                cut -= 1
            kept = kept[:cues[cut].start()]
        elif offered(after, reader):
            return NoAnswer("another answer offered as a possibility")  # "X. Hmm, Y might fit"
        elif reader is not None and reader(after, False) not in (ABSENT, None):
            kept = after  # "Yes, it is connected. Hmm, actually ... It is not connected."
    if not kept.strip():
        return NoAnswer("a question back instead of an answer")
    if reader is not None and not _finished(strip_questions(body).rstrip(), reader):
        opening = _opening_commit(body, reader)
        if opening is not None:
            return Region(opening, False, "opening", BARE, 0, len(opening), thinking)
        return NoAnswer("cut off before committing to an answer")
    if reader is not None and not _closes_on_value(kept, reader):
        return NoAnswer("the text ends on something other than its answer")
    if reader is not None and doubts_item(last_paragraph(kept), reader(kept, False), reader):
        return NoAnswer("doubt about an item of the answer")
    pointed = _pointed_run(kept, reader)
    if pointed is not None:  # "Final matching: the 14 edges above." after a split list
        return Region(pointed[1], True, "pointer", BARE, max(0, body.rfind(pointed[0])),
                      len(body), thinking)
    first = _answered_first(body, kept, reader)
    if first is not None:
        return Region(first, False, "opening", BARE, 0, len(first), thinking)
    return Region(kept, False, "text", BARE, len(body) - len(kept), len(body), thinking)


# A closing line that names the list above as the answer: "Final matching: the 14 edges above."
_BARE_POINTER = re.compile(r"[ \t*_>#]*[A-Za-z][^:\n]{0,40}:[ \t*_]*(?:all[ \t]+)?(?:the[ \t]+)?"
                           r"(?:\d+[ \t]+)?[a-z]+(?:[ \t]+[a-z]+)?[ \t]+(?:listed[ \t]+)?above"
                           r"[ \t*_.!]*", re.I)


def _pointed_run(text: str, reader: Reader | None) -> tuple[str, str] | None:
    """The numbered list a closing pointer line names, when remarks split it."""
    paragraphs = [p for p in PARAGRAPHS.split(tail(text).strip()) if p.strip()]
    if (reader is None or len(paragraphs) < 3 or not _BARE_POINTER.fullmatch(paragraphs[-1])
            or reader(paragraphs[-1], False) not in (ABSENT, None)):
        return None
    return numbered_run(paragraphs[:-2], paragraphs[-2])


_ENUMERATED = re.compile(r"[ \t]*\(?(\d{1,3})[.)][ \t]")
_REMARKS = 3  # paragraphs of prose a numbered list may be split by


def _numbers(paragraph: str) -> list[int] | None:
    """The item numbers of a paragraph that is all numbered lines, in order, else None."""
    lines = [x for x in paragraph.split("\n") if x.strip()]
    found = [_ENUMERATED.match(x) for x in lines]
    if not lines or not all(found):
        return None
    numbers = [int(m[1]) for m in found if m]
    return numbers if numbers == list(range(numbers[0], numbers[0] + len(numbers))) else None


def numbered_run(paragraphs: list[str], block: str) -> tuple[str, str] | None:
    """The whole numbered list a pointer's block continues, when remarks split it ("1. …
    13. …", "That's 13 edges; (25, 26) is free, let me add it:", "14. …"): (its first
    paragraph, its items joined), or None when the block is not such a continuation or
    the numbering does not run back to 1."""
    numbers = _numbers(block)
    if numbers is None or numbers[0] == 1:
        return None
    parts, want, skipped = [block], numbers[0] - 1, 0
    for paragraph in reversed(paragraphs):
        found = _numbers(paragraph)
        if found is None:
            skipped += 1
            if skipped > _REMARKS:
                return None
            continue
        if found[-1] != want:
            return None
        parts.insert(0, paragraph)
        want = found[0] - 1
        if want == 0:
            return parts[0], "\n".join(parts)
    return None


# A candidate's verdict, after its value: "[0, 3, 2, 1] works", "0 → 2 → 3 → 1 fails because
# 2-3 is missing", "[1, 0, 2]: invalid".
_VERDICT = re.compile(r"[ \t*_]*(?:[:,—–-][ \t*_]*)?(?:(?P<fails>fails?\b|(?:is )?invalid\b"
                      r"|does(?:n't|"
                      r" not) work\b|is not valid\b|✗|✘|❌)|(?P<works>works\b|(?:is )?valid\b"
                      r"|succeeds\b|✓|✔))", re.I)
_CANDIDATES = 8


def _passing_candidate(paragraph: str, reader: Reader | None) -> str | NoAnswer | None:
    """The one that works of candidate answers laid out one per line, each followed by
    its verdict ("1. **[0, 3, 2, 1]** works.\n2. **[0, 2, 3, 1]** fails because 2-3 is
    missing."): a failed candidate is no answer, and the list commits to the one that
    works. Only whole candidates (paths and orders of three nodes or more, all of one
    length) count; a check of the answer's edges one by one is no list of candidates. Two
    that work, or none, are no answer."""
    lines = [x for x in paragraph.strip().split("\n") if x.strip()]
    if reader is None or not 2 <= len(lines) <= _CANDIDATES:
        return None
    values, passed = [], []
    for line in lines:
        item = ITEM.match(line)
        body = line[item.end():] if item else line
        verdict = _VERDICT.search(body)
        value = reader(body[:verdict.start()], True) if verdict else ABSENT
        if verdict is None or not isinstance(value, list) or len(value) < 3 or WORD.search(
                _MARKUP.sub("", body[:verdict.start()]).replace("→", " ")):
            return None  # (the value alone before its verdict, not a sentence about it)
        values.append(value)
        if verdict["works"]:
            passed.append(body[:verdict.start()])
    if len({len(v) for v in values}) != 1:
        return None
    if not passed:
        return NoAnswer("every candidate offered failed")
    if len(passed) > 1:
        return NoAnswer("several answers offered, none chosen")
    return passed[0]


_MARKUP = re.compile(r"[*_`\[\](){},\d\s-]+")


# A later sentence that concludes on its own value: "so the answer is 5", "6 in total".
_CONCLUDES_ON = re.compile(r"^[\W_]*(?:so|thus|hence|therefore)\b|\b(?:answer|result)\b"
                           r"|\b(?:in total|in all|overall|altogether|final(?:ly)?)\b", re.I)
# ... or states a number of its own: "closeness(13) = 26 / 83 = 0.3133", "there are 3 links"
# "the longest shortest path has length 4" (not an id: "The farthest node is 8")
# A number as stated: "8", "about 8", "≈ 0.3", "-1", ".5" (markup before it allowed).
_NUMBER_FIRST = re.compile(r"[ \t*_]*(?:(?:about|approximately|roughly|around|only|exactly)"
                           r"[ \t]+|≈[ \t]*)?[-+]?(?:\d|\.\d)")
_STATES_NUMBER = re.compile(r"(?:(?<!node )(?<!vertex )\b(?:is|are|was|were|equals?)\b|="
                            r"|\bha(?:s|ve)[ \t]+(?:a[ \t]+)?[a-z]+(?:[ \t]+of)?\b)"
                            + _NUMBER_FIRST.pattern
                            + r"(?![^.!?\n]{0,3}(?:→|->|,[ \t]*\d|[ \t]+and[ \t]+\d))",
                            re.I)  # (not a path or list, nor a pair: "is 0 and 8")


_STATING = re.compile(r"\b(?:is|are|was|were|equals?)\b|=|\bha(?:s|ve)[ \t]+(?:a[ \t]+)?"
                      r"(?:total[ \t]+)?[a-z]+(?:[ \t]+of)?\b(?=[ \t]*[-+.\d])", re.I)


def _answered_first(body: str, kept: str, reader: Reader | None) -> str | None:
    """A value stated first and explained after ("**Diameter: 4**" and then "The longest
    shortest path is between node 0 and node 7 (0-2-5-6-7)."; "..., the shortest distance
    from node 0 to node 5 is 8. The path is 0 → 1 → 3 → 5."; "**Barycenter: [4]**" and
    then "its total distance ... is 11"; a list under its heading, "Minimum edge cover:\n\n
    [(0, 2), ...]", and then "(2, 3) covers the leftover node 3"): the values of the
    explanation (ids, a path, the counts it comes from, a quantity of another kind) are not
    the answer, unless a later sentence states the same quantity again, concludes on a
    value, or (for a number) states a number of its own, or a labelled line closes the
    text ("**Number of edges: 1**": a new answer line). The opening names its quantity
    ("diameter", "clustering coefficient"; not "the answer"), and is no property of the
    items picked by a quantifier ("almost every entry is 0")."""
    if reader is None or len(body) > TAIL or CUE.search(body):
        return None
    text = body.strip()
    opening = _opening_statement(text)
    if opening is None:
        return None
    first, value, subject, rest = opening
    # (a long opening is a sentence of working, unless it is the answer's list, alone or
    # under a short label: a walk of 24 edges in brackets)
    long = len(first) > 200 and not (len(subject) <= 60 and value_like(value))
    if not rest.strip() or long or "?" in first or _INPUT_FACT.match(first) or (
            _STEP_LABEL.match(first) or _closing_line_answers(text)
            or WORKING.search(first) or (_PERSON.search(first) and not _expository(first))
            or TENTATIVE.search(first) or unsure(first) or is_hedge(first, values_of(reader))):
        return None  # (a value alone, or labelled, on the last line closes on it)
    opened = reader(value, True)
    final = reader(kept, False)
    if isinstance(opened, list):
        # a list given whole (not "node 4 is the hub"), which the end does not repeat
        # (an end of another shape, "the edges (3, 1) and (3, 5)" under a node list, is
        # no rival)
        if not opened or not value_like(value) or final is ABSENT or (
                final is not None and not differs(final, opened)) or any(
                OPENING_LABEL.fullmatch(x.strip(" \t*_.")) or value_like(x)
                for x in SENTENCE_SPLIT.split(rest) if x.strip() and not check_line(x)):
            return None  # (nor one piece of it: "From 3: 2, 4. From 2: 16.")
    elif not _NUMBER_FIRST.match(value) or isinstance(opened, bool) or not isinstance(
            opened, Real) or WORKING.search(value) or NUMBER_RUN.search(value):
        return None  # "Step 0: count the triangles; there are 1 ...": no number stated
    elif not isinstance(final, Real) or math.isclose(final, opened, rel_tol=0.01,
                                                     abs_tol=0.005):
        return None  # the end says the same
    named = {w[:4] for w in NAME_WORD.findall(subject.lower())} - NOT_SUBJECT - FORM_WORDS
    bare_list = isinstance(opened, list) and not subject.strip()  # "[2, 7]\n\nRemoving 2 ..."
    if not named and not bare_list:
        return None
    for sentence in SENTENCE_SPLIT.split(rest):
        said = reader(sentence, False)
        if said in (ABSENT, None) or check_line(sentence):  # "Checking: 2 before 3 ✓."
            continue
        if bare_list and isinstance(said, list) and len(said) >= max(2, len(opened)):
            return None  # the whole list stated again ("The BFS order is 0, 2, 1.")
        if _CONCLUDES_ON.search(sentence) or named & subject_words(sentence) or (
                not isinstance(opened, list) and (_states_number(sentence)
                                                  or GRAPH_HAS.match(sentence))):
            return None  # the quantity stated again, a conclusion, another number stated
    return first


def _opening_statement(text: str) -> tuple[str, str, str, str] | None:
    """(opening, its value, its subject, the rest) of a text that may answer first: a
    labelled value ("Diameter: 4"), a statement ("The diameter is 4.") or a heading line
    over a list alone in its paragraph ("Minimum edge cover:\n\n[(0, 2), (1, 6)]")."""
    first = text.split("\n")[0]
    heading = _LIST_UNDER_HEADING.match(text) or _LIST_ALONE.match(text)
    if heading is not None:
        return heading.group(), heading["list"], heading["label"] or "", text[heading.end():]
    first = next((x for x in SENTENCE_SPLIT.split(first) if x.strip()), first)
    rest = text[text.find(first) + len(first):]
    label = OPENING_LABEL.fullmatch(first.strip(" \t*_.").strip())
    verb = None if label else _STATING.search(first)  # "is 8", "= 8", "has capacity 5"
    if label is not None:
        return first, label[2], label[1], rest
    if verb is None or _QUANTIFIED.match(_CLAUSE_START.split(first[:verb.start()])[-1]):
        return None  # ("almost every entry is 0" says what items are, it states no quantity)
    return first, CLAUSE_STOP.split(first[verb.end():])[0], first[:verb.start()], rest


_LIST_UNDER_HEADING = re.compile(
    r"[ \t#*_]*(?P<label>[A-Za-z][^\n:.!?]{0,80}?)[ \t*_]*:[ \t*_]*\n[ \t]*\n[ \t]*"
    r"(?P<list>[\[{(][^\n]{1,2000}[\]})])[ \t]*(?=\n[ \t]*\n|\Z)")  # the list alone


_LIST_ALONE = re.compile(r"[ \t*_]*(?P<label>)(?P<list>[\[{(][^\n]{1,2000}[\]})])[ \t*_.]*"
                         r"(?=\n[ \t]*\n)")  # a list alone in the first paragraph


def _closing_line_answers(text: str) -> bool:
    """Does the text close on a line of its own that is a value, or a value under a label
    naming it ("**Number of edges: 1**", "Edge count: 1")? That line is the answer the
    text ends on, not an explanation of an earlier one."""
    line = text[text.rfind("\n") + 1:]
    if value_like(line):
        return True
    if check_line(line):
        return False  # "Checking the edges: 4 before 1 ✓, 3 before 5 ✓." checks the answer
    label = OPENING_LABEL.fullmatch(line.strip(" \t*_.").strip())
    return "\n" in text and label is not None and bool(
        _NUMBER_FIRST.match(label[2]) or value_like(label[2])) and not (
        _STEP_LABEL.match(label[1]) or NUMBER.search(label[1]))


_ASIDE = re.compile(r"\([^()\n]*\)")
_CLAUSE_START = re.compile(r"[,;:]|\b(?:and|but|so|then)\b", re.I)
_QUANTIFIED = re.compile(r"[ \t*_]*(?:(?:almost|nearly|virtually)[ \t]+)?(?:some|several|many"
                         r"|most|all|both|no|none of|each|every|a few"
                         r"|few|other)\b", re.I)


def _states_number(sentence: str) -> bool:
    """Does a sentence of the explanation state a number of its own? Not in an aside in
    brackets ("(2 times the number of edges, here 2 x 33 = 66)") nor of items picked by a
    quantifier ("some eigenvalues are 0"): those are the working, not a rival result."""
    said = _ASIDE.sub(" ", sentence)
    for m in _STATES_NUMBER.finditer(said):
        clause = _CLAUSE_START.split(said[:m.start()])[-1]
        if not _QUANTIFIED.match(clause):
            return True
    return False


# A labelled step of working, not the answer: "Step 1: visit 0.", "Queue: [3, 4]".
_STEP_LABEL = re.compile(r"[ \t*_#>-]*(?:step|first|start|begin|pass|iteration|round|initial"
                         r"|visit|queue|stack|pop|push|current|candidate|try|trying|case)\w*\b",
                         re.I)
_OPENING_MAX = 400
# What follows an answer given first: its check or its reason ("To verify: ...",
# "Traversal: ...", "This uses the edges ..."), not the next step ("Now count ...").
_EXPLAINING = re.compile(r"[ \t*_#>]*(?:to (?:verify|check|confirm|see (?:why|this))|verification"
                         r"|proof|explanation|reasoning|justification|why|because|since|this"
                         r"|these|that|here|traversal|details|how|for (?:example|instance)"
                         r"|check(?:ing)?"
                         r"|e\.g\.)", re.I)
# A verdict alone as the opening paragraph ("Yes.", "**No**"): whatever follows explains it.
_VERDICT_ALONE = re.compile(r"[ \t*_#>]*(?:yes|no|true|false)[ \t*_.!]*", re.I)
# A fact of the input stated on the way: "The graph has 7 edges.", "Node 0 is adjacent to 1".
_INPUT_FACT = re.compile(r"[ \t*_#>]*(?:(?:node|vertex|edge)s?[ \t]+[\w(]|(?:the )?(?:edges?"
                         r"|edge list|graph|input|given|adjacency(?: list)?|degrees?|distances?"
                         r"|weights?|sum)\b[^:\n]{0,30}(?::|\bare\b|\bis\b))"
                         r"|[^\n]*\b(?:has|contains|with|are|is)[ \t]+\d+[ \t]+"
                         r"(?:edges|nodes|vertices)\b", re.I)


# Cut off announcing a restatement of what was just said: nothing new was coming.
_RESTATING = re.compile(r"(?:(?<=[.!?])|(?<=\n))[ \t*_]*(?:so,?[ \t]+)?(?:let me|let's|I'll|to)"
                        r"[ \t]+(?:restate|repeat|recap|summari[sz]e)"
                        r"(?:[ \t]+(?:it|that|this|the answer))?"
                        r"[ \t]*(?:clearly[ \t]*)?[:,]?[ \t*_]*\Z", re.I)


def _opening_commit(body: str, reader: Reader | None) -> str | None:
    """The answer a reply opens with, when the reply is cut off while explaining it
    ("There are 3 strongly connected components: {0, 1, 3, 4, 6}, {2} and {5}." and then
    "To verify: ... no edge ends at"): truncation after a committed answer does not void
    it. The opening is a paragraph of its own that is the value, a labelled value ("DFS
    tree edges: [...]") or a one-sentence statement of it, finished and undoubted, and not
    a fact of the input; what follows opens as its check or reason, and neither corrects,
    doubts nor concludes on another value (a cut trace of working is no answer)."""
    if reader is None or len(body) > TAIL:
        return None  # (an answer given first is followed by a short explanation)
    paragraphs = PARAGRAPHS.split(body.strip(), 1)
    if len(paragraphs) < 2:
        return None
    opening, rest = paragraphs[0].strip(), paragraphs[1]
    if (len(opening) > _OPENING_MAX or not _FINISHED.search(opening) and not value_like(opening)
            or is_truncated(opening) or unclosed(opening) or "?" in opening
            or CUE.search(opening) or _STEP_LABEL.match(opening)
            or (_PERSON.search(opening) and not _expository(opening))
            or refuses(opening) or unsure(opening) or TENTATIVE.search(opening)
            or value_asked(opening) or offers_alternatives(opening)
            or is_hedge(opening, values_of(reader))):
        return None
    value = reader(opening, False)
    if value in (ABSENT, None):
        return None
    line = opening.split("\n")[-1]
    if not value_like(opening) and (len([s for s in SENTENCE_SPLIT.split(line) if s.strip()]) > 1
                                    or not (STATES.search(line) or GRAPH_HAS.match(line)
                                            or isinstance(value, bool))):
        return None  # "Start at node 0.", "Greedy: start with 1. Add 2.": working
    alone = value_like(opening) or (isinstance(value, bool) and _VERDICT_ALONE.fullmatch(opening))
    if not (_EXPLAINING.match(rest) or alone) or (
            _INPUT_FACT.match(opening) and not isinstance(value, bool)):
        return None  # the next step of working, or a fact of the graph on the way
    if alone and concludes_otherwise(opening, rest, reader):
        return None  # "Yes.\n\n… so no, node 4 has degree 3, and"
    if (CUE.search(rest) or RETRACTION.search(rest) or refuses(rest) or unsure(rest)
            or DOUBT.search(rest) or ANSWER_DOUBT.search(rest)
            or (_PERSON.search(rest) and not _expository(rest))):
        return None
    sentences = [s for s in SENTENCE_SPLIT.split(rest) if s.strip()][:-1]  # the cut one
    if any(CONCLUDES.search(s) and states_other(rest, s, value, reader) for s in sentences):
        return None  # "... so there are 4 in all."
    return opening


# A run cut short in words: "node 1 and node 8 at distance 3, and so on, up to node 13".
_AND_SO_ON = re.compile(r"[ \t,]*(?:\.\.\.|…)?[ \t,]*(?:\band so (?:on|forth)\b|\betc\b\.?)", re.I)


def _elided_working(paragraph: str, reader: Reader | None) -> bool:
    """Is the only doubt of a paragraph a run of the working cut short ("the distances from
    node 2: node 11 is at distance 1, ..., and so on, up to node 13 at distance 12"), with
    the value stated in a later sentence of its own ("The sum is 86, and 16 / 86 = 0.186.")?
    The elided run is not the answer, so it leaves none undecided; "1, 2, 3, and so on." as
    the last value stated still does."""
    if reader is None or not _AND_SO_ON.search(paragraph) or unsure(
            _AND_SO_ON.sub(" ", paragraph)):
        return False
    sentences = [x for x in SENTENCE_SPLIT.split(paragraph) if x.strip()]
    valued = [i for i, x in enumerate(sentences) if reader(x, False) not in (ABSENT, None)]
    elided = [i for i, x in enumerate(sentences) if _AND_SO_ON.search(x)]
    return bool(valued) and valued[-1] > elided[-1]


# "... the same for the remaining nodes, and so on": the list given was only a start.
_GOES_PAST = re.compile(r"\b(?:remaining|rest|others|the same for|likewise|similarly"
                        r"|repeat(?:s|ed|ing)? (?:for|with))\b", re.I)


def _elided_method(body: str, paragraph: str, reader: Reader | None) -> bool:
    """Is the only doubt of the closing paragraph an "and so on" in how a list given whole
    above it was found ("[(19, 5), (19, 20), ...]\n\n**How:** node 19's neighbours first
    (5, 20), then the neighbours of 5, and so on level by level")? The method is elided,
    not the answer: every number it names is in that list (one it does not name, "then 3,
    4, and so on", may be the rest of a list left unfinished)."""
    if reader is None or not _AND_SO_ON.search(paragraph) or unsure(
            _AND_SO_ON.sub(" ", paragraph)) or _GOES_PAST.search(paragraph):
        return False
    above = [p for p in PARAGRAPHS.split(body[:body.rfind(paragraph)]) if p.strip()]
    given = next((p for p in reversed(above) if value_like(p)), None)
    if given is None or unclosed(given) or _AND_SO_ON.search(given) or "..." in given or (
            "…" in given) or not isinstance(reader(given, True), list):
        return False
    return set(NUMBER.findall(paragraph)) <= set(NUMBER.findall(given))


# Other things described by a quantity that takes one of two values: "every other edge lies
# on a cycle of length 3 or 4", "the nodes of degree 2 or 3".
_DESCRIBED = re.compile(r"\bof[ \t]+(?:length|size|degree|weight|distance|cost|order|depth)s?"
                        r"[ \t]+\d+(?:\.\d+)?[ \t]+or[ \t]+\d+(?:\.\d+)?\b", re.I)


def _verdict_of(paragraph: str, kept: str, reader: Reader) -> Any:
    """What the closing paragraph says, or, when it states nothing of the type (a reason
    after a verdict given first: "The graph does not contain a cycle.\n\nNode 11 is a hub
    linked to 0, 1, 2 and several others, …"), what the whole reply says."""
    value = reader(paragraph, False)
    return reader(kept, False) if value in (ABSENT, None) else value


def _stated_before_description(text: str, valued: str, scope: str,
                               reader: Reader | None) -> str | None:
    """The opening paragraph that states the answer ("There are 2 bridges."), when the only
    hedge after it describes other things by a quantity of two values ("They are (0, 1)
    and (4, 5); every other edge lies on a cycle of length 3 or 4."): that "or" qualifies
    the cycles, not the answer. ("The girth is 3 or 4." stays a hedge, and so does any
    opening that is itself unsure.)"""
    if reader is None or not _DESCRIBED.search(scope) or is_hedge(
            _DESCRIBED.sub(" ", scope), values_of(reader)) or CUE.search(text):
        return None
    paragraphs = [p for p in PARAGRAPHS.split(text.strip()) if p.strip()]
    first = paragraphs[0] if len(paragraphs) > 1 else ""
    if not first or len(first) > 200 or valued.strip() == first.strip() or (
            _DESCRIBED.search(first) or unsure(first) or TENTATIVE.search(first)
            or is_hedge(first, values_of(reader))):
        return None
    return first if reader(first, False) not in (ABSENT, None) else None


def _valued_paragraph(text: str, last: str, reader: Reader | None) -> str:
    """The last paragraph holding a value of the asked type: a hedge sits next to the
    value, so a bound in a closing justification without one ("(0, 5), (1, 4)" and then
    "Each edge covers at most 2 nodes, so we need at least 2 edges.") hedges nothing."""
    if reader is None or len(last) > TAIL // 2 or reader(last, False) not in (ABSENT, None):
        return last
    paragraphs = [p for p in PARAGRAPHS.split(tail(text)) if p.strip()]
    for paragraph in paragraphs[-2:-MAX_COMMITMENTS:-1]:
        if reader(paragraph, False) not in (ABSENT, None):
            return paragraph
    return last


# "(If you wanted it normalized, that would be 0.75, but the question asks for the
# centrality itself.)": a closing aside that sets the other reading aside itself.
_TURNED_DOWN = re.compile(r"\A[ \t]*\([^()]*\bbut\b[^()]{0,80}\b(?:the question|the task"
                          r"|(?:was|is|were|are) asked|asks|we want)\b[^()]*\)[.!]?\s*\Z", re.I)


def _others_unnamed(paragraph: str, text: str, reader: Reader | None) -> bool:
    """Is a closing remark that other answers are "equally valid" only a note, naming none
    of them ("[…]\n\nThat's one valid DFS; another neighbour order gives a different but
    equally valid tree.")? The answer stands in a paragraph of its own before it; a whole
    second answer in the remark ("… [(0, 2), (2, 3)] is equally valid") offers it."""
    if reader is None or not EQUALLY_GOOD.search(paragraph) or CUE.search(paragraph) or unsure(
            EQUALLY_GOOD.sub(" ", paragraph)):
        return False
    before = text.rstrip()[:-len(paragraph.strip())] if text.rstrip().endswith(
        paragraph.strip()) else ""
    answer = reader(before, False) if before.strip() else ABSENT
    if not isinstance(answer, list) or len(answer) < 2:
        return False
    said = reader(paragraph, False)
    return said in (ABSENT, None) or (isinstance(said, list) and 2 * len(said) < len(answer))


def _turned_down(paragraph: str) -> bool:
    if len(paragraph) >= 400 or CUE.search(paragraph) or not _TURNED_DOWN.match(paragraph):
        return False
    # what the question asks for is not the other reading again ("If the graph is directed
    # it would be 0.25, but the question asks for the directed case." endorses it)
    other, _, asked = paragraph.rpartition(" but ")
    return not ({w[:5] for w in NAME_WORD.findall(other.lower())} & {
        w[:5] for w in NAME_WORD.findall(asked.lower())} - _ASKING_WORDS)


_ASKING_WORDS = frozenset(("the", "quest", "asks", "for", "and", "that", "this", "you",
                           "task", "itsel", "value", "wante", "was", "asked", "what", "its"))


# An offer to work the answer out, put before a question back: what it can do, not a value.
_CAN_DO = re.compile(r"\W*I (?:can|could)(?: certainly| easily| definitely)? (?:compute"
                     r"|calculate|work out|determine|find|count|list|give)\b"
                     r"(?![^.\n]*(?:[:=]|\b(?:is|are)\b))", re.I)


# A refusal followed by how the reader could work the value out ("I can't calculate it
# without tools. Here's how you could: 1. Build the matrix ..."): the numbers are in the
# steps, and the reply ends without a value of its own.
_HOW_TO = re.compile(
    r"\bhere(?:'s| is) how\b|\b(?:steps|way) (?:to|you could|you can)\b|\byourself\b"
    r"|\byou (?:could|can|would|might|'d) (?:\w+ ){0,2}?(?:compute|calculate|find|get"
    r"|determine|obtain|approach|use|run|do)\b|\b(?:tools?|librar(?:y|ies)|packages?|software)"
    r" (?:like|such as)\b|\byou(?:'d| would| will)? need to\b|\byou would:"
    r"|(?:^|[.!?:]\s)[ \t*_]*to (?:get|compute|calculate|find|obtain|determine) (?:it|this|that"
    r"|the (?:\w+ )?(?:value|result|answer|number|count))\b", re.I | re.M)
# ... unless its closing sentence (not a step) works the value out after all ("... Doing
# this by hand gives 0.42.").
_WORKED_OUT = re.compile(r"(?:\b(?:so|thus|therefore|hence|gives|yields|comes to|comes out"
                         r"|get|got|is|equals|settles at|converges to|about|approximately)\b"
                         r"|[=≈:])[^.!?\n\d]{0,40}[-+]?\.?\d", re.I)


def _refused_with_method(kept: str, last: str) -> bool:
    """Does the reply open by refusing and go on only to say how the value could be found?"""
    opening = re.split(r"\n[ \t]*\n", kept.lstrip(), maxsplit=1)[0][:1000]
    refusal = REFUSAL.search(opening) if refuses(opening) else None
    if refusal is None:
        return False
    if _HOW_TO.search(kept, kept.find(opening) + refusal.end()) is None:
        return False
    prose = [line for line in last.splitlines() if line.strip() and not ITEM.match(line)]
    return not (prose and _WORKED_OUT.search(SENTENCE_SPLIT.split(prose[-1].strip())[-1]))


# The work still to do, put before a question back: "There are 36 pairs to check. Shall I
# go through them?" counts the work, not the answer.
_WORK_AHEAD = re.compile(r"\b\d+[ \t]+(?:[a-z-]+[ \t]+){0,2}?(?:left[ \t]+|still[ \t]+"
                         r"|remaining[ \t]+)?to[ \t]+(?:check|examine|compare|test|consider"
                         r"|go[ \t]+through|work[ \t]+through|process|evaluate|verify|try|visit"
                         r"|explore|enumerate|inspect)\b"
                         r"(?![^.!?\n]*\b(?:so|thus|therefore|hence|giving|total)\b)", re.I)


# A question back asking leave to work the answer out, or offering the answer itself: the
# numbers before it are the size of the work ("all 36 pairs"), not an answer.
_OFFERS_TO_ANSWER = re.compile(
    r"\b(?:(?:shall|should) I|(?:want|like) me to)[ \t]+(?:go ahead|proceed|continue|start"
    r"|do (?:it|that|this|so|the (?:computation|calculation|math|count))|compute (?:it|this|that"
    r"|the (?:answer|result|value|total))|calculate (?:it|this|that)|work (?:it|this|that) out"
    r"|carry (?:it|this|that) out|finish)\b(?![^?\n]*\b(?:too|also|as well|next)\b)"
    r"|\b(?:would you like|do you want) me to\?|\bwant me to\?"
    r"|\bgive you (?:just )?the (?:final )?(?:number|answer|result|value|count|total)\b"
    r"|\bdo you want (?:me to do )?the (?:full |complete )?(?:computation|calculation)\b",
    re.I)


def _heading_line(text: str, last: str) -> str:
    """The line that introduces the closing value: the last line of the closing paragraph
    that is not a list item, or the line just above a paragraph that is all items."""
    lines = [line for line in last.splitlines() if line.strip()]
    heading = next((line for line in reversed(lines) if not ITEM.match(line)), None)
    if heading is not None:
        return heading
    before = text[:text.rfind(last)].rstrip() if last else ""
    return before[before.rfind("\n") + 1:]


# "If neighbours are taken in alphabetical order: A. In reverse order: B.": each case has
# its own answer, and none is chosen (a closing sentence that picks one is not a case).
_CASE_HEAD = re.compile(r"[ \t*_>-]*(?:(?P<if>if|when|assuming)|in|with|without|for|under|using)\b"
                        r"[^:\n]{0,80}:[ \t*_]*(?=\S)", re.I)


def _cases_side_by_side(paragraph: str, reader: Reader | None) -> bool:
    if reader is None or len(paragraph) > 2000:
        return False
    sentences = [x for x in SENTENCE_SPLIT.split(paragraph) if x.strip()][-MAX_COMMITMENTS:]
    heads = [_CASE_HEAD.match(x) for x in sentences]
    cases = [x[h.end():] for x, h in zip(sentences, heads, strict=True) if h]
    if len(cases) < 2 or not heads[-1] or not any(h["if"] for h in heads if h):
        return False
    read = [reader(case, True) for case in cases]
    # as written: the same edges in another order are another traversal
    return len({repr(v) for v in read if v is not ABSENT and v is not None}) > 1


# Bare text (no marker, no box, no JSON) commits only on positive evidence, not by default:
# the ways not to commit (text cut off mid-step, a refusal in new words, a doubt or a plan
# after the value) are open-ended, the ways to finish an answer are few. A bare answer
# commits when (1) it is finished: its last line ends a sentence or a structure (a bracket,
# a table row, a code fence, a check mark, an emoji), is a list item or a terse reply, or
# ends on a value of the type read; and (2) its closing statement holds the value: what
# follows the last sentence holding one is only asides, facts stated in the third person
# ("Removing it disconnects node 4.", "The abstract is about TLS.") or the model's
# confirmation ("I checked all 11 edges."), never the model speaking of itself or to the
# reader ("I'd recommend numpy.", "I still need to compute ...", "You could use ..."), a
# correction cue or a question.
_FINISHED = re.compile(r"[.!)\]}`*|'\"✓✔>\d]\s*\Z|[\u2600-\U0010ffff]\s*\Z")
_LAST_WORDS = re.compile(r"[^\s:=,;→—–(]+(?:[ \t]+[^\s:=,;→—–(]+){0,2}\Z")
_TERSE_WORDS = 8
_PERSON = re.compile(r"\bI(?:'m|'d|'ve|'ll)?\b|\b(?i:me|my|we|we'd|we'll|let's|you|your|let me"
                     r"|let us)\b")
_AGREES_WITH_IT = re.compile(
    r"\bI(?:'m| am) (?:quite |fairly |very |pretty )?(?:sure|certain|confident)\b"
    r"|\bI (?:(?:have|also|then|already|carefully) )?(?:checked|verified|double-checked"
    r"|re-?counted|went through|looked at|examined|traced)\b"
    r"|\b(?:that|this)'?s? (?:is )?(?:right|correct)\b|[✓✔]"
    r"|\bI (?:computed|calculated|found|got|derived|obtained) (?:this|it|that|these|them)\b"
    r"|\b(?:that|this|it)(?:'s| is) my (?:final )?answer\b|\bI stand by (?:it|that|this)\b"
    # a conclusion that the answer is optimal: "I can't find an augmenting path for 13 or
    # 19, so this is maximum." (not "so this is probably maximum")
    r"|\b(?:so|thus|hence|therefore),?[ \t]+(?:this|that|it|the (?:matching|set|path|tour"
    r"|order|ordering|cover|colou?ring|cut|tree|cycle|clique))(?:'s|[ \t]+is)[ \t]+(?:a[ \t]+"
    r"|the[ \t]+)?(?:maximum|maximal|optimal|minimum|minimal|shortest|largest|smallest"
    r"|complete|valid)\b(?:[ \t]+\w+)?[ \t]*[.!]?[ \t]*\Z",
    re.I)


def _finished(body: str, reader: Reader) -> bool:
    if not SENTENCE_SPLIT.search(body.strip()):
        return True  # one sentence ("nah, they aren't linked"): only a joining word cuts it
    line = body[body.rfind("\n") + 1:]
    if line.lstrip().startswith("|"):  # a table row with fewer cells than the one above
        above = body[body.rfind("\n", 0, max(0, len(body) - len(line) - 1)) + 1:
                     len(body) - len(line)]
        if above.lstrip().startswith("|") and line.count("|") < above.count("|"):
            return False
    if _FINISHED.search(line) or value_like(line) or ITEM.match(line) or _row_like_above(
            body, line) or _field_list(body, line) or (
            line.strip() == last_paragraph(body).strip() and len(line.split()) <= _TERSE_WORDS):
        return True  # a terse reply ("Result → 6 components") is the value itself
    # The line ends on its value when its last word is part of it: "Class: probabilistic
    # methods", not "Remaining: 6, 8. Pick" or "node 5 gets".
    words = _LAST_WORDS.search(line, max(0, len(line) - _LAST_LINE))
    return any(_ends_on_value(piece, reader) for piece in (
        words.group() if words else "", line[-_LAST_LINE:]))


_LAST_LINE = 200

# "Node 2: not outlier" under "Node 0: not outlier" and "Node 1: outlier — reason": a row of
# verdict lines, finished when its value repeats the short values of the rows above it
# (not "Step 2: the nodes" under "Step 1: the nodes 0, 1, 2 form one.").
_ROW = re.compile(r"[ \t*_]*+([A-Za-z]\w{0,20}+)[ \t]++\w{1,7}+[*_]*+(?:[ \t]*+:|[ \t]++[—–])"
                  r"[ \t*_]*+([^\n]*+)")
_ROW_VALUE_END = re.compile(r"[—–(]| - ")


# "**Prediction:** Course\n**Confidence:** medium": a list of bold fields, each line whole.
_FIELD = re.compile(r"[ \t]*(?:[-*•][ \t]+)?\*\*[A-Za-z][^*:\n]{0,30}:[ \t]*\*\*[ \t]*\S"
                    r"[^\n]{0,80}")


def _field_list(body: str, line: str) -> bool:
    above = body[:len(body) - len(line)].rstrip("\n")
    above = above[above.rfind("\n") + 1:]
    return bool(_FIELD.fullmatch(line.rstrip()) and _FIELD.fullmatch(above.rstrip()))


def _row_like_above(body: str, line: str) -> bool:
    row = _ROW.fullmatch(line.rstrip())
    if row is None:
        return False
    words: set[str] = set()
    for above in body[:len(body) - len(line)].rstrip("\n").split("\n")[-5:]:
        other = _ROW.fullmatch(above.rstrip())
        if other is None or other[1].lower() != row[1].lower():
            continue
        value = _ROW_VALUE_END.split(other[2], 1)[0].strip(" *_.").lower().split()
        if 0 < len(value) <= 4:
            words.update(value)
    value = row[2].strip(" *_.").lower().split()
    return 0 < len(value) <= 4 and set(value) <= words


def _ends_on_value(piece: str, reader: Reader) -> bool:
    value = reader(piece, True) if piece.strip() else ABSENT
    before = piece[:piece.rstrip().rfind(" ") + 1]
    return value not in (ABSENT, None) and (
        not before.strip() or value_key(reader(before, True)) != value_key(value))


# A list elided: an ellipsis taking the place of items ("1, 5, 4, ..., 7", "(5, 3), (3, 2),
# ... down to (0, 4)", "0-1, 1-2, ..."); not "0.333...", "0.8254..., rounded: 0.83" or "node
# 9... (9, 1) is an edge".
_ELIDED = re.compile(r"(?:(?<![.\d])\d++|[)\]}])(?:,[ \t]*(?:\.\.\.|…)|[ \t]*(?:\.\.\.|…)[ \t]*,)")


# "(2, 4, 2, 2, 4, …)": a list elided inside an aside.
_PAREN_ELIDED = re.compile(r"\([^()\n]*(?:\.\.\.|…)[^()\n]*\)")


def _elided(paragraph: str, reader: Reader) -> bool:
    """Does the paragraph leave its answer list unfinished ("1, 3, 5, ...")? An elided list
    inside parentheses is an aside when the paragraph reads the same without it ("Every
    node has even degree (2, 4, 2, …), so it does have an Euler circuit.")."""
    if not _ELIDED.search(paragraph):
        return False
    bare = _PAREN_ELIDED.sub(" ", paragraph)
    if bare == paragraph or _ELIDED.search(bare):
        return True
    value = reader(bare, False)
    return value in (ABSENT, None) or value_key(value) != value_key(reader(paragraph, False))


def _closes_on_value(text: str, reader: Reader) -> bool:
    paragraphs = [p for p in PARAGRAPHS.split(tail(text).strip()) if p.strip()]
    if paragraphs and _elided(paragraphs[-1], reader):
        return False
    after: list[str] = []
    # closing paragraphs without a value follow the answer ("Wait, the pair 2-5 is missing.")
    while len(paragraphs) > 1 and len(after) < MAX_COMMITMENTS and reader(
            paragraphs[-1], False) in (ABSENT, None):
        after[:0] = SENTENCE_SPLIT.split(paragraphs.pop())
    sentences = [s for s in SENTENCE_SPLIT.split(paragraphs[-1]) if s.strip()] if (
        paragraphs and "\n" not in paragraphs[-1].strip()) else []  # a list or table: its lines
    last = len(sentences) - 1  # the value is looked for among the last few sentences
    valued = next((i for i in range(last, max(-1, last - MAX_COMMITMENTS), -1)
                   if reader(sentences[i], False) not in (ABSENT, None)), None)
    if valued is not None:
        after[:0] = sentences[valued + 1:]
    # a bare cue left where a correction was cut away ("... is 4. Hmm, ") says nothing
    after = [s for s in after if WORD.search(CUE.sub(" ", s))]
    if after and _agrees(after[-1]):
        return True  # "Wait, does (3, 4) exist? Yes. Good, the circuit is correct."
    return all(_aside(s) for s in after)


# Closing pleasantries of chat models address the reader without touching the answer.
PLEASANTRY = re.compile(r"\b(?:let me know|(?:I )?hope (?:this|that|it) helps|feel free"
                        r"|happy to (?:help|explain)|glad to help)\b", re.I)


def _agrees(sentence: str) -> bool:
    return bool(_AGREES_WITH_IT.search(sentence) or CONFIRM.search(sentence))


def _aside(sentence: str) -> bool:
    """A sentence after the value that leaves it standing."""
    if sentence.lstrip().startswith("(") or _agrees(sentence) or PLEASANTRY.search(sentence) \
            or _method_done(sentence):
        return True
    announced = _CHECK_ANNOUNCED.match(sentence)  # "Let me check: (2, 5) is in the list."
    if announced and passed_check(announced.group(), sentence[announced.end():]):
        return True
    return not (sentence.rstrip().endswith("?") or (
        _PERSON.search(sentence) and not _expository(sentence)) or CUE.search(sentence))


# The model saying how it got the answer, as done ("I applied the rule to every node of the
# test input.", "I used BFS from each node.", "I kept the input's ids."): a remark about
# method, like the "we" of a proof, leaves the answer standing. A plan, a doubt or an
# admission ("I applied it, but I may have missed one", "I used the wrong graph") does not.
_METHOD_DONE = re.compile(r"[ \t*_>-]*(?:(?:so|here|and|then|basically|essentially)[ \t,]+)?"
                          r"I(?:[ \t]+have|'ve)?[ \t]+(?:(?:simply|just|also|then|first|carefully"
                          r"|consistently|systematically|again)[ \t]+)?"
                          r"(?:applied|used|followed|kept|preserved|retained|copied|left|treated"
                          r"|took|processed|handled|transformed|colou?red|painted|removed|added"
                          r"|dropped|deleted|listed|numbered|ordered|sorted|wrote|computed"
                          r"|calculated|counted|derived|determined|identified|marked|mapped"
                          r"|relabell?ed|renumbered|ran|based|performed|did)\b", re.I)
_ADMITS = re.compile(r"\b(?:but|except|however|though|although|wrong|incorrect|mistake|error"
                     r"|guess\w*|assum\w*|approximat\w*|unsure|uncertain|hopefully|probably"
                     r"|possibly|perhaps)\b", re.I)


# A search past the answer that came up empty ("I couldn't find any further augmenting
# path.", "I found no shorter route."): it backs the answer as best, it is no doubt of it.
_NONE_BEYOND = re.compile(
    r"[ \t*_>-]*(?:(?:and|so)[ \t,]+)?I[ \t]+(?:(?:could(?:n'?t|[ \t]+not)|can(?:'?t|not)"
    r"|did(?:n'?t|[ \t]+not))[ \t]+(?:find|see|spot)[ \t]+(?:any|an?)|(?:found|see)[ \t]+no)"
    r"[ \t]+(?:(?:further|other|more|additional|larger|bigger|longer|shorter|smaller|better"
    r"|cheaper)\b|augmenting\b)", re.I)


def _method_done(sentence: str) -> bool:
    beyond = _NONE_BEYOND.match(sentence)
    return bool(_METHOD_DONE.match(sentence) or beyond) and not (
        _AT_WORK.search(sentence, beyond.end() if beyond else 0) or _ADMITS.search(sentence)
        or RETRACTION.search(sentence)
        or DOUBT.search(sentence) or TENTATIVE.search(sentence) or CUE.search(sentence))


_CHECK_ANNOUNCED = re.compile(r"[ \t*_]*(?:let's|let me|let us|to|we can)[ \t]+(?:quickly[ \t]+)?"
                              r"(?:verify|check|double-check|confirm)\b[^.!?:\n]{0,40}:", re.I)


# The "we" of a proof states what holds ("We can split the nodes into {0, 2} and {1, 3}.",
# "we found 6 disjoint edges", "we need at least 4 edges"); a plan, an open step or a doubt
# ("we still need to check 5", "we'd have to", "we can't be sure", "we don't know whether")
# is the model at work; "we can't add any other node" states what holds.
_WE = re.compile(r"\b(?:we|us|our)\b", re.I)
_AT_WORK = re.compile(r"\b(?:need(?:s)? to|ha(?:ve|s) to|should|must|will|shall|would|could"
                      r"|might|may|maybe|still|yet|next|later|let|try|sure|certain|know|whether"
                      r"|tell|guarantee|not|cannot)\b|n't\b|'(?:ll|d)\b", re.I)
# ... but a maximality claim is a fact: "we can't add any other node", "we cannot extend it".
_MAXIMAL = re.compile(r"\b(?:can't|cannot|can not|couldn't)[ \t]+(?:add|include|extend|enlarge"
                      r"|grow|improve on)\b", re.I)


def _expository(sentence: str) -> bool:
    return all(_WE.fullmatch(m.group()) for m in _PERSON.finditer(sentence)) and not (
        _AT_WORK.search(_MAXIMAL.sub(" ", sentence)))


_CHECKING = re.compile(r"re-?check|double[- ]check|verify|re-?count|re-?examine", re.I)
# Items checked one by one, the last without its verdict: "2-3 yes, 3-5 yes, 2-5".
_CHECK_CUT = re.compile(r"(?:\b(?:yes|no|ok|present|missing|exists?|fine)|[✓✔✗])[ \t]*,[ \t]*"
                        r"[^,.;:!?\n]{1,40}\Z", re.I)


def _without_loop_tail(body: str) -> str:
    """A small model caught repeating its answer sentence is cut off inside yet another
    copy ("It is 2. It is 2. It is"): the copy is not new text, the sentence before it
    committed."""
    stripped = body.rstrip()
    end = max(stripped.rfind(c) for c in ".!?\n") + 1
    fragment = stripped[end:].strip()
    if not end or not fragment or len(fragment) > 300:
        return body
    window = stripped[max(0, end - 2000):end]  # the last two sentences are all it needs
    sentences = [s.strip() for s in SENTENCE_SPLIT.split(window) if s.strip()][-2:]
    if len(sentences) >= 2 and sentences[-1] == sentences[-2] and sentences[-1].startswith(
            fragment):
        return stripped[:end]
    return body


# A closing sentence in brackets after the answer, or a bracketed remark in words right
# after its value ("0.4 (i.e., 8 of 20 possible edges)."), is an aside about it.
_TRAILING_ASIDE = re.compile(
    r"(?:(?<=[.!?\n])[ \t]*\((?=[^()\n]*[A-Za-z]{2})|(?<=[\d\])}])[ \t]+\((?=[^()\n]*[a-z]{3}))"
    r"[^()\n]{0,300}\)[.!?]?\s*\Z")
_OTHER_VALUE = re.compile(r"\bor\b|\?|\b(?:would|could|might|may) (?:also|just as well)\b"
                          r"|\binstead\b|\b(?:equally|just as) (?:valid|correct|good|acceptable"
                          r"|optimal)\b", re.I)
# "I also considered 0 → 4 → 7, but edge 4-7 doesn't exist.": an alternative turned down.
_REJECTED = re.compile(
    r"(?:(?<=[.!?])[ \t]+|\n)[ \t*_]*I (?:also |briefly )?(?:considered|tried|looked at)\b"
    r"[^.!?\n]*\bbut\b[^.!?\n]*\b(?:not|\w+n't|no|missing|longer|worse|invalid|fails?)\b"
    r"[^\n]*\Z", re.I)
_CHECK_NOTE = re.compile(r"(?:(?<=[.!?])[ \t]+|\n)[ \t*_]*(?:double[- ]?check(?:ed)?|checked|check"
                         r"|verified|verification|sanity check)[ \t*_]*:[^\n]*\Z", re.I)


def _without_aside(text: str) -> str:
    """``text`` without its closing aside, check note ("Double-checked: 15 = 6·5/2 ✓") or
    alternative turned down, unless the aside revises or doubts the answer ("1-2-6 (or
    1-5-6; both have length 2)", "6 (... so actually 5)")."""
    for pattern in (_CHECK_NOTE, _REJECTED):
        note = pattern.search(text)
        if note and note.start() and not (CUE.search(note.group()) or CONCLUDES.search(
                note.group()) or "✗" in note.group()):
            text = text[:note.start()]
    aside = _TRAILING_ASIDE.search(text)
    if aside is None or not aside.start() or CUE.search(aside.group()) or _OTHER_VALUE.search(
            aside.group()):
        return text
    return text[:aside.start()]


# A walk in brackets closing the sentence that states a number ("which needs 4 edges (2 → 6
# → 9 → 13 → 15).") shows where the number comes from; its last node is no count.
_WALK_ASIDE = re.compile(r"(?<=[\w*])[ \t]*\((?=[^()\n]*(?:→|->|⟶))[^()\n]{1,300}\)[.!]?[ \t]*\Z")


def _without_walk_aside(text: str, reader: Reader | None) -> str:
    aside = _WALK_ASIDE.search(text, max(0, len(text) - 400))
    if reader is None or aside is None:
        return text
    value = reader(text[:aside.start()], False)
    if isinstance(value, Real) and not isinstance(value, bool):
        return text[:aside.start()] + "."
    return text


_CODE = re.compile(r"```([\w+-]*)[ \t]*\n(.*?)```", re.S)
_CODE_LINE = re.compile(r"\bimport\b|\bprint\(|\bdef \w|\breturn\b|^\s*[\w.\[\]]+\s*=[^=]"
                        r"|\bfor \w+ in\b", re.M)


# A closing sentence that settles a hedge: "4 if loops count, 3 otherwise. Since the graph is
# simple, 3." / "Either 4 or 5. I'll go with 5."
_SETTLES = re.compile(
    r"[ \t*_]*(?:(?:so|thus|hence|therefore)\b|(?:since|because|given|as)\b[^,\n]{3,120},"
    r"|I(?:'ll| will)? (?:go with|say|pick|choose|take|settle on)\b|going with\b"
    r"|(?:here|in (?:this|our) case)\b)", re.I)


# A pick later in the closing sentence: "Both are shortest; I'll give [0, 6]."
_PICK = re.compile(r"(?:(?<=[,;:—–])|(?<=\bso))[ \t]*I(?:'ll| will)? (?:go with|pick|choose|take"
                   r"|settle on|give)\b", re.I)


def resolution(text: str, reader: Reader | None) -> str | None:
    """The closing sentence of a hedged answer when it settles on one value itself."""
    sentences = [s for s in SENTENCE_SPLIT.split(text.rstrip()) if s.strip()]
    if reader is None or len(sentences) < 2:
        return None
    last = sentences[-1]
    if not _SETTLES.match(last):
        pick = _PICK.search(last)  # "Any of them is accepted, so I'll go with the first: [..]"
        if pick is None:
            return None
        last = last[pick.start():]
    if is_hedge(last, values_of(reader)) or TENTATIVE.search(last) or value_asked(last) or reader(
            last, False) in (ABSENT, None):
        return None
    return last


# A closing sentence about several candidates at once ("Both have size 3.").
_ABOUT_SEVERAL = re.compile(r"\b(?:both|either (?:one|of)|each of (?:these|them|those|the "
                            r"two)|any of (?:these|them|those|the two))\b", re.I)


# "It depends ..." opening a paragraph makes the values after it cases, not answers.
_DEPENDS = re.compile(r"\b(?:it|this|that|the (?:answer|count|result|value)) (?:really |all )?"
                      r"(?:depends|would depend)\b(?! on (?:nothing|no\b))", re.I)


# A paragraph that opens by stating its answer as two values or a condition: "The
# connectivity is either 2 or 3, depending on …", "It would be 4 or 5 if …".
_HEDGED_OPENING = re.compile(
    r"[ \t*_>]*(?:the\b|it\b|this\b|that\b)[^.\n]{0,120}?\b(?:is|are|be|equals?)[ \t]+"
    r"(?:either\b|[^.\n]{0,40}?\b(?:depending on|depends on)\b)", re.I)
# A later sentence that settles it: a conclusion word, then a value that is no bound
# ("So it is 2.", "…, hence 3"; not "so the upper bound is 4").
_CONCLUDES = re.compile(r"\b(?:so|thus|hence|therefore|which (?:gives|means)|I(?:'ll| will)? "
                        r"(?:go with|say|pick|take)|(?:the )?answer is)\b", re.I)
_BOUND = re.compile(r"\b(?:upper|lower)[ \t]+bound|\bbound(?:ed)?[ \t]+(?:is|by)\b|\bat (?:most"
                    r"|least)\b|\bcannot exceed\b|\bno (?:more|fewer|less) than\b", re.I)


def _settles_later(sentence: str) -> bool:
    """Does a sentence after a hedged opening settle it on a value? A correction cue
    does too (the rest of the rule weighs it)."""
    if CUE.search(sentence):
        return True
    for m in _CONCLUDES.finditer(sentence):
        rest = sentence[m.end():]
        if NUMBER.search(rest) or re.search(r"\b(?:yes|no)\b", rest, re.I):
            return not _BOUND.search(rest)
    return False


def _hedge_scope(paragraph: str, stated: str) -> str:
    """Where a hedge of a bare answer would be: its value sentence, or, when the last
    sentence speaks of several candidates at once, the sentence before it as well."""
    sentences = [s for s in SENTENCE_SPLIT.split(paragraph) if s.strip()]
    if len(sentences) > 1 and _ABOUT_SEVERAL.search(sentences[-1]):
        return "\n".join(sentences[-2:])
    if len(sentences) > 1 and _HEDGED_OPENING.match(sentences[0]) and not any(
            _settles_later(s) for s in sentences[1:]):
        # "It is either 2 or 3, depending on … . Node 15 has neighbours 11, 14, 19, so
        # the upper bound is 4.": the facts after a hedged answer support it, not settle it
        return "\n".join([sentences[0], stated])
    depends = _DEPENDS.search(paragraph) if len(sentences) > 2 else None
    if depends and sum(bool(NUMBER.search(s)) for s in SENTENCE_SPLIT.split(
            paragraph[depends.end():])) >= 2:
        return paragraph  # "It depends on X. Undirected: 3. Directed: 8."
    return stated


_ASSIGNMENT = re.compile(r"[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*(?P<value>[^=\n]+)")


def _literal(code: str) -> bool:
    """Code that only writes values down (``path = [4, 1, 7, 9]``) states an answer."""
    lines = [line for line in code.splitlines() if line.strip()]
    matches = [_ASSIGNMENT.fullmatch(line) for line in lines]
    return bool(lines) and all(m is not None and value_like(m["value"]) for m in matches)


def _code_or_value(match: re.Match) -> str:
    """A code block without its output is dropped; values, JSON and REPL sessions (which
    show their output) stay."""
    language, body = match.group(1).lower(), match.group(2)
    if language == "json" or ">>>" in body or not _CODE_LINE.search(body) or _literal(body):
        return match.group()
    return " "
