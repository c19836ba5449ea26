"""Reading node lists and edge lists: brackets, prose, bullets, tables, JSON, ranges.

Node ids are non-negative, so "-" is always a separator ("node-1", "0-3-5"). A bracketed
list in the reasoning never outranks the prose list that answers; ranges ("0–3") are
expanded for sets only and never past the graph.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from graphgauge.scoring.guards import mentions
from graphgauge.scoring.region import ABSENT, NoAnswer
from graphgauge.scoring.sentences import MAX_CANDIDATES, answer, decisive, or_none, pick

# Node ids are non-negative, so "-" is always a separator here ("node-1", "0-3-5").

_DIGITS = re.compile(r"\d+")
_MAX_ID_DIGITS = 12
_MAX_RANGE = 10_000
class _AnyOf:
    """The earliest match of several patterns. Each keeps its literal prefix, which the
    regex engine scans for quickly; one alternation of them would try every branch at
    every position."""

    def __init__(self, *patterns: str):
        self.patterns = [re.compile(p, re.I) for p in patterns]

    def search(self, text: str, pos: int = 0) -> re.Match | None:
        found = (p.search(text, pos) for p in self.patterns)
        return min((m for m in found if m), key=lambda m: m.start(), default=None)


# Words after "no" that deny anything beyond the answer, naming no empty one ("no other
# nodes", "there is no shorter path", "no smaller cover exists").
_BEYOND = (r"more|other|further|additional|shorter|longer|smaller|larger|bigger|cheaper|better"
           r"|lighter|heavier|fewer|alternative")

# Each pattern opens with its literal or a lookahead on its first letter, so that the
# engine skips most positions of a long answer at once.
_EMPTY = _AnyOf(
    r"\[\s*\]", r"\{\s*\}", r"\((?<![\w)]\()\s*\)", r"∅",
    # ("nothing more can be added", "no other nodes": something, and no more)
    r"(?=[ne])(?<![\w-])(?<!not )(?:none|null|nil|empty|nothing)\b(?![ \t]+(?:more|else|further"
    r"|additional)\b)",
    r"(?=n)\bno\s+(?!(?:" + _BEYOND + r")\b)(?:such\s+|\w+\s+){0,2}"
    r"(?:nodes?|edges?|vertex|vertices|neighbou?rs?|members?"
    r"|elements?|bridges?|points?|paths?|leaves|leaf)\b",
    r"(?=t)\bthere (?:are|is) no\b(?![ \t]+(?:" + _BEYOND + r")\b)",
    r"(?=n)\b(?:nobody|no one|no-one)\b",
    r"(?=[tn])(?:\bthere (?:isn'?t|aren'?t|is not|are not) (?:a single|any)\b"
    r"|\bnot a single\b)",
    r"(?=[dein])\b(?:(?:does not|doesn'?t|cannot|can'?t) exist|(?:is )?impossible"
    r"|(?:is )?not possible)\b",
)
_EXAMPLE = re.compile(r"(?:e\.\s?g\.|for example|for instance|such as)[\s,:\[{(]*$", re.I)
_LIST_BODY = r"(?:[\s\d,;'\"*\-–—=>→⟶]|nodes?\b)*"
_LIST_KINDS = (  # tried in order: the format asked for first, tuples last
    (re.compile(rf"\[({_LIST_BODY})\]", re.I),
     re.compile(r"(?<!\d)\d+(?:\s*(?:[-–—]+>|=+>|[→⟶⇒])\s*\d+)+")),
    (re.compile(rf"\{{({_LIST_BODY})\}}", re.I),),
    (re.compile(rf"(?<![\w)])\(({_LIST_BODY})\)", re.I),),
)
_RUN_GAP = re.compile(r"(?:[\s,;&'\"*\-–—=>→⟶|+、和及与]|(?:and|then|nodes?|to|go|goes|going"
                      r"|finally|next|first"
                      r"|et|und|y|e|en|и|puis|dann"  # "and", "then" in other languages
                      r"|plus|also|as well as|along with|together with|in addition to"
                      r"|after|that|vertex|vertices|we|I|move|moves|back|reach"
                      r"|arrive|at|via|continue|proceed|from|on|onto|again"
                      r"|ends?|ending|finish(?:es)?|stops?)\b)*", re.I)
# A run of ids joined only by such gaps, found in one pass (the gaps hold no digits).
_RUN = re.compile(rf"\d+(?:(?:{_RUN_GAP.pattern})\d+)*", re.I)
# "v_0", "v_{12}", "$v_3$", "n5", "node5": the id.
_SUBSCRIPT = re.compile(r"\b[a-zA-Z]_\{?(\d+)\}?|\b(?:v|n|node)(\d+)\b")
# "(degree 4)", "(score 0.31)", "— degree 4": an annotation, not part of the list.
# "3 — degree 4": a dash annotates its item up to the next comma, or up to a colon that
# opens a restated list ("2, 5, 9 — the route from 0: 0, 2, 5, 9").
# ("B – E – A", "1 — 4 — 0": ids joined by spaced dashes are a path, not annotations.)
# ("all 6 nodes — 0, 1, 2, 3": a dash before a run of ids introduces the list.)
_ANNOTATION = re.compile(r"\([^()\n]*[a-zA-Z:][^()\n]*\)"
                         r"|\s[–—]\s(?!\d+(?:\s[–—]\s|[ \t]*(?:[.;]|$)"
                         r"|(?:[ \t]*,|[ \t]+and\b)[ \t]*\d))[^,\n:]*"
                         r"|(?<=\d):\s*\d*\.\d+", re.M)
_RANGE = re.compile(r"(?<![\d.])(\d{1,12})\s*(?:–|—|\.\.\.?|…|\bto\b|\bthrough\b|\bthru\b)"
                    r"\s*(?:nodes?\s*)?(\d{1,12})(?!\d|\.\d)", re.I)
# "the nodes adjacent to both node 2 and node 5": the question's nodes, not the answer's.
# "The common neighbor of nodes 3 and 27 is node 22": the subject's pair, when the verb
# that follows it states the ids.
_QUERY_NODES = re.compile(r"\b(?:of|to) both\s+(?:nodes?\s+)?\d+\s+and\s+(?:node\s+)?\d+"
                          r"|\b(?:of|between)\s+(?:nodes?\s+)?\d+\s+and\s+(?:node\s+)?\d+"
                          r"(?=[ \t]+(?:is|are|was|were)\b[^.\n\d]{0,30}\d)", re.I)
_SUBORDINATE = re.compile(r"(?:,|(?<!\s))\s*+\b(?:since|because|which|where|as|given that|meaning"
                          r"|so that|while|whereas)\b|\s[–—]\s(?!\d+(?:\s[–—]\s|[ \t]*(?:[.;]|$)))"
                          # ", and nodes 1 and 3 each touch one of them": a clause of its own
                          # about other nodes
                          r"|,[ \t]*+(?:and|but)[ \t]++(?:nodes?|vertices|vertex)[ \t]++\d++"
                          r"(?:[ \t]*+(?:,|and)[ \t]*+\d++)*+[ \t]++(?:each[ \t]++|both[ \t]++"
                          r"|all[ \t]++)?(?:is|are|has|have|was|were|lies|lie"
                          r"|touch(?:es)?|covers?|belongs?|remains?|sits?|can(?:not|'t)?)\b"
                          r"(?![ \t]++(?:also|too)\b)",
                          re.I | re.M)
# Scores, weights and percentages, never node ids.
_DECIMAL = re.compile(r"\(?\b\d+\.\d+\b\)?|\b\d++(?:\.\d+)?[ \t]*+%")
# "3 such nodes", "6 nodes in total", "its length is 2", "3 hops": a count or a
# measurement, not an id.
_COUNT = re.compile(r"\b\d++\s++(?:such\s+|other\s+|distinct\s+|different\s+)?(?:nodes|vertices"
                    r"|elements|items|members|neighbou?rs|ones|edges|hops|steps|moves)\b"
                    r"|\b\d++\s++(?:of them|in total)\b"
                    # "all 28 authors — James, ...": a count before the names
                    r"|\ball\s++(?:of\s++the\s++)?\d++\s++(?:[A-Za-z]{2,}s|people|children)\b"
                    # "Total: 23" (not "in total: 4, 1, 7")
                    r"|\btotal[ \t*_]*+[:=][ \t*_]*+\d+(?:\.\d+)?"
                    r"(?![ \t]*(?:,|and\b|→|->|-)[ \t]*\d)"
                    r"|\b(?:length|weight|costs?|distance|sum|size|(?:in-|out-)?degree"
                    r"|eccentricit(?:y|ies)|radius|diameter)"  # "Max eccentricity = 4, at 1, 5"
                    r"(?:[ \t]+(?:of[ \t]+(?:(?:the|this|that|its|our|my)[ \t]+)?\w+|is|was|equals"
                    r"|of))*"
                    r"[ \t*_]*+[:=]?[ \t*_]*+\d+(?:\.\d+)?"  # ("**Total weight:** 7")
                    # (not the first stop of a walk: "the sum of weights is 3 → 5 → 9")
                    r"(?![ \t]*(?:→|->|⟶|=>)[ \t]*\d)",
                    re.I)
# "The node with the highest degree is 3", "the path of minimum total weight is 9 → 19 →
# 24": the measure names the node or the path, not its value.
_MEASURED_THINGS = ("node", "vert", "path", "route", "walk", "tour", "cycle", "sequence")
_NODE_MEASURED = re.compile(r"(?P<head>\b(?:nodes?|vert(?:ex|ices)|paths?|routes?|walks?"
                            r"|tours?|cycles?|sequences?)[ \t]+(?:with|of)[ \t]+"
                            r"(?:the[ \t]+)?(?:[a-z-]+[ \t]+){0,2})"
                            r"(?:length|weight|costs?|distance|sum|size|(?:in-|out-)?degree"
                            r"|eccentricit(?:y|ies)|radius|diameter)"
                            r"(?P<verb>[ \t]+(?:is|are|was|were)[ \t]+(?:node[ \t]+)?\d"
                            r"|[ \t*_]*:[ \t*_]*(?:nodes?[ \t]+)?\d)", re.I)  # "...degree: 3, 5"
# ... a path's only when the ids go on ("is 9 → 19"): "the path of least weight is 7" gives
# its weight.
_LIST_GOES_ON = re.compile(r"\d*[ \t]*(?:→|->|,)[ \t]*\d")


def _measured_subject(m: re.Match[str]) -> str:
    if m["head"][0] in "nNvV" or _LIST_GOES_ON.match(m.string, m.end()):
        return m["head"] + m["verb"]
    return m.group()
# Ids given as what something is: "are 1, 2", "is {1, 2, 3}", "path: 0 → 3".
_STATES_IDS = re.compile(r"(?:\b(?:is|are|was|were|equals?)\b|[:=])[\s*_`$]*+(?:nodes?\s++"
                         r"|vertices\s++)?[\[{(]?[\s*_`$]*+\d", re.I)
_PAIR_TUPLE = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)")
_CONCLUDED = re.compile(r",?[ \t]+(?:so|thus|therefore|hence)\b[^\d()\n]*+(?=[\[{]?\d)", re.I)
_BEFORE_IDS = re.compile(r"[^\d\[\]{}()∅]*+")
_TWO_LETTERS = re.compile(r"[A-Za-z]{2}")


_SUBJECT = re.compile(r"[\W_]*\d+[ \t]+(?:is|are|has|have|was|were|can|lies|sits)\b", re.I)


def _remark(line: str) -> bool:
    """Does ``line`` name its first node in words or as the subject of a verb ("E is
    adjacent to only one of them"), not open with a list?"""
    head = _BEFORE_IDS.match(line)
    return (head.end() < len(line) and line[head.end()].isdigit()
            and _TWO_LETTERS.search(line, 0, head.end()) is not None) or bool(
        _SUBJECT.match(line))
# "Node 3 has the highest degree.": a node singled out is the answer, not a remark on the
# table of values above it (rows of an id and its value: "| 0 | 3 |", "- **0**: 3").
_SUPERLATIVE = re.compile(r"\b(?:has|have|is|are|with)[ \t]+the[ \t]+(?:\w+[ \t]+)?(?:highest|"
                          r"largest|most|lowest|smallest|fewest|greatest|maximum|minimum|best)\b",
                          re.I)
_VALUE_ROW = re.compile(r"^[ \t]*(?:[-*•+][ \t]|\|)[^\d\n]*+\d[^:|\n]*+[:|][^\d\n]*+\d", re.M)
_LIST_ALONE = re.compile(r"\s*(?:\[[\d,\s]*\]|\d+(?:\s*(?:→|->|⟶)\s*\d+)+)\s*[;.]?\s*")
# "So 0 → 3 → 5 is optimal.": a conclusion after checking alternatives, not a remark.
_CONCLUDING = re.compile(r"[\W_]*(?:so|thus|therefore|hence|finally)\b", re.I)
_ARITHMETIC = re.compile(r"(?:\d|\.\.\.|…)\s*[+*/=×]\s*(?:\d|\.\.\.|…)")  # "3 + 1 + ... = 16"
# ... unless the clause states a walk beside its sum: "is 8 -> 2 -> 5 with weight 3 + 2 = 5"
# (not "The other route, 7 → 1 → 5, costs 4 + 6 = 10", which names a walk it sets aside)
_WALK = re.compile(r"(?:\b(?:is|are|was|were)\b|:)[ \t*_]*+\d+[ \t]*(?:→|->|⟶)[ \t]*\d+"
                   r"[ \t]*(?:→|->|⟶)[ \t]*\d", re.I)
_CLAUSE = re.compile(r"(?:[^.!?\n;]|\.(?=\d)|\.{2,3}(?=[ \t]*(?:,|→|->|–|-[ \t]|[+=×*]))"
                     r"|;(?![ \t]*[A-Za-z]))*+(?:[.!?;]+|\n|$)")  # "0 → ... → 9", "3 + ... = 9"
# "1, 3, 5, ..." or "0, 1, 2, etc.": a list the model did not finish.
# "0 → ? → 5": a node the model did not know.
_PLACEHOLDER = re.compile(r"(?:[→>,\-–]|\bto)[ \t]*\?+[ \t]*(?:[→,\-–]|$)")
_UNFINISHED_LIST = re.compile(r"\d\s*+(?:(?:,|→|->|-)\s*+)?(?:\.\.\.|…|etc\b)", re.I)  # linear
# The same after an edge list: "(0, 1), (1, 2), ..." or "0-1, 1-2, …".
_ELIDED = re.compile(r"[ \t]*+,?[ \t]*+(?:\.\.\.|…)")
_ELIDED_BEFORE = re.compile(r"(?:\.\.\.|…)[ \t,]*(?:(?:up to|until|through|and|and then"
                            r"|ending with)[ \t]+)?[(\[]?\Z")
_WORDY = re.compile(r"[A-Za-z]{3}")
# An answer that says, before naming any node, that no such list exists.
# ("It isn't possible to reach 5, so ..." goes on to say what is.)
_IMPOSSIBLE = re.compile(r"\D*\b(?:(?:isn'?t|is not|not) possible|impossible"
                         r"|(?:does not|doesn'?t) exist)\b\s*(?:[:.;!,—–(]|\b(?:because|since"
                         r"|as|here|in this graph)\b|$)", re.I)
_ITEM_LINE = re.compile(r"^[ \t]*(?:[-*•+][ \t]|\(?\d+[.)][ \t]|\||(?=\d+[ \t]*$))[ \t]*(.*)$",
                        re.M)
_TABLE_RULE = re.compile(r"^[\s|:\-]+$")
# A walk written one stop a line: "Start: 2", "Step 3: node 7", "- Next: 5 (weight 2)",
# "Step 1: Start at node 0", "Step 2: From 0 go to node 5 (distance 1)".
_STEP_LINE = re.compile(
    r"^[ \t]*(?:[-*•+][ \t]+|\d+[.)][ \t]+)?[*_]*(?:(?:step|stop|hop|move)[ \t]*\d+|start(?:ing)?"
    r"(?:[ \t]+node)?|next|then|end|finally|first|last|goal|target|source|destination)[*_]*"
    r"[ \t]*[:\-–—][ \t]*[*_]*[ \t]*(?:(?:from[ \t]+(?:node[ \t]+)?\d+,?[ \t]+)?(?:go|move|walk"
    r"|continue)[ \t]+(?:on[ \t]+)?to[ \t]+|visit[ \t]+|(?:start|begin)[ \t]+(?:at|from|with)[ \t]+"
    r"|(?:reach|arrive at)[ \t]+)?(?:node[ \t]*)?"
    r"(?P<id>\d+)[ \t*_.]*+(?:\([^()\n]*\)[ \t.]*+)?$", re.I)
_HEADER_CELL = re.compile(r"\b(?:node|id|vertex)\b\s*\|", re.I)
# One node a line with its verdict: "Node 4: not in the cover", "- Node 1 ✓", "3: yes (degree
# 2)". The lines are the answer together, and a node whose verdict is negative is left out
# (read alone, the last line named one node of the set, and ✗ lines counted in).
_VERDICT_LINE = re.compile(
    r"[ \t]*+(?:[-*•+][ \t]++|\d++[.)][ \t]++)?[*_]*+(?:(?:node|vertex)[ \t]*+)?(?P<id>\d++)[*_]*+"
    r"(?:[ \t]*+[:=—–][ \t]*+|[ \t]++)[*_]*+(?P<verdict>yes|no|true|false|[✓✔✅☑✗✘❌×]"
    r"|(?:not[ \t]++)?(?:in|included|selected|chosen|kept|excluded|out|part[ \t]++of)"
    r"(?:[ \t]++[a-z]++){0,3})[*_]*+(?:[ \t]*+[.!]|[ \t]*+[(,;].*+|[ \t]++[—–-][ \t].*+)?[ \t]*+",
    re.I)
# A table cell or a line's verdict that says its node is left out ("| 1 | no |", "| 3 | ✗ |",
# "Node 4: not in the cover").
_LEFT_OUT = re.compile(r"[\s*_`]*(?:no|false|not|excluded|out|✗|✘|❌|×)[\s*_`.]*", re.I)


# (not "Node 5 is the only one with no neighbours": a node described, not an empty answer)
_SAYS_EMPTY = re.compile(r"(?<!\bwith )\bno(?![ \t]+(?:" + _BEYOND + r")\b)"
                         r"\s++(?:such\s++|\w++\s++){0,2}"
                         r"(?:nodes?|vertex|vertices"
                         r"|neighbou?rs?"
                         r"|members?|elements?|paths?|leaves|leaf)\b"
                         r"|\bthere (?:are|is) no\b(?![ \t]+(?:" + _BEYOND + r")\b)"
                         r"|\b(?:nobody|no one|no-one)\b"
                         r"|^[\s*_`\"']*+(?:none|nothing|empty)\b"

                         r"|(?:\b(?:is|are)\b|[:=])[\s*_`\"']*(?:none|nothing|empty|∅)[\s*_`\"'.!]*$",
                         re.I)


# The end of a clause, after its last id, saying the set is empty: "... ∩ N(8) = ∅.",
# "{1, 2} ∩ {4, 5} is empty".
_ENDS_EMPTY = re.compile(r"[\s)\]}*_`'\"]*+(?:(?<=\s)(?:is|are)\b|[:=])[\s*_`\"']*+"
                         r"(?:none|nothing|empty|∅|\{\s*\}|\[\s*\])[\s*_`\"'.!]*$", re.I)


_ASIDE = re.compile(r"\(\s*(?!nodes?\b|vertex\b|vertices\b|v\b)[A-Za-z]")


def _strip_asides(text: str) -> str:
    """``text`` without parenthetical remarks that open with a word ("(from edges (6, 1),
    (6, 7))"), nested brackets included; "(node 3, node 5)" is a list and stays."""
    out, pos = [], 0
    while (m := _ASIDE.search(text, pos)) is not None:
        depth, end = 0, m.start()
        for end in range(m.start(), min(len(text), m.start() + 2000)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        out.append(text[pos:m.start()])
        pos = end + 1
    out.append(text[pos:])
    return " ".join(out)


def _is_example(text: str, start: int) -> bool:
    """Is the list at ``start`` an echo of the instruction's "e.g., [0, 3, 7]"?"""
    return _EXAMPLE.search(text, max(0, start - 20), start) is not None


_NODE_HEAD = re.compile(r"[*_`\s]*(?:node|vertex|id)[*_`\s]*", re.I)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _items_as_list(region: str) -> str:
    """Bullets, numbered lines and markdown table rows as one bracketed list of the first
    id on each line (the rest of a line is its annotation: degree, score, step text); a
    table row flagged "no" in a column leaves its node out."""
    lines = region.split("\n")
    out, block = [], []

    def flush():
        if len(block) >= 2 or (block and out and not out[-1].strip()):
            out.append("[" + ", ".join(block) + "]")
        elif block:
            out.append(block[0])
        block.clear()

    column = None  # a table whose node column is not the first ("| Step | Node |")
    for line in lines:
        verdict = _VERDICT_LINE.fullmatch(line)
        if verdict is not None:
            if not _LEFT_OUT.match(verdict["verdict"]):  # "no", "✗", "not in the cover"
                block.append(verdict["id"])
            continue
        if "|" not in line:
            column = None
        elif column is None and not _DIGITS.search(line):
            heads = [i for i, c in enumerate(_cells(line)) if _NODE_HEAD.fullmatch(c)]
            column = heads[0] if len(heads) == 1 and heads[0] > 0 else None
        elif column is not None and not _TABLE_RULE.match(line):
            cells = _cells(line)
            first = _DIGITS.search(cells[column]) if column < len(cells) else None
            if first is not None:
                block.append(first.group())
                continue
        step = _STEP_LINE.match(line)
        if step is not None:
            block.append(step["id"])
            continue
        item = _ITEM_LINE.match(line)
        if item and not _TABLE_RULE.match(line):
            cells = [c for c in item.group(1).split("|") if c.strip()] if "|" in line else [
                item.group(1)]
            if len(cells) > 1 and any(_LEFT_OUT.fullmatch(c) for c in cells):
                continue
            first = _DIGITS.search(item.group(1))
            if first is not None and ("|" not in line or not _HEADER_CELL.search(line)):
                block.append(first.group())
                continue
            if _TABLE_RULE.match(line) or "|" in line:
                continue
        flush()
        out.append(line)
    flush()
    return "\n".join(out)


def _expand_ranges(region: str, limit: int | None) -> str | None:
    """"0–3" and "0 to 3" written out, never past the graph: a range longer than the graph
    keeps its end (an unknown node, so the answer is wrong); without the graph's size, a
    range over ``_MAX_RANGE`` ids is unreadable."""
    cap = limit if limit is not None else _MAX_RANGE
    total = 0

    def expand(m: re.Match) -> str:
        nonlocal total
        low, high = int(m[1]), int(m[2])
        if high < low:
            return m.group()
        if high - low > cap:
            if limit is None:
                raise OverflowError
            return f"{low}, {high}"
        total += high - low
        if total > _MAX_RANGE:
            raise OverflowError
        return ", ".join(map(str, range(low, high + 1)))

    try:
        return _RANGE.sub(expand, region)
    except OverflowError:
        return None


def _empty_answer(region: str, explicit: bool) -> bool:
    """Does the region answer "nothing": "[]", "None", "∅" before any node id, or (in bare
    text) as the last line?"""
    digit = _DIGITS.search(region)
    if explicit:
        # Only an empty word before the first id counts: no need to scan past it.
        empty = _EMPTY.search(region if digit is None else region[: digit.start() + 200])
        return empty is not None and (digit is None or empty.start() < digit.start())
    lines = [line for line in region.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    return digit is None or (_EMPTY.search(last) is not None and not _DIGITS.search(last)) or (
        _EMPTY_FIRST.match(last) is not None) or _concludes_empty(last)


_SO = re.compile(r"\b(?:so|thus|therefore|hence)\b", re.I)


def _concludes_empty(line: str) -> bool:
    """Does ``line`` conclude, after a reason that names numbers, that there is none
    ("Every node has degree at least 2, so there are no bridges.")?"""
    conclusions = list(_SO.finditer(line))
    if not conclusions:
        return False
    rest = line[conclusions[-1].end():]
    return not _DIGITS.search(rest) and _EMPTY.search(rest) is not None


# "None — the graph is 2-edge-connected.": the empty answer first, then its reason.
# An item checked off, "0-1 ✓", "(2, 5) ✔": a check of the answer, not part of it.
_TICKED = re.compile(r"[(\[]?(?<!\d)\d++[ \t]*+(?:[-–—,]|->|→)[ \t]*+\d++[)\]]?[ \t]*+[✓✔]")
_EMPTY_FIRST = re.compile(r"[\s*_`\"']*+(?:none|nothing|empty|∅|\[\s*\]|\{\s*\})[\s*_`\"']*"
                          r"(?:[.,;:!—–]|-\s|\Z)", re.I)


def _ids(tokens: list[str]) -> list[int] | None:
    """Node ids, or None when a "node" has more digits than any graph has nodes."""
    if any(len(t) > _MAX_ID_DIGITS for t in tokens):
        return None
    return [int(t) for t in tokens]


def _joined(run: list[str]) -> list[str]:
    """A walk told leg by leg ("from D to A, then from A to C") names each joint twice."""
    return [node for i, node in enumerate(run) if i == 0 or node != run[i - 1]]


def _prose_run(line: str, explicit: bool) -> list[int] | None:
    """The longest run of ids joined only by separators ("nodes 1, 2 and 3", "0-3-5",
    "go to node 6, then 2") on a line."""
    runs = [_joined(_DIGITS.findall(m.group())) for m in _RUN.finditer(line)]
    longest = max(len(run) for run in runs)
    return _ids(pick([run for run in runs if len(run) == longest], explicit))


def _bracketed(region: str, explicit: bool) -> tuple[int, str] | None:
    for patterns in _LIST_KINDS:
        found = sorted(
            (m.start(), m.group()) for p in patterns for m in p.finditer(region)
            if not _is_example(region, m.start())
        )
        if found:
            return pick(found, explicit)
    return None


# "All nodes", "every vertex", "all of them" (not "not all nodes"), and what is left out.
# Nodes added to a bracketed list right after it: "{4, 5, 6}, plus node 3 itself".
_PLUS = re.compile(r"[ \t]*,?[ \t]*(?:plus|as well as|together with|along with)[ \t]+"
                   r"(?:nodes?[ \t]+)?(\d+(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+)\d+)*+)"
                   r"(?![ \t]*(?:[-–—→>]|\d))", re.I)


_ALL_NODES = re.compile(r"(?<!not )(?<!almost )\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?"
                        r"(?:nodes?|vertices|vertex)\b|\ball of them\b", re.I)
_EXCEPT = re.compile(r"\b(?:except|but|other than|besides|apart from|excluding)\b", re.I)
# "every node is in the set or adjacent to one of them": a property of an answer named
# before, which the clause points back to, not "all nodes" as the answer.
_POINTS_BACK = re.compile(r"[^.;\n]*?\b(?:(?:one|any|some|each) of them|these|those"
                          r"|(?:the|this|that|our|my) (?:set|list|answer|selection|chosen)\b)",
                          re.I)


def _all_but(line: str, everything: Sequence[int]) -> list[int] | None:
    """"All nodes" as every node, "every node except 4 and 6" as the rest; None when the
    line names its nodes otherwise ("all nodes reachable from 3 are 4, 5")."""
    whole = _ALL_NODES.search(line)
    if whole is None:
        return None
    rest = line[whole.end():]
    left_out = _EXCEPT.search(rest)
    if left_out is not None:
        # the ids right after "except", not the question's ("… except 3 and 6 is
        # reachable from 0")
        run = _RUN.search(rest, left_out.end())
        excluded = _ids(_DIGITS.findall(run.group())) if run else []
        excluded = excluded or []
        return [node for node in everything if node not in set(excluded)]
    return None if _DIGITS.search(line) or _POINTS_BACK.match(rest) else list(everything)


def _read_nodes(region: str, explicit: bool, ranges: bool = False,
                limit: int | None = None, everything: Sequence[int] | None = None) -> Any:
    region = original = _SUBSCRIPT.sub(lambda m: m[1] or m[2], region)
    whole = everything is not None and _ALL_NODES.search(region) is not None
    if not _DIGITS.search(region) and not _EMPTY.search(region) and not whole:
        return ABSENT
    if explicit and _empty_answer(region, True):
        return []
    if _PLACEHOLDER.search(region):
        return None
    if "✓" in region or "✔" in region:  # "{1, 3, 4} covers every edge: 0-1 ✓, 1-2 ✓"
        region = _TICKED.sub(" ", region)
    if mentions(region, _MEASURED_THINGS):
        region = _NODE_MEASURED.sub(_measured_subject, region)
    region = _COUNT.sub(" ", _DECIMAL.sub(" ", _ANNOTATION.sub(" ", _strip_asides(
        _items_as_list(region)))))
    if ranges:
        region = _expand_ranges(region, limit)
        if region is None:
            return None
    # The decisive clause: the first (explicit) or last one holding an id, so that a
    # bracketed list in the reasoning does not outrank the prose list that answers; in
    # bare text, sums and products ("3 + 2 = 5") are arithmetic, not node lists.
    lines = [s for s in _CLAUSE.findall(region) if s.strip()]
    lines = lines[:MAX_CANDIDATES] if explicit else lines[-MAX_CANDIDATES:]
    # ("Every node is in the set or adjacent to it." is a check of the list above, not
    # "all nodes": a clause that points back names no value)
    lines = [s for s in lines if _DIGITS.search(s) or _EMPTY.search(s)
             or (whole and _all_but(s, everything) is not None)]
    if not lines:
        return ABSENT
    if not explicit:
        lines = [s for s in lines if not _ARITHMETIC.search(s) or _WALK.search(s)] or lines
    line = decisive(lines, explicit)
    if not explicit and line is not lines[-1] and not _DIGITS.search(lines[-1]) and (
            _SAYS_EMPTY.search(lines[-1])):
        return []  # "N(3) = {0, 2} and N(8) = {1, 5}. They have no common neighbours."
    if not explicit and _remark(line) and not _STATES_IDS.search(line) and not _CONCLUDING.match(
            line) and not (_SUPERLATIVE.search(line) and len(_VALUE_ROW.findall(original)) > 1):
        # "The SCC is {1, 2, 3}; nodes 0 and 4 are each alone.": a closing remark in
        # words that names other nodes does not outrank the clause that states the list.
        at = max(i for i, s in enumerate(lines) if s is line)
        # (a list alone on its lines, as a table or bullets give it, or a walk alone in its
        # clause, "1 → 2 → 5 (cost 7); the path via 4 costs 9", states the answer too)
        stated = [s for s in lines[max(0, at - 2):at]
                  if _STATES_IDS.search(s) or _LIST_ALONE.fullmatch(s)]
        line = stated[-1] if stated else line
    if _UNFINISHED_LIST.search(line):
        return None
    line = _QUERY_NODES.sub(" ", line)
    every = _all_but(line, everything) if whole else None
    if _IMPOSSIBLE.match(line):
        return []  # "Topological sort isn't possible: the graph has a cycle 1 → 3 → 1."
    head, colon, rest = line.partition(":")
    if colon and _WORDY.search(head) and _DIGITS.search(rest):
        line = rest  # "Common neighbours of 1 and 6: node 3 only": the ids after the colon
    if not _DIGITS.search(line) and not _EMPTY.search(line) and every is None:
        return None  # only the question's own nodes were named
    cut = _SUBORDINATE.search(line)
    if cut and _DIGITS.search(line, 0, cut.start()):
        line = line[: cut.start()]
    last_id = max(m.end() for m in _DIGITS.finditer(line)) if _DIGITS.search(line) else 0
    if _ENDS_EMPTY.match(line, last_id):
        return []  # "N(3) = {1, 2}, N(8) = {4, 5}, so N(3) ∩ N(8) = ∅."
    if len(_PAIR_TUPLE.findall(line)) >= 2:  # (the edges are the evidence of the clause
        # they lead to: "edges (0, 2), (0, 4) and (0, 7), so its neighbours are 2, 4 and 7")
        concluded = _CONCLUDED.search(line, max(m.end() for m in _PAIR_TUPLE.finditer(line)))
        line = line[concluded.end():] if concluded else line
    listed = _bracketed(line, explicit)
    if listed is None and _SAYS_EMPTY.search(line):
        return []  # "Nodes 4 and 7 have no common neighbors."
    if listed is None and every is not None:
        return every
    if listed is not None:
        if listed[1][0] == "(" and len(_PAIR_TUPLE.findall(line)) >= 2:
            return None  # "(0, 2), (2, 3), (2, 5)": edges, not a list of nodes
        more = _PLUS.match(line, listed[0] + len(listed[1]))  # "{4, 5, 6}, plus node 3 itself"
        return _ids(_DIGITS.findall(listed[1]) + (_DIGITS.findall(more[1]) if more else []))
    if _empty_answer(line, explicit):
        return []
    return _prose_run(line, explicit)


def read_node_list(text: str, ranges: bool = False, limit: int | None = None,
                   everything: Sequence[int] | None = None, question: str | None = None
                   ) -> list[int] | NoAnswer:
    """Node ids in the order written, or why there are none. ``ranges`` reads "0–3" as
    0, 1, 2, 3 (for sets, where a range is a shorthand; in a path "0 to 3" names two
    stops), expanded at most ``limit`` ids (the graph's size). With ``everything`` (every
    node of the graph), "all nodes" and "every node except 4" are read too."""
    return answer(text, lambda region, explicit: _read_nodes(region, explicit, ranges, limit,
                                                             everything), unordered=ranges,
                  question=question)


def parse_node_list(text: str, ranges: bool = False, limit: int | None = None
                    ) -> list[int] | None:
    return or_none(read_node_list(text, ranges, limit))


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
_CHAIN = re.compile(rf"(?<!\d)(?<!\d\.)\d+(?:[ \t]*{_LINK}[ \t]*\d+)+(?!\.?\d)")  # not decimals
_EDGE_GAP = re.compile(
    r"(?:[\s,;&*•+|\-–—→⟶>`、和及与]|(?:and|then|edges?|the|an?|next|finally|followed by"
    r"|first|second|third|last|one|uses?|using"
    r"|backtracks?|back(?:\s+up)?|goes"
    r"|et|und|y|e|en|и|puis|dann"
    r"|go|to|after that|takes?|taking)\b"
    r"|\b(?:back-?track(?:s|ed|ing)?|back(?:\s+up)?|return(?:s|ing)?)\s+to\s+(?:node\s+)?\d+\b"
    # "then backtrack to 0 and take 0-3", "back up to 3"
    r"|\b(?:node\s+)?\d+\s+(?:is|was)\s+a\s+dead[ -]end\b(?:[ \t,]*(?:so|and|then)\b)?"
    # "2 → 6, then from 1: 1 → 0, 1 → 3": the next node's edges, under its step label
    r"|(?:[.;]\s*)?\bfrom\s+(?:node\s+)?\d+\s*:"
    # "(6, 5); 5 is a dead end, so (6, 3)": the walk goes on from an earlier node
    r"|\((?:weight|w|capacity|cap|c|cost)?\s*[:=]?\s*[-+]?\d+(?:\.\d+)?\)"
    r"|\b(?:weight|w|capacity|cost)\s*[:=]?\s*[-+]?\d+(?:\.\d+)?\b"  # "- (0, 1) weight 2"
    r"|\b(?:with|of|at)\s+(?:an?\s+)?(?:weight|capacity|cost)\s+(?:of\s+)?[-+]?\d+(?:\.\d+)?\b"
    r"|\[(?:weight|w|capacity|cap|c|cost)\s*[:=]?\s*[-+]?\d+(?:\.\d+)?\]"
    # a step's note in words: "0 → 2 (discover 2)", "(3, 5) (tree edge)"; not "(or 3-5)"
    r"|\((?!or\b)[a-z][a-z ]{1,30}(?:\s+\d+)?\))*",
    re.I,
)
# Prose and JSON spellings of one edge, rewritten to "(u, v)".
_EDGE_PROSE = re.compile(
    # (not a range of nodes: "every node from 1 to 20 appears once", "all vertices between")
    r"\b(?:(?<!node )(?<!nodes )(?<!vertex )(?<!vertices )(?:between|from)|connecting|joining"
    r"|links?)\s+(?:nodes?\s+)?(\d+)\s+(?:and|to|with)"
    r"\s+(?:nodes?\s+)?(\d+)\b|\bnodes?\s+(\d+)\s+(?:to|and|with)\s+nodes?\s+(\d+)\b"
    r"|\bnodes?\s+(\d+)\s+with\s+(\d+)\b"  # "pairs node 0 with 3, node 1 with 5"
    # "Match 1 with 6, 2 with 4": a pair, not "3 with 2 neighbours"
    r"|(?<![\w.\-–>→])(\d+)\s+with\s+(?:node\s+)?(\d+)\b"
    r"(?![ \t]*(?!(?:and|then)\b)[A-Za-z(])"
    r"|\{[^{}]{0,80}?\"(?:source|u|from|src|start|node1|head|a|parent)\"\s*:\s*\"?(\d+)\"?"
    r"[^{}]{0,40}?\"(?:target|v|to|dst|end|node2|tail|b|child)\"\s*:\s*\"?(\d+)\"?[^{}]{0,80}?\}"
    # a walk told step by step: "first 0 to 2, then 2 to 5, ... and take 0 to 3"; "the edges
    # connecting 5 to 6 and 6 to 9"
    r"|\b(?:first|then|next|finally|take|takes|taking|and|match(?:es)?|pair(?:s)?|assign(?:s)?)"
    r"\s+(?:nodes?\s+)?(\d+)\s+to\s+(?:nodes?\s+)?(\d+)\b"
    # "then backtrack to 2 and visit 9": the walk goes on from an earlier node
    r"|\b(?:back-?track(?:s|ed|ing)?|back[ \t]+up|return(?:s|ed|ing)?)[ \t]+to[ \t]+"
    r"(?:node[ \t]+)?(\d+),?[ \t]+(?:and[ \t]+|then[ \t]+)?(?:visit|go[ \t]+to|move[ \t]+to"
    r"|explore|discover)(?:s|es|ed|ing)?[ \t]+(?:node[ \t]+)?(\d+)\b"
    r"(?![ \t]*+(?:[-–—→⟶>]|to\b))"  # not "... and take 0 to 3", an edge of its own
    # "from 2 we go to 0", "from 2, go to 0": a leg told with its verb
    r"|\bfrom\s+(?:node\s+)?(\d+),?\s+(?:(?:we|I|it|you)\s+)?(?:go|move|continue|proceed|step)"
    r"(?:e?s)?\s+(?:on\s+)?to\s+(?:node\s+)?(\d+)\b"
    # a matching in words: "node 0 is matched with node 5", "applicant 1 gets job 3"
    r"|(?:\b[a-z]+\s+)?(?<![\d.])(\d+)\s+(?:gets|takes|(?:is\s+)?(?:matched|paired|assigned)\s+(?:with|to))\s+"
    r"(?:[a-z]+\s+)?(\d+)\b",
    re.I,
)
# Legs of a walk that go on after one read as an edge: "(5, 4), 4 to 0, 0 to 3".
_LEG = re.compile(r"(\d+)[ \t]+to[ \t]+(\d+)\b")
_MORE_LEGS = re.compile(r"(?<=\))(?:[ \t]*,[ \t]*(?:and[ \t]+)?\d+[ \t]+to[ \t]+\d+\b)++")
# An adjacency list line: "0: 1, 2", "Node 3 -> [4, 5]", "\"0\": [1, 2]".
_ADJACENCY = re.compile(
    r"^[ \t\-*•{,]*(?:node\s*)?\"?(\d+)\"?\s*(?::|->|→)\s*[\[{(]?\s*(\d+(?:\s*,\s*\d+)+|\d+)"
    r"\s*[\]})]?[ \t,}]*$", re.I | re.M)

# One such line alone, when it names several neighbours without brackets ("- 1: 0, 2, 3").
_ONE_ADJACENCY = re.compile(r"^[ \t\-*•]*+(?:node[ \t]*+)?\d++[ \t]*+(?::|->|→)[ \t]*+\d++"
                            r"(?:[ \t]*+,[ \t]*+\d++)++[ \t.]*+$", re.I | re.M)

_ENUMERATOR = re.compile(r"^[ \t]*(?:[-*•+]|\(?\d+[.)])[ \t]+", re.M)
_TABLE_ROW = re.compile(r"^[ \t]*\|(.*)\|?[ \t]*$", re.M)


def _table_edge(m: re.Match, numbered: bool = False) -> str:
    """A markdown table row as its edge: the cell holding a pair, else the first two
    cells holding one id each (u | v | weight); in a ``numbered`` table, after the first
    cell (| Order | Parent | Child |)."""
    cells = [c.strip() for c in m[1].split("|") if c.strip()]
    if numbered:
        cells = cells[1:]
    for cell in cells:
        if len(_DIGITS.findall(cell)) == 2:
            return cell
    ids = [c for c in cells if _DIGITS.fullmatch(c)]
    return f"({ids[0]}, {ids[1]})" if len(ids) >= 2 else ""


# A table whose first column numbers its rows: "| # | u | v |", "| Step | Parent | Child |".
_ORDER_HEADER = re.compile(r"^[ \t]*\|[ \t*_]*(?:#|no\.?|order|step|rank|index|position|i)"
                           r"[ \t*_]*\|(?:[^|\n]*\|){2}", re.I | re.M)
_JSON_ADJACENCY = re.compile(r"\"(\d+)\"\s*:\s*\[((?:\s*\d+\s*,?)*)\]")
# A matching as a mapping, "{0: 4, 1: 5}" or "{'0': '4'}": one edge per entry.
_ENTRY_TEXT = r"[\"']?\d{1,12}[\"']?[ \t]*:[ \t]*[\"']?\d{1,12}[\"']?"
_MAPPING = re.compile(rf"\{{\s*({_ENTRY_TEXT}(?:[ \t]*,\s*{_ENTRY_TEXT})*+)[ \t]*,?\s*\}}")
_ENTRY = re.compile(r"(\d+)[\"']?\s*:\s*[\"']?(\d+)")


# Edges one pair a line ("1 4\n4 6", CSV "1,4\n4,6"), as edge-list files and code blocks write
# them.
_PAIR_LINE = re.compile(r"^[ \t]*(\d+)(?:[ \t]+|[ \t]*[,;][ \t]*)(\d+)[ \t]*$", re.M)
# Under a header "u,v,weight", a CSV row ends on its weight: "0,32,4" (not "step,u,v").
_WEIGHT_HEADER = re.compile(r"^[ \t]*\w+[ \t]*([,;])[ \t]*\w+[ \t]*\1[ \t]*(?:weight|w|cost"
                            r"|capacity|cap)[ \t]*$", re.M | re.I)
_WEIGHED_LINE = re.compile(r"^[ \t]*(\d+)[ \t]*[,;][ \t]*(\d+)[ \t]*[,;][ \t]*[-+]?\d+(?:\.\d+)?"
                           r"[ \t]*$", re.M)
# A walk that goes on after a leg: "(2, 0), then to 4, then to 6".
_THEN_TO = re.compile(r"\((\d+), (\d+)\)((?:[ \t]*,?[ \t]*(?:and[ \t]+)?then[ \t]+"
                      r"(?:(?:we|I)[ \t]+)?(?:go(?:es)?[ \t]+|move[ \t]+|on[ \t]+)?to[ \t]+"
                      r"(?:node[ \t]+)?\d+\b)++)")


def _walk_on(m: re.Match) -> str:
    stops = [m[2], *_DIGITS.findall(m[3])]
    return ", ".join([f"({m[1]}, {m[2]})"] + [f"({u}, {v})" for u, v in zip(
        stops, stops[1:], strict=False)])


# A parent and the children it discovers: "From 4: 5, 8, 10.", "discovered from 3: 2 and 6",
# "Children of 4: 5, 8", "4's children: 5, 8", "from 4 we discover 5 and 8" (not "the path
# from 0: 0 → 2 → 5", a walk).
_FROM_GROUP = re.compile(
    r"(?:\bfrom[ \t]+(?:node[ \t]+)?(\d+)(?:[ \t]*:|,?[ \t]+(?:we|I|it)[ \t]+(?:discover|visit"
    r"|reach|find|add|enqueue|push)(?:e?s|ed)?\b)"
    r"|\bchildren[ \t]+of[ \t]+(?:node[ \t]+)?(\d+)[ \t]*:"
    r"|\b(?:node[ \t]+)?(\d+)'s[ \t]+children[ \t]*:)"
    r"[ \t]*((?:nodes?[ \t]+)?\d+(?:[ \t]*(?:,[ \t]*(?:and[ \t]+)?|and[ \t]+)(?:node[ \t]+)?"
    r"\d+)*+)(?![ \t]*(?:[-–—→⟶>=]|\d))", re.I)
# A tree told child by child: "Node 1 is discovered from 0, node 2 from 0, and node 4 from 1"
# (the parent first in each edge).
_DISCOVERED_RUN = re.compile(
    r"\b(?:node[ \t]+)?\d+[ \t]+(?:is|was|gets|got)[ \t]+(?:discovered|reached|visited|found"
    r"|explored)[ \t]+(?:from|via)[ \t]+(?:node[ \t]+)?\d+\b(?:[ \t]*+,?[ \t]*+(?:and[ \t]+)?"
    r"(?:node[ \t]+)?\d+[ \t]+(?:(?:is|was)[ \t]+\w+[ \t]+)?from[ \t]+(?:node[ \t]+)?\d+\b)*+",
    re.I)
_DISCOVERED = re.compile(r"(\d+)\D+?(?:from|via)[ \t]+(?:node[ \t]+)?(\d+)", re.I)
# Legs "X to Y" in a comma list: "Matching: 0 to 21, 1 to 23 and 3 to 25".
_LEG_RUN = re.compile(r"(?<![\w.])\d+[ \t]+to[ \t]+\d+\b(?:[ \t]*+(?:,[ \t]*+(?:and[ \t]+)?"
                      r"|and[ \t]+)\d+[ \t]+to[ \t]+\d+\b)++")


# A quoted id, as JSON writes a pair of named nodes: [["F", "C"], ["F", "G"]].
_QUOTED_ID = re.compile(r"\"(\d+)\"|'(\d+)'")


_GROUP_GAP = re.compile(r"[\s.;,]*")


def _from_groups(region: str) -> str:
    """Each "From 4: 5, 8" group as its edges; groups one after another ("From 2: 16. From
    4: 5, 8.") are one list."""
    out, pos = [], 0
    for m in _FROM_GROUP.finditer(region):
        gap = region[pos:m.start()]
        out.append(", " if out and _GROUP_GAP.fullmatch(gap) else gap)
        parent = m[1] or m[2] or m[3]
        out.append(", ".join(f"({parent}, {v})" for v in _DIGITS.findall(m[4])))
        pos = m.end()
    out.append(region[pos:])
    return "".join(out)


def _edge_spellings(region: str) -> str:
    numbered = "|" in region and _ORDER_HEADER.search(region) is not None
    region = _TABLE_ROW.sub(lambda m: _table_edge(m, numbered), _ENUMERATOR.sub("", region))
    if len(_PAIR_LINE.findall(region, 0, 20_000)) >= 2:
        region = _PAIR_LINE.sub(r"(\1, \2)", region)
    elif _WEIGHT_HEADER.search(region, 0, 20_000):
        region = _WEIGHED_LINE.sub(r"(\1, \2)", region)
    if " to " in region:
        region = _LEG_RUN.sub(lambda m: _LEG.sub(r"(\1, \2)", m.group()), region)
    region = _EDGE_PROSE.sub(lambda m: "({}, {})".format(*filter(None, m.groups())), region)
    if "then" in region:
        region = _THEN_TO.sub(_walk_on, region)
    region = _from_groups(region)
    if "from" in region or "via" in region:
        region = _DISCOVERED_RUN.sub(lambda m: ", ".join(
            f"({parent}, {child})" for child, parent in _DISCOVERED.findall(m.group())), region)
    if " to " in region:  # "then 5 to 4, 4 to 0": the walk goes on after a comma
        region = _MORE_LEGS.sub(lambda m: _LEG.sub(r"(\1, \2)", m.group()), region)
    if "{" in region:
        region = _MAPPING.sub(lambda m: ", ".join(
            f"({u}, {v})" for u, v in _ENTRY.findall(m[1])), region)
    if len(_ADJACENCY.findall(region)) < 2 and "{" not in region and not _ONE_ADJACENCY.search(
            region):
        return region

    def pairs(m: re.Match) -> str:
        return ", ".join(f"({m[1]}, {v})" for v in _DIGITS.findall(m[2]))

    return _JSON_ADJACENCY.sub(pairs, _ADJACENCY.sub(pairs, region))


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
        if _node_range(region, m, ids):
            continue
        items.append((m.start(), m.end(), list(zip(ids, ids[1:], strict=False))))
    return sorted(items)


# Nodes named as a range, not an edge: "Every node 1–49 is an endpoint", "nodes 0–7 are
# covered", "all vertices 2-9".
_RANGE_OF = re.compile(r"(?:\b(?:every|each|all)[ \t]+(?:the[ \t]+)?(?:nodes?|vertex|vertices)"
                       r"|\b(?:nodes|vertices))[ \t]+\Z", re.I)
_DASH_PAIR = re.compile(r"\d+[ \t]*[-–—][ \t]*\d+")


def _node_range(region: str, chain: re.Match, ids: list[str]) -> bool:
    """Is a dashed pair after "every node" / "nodes" a range of nodes (more than two ids)?"""
    return len(ids) == 2 and _RANGE_OF.search(
        region, max(0, chain.start() - 30), chain.start()) is not None and bool(
        _DASH_PAIR.fullmatch(chain.group())) and max(map(len, ids)) <= 12 and int(
        ids[1]) > int(ids[0]) + 1


# A weight written bare after its edge: "(0, 4) 1, (0, 6) 2, (1, 4) 2".
_BARE_WEIGHT = re.compile(r"[ \t]*[-+]?\d+(?:\.\d+)?(?=[ \t]*[,;])")


def _weighed(region: str, last_end: int, start: int) -> bool:
    """Is the gap between two bracketed edges the first one's bare weight?"""
    if region[last_end - 1:last_end] not in (")", "]"):
        return False
    weight = _BARE_WEIGHT.match(region, last_end, start)
    return weight is not None and _EDGE_GAP.fullmatch(region, weight.end(), start) is not None


def _ends_empty_after(region: str, pos: int) -> bool:
    """Does bare text close, on a line of its own after ``pos``, by saying there are none
    (the edges before it were the reasoning's examples)?"""
    end = len(region.rstrip())
    start = region.rfind("\n", 0, end) + 1
    if start <= pos:
        return False
    last = region[start:end]
    # (a property of the edges named, "No two edges share a node.", says no "none")
    return (_SAYS_EMPTY.search(last) is not None and not _DIGITS.search(last)) or (
        _concludes_empty(last))


def _read_edges(region: str, explicit: bool) -> Any:
    region = _SUBSCRIPT.sub(lambda m: m[1] or m[2], region)
    if not _DIGITS.search(region) and not _EMPTY.search(region):
        return ABSENT
    if explicit and _empty_answer(region, True):
        return []
    region = _edge_spellings(region)
    if "\"" in region or "'" in region:  # after JSON adjacency ('{"0": [1, 2]}') is read
        region = _QUOTED_ID.sub(lambda m: m[1] or m[2], region)
    clusters: list[tuple[int, list[tuple[str, str]]]] = []
    ends: dict[int, int] = {}
    last_end = -1
    for start, end, edges in _edge_items(region):
        if clusters and (_EDGE_GAP.fullmatch(region, last_end, start) or _weighed(
                region, last_end, start)):
            clusters[-1][1].extend(edges)
        else:
            clusters.append((start, list(edges)))
        ends[clusters[-1][0]] = last_end = end
    clusters = [c for c in clusters if not _is_example(region, c[0])]
    if clusters:
        chosen = pick(clusters, explicit)
        if not explicit and _ends_empty_after(region, ends[chosen[0]]):
            return []  # "... the cycle 2 → 16 → 7 → 2. Therefore, there are no bridges."
        if _ELIDED.match(region, ends[chosen[0]]) or _ELIDED_BEFORE.search(
                region, max(0, chosen[0] - 24), chosen[0]):
            return None  # "0-1, 1-2, 2-0, 0-3, ...": the model did not finish the list
        ids = _ids([x for edge in chosen[1] for x in edge])
        return None if ids is None else list(zip(ids[::2], ids[1::2], strict=True))
    return [] if _empty_answer(region, explicit) else None


# "- V discovers Q, R", "- 3 has neighbours 1 and 4": a line of the working that names the
# nodes its head reaches. The heads of such lines are the order the working ran in, not the
# steps of a walk (V, Q, R: Q and R are both V's, no edge joins them).
_NARRATION = re.compile(
    r"^[ \t]*(?:[-*•+]|\(?\d+[.)])[ \t]+[*_`]*\d+[*_`:]*[ \t]+(?!(?:to|then|and|or|via|->)\b)"
    r"[A-Za-z][^\n]*?\d[^\n]*$", re.M | re.I)


def _read_traversal(region: str, explicit: bool) -> Any:
    """Edges, or a traversal written as the walk of its nodes ("start at 2, go to 6, then
    9") in the same region; two nodes are a pair named in prose, not a walk."""
    edges = _read_edges(region, explicit)
    if edges is not None:
        return edges
    walk = _read_nodes(_NARRATION.sub("", region), explicit)
    if not isinstance(walk, list) or len(walk) <= 2:
        return None
    return list(zip(walk, walk[1:], strict=False))


def read_edge_list(text: str, walks: bool = False, question: str | None = None
                   ) -> list[tuple[int, int]] | NoAnswer:
    """Edges in the order written, or why there are none; with ``walks``, a walk of nodes
    also reads as the edges it traverses."""
    return answer(text, _read_traversal if walks else _read_edges, unordered=not walks,
                  question=question)


def parse_edge_list(text: str) -> list[tuple[int, int]] | None:
    return or_none(read_edge_list(text))
