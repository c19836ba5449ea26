"""Reading a model's output graph back from free text, as a careful grader would.

Models answer in the encoding they were shown, in the other one, or in something close:
bullets, markdown, JSON, "node 3 is blue", "Blue nodes: 1, 4", "The following nodes are
colored: 1, 2" with no colour name, `0-1` edges, adjacency lines, no node list at all,
ids left with gaps after removals, wrapped in reasoning, ``<think>`` blocks, code fences
or ``<answer>`` tags, sometimes followed by an explanation or a correction.

``read_answer`` asks the shared grading rule (``graphgauge.scoring.region``) whether the
text commits at all, ``graph_region`` picks the text that holds the committed graph
(a graph spans several blocks, and a correction after it patches it) and ``read_region``
reads a graph from it. Later statements win (a correction "node 5 is not blue" after the list
repaints it grey). Nodes come from node lists, edges and coloured nodes; a node merely
named in an explanation is not a node. A colour-less list of coloured nodes takes each
node's colour in the test input, else the one colour the examples paint (``Context``);
without either the answer is unread. The work is linear in the answer's length: long runs
of numbers (a 150k-edge list) are cut out and parsed by numpy in bulk, ids are at most
nine digits, and ranges expand only within a node budget.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

import numpy as np

from graphgauge.scoring import region as answer_region
from graphgauge.scoring.guards import mentions
from graphgauge.scoring.signals import is_hedge, is_truncated, offers_alternatives
from graphgauge.suites.arc.parse_commit import (
    cut_off,
    deferred,
    doubted,
    empty_answer,
    retracted,
)
from graphgauge.suites.arc.parse_json import MAX_ID, Reading, json_graph_end
from graphgauge.suites.arc.parse_region import (
    NUMBER,
    SENTENCE_END,
    after_thinking,
    blank,
    graph_region,
    long_answer_part,
    without_echoes,
)
from graphgauge.suites.arc.parse_tables import node_tables
from graphgauge.suites.arc.rule import COLOURS

DEFAULT_MAX_NODES = 10_000
MAX_HUBS = 100  # nodes "connected to all other nodes" per answer


@dataclass(frozen=True)
class Context:
    """What a grader knows from the task: the test input's colours (by id, for rules
    that keep ids) and the single colour the examples paint, if there is one."""

    known: dict[int, str] = field(default_factory=dict)
    paint: str | None = None
    max_nodes: int = DEFAULT_MAX_NODES


# --- long runs of numbers ----------------------------------------------------------------

# A run is what r"[\d(\[][\d \t\n,;()\[\]]{30,}[\d)\]]" matches (braces stay: JSON objects),
# found in linear time: it can only start at the first digit or opening bracket of a
# stretch of its characters and end at the stretch's last digit or closing bracket (that
# greedy pattern re-scanned "((((...x" from every bracket: 3,000 of them took 70 ms)
_STRETCH = re.compile(r"(?<![\d \t\n,;()\[\]])[\d \t\n,;()\[\]]{32,}")
_RUN_START = re.compile(r"[\d(\[]")
_RUN_END = re.compile(r"[\d)\]][^\d)\]]*\Z")
_SEPARATORS = str.maketrans({c: " " for c in ",;()[]{}\n\t"})
_PAIR = re.compile(r"[(\[{]\s*(\d{1,9})\s*,\s*(\d{1,9})\s*[)\]}]")
_PAIR_BREAK = re.compile(r"[\n,;]")
_RUN_TOKEN = re.compile(r" #(\d+)# ")
_RUN_TOKEN_IN = re.compile(r"#(\d+)#")


def _numbers(run: str) -> np.ndarray:
    """Every number of a run of digits and punctuation, parsed in C; numbers of ten or
    more digits make it unusable (an empty array: fromstring saturates them)."""
    numbers = np.fromstring(run.translate(_SEPARATORS), dtype=np.int64, sep=" ")
    if numbers.size and numbers.max() >= MAX_ID:
        return np.zeros(0, dtype=np.int64)
    return numbers


def _run_pairs(run: str) -> np.ndarray:
    """The (k, 2) edges of a run of bracketed pairs "(0,1) (0,5)" or "[[0, 1], [1, 2]]":
    counted in bulk when every innermost bracket holds two numbers, else pair by pair."""
    numbers = _numbers(run)
    opens = run.count("(") + run.count("[") + run.count("{")
    nested = 1 if re.match(r"[\[({]\s*[\[({]", run) else 0
    if numbers.size and numbers.size == 2 * (opens - nested):
        return numbers.reshape(-1, 2)
    if not opens and all(len(chunk.split()) == 2 for chunk in _PAIR_BREAK.split(run)
                         if chunk.strip()):  # "0 4\n0 13\n1 13": one pair a line
        return numbers.reshape(-1, 2)
    pairs = _PAIR.findall(run)
    return np.array(pairs, dtype=np.int64).reshape(-1, 2)


class _Runs:
    """Long runs of numbers, cut out of the text as ``#k#`` tokens so that the region
    and statement patterns run over a short skeleton; a run no statement claims is an
    edge list."""

    def __init__(self, text: str):
        self.runs: list[str] = []
        self.claimed: set[int] = set()
        self.skeleton = _STRETCH.sub(self._cut_stretch, text.replace("#", " "))

    def _cut_stretch(self, stretch: re.Match) -> str:
        """The stretch with its run, if it holds one, cut out."""
        text = stretch.group(0)
        start = _RUN_START.search(text)
        end = _RUN_END.search(text, start.start() + 31) if start else None
        if end is None:
            return text
        self.runs.append(text[start.start():end.start() + 1])
        return f"{text[:start.start()]} #{len(self.runs) - 1}# {text[end.start() + 1:]}"

    def restored(self, text: str) -> str:
        """``text`` (a piece of the skeleton) with its runs put back."""
        return _RUN_TOKEN.sub(lambda m: self.runs[int(m.group(1))], text)

    def claim_edges(self, index: str) -> np.ndarray:
        self.claimed.add(int(index))
        return _run_pairs(self.runs[int(index)])


# --- statements ---------------------------------------------------------------------------

_COL = r"(?:" + "|".join(COLOURS) + r"|gray)"
_ID = r"(?<![\w.#])\d{1,9}(?![\w#]|\.\d)"
_ITEM = rf"(?:{_ID}|#\d+#)(?:[ \t]*\([^()\n]{{0,30}}\))?"
_SEP = (r"(?:[ \t]*[,;&/][ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+"
        r"|[ \t]*(?:-|–|\.\.|to|through)[ \t]*|[ \t]+)")
# atomic (no shorter list on backtracking); a list "in the input" describes the input
_LIST = (rf"(?>{_ITEM}(?:{_SEP}{_ITEM})*)"
         r"(?![ \t]*\)?[ \t]*(?:in|of|from)[ \t]+the[ \t]+(?:test[ \t]+)?input)")
_OPENER = r"(?:nodes?[ \t]+)?[\[({]?[ \t]*"

_VERB = (r"(?:is|are|was|were|becomes?|turns?|gets?|goes|go|changes?\s+to|remains?|stays?|"
         r"keeps?\s+(?:its|their)|(?:should|will|must|would)\s+(?:also\s+|now\s+)?be|"
         r"(?:is|are)\s+now)")
_ADVERB = r"(?:(?:now|also|all|both|instead|still)\s+)?"
_PAINT = r"(?:colou?red|painted|marked|shown|highlighted)(?:[ \t]+in)?[ \t]+"

_NOTE_KEY = r"(?:colou?r[ \t]*[:=][ \t]*)?"  # "3 (colour: blue)"
_STATEMENTS = [  # (pattern, kind): colour group 1 or named colour; the list group "items"
    (rf"(?P<items>{_ID})[ \t]*(?:\([ \t]*{_NOTE_KEY}(?P<c>{_COL})[ \t]*\)|\[[^\]\n]{{0,40}}?\b"
     rf"(?:fill)?colou?r[ \t]*=[ \t]*[\"']?(?P<c4>{_COL})\b|[\"']?[ \t]*(?:[:=|]|->|→|-|–|—)"
     rf"[ \t]*[\"']?(?P<c2>{_COL})\b|[ \t]+is[ \t]+(?P<c3>{_COL})\b)", "annotated"),
    (rf"(?:\bc|\bcol|colou?r\w*|nodes?)[ \t]*[\[(][ \t]*(?P<items>\d{{1,9}})[ \t]*[\])]"
     rf"(?:[ \t]*\[[ \t]*"
     rf"[\"']colou?r[\"'][ \t]*\])?[ \t]*(?:=|:|is)[ \t]*[\"']?(?P<c>{_COL})\b", "named"),
    (rf"\b(?P<c>{_COL})[ \t]+nodes?[ \t]*(?:are|:|=|-|–|—)?[ \t]*{_OPENER}(?P<items>{_LIST})",
     "named"),
    (rf"\bnodes?[ \t]+(?:are|is|that\s+are|(?:colou?red|painted))[ \t]+(?P<c>{_COL})[ \t]*:"
     rf"[ \t]*{_OPENER}(?P<items>{_LIST})", "named"),
    (rf"(?:colou?red|painted)[ \t]+(?P<c>{_COL})[ \t]*:?[ \t]*{_OPENER}(?P<items>{_LIST})",
     "named"),
    (rf"[\"']?\b(?P<c>{_COL})[\"']?[ \t]*[:=][ \t]*{_OPENER}(?P<items>{_LIST})", "named"),
    # "Blue side: {2, 3}", "Red set = 0, 1, 4": a named part of a 2-colouring
    (rf"\b(?P<c>{_COL})[ \t]+(?:side|set|group|part|partition|class|half|team)[ \t]*[:=][ \t]*"
     rf"{_OPENER}(?P<items>{_LIST})", "named"),
    # "node 6 is red instead of node 4": the node it replaces is not that colour
    (rf"\b(?:is|are|turns?|becomes?|gets?)[ \t]+{_COL}[ \t]+(?:instead[ \t]+of|rather[ \t]+than)"
     rf"[ \t]+(?:nodes?[ \t]+)?(?P<items>{_LIST})", "grey"),
    (rf"(?:^|\n)[ \t>*•-]*+(?:[A-Za-z][\w \t]{{0,20}}:[ \t]*)?(?:nodes?[ \t]+)?[\[({{]?[ \t]*+"
     rf"(?P<items>{_LIST})[ \t]*[\])}}]?"
     rf"[ \t]*(?:->|→|=>|⇒|:)[ \t]*"
     rf"(?P<c>{_COL})\b", "named"),
    # "nodes 0, 1 and 2 form a triangle, so they are green", "the nodes on it (0, 1) turn
    # green": one sentence naming the nodes, then their colour
    (rf"\bnodes?\b[^.\n(]{{0,40}}?[ \t](?:\((?P<items>{_LIST})\)[ \t]*,?[ \t]+"
     rf"|(?P<items2>{_LIST})\b[^.\n]{{0,60}}?\b(?:they|these|those|which|both|it|all[ \t]+of"
     rf"[ \t]+them)[ \t]+)(?:{_VERB}[ \t]+{_ADVERB}(?:{_PAINT})?|{_PAINT})(?P<c>{_COL})\b",
     "named"),
    (rf"\bnodes?[ \t]+(?P<items>{_LIST})[ \t]*,?[ \t]+{_VERB}[ \t]+{_ADVERB}"
     rf"(?:not[ \t]+(?:colou?red|{_COL})\b|uncolou?red\b)", "grey"),
    (rf"\bnodes?[ \t]+(?P<items>{_LIST})[ \t]*,?[ \t]+(?:{_VERB}[ \t]+{_ADVERB}(?:{_PAINT})?|"
     rf"{_PAINT})(?P<c>{_COL})\b", "named"),
    # "component {2, 3, 4} -> green": a set anywhere, pointing at its colour
    (rf"[\[({{][ \t]*(?P<items>{_LIST})[ \t]*[\])}}](?:[ \t]*\([^()\n]{{0,30}}\))?[ \t]*"
     rf"(?:->|→|=>|⇒|:)[ \t]*(?P<c>{_COL})\b", "named"),
    # "| node 0 blue", "nodes 2, 3 red;": a verbless clause of a terse answer
    (rf"\bnodes?[ \t]+(?P<items>{_LIST})[ \t]+(?P<c>{_COL})\b(?=[ \t]*(?:[.,;|()\n]|and\b|$))",
     "named"),
    # "6, 8 and 12 are blue." at the start of a sentence or line: the subject is the list
    (rf"(?:^|[.;!:\n])[ \t>*-]*(?P<items>{_LIST})[ \t]*,?[ \t]+{_VERB}[ \t]+"
     rf"{_ADVERB}(?:{_PAINT})?(?P<c>{_COL})\b", "named"),
    (rf"(?:\b(?:un|not[ \t]+)colou?red(?:[ \t]+nodes?)?|\bnodes?[ \t]+(?:that[ \t]+are[ \t]+)?"
     rf"(?:un|not[ \t]+)colou?red)[ \t]*(?:are|:|=)[ \t]*{_OPENER}(?P<items>{_LIST})", "grey"),
    (rf"\bcolou?r(?:s|ing|ed)?(?:[ \t]*:\s*|[ \t]+)(?P<items>(?:(?:nodes?[ \t]+)?{_LIST}[ \t]*"
     rf"(?:[:=-]|->|→|=>|is|are)?[ \t]*{_COL}\b(?:[ \t]*[,;\n][ \t]*(?:and[ \t]+)?|[ \t]+and"
     rf"[ \t]+)?)+)", "pairs"),
    # "Colours as in the input: 1, 5, 6 blue; 4 orange", "so answer: 1 2 3 blue, 0 orange":
    # a run of "ids colour" pairs opening a clause, verbless
    (rf"(?:^|[\n:])[ \t>*-]*(?P<items>(?:(?:nodes?[ \t]+)?{_LIST}[ \t]+{_COL}\b"
     rf"(?:[ \t]*[,;][ \t]*(?:and[ \t]+)?)?)+)(?=[ \t]*(?:[.;)\n]|$))", "pairs"),
    (rf"(?<!not[ \t])\b(?:colou?red|highlighted|marked|painted)\w*[\"']?(?:[ \t]+nodes?)?"
     rf"[\"']?[ \t]*"
     rf"(?:are|:|=)[ \t]*(?:the[ \t]+following[ \t]*:?[ \t]*)?{_OPENER}(?P<items>{_LIST})",
     "unnamed"),
]
_STATEMENT = [(re.compile(p, re.I), kind) for p, kind in _STATEMENTS]
# Every statement names a colour or colouring; it lies within one sentence, or a run of
# lines that each name one ("Colours:\n0 blue\n1 red").
_COLOUR_HINT = re.compile(rf"{_COL}|colou?r|paint|mark|highlight", re.I)
_COLOUR_WORDS = (*COLOURS, "gray", "colo", "paint", "mark", "highlight")  # _COLOUR_HINT's
_BOUNDARY = re.compile(r"\n|\.(?=\s)")
_WORD = re.compile(r"\w")


def _colour_windows(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` that name a colour, as (start, end) spans that begin on
    the boundary before them, merged where only blank lines part them: the statement
    patterns run there only, so a 1,000-node incidence answer costs them one colour
    sentence, not a thousand node sentences."""
    windows: list[tuple[int, int]] = []
    if not mentions(text, _COLOUR_WORDS):
        return windows
    end = -1
    for hint in _COLOUR_HINT.finditer(text):
        if hint.start() < end:
            continue  # inside the current window
        start = max(text.rfind("\n", 0, hint.start()), text.rfind(". ", 0, hint.start()), 0)
        after = _BOUNDARY.search(text, hint.end())
        end = after.start() + 1 if after else len(text)
        if windows and not _WORD.search(text, windows[-1][1], max(start, windows[-1][1])):
            windows[-1] = (windows[-1][0], end)  # touching, or only blank lines between
        else:
            windows.append((start, end))
    return windows
