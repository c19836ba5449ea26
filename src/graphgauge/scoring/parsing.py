"""Tolerant answer parsers.

Models wrap answers in reasoning, boxes, tags, markdown and prose. Each parser walks the
*answer regions* of a text in priority order and lets the first region that holds any
candidate (a number, a yes/no word, a node id, an "empty" word) decide: so a final answer
beats numbers mentioned in the reasoning, and a final answer of the wrong shape ("3.5" for
an integer) is reported unparsable instead of falling back to some earlier number.

A parser never raises: it returns ``None`` when nothing usable is there, so that
unparsable answers are counted apart from wrong ones.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

# --- normalisation ---------------------------------------------------------------------

_CHARS = str.maketrans({"\u2212": "-", "\u2009": " ", "\u202f": " ", "\xa0": " ",
                        "\u200b": ""})
# LaTeX spellings of values, rewritten to the plain text the readers below understand.
_LATEX = [
    (re.compile(r"\\[dt]?frac\s*\{\s*([^{}]*?)\s*\}\s*\{\s*([^{}]*?)\s*\}"), r"\1/\2"),
    (re.compile(r"\\(?:text\w*|math\w*|operatorname)\s*\{([^{}]*)\}"), r"\1"),
    (re.compile(r"(?<=\d)(?:\{,\}|\\,)(?=\d{3})"), ","),
    (re.compile(r"\\(?:left|right|displaystyle)(?![a-z])|\\[\[\]()]"), " "),
    (re.compile(r"\\([{}])"), r"\1"),
    (re.compile(r"\\(?:long)?(?:right|Right)arrow|\\to\b|\\mapsto"), "→"),
    (re.compile(r"\\(?:emptyset|varnothing)"), "∅"),
    (re.compile(r"\\(?:[,;:!]|q?quad\b)"), " "),
]
_THINKING_END = re.compile(r"</\s*(?:think|thinking|reasoning)\s*>", re.I)


def _normalize(text: str) -> str:
    """Plain-text spelling of the answer, without the thinking block of a reasoning model
    when an answer follows it: guesses made while thinking are not the answer."""
    ends = list(_THINKING_END.finditer(text))
    if ends and text[ends[-1].end() :].strip():
        text = text[ends[-1].end() :]
    text = text.translate(_CHARS)
    for pattern, repl in _LATEX:
        # Text commands nest (\text{\textbf{5}}): a second pass unwraps the outer one.
        text = pattern.sub(repl, pattern.sub(repl, text))
    return text


# --- answer regions ----------------------------------------------------------------------

_TAG_OPEN = re.compile(r"<\s*(?:final[_ ]?)?answer\s*>", re.I)
_TAG_CLOSE = re.compile(r"<\s*/\s*(?:final[_ ]?)?answer\s*>", re.I)
_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_BRACE = re.compile(r"[{}]")
# "answer:", "answer is", "answer to the question is", "answer (yes/no) =", and an
# "Answer"/"Final Answer" heading ending its line; never a bare "to answer this, ...".
_MARKER = re.compile(
    r"\b(?:final\s+)?answers?(?:\s+(?:to|for)\b[^.:\n]{0,60}?)?[\s*_\"'`]{0,6}"
    r"(?:\([^()\n]{0,40}\)[ \t*_]{0,4})?"
    r"(?:is\b|was\b|(?:would|should|will|must)\s+be\b|[:=])[\s*_:]*"
    r"|(?:^|(?<=[.!?])[ \t])[ \t#*_>]*(?:final\s+)?answers?[ \t*_#:.]*$",
    re.I | re.M,
)
_EMPHASIS = re.compile(
    r"```[\w+-]*+[ \t]*+\n?(.*?)```|`([^`\n]+)`|\*\*([^\n]+?)\*\*|__([^\n]+?)__", re.S
)
_VALUE_WORDS = re.compile(r"\b(?:yes|no|true|false|none|null|empty|nodes?|edges?|and)\b",
                          re.I)
_VALUE_CHARS = re.compile(r"[\s\d.,;:()\[\]{}<>=+\-–—→⟶↔∅≈~/%$\\'\"`*_#|•eE]*")


def _value_like(text: str) -> bool:
    """Only numbers, brackets, separators and answer words: a line that continues an
    answer, or an emphasis that highlights one (not "**Step 1:**")."""
    return bool(text.strip()) and _VALUE_CHARS.fullmatch(_VALUE_WORDS.sub("", text)) is not None


def _last_tag(text: str) -> str | None:
    """The last non-blank ``<answer>…</answer>``; else what follows an unclosed last tag."""
    opens = [m.end() for m in _TAG_OPEN.finditer(text)]
    if not opens:
        return None
    closes = [m.start() for m in _TAG_CLOSE.finditer(text)]
    for close in reversed(closes):
        before = bisect.bisect_right(opens, close)
        if before and text[opens[before - 1] : close].strip():
            return text[opens[before - 1] : close]
    if not closes or opens[-1] > closes[-1]:
        tail = text[opens[-1] :]
        return tail if tail.strip() else None
    return None


def _last_boxed(text: str) -> str | None:
    """The last non-blank ``\\boxed{…}`` with balanced braces, or the tail of a truncated
    box. Blank boxes are skipped: they are echoes of "put your answer in \\boxed{}"."""
    opens = {m.end() - 1 for m in _BOX.finditer(text)}
    if not opens:
        return None
    closing, stack = {}, []
    for m in _BRACE.finditer(text, min(opens)):
        if m.group() == "{":
            stack.append(m.start())
        elif stack:
            start = stack.pop()
            if start in opens:
                closing[start] = m.start()
    for start in sorted(closing, reverse=True):
        if text[start + 1 : closing[start]].strip():
            return text[start + 1 : closing[start]]
    last = max(opens)
    if last not in closing and text[last + 1 :].strip():
        return text[last + 1 :]
    return None


def _block_after(text: str, pos: int) -> str:
    """The answer after a marker: the rest of its line (or the next non-blank line) plus
    the following lines that continue it, such as bullet items of an edge list."""
    lines: list[str] = []
    while pos <= len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line, pos = text[pos:end], end + 1
        if not line.strip():
            if lines:
                break
            continue
        if lines and not _value_like(line):
            break
        lines.append(line)
    return "\n".join(lines)


def _last_emphasis(text: str) -> str | None:
    spans = [next(g for g in m.groups() if g is not None) for m in _EMPHASIS.finditer(text)]
    values = [s for s in spans if _value_like(s)]
    return values[-1] if values else None


def _regions(text: str) -> Iterator[tuple[str, bool]]:
    """Candidate answer regions, best first, each flagged *explicit* when the model
    delimited it (then its first value counts; in the bare text, the last one does).

    A tag or a box is authoritative: nothing else is looked at. Markers are tried from
    the last one back, so a note after the answer ("the answer is verified") or a
    "to answer: ..." in the reasoning does not hide the real answer.
    """
    for finder in (_last_tag, _last_boxed):
        found = finder(text)
        if found is not None:
            yield found, True
            return
    for marker in reversed(list(_MARKER.finditer(text))):
        yield _block_after(text, marker.end()), True
    emphasis = _last_emphasis(text)
    if emphasis is not None:
        yield emphasis, True
    yield text, False


def answer_region(text: str) -> str:
    """The part of ``text`` that most likely holds the final answer.

    Priority: the last ``<answer>`` tag, the last ``\\boxed{}``, the text after the last
    "answer:"/"answer is" marker, the last emphasised value (bold, code), else the text.
    """
    if not isinstance(text, str):
        return ""
    text = _normalize(text)
    return next((region for region, _ in _regions(text) if region.strip()), text)


_ABSENT = object()  # a region without any candidate: try the next region


def _read(text: Any, reader: Callable[[str, bool], Any]) -> Any:
    if not isinstance(text, str):
        return None
    for region, explicit in _regions(_normalize(text)):
        value = reader(region, explicit)
        if value is not _ABSENT:
            return value
    return None


def _pick(items: list, explicit: bool):
    return items[0] if explicit else items[-1]


# --- numbers -----------------------------------------------------------------------------

# Optional sign (not after a word: "node-1", "3-5"), thousands separators, decimals,
# scientific notation and a fraction "3/4". Not glued to words ("K4", "5th").
_NUMBER = re.compile(
    r"(?<![^\W_])(?<!\.)(?P<sign>[-+])?(?P<int>\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+)"
    r"(?:\.(?P<frac>\d+))?(?:[eE](?P<exp>[-+]?\d+))?(?:\s*/\s*(?P<den>\d+)(?![\d.]))?"
    r"(?![^\W_])"
)
_MAX_DIGITS, _MAX_EXPONENT = 4000, 400


def _number_value(match: re.Match) -> Fraction | None:
    """The exact value of a number token; None when absurd (1e999, 0 denominators)."""
    frac = match["frac"] or ""
    digits = match["int"].replace(",", "") + frac
    exp, den = match["exp"] or "0", match["den"] or "1"
    if len(digits) > _MAX_DIGITS or len(den) > _MAX_DIGITS or len(exp) > 6:
        return None
    if abs(int(exp)) > _MAX_EXPONENT or int(den) == 0:
        return None
    value = Fraction(int(digits)) * Fraction(10) ** (int(exp) - len(frac)) / int(den)
    return -value if match["sign"] == "-" else value


def _read_number(region: str, explicit: bool) -> Any:
    numbers = list(_NUMBER.finditer(region))
    return _number_value(_pick(numbers, explicit)) if numbers else _ABSENT


def parse_int(text: str) -> int | None:
    """An integer; a non-integral final number ("3.5") is unparsable, not 3."""
    value = _read(text, _read_number)
    return int(value) if value is not None and value.denominator == 1 else None


def parse_float(text: str) -> float | None:
    value = _read(text, _read_number)
    try:
        return None if value is None else float(value)
    except OverflowError:
        return None


# --- yes / no ----------------------------------------------------------------------------

_BOOL = re.compile(r"\b(yes|no|true|false)\b", re.I)
_BOOL_CHOICE = re.compile(r"\b(?:yes\s*(?:/|or)\s*no|true\s*(?:/|or)\s*false)\b", re.I)
# In bare text only a yes/no that stands on its own counts: "No, ..." or "... yes." but
# not the determiner in "there is no path".
_BOOL_ALONE = re.compile(r"^[\W_]*(yes|no|true|false)\b|\b(yes|no|true|false)[\W_]*$", re.I | re.M)


def _read_bool(region: str, explicit: bool) -> Any:
    region = _BOOL_CHOICE.sub(" ", region)
    if explicit:
        words = [m.group(1) for m in _BOOL.finditer(region)]
    else:
        words = [m.group(1) or m.group(2) for m in _BOOL_ALONE.finditer(region)]
    return words[0 if explicit else -1].lower() in ("yes", "true") if words else _ABSENT


def parse_bool(text: str) -> bool | None:
    return _read(text, _read_bool)


# --- node and edge lists -------------------------------------------------------------------
# Node ids are non-negative, so "-" is always a separator here ("node-1", "0-3-5").

_DIGITS = re.compile(r"\d+")
_MAX_ID_DIGITS = 12
_EMPTY = re.compile(
    r"\[\s*\]|\{\s*\}|(?<![\w)])\(\s*\)|∅|(?<![\w-])(?<!not )(?:none|null|nil|empty)\b"
    r"|\bno\s+(?:such\s+)?(?:nodes?|edges?|vertex|vertices)\b",
    re.I,
)
_EXAMPLE = re.compile(r"(?:e\.\s?g\.|for example|for instance|such as)[\s,:\[{(]*$", re.I)
_LIST_BODY = r"(?:[\s\d,;'\"*\-–—=>→⟶]|nodes?\b)*"
_LIST_KINDS = (  # tried in order: the format asked for first, tuples last
    (re.compile(rf"\[({_LIST_BODY})\]", re.I),
     re.compile(r"(?<!\d)\d+(?:\s*(?:[-–—]+>|=+>|[→⟶⇒])\s*\d+)+")),
    (re.compile(rf"\{{({_LIST_BODY})\}}", re.I),),
    (re.compile(rf"(?<![\w)])\(({_LIST_BODY})\)", re.I),),
)
_RUN_GAP = re.compile(r"(?:[\s,;&'\"*\-–—=>→⟶]|and\b|then\b|nodes?\b)*", re.I)


def _is_example(text: str, start: int) -> bool:
    """Is the list at ``start`` an echo of the instruction's "e.g., [0, 3, 7]"?"""
    return _EXAMPLE.search(text, max(0, start - 20), start) is not None


