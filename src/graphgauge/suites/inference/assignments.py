"""Reading GraphInfer node assignments (T4 outlier verdicts, T5 communities) the way a
careful grader would.

Per-node lines ("Node 3: Community 1", "3 → Group B", "Node 0 — outlier? Yes"), grouped
lines ("Community 1: nodes 0, 2-4", "Databases: 0, 3, 7"), community headings with node
bullets, tables (columns found by their header), JSON / Python dicts and lists, and prose
("Nodes 0, 2 and 5 form Community 0", "the second contains nodes 1, 4 and 7") are all
read into node -> value. The last complete block of assignment lines wins (a "Final
assignment" after a draft); later partial blocks patch it only after a correction cue
("Wait, node 5 belongs to Community 1"); a node given two values, or an assignment cut
off before every node is listed, is no answer. T4 falls back to outlier statements
("Node 5 is the outlier", "Outliers: 3, 7").
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from graphgauge.scoring.categories import mentioned_labels
from graphgauge.scoring.guards import mentions
from graphgauge.scoring.region import ABSENT, NoAnswer, normalize, read_answer
from graphgauge.scoring.signals import DOUBT, is_hedge, is_truncated
from graphgauge.suites.inference.reading import (
    CLIP,
    ID,
    LATER_ANSWER,
    PAREN,
    UNSURE_LINK,
    _reasoning_after,
    answer_part,
    node_ids,
    unmarked,
)

_COMMUNITY = r"(?:(?:community|communities|group|cluster|class)\b|comm\.)"
_COMMUNITY_ID = re.compile(r"\b" + _COMMUNITY + r"\s*#?\s*([A-Za-z]\b|\d{1,7}(?!\d)|[IVX]+\b)",
                           re.I)
_SHORT_ID = re.compile(r"^\W*([A-Za-z]{1,2}\d{0,3}|\d{1,7})\W*$")
_NODE_AT_START = re.compile(r"^\W*(?:node|vertex|paper|item|n)?\s*#?" + ID + r"\b", re.I)
_NODE_WORD = re.compile(r"\b(?:nodes?|vertices|vertex|papers?|items?|members?)\b", re.I)
_GROUP_VERB = re.compile(r"[:=]|\b(?:consists? of|contains?|includes?|has|have|are|is|"
                         r"comprises?|with|gets?|holds?)\b|→|->|\s[—–-]\s", re.I)
# Where one line holds several statements: "Node 0 ..., Node 1 ...", "Community 0 = {..},
# Community 1 = {..}", sentences and semicolon clauses.
# (a blank run is split from its start only: the same splits, in linear time)
_SEGMENT = re.compile(r";\s+|(?<!\s)\s+\|\s+|(?<=[a-z0-9)}\]])\.\s+(?=[A-Z])"
                      r"|(?:,\s+(?:and\s+)?|(?<!\s)\s+and\s+)"
                      r"(?=(?:node|vertex|community|group|cluster)\s*#?\s*\w+\s*(?:[:=→\-–—]|\bbelongs|\bis\b|\bgoes|"
                      r"\bcontains|\bincludes|\bhas\b|\bconsists))",
                      re.I)


def _table_row(cells: list[str], header: list[str] | None) -> str:
    """A table row as the line a model would have written ("Node 3: Community 1",
    "Community 1: nodes 0, 2", "Node 3: yes") when the header names the columns."""
    names = [cell.lower() for cell in header or []]
    if len(names) != len(cells):
        return " : ".join(cells)
    node = next((i for i, h in enumerate(names)
                 if re.search(r"\b(?:nodes?|id|papers?|vertex|vertices|items?)\b", h)), None)
    group = next((i for i, h in enumerate(names) if re.search(_COMMUNITY, h, re.I)), None)
    verdict = next((i for i, h in enumerate(names) if re.search(r"outlier|verdict", h)), None)
    if node is not None and group is not None:
        if group < node and "nodes" in names[node]:
            return f"Community {cells[group]}: nodes {cells[node]}"
        value = cells[group]
        return f"Node {cells[node]}: " + (value if _COMMUNITY_ID.search(value)
                                          else f"Community {value}")
    if node is not None and verdict is not None:
        return f"Node {cells[node]}: outlier? {cells[verdict]}"
    return " : ".join(cells)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_ORDINAL = re.compile(r"\b(?:the\s+)?(first|second|third|fourth|fifth)(?:\s+(?:community|group|"
                      r"cluster)\b|(?=\s+(?:contains|includes|has|consists|is made)\b))", re.I)


_NUMBERED_NODES = re.compile(r"^(\d{1,2})[.)]\s+(?=nodes\s+\d[^A-Za-z]*(?:\(|$))", re.I)


# "Node 0, Node 2 and Node 4": one list of nodes, the word repeated before each id
_NODE_BY_NODE = re.compile(r"\b(?:node|paper|vertex)\s*#?\d{1,7}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+"
                           r"|\s*&\s*)(?:node|paper|vertex)\s*#?\d{1,7}\b)++", re.I)
_REPEATED = re.compile(r"(?<=[,d&])(\s+)(?:node|paper|vertex)\s*#?(?=\d)", re.I)


def _one_list(m: re.Match) -> str:
    return "nodes " + _REPEATED.sub(r"\1", m[0]).split(None, 1)[1].lstrip("#")


# A CSV header line ("node,community", "id;outlier"): no digits, a node column and another.
_CSV_HEADER = re.compile(r"\s*(?:node|id|paper|vertex)\w*(?:\s*[,;\t]\s*[A-Za-z_ ?]{2,20}){1,3}\s*",
                         re.I)

# Compiled once: these run on every line of a long answer. A separator with its blanks
# starts where a blank run starts (or at a comma right after the last separator): tried
# inside a run, it re-read the run from every blank (150 ms on 5000 spaces).
_DIGIT = re.compile(r"\d")
_CELL_SEP = re.compile(r"(?<!\s)\s*[,;\t]\s*|(?<=\s)[,;]\s*")
_NODE_SEP = re.compile(r"\s*(?:[:=\-–—→>|]+|\bin\b|\bbelongs to\b|\bis in\b|\bassigned to\b"
                       r"|\bgoes to\b|\bis\b|(?=[✓✔✅✗✘❌]))", re.I)  # "Node 2 ✓"


@lru_cache(maxsize=4)  # a T4 answer's lines are read twice (assignments, then verdicts)
def _lines(body: str) -> tuple[str, ...]:
    """Lines with markup stripped; table rows become statements, and clauses of one line
    (sentences, "; ", ", Node 4 ...") become lines of their own."""
    out: list[str] = []
    seen: dict[str, list[str]] = {}
    header: list[str] | None = None
    csv_header: list[str] | None = None
    for raw in body.splitlines():
        line = unmarked(raw).strip()
        if line.startswith("|") or line.count("|") >= 2:
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the |---|---| rule
            if header is None and not any(_DIGIT.search(c) for c in cells):
                header = cells
                out.append(" ".join(cells))
                continue
            out.append(_table_row(cells, header))
            continue
        header = None
        if _CSV_HEADER.fullmatch(line):  # "node,community": the rows after it are a table
            csv_header = [c.strip() for c in _CELL_SEP.split(line)]
            continue
        if csv_header:
            cells = [c.strip() for c in _CELL_SEP.split(line)]
            if len(cells) == len(csv_header) and all(cells):
                out.append(_table_row(cells, csv_header))
                continue
        csv_header = None
        segments = seen.get(line)
        if segments is None:  # a line repeated (a model stuck in a loop) is split once
            clauses = _NODE_BY_NODE.sub(_one_list, line)
            clauses = _ORDINAL.sub(lambda m: f"Community {_ORDINALS[m[1].lower()]}", clauses)
            # "2. Nodes 3, 4, 5 (retrieval)": the item number names the community
            clauses = _NUMBERED_NODES.sub(r"Community \1: ", clauses)
            segments = seen[line] = _SEGMENT.split(clauses)
        out += segments
    return tuple(out)


def _community_of(value: str) -> str | None:
    """The community named by the value part of a per-node line."""
    m = _COMMUNITY_ID.search(value)
    if m:
        return m[1].upper() if not m[1].isdigit() else str(int(m[1]))
    bare = _SHORT_ID.match(value)
    if bare:
        return bare[1].upper() if not bare[1].isdigit() else str(int(bare[1]))
    return None


def _split_node_line(line: str) -> tuple[int, str] | None:
    """(node, the rest) of a line that starts with one node reference and a separator."""
    m = _NODE_AT_START.match(line)
    if m is None:
        return None
    rest = PAREN.sub(" ", line[m.end():])
    sep = _NODE_SEP.match(rest)
    if sep is None:
        return None
    return int(m[1]), rest[sep.end():].strip()


def _assignments_from_json(body: str, n: int, kind: str) -> dict[int, Any] | None:
    """A JSON or Python dict answer: {node: community} or {community: [nodes]} (T5),
    {node: verdict} or {"outlier(s)": nodes} (T4); for T5 also a bare list of one
    community per node."""
    listed = re.fullmatch(r"\s*(?:```\w*\s*)?(?:[A-Za-z_][\w. ]{0,40}\s*[=:]\s*)?"
                          r"(\[[^\[\]]{0,20000}\])\s*(?:```)?\s*", body)
    if kind == "community" and listed:
        positional = _positional_values(listed[1], n)
        if positional:
            return positional
    start = body.find("{")
    if start < 0 or len(body) > 50_000:
        return None
    end = body.rfind("}")
    if end <= start:
        return None
    chunk = body[start:end + 1]
    data: Any = None
    # A Python dict of one entry per node (with a sentence of explanation each) is at most
    # ~200 characters a node; compiling a longer chunk that is not one (a 10k-item list cut
    # by the clip) took 22 ms. JSON is read at any length.
    loaders = (json.loads, ast.literal_eval) if len(chunk) <= 200 * n + 1000 else (json.loads,)
    for loader in loaders:
        try:
            data = loader(chunk)
            break
        except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
            continue
    if not isinstance(data, dict):
        return None
    for key in ("final_answer", "answer", "assignment", "communities", "partition", "result"):
        if isinstance(data.get(key), dict | list) and kind == "community" or \
                key in data and isinstance(data[key], dict):
            data = data[key]
            break
    else:  # one wrapper under another name ({"assignments": {...}})
        nested = [value for value in data.values() if isinstance(value, dict)]
        if len(nested) == 1 and len(data) <= 2 and not node_ids(" ".join(map(str, data)), n):
            data = nested[0]
    out: dict[int, Any] = {}
    if kind == "outlier":
        for key, value in (data.items() if isinstance(data, dict) else ()):
            if re.fullmatch(r"\s*(?:the\s+)?outliers?(?:_?nodes?)?\s*", str(key), re.I):
                nodes = value if isinstance(value, list) else [value]
                return {node: True for node in node_ids(" ".join(map(str, nodes)), n)}
        for key, value in (data.items() if isinstance(data, dict) else ()):
            node = node_ids(str(key), n)
            if len(node) != 1:  # before the verdict: a key naming no node has a long value
                continue
            verdict = _verdict(str(value)) if not isinstance(value, bool) else value
            if verdict is not None:
                out[node[0]] = verdict
        return out or None
    if isinstance(data, list):
        data = dict(enumerate(data))
    for key, value in data.items():
        if isinstance(value, list | tuple):  # community -> nodes
            for node in node_ids(" ".join(map(str, value)), n):
                out.setdefault(node, set()).add(_label(str(key)))
        else:
            node = node_ids(str(key), n)
            if len(node) == 1:
                out.setdefault(node[0], set()).add(_label(str(value)))
    return out or None


def _positional_values(bracketed: str, n: int) -> dict[int, str] | None:
    """"[1, 1, 0, 2]": one community per node, in node order (exactly ``n`` of them)."""
    try:
        values = json.loads(bracketed.replace("'", '"'))
    except ValueError:
        return None
    if not isinstance(values, list) or len(values) != n \
            or any(isinstance(value, list | dict) for value in values):
        return None
    return {node: _label(str(value)) for node, value in enumerate(values)}


# A line that is the whole assignment as a list ("Answer: [1, 1, 0, 2]", "labels = [...]"),
# with no label or an answer's: what follows it (per-community descriptions naming an
# example node, "Community 0: mostly project pages, e.g. Node 4.") describes it.
_LIST_LINE = re.compile(r"[ \t>*_-]*(?:(?:final[ \t]+)?(?:answer|assignments?|partition|result"
                        r"|output|labels|communities|clusters|membership|community[ _]?"
                        r"(?:assignments?|labels|ids))[ \t*_]*[=:][ \t]*)?"
                        r"(\[[^\[\]\n]{0,20000}\])[ \t.;]*", re.I)


def _label(text: str) -> str:
    return _community_of(text) or " ".join(text.lower().split())


# Verdicts of one node: positive (outlier) or negative.
# "odd one out", "the odd paper out", "odd man out"
ODD = r"odd\s+(?:one|paper|node|item|man|title)\s+out"
_NEGATIVE = re.compile(r"\bnot\s+(?:an?\s+|the\s+)?(?:outlier|anomal)|\bnon-?outlier|\binlier"
                       r"|\bnormal\b|\btypical\b"
                       r"|\bmember\b|\bbelongs\b|\bfits\b|\boutlier\s*\?\s*(?:no|false)\b"
                       r"|^\W*(?:no|false|✗|✘|❌|-)\W*$|\bno\b", re.I)
_POSITIVE = re.compile(r"\boutlier\b|^\W*(?:yes|true|✓|✔|✅|x)\W*$|\byes\b|\bodd one out\b"
                       r"|\b(?:anomal(?:y|ous)|atypical|off-topic)\b"
                       r"|\b(?:does|do|did)\s*(?:not|n't)\s+(?:\w+\s+)?(?:fit|belong)\b",
                       re.I)


def _verdict(text: str) -> bool | None:
    if _NEGATIVE.search(text):
        return False
    if _POSITIVE.search(text):
        return True
    return None


_CORRECTION = re.compile(r"\b(?:wait|actually|correction|instead|should (?:be|go|move)|"
                         r"moves? to|mistake|oops|on second thought|I meant|let me (?:re-?"
                         r"(?:check|count|consider|think|do)|fix|correct)|recount|fix(?:ed)?)\b",
                         re.I)


# A heading that presents its block as the one that counts ("Final assignment:").
_REVISED = re.compile(r"\b(?:final|revised|corrected|updated)\b", re.I)


class Block(dict):
    """node -> the values one run of assignment lines gives it; ``corrects`` when a
    correction cue ("wait", "should be", "correction:") comes just before or inside it."""

    corrects = False


def _blocks(lines: list[str], n: int, kind: str) -> list[Block]:
    """Consecutive runs of assignment lines."""
    blocks: list[Block] = []
    current = Block()
    heading: str | None = None  # a "Community 1" heading whose bullets list its nodes
    cue = False

    def close() -> None:
        nonlocal current, heading
        if current:
            blocks.append(current)
        current, heading = Block(), None

    read: dict[str, Any] = {}  # a line repeated (a model stuck in a loop) is read once
    for line in lines:
        if not line.strip():
            continue
        listed = _LIST_LINE.fullmatch(line) if kind == "community" and "[" in line else None
        positional = listed and _positional_values(listed[1], n)
        if positional:  # the whole assignment on one line: a block of its own
            close()
            blocks.append(Block({node: {value} for node, value in positional.items()}))
            blocks[-1].corrects = cue or bool(_REVISED.search(line, 0, listed.start(1))
                                              or _CORRECTION.search(line, 0, listed.start(1)))
            cue = False
            continue
        found = read[line] if line in read else read.setdefault(line, _assignment(line, n, kind))
        if heading is not None and not _COMMUNITY_ID.search(line):
            found = None  # under a "Community 2" heading, "Node 3: BM25" is a title
        if found is None and kind == "community":
            found, heading_now = _grouped(line, n)
            if heading_now is not None:
                heading = heading_now
                continue
            if found is None and heading_now is None and _TOPIC_HEADING.match(line) \
                    and not _NOT_A_GROUP.search(line):
                heading = " ".join(line.strip("# ").lower().split())  # "### Database papers"
                continue
            if found is None and heading is not None:
                if _NODES_LINE.match(line):  # "Nodes 0, 3, 6" under the heading
                    found = dict.fromkeys(node_ids(PAREN.sub(" ", line), n), heading) or None
                else:
                    nodes = node_ids(PAREN.sub(" ", line.split(":")[0]), n)
                    if nodes and _NODE_AT_START.match(line):
                        found = {node: heading for node in nodes[:1]}
        if found is None and kind == "outlier":
            found = _outlier_list(line, n)
        if found:
            if current and _CORRECTION.search(line) and not _NODE_AT_START.match(line):
                close()  # "Actually, Node 3 fits better in Community 2." patches the block
                cue = True
            if not current:
                current.corrects = cue or bool(_CORRECTION.search(line))
            for node, value in found.items():
                current.setdefault(node, set()).add(value)
        elif _WORD3.search(line) and not _is_header(line):
            close()
            cue = bool(_CORRECTION.search(line) or _REVISED.search(line))
    close()
    return blocks


_WORD3 = re.compile(r"[A-Za-z]{3,}")
_TOPIC_HEADING = re.compile(r"^#{1,6}\s+[A-Za-z][^\d:]{0,60}$")
_NODES_LINE = re.compile(r"^\W*nodes\b[^A-Za-z]*$", re.I)


def _is_header(line: str) -> bool:
    """A table header inside an answer ("Node | Community"): it does not end a block."""
    return bool(re.fullmatch(
        r"\W*(?:node|nodes|community|group|cluster|outlier\??|verdict|id|assignment|label)"
        r"(?:\W+(?:node|nodes|community|group|cluster|outlier\??|verdict|id|label))*\W*",
        line, re.I))


_NODE_MOVE = re.compile(r"\b(?:node|vertex)\s*#?" + ID
                        # "Node 4 ("Systems admin") is staff, so it belongs to Community 2"
                        + r"(?:\s*\([^()\n]{0,200}\))?(?:[^.;\n]{0,60}?\bso\s+it)?"
                        + r"\s+(?:(?:actually|really|instead|rather|clearly|definitely"
                        r"|in fact)\s+)?"
                        r"(?:belongs (?:to|in)|is in|"
                        r"goes (?:in)?to|"
                        r"should (?:be in|go (?:in)?to|move to)|moves? to|is assigned to"
                        r"|(?:fits|is|belongs) (?:better|best|more naturally) (?:in|into|with)"
                        # "belongs with the mining papers in Community 1"
                        r"|(?:belongs|goes|fits|should\s+go|should\s+be)\s+(?:with|among|alongside)"
                        r"\s+[^.;\n()]{0,40}?\s+(?:in|of|from))\s+"
                        r"(?:the\s+)?(" + _COMMUNITY + r"\s*#?\s*\w+)", re.I)
# Node lists as "3, 5 and 7" / "0-2, 6": bounded, possessive repeats, so a list of 20,000
# numbers that leads nowhere costs one pass, not a backtracking search.
_LIST = r"\d{1,7}(?:\s*(?:,|\band\b|&|[–-]|to)\s*(?:node\s*)?\d{1,7}){0,300}+"
_NODES_FIRST = re.compile(r"\bnodes?\s+(?P<list>" + _LIST + r")\s*(?:→|->|=>|:"
                          # "nodes 1, 3 and 4 are faculty pages (Community 0)"
                          r"|\bare\s+[^;.\n()]{0,40}?\(|\b(?:form|are in|"
                          # "nodes 0 and 4 are faculty pages and form Community 0"
                          r"are\s+[^;.\n()]{0,40}?\s(?:and|so\s+they)\s+(?:form|make\s+up"
                          r"|constitute|belong\s+to|go\s+(?:in)?to)|"
                          r"belong to|"
                          r"make up|constitute|are assigned to|go (?:in)?to|compose)\b)\s*"
                          r"(?:the\s+)?(?P<c>" + _COMMUNITY + r"\s*#?\s*\w+)", re.I)


# "{0, 2, 5} → community 0", "0 → A": node lists pointing at a community, several a line.
_ARROW = re.compile(r"(?<![\w,])(?P<list>[{\[(]?\s*" + _LIST + r"\s*[}\])]?)\s*(?:→|->|=>)\s*"
                    r"(?P<c>" + _COMMUNITY + r"\s*#?\s*\w+|[A-Za-z]{1,2}\d{0,3}\b)", re.I)


def _arrows(line: str, n: int) -> dict[int, str] | None:
    out: dict[int, str] = {}
    if not re.search(r"→|->|=>", line):
        return None
    for m in _ARROW.finditer(line):
        for node in node_ids(m["list"], n):
            out[node] = _community_of(m["c"]) or m["c"].upper()
    return out or None


_SET = re.compile(r"[{\[(]\s*(\d{1,7}(?:\s*,\s*\d{1,7}){0,300}+)\s*[}\])]")


def _positional_sets(line: str, n: int) -> dict[int, str] | None:
    """"{0, 1, 6}, {2, 3, 7}, {4, 5, 8}": several unnamed sets on one line are the
    communities in the order written."""
    sets = [node_ids(m[1], n) for m in _SET.finditer(line)]
    if len(sets) < 2 or _COMMUNITY_ID.search(line):
        return None
    return {node: f"S{i}" for i, nodes in enumerate(sets) for node in nodes} or None


HEDGED = "?"  # a node's value when its line offers two communities, or only a "maybe"
HEDGED_NODE, HEDGED_VERDICT = "a node hedged between communities", "a node's verdict hedged"
_EITHER = re.compile(r"\b" + _COMMUNITY + r"\s*#?\s*(?:[A-Za-z]|\d{1,7})\s*(?:\bor\b|/)\s*"
                     r"(?:" + _COMMUNITY + r"\s*#?\s*)?(?:[A-Za-z]|\d{1,7})\b", re.I)


# A verdict put only as a possibility ("Node 4: outlier (maybe)", "Node 4: possibly the
# outlier", "Node 4: outlier?"): the grading rule's hedge. A lean ("probably outlier")
# still commits, as a lean does everywhere.
# Only the verdict itself is looked at, not the explanation after a dash or a comma.
_MAYBE_VERDICT = re.compile(r"^[^.;,—–]{0,40}?\b(?:maybe|perhaps|possibly|might|could)\b"
                            r"|\(\s*(?:maybe|perhaps|possibly|\?)\s*\)|\?[\s)*_]*$", re.I)


def _assignment(line: str, n: int, kind: str) -> dict[int, Any] | None:
    found = _assignment_of(line, n, kind)
    if found and kind == "community" and _EITHER.search(line):
        return dict.fromkeys(found, HEDGED)  # "Node 4: Community 0 or 1"
    if found and (kind == "community" or any(v is True for v in found.values())) \
            and _MAYBE_VERDICT.search(line):
        return dict.fromkeys(found, HEDGED)  # "Node 4: Community 1 (maybe)"
    return found


def _assignment_of(line: str, n: int, kind: str) -> dict[int, Any] | None:
    if kind == "community":
        positional = _positional_sets(line, n)
        if positional:
            return positional
        pointed = _arrows(line, n)
        if pointed:
            return pointed
        moved = {int(m[1]): _community_of(m[2]) for m in _NODE_MOVE.finditer(line)
                 if int(m[1]) < n and not _NODE_AT_START.match(line)}
        if moved:
            return moved
        stated = {node: _community_of(m["c"]) for m in _NODES_FIRST.finditer(line)
                  for node in node_ids(m["list"], n)}
        if stated:  # "Nodes 0 and 5 form Community 0, and nodes 2-4 form Community 1"
            return stated
    split = _split_node_line(line)
    if split is None or not 0 <= split[0] < n:
        return None
    node, rest = split
    if kind == "community":
        community = _community_of(rest)
        return None if community is None else {node: community}
    verdict = _verdict(rest)
    return None if verdict is None else {node: verdict}


_NAMED_GROUP = re.compile(r"^\W*(?:(?:\d{1,3}|[a-z])[.)]\s*)?(?P<name>[A-Za-z][\w &/'-]{0,40}?)"
                         r"\s*(?:\([^()\n]{0,80}\)\s*)?(?:[:—–=→]|\s-\s)\s*(?:(?:the\s+)?nodes?\b"
                         r"(?P<list>(?:[^A-Za-z]|\band\b)*)|(?P<bare>[\d\s,&–{}\[\]-]++(?:and\s+\d+)?)"
                         r"\s*$)", re.I)
_NOT_A_GROUP = re.compile(r"answer|final|reasoning|outliers?|explanation|result|total|note",
                          re.I)


def _grouped(line: str, n: int) -> tuple[dict[int, str] | None, str | None]:
    """("Community 1: nodes 0, 2-4") -> ({0: "1", 2: "1", ...}, None); a bare heading
    ("Community 1 (databases)") -> (None, "1"); "2. Databases — nodes 0, 5" names one."""
    m = _COMMUNITY_ID.search(line)
    if m is None or re.search(r"\bnode\s*\d", line[:m.start()], re.I):
        # (its separator is needed: without one, a long line is not retried name by name)
        named = _NAMED_GROUP.match(line) if any(c in line for c in ":—–=→-") else None
        if named is None or re.search(r"\bnode\s*\d|^\s*nodes?\b", named["name"], re.I) \
                or _NOT_A_GROUP.fullmatch(named["name"].strip()) \
                or _CORRECTION.search(named["name"]):  # "Let me recount: node 6 is ..."
            return None, None
        nodes = node_ids(named["list"] or named["bare"] or "", n)
        return ({node: named["name"].strip().lower() for node in nodes} or None), None
    community = m[1].upper() if not m[1].isdigit() else str(int(m[1]))
    inner = re.match(r"\s*\(\s*nodes?\b([^()]*)\)", line[m.end():], re.I)
    if inner and node_ids(inner[1], n):
        return {node: community for node in node_ids(inner[1], n)}, None
    rest = PAREN.sub(" ", line[m.end():])
    verb = _GROUP_VERB.search(rest)
    # another community's number is none of this one's nodes ("AI = Community 0, Data
    # Mining = Community 1" is a legend)
    nodes = node_ids(_COMMUNITY_ID.sub(" ", rest[verb.end():]), n) if verb else []
    if nodes and (verb or _NODE_WORD.search(rest)):
        return {node: community for node in nodes}, None
    plain = re.sub(r"[^\w\s]", " ", rest).split()
    # "Community 0 — Reinforcement learning": a dash or colon before a name is no verb
    named = verb is None or re.fullmatch(r"\s*[:—–-]\s*", verb[0]) is not None \
        and not rest[:verb.start()].strip()
    if (not re.search(r"\d", rest) and line[:m.start()].strip(" -*#>•") == ""
            and named and len(plain) <= 8):
        return None, community
    return None, None


_OUTLIER_LIST = re.compile(r"\b(?:the\s+)?(?P<neg>non-?|not\s+)?(?:outliers?(?:_nodes?)?|" + ODD
                           + r"|exception|anomal(?:y|ies|ous\s+(?:one|node|item))"
                           r"|(?:one|paper|node|item|product|(?:web\s?)?page|article|patent|question"
                           r"|title|entry)\s+that\s+(?:\w+ly\s+)?does(?:n't| not)\s+"
                           r"(?:belong|fit))\b"
                           r"(?:\s+nodes?)?(?:\s+(?:here|in\s+(?:this|the)\s+(?:graph|group|set)))?"
                           r"(?:\s*\([^)]*\))?\s*(?:[:=]|→|->|\b(?:is|are)\b(?:\s+(?:clearly|likely|probably"
                           r"|instead|actually|really|rather|in\s+fact|definitely))?"
                           r"|\b(?:would|must|should|has to|seems to|appears to) be\b)\s*"
                           r"(?:the\s+)?[\[{(]?\s*(?P<list>(?:nodes?\s*)?#?[\d\s,and&–\-]+)", re.I)


def _outlier_list(line: str, n: int) -> dict[int, bool] | None:
    m = _OUTLIER_LIST.search(line)
    if m is None:
        return None
    nodes = node_ids(m["list"], n)
    return {node: not m["neg"] for node in nodes} or None


def _last_paragraph(body: str) -> str:
    parts = [p for p in re.split(r"\n[ \t]*\n", body.strip()) if p.strip()]
    return parts[-1] if parts else ""


def _dangling(body: str, kind: str) -> bool:
    """Does the text end on a statement that was cut off ("Node 3: outl")?"""
    last = unmarked(body.rstrip().rsplit("\n", 1)[-1]).strip()
    if re.search(r"[a-z]{3}[.!][)\]\"'”]*$", last):  # a finished sentence ("Node 11 is about X.")
        return False
    split = _split_node_line(last)
    if split is not None:  # whatever the node (a line for node 113 is complete, just ignored)
        rest = split[1]
        return (_community_of(rest) if kind == "community" else _verdict(rest)) is None
    heading = _COMMUNITY_ID.match(last.lstrip("-*• "))
    if heading:  # "Community 2: nodes 3, 6, 8" is whole; "Community 2 (retrieval)" lists none
        return kind == "community" and not re.search(r"\d", last.lstrip("-*• ")[heading.end():])
    return bool(_NODE_AT_START.match(last))


def _ends_in_list(text: str, n: int) -> bool:
    """Does the whole text stop on an unterminated list of a community's nodes
    ("Community 2: 4, 5")? With nodes still missing, the list was cut off mid-way (a
    last "Node 7: Community 1" line is whole, so it stays a partial answer)."""
    last = unmarked(normalize(text).rstrip().rsplit("\n", 1)[-1]).strip()
    if not last or last[-1] in ".!?)]}":
        return False
    return len(_grouped(last, n)[0] or ()) >= 2


def _choose(blocks: list[Block], n: int) -> dict[int, set] | None:
    """The last complete block, patched by later partial blocks that correct it ("Wait,
    node 5 belongs to Community 1"); a later partial block without a cue restates, so it
    does not count. Without a complete block, the last block."""
    complete = [i for i, block in enumerate(blocks) if len(block) >= n]
    if not complete:
        return blocks[-1] if blocks else None
    last = blocks[complete[-1]]
    if not last.corrects and any(_partition(blocks[i]) != _partition(last)
                                 for i in complete[:-1]):
        return {}  # two different complete answers and nothing says which one counts
    chosen = dict(last)
    for block in blocks[complete[-1] + 1:]:
        if block.corrects:
            chosen.update(block)
    return chosen


_NODE_RUN = re.compile(r"\b(?:nodes?|papers?)\s*#?\s*(?P<list>" + _LIST + r")", re.I)
_ORDINAL_LEAD = re.compile(r"^\W*(?:and\s+)?(?:the\s+)?(?P<o>first|second|third|fourth|fifth|last"
                           r"|remaining|rest|other)\b", re.I)


def _prose_groups(body: str, n: int) -> Block | None:
    """Sentences that each put some nodes in one community ("Node 2, Node 3, Node 7 are
    community 1", "The second — databases — holds Nodes 2, 3 and 7", "The remaining
    papers, Nodes 4, 5 and 8, are about data mining"): the fallback for answers with no
    assignment lines at all."""
    out = Block()
    used: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", unmarked(body)):
        named = list(_COMMUNITY_ID.finditer(sentence))
        ordinal = _ORDINAL_LEAD.match(sentence)
        if len(named) == 1:
            group = _community_of(named[0][0])
        elif not named and ordinal:
            word = ordinal["o"].lower()
            group = str(_ORDINALS[word]) if word in _ORDINALS else f"next{len(used)}"
        else:
            continue
        nodes = [node for m in _NODE_RUN.finditer(PAREN.sub(" ", sentence))
                 for node in node_ids(m["list"], n)]
        if nodes and group is not None:
            used.append(group)
            for node in nodes:
                out.setdefault(node, set()).add(group)
    return out or None


_REST = re.compile(r"(?P<c>" + _COMMUNITY + r"\s*#?\s*\w+)(?:\s*\([^()\n]{0,60}\))?"
                   r"\s*(?::|=|\b(?:contains|has"
                   r"|gets|is|includes|holds|takes))\s*(?:all\s+)?(?:the\s+)?(?:rest|remaining|other"
                   r"s?|everything\s+else|every\s+other\s+node)\b"
                   r"|\b(?:the\s+)?(?:rest|remaining(?:\s+nodes)?|all\s+other\s+nodes|all\s+others"
                   r"|everything\s+else|every\s+other\s+node|the\s+others|other\s+nodes)\s+"
                   r"(?:go|goes|are|is|belongs?|form|make\s+up)\s+(?:in|to|into)?\s*(?P<c2>"
                   + _COMMUNITY
                   + r"\s*#?\s*\w+)", re.I)


def _partition(block: Block) -> tuple:
    """The block as a partition (names do not matter): one group index per node."""
    first: dict = {}
    return tuple(first.setdefault(frozenset(block[node]), len(first)) for node in sorted(block))


def read_assignment(text: Any, n: int, kind: str, labels: Sequence[str] = ()
                    ) -> dict[int, Any] | NoAnswer:
    """node -> community (``kind`` "community") or node -> is outlier ("outlier");
    ``labels`` are the task's category names, which a per-node line may give as its
    community ("Node 3: Neural_Networks")."""
    body = answer_part(text)
    if isinstance(body, NoAnswer):
        return body
    if labels and kind == "community":
        body = _labels_as_communities(body, labels)
    found = _assignments_from_json(body, n, kind)
    blocks = [Block({node: {v} if not isinstance(v, set) else v for node, v in found.items()})] \
        if found else _blocks(_lines(body), n, kind)
    if not blocks and kind == "community":
        prose = _prose_groups(body, n)
        blocks = [prose] if prose else []
    chosen = _choose(blocks, n)
    rest = _REST.search(unmarked(body)) if kind == "community" and chosen else None
    if rest and len(chosen) < n:  # "Community 2 contains the rest"
        group = _community_of(rest["c"] or rest["c2"])
        chosen = {**{node: {group} for node in range(n)}, **chosen}
    if chosen == {}:
        return NoAnswer("two different final assignments")
    if chosen is None:
        return NoAnswer("no assignment in the answer")
    if any(len(values) > 1 for values in chosen.values()):
        return NoAnswer("a node given two different answers")
    if any(HEDGED in values for values in chosen.values()):
        return NoAnswer(HEDGED_NODE if kind == "community" else HEDGED_VERDICT)
    if len(chosen) < n and (is_truncated(body) or _dangling(body, kind)
                            or kind == "community" and _ends_in_list(text, n)):
        return NoAnswer("cut off inside the assignment")
    last = _last_paragraph(body)
    if len(chosen) < n and (is_hedge(last) or UNSURE_LINK.search(last)):
        return NoAnswer("hedged between assignments")
    # "not confident; 2 and 3 could swap", "Note: not fully sure about Node 2; it could be
    # in Community 1 too" (a note the answer region leaves out)
    for closing in (last, _last_paragraph(normalize(text[-CLIP:]))):
        if (DOUBT.search(closing) or _NOT_SURE.search(closing)) and _SWAP.search(closing):
            return NoAnswer("another assignment offered after the answer")
    return {node: next(iter(values)) for node, values in chosen.items()}


# a per-node line whose value is a short name: "Node 3: Neural_Networks", "2 - faculty"
_NAME_LINE = re.compile(r"^(?P<head>[^\w\n]*+(?:node|vertex|paper|item)?[ \t]*#?\d{1,7}[ \t]*"
                        r"(?:[:=→|]|->|[ \t][-–—][ \t]))[ \t]*(?P<name>[A-Za-z][\w &/'-]{0,60}?)"
                        r"[ \t.;,|*_]*$", re.I | re.M)


def _labels_as_communities(body: str, labels: Sequence[str]) -> str:
    """Per-node lines that name one of the task's labels and nothing else, rewritten as
    that label's community: a grader reads "Node 0: Theory" as a community named Theory."""
    def community(m: re.Match) -> str:
        named = mentioned_labels(m["name"], labels)
        if len(named) != 1 or len(m["name"].split()) > 4:
            return m[0]
        return f"{m['head']} Community {list(labels).index(named[0])}"
    return _NAME_LINE.sub(community, body)


# --- T4 ------------------------------------------------------------------------------------

_OUTLIERS_PLURAL = re.compile(r"\bnodes?\s*(?P<list>" + _LIST + r")"
                              r"\s+are\s+(?:both\s+|all\s+)?(?:the\s+)?outliers\b", re.I)
_ELLIPTIC = re.compile(r"\bnot (?:the|an) outlier\s*[;,.—–-]\s*(?:but\s+|rather\s+|instead\s+)?"
                       r"(?:node|vertex)\s*#?" + ID + r"\s+is\b", re.I)
_RETRACT = re.compile(r"\bwait\b|\blet me re-?(?:check|consider|count|think)\b|\bon second "
                      r"thought\b|\bthat'?s (?:wrong|incorrect)\b|\bscratch that\b", re.I)
# up to 40 characters of one clause that names no other node
_SAME_CLAUSE = r"(?:(?!\b(?:node|vertex|paper)\s*#?\d)[^.;\n]){0,40}?"
_OUTLIER_PROSE = re.compile(
    r"\b(?:node|vertex|paper)\s*#?" + ID + r"\b(?:\s*\([^()]{0,200}\))?(?:\s*\"[^\"]{0,300}\")?"
    + _SAME_CLAUSE + r"\b(?P<neg>is not|isn't|is)\s+(?:clearly\s+|likely\s+|probably\s+)?"
    r"(?:the|an|a)\s+(?:(?!least\b)[a-z]+\s+){0,2}?(?:outlier|" + ODD + r"|odd one"
    r"|(?:paper|one|node|item|title)\s+that\s+(?:\w+ly\s+)?does(?:n't| not)\s+(?:fit|belong))"
    r"|\b(?:node|vertex|paper)\s*#?" + ID + r"\b" + _SAME_CLAUSE + r"\b(?:does not|doesn't) fit"
    r"|\b(?:pick|choose|select|flag|identify|name|mark)\s+(?:node|vertex|paper)\s*#?" + ID
    + r"\s+as\s+(?:the|an)\s+(?:\w+\s+)?outlier"
    r"|\b(?:node|vertex|paper)\s*#?" + ID
    + r"\b(?:\s*\([^()]{0,200}\))?\s+(?:clearly\s+)?stands out"
    r"|\b(?:node|vertex|paper)\s*#?" + ID + r"\s*\(\s*(?:the\s+)?outlier\s*\)"
    # "Node 4 is anomalous; the rest are cookbooks"
    r"|\b(?:node|vertex|paper)\s*#?" + ID + r"\b(?:\s*\([^()]{0,200}\))?" + _SAME_CLAUSE
    + r"\bis\s+(?:clearly\s+|the\s+most\s+)?(?:anomalous|atypical|off-topic|out\s+of\s+place)\b",
    re.I)


_MAYBE_OUTLIER = re.compile(r"\b(?:node|vertex|paper)\s*#?" + ID + r"\b" + _SAME_CLAUSE
                            + r"\b(?:(?:could|might|may)\s+(?:also\s+)?be\s+"
                            r"(?:considered\s+|seen as\s+)?(?:an?|the)\s+(?:\w+\s+)?outlier"
                            r"|(?:is\s+)?also\s+(?:plausible|possible|a (?:\w+\s+)?candidate))",
                            re.I)


# An explicit answer that opens on one node and explains it after a dash, colon or comma.
_LEAN = r"(?:(?:probably|most\s+likely|likely)\s+)?"  # a lean still picks: "Probably Node 3"
_NODE_FIRST = re.compile(r"\W*" + _LEAN + r"(?:node|vertex|paper)\s*#?" + ID
                         + r"\s*(?:[—–:,;(]|\s-\s|$)", re.I)
_NAMES_NODE = re.compile(r"\b(?:nodes?|vertex|papers?)\s*#?\d", re.I)


# Words without which a T4 pattern cannot match: each of its alternatives holds one.
_NEEDS = {_OUTLIER_PROSE: ("outlier", "odd", "fit", "belong", "stand", "anomal", "atypical",
                          "off-topic", "place"),
          _OUTLIER_LIST: ("outlier", "odd", "exception", "fit", "belong", "anomal"),
          _OUTLIERS_PLURAL: ("outlier",), _ELLIPTIC: ("outlier",),
          _MAYBE_OUTLIER: ("outlier", "plausible", "possible", "candidate")}


def _scan(pattern: re.Pattern, text: str):
    """``pattern.finditer(text)``, skipped when a word it needs is missing (on 10k
    characters of prose the scan costs a few ms)."""
    return pattern.finditer(text) if mentions(text, _NEEDS[pattern]) else iter(())


def _prose_node(m: re.Match) -> int:
    return int(next(g for g in m.groups() if g and g.isdigit()))  # the alternative matched


def _prose_outlier(region: str, explicit: bool, n: int) -> Any:
    """The nodes an outlier statement names: the first statement of an explicit answer,
    the last one in bare text (where a retraction after it, with no new statement, leaves
    no answer)."""
    hits: list[tuple[int, list[int]]] = []
    region = unmarked(region)
    line = region.strip().split("\n", 1)[0]
    opening = _NODE_FIRST.match(line)
    if opening and (_MAYBE_VERDICT.search(line[opening.end():])
                    or _MAYBE_VERDICT.search(line[opening.end() - 1:])):
        return None  # "Answer: Node 4: outlier (maybe)", "Node 4 (possibly)"
    for m in _scan(_OUTLIER_PROSE, region):
        node = _prose_node(m)
        if (not m["neg"] or m["neg"].lower() == "is") and node < n:
            hits.append((m.start(), [node]))
    for m in _scan(_ELLIPTIC, region):  # "Node 5 is not the outlier; Node 2 is."
        if int(m[1]) < n:
            hits.append((m.start(1), [int(m[1])]))
    for pattern in (_OUTLIER_LIST, _OUTLIERS_PLURAL):
        for m in _scan(pattern, region):
            nodes = node_ids(m["list"], n)
            if nodes and not m.groupdict().get("neg"):
                plural = "outliers" in m[0].lower()
                hits.append((m.start(), nodes if plural else nodes[:1]))
    plain = PAREN.sub(" ", region).strip()
    if not hits and re.fullmatch(r"\W*" + _LEAN + r"(?:(?:node|vertex)\s*)?\d{1,7}\W*", plain,
                                 re.I):
        hits = [(0, node_ids(plain, n))] if node_ids(plain, n) else []
    named = _NODE_FIRST.match(plain) if not hits and explicit else None
    if named and int(named[1]) < n and not _NAMES_NODE.search(plain, named.end()) \
            and not _NEGATIVE.search(plain, named.end()):  # not "Node 0: not outlier"
        hits = [(0, [int(named[1])])]  # "Answer: Node 4 — it is about databases"
    if not hits:
        return ABSENT
    hits.sort()
    doubted = {int(m[1]) for m in _scan(_MAYBE_OUTLIER, region)}
    if doubted - set(hits[0 if explicit else -1][1]):
        return None  # "However, Node 10 could also be considered an outlier."
    if explicit:
        return hits[0][1]
    if _RETRACT.search(region, hits[-1][0] + 1):
        return None
    earlier = [nodes for at, nodes in hits if nodes != hits[-1][1]]
    if earlier and not _REVISES.search(region, 0, hits[-1][0]):
        return None  # "The outlier is Node 3. The outlier is Node 6.": which one?
    return hits[-1][1]


def _singular_statements(text: str, n: int) -> list[tuple[int, list[int]]]:
    """(position, [node]) of each statement calling one node the outlier."""
    said = [(m.start(), node_ids(m["list"], n)[:1]) for m in _scan(_OUTLIER_LIST, text)
            if not m["neg"] and "outliers" not in m[0].lower()]
    said += [(m.start(), [_prose_node(m)]) for m in _scan(_OUTLIER_PROSE, text)
             if (not m["neg"] or m["neg"].lower() == "is") and _prose_node(m) < n]
    return sorted((at, nodes) for at, nodes in said if nodes)


def _restated_differently(text: str, n: int) -> bool:
    """"The outlier is Node 3. The outlier is Node 6.": singular statements naming
    different nodes with nothing that revises the first."""
    said = _singular_statements(text, n)
    return (len({nodes[0] for _, nodes in said}) > 1
            and not _REVISES.search(text, said[0][0], said[-1][0]))


# Words that make an earlier outlier statement a draft of the last one.
_REVISES = re.compile(r"\b(?:wait|actually|correction|instead|mistake|oops|on second thought"
                      r"|I meant|let me|but|however|first|initially|at first|thought|seemed"
                      r"|looked|rather|no[,.]|fits)\b", re.I)


def read_outliers(text: Any, n: int) -> list[int] | NoAnswer:
    """The nodes called outliers, in the order written (Hit@1 takes the first): from a
    JSON answer, a per-node listing (or a list of several), else an outlier statement.
    A "Reasoning:" section that calls only other nodes the outlier ("Answer: Node 3 ...
    Reasoning: ... In summary, Node 6 is the outlier.") contradicts the answer."""
    found = _outliers_in(text, n)
    if isinstance(found, list) and isinstance(text, str):
        reasoning = unmarked(_reasoning_after(text))
        said = {nodes[0] for _, nodes in _singular_statements(reasoning, n)}
        if said and not said & set(found):
            return NoAnswer("the reasoning names another outlier than the answer")
        # "Reasoning: ... However, Node 2 could also be the outlier": another candidate
        # offered after the answer is a hedge, as it is inside the answer
        if {int(m[1]) for m in _scan(_MAYBE_OUTLIER, reasoning)} - set(found):
            return NoAnswer("the reasoning offers another outlier")
    return found


def _outliers_in(text: Any, n: int) -> list[int] | NoAnswer:
    body = answer_part(text)
    if isinstance(body, NoAnswer):
        return body
    given = _assignments_from_json(body, n, "outlier")
    if given:
        return [node for node, is_outlier in given.items() if is_outlier]
    if _restated_differently(unmarked(body), n):
        return NoAnswer("two different outliers stated, neither corrected")
    def prose(region: str, explicit: bool) -> Any:
        return _prose_outlier(region, explicit, n)

    verdicts = read_assignment(text, n, "outlier")
    if not isinstance(verdicts, NoAnswer):
        if len(verdicts) >= 2:
            revised = _revised_after_listing(body, n, prose)
            return revised or [node for node, is_outlier in verdicts.items() if is_outlier]
    elif verdicts.reason == "cut off inside the assignment":
        # cut off after it named its outlier ("Node 3: outlier\nNode 4: not out"): the
        # outlier was committed, only the remaining "not outlier" lines are lost
        named = _named_outliers(body, n)
        return named if named is not None else verdicts
    elif verdicts.reason in ("a node given two different answers", HEDGED_VERDICT):
        return verdicts
    if _NONE_OUTLIER.search(unmarked(body).strip()) and not _OUTLIER_PROSE.search(body):
        return []
    stated = read_answer(body, prose)
    if isinstance(stated, NoAnswer) and stated.reason == _NO_VALUE:
        # no statement, but one verdict line names the outlier ("Node 7: outlier\n(all
        # other nodes: not outlier)")
        named = _named_outliers(body, n)
        return named if named is not None else stated
    return stated


_NO_VALUE = "no answer of this type in the final answer"
_NOT_SURE = re.compile(r"\bnot\s+(?:\w+\s+)?(?:sure|certain|confident)\b", re.I)
# An alternative assignment offered after the answer.
_SWAP = re.compile(r"\b(?:could|might|may)\s+(?:\w+\s+){0,3}?(?:be\s+)?(?:swapped|switched"
                   r"|exchanged|go\s+(?:in|to|into)|belong|also\s+be|equally"
                   r"|(?:be|fit)\s+in(?:to)?\s+(?:the\s+other\b|" + _COMMUNITY + r"))\b"
                   r"|\beither\s+(?:way|group"
                   r"|community|cluster)\b", re.I)


# What the answers call the nodes, in every domain's vocabulary (``vocab.DOMAINS``):
# "None of the pages is an outlier" is the same answer as "None of the papers is".
_ITEM = (r"(?:node|vertex|paper|(?:web\s*)?page|product|article|patent|question|item|document"
         r"|entry|site)")
_ITEMS = (r"(?:nodes|vertices|papers|(?:web\s*)?pages|products|articles|patents|questions|items"
          r"|documents|entries|sites)")
# "None of the papers is an outlier", "There is no outlier": a committed empty answer.
_NONE_OUTLIER = re.compile(r"\boutliers?\s*[:=]\s*(?:none|no|n/?a|∅|\[\s*\])\W*$"
                           # "No outlier — all papers fit", "Answer: no clear outlier."
                           r"|^\W*(?:final\s+)?answer\W*[:=]\W*none\b(?!\s+of\b)"
                           r"|(?:^|[.!:;—–]\s+|\n)[^\w\n]*+no\s+(?:clear\s+|obvious\s+|real\s+|semantic\s+)?"
                           r"outliers?\b(?!\s+(?:other|besides|except|apart|but)\b)"
                           r"|\b(?:none of (?:the|these|those) (?:\w+\s+){0,2}?" + _ITEMS
                           + r"|no " + _ITEM + r"|there (?:is|are) no)\s+(?:\w+\s+){0,2}?"
                           r"(?:(?:is|are)?\s*(?:an?\s+|the\s+)?(?:semantic\s+)?outliers?\b"
                           r"|(?<!\bno )(?:really\s+|clearly\s+)?"
                           r"(?:stands?\s+out|is\s+out\s+of\s+place"
                           r"|does(?:n't|\s+not)\s+(?:fit|belong))\b)", re.I)


def _named_outliers(body: str, n: int) -> list[int] | NoAnswer | None:
    """The nodes the verdict lines call outliers (None when none does); a line that
    only says "maybe" leaves no answer."""
    verdicts = _listed_verdicts(body, n)
    if any(value is HEDGED for _, value in verdicts):
        return NoAnswer(HEDGED_VERDICT)
    return [node for node, value in verdicts if value is True] or None


def _listed_verdicts(body: str, n: int) -> list[tuple[int, bool]]:
    out = []
    lines = _lines(body)
    read = {line: _assignment(line, n, "outlier") for line in set(lines)}  # repeats once
    for line in lines:
        out += list((read[line] or {}).items())
    return out


def _revised_after_listing(body: str, n: int, prose) -> list[int] | None:
    """A correction or a final answer after the per-node listing that names another
    outlier ("Actually, Node 1 fits. Final answer: Node 7 is the outlier.") replaces the
    listing."""
    lines = body.splitlines()
    listing = {line: _assignment(unmarked(line).strip(), n, "outlier")
               for line in set(lines)}  # a repeated line is read once
    last = max((i for i, line in enumerate(lines) if listing[line]), default=None)
    if last is None:
        return None
    tail = "\n".join(lines[last + 1:])
    if not (_CORRECTION.search(tail) or LATER_ANSWER.search(tail)):
        return None
    value = read_answer(tail, prose)
    return value if isinstance(value, list) and value else None
