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

The signals weighed around the markers (corrections, hedges, refusals, truncation) live in
``graphgauge.scoring.signals``. All work is linear in the length of the text: one pass per
pattern, regions bounded by the next commitment, and at most ``_MAX_COMMITMENTS``
commitments weighed.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from numbers import Real
from typing import Any

from graphgauge.scoring.guards import LOOKALIKES
from graphgauge.scoring.signals import (
    ALTERNATIVE,
    ANSWER_DOUBT,
    CONFIRM,
    CUE,
    DOUBT,
    ITEM,
    ITEM_DOUBT,
    ITEM_DOUBT_END,
    NOT_A_VALUE,
    OR_NEXT,
    POSSIBLE,
    PROVISIONAL,
    QUESTION,
    RETRACTION,
    SENTENCE_SPLIT,
    SIZE,
    TENTATIVE,
    UNFINISHED,
    clip,
    cut_in_list,
    is_hedge,
    is_instruction,
    is_truncated,
    last_paragraph,
    offers_alternatives,
    passed_check,
    refuses,
    restated_differently,
    retracted,
    revises,
    stops_mid_trace,
    strip_questions,
    tail,
    ticked_off,
    unclosed,
    unsure,
    value_asked,
    value_sentence,
    without_method_note,
)

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()
"""What a reader returns for a region holding no candidate of its type."""

Reader = Callable[[str, bool], Any]

STRONG, WEAK, BARE = 2, 1, 0
_MAX_COMMITMENTS = 16
_TAIL = SIZE // 2


@dataclass(frozen=True)
class Region:
    """A stretch of (normalised) answer text that holds the final answer.

    ``kind`` says how it was found: tag, box, marker, emphasis, json, correction, text.
    ``reasoning`` is the thinking block, kept for readers that need the model's structure.
    """

    text: str
    explicit: bool
    kind: str
    strength: int = BARE
    start: int = 0
    end: int = 0
    reasoning: str = ""


@dataclass(frozen=True)
class NoAnswer:
    """No committed answer, and why (empty, truncated, refusal, hedge, conflict, ...)."""

    reason: str

    def __bool__(self) -> bool:
        return False


# --- normalisation ---------------------------------------------------------------------

_CHARS = str.maketrans({"$": "", "\u2212": "-", "\u00b7": "*", "\u22c5": "*", "\u2009": " ",
                        "\u202f": " ", "\xa0": " ", "\u200b": "", "\u2013": "–",
                        "\u00d7": "×", "\u2217": "*", "\u279d": "→", "\u279c": "→",
                        "\u2794": "→", "\u21d2": "→", "\u27f9": "→", "\u21a6": "→",
                        "\u279e": "→", **LOOKALIKES})
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
    (re.compile(r"\\(?:times|cdot)"), "×"),
    (re.compile(r"\\sqrt\s*\{\s*([^{}]*?)\s*\}|\\sqrt\s*(\d+)"), r"√\1\2"),
]
_THINK_OPEN = re.compile(r"<\s*(?:think|thinking|reasoning)\s*>", re.I)
_THINK_CLOSE = re.compile(r"</\s*(?:think|thinking|reasoning)\s*>", re.I)


_QUOTE = re.compile(r"^[ \t]*>(?:[ \t]|$)", re.M)


def normalize(text: str) -> str:
    """Plain-text spelling: line ends, markdown quotes, unicode minus and spaces, LaTeX
    fractions, text and arrows."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if ">" in text:
        text = _QUOTE.sub("", text)
    text = text.translate(_CHARS)
    if "\\" in text:
        for pattern, repl in _LATEX:
            # Text commands nest (\text{\textbf{5}}): a second pass unwraps the outer one.
            text = pattern.sub(repl, pattern.sub(repl, text))
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
    if revises(reasoning) or _ANSWER_AFTER.search(reasoning):
        return body, ""  # revised, or the reasoning came first ("# Reasoning ... # Answer")
    return answer, reasoning


_HEADING_WORDS = ("reason", "explanation", "justification", "rationale", "why", "note",
                  "verification", "check", "working", "derivation", "how i", "long", "detailed",
                  "full")
# An answer announced after the reasoning heading: the layout is reasoning, then answer.
_ANSWER_AFTER = re.compile(r"^[ \t#*_>]*(?:final[ \t]+)?answer\b|\\boxed\s*\{|<\s*answer\s*>",
                           re.I | re.M)


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
_VALUE_WORDS = re.compile(
    r"\b(?:yes|no|true|false|none|null|empty|nodes?|edges?|vertex|vertices|and|then|to|"
    r"from|between|or|of|is|are)\b", re.I)
_VALUE_CHARS = re.compile(r"[\s\d.,;:()\[\]{}<>=+\-–—→⟶↔∅≈~/%$\\'\"`*_#|•eE×√^⁰¹²³⁴⁵⁶⁷⁸⁹⁻]*")
_LINE = re.compile(r"[^\n]*")
_BLANK_LINES = re.compile(r"(?:[ \t]*\n)*")


def value_like(text: str) -> bool:
    """Only numbers, brackets, separators and answer words: a line that continues an
    answer, or an emphasis that highlights one (not "**Step 1:**")."""
    return bool(text.strip()) and _VALUE_CHARS.fullmatch(_VALUE_WORDS.sub("", text)) is not None


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
    opens = set(sorted(m.end() for m in _BOX.finditer(text))[-3 * _MAX_COMMITMENTS:])
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
    """The last ``_MAX_COMMITMENTS`` answer markers. The word "answer" is found by a plain
    substring scan and the marker pattern is only tried around it: on a long text one
    regex pass with that many branches would cost more than all the rest."""
    lowered = text.lower()
    hits, end = [], len(text)
    while len(hits) < 2 * _MAX_COMMITMENTS:
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
    return [found[k] for k in sorted(found)][-_MAX_COMMITMENTS:]


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


def _commitments(text: str, size: int = SIZE) -> list[Region]:
    """Every place the model commits to an answer, in text order (blank ones dropped)."""
    found: list[tuple[int, int, str, int]] = []  # start, end, kind, strength
    for m in _TAG.finditer(text):
        found.append((m.start(1), m.end(1), "tag", STRONG))
    for start, end in _boxes(text):
        found.append((start, end, "box", STRONG))
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
        nxt = bisect.bisect_right(starts, m.start())
        limit = starts[nxt] if nxt < len(starts) else len(text)
        end = _block_after(text, m.end(), limit)
        found.append((m.end(), end, "marker", _strength(text, m)))
    regions = []
    for s, e, kind, strength in sorted(found)[-3 * _MAX_COMMITMENTS:]:
        body = text[s:min(e, s + size)]
        if body.strip():
            regions.append(Region(body, True, kind, strength, s, e))
    if not regions:
        emphasis = _last_valued(list(_EMPHASIS.finditer(text, len(text) - len(tail(text)))))
        if emphasis and not _bold_list(text, emphasis) and not (
                _in_working(text, emphasis[-1]) and _bold_line_after(text, emphasis[-1].end())):
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
    return regions[-_MAX_COMMITMENTS:]


_MARKUP = re.compile(r"[`*]+")


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
            or _NUMBERED_STEP.match(line) is not None)


_RESULT = re.compile(r"[=≈][ \t]*\Z")
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
                or (plain is not None and _answer_label(plain["label"] or "")))
    words = _MARKUP.sub("", m["bold"] + m["rest"])
    label, colon, value = words.partition(":")
    if colon:  # (a numbered label is a step of the working: "**Step 2:** node 5")
        return _answer_label(label) and _STATED_VALUE.search(value) is not None
    return not m["rest"].strip(" \t.!") and _STATED_VALUE.search(label) is not None


def _answer_label(name: str) -> bool:
    """Can a label or heading name the answer? Not a numbered one or one of the working
    ("Step 2", "Path 1", "Check", "Verification")."""
    name = name.lower()
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


_HEADING_LINE = re.compile(r"[ \t]*(?:#{1,6}[ \t]+(?P<hash>[^\n]+?)|\*\*(?P<bold>[^*\n:]+)\*\*)"
                           r"[ \t]*")


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


# --- the final region ---------------------------------------------------------------------


def _differs(one: Any, other: Any) -> bool:
    """Are two final values different answers? The same items in another order are not
    (see ``_key``), nor one tour written closed and open."""
    if isinstance(one, list) and isinstance(other, list) and _same_tour(one, other):
        return False
    return _key(one) != _key(other)


def _same_tour(one: list, other: list) -> bool:
    """Is one list the other closed back to its start ("1 → 5 → 2 → 1" and [1, 5, 2])?
    A tour written closed and open is one answer in two notations."""
    short, long = sorted((one, other), key=len)
    return (len(long) == len(short) + 1 and len(short) > 1 and long[0] == long[-1]
            and long[:-1] == short)


def _key(value: Any) -> Any:
    """Values compared for a conflict: lists of the same items in another order agree."""
    if isinstance(value, list):
        try:
            return tuple(sorted(map(repr, value)))
        except TypeError:
            return repr(value)
    return value


def _values_of(reader: Reader | None) -> Callable[[str], Any] | None:
    """The value of the reader's type a word holds, for comparing the two sides of an
    "X or Y" (None: any word may be one)."""
    if reader is None:
        return None

    def value_of(word: str) -> Any:
        value = reader(word, True)
        return NOT_A_VALUE if value is ABSENT else _key(value)
    return value_of


def _value(region: Region, reader: Reader | None) -> Any:
    """The region's value; without a reader, its words (so that "blue" and "Blue." agree)."""
    if reader is None:
        return " ".join(_WORDS.findall(region.text.lower())) or ABSENT
    return reader(region.text, region.explicit)


