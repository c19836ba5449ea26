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

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from graphgauge.scoring.region import ABSENT as _ABSENT
from graphgauge.scoring.region import NoAnswer, final_region, read_answer


def answer_region(text: str) -> str:
    """The text of the final committed answer region ("" when there is none); see
    graphgauge.scoring.region for the grading rule."""
    region = final_region(text)
    return "" if isinstance(region, NoAnswer) else region.text


def _read(text: Any, reader: Callable[[str, bool], Any]) -> Any:
    value = read_answer(text, reader)
    return None if isinstance(value, NoAnswer) else value


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
