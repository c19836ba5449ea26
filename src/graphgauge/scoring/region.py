"""Where a model's final committed answer is: the grading rule every reader follows.

A model's text mixes reasoning, guesses, answers, corrections and notes. The rule:

- The answer is the **last committed final answer**. Commitments are ``<answer>`` tags,
  ``\\boxed{}``, "Final answer:"/"Answer:" lines and headings (*strong*), an inline "the
  answer is" (*weak*), and, when there is no marker at all, the last emphasised value or
  the end of the text. A later commitment replaces an earlier one when a correction cue
  ("wait", "actually", "let me recount", "correction:") comes between them, or when the
  earlier one was weaker; two commitments of the same strength with different values and
  no correction between them are **no answer**. A weaker marker after a stronger one,
  without a cue, is a note ("the answer is verified below"), not a new answer.
- A correction cue after the last commitment wins when a value follows it; a retraction
  ("that's wrong", "let me recount") with no new value voids the answer, and so does an
  alternative offered after it ("Answer: 7 (or 8, if ...)", "Or is it 0.45?").
- Thinking blocks (``<think>…</think>``) and answer-first "Reasoning:" sections are read
  for structure, never as the answer.
- **No answer**: empty text, text cut off before it commits (inside a thinking block, mid
  sentence, inside an unclosed list), a refusal or a question back, a hedge ("either 4 or
  5", "it depends on whether", "might be", bounds, several solutions offered), two
  different final answers. Truncation *after* a committed answer does not void it.

For suite authors: ``final_region(text, reader)`` gives the ``Region`` to read (or a
``NoAnswer`` with its reason), ``read_answer(text, reader)`` the value itself; ``size``
raises the work budget for answers that are whole graphs.

The layer knows nothing about answer types: a *reader* ``(region_text, explicit) -> value``
says whether a region holds a value of its type (returning ``ABSENT`` when not), so that
"Answer: let me think" is skipped and conflicts are judged on values, not spellings. An
*explicit* region was delimited by the model: its first value counts; in bare text the
last one does.

This module finds the commitments and chooses among them; the rest of the rule lives in
sibling modules it imports (they never import it): ``rivals`` (does another statement
give a different final answer?), ``doubts`` (a question, an offer or a doubt after the
answer), ``bare`` (when unmarked text commits), ``checks`` (a check that passes is
no second answer) and ``region_types`` (the types and budgets they share).

The signals weighed around the markers (corrections, hedges, refusals, truncation) live in
``graphgauge.scoring.signals``. All work is linear in the length of the text: one pass per
pattern, regions bounded by the next commitment, and at most ``MAX_COMMITMENTS``
commitments weighed.
"""

from __future__ import annotations

import bisect
import json
import re
from functools import lru_cache
from typing import Any

from graphgauge.scoring.bare import numbered_run, read_bare, resolution
from graphgauge.scoring.checks import passed_check
from graphgauge.scoring.closing import (
    closing_line,
    names_asked,
    opened_otherwise,
    other_quantity,
)
from graphgauge.scoring.doubts import (
    SETTLED,
    doubts_item,
    offered,
    open_list_only,
    past_question,
)
from graphgauge.scoring.guards import LOOKALIKES
from graphgauge.scoring.region_types import (
    ABSENT,
    MAX_COMMITMENTS,
    STRONG,
    TAIL,
    WEAK,
    NoAnswer,
    Reader,
    Region,
    value_like,
)
from graphgauge.scoring.rivals import (
    FIRST_SENTENCE,
    PARAGRAPHS,
    WORDS,
    concludes_otherwise,
    conclusion_differs,
    differs,
    opening_answer_differs,
    opening_differs,
    restated_otherwise,
    settled_at,
    statements_differ,
    summary_differs,
    value_key,
    values_of,
)
from graphgauge.scoring.signals import (
    ALTERNATIVE,
    ANSWER_DOUBT,
    CONFIRM,
    CUE,
    DOUBT,
    ITEM,
    OR_NEXT,
    RETRACTION,
    SENTENCE_SPLIT,
    SIZE,
    UNFINISHED,
    clip,
    cut_in_list,
    is_hedge,
    is_truncated,
    last_paragraph,
    reasons_a_denial,
    retracted,
    revises,
    strip_questions,
    tail,
    unclosed,
    unsure,
    value_sentence,
)

# --- normalisation ---------------------------------------------------------------------

_CHARS = str.maketrans({"$": "", "\u2212": "-", "\u00b7": "*", "\u22c5": "*", "\u2009": " ",
                        "\u202f": " ", "\xa0": " ", "\u200b": "", "\u2013": "–",
                        "\u00d7": "×", "\u2217": "*", "\u279d": "→", "\u279c": "→",
                        "\u2794": "→", "\u21d2": "→", "\u27f9": "→", "\u21a6": "→",
                        "\u279e": "→", "\u22ef": "…", **LOOKALIKES})
# LaTeX spellings of values, rewritten to the plain text the readers understand.
_LATEX = [
    (re.compile(r"\\[dt]?frac\s*\{\s*([^{}]*?)\s*\}\s*\{\s*([^{}]*?)\s*\}"), r"\1/\2"),
    (re.compile(r"\\(?:text\w*|math\w*|operatorname)\s*\{([^{}]*)\}"), r"\1"),
    (re.compile(r"(?<=\d)(?:\{,\}|\\,)(?=\d{3})"), ","),
    (re.compile(r"\\(?:left|right|displaystyle)(?![a-z])|\\[\[\]()]"), " "),
    (re.compile(r"\\([{}_%&#])"), r"\1"),  # escaped characters: "Probabilistic\_Methods"
    (re.compile(r"\\(?:long)?(?:right|Right)arrow|\\to\b|\\mapsto"), "→"),
    (re.compile(r"\\(?:emptyset|varnothing)"), "∅"),
    (re.compile(r"\\(?:[,;:!]|q?quad\b)"), " "),
    # An ellipsis taking the place of list items ("(16, 25), \ldots]"); in a sum or product
    # ("1 + 2 + \cdots + 9") it elides terms of working, not of the answer, and stays.
    (re.compile(r"(?<=,)[ \t]*\\[lc]?dots[cbmio]?(?![a-z])|\\[lc]?dots[cbmio]?(?![a-z])"
                r"(?=[ \t]*[,\]})])"), " …"),
    (re.compile(r"\\(?:times|cdot)"), "×"),
    (re.compile(r"\\sqrt\s*\{\s*([^{}]*?)\s*\}|\\sqrt\s*(\d+)"), r"√\1\2"),
]
# A parameter of the quantity, set before the statement of its value: "The heat trace at
# t = 1 is 1.90", "Katz centrality with α = 0.1 is 0.35". Its number is no value stated.
_PARAMETER = re.compile(r"\b((?:at|for|with|when|where|given|using)[ \t]+[A-Za-zα-ω])[ \t]*=[ \t]*"
                        r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?=[ \t]*(?:\b(?:is|are|equals)\b|=|≈))")