_EVERY = re.compile(
    rf"\b(?:all|every|each)(?:[ \t]+(?P<other>other|remaining|the[ \t]+other|the[ \t]+remaining))?"
    rf"(?:[ \t]+(?:the|three|two|four|five|\d+))?[ \t]+nodes?[ \t]+(?:are|is|become|turn)"
    rf"[ \t]+(?:now[ \t]+|still[ \t]+)?(?:{_PAINT})?(?P<c>{_COL})\b"
    rf"|(?:^|[,;(\n])[ \t]*all[ \t]+(?P<c2>{_COL})\b", re.I)
_ANNOTATION = re.compile(rf"\([ \t]*{_NOTE_KEY}({_COL})[ \t]*\)", re.I)
_LIST_COLOUR = re.compile(rf"({_LIST})[ \t]*(?:[:=-]|->|→|=>|is|are)?[ \t]*({_COL})\b", re.I)

_COUNT = re.compile(
    r"(?:^|(?<=[\n,;({]))[ \t]*(?:num_?nodes|n_?nodes|node_?count|number[ \t]+of[ \t]+nodes"
    r"[ \t]*(?:is|:|=)|nodes[ \t]*=)[ \t]*(?P<n>\d{1,9})\b(?![ \t]*(?:[,\-–.(]|to\b|through\b"
    r"|and\b)[ \t]*\d)", re.I)
