"""A reply that closes on a line naming the quantity and giving its value.

Chat models often end without any "Answer" word: "**Number of connected components: 1**",
"## Heat trace ≈ 1.90", "Neighbors of node 4: [1, 7]". A careful grader reads that last
line as the answer, over the values of the working above it (a bold "all **29 nodes**", a
bold edge "**(1, 4)**"), over formulas and over an opening definition ("RA(1, 19) = \\sum
..."): the model closed on it. It is no answer of its own when it is not the close (a
correction or a question follows it), when it stands inside a block of working (a line of
a list, one of several labelled lines in its paragraph), when its label names a step of
the working ("Step 3: ...", "Check: ...") or when its value is arithmetic still being done
("Total: 3 + 4 = 7"). Whether the value is of the asked type, and whether it hedges, the
caller decides with its reader, as for any commitment.
"""

from __future__ import annotations

import math
import re
from numbers import Real
from typing import Any

from graphgauge.scoring.bare import PLEASANTRY
from graphgauge.scoring.region_types import ABSENT, Reader, value_like
from graphgauge.scoring.rivals import NAME_WORD, NOT_SUBJECT, differs
from graphgauge.scoring.signals import CUE

# The last line, markup and all: an optional heading or quote mark, a label, a separator
# and the value ("**Label: value**", "**Label:** value", "### Label ≈ value", "Label = value").
_CLOSING = re.compile(
    r"[ \t>]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?[ \t]*(?P<label>[A-Za-z][^:=≈~*_\n]{0,80}?)"
    r"[ \t]*(?:\*\*|__)?[ \t]*(?P<sep>:|=|≈|~)[ \t]*(?:\*\*|__)?[ \t]*"
    r"(?P<value>[^\n]{1,200}?)[ \t]*(?:\*\*|__)?[ \t.!]*\Z")
# Labels of the working, not of an answer: "Step 2", "Check", "Iteration 3", "Note".
_WORKING_LABEL = re.compile(
    r"\b(?:step|check|checking|verif\w*|note|reason\w*|explanation|justification|working"
    r"|approach|method|iteration|round|pass|attempt|try|trying|candidate|case|option|guess"
    r"|queue|stack|visited|current|frontier|stage|phase|part|hint|answer|so far|thus far"
    r"|for now|partial|running|tentative\w*|provisional\w*)\b", re.I)
# "Step 2", "Path 1", "Tour #3": a numbered thing is one of several tried.
_NUMBERED = re.compile(r"\A\W*[A-Za-z]+[ \t]*#?\d+\W*\Z")
# A label names a quantity; a sentence ("So the heat trace at t = 1 is", "Here is one
# such set", "Oops, I swapped them. ratio") is no label.
_CLAUSE = re.compile(r"\b(?:is|are|was|were|has|have|had|be|been|costs?|gives?|because|since"
                     r"|which|so|thus|hence|therefore|but|if|when|then|after|before|we|I|it"
                     r"|this|that|here|there)\b|[,;.!?](?=\s|\Z)", re.I)
_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|be|been|because|since|which|but|if"
                   r"|when|we|I|it|this|that)\b|[.;!?](?=\s)", re.I)
_LABEL_WORDS = 8
# The value a chain of working comes to: "(1 + √5)/2 ≈ 1.618", "5 / 1 = 5.00".
_CHAIN = re.compile(r"[=≈]")
_ARITHMETIC = re.compile(r"[+*^√]|\d[ \t]+[-×/][ \t]+\d")
# A formula written without LaTeX: set sizes and operations, a function of the nodes
# ("|N(5) ∩ N(11)| / |N(5) ∪ N(11)|", "Σ 1/deg(w)", "log(x)"): it names no value.
_FORMULA = re.compile(r"[|∩∪∑Σ∏√∈]|[A-Za-z]\(")
_ASIDE = re.compile(r"[ \t]*\([^()\n]{0,80}\)[ \t.]*\Z")
_MARKUP = re.compile(r"\*\*|__")
_MAX_NAMES = 12
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+(?:\.\d*)?|\.\d+)")
# A list or a walk, not one number ("1 or 2" is one answer or a hedge, the caller decides).
_LISTED = re.compile(r"[\[{]|\d[ \t]*(?:[,;→]|->)")
# Scalar quantities: a count or measure is not the answer to a question asking for nodes.
_MEASURE = re.compile(r"\b(?:total|sum|weight|cost|length|distance|number|count|size|value"
                      r"|score|capacity|flow|hops?|diameter|radius)\b", re.I)