_WORDS = re.compile(r"[^\W_]+")
_WORD = re.compile(r"[^\W_]")


_FIRST_SENTENCE = re.compile(r"[.!?](?=\s)|\n[ \t]*\n")


def _settled(region: Region) -> int:
    """Where the commitment ends: a marker's answer is its first sentence, and a correction
    later on the same line ("Answer: 5. Wait, it's 6") comes after it, as does one inside
    the sentence ("Answer: 2, 4, 6 — wait, 6 has degree 3")."""
    if region.kind in ("tag", "box"):
        return region.end
    stop = _FIRST_SENTENCE.search(region.text)
    end = stop.end() if stop else len(region.text)
    cue = CUE.search(region.text, 0, end)
    return region.start + (cue.start() if cue and cue.start() > 0 else end)


def _choose(commits: tuple[Region, ...], text: str, reader: Reader | None
            ) -> tuple[Region, Any] | NoAnswer | None:
    chosen: Region | None = None
    chosen_value: Any = ABSENT
    for region in commits:
        value = _value(region, reader)
        if value in (ABSENT, None) and reader is not None:
            if _picks_none(region):
                return NoAnswer("several answers offered, none chosen")
            region, value = _pointed_at(region, text, reader) or (region, value)
        if value is ABSENT:
            continue
        if chosen is not None and not CUE.search(text, _settled(chosen), region.start):
            if region.strength < chosen.strength:
                continue  # a note after the answer, not a new one
            if region.strength == chosen.strength and _differs(value, chosen_value):
                return NoAnswer("two different final answers")
        chosen, chosen_value = region, value
    return None if chosen is None else (chosen, chosen_value)


# "**Final Answer:** the 13 edges listed above.", "Answer: see the list above"
_POINTER = re.compile(r"[^\n]{0,60}?\b(?:above|before this|previous(?:ly)? listed)\b[^\n]{0,20}\Z",
                      re.I)


_SOME_OF = re.compile(r"\b(?:one|any|some|either|each|several|none) of\b|\bor\b", re.I)


def _first_sentence(text: str) -> str:
    stop = _FIRST_SENTENCE.search(text)
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
    paragraphs = [p for p in _PARAGRAPHS.split(tail(above)) if p.strip()]
    if not paragraphs:
        return None
    block = paragraphs[-1]
    if not (value_like(block) or all(ITEM.match(x) for x in block.split("\n") if x.strip())):
        return None  # a list, not a paragraph of working ("as computed above")
    value = reader(block, True)
    if value in (ABSENT, None):
        return None
    start = len(above) - len(block)
    return Region(block, True, "pointer", region.strength, start, len(above)), value


def _after_cue(text: str, chosen: Region, value: Any, reader: Reader | None
               ) -> Region | NoAnswer | None:
    """A correction after the chosen answer: its new value, a retraction, or None when the
    cue changes nothing ("Actually, 5 is also the number of leaves" keeps 5)."""
    start = max(_settled(chosen), len(text) - SIZE)
    cues = list(CUE.finditer(text, start))
    if not cues:
        return None
    cue = cues[-1]
    said = _said_before(text, start, cue.start(), reader) if _EXPLAINS.match(
        cue.group()) else ABSENT
    if said is not ABSENT:
        if _key(said[1]) == _key(value):
            return None  # "Yes, 6: I forgot node 9." explains the answer it follows
        if len(cues) > 1 and cues[-2].start() >= said[0]:
            # "Actually, make that 7 — I missed the edge (2, 5).": the value before the
            # explaining cue is the correction
            body = text[cues[-2].end():cue.start()]
            return Region(body, False, "correction", WEAK, cues[-2].end(), cue.start())
    sentences = [s for s in SENTENCE_SPLIT.split(text[cues[0].start():].strip()) if s.strip()]
    if sentences and UNFINISHED.search(sentences[-1]):
        return NoAnswer("left checking the answer")  # "Hmm, let me reconsider (2, 5)..."
    after = _past_question(tail(text[cue.end():]), reader)
    if after is _SETTLED:
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
        if _offered(after, reader):
            return NoAnswer("another answer offered as a possibility")
        if is_hedge(value_sentence(last), _values_of(reader)) or ALTERNATIVE.match(after):
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
_SETTLED: Any = object()


def _past_question(after: str, reader: Reader | None) -> str | NoAnswer | Any:
    """The text after a correction cue, past a question it asks about the answer: the
    doubt left open ("Wait, does (3, 4) lie on a cycle?") or followed by another case
    ("... directed? Then 0.3") is no answer; answered with yes or no ("Also 7? No, removing
    7 ...") it settles on the answer (``_SETTLED``); else the text after the question."""
    asked = after.rfind("?")
    if asked < 0 or reader is None:
        return after
    rest = after[asked + 1:]
    if _FOLLOW_UP.match(rest):
        return NoAnswer("another answer under a condition")
    agrees = _AGREES.match(rest)
    if agrees and (reader(rest, False) is ABSENT or reader(agrees.group(), True) is ABSENT):
        return _SETTLED  # a yes or no that is not itself a value of this type
    if reader(rest, False) in (ABSENT, None) and not CONFIRM.search(rest):
        return NoAnswer("a doubt left open")
    return rest


# After a question on the answer: taking up another case, or settling the doubt.
_FOLLOW_UP = re.compile(r"[\s*_]*(?:then|in that case|if so)\b", re.I)
_AGREES = re.compile(r"[\s*_]*(?:yes|yep|yeah|right|correct|no|nope|nah)\b", re.I)


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