_POSITIONAL = re.compile(
    rf"\bcolou?rs?[\"']?[ \t]*[:=][ \t]*[\[(][ \t]*(?P<list>[\"']?{_COL}[\"']?(?:[ \t]*,[ \t]*"
    rf"[\"']?{_COL}[\"']?)*)[ \t]*,?[ \t]*[\])]", re.I)
# "Node 2: connected to 1, 3 (blue)": a colour note closing an incidence line is the
# line's node's colour, not its last neighbour's
_LINE_NOTE = re.compile(
    rf"(?im)^(?P<head>[ \t>*-]*(?:node[ \t]+)?(?P<u>\d{{1,9}})[ \t]*(?::|->|→|[ \t]+(?:is[ \t]+)?"
    rf"(?:connected|adjacent|linked|joined)[ \t]+(?:to|with))[^\n(.]*?)[ \t]*\([ \t]*"
    rf"(?P<c>{_COL})[ \t]*\)[ \t.;,]*$")


def _note_to_node(m: re.Match) -> str:
    return f"{m.group('head')}\nNode {m.group('u')} is {m.group('c')}."


_DECLARATIONS = re.compile(
    rf"(?:\b(?:among|on|with|has|have|contains?)[ \t]+(?:the[ \t]+)?(?:\d+[ \t]+)?nodes?[ \t]+"
    rf"{_OPENER}"
    rf"|\b(?:nodes?|vertices|vertex[ \t]+set|node[ \t]+set|node[ \t]+list|V(?=[ \t]*=))[\"']?"
    rf"(?:[ \t]*\([^()\n]{{0,20}}\))?[ \t]*(?:are|:|=)[ \t]*{_OPENER}"  # "Nodes (15): 0-14"
    rf"|\b(?:re)?(?:numbered|labell?ed|indexed)[ \t]+(?:as[ \t]+|from[ \t]+)?"
    rf"|\bnodes?[ \t]+(?=\d{{1,9}}[ \t]*(?:-|–|\.\.|to|through)[ \t]*\d)"
    rf")(?P<items>{_LIST})"
    # a DOT node statement "7;"; a bare "nodes 1, 3, 5" opening a clause and closing it:
    # "Remaining: nodes 1, 3; edges 5-7"
    rf"|[\n{{][ \t]*(?P<dot>\d{{1,9}})[ \t]*;[ \t]*(?=\n|$)"
    rf"|[:;\n][ \t*-]*nodes[ \t]+(?P<clause>{_LIST})[ \t]*(?=[;\n]|$|\.(?:\s|$))"
    # "nodes 0 and 2 stay isolated", "Isolated nodes: 0, 2": nodes without an edge
    rf"|\bnodes?[ \t]+(?P<iso>{_LIST})[ \t]+(?:stays?|remains?|are|is|becomes?)[ \t]+"
    rf"(?:still[ \t]+|now[ \t]+)?isolated\b"
    rf"|\bisolated[ \t]+nodes?[ \t]*(?:are|:|=)[ \t]*{_OPENER}(?P<iso2>{_LIST})", re.I)