def _empty_answer(region: str, explicit: bool) -> bool:
    """Does the region answer "nothing": "[]", "None", "∅" before any node id, or (in bare
    text) as the last line?"""
    digit = _DIGITS.search(region)
    if explicit:
        empty = _EMPTY.search(region)
        return empty is not None and (digit is None or empty.start() < digit.start())
    lines = [line for line in region.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    return digit is None or (_EMPTY.search(last) is not None and not _DIGITS.search(last))


def _ids(tokens: list[str]) -> list[int] | None:
    """Node ids, or None when a "node" has more digits than any graph has nodes."""
    if any(len(t) > _MAX_ID_DIGITS for t in tokens):
        return None
    return [int(t) for t in tokens]


def _prose_run(region: str, explicit: bool) -> list[int] | None:
    """The longest run of ids joined only by separators ("nodes 1, 2 and 3", "0-3-5") on
    the first (explicit) or last line holding a number."""
    lines = [line for line in region.splitlines() if _DIGITS.search(line)]
    line = _pick(lines, explicit)
    tokens = list(_DIGITS.finditer(line))
    runs = [[tokens[0]]]
    for prev, token in zip(tokens, tokens[1:], strict=False):
        if _RUN_GAP.fullmatch(line, prev.end(), token.start()):
            runs[-1].append(token)
        else:
            runs.append([token])
    longest = max(len(run) for run in runs)
    run = _pick([run for run in runs if len(run) == longest], explicit)
    return _ids([t.group() for t in run])


def _read_nodes(region: str, explicit: bool) -> Any:
    if not _DIGITS.search(region) and not _EMPTY.search(region):
        return _ABSENT
    if explicit and _empty_answer(region, True):
        return []
    for patterns in _LIST_KINDS:
        found = sorted(
            (m.start(), m.group()) for p in patterns for m in p.finditer(region)
            if not _is_example(region, m.start())
        )
        if found:
            return _ids(_DIGITS.findall(_pick(found, explicit)[1]))
    if _empty_answer(region, explicit):
        return []
    return _prose_run(region, explicit)


def parse_node_list(text: str) -> list[int] | None:
    return _read(text, _read_nodes)


_LINK = r"(?:[-–—]+>?|=+>|<-+>|[→⟶↔⇒])"
# "(0, 1)", "[0,1]", "{0 - 1}", "(0, 1, weight 3)"; an unlabeled third number only in a
# tuple, as the prompt writes weighted edges, so that "[0, 1, 2]" is not an edge.
_PAIR_GROUP = re.compile(
    rf"(?P<open>[(\[{{])\s*(?:node\s*)?(?P<u>\d+)(?:\s*(?:[,;:]|{_LINK})\s*|\s+)"
    r"(?:node\s*)?(?P<v>\d+)(?:\s*[,;]\s*(?P<label>[a-z]+)?\s*[:=]?\s*(?P<extra>[-+]?\d+"
    r"(?:\.\d+)?))?\s*[)\]}]",
    re.I,
)
_EMPTY_LIST = re.compile(r"\[\s*\]|\{\s*\}|∅")
_CHAIN = re.compile(rf"(?<!\d)(?<!\d\.)\d+(?:\s*{_LINK}\s*\d+)+(?!\.?\d)")  # not decimals
_EDGE_GAP = re.compile(
    r"(?:[\s,;&*•+|\-–—]|and\b|then\b"
    r"|\((?:weight|w|capacity|cap|c|cost)?\s*[:=]?\s*[-+]?\d+(?:\.\d+)?\))*",
    re.I,
)


def _edge_items(region: str) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """(start, end, edges) of every bracketed pair, every "0-1" / "0 -> 1 -> 2" chain and
    every empty list, so that a final "[]" beats edges mentioned in the reasoning."""
    items = [(m.start(), m.end(), []) for m in _EMPTY_LIST.finditer(region)]
    masked = list(region)
    for m in _PAIR_GROUP.finditer(region):
        if m["extra"] is None or m["label"] or m["open"] == "(":
            items.append((m.start(), m.end(), [(m["u"], m["v"])]))
            masked[m.start() : m.end()] = " " * (m.end() - m.start())
    for m in _CHAIN.finditer("".join(masked)):
        ids = _DIGITS.findall(m.group())
        items.append((m.start(), m.end(), list(zip(ids, ids[1:], strict=False))))
    return sorted(items)


def _read_edges(region: str, explicit: bool) -> Any:
    if not _DIGITS.search(region) and not _EMPTY.search(region):
        return _ABSENT
    if explicit and _empty_answer(region, True):
        return []
    clusters: list[tuple[int, list[tuple[str, str]]]] = []
    last_end = -1
    for start, end, edges in _edge_items(region):
        if clusters and _EDGE_GAP.fullmatch(region, last_end, start):
            clusters[-1][1].extend(edges)
        else:
            clusters.append((start, list(edges)))
        last_end = end
    clusters = [c for c in clusters if not _is_example(region, c[0])]
    if clusters:
        ids = _ids([x for edge in _pick(clusters, explicit)[1] for x in edge])
        return None if ids is None else list(zip(ids[::2], ids[1::2], strict=True))
    return [] if _empty_answer(region, explicit) else None


def parse_edge_list(text: str) -> list[tuple[int, int]] | None:
    return _read(text, _read_edges)
