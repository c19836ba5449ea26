"""Reading node names back: from the labels a prompt used to the instance's node ids.

A relabeled prompt calls node 3 "17" (a random permutation), "4" (ids from 1) or "D"
(alphabetic names). Answers that name nodes are parsed in that label space and mapped back,
so that every encoding is scored against the same truth. A name that is not a label of the
graph maps to -1, which no verifier accepts: a wrong answer, not an unparsable one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from graphgauge.scoring.guards import plain_letters

# Name labels are replaced by OFFSET + id before parsing, so that no number written in the
# answer's prose can pass for a node.
OFFSET = 10**6
_PROSE_CAPITALS = frozenset({
    "BFS", "DFS", "MST", "DAG", "LCA", "SCC", "API", "JSON", "YES", "NO", "OK", "AND", "OR",
    "THE", "ID", "IDS", "NA", "TRUE", "FALSE", "NONE", "NOT", "END", "ANSWER", "NOTE",
})

# The pronoun "I" is no node name, even among labels A..J: "I'm guessing", "I'd need to
# check", "I haven't verified" (a name is never followed by a contraction or these verbs).
_PRONOUN = (r"I(?:['\u2019](?:m|ll|d|ve)\b|[ \t]+(?:am|think|believe|guess|haven'?t|have not"
            r"|can'?t|cannot|couldn'?t|don'?t|do not|wasn'?t|was not|need|honestly)\b)")

# The article "A" is no node name either: "A Hamiltonian path in the graph is:", "A valid
# order: ...", "A minimum vertex cover is {B, D}" (a name is never followed by an adjective
# or a noun of graph prose; "A is adjacent to B", "A → D", "A, B and C" keep node A).
_ARTICLE = (r"A[ \t]+(?=[a-zA-Z]{2})(?i:possible|valid|correct|simple|short(?:est)?"
            r"|long(?:est)?|min(?:imum|imal)|max(?:imum|imal)|greedy|good|single|complete|feasible|optimal|proper|quick|full"
            r"|final|better|natural|sample|suitable|careful|brief|unique|topological|spanning"
            r"|dominating|independent|hamiltonian|eulerian|bfs|dfs|breadth|depth|node|vertex"
            r"|path|cycle|tour|walk|set|list|clique|cover|matching|tree|sequence|traversal"
            r"|solution|candidate|similar|closer)\b")


@lru_cache(maxsize=64)
def _reader(
    labels: tuple[str, ...],
) -> tuple[Callable[[str], str] | None, Callable[[int], int]]:
    """(text rewriter or None, number -> node id) for one label list; cached because every
    item of a relabeled run uses the same few lists."""
    if all(label.isdigit() for label in labels):
        index = {int(label): node for node, label in enumerate(labels)}
        return None, lambda value: index.get(value, -1)
    n = len(labels)
    names = {label: str(OFFSET + node) for node, label in enumerate(labels)}
    if all(label.isalpha() and label.isupper() for label in labels):
        # Any token shaped like a label (capitals, up to one letter longer than the
        # longest label: "ZZ" among A..M) is read as a node name; one that names no node
        # becomes an unknown node, so that a made-up name cannot silently drop out of an
        # answer. Longer capitalised words ("NOTE") and the usual acronyms of graph
        # prose ("BFS", "MST") are not names.
        longest = max(map(len, labels)) + 1
        # (the leading lookahead lets the scan skip other characters at C speed)
        pattern = re.compile(rf"(?=[A-Z])(?<![A-Za-z0-9_])(?!{_PRONOUN}|{_ARTICLE})"
                             rf"([A-Z]{{1,{longest}}})(?![A-Za-z0-9_])")
    else:
        alternatives = "|".join(map(re.escape, sorted(labels, key=len, reverse=True)))
        first = "".join(sorted({re.escape(label[0]) for label in labels})) if all(labels) \
            else ""
        pattern = re.compile((rf"(?=[{first}])" if first else "")
                             + rf"(?<![A-Za-z0-9_])({alternatives})(?![A-Za-z0-9_])")
    unknown = str(OFFSET + n)
    names.update((word, word) for word in _PROSE_CAPITALS if word not in names)

    def rewrite(text: str) -> str:
        # split() puts each name at the odd positions: one dictionary look-up per name,
        # much cheaper than a Python callback per match on long answers.
        parts = pattern.split(text)
        parts[1::2] = [names.get(token, unknown) for token in parts[1::2]]
        return "".join(parts)

    def lookup(value: int) -> int:
        node = value - OFFSET
        return node if 0 <= node < n else -1

    return rewrite, lookup


def label_reader(text: str, labels: Sequence[str]) -> tuple[str, Callable[[int], int]]:
    """``text`` prepared for the numeric parsers, and the map from parsed numbers to ids."""
    rewrite, lookup = _reader(tuple(labels))
    return (rewrite(plain_letters(text)) if rewrite else text), lookup


@lru_cache(maxsize=64)
def _values(labels: tuple[str, ...]) -> tuple[int, ...]:
    if all(label.isdigit() for label in labels):
        return tuple(int(label) for label in labels)
    return tuple(OFFSET + node for node in range(len(labels)))


def label_values(labels: Sequence[str]) -> tuple[int, ...]:
    """What the numeric parsers read for each node's label, in node order: the label's
    number, or the stand-in a name is rewritten to ("all nodes except D" is read in this
    space and mapped back with the same lookup)."""
    return _values(tuple(labels))