# "Degree-2 node: 4", "Degree 1 nodes: 0, 3": the nodes of some degree, not the node list
_QUALIFIED = re.compile(r"\bdegree[ \t-]*\d{1,9}[ \t]*$", re.I)

_GONE_EDGES = re.compile(
    r"\b(?:(?:removed|deleted|dropped)[ \t]+edges?|edges?[ \t]+(?:removed|deleted|dropped))"
    r"(?:[ \t]*\([^()\n]{0,40}\))?[ \t]*:(?P<list>[^\n]*)"
    r"|\b(?:remove|delete|drop)[ \t]+(?:the[ \t]+)?edges?[ \t]*(?P<one>[^.\n]{0,40})"
    r"|\bedges?[ \t]+(?P<said>[(\[{][ \t]*\d{1,9}[ \t]*,[ \t]*\d{1,9}[ \t]*[)\]}]|\d{1,9}[ \t]*"
    r"(?:-|–)[ \t]*\d{1,9})[^.\n]{0,20}?\b(?:should(?:[ \t]+not|n't)[ \t]+(?:be[ \t]+there|"
    r"exist|be[ \t]+(?:included|present|kept))|is[ \t]+not[ \t]+(?:there|an[ \t]+edge)|should[ \t]+"
    r"be[ \t]+(?:removed|deleted|dropped))", re.I)
_REMOVED = re.compile(
    rf"\b(?:removed|deleted|dropped|discarded)[ \t]+nodes?[ \t]*(?:are|:|=)?[ \t]*{_OPENER}"
    rf"(?P<items>{_LIST})|\bnodes?[ \t]+(?P<items2>{_LIST})[ \t]+(?:is|are|was|were|gets?|got)"
    rf"[ \t]+(?:removed|deleted|dropped)\b", re.I)
_JOINED = r"(?:connected|adjacent|linked|joined)[ \t]+(?:to|with)"
_INCIDENCE = re.compile(
    rf"(?:\bnode[ \t]+(?P<u>\d{{1,9}})(?:[ \t]*\([^()\n]{{0,20}}\))?(?:[ \t]*(?::?[ \t]*"
    rf"(?:is[ \t]+)?{_JOINED}|connects[ \t]+to|(?:has[ \t]+)?neighbou?rs?(?:[ \t]+(?:are|is))?:?"
    rf"|:|->|→)|,(?:(?!\bnot\b)[^.\n\d]){{0,30}}?[ \t]+{_JOINED})"  # "node 10, blue, connected to"
    rf"|(?:^|\n)[ \t>*-]*(?P<v>\d{{1,9}})[ \t]*(?::|->|→|connects[ \t]+to|(?:is[ \t]+)?{_JOINED})"
    rf"|(?<=[{{,])[ \t\n]*(?P<w>\d{{1,9}})[ \t]*:(?=[ \t]*(?:\[|\#\d)))"  # {{0: [5, 6], 1: []}}
    rf"[ \t]*(?:(?:neighbou?rs?(?:[ \t]+(?:are|is))?|{_JOINED})[ \t]*:?[ \t]*)?"
    rf"(?P<all>(?:all|every)[ \t]+(?:the[ \t]+)?(?:other[ \t]+|remaining[ \t]+)?(?:\d+[ \t]+)?"
    rf"nodes?\b[ \t]*)?(?:nodes?[ \t]+)?{_OPENER}(?P<items>{_LIST})?"
    rf"(?P<none>[ \t]*(?:no[ \t]+other[ \t]+nodes?|none|nothing|\]|\)))?", re.I)