def closing_line(text: str) -> tuple[int, int, str] | None:
    """(start, end, value) of the labelled line the text closes on, or None. The line is a
    paragraph of its own: a labelled line among others ("**N(1)** = {...}\\n**N(19)** =
    {...}") is working, not the close."""
    end = len(text.rstrip())
    start = text.rfind("\n", 0, end) + 1
    if start and end - start <= 300 and PLEASANTRY.search(text, start, end) and not any(
            c.isdigit() for c in text[start:end]):
        end = len(text[:start].rstrip())  # "Let me know if you need more!" leaves it standing
        start = text.rfind("\n", 0, end) + 1
    if end - start > 300 or start == 0:
        return None
    above = text.rfind("\n", 0, start - 1) + 1
    if text[above:start - 1].strip():
        return None  # (not a paragraph of its own)
    m = _CLOSING.fullmatch(text, start, end)
    if m is None:
        return None
    label = m["label"].strip()
    if (_WORKING_LABEL.search(label) or _NUMBERED.match(label) or _CLAUSE.search(label)
            or len(label.split()) > _LABEL_WORDS):
        return None
    value = _CHAIN.split(_MARKUP.sub("", m["value"]))[-1].strip()
    bare = _ASIDE.sub("", value)  # "1 (the whole graph)"
    if (not bare or "?" in m.group() or _ARITHMETIC.search(bare)
            or bare.endswith((",", ":", "-", "→")) or _VERB.search(bare)
            or not (value_like(bare) or _names(bare))):
        return None  # (a value in words is a few names, not a clause: "start at 0, visit 1")
    return start, end, value


def _names(value: str) -> bool:
    """A few node names ("Alice, Bob and Carol", "Paris → Lyon"), not words of a clause."""
    words = _NAME_TOKEN.findall(value)
    return 0 < len(words) <= _MAX_NAMES and all(
        w[0].isupper() or w[0].isdigit() or w.lower() in _JOINS for w in words)


_NAME_TOKEN = re.compile(r"[^\s,;()\[\]{}→'\"]+")
_JOINS = frozenset(("and", "or", "to", "then", "node", "nodes", "vertex", "vertices", "-", "–",
                    "->"))


def other_quantity(line: str, value_text: str, value: Any) -> bool:
    """Does the closing line give another quantity than the one asked? A measure ("**Total
    weight: 14**") closing a reply asked for nodes is not its answer, and neither is a list
    ("Here is one such set: {0, 2, 5, 7}") closing one asked for a number."""
    if value is None:
        return True  # not of the asked shape: "Total weight: 32" read as edges
    bare = _ASIDE.sub("", value_text)
    if isinstance(value, list | tuple | set | frozenset):
        label = line[:line.rfind(value_text)] if value_text in line else line
        return _MEASURE.search(label) is not None and len(_NUMBER.findall(bare)) == 1
    return not isinstance(value, bool) and _LISTED.search(bare) is not None


# Words of a label that name no quantity of their own ("Total triangles" is about triangles).
_PLAIN_WORDS = frozenset(("tota", "numb", "coun", "valu", "resu", "fina", "over", "node", "vert"))


# Words that name one quantity two ways ("neighbours" of a node are the nodes "adjacent" to it).
_SAME = {"adja": "neig", "vert": "node", "leng": "dist", "cent": "cent", "colo": "colo"}


def _named(words: str) -> set[str]:
    stems = {w[:4] for w in NAME_WORD.findall(words.lower())}
    return {_SAME.get(w, w) for w in stems} - NOT_SUBJECT - _PLAIN_WORDS


def names_asked(line: str, question: str | None) -> bool:
    """Does the closing line's label name what the question asks (or nothing in
    particular: "Total: 5", "Result: [1, 2]")? "**Neighbours:** [0, 1, 2, 5]" closing a
    reply asked "Which node has the highest degree?" names another quantity: it supports
    the answer stated above it, it does not replace it. Without the question, it does."""
    m = _CLOSING.fullmatch(line)
    if question is None or m is None:
        return True
    label = _named(m["label"])
    return not label or bool(label & _named(question))


def opened_otherwise(text: str, start: int, value: Any, reader: Reader | None) -> bool:
    """Did the reply open on the same labelled quantity with another value ("Adamic-Adar
    index: 1.2", working, then "**Adamic-Adar index ≈ 2.35**"), with no correction between?
    Two final answers. An opening formula ("RA(1, 19) = \\sum ...") gives no value."""
    if reader is None or CUE.search(text, 0, start):
        return False
    first = text[:text.find("\n")] if "\n" in text else text
    line_end = text.find("\n", start)
    opening = _CLOSING.fullmatch(first.strip())
    closing = _CLOSING.fullmatch(text, start, len(text) if line_end < 0 else line_end)
    if opening is None or closing is None or len(first) > 200:
        return False
    if _named(opening["label"]) != _named(closing["label"]) or not _named(opening["label"]):
        return False
    said = _CHAIN.split(_MARKUP.sub("", opening["value"]))[-1]
    if _ARITHMETIC.search(said) or "\\" in said or _FORMULA.search(said):
        return False
    opened = reader(said, True)
    if opened is ABSENT or opened is None:
        return False
    if isinstance(opened, Real) and isinstance(value, Real) and not isinstance(opened, bool):
        return not math.isclose(opened, value, rel_tol=0.01, abs_tol=0.005)
    return differs(opened, value)
