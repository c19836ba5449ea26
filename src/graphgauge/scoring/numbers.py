"""Reading a number: counts, lengths, rates and scores, however a model writes them.

Number words ("five", "twenty-one", "no bridges" = 0), ``.42``, ``4.2 × 10⁻²``, ``√6``,
fractions, percentages; the value a sentence *states* ("is 7", "has 3", "so 4") wins over
node ids and over numbers in a trailing remark ("7, which equals the cut separating node 0
from node 2"); formulas with variables and numbered steps hold no answer.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from graphgauge.scoring.guards import mentions
from graphgauge.scoring.region import ABSENT, NoAnswer
from graphgauge.scoring.sentences import (
    MAX_CANDIDATES,
    answer,
    decisive,
    or_none,
    pick,
    split_sentences,
)
from graphgauge.scoring.signals import strip_enumerators

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
# "4.2 × 10⁻²", "4.2 x 10^-2", "4.2*10^{-2}" -> "4.2e-2"
_TIMES_TEN = re.compile(
    r"(?<=\d)\s*[×x*·]\s*10\s*(?:\^\s*(?:\{\s*([-+]?\d{1,6})\s*\}|([-+]?\d{1,6}))"
    r"|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,6}))"
)
_UNITS = re.findall(r"\w+", "zero one two three four five six seven eight nine ten eleven "
                    "twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
_TENS = re.findall(r"\w+", "twenty thirty forty fifty sixty seventy eighty ninety")
_WORD_NUMBER = re.compile(
    r"\b(?:(?P<tens>" + "|".join(_TENS) + r")(?:[- ](?P<unit>" + "|".join(_UNITS[1:10])
    + r"))?|(?P<small>" + "|".join(_UNITS) + r"))\b",
    re.I,
)
# "one hundred fifty-eight", "a hundred and five": the hundreds, then a number as above.
_HUNDREDS = re.compile(
    r"\b(?P<count>" + "|".join(_UNITS[1:10]) + r"|a)[- ]hundred\b(?:(?:[- ]and)?[- ](?P<rest>"
    + re.sub(r"\(\?P<\w+>", "(?:", _WORD_NUMBER.pattern[2:-2]) + r")\b)?", re.I)
_DENOMINATORS = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4}
_DENOMINATORS.update({word + ending: value for value, word in enumerate(
    re.findall(r"\w+", "third fourth fifth sixth seventh eighth ninth tenth"), 3)
    for ending in ("", "s")})
# "one third", "two-thirds", "a quarter" (not "a third node": "a" only before a break or
# "of") -> "1/3"
_WORD_FRACTION = re.compile(
    r"\b(?:(?P<count>" + "|".join(_UNITS[1:11]) + r"|\d{1,3})|(?P<a>a))[- ](?P<den>"
    + "|".join(_DENOMINATORS) + r")\b(?(a)(?=\s*(?:[^\w\s]|of\b|$)))", re.I)
_PRONOUN_ONE = re.compile(r" (?:of|another|by|that|which|who|or|with|is|in)\b", re.I)
# How the work was done or what kind a thing is, not a count: "one at a time", "two by two",
# "one after another", "a one-way street", "a one-to-one mapping".
_MANNER = re.compile(r" (?:at a time|after (?:another|the other)|by (?:one|two|three|four))\b"
                     r"|-(?:way|to-(?:one|many)|sided|off)\b", re.I)
_MANNER_BEFORE = re.compile(r"(?:\b(?:one|two|three|four) by[ \t]+|\bone-to-)\Z", re.I)
_LETTER = re.compile(r"[a-zA-Z]")
_NOT_A_COUNT = re.compile(r"\b(?:no|the|any|this|that|each|which|every)\s+$", re.I)
_NOTHING = re.compile(r"^[\s*_`\"']*(?:none|zero|nil)\b(?! of)"
                      r"|^[\s*_`\"']*no\s+(?:\w+\s+)?(?:nodes?|vertex|vertices|edges?|triangles?"
                      r"|components?|cycles?|paths?|leaves|leaf|bridges?|cliques?)[\s*_`]*[.!]?"
                      r"[\s*_`]*$"  # "No triangles."
                      r"|\b(?:there (?:are|is|exist)|has|have"
                      r"|contains?|with|finds?|found|exist)\s+no\s+[a-z]", re.I)
# "√2/2", "1/√2", "sqrt(3)/3": a root over or under a whole number.
_NUMBER = re.compile(
    r"(?<![^\W_])(?<!\.)(?P<sign>[-+])?(?:(?P<int>\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+)"
    r"(?:\.(?P<frac>\d+))?|\.(?P<bare>\d+))(?:[eE](?P<exp>[-+]?\d+))?"
    r"(?:\s*/\s*(?P<den>\d+)(?!\d|\.\d))?(?P<pct>\s*%|\s+per\s?cent\b)?"
    r"(?![^\W_])(?!\s*/\s*(?:√|sqrt\b))"
    r"|(?:(?<![\w.])(?P<rnum>\d{1,6})\s*/\s*)?(?:√\s*(?P<root>\d+(?:\.\d+)?)"
    r"|\bsqrt\s*\(\s*(?P<root2>\d+(?:\.\d+)?)\s*\))(?:\s*/\s*(?P<rden>\d{1,6})(?!\d|\.\d))?"
)
_MAX_DIGITS, _MAX_EXPONENT = 4000, 400
_NUMBER_LIST = re.compile(r"[\W_]*\d+(?:\s*,\s*(?:and\s+)?\d+){2,}[\W_]*")
# A number after these is what the sentence states ("is 7", "has 3", "so 4", "≈ 0.33").
_STATES = re.compile(
    r"(?:\b(?:is|are|was|were|equals?|be|has|have|contains?|totals?|totaling|gives?|get|so|'s"
    r"|count|counted|found|estimate|size|length|weight|total|capacity|report(?:s|ed)?"
    r"|thus|therefore|hence|exactly|approximately|about|around|roughly|only|just"
    r"|(?:sums?|summing|adds? up|comes?(?: out)?|works? out|amounts?) to)|[=:≈~])"
    r"[\s*_`$]*$", re.I)
# ("comes out to 158", "sums to 9": a total, not a step "to node 158")
_NODE_BEFORE = re.compile(r"\b(?:nodes?|vertex|vertices|from|(?<!sum )(?<!sums )(?<!up )(?<!come )"
                          r"(?<!comes )(?<!out )(?<!amounts )to|between|and|step|edge)"
                          r"[\s*_`$]*$|[(\[{]\s*$|\d\s*,\s*$"
                          r"|(?:\d|\b[a-z])[ \t*_`$]*(?:→|->|⟶)[\s*_`$]*$", re.I)
# Clauses after the stated value that mention other numbers ("…, which equals the cut
# separating node 0 from node 2").
# (A run of blanks is entered only at its start, so that long runs stay linear.)
_TRAILING_CLAUSE = re.compile(
    r"(?:,[ \t]*+|(?<![ \t])[ \t]++)(?:which|where|because|since|as it|as the|meaning|e\.g\."
    r"|corresponding|but|given that|computed|calculated|obtained|using|via|excluding"
    # (not a range of numbers: "lists 0 through 37, so …")
    r"|through(?!(?<=\d[ \t]through)[ \t]+\d)"
    r"|including|out of)\b|,[ \t]*+(?:i\.e\.|that is|namely),?[ \t]++(?=[A-Za-z]{2})"
    r"|(?<![ \t])[ \t]*+\((?![\d \t./%*+×-]*+\))|(?<![ \t])[ \t]++[–—][ \t]+"
    r"|;|:(?=[ \t]*+[\[{(]?[ \t]*+\d+[ \t]*+(?:,[ \t]*+\d|[-–→][ \t]*+\d+[ \t]*+,))",
    re.I)
# A path after a colon names the nodes of what was counted before it.
_OPENS_PATH = re.compile(r":(?=[ \t]*+[\[{(]?[ \t]*+\d+[ \t]*+(?:→|->|⟶)[ \t]*+\d)")
# What joins a value to the one it is rewritten as ("6/20 = 0.3", "5 → 5.0", "1/2, i.e.
# 0.5"): the gap between them ends in one of these (tested on the stripped gap: the regex
# it replaces, \s*(?:≈|~|=|->|→|,?\s*i\.e\.,?)\s*$, took cubic time on a long blank gap).
_SHARE = re.compile(r"[ \t]+(?:out[ \t]+)?of\b", re.I)
_CHAINED = ("≈", "~", "=", "->", "→", "i.e.", "i.e.,")


def _number_value(match: re.Match) -> Fraction | float | None:
    """The exact value of a number token; None when absurd (1e999, 0 denominators)."""
    root = match["root"] or match["root2"]
    if root is not None:
        if len(root) >= 30 or match["rden"] == "0":
            return None
        value = math.sqrt(float(root))
        if match["rnum"] is not None:
            value = int(match["rnum"]) / value if value else None
        return value / int(match["rden"]) if value is not None and match["rden"] else value
    frac = match["frac"] or match["bare"] or ""
    digits = (match["int"] or "").replace(",", "") + frac
    exp, den = match["exp"] or "0", match["den"] or "1"
    if len(digits) > _MAX_DIGITS or len(den) > _MAX_DIGITS or len(exp) > 6:
        return None
    if abs(int(exp)) > _MAX_EXPONENT or int(den) == 0:
        return None
    value = Fraction(int(digits)) * Fraction(10) ** (int(exp) - len(frac)) / int(den)
    if match["pct"]:
        value /= 100
    return -value if match["sign"] == "-" else value


# An arithmetic expression with a variable in it ("n(n-1)/2", "x = (sum of t_i)/3"): a
# formula, whose numbers are not the answer.
# (possessive, from the start of a run only: the same matches, in linear time on a run of
# thousands of digits or brackets, which took 0.2 s)
# (a LaTeX command is a symbol too: "1/\\log d_w", "1/\\deg(w)" define, they state no value)
_SYMBOLIC = re.compile(r"(?<![\w().\\])\\?[\w().]++(?:[ \t]*[-+*/^][ \t]*\\?[\w().]++)+")
_VARIABLE = re.compile(r"(?<![A-Za-z0-9.])[A-Za-z](?![A-Za-z])|[A-Za-z]_|\d[A-DF-Za-df-z]\b")


def _symbols_only(match: re.Match) -> str:
    expression = match.group()
    symbolic = _VARIABLE.search(expression) or "\\" in expression
    return _DIGIT.sub("#", expression) if symbolic else expression


_DIGIT = re.compile(r"\d")
_MASKED_FORMULA = re.compile(r"#[A-Za-z(]|[A-Za-z)]#")


def _word_value(m: re.Match) -> int:
    if m["small"]:
        return _UNITS.index(m["small"].lower())
    unit = _UNITS.index(m["unit"].lower()) if m["unit"] else 0
    return 10 * (_TENS.index(m["tens"].lower()) + 2) + unit


def _spell_numbers(text: str) -> str:
    """Number words as digits ("five" -> "5", "twenty-one" -> "21"), not "the one"."""
    def digit(m: re.Match) -> str:
        around = m.string  # (the text with fractions spelled: positions are in it)
        if _NOT_A_COUNT.search(around, max(0, m.start() - 8), m.start()) or _MANNER.match(
                around, m.end()) or _MANNER_BEFORE.search(around, max(0, m.start() - 9),
                                                         m.start()) or (
                m.group().lower() == "one" and _PRONOUN_ONE.match(around, m.end())):
            return m.group()
        return str(_word_value(m))

    def hundreds(m: re.Match) -> str:
        count = 1 if m["count"].lower() == "a" else _UNITS.index(m["count"].lower())
        rest = _WORD_NUMBER.fullmatch(m["rest"]) if m["rest"] else None
        return str(100 * count + (_word_value(rest) if rest else 0))

    def fraction(m: re.Match) -> str:
        if _NOT_A_COUNT.search(text, max(0, m.start() - 8), m.start()):
            return m.group()  # "between the two halves": parts, not a fraction
        count = m["count"] or "1"
        count = count if count.isdigit() else str(_UNITS.index(count.lower()))
        return f"{count}/{_DENOMINATORS[m['den'].lower()]}"

    if mentions(text, ("hundred",)):
        text = _HUNDREDS.sub(hundreds, text)
    spelled = _WORD_FRACTION.sub(fraction, text) if mentions(text, _FRACTION_WORDS) else text
    return _WORD_NUMBER.sub(digit, spelled) if mentions(spelled, _NUMBER_WORDS) else spelled


# What the two patterns need (lower case): a long answer without them is not scanned word
# by word (7 ms on 20,000 characters of single letters).
_NUMBER_WORDS = ("zero", "one", "two", "thre", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thir", "fift", "fort", "twenty")
_FRACTION_WORDS = ("half", "halv", "quarter", "third", "fourth", "fifth", "sixth", "seventh",
                   "eighth", "ninth", "tenth")


def _free_number(text: str) -> bool:
    """Does ``text`` hold a number that does not name a node (a decimal, a fraction, a
    percentage or a root never does)?"""
    return any("." in m.group() or m["den"] or m["pct"] or m["root"] or m["root2"]
               or not (_NODE_BEFORE.search(text, max(0, m.start() - 12), m.start())
                       or _WALK_ON.match(text, m.end()))
               for m in _NUMBER.finditer(text))


# A node of a walk: "0 → 2 → 1" names nodes, no quantity (the arrow before is in
# _NODE_BEFORE, the arrow after here for its first node; "Result → 6" is no walk).
_WALK_ON = re.compile(r"[ \t*_`$]*(?:→|->|⟶)[ \t*_`$]*(?:\d|[a-z]\b)", re.I)


# The arithmetic a result is worked out by, up to its "=" ("(5+3)/2 = 4.0").
_ARITHMETIC_RUN = r"[(\d][\d \t()+*/×.−-]*[=≈][ \t]*"
_WORKED = rf"(?:{_ARITHMETIC_RUN})?"
# A conclusion drawn after the working ("they share 1 neighbour out of 4, so 1/4").
_CONCLUDES = re.compile(r"\b(?:so|thus|therefore|hence|giving|overall|altogether)\b[\s,:*_`$]*"
                        r"(?:by convention[\s,]*)?(?:I(?:'d| would) (?:report|say|give|put)\s+)?"
                        # a first consequence before the one stated: "so every pair is at
                        # distance 1 and the Wiener index is 10"
                        r"(?:[^.;:!?\n]{1,80}?[ \t,]and[ \t]+(?=the|its|their))?"
                        r"(?:(?:it|this|that|there|(?:the|its|their|node[ \t]+\w+'s)"
                        r"(?:[ \t]+[\w'-]+){1,6}?)\s+(?:is|are|equals|=)"
                        r"(?:\s+(?:only|exactly|just))?\s*)?" + _WORKED + "$", re.I)


_CONCLUSION_WORD = re.compile(r"\b(?:so|thus|therefore|hence|giving|overall|altogether)\b", re.I)


def _states_after(sentence: str, start: int, states: re.Pattern[str] = _STATES) -> bool:
    """Does the clause from ``start`` state a value of its own? After "but" it then
    carries the answer ("two ways to see this, but both give the same count: 6"); after
    any trailing clause when it concludes ("…, so 1/4")."""
    reach = 16 if states is _STATES else 144
    if states is _CONCLUDES:  # a conclusion opens on its word: no number before it can
        first = _CONCLUSION_WORD.search(sentence, start)
        if first is None:
            return False
        start = first.start()
    return any(states.search(sentence, max(start, m.start() - reach), m.start())
               and not _NODE_BEFORE.search(sentence, max(0, m.start() - 12), m.start())
               for m in _NUMBER.finditer(sentence, start))


# A clause closing the sentence that names a quantity and works it out ("…, average =
# (5+3)/2 = 4.0"): the sentence's value is its result, not a number of the working before.
_NAMED_RESULT = re.compile(r"(?:^|[,;:][ \t]*)(?:the[ \t]+)?[A-Za-z][A-Za-z' -]{1,40}?[ \t]*="
                           rf"[ \t]*(?P<worked>{_ARITHMETIC_RUN}[-+]?\d+(?:\.\d+)?)"
                           r"[ \t*_.]*$")


def _stated_number(sentence: str, explicit: bool) -> re.Match | None:
    """The number a sentence states: after "is/has/=/so" when there is one, else one that
    does not name a node; the first in an explicit region, the last in bare text."""
    whole = sentence
    result = _NAMED_RESULT.search(sentence)
    if result is not None:  # "…, average = (5+3)/2 = 4.0": the result the working closes on
        worked = list(_NUMBER.finditer(sentence, result.start("worked"), result.end("worked")))
        if worked:
            return worked[-1]
    cut = _TRAILING_CLAUSE.search(sentence)
    if cut and _free_number(sentence[: cut.start()]) and not (
            cut.group().strip(" ,\t").lower() in ("but", ";")
            and _states_after(sentence, cut.end())) and not _states_after(
            sentence, cut.end(), _CONCLUDES):
        sentence = sentence[: cut.start()]
    path = _OPENS_PATH.search(sentence)
    if path and _free_number(sentence[: path.start()]):
        sentence = sentence[: path.start()]  # "only one such path: 0 → 5 → 7"
    numbers = list(_NUMBER.finditer(sentence))
    if not numbers:
        return None
    numbers = numbers[:MAX_CANDIDATES] if explicit else numbers[-MAX_CANDIDATES:]
    stated = [m for m in numbers if _STATES.search(sentence, max(0, m.start() - 16), m.start())]
    if explicit and not sentence[: numbers[0].start()].strip(" \t*_`'\"$([{"):
        stated = numbers[:1]  # the explicit answer opens with its value: "4, confidence 0.8"
    if stated:
        chosen = pick(stated, explicit)
    else:
        free = [m for m in numbers
                if not _NODE_BEFORE.search(sentence, max(0, m.start() - 12), m.start())]
        if not explicit and _NUMBER_LIST.fullmatch(sentence.strip()):
            return None  # "Counting... 1, 2, 3, ..., 13": items of a list, not a count
        chosen = pick(free or numbers, explicit)
    while True:  # "1/3 ≈ 0.333": the evaluated form
        later = _evaluated(sentence, numbers, chosen)
        if later is None or _SHARE.match(whole, later.end()):
            return chosen  # (not "0.4, i.e. 6 of the 15 pairs": a share, not the value)
        chosen = later


def _evaluated(sentence: str, numbers: list[re.Match], chosen: re.Match) -> re.Match | None:
    """The number ``chosen`` is rewritten as: the next one after "=", "≈" or "i.e.", also
    past the terms of a sum it opens ("Answer: 2 + 3 = 5" answers 5; "5 (2 + 3)" stays 5)."""
    end = chosen.end()
    for later in (m for m in numbers if m.start() > chosen.end()):
        gap = sentence[end:later.start()].strip()
        if gap.endswith(_CHAINED):
            return later
        if not _OPERATOR.fullmatch(gap):
            return None
        end = later.end()
    return None


# A term of arithmetic between two numbers: "3 + 1", "2 × 4", "12/4", "7 - 2" (a spaced
# minus only: "2-5" is an edge or a range), "3 plus 1".
_OPERATOR = re.compile(r"[+×*/·]|(?<!\S)[-−–](?!\S)|plus|minus|times", re.I)


# "Global efficiency: 0.62": a quantity named before its value.
_NAMED_VALUE = re.compile(r"^[\W_]*([A-Za-z][A-Za-z \-]{2,40}?)[\W_]*[:=|]")  # a table row too
# "Laplacian eigenvalues: 0, 0.38, 1.38": a line listing the values a scalar is computed
# from, not the scalar (the question may name them: "the entropy of the eigenvalues").
_SEVERAL_VALUES = re.compile(r"[ \t*_]*[\[{(]?[ \t]*[-+]?[\d.]+[ \t]*,[ \t]*[-+]?[\d.]+[ \t]*,")
# "Clustering of node 1: 0.5": a value named for one node (by id, or by the prompt's label:
# "Degree of node Carol: 2").
_NODE_VALUE = re.compile(
    r"^[\W_]*[A-Za-z][A-Za-z \-]{2,40}?\b(?:node|vertex)[ \t]+(\w+)[\W_]*[:=|]", re.I)
_ASKED_NODE = re.compile(r"\b(?:node|vertex)[ \t]+(\w+)", re.I)
_ECHOED_NODE = re.compile(r"(?:node|vertex|node id|id|source|target): \w+", re.I)
_NAME_WORD = re.compile(r"[a-z]{3,}")


# Things a graph question counts; "vertices" and "nodes" are one thing.
_THINGS = (r"nodes?|vertex|vertices|edges?|triangles?|components?|cycles?|paths?|leaves|leaf"
           r"|bridges?|cliques?|colou?rs?|neighbou?rs?")
# (a word joining clauses is no adjective of the thing counted: "is 2 since vertex 7 has …")
_JOINING = r"(?:since|because|as|and|or|but|so|while|when|if|then|than|in|on|at|from|to|with)"
# (a node's id is no count: "between node 2 and node 4 is 2" counts no nodes; "2
# edge-disjoint paths" counts paths)
_COUNTED = re.compile(rf"(?<!node )(?<!vertex )\b\d+\s+(?:(?!{_JOINING}\b)\w+\s+)?"
                      rf"({_THINGS})\b(?!-)"
                      rf"|\b(?:number|count) of (?:\w+ )?({_THINGS})\b", re.I)
_ASKED_THING = re.compile(rf"\b(?:how many|number of|count of)\s+(?:\w+\s+)?({_THINGS})\b",
                          re.I)


def _thing(word: str) -> str:
    stem = word[:4].lower()
    return "node" if stem == "vert" else stem


def _counts_other_things(sentence: str, asked: str) -> bool:
    """Does ``sentence`` count only things the question does not ask about ("The graph
    has 9 nodes." when edges are asked)?"""
    matches = list(_COUNTED.finditer(sentence))
    counted = {_thing(m[1] or m[2]) for m in matches}
    if not counted or asked in counted:
        return False
    # ... and states no other number: "The connectivity is 3, because node 13 has only 3
    # neighbours" states its answer before the count it gives as the reason
    spans = [m.span() for m in matches]
    return not any(
        not any(a <= n.start() < b for a, b in spans)
        and not _NODE_BEFORE.search(sentence, max(0, n.start() - 12), n.start())
        for n in _NUMBER.finditer(sentence))


def _counted_asked(sentence: str, question: str | None) -> re.Match | None:
    """In a sentence that counts several things ("The graph has 9 nodes and 13 edges."),
    the count of the thing asked for; None when the sentence counts only that."""
    thing = _ASKED_THING.search(question) if question else None
    if thing is None:
        return None
    asked = _thing(thing[1])
    counts = [m for m in _COUNTED.finditer(sentence) if m[1]]
    mine = [m for m in counts if _thing(m[1]) == asked]
    if len(mine) != 1 or len(mine) == len(counts):
        return None
    return _NUMBER.match(sentence, mine[0].start())


def _counts_only_others(sentences: list[str], question: str | None) -> bool:
    """Do the sentences count only things the question does not ask about (and not that
    there is none of them)?"""
    thing = _ASKED_THING.search(question) if question else None
    return thing is not None and bool(sentences) and all(
        _counts_other_things(s, _thing(thing[1])) and not _NOTHING.search(s)
        for s in sentences)


def _asked_sentences(sentences: list[str], question: str | None, explicit: bool) -> list[str]:
    """When an answer reports several quantities, the ones the question asks for: a
    sentence that counts other things ("Answer: The graph has 9 nodes. The number of edges
    is 13.") is context, and of named values ("Global efficiency: 0.62", "Local efficiency:
    0.48") the one line whose name the question uses; else all of them."""
    if len(sentences) < 2:
        return sentences
    per_node = [m[1].lower() for s in sentences if (m := _NODE_VALUE.match(s))]
    if len(per_node) == len(sentences) and len(set(per_node)) > 1:
        # one value per node: the asked node's, or none when it is not among them
        asked_nodes = {n.lower() for n in _ASKED_NODE.findall(question or "")}
        return [s for s, node in zip(sentences, per_node, strict=True) if node in asked_nodes]
    if not question:
        return sentences
    thing = _ASKED_THING.search(question)
    if thing:
        asked = _thing(thing[1])
        end = 0 if explicit else -1
        while len(sentences) > 1 and _counts_other_things(sentences[end], asked):
            sentences = sentences[1:] if explicit else sentences[:-1]
    asked = set(_NAME_WORD.findall(question.lower()))
    named = [(s, set(_NAME_WORD.findall(m[1].lower())))
             for s in sentences if (m := _NAMED_VALUE.match(s))
             and not _SEVERAL_VALUES.match(s, m.end())]
    if len(named) < 2:
        return sentences
    matching = [(s, words) for s, words in named if words and words <= asked]
    if len(matching) > 1:  # '{"node": 2, "closeness_centrality": 0.16}': the fuller name
        most = max(len(words) for _, words in matching)
        matching = [(s, words) for s, words in matching if len(words) == most]
    return [matching[0][0]] if len(matching) == 1 else sentences


# A value stated as a range or a ratio ("is between 3 and 5", "2:3") is not one number.
_UNSETTLED = re.compile(r"(?:^[\W_]*|[:=≈~][ \t*_]*|\b(?:is|are|be|lies|somewhere|anywhere)\s+)"
                        r"between\s+[-+]?"
                        r"[\d.]+\s+and\s+[-+]?[\d.]|(?<![\w.:])\d+:\d+(?![\d.:])", re.I)
# "0,35": a decimal comma (a leading "0," never starts a list of counts).
_DECIMAL_COMMA = re.compile(r"(?<![\w.,])0,(\d+)(?![\d,])")


# A numeric field of a JSON object: '"components": 2'.
_JSON_FIELD = re.compile(r"\"([A-Za-z][\w \-]{1,40})\"\s*:\s*\"?([-+]?(?:\d+(?:\.\d*)?|\.\d+)"
                         r"(?:[eE][-+]?\d+)?)\"?\s*(?=[,}])")


def _json_fields(region: str, question: str | None) -> str | None:
    """A JSON object of several numbers without an answer key ('{"components": 2,
    "largest_component_size": 5}'): the field the question names, as "name: value";
    "" when the question names none of them; None when ``region`` is no such object."""
    if not region.lstrip().startswith("{"):
        return None
    fields = [f"{name.replace('_', ' ')}: {value}"
              for name, value in _JSON_FIELD.findall(region, 0, 20_000)]
    # '{"node": 1, "degree": 3}': the field naming the node asked about echoes the question;
    # with no question at hand, a field naming a node is the input all the same
    asked_nodes = set(_ASKED_NODE.findall(question or ""))
    fields = [f for f in fields if not (_ECHOED_NODE.fullmatch(f) and (
        question is None or f.rpartition(" ")[2] in asked_nodes))] or fields
    if len(fields) < 2:
        return None
    asked = _asked_sentences(fields, question, True)
    return asked[0] if len(asked) == 1 else ""


_NONE_OF = re.compile(rf"\bno\s+(?:\w+\s+)?({_THINGS})\b", re.I)


def _none_asked(sentence: str, question: str | None) -> bool:
    """Does the sentence say there is none of the thing the question counts?"""
    thing = _ASKED_THING.search(question) if question else None
    return thing is not None and any(_thing(m[1]) == _thing(thing[1])
                                     for m in _NONE_OF.finditer(sentence))


_NONE_STATED = re.compile(rf"\b(?:there (?:are|is|exist)|has|have|contains?|finds?|found)\s+no\s+"
                          rf"({_THINGS})\b", re.I)


def _none_before_reason(sentence: str, question: str | None) -> bool:
    """Does the sentence state there is none of the thing before a clause explaining why,
    with numbers only in the explanation ("The graph has no bridges, since every edge lies
    on the cycle 0-1-2-0")?"""
    if _NONE_STATED.search(sentence) is None:
        return False  # (the cheap test first: most sentences say no such thing)
    cut = _TRAILING_CLAUSE.search(sentence)
    if cut is None or _NUMBER.search(sentence, 0, cut.start()):
        return False
    stated = _NONE_STATED.search(sentence, 0, cut.start())
    asked = _ASKED_THING.search(question) if question else None
    # "no isolated nodes" is no count of the nodes: the thing must follow "no" at once
    return stated is not None and (asked is None or _thing(stated[1]) == _thing(asked[1]))


_SO = re.compile(r"\b(?:so|thus|therefore|hence)\b", re.I)


def _concludes_nothing(sentence: str) -> bool:
    """Does the sentence conclude, after its working, that there is none of the thing?"""
    conclusions = list(_SO.finditer(sentence))
    if not conclusions:
        return False
    rest = sentence[conclusions[-1].end():]
    return not _DIGIT.search(rest) and _NOTHING.search(rest) is not None


def _read_number(region: str, explicit: bool, question: str | None = None) -> Any:
    if "{" in region and (field := _json_fields(region, question)) is not None:
        if not field:
            return None  # several quantities, none of them the one asked for
        region, explicit = field, True
    if "0," in region:
        region = _DECIMAL_COMMA.sub(r"0.\1", region)
    if "10" in region:
        region = _TIMES_TEN.sub(
            lambda m: "e" + (m[1] or m[2] or m[3].translate(_SUPERSCRIPTS)), region)
    if _LETTER.search(region):
        region = _SYMBOLIC.sub(_symbols_only, _spell_numbers(region))
    region = strip_enumerators(region) if not explicit else region
    every = split_sentences(region)
    if not explicit and every and not _NUMBER.search(every[-1]) and _none_asked(every[-1],
                                                                              question):
        return Fraction(0)  # "... but 0-7 doesn't. So there are no triangles."
    sentences = [s for s in every if _NUMBER.search(s)]
    # The answer opens an explicit region and closes bare text: a bounded number of
    # sentences from that end is enough, however long the text.
    sentences = sentences[:MAX_CANDIDATES] if explicit else sentences[-MAX_CANDIDATES:]
    if sentences:
        if not explicit:  # "Removing nodes 3 and 6 disconnects it" states no quantity
            # (a list of edges may be the reason there is none: "There are no triangles —
            # each of the edges (0, 5), (1, 2) is missing its third edge.")
            sentences = [s for s in sentences
                         if _free_number(s) or _none_before_reason(s, question)]
            if not sentences:
                return None  # "Node 5 has the most neighbours.": only nodes are named
        sentences = _asked_sentences(sentences, question, explicit)
        if not explicit and _counts_only_others(sentences, question):
            return ABSENT  # "There are 10 nodes." states no count of the edges asked for
        if not sentences:
            return None  # values for other nodes than the one asked about
        sentence = decisive(sentences, explicit)
        if _none_before_reason(sentence, question):
            return Fraction(0)  # "There are no triangles — it has a 2-colouring {1, 3}, ..."
        if _concludes_nothing(sentence):
            return Fraction(0)  # "Every edge lies on 1 cycle, so the graph has no bridges."
        found = _counted_asked(sentence, question) or _stated_number(sentence, explicit)
        if found is None or _UNSETTLED.search(sentence, max(0, found.start() - 24),
                                              found.end() + 16):
            return None
        after = region.rfind(sentence) + found.end()
        if _MASKED_FORMULA.search(region, after, after + 80):
            return None  # "..., i.e. 2n - 2": the answer ends as a formula, not a number
        return _number_value(found)
    nothing = [s for s in split_sentences(region) if _NOTHING.search(s)]
    return Fraction(0) if nothing else ABSENT


def read_int(text: str, question: str | None = None) -> int | NoAnswer:
    """An integer, or why there is none; a non-integral final number ("3.5") is no
    answer, not 3."""
    value = answer(text, lambda region, explicit: _read_number(region, explicit, question),
                   question=question)
    if isinstance(value, NoAnswer):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return NoAnswer("the final answer is not an integer")


def read_float(text: str, question: str | None = None) -> float | NoAnswer:
    """A finite number, or why there is none."""
    value = answer(text, lambda region, explicit: _read_number(region, explicit, question),
                   question=question)
    if isinstance(value, NoAnswer):
        return value
    try:
        value = float(value)
    except OverflowError:
        return NoAnswer("the final answer is out of range")
    return value if math.isfinite(value) else NoAnswer("the final answer is out of range")


def parse_int(text: str, question: str | None = None) -> int | None:
    return or_none(read_int(text, question))


def parse_float(text: str, question: str | None = None) -> float | None:
    return or_none(read_float(text, question))