_HUB = re.compile(rf"(?<![\w.#])(\d{{1,9}})[ \t]+(?:is[ \t]+)?(?:now[ \t]+)?{_JOINED}[ \t]+"
                  r"(?:all|every|each)[ \t]+(?:the[ \t]+)?(?:other|remaining)[ \t]+nodes?\b",
                  re.I)
_LINK = r"[ \t]*(?:--|-|–|—|<->|->|→|↔)[ \t]*"
_DASH = re.compile(rf"(?<![\w.#\-–])(\d{{1,9}}){_LINK}(\d{{1,9}})(?![\w#\-–>]|\.\d)")
# a path written as a chain, "0 - 1 - 2": one edge per step
_CHAIN = re.compile(rf"(?<![\w.#\-–])\d{{1,9}}(?:{_LINK}\d{{1,9}}){{2,}}(?![\w#\-–]|\.\d)")
_BETWEEN = re.compile(r"\b(?:edges?|connect\w*|link\w*|join\w*)\b[^.\n]{0,30}?\b(?:between|from)"
                      r"[ \t]+(?:nodes?[ \t]+)?(\d{1,9})[ \t]+(?:and|to)[ \t]+(?:nodes?[ \t]+)?"
                      r"(\d{1,9})\b", re.I)
# the same list going on: "edges between 0 and 1, between 1 and 2, and between 1 and 4"
_MORE_BETWEEN = re.compile(r"[ \t]*[,;][ \t]*(?:and[ \t]+|as[ \t]+well[ \t]+as[ \t]+)?"
                           r"(?:one[ \t]+)?(?:between|from)[ \t]+(?:nodes?[ \t]+)?(\d{1,9})"
                           r"[ \t]+(?:and|to)[ \t]+(?:nodes?[ \t]+)?(\d{1,9})\b", re.I)
# "edges 0 1, 1 2" / "Edge list:\n0 1\n1 2": pairs written as two numbers after the label
_SPACED_EDGES = re.compile(
    r"\bedges?(?:[ \t]+list)?(?:[ \t]+(?:of|in)[ \t]+(?:the[ \t]+)?(?:output|result|answer|"
    r"graph|G)\b(?:[ \t]+graph)?)?(?:[ \t]*\([^)\n]{0,40}\))?[ \t]*(?:are|:|=)?[ \t]*\n?"
    r"(?P<body>(?:[ \t]*\d{1,9}[ \t]+\d{1,9}"
    r"[ \t]*(?:,|;|\n|and\b)?)+)", re.I)
_SPACED_PAIR = re.compile(r"(\d{1,9})[ \t]+(\d{1,9})")
_SOURCE_TARGET = re.compile(r"[\"']source[\"']\s*:\s*(\d{1,9})\s*,\s*[\"']target[\"']\s*:\s*"
                            r"(\d{1,9})")
_SUBSCRIPT = re.compile(r"(?=v|n)\b[vn]_\{?(\d{1,9})\}?", re.I)  # LaTeX v_{3}, v_3: node 3
# "0, 1, …, 9": a range
_ELLIPSIS = re.compile(r"[ \t]*,[ \t]*(?:…|\.{3}|\\[lc]?dots)[ \t]*,[ \t]*")
_CLEAN = str.maketrans({"*": " ", "`": " ", "$": " ", "\u2011": "-", "\u2212": "-"})
_TOKEN = re.compile(r"#(\d+)#|(\d{1,9})[ \t]*(?:-|–|\.\.|to|through)[ \t]*(\d{1,9})|(\d{1,9})"
                    r"|\([^()\n]{0,30}\)")