def _offered(after: str, reader: Reader | None) -> bool:
    """Is the last new value after a correction cue only a possibility ("Databases.
    Although, hmm, Machine_Learning might fit better")?"""
    if reader is None:
        return False
    valued = [s for s in SENTENCE_SPLIT.split(after) if s.strip() and reader(s, True) is not ABSENT]
    return bool(valued) and POSSIBLE.search(valued[-1]) is not None


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
    if explanation and _concludes_otherwise(body, explanation, reader):
        return NoAnswer("the explanation concludes with another answer")
    chosen = _choose(commits, body, reader)
    if isinstance(chosen, NoAnswer):
        return chosen
    if chosen is not None:
        region, value = chosen
        corrected = _after_cue(body, region, value, reader)
        if isinstance(corrected, NoAnswer):
            return corrected
        if corrected is None and (_opening_differs(body, commits, region, value, reader)
                                  or _restated_otherwise(body, region, value, reader)
                                  or _summary_differs(body, region, value, reader)):
            return NoAnswer("two different final answers")
        if corrected is not None:
            region = corrected
        elif is_truncated(body) and CUE.search(body, region.start):
            # "the answer is yes, but let me double-check nodes 5 and 6 first —"
            return NoAnswer("cut off while checking the answer")
        elif region.end >= len(body.rstrip()) and region.kind != "emphasis" and (
                region.kind == "box" or unclosed(region.text, fences=False)
                or cut_in_list(region.text)):
            return NoAnswer("cut off inside the answer")
        if is_hedge(region.text[:_TAIL // 2] if region.explicit
                    else value_sentence(last_paragraph(region.text)), _values_of(reader)):
            resolved = _resolution(region.text, reader)
            if resolved is None:
                return NoAnswer("hedged between answers")
            region = Region(resolved, False, "resolution", region.strength,
                            region.end - len(resolved), region.end)
        settled = _settled(region)
        if corrected is None and (unsure(body, settled, settled + 300)
                                  or unsure(region.text)  # "…, but I haven't checked 7"
                                  or OR_NEXT.match(body, settled)
                                  or ANSWER_DOUBT.search(body, settled, settled + _TAIL // 2)
                                  or _doubts_item(body[region.start:settled + 300], value,
                                                  reader)):
            return NoAnswer("an alternative offered after the answer")
        return Region(region.text, region.explicit, region.kind, region.strength,
                      region.start, region.end, thinking)
    return _bare(body, thinking, size, reader)


_ITEM_CLAUSE = 160
_MAX_DOUBTS = 4
_NO_OBJECT = tuple(",:—–-")


def _doubts_item(text: str, value: Any, reader: Reader | None) -> bool:
    """Doubt about an item of one's own answer ("I believe nodes 3 and 4, but I'd need to
    double-check node 4", "1, 4, 0, 3, 5, 2, 6, 7 but I'm not confident about where 6 and
    7 go") leaves no answer; doubt about something else ("Answer: 9. Not sure about the
    edge 4-6" to a count, or an edge not in the answer) and doubt about the whole answer
    keep it. Only answers of several items have items to doubt."""
    if reader is None or not isinstance(value, list) or len(value) < 2:
        return False
    items = {repr(item) for item in value}
    doubts = ITEM_DOUBT.finditer(text)
    for m in itertools.islice(doubts, _MAX_DOUBTS):  # a few: each one is read
        stop = ITEM_DOUBT_END.search(text, m.end(), m.end() + _ITEM_CLAUSE)
        clause = text[m.end():stop.start() if stop else m.end() + _ITEM_CLAUSE]
        if stop is not None and stop.group().lower() in ("so", "hence", "thus", "therefore"):
            continue  # the sentence settles its doubt
        if clause.lstrip()[:1] in _NO_OBJECT:
            continue  # "I'm not sure, but probably nodes 2 and 3": doubt about it all
        named = reader(clause, False) if clause.strip() else ABSENT
        if isinstance(named, list) and any(repr(item) in items for item in named):
            return True
    return False


_STATES = re.compile(r"\b(?:is|are|was|were|equals?)\b|[:=]", re.I)
# "The graph has 9 edges.": what the whole graph has states the count (not "Node 4 has 3
# neighbours", a context line).
_GRAPH_HAS = re.compile(r"[\W_]*(?:the graph|this graph|it)[ \t]+(?:has|contains)\b", re.I)
_DIGITS = re.compile(r"\d+")
_WORKING = re.compile(r"\d\s*[+*/×=^]\s*\d|\d\s+-\s+\d")  # arithmetic, not a statement


def _opening_differs(body: str, commits: tuple[Region, ...], chosen: Region, value: Any,
                     reader: Reader | None) -> bool:
    """A one-sentence statement of the answer before a strong marked answer that gives
    another value, with no correction between them: two final answers. The statement is
    the last sentence before the marked answer ("There are 4 strongly connected
    components.\n\nFinal answer: 5", "... no wait, 5 has no incoming edge. So we get 4
    SCCs in total.\n\nFinal Answer: 5", "DFS order: (2, 5), (2, 1)\n\nFinal answer: (2,
    1), (2, 5)") or an emphasised labelled line opening the reply ("**Class:
    student**\n\n<reasoning>\n\n**Final answer: faculty**"). (A yes/no opening is weighed
    as an opening verdict.)"""
    if reader is None or chosen.strength != STRONG or isinstance(value, bool):
        return False
    line = body.rfind("\n", 0, chosen.start) + 1
    if any(c.start < line for c in commits) or line == 0:
        return False
    before = _RULES.sub("\n", body[:line]).rstrip()
    paragraph = before[before.rfind("\n") + 1:]
    candidates = []
    above = before[:before.rfind("\n")].rstrip() if "\n" in before else ""
    if paragraph.strip() and not (_STEP_LINE.match(paragraph) or _parallel(
            above[above.rfind("\n") + 1:], paragraph)):
        sentences = [x for x in SENTENCE_SPLIT.split(paragraph) if x.strip()]
        candidates.append(sentences[-1] if sentences else paragraph)
    opening = _BOLD_LABEL.match(before)
    if opening and opening.end() < len(before):
        candidates.append(opening.group())
    return any(_states_other(before, statement, value, reader)
               and not _other_nodes(statement, chosen.text) for statement in candidates)


_NODE_WORD = re.compile(r"\b(?:nodes?|vertex|vertices)\b", re.I)
_NODE_ID = re.compile(r"(?<![^\W_])(?:\d+|[A-Z])(?![^\W_])")
# A step of working, not a statement of the answer: "Step 3: count = 5", "Queue: [4, 7]".
_STEP_LINE = re.compile(r"[ \t*_#>-]*+(?:(?:step|iteration|round|pass|stage)[ \t]*\d"
                        r"|(?:queue|stack|frontier)\b)", re.I)
_EMPHASIS_MARKS = re.compile(r"[*_`]")


def _label_of(line: str) -> str | None:
    verb = _STATES.search(line)
    return _EMPHASIS_MARKS.sub("", line[:verb.start()]).strip().lower() if verb else None


def _parallel(previous: str, line: str) -> bool:
    """Is ``line`` one of a run of lines that state the same thing of different nodes
    ("**Neighbors of node 1:** 0, 3, 5, 9\n**Neighbors of node 6:** 2, 3, 8, 9", "N(1) =
    {0, 3}\nN(6) = {2, 3}")? Such a run is working laid out per node, not an answer."""
    mine, theirs = _label_of(line), _label_of(previous)
    if not mine or not theirs or mine == theirs or not _NODE_ID.search(mine):
        return False
    return _NODE_ID.sub("#", mine) == _NODE_ID.sub("#", theirs)


def _subject_nodes(sentence: str) -> set[str]:
    """The nodes a statement is about: the ids named after "node" before its verb ("The
    common neighbors of node 1 and node 6 are ..." is about 1 and 6)."""
    verb = _STATES.search(sentence)
    subject = sentence[:verb.start() if verb else 0]
    named = _NODE_WORD.search(subject)
    return set(_NODE_ID.findall(subject, named.end())) if named else set()


def _other_nodes(statement: str, answer: str) -> bool:
    """Is the statement about other nodes than the answer says it is about
    ("**Neighbors of node 6:** 2, 3, 8, 9" above "**Final Answer:** The common neighbors
    of node 1 and node 6 are 3 and 9")? Then it is working, not a second answer. An answer
    that does not say what it is about leaves the statement a rival."""
    about = _subject_nodes(statement.strip())
    answered = _subject_nodes(answer.strip())
    return bool(about) and bool(answered) and about != answered


# "Check: 10 → 5 ✓, 5 → 2, 3 ✓": the answer checked against the graph, not stated
_CHECK_LINE = re.compile(r"[✓✔✗✘❌]|\A[\W_]*(?:(?:sanity[ \t]+)?check(?:ing)?|verif(?:y|ication))"
                         r"[ \t*_]*:", re.I)
_RULES = re.compile(r"^[ \t]*(?:[-*_][ \t]*){3,}$", re.M)  # "---": a rule between the two
_BOLD_LABEL = re.compile(r"[ \t]*\*\*[^*\n]{1,40}:[^\n]*\*\*[ \t]*(?=\n)")
_APPROX = re.compile(r"≈|\\approx\b")
_ARROW_RUN = re.compile(r"\d[ \t]*(?:→|->|⟶|=>)[ \t]*\d")
_NUMBER_RUN = re.compile(r"\d[ \t*_]*,[ \t]*(?:and[ \t]+)?\d")
_STATES_AS = re.compile(r"\b(?:we|I) (?:get|got|have|find|found|obtain)\b", re.I)


def _states_other(before: str, statement: str, value: Any, reader: Reader) -> bool:
    """Does ``statement`` (a sentence of ``before``) state another value of the asked
    quantity, with no correction after it? Working ("Bridges = 9 - 6."), another quantity
    ("Node 4 has 3 neighbours.") and a restated question ending in ":" are no statements."""
    opening = statement.strip()
    if (not opening or len(opening) > 240 or "\n" in opening or opening.endswith((":", "?"))
            or CUE.search(before, max(0, before.rfind(opening)))
            or _WORKING.search(opening) or ";" in opening or _CHECK_LINE.search(opening)):
        return False
    verbs = (list(_STATES.finditer(opening)) or list(_GRAPH_HAS.finditer(opening))
             or list(_STATES_AS.finditer(opening)))
    stated = opening[verbs[-1].end():] if verbs else ""
    stated = _APPROX.split(stated)[-1]  # "= 1/ln 2 ≈ 1.4427": the value it comes to
    if not stated.strip() or len(_WORDS.findall(_DIGITS.sub(" ", stated))) > 3:
        return False  # a remark ("The edge (0, 4) has weight 2, and 4-7 is another path.")
    said = reader(stated, True)
    if said is ABSENT or said is None or _key(reader(opening, False)) != _key(said):
        return False  # the statement names other things too, or not what is asked
    if isinstance(said, list) and len(said) > 1 and all(isinstance(x, str) for x in said):
        return False  # several category names: the reasoning weighs them
    if _about_other(opening[:verbs[-1].start()], stated, said, value):
        return False
    if isinstance(said, bool) or (not isinstance(value, list) and (
            _NUMBER_RUN.search(stated) or _ARROW_RUN.search(stated))):
        return False  # "Degrees: 2, 3, 3, 2." lists working values, "The longest path is
        # 3 → 0 → 5 → 1 → 8" a walk: neither states a count
    if isinstance(said, Real) and isinstance(value, Real) and math.isclose(
            said, value, rel_tol=0.01, abs_tol=0.005):
        return False  # "≈ 1.4427" then "Answer: 1.44": the same value, rounded
    if isinstance(said, list) and isinstance(value, list) and not getattr(
            reader, "unordered", False):
        # lists are compared as written: the same edges in another order are another
        # traversal; a tour closed back to its start is the same tour (sets: any order)
        return said != value and not _same_tour(said, value)
    return _differs(said, value)


# "Only one neighbour is labelled IR.": evidence about the neighbours, not the answer's label.
_EVIDENCE_SUBJECT = re.compile(r"\bneighbo(?:u)?rs?\b|\bcit(?:es|ed|ing|ations?)\b|\blink(?:s|ed)\b"
                               r"|\breferenc(?:es|ed)\b", re.I)
_WAYPOINT = re.compile(r"\A[\W_]*(?:through|via|past|by way of)\b", re.I)
_NAMED_NODE = re.compile(r"\b(?:nodes?|vertex|vertices)\b", re.I)
_QUANTITY = re.compile(r"\b(?:min(?:imum)?|max(?:imum)?|total|length|weight|cost|distance|radius"
                       r"|diameter|size|number|count|sum|eccentricity|degree|value)\b", re.I)


def _about_other(subject: str, stated: str, said: Any, value: Any) -> bool:
    """A statement of one item before a marked answer of several is about something else:
    a step on the way ("The cheapest is through node 27." before "Answer: [11, 27, 9]") or
    a quantity written as a bare number ("The minimum is 27.", "The radius is 3." before
    the tour or the centre); "The center is node C." before "Answer: {C, F}" is another
    answer. A category named of the neighbours ("Only one neighbour is labelled IR.") is
    evidence, not the answer's label."""
    if not (isinstance(said, list) and isinstance(value, list)):
        return False
    if said and all(isinstance(x, str) for x in said):
        return bool(_EVIDENCE_SUBJECT.search(subject))
    if len(said) != 1 or len(value) < 2:
        return False
    if _WAYPOINT.match(stated):
        return _key(said[0]) in {_key(x) for x in value}
    return not _NAMED_NODE.search(stated) and bool(_QUANTITY.search(subject)) and (
        _key(said[0]) not in {_key(x) for x in value})


_CLAUSES = re.compile(r",|\b(?:and|because|since|as|requires?|if|when|while|but|although"
                      r"|though|which|so)\b", re.I)


def _restated_otherwise(body: str, chosen: Region, value: Any, reader: Reader | None) -> bool:
    """A verdict restated as its opposite right after it, with no correction marker
    ("Answer: No\n\nThe graph contains a cycle: 0-2-6-0." to "Does the graph contain a
    cycle?"): two answers. Only the first sentence after the answer is weighed, as a
    restatement; reasons further on are not answers."""
    if reader is None or not isinstance(value, bool):
        return False
    settled = _settled(chosen)
    rest = body[settled:settled + 300]
    first = next((x for x in SENTENCE_SPLIT.split(rest) if _WORD.search(x)), "")
    if not first or CUE.search(first) or _CLAUSES.search(first):
        return False  # a reason of several clauses ("3 and 8 have odd degree, and a circuit
        # requires ...") argues; it does not restate
    said = reader(first, False)
    return isinstance(said, bool) and said != value


# A closing summary after the marked answer ("In summary, the spectral gap is 1.87.",
# "Summary: the graph has 5 connected components.") states the answer again: another value
# there, with no correction between, is a second final answer.
_SUMMARY = re.compile(r"(?:^|(?<=[.!?]))[ \t#*_>]*(?:in summary|summary|to summari[sz]e"
                      r"|to sum up|in conclusion|conclusion|to conclude|in short|overall"
                      r"|all in all|tl;?dr)\b[ \t*_]*[:,—–-]?", re.I | re.M)


def _summary_differs(body: str, chosen: Region, value: Any, reader: Reader | None) -> bool:
    """Does a summary after the chosen answer state another value for what was asked? Only
    what its first verb states counts: a summary about one node, or its reason's numbers,
    states no rival answer."""
    if reader is None:
        return False
    settled = _settled(chosen)
    summary = next(reversed(list(_SUMMARY.finditer(body, settled, settled + _TAIL))), None)
    if summary is None or CUE.search(body, settled, summary.end()):
        return False
    sentence = next((x for x in SENTENCE_SPLIT.split(body[summary.end():]) if x.strip()), "")
    if CUE.search(sentence):
        return False
    if isinstance(value, bool):  # a verdict is read from its own word, not from claims
        said = _CLOSING_VERDICT.match(sentence)
        return said is not None and (said[1].lower() == "yes") != value
    verbs = [m for m in (_STATES.search(sentence), _GRAPH_HAS.search(sentence),
                         _STATES_AS.search(sentence)) if m is not None]
    verb = min(verbs, key=lambda m: m.start()) if verbs else None
    if verb is not None and _DIGITS.search(sentence, 0, verb.start()):
        return False  # about one node ("Node 0: degree 2, node 1: degree 3"), not the answer
    # what it says the quantity is, without the reason ("since node 2 is 3 hops away")
    stated = _CLAUSE_STOP.split(sentence[verb.end():])[0] if verb else ""
    said = reader(stated, True) if stated.strip() else ABSENT
    if said is ABSENT or said is None:
        return False
    if isinstance(value, Real) and isinstance(said, Real):
        return not math.isclose(said, value, rel_tol=0.01, abs_tol=0.005)
    return _differs(said, value)


# "Yes.\n\nReasoning: ... node 6 has no edges, so no, the graph is not connected.": the
# explanation ends on the other verdict, with no correction cue; two answers.
_CONCLUDED_VERDICT = re.compile(r"\b(?:so|thus|therefore|hence)\b[ \t,]*(yes|no)\b"
                                r"(?=[ \t]*(?:[,.;:!—–-]|\Z))", re.I)


# "The center node is a course page.\n\nReasoning: ...\n\nClassification: student": the
# explanation closes on a labelled answer line of its own; another value there is a second
# final answer.
_LABELLED_LINE = re.compile(
    r"^[ \t#*_>]*(?:final[ \t]+)?(?:classification|class|category|label|prediction|predicted"
    r"[ \t]+(?:class|label|category)|result)[ \t*_]*:[ \t*_]*(\S[^\n]*)$", re.I | re.M)


def _concludes_otherwise(answer: str, explanation: str, reader: Reader | None) -> bool:
    if reader is None:
        return False
    start = max(0, len(explanation) - 1000)
    verdicts = list(_CONCLUDED_VERDICT.finditer(explanation, start))
    lines = list(_LABELLED_LINE.finditer(explanation, start))
    if not verdicts and not lines:
        return False
    given = reader(answer, True)
    if verdicts and isinstance(given, bool):
        return given != (verdicts[-1][1].lower() == "yes")
    said = reader(lines[-1][1], True) if lines else ABSENT
    if given in (ABSENT, None) or said in (ABSENT, None) or isinstance(given, bool):
        return False
    if isinstance(given, Real) and isinstance(said, Real):
        return not math.isclose(said, given, rel_tol=0.01, abs_tol=0.005)
    return _differs(said, given)


def _bare(body: str, thinking: str, size: int, reader: Reader | None) -> Region | NoAnswer:
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
            return _bare(body[:restating.start()], thinking, size, reader)
        return NoAnswer("cut off before committing to an answer")
    kept = strip_questions(body)
    asked = tail(body).rstrip()[len(kept):]
    if not kept.strip() or (asked and (_CAN_DO.match(SENTENCE_SPLIT.split(kept.rstrip())[-1])
                                       or _OFFERS_TO_ANSWER.search(asked))):
        # "I can compute it, but it means summing over all 36 pairs. Shall I go on?"
        return NoAnswer("a question back instead of an answer")
    kept = _without_aside(kept)  # "0–1, 2–3. (Edge 1–3 closes a cycle.)"
    kept = _without_check_block(kept, reader)
    kept = without_method_note(kept)  # "… but an exact value would require 18 eigenvalues"
    kept = _without_walk_aside(kept, reader)  # "… needs 4 edges (2 → 6 → 9 → 13 → 15)."
    if not kept.strip():
        return NoAnswer("a method instead of an answer")
    last = last_paragraph(kept)
    sentences = [s for s in SENTENCE_SPLIT.split(last) if s.strip()]
    if sentences and UNFINISHED.search(sentences[-1]):
        return NoAnswer("stopped before committing to an answer")
    if PROVISIONAL.search(_heading_line(kept, last)):
        return NoAnswer("a provisional answer, given so far")
    whole = last_paragraph(body)
    if refuses(last) or (whole != last and refuses(whole[-2000:])):
        return NoAnswer("refused to answer")
    if offers_alternatives(last) or _cases_side_by_side(last, reader):
        return NoAnswer("several answers offered, none chosen")
    stated = value_sentence(last)
    valued = _valued_paragraph(kept, last, reader)
    if is_hedge(_hedge_scope(valued, value_sentence(valued)), _values_of(reader)):
        resolved = _resolution(last, reader)
        if resolved is None:
            return NoAnswer("hedged between answers")
        return Region(resolved, False, "resolution", BARE, len(body) - len(resolved),
                      len(body), thinking)
    if (unsure(last_paragraph(body)) and not _turned_down(last_paragraph(body))
            and not _elided_working(last_paragraph(body), reader)
            or TENTATIVE.search(stated) or value_asked(stated)):
        return NoAnswer("hedged between answers")
    if is_instruction(stated.split("\n")[-1]):
        return NoAnswer("a method instead of an answer")
    if (restated_differently(tail(kept, size // 2)) or _bare_values_differ(last, reader)
            or _statements_differ(kept, reader) or _opening_answer_differs(kept, reader)
            or _conclusion_differs(kept, reader)):
        return NoAnswer("two different final answers")
    kept = QUESTION.sub(" ", tail(kept, size // 2))
    cues = list(CUE.finditer(kept, max(0, len(kept) - len(last))))
    if cues:
        after = kept[cues[-1].end():]
        if _CHECKING.search(cues[-1].group()) and _CHECK_CUT.search(after):
            # "That's 4. Hmm, let me double check {2,3,5}: 2-3 yes, 3-5 yes, 2-5"
            return NoAnswer("cut off while checking the answer")
        if retracted(kept[cues[0].start():]):
            return NoAnswer("answer retracted without a new one")
        if len(cues) > 1 and not _WORD.search(after):
            return NoAnswer("left hesitating")  # "Yes — wait, no — hmm."
        after = _past_question(after, reader)
        if isinstance(after, NoAnswer):
            return after
        sentences = [] if after is _SETTLED else [
            s for s in SENTENCE_SPLIT.split(after) if s.strip()]
        if after is _SETTLED:
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
        elif _offered(after, reader):
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
    if reader is not None and _doubts_item(last_paragraph(kept), reader(kept, False), reader):
        return NoAnswer("doubt about an item of the answer")
    first = _answered_first(body, kept, reader)
    if first is not None:
        return Region(first, False, "opening", BARE, 0, len(first), thinking)
    return Region(kept, False, "text", BARE, len(body) - len(kept), len(body), thinking)


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
                            + r"(?![^.!?\n]{0,3}(?:→|->|,[ \t]*\d))", re.I)  # (not a path or list)


_STATING = re.compile(r"\b(?:is|are|was|were|equals?)\b|=|\bha(?:s|ve)[ \t]+(?:a[ \t]+)?"
                      r"(?:total[ \t]+)?[a-z]+(?:[ \t]+of)?\b(?=[ \t]*[-+.\d])", re.I)


def _answered_first(body: str, kept: str, reader: Reader | None) -> str | None:
    """A number stated first and explained after ("**Diameter: 4**" and then "The longest
    shortest path is between node 0 and node 7 (0-2-5-6-7)."; "..., the shortest distance
    from node 0 to node 5 is 8. The path is 0 → 1 → 3 → 5."): the numbers of the
    explanation (ids, a path, the counts it comes from) are not the answer, unless a later
    sentence states the same quantity again or concludes on a value. The opening names
    its quantity ("diameter", "clustering coefficient"; not "the answer")."""
    if reader is None or len(body) > _TAIL or CUE.search(body):
        return None
    text = body.strip()
    first = text.split("\n")[0]
    first = next((x for x in SENTENCE_SPLIT.split(first) if x.strip()), first)
    rest = text[text.find(first) + len(first):]
    if not rest.strip() or len(first) > 200 or "?" in first or _INPUT_FACT.match(first) or (
            _STEP_LABEL.match(first) or value_like(text[text.rfind("\n") + 1:])
            or _WORKING.search(first) or (_PERSON.search(first) and not _expository(first))
            or TENTATIVE.search(first) or unsure(first) or is_hedge(first, _values_of(reader))):
        return None  # (a value alone on the last line closes on it)
    label = _OPENING_LABEL.fullmatch(first.strip(" \t*_.").strip())
    verb = None if label else _STATING.search(first)  # "is 8", "= 8", "has capacity 5"
    if label is None and verb is None:
        return None
    subject, value = (label[1], label[2]) if label else (
        first[:verb.start()], _CLAUSE_STOP.split(first[verb.end():])[0])
    if not _NUMBER_FIRST.match(value):
        return None  # "Step 0: count the triangles; there are 1 ...": no number stated
    opened = reader(value, True)
    if isinstance(opened, bool) or not isinstance(opened, Real) or _WORKING.search(
            value) or _NUMBER_RUN.search(value):
        return None
    final = reader(kept, False)
    if not isinstance(final, Real) or math.isclose(final, opened, rel_tol=0.01, abs_tol=0.005):
        return None  # the end says the same
    named = {w[:4] for w in _NAME_WORD.findall(subject.lower())} - _NOT_SUBJECT - _FORM_WORDS
    if not named:
        return None
    for sentence in SENTENCE_SPLIT.split(rest):
        if reader(sentence, False) in (ABSENT, None):
            continue
        if _CONCLUDES_ON.search(sentence) or named & _subject(sentence) or (
                _states_number(sentence) or _GRAPH_HAS.match(sentence)):
            return None  # the quantity stated again, a conclusion, another number stated
    return first


_ASIDE = re.compile(r"\([^()\n]*\)")
_CLAUSE_START = re.compile(r"[,;:]|\b(?:and|but|so|then)\b", re.I)
_QUANTIFIED = re.compile(r"[ \t*_]*(?:some|several|many|most|all|both|no|none of|each|a few"
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
    if reader is None or len(body) > _TAIL:
        return None  # (an answer given first is followed by a short explanation)
    paragraphs = _PARAGRAPHS.split(body.strip(), 1)
    if len(paragraphs) < 2:
        return None
    opening, rest = paragraphs[0].strip(), paragraphs[1]
    if (len(opening) > _OPENING_MAX or not _FINISHED.search(opening) and not value_like(opening)
            or is_truncated(opening) or unclosed(opening) or "?" in opening
            or CUE.search(opening) or _STEP_LABEL.match(opening)
            or (_PERSON.search(opening) and not _expository(opening))
            or refuses(opening) or unsure(opening) or TENTATIVE.search(opening)
            or value_asked(opening) or offers_alternatives(opening)
            or is_hedge(opening, _values_of(reader))):
        return None
    value = reader(opening, False)
    if value in (ABSENT, None):
        return None
    line = opening.split("\n")[-1]
    if not value_like(opening) and (len([s for s in SENTENCE_SPLIT.split(line) if s.strip()]) > 1
                                    or not (_STATES.search(line) or _GRAPH_HAS.match(line)
                                            or isinstance(value, bool))):
        return None  # "Start at node 0.", "Greedy: start with 1. Add 2.": working
    if not _EXPLAINING.match(rest) or (_INPUT_FACT.match(opening) and not isinstance(value, bool)):
        return None  # the next step of working, or a fact of the graph on the way
    if (CUE.search(rest) or RETRACTION.search(rest) or refuses(rest) or unsure(rest)
            or DOUBT.search(rest) or ANSWER_DOUBT.search(rest)
            or (_PERSON.search(rest) and not _expository(rest))):
        return None
    sentences = [s for s in SENTENCE_SPLIT.split(rest) if s.strip()][:-1]  # the cut one
    if any(_CONCLUDES.search(s) and _states_other(rest, s, value, reader) for s in sentences):
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


def _valued_paragraph(text: str, last: str, reader: Reader | None) -> str:
    """The last paragraph holding a value of the asked type: a hedge sits next to the
    value, so a bound in a closing justification without one ("(0, 5), (1, 4)" and then
    "Each edge covers at most 2 nodes, so we need at least 2 edges.") hedges nothing."""
    if reader is None or len(last) > _TAIL // 2 or reader(last, False) not in (ABSENT, None):
        return last
    paragraphs = [p for p in _PARAGRAPHS.split(tail(text)) if p.strip()]
    for paragraph in paragraphs[-2:-_MAX_COMMITMENTS:-1]:
        if reader(paragraph, False) not in (ABSENT, None):
            return paragraph
    return last


# "(If you wanted it normalized, that would be 0.75, but the question asks for the
# centrality itself.)": a closing aside that sets the other reading aside itself.
_TURNED_DOWN = re.compile(r"\A[ \t]*\([^()]*\bbut\b[^()]{0,80}\b(?:the question|the task"
                          r"|(?:was|is|were|are) asked|asks|we want)\b[^()]*\)[.!]?\s*\Z", re.I)


def _turned_down(paragraph: str) -> bool:
    if len(paragraph) >= 400 or CUE.search(paragraph) or not _TURNED_DOWN.match(paragraph):
        return False
    # what the question asks for is not the other reading again ("If the graph is directed
    # it would be 0.25, but the question asks for the directed case." endorses it)
    other, _, asked = paragraph.rpartition(" but ")
    return not ({w[:5] for w in _NAME_WORD.findall(other.lower())} & {
        w[:5] for w in _NAME_WORD.findall(asked.lower())} - _ASKING_WORDS)


_ASKING_WORDS = frozenset(("the", "quest", "asks", "for", "and", "that", "this", "you",
                           "task", "itsel", "value", "wante", "was", "asked", "what", "its"))


# An offer to work the answer out, put before a question back: what it can do, not a value.
_CAN_DO = re.compile(r"\W*I (?:can|could)(?: certainly| easily| definitely)? (?:compute"
                     r"|calculate|work out|determine|find|count|list|give)\b"
                     r"(?![^.\n]*(?:[:=]|\b(?:is|are)\b))", re.I)


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
    sentences = [x for x in SENTENCE_SPLIT.split(paragraph) if x.strip()][-_MAX_COMMITMENTS:]
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
    r"|\b(?:that|this|it)(?:'s| is) my (?:final )?answer\b|\bI stand by (?:it|that|this)\b",
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
        not before.strip() or _key(reader(before, True)) != _key(value))


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
    return value in (ABSENT, None) or _key(value) != _key(reader(paragraph, False))


def _closes_on_value(text: str, reader: Reader) -> bool:
    paragraphs = [p for p in _PARAGRAPHS.split(tail(text).strip()) if p.strip()]
    if paragraphs and _elided(paragraphs[-1], reader):
        return False
    after: list[str] = []
    # closing paragraphs without a value follow the answer ("Wait, the pair 2-5 is missing.")
    while len(paragraphs) > 1 and len(after) < _MAX_COMMITMENTS and reader(
            paragraphs[-1], False) in (ABSENT, None):
        after[:0] = SENTENCE_SPLIT.split(paragraphs.pop())
    sentences = [s for s in SENTENCE_SPLIT.split(paragraphs[-1]) if s.strip()] if (
        paragraphs and "\n" not in paragraphs[-1].strip()) else []  # a list or table: its lines
    last = len(sentences) - 1  # the value is looked for among the last few sentences
    valued = next((i for i in range(last, max(-1, last - _MAX_COMMITMENTS), -1)
                   if reader(sentences[i], False) not in (ABSENT, None)), None)
    if valued is not None:
        after[:0] = sentences[valued + 1:]
    # a bare cue left where a correction was cut away ("... is 4. Hmm, ") says nothing
    after = [s for s in after if _WORD.search(CUE.sub(" ", s))]
    if after and _agrees(after[-1]):
        return True  # "Wait, does (3, 4) exist? Yes. Good, the circuit is correct."
    return all(_aside(s) for s in after)


# Closing pleasantries of chat models address the reader without touching the answer.
_PLEASANTRY = re.compile(r"\b(?:let me know|(?:I )?hope (?:this|that|it) helps|feel free"
                         r"|happy to (?:help|explain)|glad to help)\b", re.I)


def _agrees(sentence: str) -> bool:
    return bool(_AGREES_WITH_IT.search(sentence) or CONFIRM.search(sentence))


def _aside(sentence: str) -> bool:
    """A sentence after the value that leaves it standing."""
    if sentence.lstrip().startswith("(") or _agrees(sentence) or _PLEASANTRY.search(sentence):
        return True
    announced = _CHECK_ANNOUNCED.match(sentence)  # "Let me check: (2, 5) is in the list."
    if announced and passed_check(announced.group(), sentence[announced.end():]):
        return True
    return not (sentence.rstrip().endswith("?") or (
        _PERSON.search(sentence) and not _expository(sentence)) or CUE.search(sentence))


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


# A closing paragraph that checks the answer above it: "Check each edge:\n- (0, 1): 1 ✓",
# "Every edge is covered: 0-1 (1), 1-2 (1), ...".
_CHECK_BLOCK = re.compile(
    r"\n[ \t]*\n[ \t#*_>]*(?:let(?:'s|[ \t]+(?:us|me))[ \t]+)?(?:(?:double[- ]?|sanity[ \t]+)?"
    r"check(?:ing|ed)?|verif(?:y|ying|ied|ication))\b[^\n:]{0,40}:"
    r"|\n[ \t]*\n[ \t#*_>]*(?:every|each|all(?:[ \t]+the)?)[ \t]+edges?[ \t]+(?:is|are)[ \t]+"
    r"covered\b", re.I)
_CHECK_PASSES = re.compile(r"[✓✔✅]|\b(?:covered|ok|okay|valid|holds|satisfied)\b", re.I)
_CHECK_FAILS = re.compile(r"[✗✘❌?]|\*\*|\b(?:not|no|missing|uncovered|fails?|wrong|but"
                          r"|better|worse|instead|alternative)\b", re.I)


def _without_check_block(text: str, reader: Reader | None) -> str:
    """``text`` without a closing paragraph that checks the answer given above it
    ("**Vertex cover:** {1, 3, 4}\n\nCheck each edge:\n- (0, 1): 1 ✓ ..."): the ids of the
    checked edges are not the answer. A check that fails, doubts, corrects or concludes
    on a value of its own stays part of the answer text, as does one with no answer
    above it."""
    if reader is None or len(text) > _TAIL:
        return text
    heads = list(_CHECK_BLOCK.finditer(text))
    if not heads:
        return text
    block = text[heads[-1].start():]
    if CUE.search(block) or _CONCLUDES.search(block) or _CHECK_FAILS.search(block) or (
            not _CHECK_PASSES.search(block)):
        return text  # (no tick: "Checking each node's degree: ..." is working, not a check)
    above = text[:heads[-1].start()]
    return above if reader(above, False) not in (ABSENT, None) else text


def _without_aside(text: str) -> str:
    """``text`` without its closing aside, check note ("Double-checked: 15 = 6·5/2 ✓") or
    alternative turned down, unless the aside revises or doubts the answer ("1-2-6 (or
    1-5-6; both have length 2)", "6 (... so actually 5)")."""
    for pattern in (_CHECK_NOTE, _REJECTED):
        note = pattern.search(text)
        if note and note.start() and not (CUE.search(note.group()) or _CONCLUDES.search(
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


def _resolution(text: str, reader: Reader | None) -> str | None:
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
    if is_hedge(last, _values_of(reader)) or TENTATIVE.search(last) or value_asked(last) or reader(
            last, False) in (ABSENT, None):
        return None
    return last


# A closing sentence about several candidates at once ("Both have size 3.").
_ABOUT_SEVERAL = re.compile(r"\b(?:both|either (?:one|of)|each of (?:these|them|those|the "
                            r"two)|any of (?:these|them|those|the two))\b", re.I)


# "It depends ..." opening a paragraph makes the values after it cases, not answers.
_DEPENDS = re.compile(r"\b(?:it|this|that|the (?:answer|count|result|value)) (?:really |all )?"
                      r"(?:depends|would depend)\b(?! on (?:nothing|no\b))", re.I)


def _hedge_scope(paragraph: str, stated: str) -> str:
    """Where a hedge of a bare answer would be: its value sentence, or, when the last
    sentence speaks of several candidates at once, the sentence before it as well."""
    sentences = [s for s in SENTENCE_SPLIT.split(paragraph) if s.strip()]
    if len(sentences) > 1 and _ABOUT_SEVERAL.search(sentences[-1]):
        return "\n".join(sentences[-2:])
    depends = _DEPENDS.search(paragraph) if len(sentences) > 2 else None
    if depends and sum(bool(_NUMBER.search(s)) for s in SENTENCE_SPLIT.split(
            paragraph[depends.end():])) >= 2:
        return paragraph  # "It depends on X. Undirected: 3. Directed: 8."
    return stated


def _bare_values_differ(paragraph: str, reader: Reader | None) -> bool:
    """Two bare values in a row that disagree ("Yes. No.", "5\n6", "Yes, it is connected.
    No, it is not."): no final one."""
    if reader is None or len(paragraph) > 400 or "\n" in paragraph.strip() or CUE.search(
            paragraph):
        return False
    read = [reader(s, True) for s in SENTENCE_SPLIT.split(paragraph)
            if s.strip() and (value_like(s) or _VERDICT_FIRST.match(s))]
    read = [v for v in read if v is not ABSENT and v is not None]
    if len({_key(v) for v in read}) <= 1:
        return False
    return not _parts_of(reader(paragraph, False), read)


def _parts_of(whole: Any, parts: list[Any]) -> bool:
    """Are the sentences' values pieces of the one list the paragraph reads ("From 3: 2,
    4. From 4: 5, 8." as one tree), not rival answers ("[1, 2]. [1, 3].")?"""
    if not isinstance(whole, list) or not all(isinstance(p, list) for p in parts):
        return False
    items = [repr(x) for x in whole]
    pieces = [repr(x) for p in parts for x in p]
    return any(items[i:i + len(pieces)] == pieces for i in range(len(items) - len(pieces) + 1))


# A sentence that opens with its verdict: "No, it is not connected."
_VERDICT_FIRST = re.compile(r"[ \t*_]*(?:yes|no|true|false)[ \t*_]*[,.!;:—–-]", re.I)
_PARAGRAPHS = re.compile(r"\n[ \t]*\n")
_CONCLUDES = re.compile(r"\b(?:so|thus|hence|therefore|final(?:ly)?|overall|in (?:total|all))\b",
                        re.I)


_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CONTENT_WORD = re.compile(r"[a-z]{4,}")


def _statements_differ(text: str, reader: Reader | None) -> bool:
    """A reply of a few one-line statements whose last two state one number each for the
    same quantity, differently, with nothing marking the last as a conclusion or a
    correction ("There are 3 triangles.\n\nTotal triangles: 4"): two final answers."""
    if reader is None or len(text) > 400:
        return False
    paragraphs = [p.strip() for p in _PARAGRAPHS.split(text)
                  if p.strip() and not _RULES.fullmatch(p.strip())]  # "---" separates
    last_two = paragraphs[-2:]
    if not 2 <= len(paragraphs) <= 3 or any(
            "\n" in p or len(SENTENCE_SPLIT.split(p)) > 1 for p in last_two):
        return False
    if CUE.search(text) or _CONCLUDES.search(paragraphs[-1]):
        return False
    for definition, name in _GLOSSARY:
        last_two = [definition.sub(name, p) for p in last_two]
    if all(len(_NUMBER.findall(p)) == 1 for p in last_two):
        words = [set(_CONTENT_WORD.findall(p.lower())) for p in last_two]
    else:  # lists: the same subject stated twice ("BFS edges: ..." / "The BFS tree is ...")
        words = [_subject(p) for p in last_two]
    if not {w for w in words[0] & words[1] if not w.isdigit()}:
        return False  # not the same quantity ("Mary is friends with James" names a node)
    values = [reader(p, False) for p in last_two]
    return ABSENT not in values and None not in values and _differs(values[0], values[1])


# The conclusion of working written after the answer: "…, so the average is 3.67".
_SO = re.compile(r"\b(?:so|thus|hence|therefore)\b[\s,]*+", re.I)
_NAME_WORD = re.compile(r"[a-z]{3,}")


def _conclusion_differs(text: str, reader: Reader | None) -> bool:
    """A short reply that states a quantity first and closes its working on a different
    value of the same quantity, with no correction cue ("The average degree of node 5 is
    3.5. Its neighbours have degrees 3, 4 and 4, so the average is 3.67."): two final
    answers, not a correction."""
    if reader is None or len(text) > 600 or CUE.search(text):
        return False
    sentences = [x for x in SENTENCE_SPLIT.split(text.strip()) if x.strip()]
    if len(sentences) < 2:
        return False
    first, conclusions = sentences[0], list(_SO.finditer(sentences[-1]))
    # the conclusion of working in its sentence ("degrees 3, 4 and 4, so ..."); a sentence
    # that opens on "So the girth: 5" is a final statement, which the correction rule reads
    if not conclusions or not _NUMBER.search(sentences[-1], 0, conclusions[-1].start()) \
            or len(_NUMBER.findall(first)) > 2:
        return False
    concluded = sentences[-1][conclusions[-1].end():]
    named = {w[:4] for w in _NAME_WORD.findall(first.lower())} - _NOT_SUBJECT
    if len(_NUMBER.findall(concluded)) != 1 or not named & _subject(concluded):
        return False
    values = [reader(first, False), reader(concluded, False)]
    return ABSENT not in values and None not in values and _differs(values[0], values[1])


# Quantities restated by their definition ("The diameter is 4." / "The longest shortest path
# ... has length 5."): one quantity for the check above.
_GLOSSARY = [(re.compile(pattern, re.I), name) for pattern, name in (
    (r"\blongest[ \t]+shortest[ \t]+path\b|\b(?:largest|maximum)[ \t]+eccentricity\b", "diameter"),
    (r"\b(?:smallest|minimum)[ \t]+eccentricity\b", "radius"),
    (r"\bshortest[ \t]+cycle\b", "girth"))]
# What a one-sentence statement is about: its words (and node ids) before the verb.
_SUBJECT = re.compile(r"[^\n]{0,80}?(?=\b(?:is|are|includes?|consists? of|has (?:length"
                      r"|size|weight))\b|[:=])", re.I)
_SUBJECT_WORD = re.compile(r"[a-z]{3,}|\d+")
_ANAPHOR = re.compile(r"[\W_]*+(?:this|that|these|those|it|its|they|their)\b", re.I)
_SUM = re.compile(r"\d\s*[+*/×=]\s*\d")
_NOT_SUBJECT = frozenset(("the", "and", "for", "with", "from", "this", "that", "ther", "grap",
                          "its", "all", "here", "answ", "fina"))


def _subject(statement: str) -> set[str]:
    """Empty for a remark on the answer before it ("This path has weight 3 + 2 = 5")."""
    m = _SUBJECT.match(statement)
    if m is None or _ANAPHOR.match(statement) or _SUM.search(statement):
        return set()
    return {w[:4] for w in _SUBJECT_WORD.findall(m.group().lower())} - _NOT_SUBJECT


# An answer-first opening line of bare text: a labelled value ("Periphery: [0, 2, 3, 8]",
# "BFS edges: (1, 2), (1, 3)") or a verdict ("Yes, node 0 can reach node 3."); and a closing
# paragraph that states the answer again ("So the periphery is {0, 8}.", "In conclusion:
# No, ..."). Different, with no correction between them, they are two final answers.
_OPENING_LABEL = re.compile(r"[ \t#*_>]*([A-Za-z][\w'\-]{0,20}(?: [\w'\-]{1,20}){0,3})[ \t*_]*:"
                            r"[ \t*_]*(\S.*)")  # a label of up to four words
_CLOSING_VERDICT = re.compile(
    r"[ \t#*_>]*(?:(?:in conclusion|in summary|to sum up|to summari[sz]e|overall|conclusion"
    r"|to conclude|(?:final )?verdict|summary|so|thus|therefore|hence)[ \t*_]*[:,]?[ \t*_]*)?"
    r"(yes|no)[ \t*_]*(?:[,.!;:—–-]|\Z)",
    re.I)
# Nouns of the answer's form, not of the quantity ("BFS edges" and "the BFS tree" are one).
_FORM_WORDS = frozenset(("edge", "tree", "node", "vert", "list", "set", "orde", "sequ"))


def _only_named_in(subject: str, opened: list, reader: Reader) -> bool:
    """Does an opening name only the nodes its subject is about (a definition in terms of
    the question's own nodes, not an answer)?"""
    about = reader(subject, False) if subject.strip() else ABSENT
    return isinstance(about, list) and {repr(x) for x in opened} <= {repr(x) for x in about}


def _opening_answer_differs(text: str, reader: Reader | None) -> bool:
    """Does bare text open with an answer and, after its working, close on a different
    statement of the same quantity, with no correction between? Two final answers: the
    grader cannot tell which one the model meant."""
    if reader is None or len(text) > _TAIL:
        return False
    paragraphs = [p.strip() for p in _PARAGRAPHS.split(text.strip()) if p.strip()]
    # (three paragraphs at least: an opening, its working, a closing; "The girth is 4.\n\nSo
    # the girth: 5" concludes at once, and two lone statements are weighed elsewhere)
    if len(paragraphs) < 3 or "\n" in paragraphs[0] or len(paragraphs[0]) > 200 or CUE.search(
            text) or _CONTRAST.search(text, len(paragraphs[0])):
        return False  # ("Path: 0 → 1 → 7 (weight 12)\n\nBut 0 → 2 → 7 weighs 9.": weighed)
    first, closing = paragraphs[0], paragraphs[-1]
    verdict = _VERDICT_FIRST.match(first) or re.fullmatch(r"[ \t*_]*(?:yes|no)[ \t*_.!]*", first,
                                                            re.I)
    if verdict is not None:
        said = _CLOSING_VERDICT.match(closing)
        opened = re.match(r"[ \t*_]*(yes|no)", first, re.I)
        return bool(said and opened) and said[1].lower() != opened[1].lower()
    label = _OPENING_LABEL.fullmatch(first)
    if label is not None:
        subject, value = label[1], label[2]
    else:  # a one-sentence statement: "The periphery is {0, 2, 3, 8}."
        verb = _IS.search(first) if len(SENTENCE_SPLIT.split(first)) == 1 else None
        if verb is None:
            return False
        subject, value = first[:verb.start()], _CLAUSE_STOP.split(first[verb.end():])[0]
    if _WORKING.search(value) or _DEFINITION.match(value):
        return False  # "are the people who are friends with Thomas" defines; it names none
    opened = reader(value, True)
    final = reader(closing, False)
    if opened in (ABSENT, None) or final in (ABSENT, None) or isinstance(opened, bool):
        return False
    if not isinstance(opened, list) and _NUMBER_RUN.search(value):
        return False  # "Degrees: 2, 3, 3, 2" lists working values, it states no count
    if isinstance(opened, list) and opened and _only_named_in(subject, opened, reader):
        return False  # "The neighbors of Thomas are the people who are friends with Thomas."
    # the label's words and ids ("Neighbours of 0"); a sentence's words ("Node 0 is adjacent
    # to 1 and 2" names no quantity)
    words = (_SUBJECT_WORD if label is not None else _NAME_WORD).findall(subject.lower())
    named = {w[:4] for w in words} - _NOT_SUBJECT - _FORM_WORDS
    sentences = [x for x in SENTENCE_SPLIT.split(closing) if x.strip()]
    stated = next((x for x in reversed(sentences) if reader(x, False) not in (ABSENT, None)), "")
    names = isinstance(opened, list) and all(isinstance(x, str) for x in opened)
    if not (names and _LABELLED_LINE.fullmatch(stated.strip())) and (
            not named or not named <= _subject(stated)):
        return False  # the closing sentence is about something else ("Edges: ..." may echo
        # the input; a category named is stated by a labelled line)
    if isinstance(opened, Real) and isinstance(final, Real):
        return not math.isclose(opened, final, rel_tol=0.01, abs_tol=0.005)
    return _differs(opened, final)  # (in another order: the same items, read as one)


_NAME_WORD = re.compile(r"[a-z]{3,}")
_CONTRAST = re.compile(r"(?:^|(?<=[.!?]))[ \t*_]*(?:but|however|though)\b", re.I | re.M)
_IS = re.compile(r"\b(?:is|are|was|were|equals?)\b", re.I)
# An opening that defines instead of answering: "the people who are friends with Thomas",
# "a set of nodes where no two nodes are adjacent" (no value, however it reads).
_DEFINITION = re.compile(r"[ \t*_]*(?:(?:the|those|all|any)[ \t]+(?:[a-z]+[ \t]+){0,2}?(?:who|that"
                         r"|which|whose|such)|an?[ \t]+(?:[a-z]+[ \t]+){0,3}?(?:where|in which"
                         r"|such that))\b", re.I)
_CLAUSE_STOP = re.compile(r"[:;]|\s[—–-]\s|\b(?:because|since|as|which|but)\b", re.I)


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
    block = _json_block(strip_questions(body) if len(body) <= _TAIL else body)
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
