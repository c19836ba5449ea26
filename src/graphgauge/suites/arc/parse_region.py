"""Where a GraphARC answer states its graph: after the reasoning block, in the last
``<answer>`` tag or after the last answer marker, from the last "G describes a graph"
statement to the end of its colour sentence or the explanation that follows; and when it
states none that counts (a graph put as a guess, two different unlabelled graphs). An
echo of the test input is blanked first: it is neither an answer nor a second one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graphgauge.scoring.guards import mentions
from graphgauge.scoring.signals import TENTATIVE
from graphgauge.suites.arc.rule import COLOURS

_THINK_OPEN = re.compile(r"<\s*(?:think|thinking|reasoning)\s*>", re.I)
_THINK_END = re.compile(r"</\s*(?:think|thinking|reasoning)\s*>", re.I)
_TAG = re.compile(r"<\s*answer\s*>(.*?)(?:<\s*/\s*answer\s*>|$)", re.I | re.S)
_FENCE = re.compile(r"```[\w+-]*[ \t]*\n?(.*?)```", re.S)
_MARKER = re.compile(
    r"(?:^|\n)[ \t>#*_-]*(?:final\s+|test\s+|the\s+)?(?:answer|output(?:\s+graph)?|"
    r"result(?:ing)?\s+graph|transformed\s+graph|corrected\s+(?:output|answer|graph))"
    r"[ \t*_]*(?:\([^)\n]{0,40}\))?[ \t*_]*:"
    r"|\b(?:so|thus|therefore|hence)?,?[ \t]*the\s+(?:final\s+|correct\s+)?(?:output|answer)"
    r"(?:\s+graph)?\s+(?:is|would\s+be|will\s+be)\b[ \t]*:?", re.I)
_MARKER_WORDS = ("answer", "output", "graph")  # one of them is in every _MARKER
_START = re.compile(r"\b[A-Za-z]\w*\s+describes\s+a\s+graph\b", re.I)
_CORRECTION = re.compile(r"\b(?:wait|actually|correction|oops|let\s+me\s+(?:re-?check|recount|"
                         r"fix|correct)|on\s+second\s+thought|i\s+made\s+a\s+mistake)\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?\n])")
NUMBER = re.compile(r"\d")


# --- a very long answer: the part that can hold its graph ----------------------------------

LONG = 8_000  # an answer longer than this (every corpus answer is shorter) is cut
TAIL = 4_000  # characters of an unanchored ramble's end that can hold its answer
HEAD = 2_000  # and of its start (an answer put first, then explained at length)
_GRAPH_LINE = 300  # a line of a graph block: a number within at most this many characters


def long_answer_part(text: str) -> str:
    """A very long answer (over ``LONG`` characters) cut to the part that can hold its
    committed graph, so that reading it costs what its graph costs, not what its ramble
    costs (~1 us a character): from the line before its first answer anchor after the
    reasoning block (the block's end, an ``<answer>`` tag, an answer marker, a code block,
    "G describes a graph"), however long the rest; with no anchor, its first ``HEAD`` and
    last ``TAIL`` characters, each widened to the whole block of graph lines (short lines
    with a number, blank lines between) the cut falls in, cut inside a longer line only at
    a sentence end (a one-line edge list is read whole). Text that stops inside its
    reasoning block is kept as it is."""
    if len(text) <= LONG:
        return text
    ends = list(_THINK_END.finditer(text))
    if not ends and _THINK_OPEN.search(text[:200]):
        return text
    after = ends[-1].start() if ends else 0
    anchors = [after] if ends else []
    for pattern, words in ((_FENCE, ("```",)), (_TAG, ("answer",)), (_MARKER, _MARKER_WORDS),
                           (_START, ("describes",))):
        # only an anchor before the first one found so far moves the cut: a tag, marker or
        # graph statement is looked for up to 500 characters past it
        end = min(anchors) + 500 if anchors and pattern is not _FENCE else len(text)
        found = pattern.search(text, after, end) if mentions(text, words) else None
        anchors += [] if found is None else [found.start()]
    if anchors:
        line = text.rfind("\n", 0, min(anchors))
        return text[text.rfind("\n", 0, max(line, 0)) + 1:]  # from the line before
    head, tail = _head_end(text), _tail_start(text)
    if head >= tail or not text[head:tail].strip():
        return text
    return text[:head] + "\n\n" + text[tail:]


def _line_around(text: str, at: int) -> tuple[int, int]:
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


def _tail_start(text: str) -> int:
    cut = len(text) - TAIL
    line, end = _line_around(text, cut)
    if _is_graph_line(text, line, end):  # widen to the start of the block of graph lines
        return line - _GRAPH_LINES.match(text[:line][::-1]).end()  # lines read backwards
    sentence = _SENTENCE_START.search(text, cut, end)
    return line if sentence is None else sentence.end()  # a one-line list is read whole


def _head_end(text: str) -> int:
    line, end = _line_around(text, HEAD)
    if _is_graph_line(text, line, end):  # widen to the end of the block of graph lines
        return _GRAPH_LINES.match(text, end).end()
    sentence = _SENTENCE_START.search(text, HEAD, end)
    return end if sentence is None else sentence.start()


_SENTENCE_START = re.compile(r"(?<=[.!?])[ \t]+(?=\S)")


# After a line break, the graph lines that follow it, each with its line break: what
# _is_graph_line says of one line, for a whole block at C speed (its lines read the same
# backwards, so one pattern widens a block both ways)
_GRAPH_LINES = re.compile(rf"(?:\n(?:[^\S\n]*|(?=[^\n]{{0,{_GRAPH_LINE}}}(?![^\n]))[^\n\d]*\d"
                          r"[^\n]*)(?![^\n]))*")


def _is_graph_line(text: str, start: int, end: int) -> bool:
    return not text[start:end].strip() or (end - start <= _GRAPH_LINE
                                           and NUMBER.search(text, start, end) is not None)


def after_thinking(text: str) -> str:
    """The text after the reasoning block; empty when it stops inside one."""
    ends = list(_THINK_END.finditer(text))
    if ends:
        return text[ends[-1].end():]
    return "" if _THINK_OPEN.search(text[:200]) else text


_OPTION_ID = r"(?:[A-D1-4]|one|two|three)\b"
_OPTION_LABEL = re.compile(r"(?:^|\n|(?<=[.!?])[ \t]+)[ \t#*_>-]*(?:option|alternative|candidate"
                           r"|interpretation)[ \t]*(?P<id>" + _OPTION_ID + r")[^\n:]{0,60}?[:)]",
                           re.I)
_OPTION_CHOSEN = re.compile(r"\b(?:option|alternative|candidate|interpretation)[ \t]*(?P<id>"
                            + _OPTION_ID + r")[ \t*_]*(?:is|seems)[ \t]+(?:the[ \t]+)?(?:correct"
                            r"|right|final|better|intended|one)\b|\b(?:go(?:ing)?[ \t]+with"
                            r"|choose|pick|prefer|select)[ \t]+(?:option|alternative|candidate"
                            r"|interpretation)[ \t]*(?P<id2>" + _OPTION_ID + r")", re.I)


def _chosen_option(text: str) -> str:
    """"Option 1: G describes ... Option 2: G describes ... so Option 1 is the correct
    one": the text of the option chosen after the labelled options (``text`` when none
    is)."""
    if not mentions(text, ("option", "alternative", "candidate", "interpretation")):
        return text
    labels = list(_OPTION_LABEL.finditer(text))
    if len(labels) < 2:
        return text
    chosen = [m for m in _OPTION_CHOSEN.finditer(text, labels[-1].end())]
    if not chosen:
        return text
    want = (chosen[-1]["id"] or chosen[-1]["id2"]).lower()
    for i, label in enumerate(labels):
        if label["id"].lower() == want:
            end = labels[i + 1].start() if i + 1 < len(labels) else chosen[-1].start()
            return text[label.start():end]
    return text


def graph_region(text: str, same: Callable[[str, str], bool] | None = None) -> str | None:
    """The part of ``text`` holding the committed answer: after the reasoning block
    (nothing when the text stops inside it), the last non-empty ``<answer>`` tag, else
    from the last answer marker ("Final answer:", "Output graph:", "the output is"),
    else the last code block, else everything; then from the last "G describes a graph"
    in it, plus any explicit correction after the tagged answer. None when that graph
    is put tentatively ("probably ...: G describes"), or when an untagged answer states
    two different graphs (``same`` tells whether two statements read alike) with nothing
    saying which one is the output."""
    text = after_thinking(text)
    marked = False
    tags = [m for m in _TAG.finditer(text) if m.group(1).strip()]
    if tags:
        after = text[tags[-1].end():]
        fixes = list(_CORRECTION.finditer(after))
        # an explicit correction after the tagged answer wins over it
        text = tags[-1].group(1) + ("\n" + after[fixes[0].start():] if fixes else "")
    else:
        markers = [m for m in _MARKER.finditer(text) if not _points_back(text, m.end())] \
            if mentions(text, _MARKER_WORDS) else []
        fences = [m for m in _FENCE.finditer(text) if m.group(1).strip()]
        if markers and text[markers[-1].end():].strip():
            text = text[markers[-1].end():]
            marked = True
        elif fences:
            text = _fence_group(text, fences)
    if not tags:
        text = _chosen_option(text)
    starts = list(_START.finditer(text)) if mentions(text, ("describes",)) else []
    if starts and not tags and (_tentative(text, starts[-1].start())
                                or _two_outputs(text, starts, same)):
        return None
    lead = _colour_lead(text, starts[-1].start()) if starts and marked else ""
    text = text[starts[-1].start():] if starts else text
    region = text if tags else lead + _before_reasoning(text)
    # "... (3,4). Maybe the following nodes are colored: 0 (blue), 4 (blue)?": a part of
    # the graph only asked about is no answer
    return None if _ASKED_PART.search(region) else region


# "So the output graph is the graph described above.", "Thus the answer is as shown
# above": a marker that points back at a graph already written marks no new answer, so
# the graph before it is read, not the words after it.
_BACK = re.compile(r"(?:(?!\bnot\b|n't)[^.!?\n\d]){0,80}?\b(?:above|previous(?:ly)?|earlier"
                   r"|preceding|before)\b", re.I)


def _points_back(text: str, end: int) -> bool:
    rest = text[end:end + 400]
    return len(text) - end <= 400 and not NUMBER.search(rest) and not _PAINTED.search(rest) \
        and _BACK.match(rest) is not None


_PAINTED = re.compile(r"\b(?:" + "|".join(c for c in COLOURS if c != "grey") + r")\b", re.I)


def _colour_lead(text: str, start: int) -> str:
    """"So the output is the test graph with nodes 2, 1, 3 blue.\nG describes ...": when
    the graph statement after an answer marker names no colour, the colours the marker's
    sentence gives are its colours (returned to be read with it)."""
    lead = text[:start].rstrip().rsplit("\n", 1)[-1]  # the sentence leading into it
    if not _PAINTED.search(lead) or _PAINTED.search(text, start) \
            or re.search(r"colou?red|\bcolou?rs?\b", text[start:], re.I):
        return ""
    return lead + "\n"


# A graph only raised as a possibility ("Maybe: G describes ...", "It might be this one:",
# "Perhaps the output is") or offered as a guess ("My best guess: G describes ...") is not
# committed to: the core readers' tentative words (scoring.signals.TENTATIVE) decide here as
# everywhere, so "My best guess is 5" and "My best guess: G ..." read alike. A lean or
# doubt about a graph the text does put forward ("I'm not confident, but here is the
# output:", "Probably: ...") still commits to it, as "Not confident, but I'd say 5" does.
# (what TENTATIVE leaves out: "possibly", "could be", "may well be", "I don't know why")
_ONLY_POSSIBLE = re.compile(r"\b(?:possibly|(?:might|could|may)[ \t]+(?:\w+[ \t]+)?be|I[ \t]+"
                            r"(?:really[ \t]+)?(?:don'?t|do[ \t]+not)[ \t]+know)\b", re.I)


_ASKED_PART = re.compile(r"(?:^|[.!:\n][ \t]*)(?:maybe|perhaps|possibly)\b[^.!?\n]{0,400}\?", re.I)


def _tentative(text: str, start: int) -> bool:
    """Is the sentence that leads into the graph statement only a possibility or a guess?"""
    lead = text[max(0, start - 300):start]
    lead = re.split(r"[.!?\n]\s", lead)[-1]
    return bool(_ONLY_POSSIBLE.search(lead) or TENTATIVE.search(lead))


# Words that tell an echoed input from the output, or mark the later graph as the answer.
_INPUT_LABEL = re.compile(r"\b(?:input|original|given|before)\b", re.I)
_TRANSITION = re.compile(r"\b(?:output|answer|result\w*|so|thus|therefore|hence|after|becomes?"
                         r"|final|apply\w*|transform\w*|now|then|instead|corrected|new)\b", re.I)


def _two_outputs(text: str, starts: list[re.Match], same: Callable[[str, str], bool] | None
                 ) -> bool:
    """Two "G describes a graph" statements, neither labelled (input, output, a
    correction, a choice after them), that read as different graphs: two final answers,
    no answer."""
    if len(starts) < 2 or same is None:
        return False
    before, last = starts[-2].start(), starts[-1].start()
    if (_INPUT_LABEL.search(text, max(0, before - 80), before)
            or _TRANSITION.search(text, before) or _CORRECTION.search(text, before)):
        return False  # "Option 2 is the final answer" after them chooses too
    return not same(text[before:last], text[last:])


# "Reasoning:", "**Why:**" after the answer explains it: its node and edge mentions
# (removed nodes, the input's edges) are not part of the output, unless it corrects.
_REASONING = re.compile(r"\n[ \t#>_-]*(?:reasoning|explanation|justification|rationale|why"
                        r"|how|because)\b[^\n:]{0,30}:", re.I)


# The last sentence of the paper's format: what follows it explains the graph.
_COLOUR_SENTENCE = re.compile(r"\b(?:the[ \t]+following[ \t]+nodes[ \t]+are[ \t]+colou?red"
                              r"[ \t]*:[^.\n]*|no[ \t]+nodes?[ \t]+(?:are|is)[ \t]+colou?red)"
                              r"[ \t]*(?:\.|(?=\n)|\Z)", re.I)


def _before_reasoning(text: str) -> str:
    first = NUMBER.search(text)
    heading = _REASONING.search(text, first.end()) if first else None
    if _START.match(text):
        closing = _COLOUR_SENTENCE.search(text)
        if closing and (heading is None or closing.end() < heading.start()):
            return text if _CORRECTION.search(text, closing.end()) else text[:closing.end()]
    if heading is None or _CORRECTION.search(text, heading.end()):
        return text
    return text[:heading.start()]


_LABEL = re.compile(r"[^\n]{0,80}\n?[ \t]*\Z")


def _fence_group(text: str, fences: list[re.Match]) -> str:
    """The last code block with the blocks just before it that only a short label line
    separates from it ("Edges:\n```...```\nColours:\n```...```" is one answer), each
    with its label."""
    first = len(fences) - 1
    while first and _LABEL.fullmatch(text, fences[first - 1].end(), fences[first].start()):
        first -= 1
    parts = []
    for i in range(first, len(fences)):
        start = fences[i - 1].end() if i > first else text.rfind("\n", 0, fences[i].start()) + 1
        parts.append(text[start:fences[i].start()] + "\n" + fences[i].group(1))
    return "\n".join(parts)


def without_echoes(text: str) -> str:
    """``text`` with the test input it restates blanked ("The test input: G describes
    ... Output: G describes ..."): an echo is no answer, so it neither competes with the
    output as a second final answer nor is read as one."""
    if not mentions(text, ("describes",)):
        return text
    starts = [m.start() for m in _START.finditer(text)]
    spans = []
    for here, after in zip(starts, starts[1:], strict=False):
        label = text[max(0, here - 80):here].rsplit("\n", 1)[-1]
        if _INPUT_LABEL.search(label) and not _TRANSITION.search(label):
            line_end = text.find("\n", here, after)  # the echo's line, else its sentences
            end = line_end if line_end > 0 else text.rfind(". ", here, after) + 1
            spans.append((here, end if end > here else after))
    return blank(text, spans)


def blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` replaced by spaces (positions kept)."""
    if not spans:
        return text
    parts, at = [], 0
    for start, end in sorted(spans):
        if end > at:
            parts += [text[at:max(at, start)], " " * (end - max(at, start))]
            at = end
    return "".join(parts) + text[at:]