class _Reader:
    def __init__(self, runs: _Runs, context: Context):
        self.budget = context.max_nodes
        self.runs = runs
        self.nodes: set[int] = set()
        self.edges: list[np.ndarray] = []
        self.colours: dict[tuple[int, int], str | None] = {}  # (position, node) -> colour
        self.hubs: list[int] = []  # nodes joined to every other node

    def items(self, text: str) -> np.ndarray:
        """The ids of a list: numbers, ranges (expanded within the node budget, else
        their two ends), cut-out runs; parenthesised notes are skipped."""
        parts: list[np.ndarray] = []
        singles: list[int] = []
        for m in _TOKEN.finditer(text):
            run, low, high, single = m.groups()
            if run is not None:
                self.runs.claimed.add(int(run))
                parts.append(_numbers(self.runs.runs[int(run)]))
            elif low is not None:
                a, b = int(low), int(high)
                if 0 <= b - a < self.budget:
                    self.budget -= b - a
                    parts.append(np.arange(a, b + 1, dtype=np.int64))
                else:
                    singles += [a, b]
            elif single is not None:
                singles.append(int(single))
        parts.append(np.array(singles, dtype=np.int64))
        return np.concatenate(parts)

    def read(self, text: str) -> Reading | None:
        text = self._tables(self._counts(_LINE_NOTE.sub(_note_to_node, text)))
        spans: list[tuple[int, int]] = []
        # a statement's list is not read again as edges ("colored": [1, 2] is no edge)
        windows = _colour_windows(text)
        for pattern, kind in _STATEMENT:
            for m in (m for start, end in windows for m in pattern.finditer(text, start, end)):
                self._statement(m, kind)
                key = "items2" if m.groupdict().get("items2") else "items"
                if not m.group(key).isdigit():  # one id is no edge: "node 10, blue, joined to"
                    spans.append(m.span(key))
        declared = []
        for m in _DECLARATIONS.finditer(text):
            key = next(k for k in ("items", "dot", "clause", "iso", "iso2")
                       if m.group(k) is not None)
            if _QUALIFIED.search(text, max(0, m.start() - 20), m.start()):
                continue
            self.nodes.update(self.items(m.group(key)).tolist())
            declared.append(m.span(key))
        gone = self._gone_edges(text, spans)
        for m in _REMOVED.finditer(text):  # "Removed nodes: 5, 6" names no node of the output
            self.nodes.difference_update(self.items(m.group("items") or m.group("items2"))
                                         .tolist())
        # an incidence line may end in a declared-looking list ("connected to nodes 0 to 9")
        self._edges(blank(self._incidence(blank(text, spans)), declared))
        self.edges += [self.runs.claim_edges(i) for i in _RUN_TOKEN_IN.findall(text)
                       if int(i) not in self.runs.claimed]
        edges = np.concatenate([*self.edges, np.zeros((0, 2), dtype=np.int64)])
        if gone.size:  # a later "remove the edge (3, 5)" takes a listed edge out
            edges = edges[~_rows_in(edges, gone)]
        edges = self._hub_edges(edges)
        self._every_node(text, edges, windows)
        self._positional(text)
        colours = {node: colour for (_, node), colour in sorted(self.colours.items())}
        nodes = self.nodes | set(colours)
        if not nodes and not edges.size:
            return (set(), edges, {}) if EMPTY_GRAPH.search(text) else None
        return nodes, edges, colours

    def _gone_edges(self, text: str, spans: list[tuple[int, int]]) -> np.ndarray:
        """Edges the answer takes out ("Removed edges: (0,3) (0,4)", "the edge (0,14)
        should not be there"); their text is added to ``spans``, not read as edges."""
        pairs = []
        for m in _GONE_EDGES.finditer(text):
            key = next(k for k in ("list", "one", "said") if m.group(k) is not None)
            piece = self.runs.restored(m.group(key))
            found = _PAIR.findall(piece) + _DASH.findall(piece)
            pairs += [(int(a), int(b)) for a, b in found]
            for run in _RUN_TOKEN_IN.findall(m.group(key)):
                self.runs.claimed.add(int(run))
            spans.append(m.span(key))
        return np.array(pairs, dtype=np.int64).reshape(-1, 2)

    def _hub_edges(self, edges: np.ndarray) -> np.ndarray:
        """"Node 10 is connected to all other nodes": an edge to every other node."""
        if not self.hubs:
            return edges
        graph = sorted(self.nodes | {n for _, n in self.colours} | set(np.unique(edges).tolist()))
        around = np.array(graph, dtype=np.int64)
        joined = [np.column_stack((np.full(around.size, hub), around))[around != hub]
                  for hub in set(self.hubs)]
        return np.concatenate([edges, *joined])

    def _tables(self, text: str) -> str:
        """Node tables ("| Node | Neighbors | Color |"), blanked once read."""
        spans, centres, lists = [], [], []
        for span, rows in node_tables(text):
            spans.append(span)
            for row in rows:
                self.nodes.add(row.node)
                if row.neighbours is not None:
                    centres.append(row.node)
                    lists.append(self.items(row.neighbours))
                if row.colour is not None:
                    self.colours[row.at, row.node] = row.colour
        self._stars(centres, lists)
        return blank(text, spans)

    def _stars(self, centres: list[int], lists: list[np.ndarray]) -> None:
        """Edges from each centre to each node of its list, in one array."""
        if centres:
            sizes = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
            self.edges.append(np.column_stack((np.repeat(centres, sizes),
                                               np.concatenate(lists))))

    def _counts(self, text: str) -> str:
        """"nodes = 3", "num_nodes: 15": nodes 0..n-1 (within the node budget); blanked,
        so that the count is not read as node 3."""
        spans = []
        for m in _COUNT.finditer(text):
            count = int(m.group("n"))
            if count <= self.budget:
                self.budget -= count
                self.nodes.update(range(count))
                spans.append(m.span())
        return blank(text, spans)

    def _positional(self, text: str) -> None:
        """"colors = ['blue', 'grey', 'blue']": colours by position, over the nodes read
        when there are as many, else over ids 0, 1, 2, ... (within the node budget)."""
        for m in _POSITIONAL.finditer(text):
            names = [c.lower() for c in re.findall(_COL, m.group("list"), re.I)]
            if len(self.nodes) == len(names):
                order = sorted(self.nodes)
            else:  # new ids: within the node budget, like a range
                names = names[:max(self.budget, 0)]
                self.budget -= len(names)
                order = range(len(names))
            for node, colour in zip(order, names, strict=False):
                self.colours[m.start(), node] = "grey" if colour == "gray" else colour

    def _every_node(self, text: str, edges: np.ndarray, windows: list[tuple[int, int]]
                    ) -> None:
        """"All three nodes are blue", "every node is blue", "all other nodes are grey",
        "nodes 0, 1 and 2 (all blue)": a colour for every node of the graph read so far
        (for "other", those no statement coloured)."""
        found = [m for start, end in windows for m in _EVERY.finditer(text, start, end)]
        if not found:
            return
        graph = self.nodes | {n for _, n in self.colours} | set(np.unique(edges).tolist())
        named = {n for _, n in self.colours}
        for m in found:
            colour = (m.group("c") or m.group("c2")).lower()
            for node in graph - named if m.group("other") else graph:
                self.colours[m.start(), node] = "grey" if colour == "gray" else colour

    def _statement(self, m: re.Match, kind: str) -> None:
        named = next((m.group(g) for g in ("c", "c2", "c3", "c4") if g in m.groupdict()
                      and m.group(g)), None)
        items = m.group("items") or m.groupdict().get("items2") or ""
        if kind == "pairs":  # "colours: 0 blue, 2 orange", "coloured: 0 orange; 2, 3 blue"
            for pair in _LIST_COLOUR.finditer(items):
                for node in self.items(pair.group(1)).tolist():
                    self.colours[m.start() + pair.start(), node] = pair.group(2).lower()
            return
        if kind == "unnamed":  # each item may carry its own "(blue)"
            for item in re.finditer(rf"({_ID}[ \t]*(?:-|–|\.\.)[ \t]*{_ID}|{_ID}|#\d+#)"
                                    rf"([ \t]*{_ANNOTATION.pattern})?", items, re.I):
                colour = item.group(3).lower() if item.group(3) else None
                for node in self.items(item.group(1)).tolist():
                    key = (m.start() + item.start(), node)
                    if colour is not None or key not in self.colours:  # "Coloured: 1 red"
                        self.colours[key] = colour
            return
        colour = "grey" if kind == "grey" else named.lower()
        for node in self.items(items).tolist():
            self.colours[m.start(), node] = colour

    def _edges(self, text: str) -> None:
        pairs = [(int(a), int(b)) for pattern in (_PAIR, _DASH, _SOURCE_TARGET)
                 for a, b in pattern.findall(text)]
        for m in _BETWEEN.finditer(text):
            pairs.append((int(m[1]), int(m[2])))
            more = _MORE_BETWEEN.match(text, m.end())
            while more:
                pairs.append((int(more[1]), int(more[2])))
                more = _MORE_BETWEEN.match(text, more.end())
        for chain in _CHAIN.finditer(text):
            steps = [int(x) for x in re.findall(r"\d+", chain.group(0))]
            pairs += list(zip(steps, steps[1:], strict=False))
        for spaced in _SPACED_EDGES.finditer(text):
            pairs += [(int(a), int(b)) for a, b in _SPACED_PAIR.findall(spaced.group("body"))]
        self.edges.append(np.array(pairs, dtype=np.int64).reshape(-1, 2))

    def _incidence(self, text: str) -> str:
        """Read incidence lines ("Node 3 is connected to nodes 1, 2", "3: 1, 2",
        "0 -> [1, 4]"); ``text`` is returned with their lists blanked, so that "[1, 4]"
        is not read again as an edge."""
        centres, lists, spans = [], [], []  # one line each: the node, its neighbours
        for m in _INCIDENCE.finditer(text):
            listed = (m.group("items") or "").strip()
            one_run = _RUN_TOKEN_IN.fullmatch(listed)
            if one_run:  # the bulk case (a 1,000-node answer): no list parsing
                self.runs.claimed.add(int(one_run.group(1)))
                around = _numbers(self.runs.runs[int(one_run.group(1))])
            else:
                around = self.items(listed)
            if m.group("all") and not around.size:
                if len(self.hubs) < MAX_HUBS:  # keeps hostile text from asking n^2 edges
                    self.hubs.append(int(m.group("u") or m.group("v") or m.group("w")))
            elif around.size or m.group("none") or m.group("u"):
                centres.append(int(m.group("u") or m.group("v") or m.group("w")))
                lists.append(around)
                if m.group("items"):
                    spans.append(m.span("items"))
        for m in _HUB.finditer(text):  # "and 4 connected to every other node"
            if len(self.hubs) < MAX_HUBS:
                self.hubs.append(int(m.group(1)))
        self.nodes.update(centres)
        self._stars(centres, lists)
        return blank(text, spans)