_THINK_OPEN = re.compile(r"<\s*(?:think|thinking|reasoning)\s*>", re.I)
_THINK_CLOSE = re.compile(r"</\s*(?:think|thinking|reasoning)\s*>", re.I)


_QUOTE = re.compile(r"^[ \t]*>(?:[ \t]|$)", re.M)


def normalize(text: str) -> str:
    """Plain-text spelling: line ends, markdown quotes, unicode minus and spaces, LaTeX
    fractions, text and arrows; a parameter set on the way ("at t = 1 is") is dropped."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if ">" in text:
        text = _QUOTE.sub("", text)
    text = text.translate(_CHARS)
    if "\\" in text:
        for pattern, repl in _LATEX:
            # Text commands nest (\text{\textbf{5}}): a second pass unwraps the outer one.
            text = pattern.sub(repl, pattern.sub(repl, text))
    if "=" in text:
        text = _PARAMETER.sub(r"\1", text)
    return text


def split_thinking(text: str) -> tuple[str, str] | NoAnswer:
    """(thinking, answer part) of a reasoning model's text; no answer when it was cut off
    inside the thinking block or wrote nothing after it."""
    closes = list(_THINK_CLOSE.finditer(text))
    while len(closes) > 1 and not _THINK_OPEN.search(text, closes[-2].end(), closes[-1].start()):
        # a stray closing tag repeated after the answer: no block opened before it
        stray = closes.pop()
        text = text[:stray.start()] + text[stray.end():]
    if closes:
        body = text[closes[-1].end():]
        if not body.strip():
            return NoAnswer("nothing after the reasoning block")
        return text[: closes[-1].start()], body
    opened = _THINK_OPEN.search(text)
    if opened:
        if not text[: opened.start()].strip():
            return NoAnswer("cut off inside the reasoning block")
        return text[opened.start():], text[: opened.start()]
    return "", text


# Models that answer first and explain after: "Yes.\n\nReasoning: ..." — the section after
# the heading is reasoning, not a later answer. A heading may end in a colon or stand
# alone on its line as markdown ("## Reasoning", "**Explanation**").
_REASONING_HEADING = re.compile(
    r"^[ \t#*_>]*(?:(?:brief |short |step[- ]by[- ]step |detailed )?(?:reasoning|explanation"
    r"|justification|rationale)|why|notes?|verification|check|(?:long|longer|detailed|full)"
    r" (?:answer|version))[ \t*_]*:"
    r"|^[ \t>]*(?:#{1,6}[ \t]*|\*\*|__)[ \t]*(?:(?:brief |short |step[- ]by[- ]step "
    r"|detailed )?(?:reasoning|explanation|justification|rationale|working|derivation|why)"
    r"|how I (?:got|found) (?:it|this|that))[ \t*_]*$", re.I | re.M
)


def split_answer_first(body: str) -> tuple[str, str]:
    """(answer, reasoning) of a text that answers first and explains after. The reasoning
    still counts when a marked answer follows it, or when it revises the answer: a
    correction cue in it ("Counting again ... wait, so the answer is actually 5") or doubt
    about the answer ("so the answer could also be 5") is read with the answer, as in any
    other text."""
    lowered = body.lower()
    if not any(word in lowered for word in _HEADING_WORDS):
        return body, ""
    heading = _REASONING_HEADING.search(body)
    if not (heading and re.search(r"[\w∅]", body[: heading.start()])):
        return body, ""
    answer, reasoning = body[: heading.start()], body[heading.start():]
    if revises(reasoning) or _ANSWER_AFTER.search(reasoning) or (_LABELLED_CLOSE.search(
            reasoning.rstrip()) and _working(answer)):
        return body, ""  # revised, or the reasoning came first ("# Reasoning ... # Answer")
    return answer, reasoning


_HEADING_WORDS = ("reason", "explanation", "justification", "rationale", "why", "note",
                  "verification", "check", "working", "derivation", "how i", "long", "detailed",
                  "full")
# An answer announced after the reasoning heading: the layout is reasoning, then answer.
_ANSWER_AFTER = re.compile(r"^[ \t#*_>]*(?:final[ \t]+)?answer\b|\\boxed\s*\{|<\s*answer\s*>",
                           re.I | re.M)


# The working closing on its own labelled value in bold ("Check: 6+6+5+4+3 = 24 ✓ ...
# **Von Neumann entropy ≈ 1.578**"): after working (not an answer given first), the
# "check" was a step of the working, not an explanation after the answer.
_LABELLED_CLOSE = re.compile(r"\n[ \t>#]*(?P<bold>\*\*|__)?[ \t]*[A-Za-z][^\n*_=≈:]{0,80}?"
                             r"(?:[=≈:]|\bis\b)[ \t]*(?(bold)[*_]*|(?:\*\*|__))[ \t]*[-+]?\d"
                             r"[\d.,/]*[ \t]*(?:\*\*|__)[ \t.]*\Z")


def _working(text: str) -> bool:
    """Is the text before a "Check:" heading working rather than an answer given first: a
    correction cue in it ("hmm, let me just list ..."), or several paragraphs?"""
    return CUE.search(text) is not None or sum(
        1 for p in PARAGRAPHS.split(text) if p.strip()) >= 3


# --- commitments -------------------------------------------------------------------------

_TAG = re.compile(r"<\s*(?:final[_ ]?)?answer\s*>(.*?)(?:<\s*/\s*(?:final[_ ]?)?answer\s*>|\Z)",
                  re.I | re.S)
_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
# "answer:", "answer is", "answer to the question is", "answer (yes/no) =", and an
# "Answer"/"Final Answer" heading ending its line; never a bare "to answer this, ...".
_MARKER = re.compile(
    r"\b(?P<final>final\s+|correct\s+|corrected\s+|revised\s+|updated\s+)?answers?"
    r"(?:\s+(?:to|for)\b[^.:\n]{0,60}?)?[\s*_\"'`]{0,6}"
    r"(?:\([^()\n]{0,40}\)[ \t*_]{0,4})?"
    r"(?P<verb>is\b|was\b|(?:would|should|will|must)\s+be\b|remains\b|stays\b|[:=])[ \t*_:]*"
    r"|(?:^|(?<=[.!?])[ \t])[ \t#*_>]*(?P<head>(?:final\s+)?answers?)[ \t*_#:.]*$",
    re.I | re.M,
)
# "The answer is not 3", "that answer is wrong": a value ruled out, not one committed to.
_DENIED = re.compile(r"[ \t*_]*(?:not\b(?! only)|(?:wrong|incorrect|mistaken|invalid)\b)", re.I)
_NOT_YET = re.compile(r"\b(?:before|until) (?:I|we|you)[ \t]+\Z", re.I)
_LINE_START = re.compile(r"(?:^|\n)[ \t#*_>\-{\"'`]*\Z")
_EMPHASIS = re.compile(
    r"```[\w+-]*+[ \t]*+\n?(.*?)```|`([^`\n]+)`|\*\*([^\n]+?)\*\*|__([^\n]+?)__", re.S
)


_LINE = re.compile(r"[^\n]*")
_BLANK_LINES = re.compile(r"(?:[ \t]*\n)*")


def _block_after(text: str, pos: int, limit: int) -> int:
    """End of the answer after a marker at ``pos``: the rest of its line (or the next
    non-blank line) plus following lines that continue it, such as bullet items."""
    lines, last_end, opens = 0, pos, False
    pos = _BLANK_LINES.match(text, pos, limit).end()
    while pos < limit:
        end = _LINE.match(text, pos, limit).end()
        body = text[pos:end]
        if not body.strip():
            if lines and not opens:
                return last_end
        elif lines and not (opens or value_like(body) or ITEM.match(body)):
            return last_end
        else:
            # "The minimum edge cover consists of 11 edges:" opens the block that follows
            lines, last_end = lines + 1, end
            opens = body.rstrip(" \t*_").endswith(":") and not value_like(body)
        pos = end + 1
    return limit if lines else last_end




def _boxes(text: str) -> list[tuple[int, int]]:
    """(start, end) of each ``\\boxed{...}`` body, braces balanced; an unclosed box runs
    to the end of the text. One pass over the braces, however many boxes. Only the last
    boxes can be among the commitments kept, so earlier ones are not followed."""
    opens = set(sorted(m.end() for m in _BOX.finditer(text))[-3 * MAX_COMMITMENTS:])
    if not opens:
        return []
    ends: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACE.finditer(text, min(opens) - 1):
        if m.group() == "{":
            stack.append(m.end())
        elif stack:
            start = stack.pop()
            if start in opens:
                ends[start] = m.start()
                if len(ends) == len(opens):
                    break
    return [(start, ends.get(start, len(text))) for start in sorted(opens)]


_BRACE = re.compile(r"[{}]")


def _markers(text: str) -> list[re.Match]:
    """The last ``MAX_COMMITMENTS`` answer markers. The word "answer" is found by a plain
    substring scan and the marker pattern is only tried around it: on a long text one
    regex pass with that many branches would cost more than all the rest."""
    lowered = text.lower()
    hits, end = [], len(text)
    while len(hits) < 2 * MAX_COMMITMENTS:
        end = lowered.rfind("answer", 0, end)
        if end < 0:
            break
        hits.append(end)
    found: dict[int, re.Match] = {}
    for hit in reversed(hits):
        for m in _MARKER.finditer(text, max(0, hit - 16), hit + 200):
            if m.start() <= hit < m.end():
                found[m.start()] = m
                break
    return [found[k] for k in sorted(found)][-MAX_COMMITMENTS:]


# An answer-first verdict opening the text ("Yes, it's a tree.", "No."), maybe after a line of
# greeting: weighed against a marked answer further on, so that a different one there is a
# conflict, not a revision.
_OPENING_VERDICT = re.compile(
    r"(?:[^\d\n]{0,80}(?<!\byes)(?<!\bno)\n[ \t]*\n)?"  # a greeting line may come first
    r"\s*+[*_]*+(?P<verdict>(?:yes|no|true|false)\b(?:[*_.!]*[ \t]*\n|[*_]*[,.!;:—–-](?!\s*(?:let"
    r"|I'?ll|I can|I need|we need|sure|wait|hold|hmm|actually))[^.!?\n]{0,80}[.!]?))", re.I)


def _strength(text: str, m: re.Match) -> int:
    if m["final"] or m["head"]:
        return STRONG
    if m["verb"] in (":", "=") and _AFTER_VALUE.search(text, max(0, m.start() - 12), m.start()):
        return STRONG  # "Answer: 3 Answer: 4": a run of labelled answers
    return STRONG if _LINE_START.search(text, max(0, m.start() - 12), m.start()) else WEAK


_AFTER_VALUE = re.compile(r"[\d)\]}][ \t*_]+\Z")
# An inline answer that goes on adding to its number ("the answer is 4 strongly connected
# components plus the isolated node"): the sum is still being made, and the total comes
# after it. ("The answer is 3 + 1 = 4" is arithmetic the number reader evaluates.)
_PARTIAL_SUM = re.compile(r"[ \t*_]*\d+(?:[ \t]+[A-Za-z-]+){1,4},?[ \t]+plus\b(?![ \t]+or\b)",
                          re.I)


def _commitments(text: str, size: int = SIZE) -> list[Region]:
    """Every place the model commits to an answer, in text order (blank ones dropped)."""
    found: list[tuple[int, int, str, int]] = []  # start, end, kind, strength
    for m in _TAG.finditer(text):
        found.append((m.start(1), m.end(1), "tag", STRONG))
    for start, end in _boxes(text):
        found.append((start, end, "box", STRONG))
    delimited = {f[0] for f in found}
    markers = _markers(text)
    opening = _OPENING_VERDICT.match(text)
    if opening and (found or markers) and not CUE.search(opening.group()):
        found.append((opening.start("verdict"), opening.end(), "opening", STRONG))
    starts = sorted([f[0] for f in found] + [m.start() for m in markers])
    for m in markers:
        if m["verb"] and m["verb"][0] in "iw" and _DENIED.match(text, m.end()):
            continue
        if _NOT_YET.search(text, max(0, m.start() - 16), m.start()):
            continue  # "Before I answer: should the loop count?" announces, not answers
        strength = _strength(text, m)
        if strength == WEAK and _PARTIAL_SUM.match(text, m.end()):
            continue  # "the answer is 4 components plus the isolated node... 5": a sum begun
        nxt = bisect.bisect_right(starts, m.start())
        limit = starts[nxt] if nxt < len(starts) else len(text)
        end = _block_after(text, m.end(), limit)
        if (end == limit in delimited and not FIRST_SENTENCE.search(text, m.end(), limit)
                and _WORD.search(_OPENER.sub("", text[m.end():limit]))):
            # "**Final Answer**\nThe index of node 2 is \boxed{0.45}.": the box is the
            # marker's value; the node named before it is no rival answer
            continue
        found.append((m.end(), end, "marker", strength))
    regions = []
    for s, e, kind, strength in sorted(found)[-3 * MAX_COMMITMENTS:]:
        body = text[s:min(e, s + size)]
        if body.strip():
            regions.append(Region(body, True, kind, strength, s, e))
    closing = None if regions else closing_line(text)
    if not regions:
        matches = list(_EMPHASIS.finditer(text, len(text) - len(tail(text))))
        emphasis = _last_valued(matches)
        if emphasis and _labels_step(text, emphasis[-1]):
            emphasis = _stated_before(text, matches, emphasis[-1]) or emphasis
        if emphasis and not _bold_list(text, emphasis) and not _announced(text, emphasis[-1]) \
                and not (_in_working(text, emphasis[-1])
                         and _bold_line_after(text, emphasis[-1].end())):
            m = emphasis[-1]
            group = next(i for i, g in enumerate(m.groups(), 1) if g is not None)
            start, end = m.start(group), m.end(group)
            line_start = text.rfind("\n", 0, m.start()) + 1
            same_line = [e for e in emphasis if e.start() >= line_start]
            body = text[start:end]
            if len(same_line) > 1:
                start = same_line[0].start()  # "**C** and **H**": together the answer
                body = _MARKUP.sub(" ", text[start:end])
            regions.append(Region(body, True, "emphasis", WEAK, start, end))
    if closing is not None:  # "**Number of connected components: 1**" closes the reply
        regions.append(Region(closing[2], True, "closing", WEAK, closing[0], closing[1]))
    return regions[-MAX_COMMITMENTS:]


_MARKUP = re.compile(r"[`*]+")
_WORD = re.compile(r"[^\W\d_]{2,}")
_OPENER = re.compile(r"(?:\\(?:boxed|fbox)\s*\{|<\s*(?:final[_ ]?)?answer\s*>)\Z", re.I)


def _last_valued(matches: list[re.Match]) -> list[re.Match]:
    """Of the emphases, those holding a value that the caller weighs: the last, the first
    on its line (together they are the answer), and otherwise the one before it (a bold
    list?). Checked outward from the end, so thousands of ``**`` cost a few checks."""
    def valued(m: re.Match) -> bool:
        return value_like(next(g for g in m.groups() if g is not None))

    i = len(matches) - 1
    while i >= 0 and not valued(matches[i]):
        i -= 1
    if i < 0:
        return []
    last = matches[i]
    line_start = last.string.rfind("\n", 0, last.start()) + 1
    k = i
    while k > 0 and matches[k - 1].start() >= line_start:
        k -= 1
    first = next((m for m in matches[k:i] if valued(m)), None)
    before = None if first else next((m for m in reversed(matches[:k]) if valued(m)), None)
    return [m for m in (before, first, last) if m is not None]


_STATES = re.compile(r"(?:\b(?:is|are|was|were)|[:=])[ \t]*\Z", re.I)
_STATED_BACK = 40


def _stated_before(text: str, matches: list[re.Match], last: re.Match) -> list[re.Match]:
    """The answer given first in bold ("The path is **[3, 6, 5, 1]**.") when the bold
    tokens after it label the steps of its explanation ("1. **Node 3** is joined to 6"):
    the last emphasis before ``last`` that a sentence states, outside the working."""
    at = next(i for i in range(len(matches) - 1, -1, -1) if matches[i] is last)
    for m in reversed(matches[max(0, at - _STATED_BACK):at]):
        inner = next(g for g in m.groups() if g is not None)
        line_start = text.rfind("\n", 0, m.start()) + 1
        if (value_like(inner) and _STATES.search(text, line_start, m.start())
                and not _in_working(text, m)):
            return [m]
    return []


def _in_working(text: str, m: re.Match) -> bool:
    """Is the emphasis part of the working rather than a statement of the answer: a
    result of arithmetic ("= **14**"), a table cell, a line announcing steps ("Starting
    the DFS at **F** and ...:"), a numbered step ("9. **Jaime** → **Petyr**") or one the
    model goes on to check ("**3** and **5**... let me check")? ("The shortest path has
    length **3**." states it.)"""
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    end = len(text) if end < 0 else end
    line = text[start:end].strip()
    return (_RESULT.search(text, start, m.start()) is not None or line.startswith("|")
            or line.endswith(":") or _CHECKED_AFTER.search(text, m.end(), end) is not None
            or _NUMBERED_STEP.match(line) is not None or _BULLET_STEP.match(line) is not None)


# A sentence announcing the method: "I'll run DFS from **V**, always taking ...", "Let me
# start at **C**", "Starting from **node 4**, the BFS ...".
_ANNOUNCING = re.compile(
    r"(?:[>#*_ \t-]*|.*?[.!?][ \t]+)(?:(?:I['’]ll|I[ \t]+will"
    r"|I(?:['’]m|[ \t]+am)[ \t]+going[ \t]+to|let(?:['’]s|[ \t]+me|[ \t]+us)"
    r"|we['’]ll|we[ \t]+will)[ \t]+(?:first[ \t]+)?"
    r"(?:run|start|begin|perform|do|use|apply|traverse|explore|trace|walk|follow|work|root)\b"
    r"|(?:start(?:ing)?|begin(?:ning)?)[ \t]+(?:from|at|with)\b)[^.!?\n]*\Z", re.I)


def _announced(text: str, m: re.Match) -> bool:
    """Is the emphasis the start of a method the sentence announces ("I'll run DFS from
    **V**, ...")? The working's starting point, not the answer: the reply's end is read."""
    start = text.rfind("\n", 0, m.start()) + 1
    return m.start() - start <= 300 and _ANNOUNCING.match(text, start, m.start()) is not None


_RESULT = re.compile(r"[=≈][ \t]*\Z")
# A bullet of the working that does something: "- Take **1**; this rules out 5 and 7",
# "- Continue through the list: take **9** and **16**".
_BULLET_STEP = re.compile(r"[-*•+][ \t]+(?:\w+[,:]?[ \t]+){0,5}?(?:take|pick|add|choose|select"
                          r"|visit|remove|drop|mark|include|skip)s?\b", re.I)
# A numbered step of the working: "9. **Jaime** → **Petyr**", "Step 3: **F**".
_NUMBERED_STEP = re.compile(r"[>#*_ \t]*(?:\d{1,3}[.)]|step[ \t]*\d{1,3}[ \t]*[.:)]?)[ \t*_]",
                            re.I)
_CLOSING_LINE = 600
_CHECKED_AFTER = re.compile(r"\.\.\.|…|\blet me (?:check|see)\b|" + CUE.pattern, re.I)


def _bold_line_after(text: str, pos: int) -> bool:
    """Is the last line of the text, after ``pos``, a bold line that states a value
    ("**Shortest tour:** [1, 3, 2, 4]", "**Tour: [0, 2, 1]**", "**There are no triangles
    in this graph.**")? Then a bold token of the working before it ("= **14**", "**15**"
    in a table of tried tours, "**F**" in a line announcing the steps) is not the answer,
    and the end of the text is read: a model that closes on a statement commits there."""
    end = len(text.rstrip())
    start = max(pos, text.rfind("\n", 0, end) + 1)
    if end - start > _CLOSING_LINE:  # (a page-long line closes on no statement)
        return _headed_close(text, pos, end)
    m = _BOLD_STATEMENT.match(text, start, end)
    if m is None:
        last = text[start:end]
        plain = _LISTED.match(last)
        return (_CONCLUDING.match(last) is not None or _headed_close(text, pos, end)
                or _led_in_close(text, pos, start, end)
                or (plain is not None and _answer_label(plain["label"] or "")))
    words = _MARKUP.sub("", m["bold"] + m["rest"])
    label, colon, value = words.partition(":")
    if colon:  # (a numbered label is a step of the working: "**Step 2:** node 5")
        return _answer_label(label) and _STATED_VALUE.search(value) is not None
    return not m["rest"].strip(" \t.!") and _STATED_VALUE.search(label) is not None


_QUANTITY_NOTE = re.compile(r"\([ \t]*(?:[a-z][a-z \t]{0,20}[ \t:=]+\d+(?:\.\d+)?"
                            r"|\d+(?:\.\d+)?[ \t]+[a-z]{2,20})[ \t]*\)")


def _answer_label(name: str) -> bool:
    """Can a label or heading name the answer? Not a numbered one or one of the working
    ("Step 2", "Path 1", "Check", "Verification"). A quantity of the answer in brackets
    is no number of the label ("Shortest tour (length 18)", "Spanning tree (7 edges)")."""
    name = _QUANTITY_NOTE.sub(" ", name.lower())
    return not _DIGIT.search(name) and not any(
        word in name for word in (*_HEADING_WORDS, "step", "approach"))


# A closing conclusion stating the value: "So the shortest tour is [0, 2, 1, 3]." (not a
# remark after a bold answer: "The farthest pair is 0 and 4.", "This is because ...")
_CONCLUDING = re.compile(
    r"[ \t>*_]*(?:so|thus|hence|therefore)\b,?[ \t]*(?!(?:this|that|these|those|it|they|"
    r"which|because|since|note|check)\b)[a-z][^\n.!?:]{0,80}?\b(?:is|are)\b[ \t*_]*"
    r"(?:[\[{(]|\d|(?-i:[A-Z])\b|(?:no|none)\b)[^\n]*\Z", re.I)


# A closing line giving a list or walk, plainly labelled or stated: "Tour: [0, 2, 1, 3]",
# "The shortest tour is 0 → 2 → 1 → 3." (not "Degrees: {0: 2, 1: 3}", "Check: 3 → 5 ✓")
_LISTED = re.compile(
    r"[ \t>*_-]*(?:(?P<label>[A-Za-z][\w ]{0,40}):|(?!(?:this|that|these|those|its?|they|their"
    r"|which|because|since|note|check)\b)[a-z][^\n.!?:]{0,80}?\b(?:is|are)\b)[ \t*_]*"
    r"(?:[\[{(]|[^\n→]*→)(?![^\n]*(?:\w:|✓))[^\n]*\Z", re.I)


def _headed_close(text: str, pos: int, end: int) -> bool:
    """Does the text close, after ``pos``, on a paragraph holding a value under a heading
    that names what it is ("## Minimum edge cover\n\n[(1, 7), ...]")? Not under a
    heading of the working ("### Step 2", "## Verification")."""
    gap = text.rfind("\n\n", pos, end)
    if gap < 0 or not _STATED_VALUE.search(text, gap, end):
        return False
    start = text.rfind("\n", pos, gap) + 1
    heading = _HEADING_LINE.fullmatch(text, max(start, pos), gap)
    if heading is None:
        return False
    return _answer_label(heading["hash"] or heading["bold"])


def _led_in_close(text: str, pos: int, start: int, end: int) -> bool:
    """Does the text close on a list alone in its paragraph, after a line that leads into
    it ("... so the set is maximal:\n\n[1, 3, 9]")? The list states the answer the working
    above it built."""
    if _LIST_LINE.fullmatch(text, start, end) is None:
        return False
    lead_end = text.rfind("\n", pos, start - 1) if start > pos else -1
    if lead_end < 0 or text[lead_end:start].strip():
        return False  # (the list is not set apart from the line before it)
    lead = text[:lead_end].rstrip()
    line = lead[lead.rfind("\n") + 1:]
    # (a heading is weighed by what it names: "**Step 2:**" heads the working)
    return (len(lead) > pos and line.rstrip("*_ \t").endswith(":")
            and _HEADING_LINE.fullmatch(line) is None)


_LIST_LINE = re.compile(r"[ \t]*[\[{(][^\n]*[\]})][ \t.]*")


_HEADING_LINE = re.compile(r"[ \t]*(?:#{1,6}[ \t]+(?P<hash>[^\n]+?)|\*\*(?P<bold>[^*\n:]+)"
                           r"(?::\*\*|\*\*:?))[ \t]*")  # "**DFS tree edges:**" too


# A line opening on bold: a label and its value ("**Tour:** [0, 2, 1]", "**Tour: [0, 2,
# 1]**") or a whole bold line ("**There are no triangles.**").
_BOLD_STATEMENT = re.compile(r"[ \t#>]*\*\*(?P<bold>[^*\n]{1,200})\*\*(?P<rest>[^\n]{0,300})\Z")
_STATED_VALUE = re.compile(r"\d|[\[{(→]|\b(?i:no|none|yes|empty)\b|\b[A-Z]{1,2}\b")
_DIGIT = re.compile(r"\d")


def _bold_list(text: str, emphasis: list[re.Match]) -> bool:
    """Is the last emphasised value one item of a list whose items are all emphasised
    ("1. **5**\n2. **4**")? Then the list is the answer, not its last item."""
    if len(emphasis) < 2:
        return False
    last, before = emphasis[-1], emphasis[-2]
    line = text.rfind("\n", 0, last.start()) + 1
    previous = text.rfind("\n", 0, max(0, line - 1)) + 1
    return (ITEM.match(text, line) is not None and previous <= before.start() < line
            and ITEM.match(text, previous) is not None)


# A bold subject that its line goes on to say something of: "3. **Node 5** is connected
# to node 1".
_STEP_LABEL = re.compile(r"[ \t]+(?!(?:and|or)\b)[a-z]{2,}\b")


def _labels_step(text: str, m: re.Match) -> bool:
    """Does the emphasis open a numbered step of an explanation as its subject ("3. **Node
    5** is connected to node 1")?"""
    start = text.rfind("\n", 0, m.start()) + 1
    return (_NUMBERED_STEP.match(text, start) is not None
            and _NUMBERED_STEP.match(text, start).end() >= m.start()
            and _STEP_LABEL.match(text, m.end()) is not None)


# --- the final region ---------------------------------------------------------------------

def _value(region: Region, reader: Reader | None) -> Any:
    """The region's value; without a reader, its words (so that "blue" and "Blue." agree)."""
    if reader is None:
        return " ".join(WORDS.findall(region.text.lower())) or ABSENT
    return reader(region.text, region.explicit)


def _choose(commits: tuple[Region, ...], text: str, reader: Reader | None
            ) -> tuple[Region, Any] | NoAnswer | None:
    chosen: Region | None = None
    chosen_value: Any = ABSENT
    for region in commits:
        value = _value(region, reader)
        if region.kind == "closing" and (value is ABSENT or reader is not None and (
                other_quantity(text[region.start:region.end], region.text, value)
                or not names_asked(text[region.start:region.end],
                                   getattr(reader, "question", None)))):
            continue
        if value is None and region.kind == "emphasis" and _BARE_COUNT.fullmatch(
                region.text) and reader is not None and reader(
                text[:region.start], False) not in (ABSENT, None):
            continue  # "Size: **13**." after a list of edges counts it, it is no edge
        if value in (ABSENT, None) and reader is not None:
            if _picks_none(region):
                return NoAnswer("several answers offered, none chosen")
            region, value = _pointed_at(region, text, reader) or (region, value)
        if value is ABSENT:
            continue
        if chosen is not None and chosen.kind == "emphasis" and region.kind == "closing":
            pass  # the line the reply closes on is its answer, over bold words above it
        elif chosen is not None and not CUE.search(text, settled_at(chosen), region.start):
            if region.strength < chosen.strength:
                continue  # a note after the answer, not a new one
            if region.strength == chosen.strength and differs(value, chosen_value):
                return NoAnswer("two different final answers")
        chosen, chosen_value = region, value
    return None if chosen is None else (chosen, chosen_value)


_BARE_COUNT = re.compile(r"[ \t]*\d+[ \t]*")


def _closing_rivalled(body: str, closing: Region, value: Any, reader: Reader | None) -> bool:
    """A closing "Quantity: value" line is read as bare text's end would be: another
    statement of the quantity above it, with no correction between, is a second answer
    ("There are 3 triangles.\n\nTotal triangles: 4", an opening answer the working then
    contradicts)."""
    return (statements_differ(body, reader) or opening_answer_differs(body, reader)
            or conclusion_differs(body, reader)
            or opened_otherwise(body, closing.start, value, reader))


# "**Final Answer:** the 13 edges listed above.", "Answer: see the list above"
_POINTER = re.compile(r"[^\n]{0,60}?\b(?:above|before this|previous(?:ly)? listed)\b[^\n]{0,20}\Z",
                      re.I)


_SOME_OF = re.compile(r"\b(?:one|any|some|either|each|several|none) of\b|\bor\b", re.I)


def _first_sentence(text: str) -> str:
    stop = FIRST_SENTENCE.search(text)
    return text[:stop.start() if stop else len(text)]


_BACK = re.compile(r"\b(?:above|these|those|them|listed|previous)\b", re.I)


def _picks_none(region: Region) -> bool:
    """"**Final answer:** one of the edges listed above." / "Answer: any of these.": a
    marked answer that points back at several without choosing."""
    first = _first_sentence(region.text)
    return region.strength == STRONG and len(first) < 120 and bool(
        _SOME_OF.search(first) and _BACK.search(first))


def _pointed_at(region: Region, text: str, reader: Reader) -> tuple[Region, Any] | None:
    """A marked answer that points back at the list above it, without a value of its
    own: the list or value block right above the marker's line is the answer."""
    first = _first_sentence(region.text).strip()
    if not first or not _POINTER.match(first) or _SOME_OF.search(first):
        return None  # "one of the edges listed above" picks none
    line = text.rfind("\n", 0, region.start) + 1
    above = text[:line].rstrip()
    paragraphs = [p for p in PARAGRAPHS.split(tail(above)) if p.strip()]
    if not paragraphs:
        return None
    block = paragraphs[-1]
    if not (value_like(block) or all(ITEM.match(x) for x in block.split("\n") if x.strip())):
        return None  # a list, not a paragraph of working ("as computed above")
    start = len(above) - len(block)
    run = numbered_run(paragraphs[:-1], block)
    if run is not None:  # "1. (0, 29)" … "13. (24, 27)", a remark, "14. (25, 26)"
        start, block = len(above) - len(tail(above)) + tail(above).find(run[0]), run[1]
    value = reader(block, True)
    if value in (ABSENT, None):
        return None
    return Region(block, True, "pointer", region.strength, start, len(above)), value


def _after_cue(text: str, chosen: Region, value: Any, reader: Reader | None
               ) -> Region | NoAnswer | None:
    """A correction after the chosen answer: its new value, a retraction, or None when the
    cue changes nothing ("Actually, 5 is also the number of leaves" keeps 5)."""
    start = max(settled_at(chosen), len(text) - SIZE)
    cues = list(CUE.finditer(text, start))
    if not cues or reasons_a_denial(cues, value):
        return None
    cue = cues[-1]
    said = _said_before(text, start, cue.start(), reader) if _EXPLAINS.match(
        cue.group()) else ABSENT
    if said is not ABSENT:
        if value_key(said[1]) == value_key(value):
            return None  # "Yes, 6: I forgot node 9." explains the answer it follows
        if len(cues) > 1 and cues[-2].start() >= said[0]:
            # "Actually, make that 7 — I missed the edge (2, 5).": the value before the
            # explaining cue is the correction
            body = text[cues[-2].end():cue.start()]
            return Region(body, False, "correction", WEAK, cues[-2].end(), cue.start())
    sentences = [s for s in SENTENCE_SPLIT.split(text[cues[0].start():].strip()) if s.strip()]
    if sentences and UNFINISHED.search(sentences[-1]):
        return NoAnswer("left checking the answer")  # "Hmm, let me reconsider (2, 5)..."
    after = past_question(tail(text[cue.end():]), reader)
    if after is SETTLED:
        return None
    if isinstance(after, NoAnswer):
        return after
    region = Region(after, False, "correction", WEAK, len(text) - len(after), len(text))
    new = _value(region, reader) if after.strip() else ABSENT
    last = last_paragraph(strip_questions(after) or after)
    labelled = new is not ABSENT and _LABELLED_VALUE.match(after) is not None
    if not labelled and retracted(text[cues[0].start():]):
        return NoAnswer("answer retracted without a new one")
    if new is not ABSENT and not is_truncated(after):
        # (as written: "So the better tour is [0, 1, 6, 2]" after "Answer: [0, 1, 2, 6]"
        # reorders a path; a set reorders to the same set)
        if new == value or CONFIRM.search(last) or passed_check(cue.group(), after):
            return None
        if offered(after, reader):
            return NoAnswer("another answer offered as a possibility")
        if is_hedge(value_sentence(last), values_of(reader)) or ALTERNATIVE.match(after):
            return NoAnswer("hedge after a correction")
        if DOUBT.search(last):
            return None
        return region
    if is_truncated(after) or RETRACTION.search(text, cues[0].start(), cue.end() + 80):
        return NoAnswer("answer retracted without a new one")
    return None


# "Correction: 2/5 = 0.4, I divided wrong.": a labelled correction that opens on its value;
# what follows explains the old mistake.
_LABELLED_VALUE = re.compile(r"[ \t*_]*[:=][ \t*_]*[\[({]?[ \t]*-?\d")


# Cues that give the reason for a value rather than introduce one ("I forgot node 9").
_EXPLAINS = re.compile(r"I (?:made|miscounted|missed|overlooked|forgot|misread|mixed|confused"
                       r"|was (?:wrong|looking))", re.I)


def _said_before(text: str, start: int, cue: int, reader: Reader | None) -> Any:
    """(where its sentence opens, value) when the sentence of a cue states a value before
    the cue ("Yes, 6: I forgot node 9"); the cue then gives the reason for that value."""
    if reader is None:
        return ABSENT
    opening = max(max(text.rfind(c, start, cue) for c in ".!?\n") + 1, start)
    before = text[opening:cue]
    if not before.strip():
        return ABSENT
    value = reader(before, True)
    return ABSENT if value is ABSENT or value is None else (opening, value)


# A small model that answers, then makes up the next exercise ("Question: How many edges
# ...?\nAnswer: ..."): what follows its first answered question is not about the prompt.
_NEW_EXERCISE = re.compile(r"^[ \t#*_]*+(?:(?:question|instruction|exercise|user|human)"
                           r"[ \t*_]*\d*[ \t*_]*:|Q[ \t]*:(?=[^\n]*\?[ \t*_]*$))",
                           re.I | re.M)  # "Q: ...?"
_ANSWER_LINE = re.compile(r"^[ \t#*_]*+(?:(?:final[ \t]+)?answer[ \t*_]*\d*|A)[ \t*_]*:",
                          re.I | re.M)


# A base model that answers on its first line, then makes up the next exercise or echoes
# the prompt back ("student\n\nGiven a node-centered graph ... Please tell me which class
# ...?"): the echo names every option and the exercise answers another question.
_BARE_FIRST = re.compile(r"[ \t]*+[^\n]{1,600}\n[ \t]*\n\s*")
_PROMPT_ECHO = re.compile(r"[ \t#*_]*+(?:given|consider|here is|you are given|G describes|in an? "
                          r"(?:(?:un)?directed |weighted )*graph)\b(?=.*\?[ \t*_]*$)",
                          re.I | re.S | re.M)


def _bare_answer(line: str) -> bool:
    """A first line that can be an answer alone: a value, or a few words that do not start
    the working ("Sure!", "Let me think.")."""
    return value_like(line) or (len(line.split()) <= 4 and _PREAMBLE.search(line) is None)


_PREAMBLE = re.compile(r"\b(?:let'?s?|me|think|step|solve|sure|okay|ok|first|start|here|hi"
                       r"|hello|alright|right|well|question|problem|task|solution|answer"
                       r"|reasoning|analysis|approach|explanation|response|thinking|thoughts"
                       r"|steps?|working)\b|[:?#]", re.I)


def _without_new_exercise(body: str) -> str:
    first = _BARE_FIRST.match(body)
    if first is not None and _bare_answer(first.group()) and (
            _NEW_EXERCISE.match(body, first.end()) or _PROMPT_ECHO.match(body, first.end())):
        return body[:first.end()]
    answered = _ANSWER_LINE.search(body)
    if answered is None:
        return body
    head = _NEW_EXERCISE.search(body, answered.end())
    return body if head is None else body[:head.start()]


@lru_cache(maxsize=8)
def _prepare(text: str, size: int) -> tuple[str, str, tuple[Region, ...]] | Region | NoAnswer:
    """(thinking, answer body, commitments) of ``text``, or its JSON answer region, or why
    it has none. Cached: one answer is often read by several readers in a row (a
    traversal tried as edges, then as a walk; the reason for no answer)."""
    parts = split_thinking(clip(text, size))
    if isinstance(parts, NoAnswer):
        return parts
    thinking, body = parts
    body, explanation = split_answer_first(_without_new_exercise(normalize(body)))
    data = _json_answer(body, size)
    if data is None:
        data = _json_opening(body, size)
    if data is not None:
        return Region(data, True, "json", STRONG, 0, len(body), thinking)
    return thinking, body, tuple(_commitments(body, size)), explanation


def final_region(text: Any, reader: Reader | None = None, *, size: int = SIZE
                 ) -> Region | NoAnswer:
    """The region holding the final committed answer of ``text``, or why there is none.

    With a ``reader``, regions without a value of its type are skipped and conflicting
    final answers are detected on values; without one, any non-blank region counts.
    ``size`` bounds the work (see ``SIZE``): answers that are whole graphs pass more.
    """
    if not isinstance(text, str) or not text.strip():
        return NoAnswer("empty answer")
    prepared = _prepare(text, size)
    if isinstance(prepared, NoAnswer | Region):
        return prepared
    thinking, body, commits, explanation = prepared
    if explanation and concludes_otherwise(body, explanation, reader):
        return NoAnswer("the explanation concludes with another answer")
    chosen = _choose(commits, body, reader)
    if isinstance(chosen, NoAnswer):
        return chosen
    if chosen is not None:
        region, value = chosen
        corrected = _after_cue(body, region, value, reader)
        if isinstance(corrected, NoAnswer):
            return corrected
        if corrected is None and (opening_differs(body, commits, region, value, reader)
                                  or restated_otherwise(body, region, value, reader)
                                  or summary_differs(body, region, value, reader)
                                  or (region.kind == "closing"
                                      and _closing_rivalled(body, region, value, reader))):
            return NoAnswer("two different final answers")
        if corrected is not None:
            region = corrected
        elif is_truncated(body) and CUE.search(body, region.start):
            # "the answer is yes, but let me double-check nodes 5 and 6 first —"
            return NoAnswer("cut off while checking the answer")
        elif region.end >= len(body.rstrip()) and region.kind != "emphasis" and (
                region.kind == "box" or unclosed(region.text, fences=False)
                or cut_in_list(region.text)) or (
                _FENCE_ONLY.fullmatch(body, region.end) and unclosed(region.text, fences=False)):
            # (a list whose closing bracket never comes is cut off even when a closing
            # code fence follows it: the fence closes the block, not the list)
            return NoAnswer("cut off inside the answer")
        if is_hedge(region.text[:TAIL // 2] if region.explicit
                    else value_sentence(last_paragraph(region.text)), values_of(reader)):
            resolved = resolution(region.text, reader)
            if resolved is None:
                return NoAnswer("hedged between answers")
            region = Region(resolved, False, "resolution", region.strength,
                            region.end - len(resolved), region.end)
        settled = settled_at(region)
        if corrected is None and (unsure(body, settled, settled + 300)
                                  and not open_list_only(body, settled, settled + 300, value)
                                  or unsure(region.text)  # "…, but I haven't checked 7"
                                  or OR_NEXT.match(body, settled)
                                  or ANSWER_DOUBT.search(body, settled, settled + TAIL // 2)
                                  or doubts_item(body[region.start:settled + 300], value,
                                                  reader)):
            return NoAnswer("an alternative offered after the answer")
        return Region(region.text, region.explicit, region.kind, region.strength,
                      region.start, region.end, thinking)
    return read_bare(body, thinking, size, reader)


_FENCE_ONLY = re.compile(r"\s*+```\s*+")


# --- JSON ----------------------------------------------------------------------------------

_JSON_KEYS = ("final_answer", "answer", "result", "value", "output", "prediction")
_FENCE = re.compile(r"\A\s*(?:```(?:json)?\s*\n?)?(?P<body>[\[{].*?[\]}])\s*(?:```)?\s*\Z",
                    re.S | re.I)


def _json_block(body: str) -> str | None:
    """The JSON object a reply is, or ends with (maybe fenced, after a line of prose)."""
    m = _FENCE.match(body)
    if m is not None:
        return m["body"]
    stripped = body.rstrip().removesuffix("```").rstrip()
    start = stripped.rfind("\n{")
    return stripped[start + 1:] if start >= 0 and stripped.endswith("}") else None


def _json_answer(body: str, size: int) -> str | None:
    """The answer value of a reply that is, or ends with, one JSON object (maybe fenced):
    under an answer key, or the object's only key; written back as JSON text for the
    readers."""
    if len(body) > 5 * size // 2 or "{" not in body:
        return None
    block = _json_block(strip_questions(body) if len(body) <= TAIL else body)
    if block is None:
        return None
    try:
        data = json.loads(block)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not data:
        return None
    lowered = {str(k).lower(): v for k, v in data.items()}
    for key in _JSON_KEYS:
        if key in lowered:
            return _json_text(lowered[key], size)
    if len(data) == 1:
        return _json_text(next(iter(data.values())), size)
    return None


_FENCE_OPEN = re.compile(r"\A\s*(?:```(?:json)?[ \t]*\n)?\s*(?=\{)", re.I)
_FENCE_CLOSE = re.compile(r"\s*(?:```[ \t]*)?(?:\n[ \t]*\n|\Z)")
# After an opening JSON answer, what makes the prose more than its explanation: a
# conclusion or another answer ("So the tree is ...", "the answer is"), a list alone on
# its line, a question.
_RESTATES = re.compile(r"\b(?:so|thus|hence|therefore|answer|instead|result)\b|^[ \t*_]*[\[{(]"
                       r"[^\n]*[\]})][ \t*_.]*$|\?", re.I | re.M)


def _json_opening(body: str, size: int) -> str | None:
    """The answer of a reply that opens with one JSON object and then explains it in prose
    ("```json\n{"bfs_tree_edges": [...]}\n```\n\nStarting at 1, ... and finally 2 from 9"):
    the prose names the values the answer is made of, it gives no other one. Prose that
    corrects, doubts, concludes or restates a value is weighed as in any other text."""
    if len(body) > TAIL or "{" not in body[:200]:
        return None
    opened = _FENCE_OPEN.match(body)
    if opened is None:
        return None
    try:
        data, end = json.JSONDecoder().raw_decode(body, opened.end())
    except (ValueError, RecursionError):
        return None
    closed = _FENCE_CLOSE.match(body, end)
    rest = body[closed.end():] if closed else ""
    if (closed is None or not rest.strip() or CUE.search(rest) or RETRACTION.search(rest)
            or DOUBT.search(rest) or ANSWER_DOUBT.search(rest) or unsure(rest)
            or _RESTATES.search(rest) or "{" in rest):
        return None
    return _json_answer(body[:closed.end()], size) if isinstance(data, dict) else None


def _json_text(value: Any, size: int) -> str:
    if isinstance(value, str):
        return value[:size]
    try:
        return json.dumps(value)[:size]
    except (ValueError, TypeError, RecursionError):
        return ""


def read_answer(text: Any, reader: Reader, *, size: int = SIZE) -> Any:
    """The value ``reader`` finds in the final region of ``text``, or a ``NoAnswer``.

    When the final region holds no value of the reader's type, earlier regions are not
    consulted: a final answer of the wrong shape is no answer, not an invitation to pick
    a number from the reasoning.
    """
    region = final_region(text, reader, size=size)
    if isinstance(region, NoAnswer):
        return region
    value = reader(region.text, region.explicit)
    if value is ABSENT:
        return NoAnswer("no answer of this type in the final answer")
    if value is None:
        return NoAnswer("the final answer is malformed")
    return value