def _rows_in(edges: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """Which rows of ``edges`` are among ``pairs`` (either orientation)."""
    lo, hi = np.minimum(edges[:, 0], edges[:, 1]), np.maximum(edges[:, 0], edges[:, 1])
    span = int(max(hi.max(initial=0), pairs.max(initial=0))) + 1
    wanted = np.minimum(pairs[:, 0], pairs[:, 1]) * span + np.maximum(pairs[:, 0], pairs[:, 1])
    return np.isin(lo * span + hi, wanted)


def _resolve(reading: Reading, context: Context) -> Reading | None:
    """Colour-less coloured nodes take the input's colour, else the examples' one."""
    nodes, edges, colours = reading
    resolved: dict[int, str | None] = {}
    for node, colour in colours.items():
        if colour is None:
            known = context.known.get(node, "grey")
            colour = known if known != "grey" else context.paint
            if colour is None:
                return None  # "coloured", but no telling which colour
        resolved[node] = "grey" if colour == "gray" else colour
    return nodes, edges, resolved


def read_answer(text: object, context: Context | None = None) -> Reading | None:
    """The graph an answer commits to, or None (no answer). Never raises on text."""
    if not isinstance(text, str):
        return None
    plain = _plain(long_answer_part(text))
    if _nothing_to_read(plain):
        return None  # as _read says of every region of it, without the work
    runs = _Runs(plain)
    # The shared grading rule decides whether the text commits at all (refusals, hedges,
    # questions back, text cut off, two different final answers), on the skeleton: the
    # number runs of a 150k-edge answer are out of its way.
    skeleton = without_echoes(runs.skeleton)
    if isinstance(answer_region.final_region(skeleton, _numbered), answer_region.NoAnswer):
        return None
    body = after_thinking(skeleton)
    if offers_alternatives(body) or retracted(body) or cut_off(body) or doubted(body) \
            or empty_answer(body) or deferred(body):
        return None
    context = context or Context()
    region = graph_region(skeleton, lambda a, b: _same_graph(a, b, runs, context))
    return None if region is None else _read(region, runs, context)


# "node 0, node 1 and node 2 are blue": one list, the word repeated before each id
_NODE_BY_NODE = re.compile(r"(?=n)\bnodes?[ \t]+\d{1,9}(?:(?:[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+and"
                           r"[ \t]+)nodes?[ \t]+\d{1,9}\b)++", re.I)
_REPEATED_NODE = re.compile(r"(?<=[,d])([ \t]+)nodes?[ \t]+(?=\d)", re.I)


def _one_list(m: re.Match) -> str:
    return _REPEATED_NODE.sub(r"\1", m.group(0))


def _same_graph(first: str, second: str, runs: _Runs, context: Context) -> bool:
    """Do two graph statements read as the same graph?"""
    readings = []
    for piece in (first, second):
        probe = copy.copy(runs)
        probe.claimed = set()  # reading claims number runs: the real read must see them
        found = _read(piece, probe, context)
        readings.append(found and node_link_of(found))
    return readings[0] == readings[1]


def _plain(text: str) -> str:
    """Plain-text spelling of an answer: LaTeX set braces, text and subscripts unwrapped,
    markdown emphasis and code marks dropped, "node 0 and node 1" written as one list."""
    text = answer_region.normalize(text)
    if "_" in text:  # the guards keep a megabyte-long edge list at one C-level scan
        text = _SUBSCRIPT.sub(r"\1", text)
    if "…" in text or "..." in text or "dots" in text:
        text = _ELLIPSIS.sub(" .. ", text)
    text = _NODE_BY_NODE.sub(_one_list, text)
    return text.translate(_CLEAN)


def _numbered(text: str, explicit: bool) -> object:
    """The shared layer's view of a graph answer: a region without a single number holds
    none ("Wait, that's wrong. Let me recount" retracts the answer before it), unless it
    states the empty graph."""
    return text.strip() if NUMBER.search(text) or EMPTY_GRAPH.search(text) \
        else answer_region.ABSENT


# The empty output graph (every node removed), in the paper's own format ("G describes a
# graph among nodes . G has no edges.") or said outright: an answer, not a missing one.
EMPTY_GRAPH = re.compile(r"\bdescribes[ \t]+a[ \t]+graph[ \t]+among[ \t]+nodes[ \t]*[.;,]"
                         r"|^[^\n.?]{0,40}?(?<!\bif )\b(?:the[ \t]+)?(?:output|resulting|result)"
                         r"[ \t]+graph[ \t]+is[ \t]+(?:the[ \t]+|an[ \t]+)?empty\b(?![^.\n]*\?)"
                         # what an answer marker leads into: "Output: the empty graph"
                         r"|\A[ \t:]*(?:an?[ \t]+|the[ \t]+)?empty(?:[ \t]+graph)?[ \t.!]*\Z",
                         re.I | re.M)
_EMPTY_GRAPH_WORDS = ("empty", "describes")  # one is in every EMPTY_GRAPH match


def _nothing_to_read(text: str) -> bool:
    """No id, JSON object, positional colour list or empty graph: no reader pass can find
    a graph in ``text`` (a quick answer for long prose)."""
    return not NUMBER.search(text) and "{" not in text and "colo" not in text.lower() \
        and not mentions(text, _EMPTY_GRAPH_WORDS)


def read_region(region: str, context: Context | None = None) -> Reading | None:
    """(nodes, edges, colours) read from an answer region (what the shared answer-region
    layer hands over), or None when it names no node, or names coloured nodes whose
    colour the task cannot tell."""
    if not isinstance(region, str):
        return None
    runs = _Runs(_plain(region))
    return _read(runs.skeleton, runs, context or Context())


def _settled(region: str) -> str:
    """``region`` without its questions and hedges (a sentence ending in "?", or
    "either ... or", commits to nothing: "Should node 3 be blue?"); empty when it stops
    mid-statement ("(2," at the end): the answer was cut off before it was complete."""
    if is_truncated(region):
        return ""
    if "?" not in region and not is_hedge(region) \
            and not _COUNTERFACTUAL.search(region):
        return region
    return "".join(" " * len(part) if part.rstrip().endswith("?")
                   or is_hedge(part) else _factual(part)
                   for part in SENTENCE_END.split(region))


def _factual(sentence: str) -> str:
    """The sentence without its counterfactual clause ("node 1 is blue; if node 0 had
    two neighbours it would be blue too" keeps "node 1 is blue")."""
    m = _COUNTERFACTUAL.search(sentence)
    if m is None:
        return sentence
    cut = max(sentence.rfind(";", 0, m.start()), sentence.rfind(",", 0, m.start()))
    cut = m.start() if cut < 0 else cut
    return sentence[:cut] + " " * (len(sentence) - cut)


# "if node 1 had the highest degree, it would be red": a sentence about another graph
_COUNTERFACTUAL = re.compile(r"\bif\b[^.!?\n]{0,120}\b(?:would|could|might)\b"
                             r"|\b(?:would|could|might)[ \t]+(?:have[ \t]+)?(?:be|been|become|"
                             r"turn|stay)\b[^.!?\n]{0,80}\bif\b", re.I)


def _read(region: str, runs: _Runs, context: Context) -> Reading | None:
    region = _settled(region)
    if _nothing_to_read(region):
        return None
    reading = _json_read(runs.restored(region), context) if "{" in region else None
    if reading is None:
        reading = _Reader(runs, context).read(region)
    if reading is None:
        return None
    return _resolve(reading, context)


def _json_read(text: str, context: Context) -> Reading | None:
    """A JSON graph, with the colour statements written after it ("Node 0 keeps its
    orange colour"): they add to its colours, they are not a second graph."""
    found = json_graph_end(text)
    if found is None:
        return None
    (nodes, edges, colours), end = found
    tail = text[end:]
    if mentions(tail, _COLOUR_WORDS) and _COLOUR_HINT.search(tail):
        tail_runs = _Runs(tail)
        reader = _Reader(tail_runs, context)
        windows = _colour_windows(tail_runs.skeleton)
        for pattern, kind in _STATEMENT:
            for m in (m for start, stop in windows
                      for m in pattern.finditer(tail_runs.skeleton, start, stop)):
                reader._statement(m, kind)
        later = {node: colour for (_, node), colour in sorted(reader.colours.items())}
        colours = {**colours, **later}
        nodes = nodes | set(later)
    return nodes, edges, colours


def node_link_of(reading: Reading) -> dict:
    """The canonical node-link dict of a reading: nodes sorted, grey unless coloured,
    edges once each as (smaller, larger), sorted. A self-loop is kept: no arc graph has
    one, so it makes the answer wrong rather than being silently dropped."""
    nodes, ends, colours = reading
    lo, hi = np.minimum(ends[:, 0], ends[:, 1]), np.maximum(ends[:, 0], ends[:, 1])
    span = int(hi.max()) + 1 if hi.size else 1
    codes = np.sort(lo * span + hi)
    codes = codes[np.concatenate(([True], codes[1:] != codes[:-1]))] if codes.size else codes
    if span <= 4 * (len(ends) + len(nodes)) + 64:  # small ids: a bitmap beats sorting
        seen = np.zeros(span, dtype=bool)
        seen[lo], seen[hi] = True, True
        touched = np.flatnonzero(seen).tolist()
    else:
        touched = np.unique(ends).tolist()
    ids = sorted(nodes.union(colours, touched))
    return {"directed": False,
            "nodes": [{"id": v, "color": colours.get(v, "grey")} for v in ids],
            "edges": [{"source": u, "target": v}
                      for u, v in zip((codes // span).tolist(), (codes % span).tolist(),
                                      strict=True)]}
