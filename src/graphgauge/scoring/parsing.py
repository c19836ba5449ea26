"""Readers of one answer type each, on top of the answer-region layer.

``graphgauge.scoring.region`` decides *where* the final committed answer is (markers,
corrections, thinking blocks, hedges, refusals); a reader here decides *what value* of its
type a region holds. In a region the model delimited (``explicit``) the first value counts;
in bare text, the last one. A region without any candidate returns ``ABSENT`` so that the
region layer can skip it; a final answer of the wrong shape ("3.5" for an integer) is
unreadable, not a cue to pick some earlier number.

A reader never raises and returns ``None`` when nothing usable is there, so that
unparsable answers are counted apart from wrong ones. Every pattern is linear in the
length of the text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from graphgauge.scoring.region import ABSENT as _ABSENT
from graphgauge.scoring.region import NoAnswer, final_region, read_answer
from graphgauge.scoring.signals import strip_enumerators


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


_SENTENCE = re.compile(r"(?:[^.!?\n]|\.(?=\d))*+(?:[.!?]+|\n|$)")


def _sentences(region: str) -> list[str]:
    """Sentences and lines of ``region`` (a decimal point does not end a sentence)."""
    return [s for s in _SENTENCE.findall(region) if s.strip()]


# A sentence that refers back to the answer before it ("Those are the nodes that depend on
# 4.", "This is because ...") elaborates; it does not answer again.
_ANAPHOR = re.compile(r"^[\s*_>#-]*\(|^[\s*_>#-]*(?:(?:this|that)(?!'s\b| is\b| makes\b| gives\b)"
                      r"|these|those|they|here|note"
                      r"|which|since|because|i\.e\.|hope|let me know|however|although|though|also"
                      r"|additionally|in addition|for example|for instance)\b"
                      r"|\b(?:because|since|due to)\b", re.I)


def _decisive(sentences: list[str], explicit: bool) -> str:
    """The sentence holding the answer: the first of an explicit region; in bare text the
    last one that does not merely refer back to an earlier one."""
    if explicit:
        return sentences[0]
    answering = [s for s in sentences if not _ANAPHOR.search(s)]
    return (answering or sentences)[-1]


# --- numbers -----------------------------------------------------------------------------

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
_PRONOUN_ONE = re.compile(r" (?:of|another|by|that|which|who|or|with|is|in)\b", re.I)
_LETTER = re.compile(r"[a-zA-Z]")
_NOT_A_COUNT = re.compile(r"\b(?:no|the|any|this|that|each|which|every)\s+$", re.I)
_NOTHING = re.compile(r"^[\s*_`\"']*(?:none|zero|nil)\b(?! of)|\b(?:there (?:are|is|exist)|has|have"
                      r"|contains?|with|finds?|found|exist)\s+no\s+[a-z]", re.I)
_NUMBER = re.compile(
    r"(?<![^\W_])(?<!\.)(?P<sign>[-+])?(?:(?P<int>\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+)"
    r"(?:\.(?P<frac>\d+))?|\.(?P<bare>\d+))(?:[eE](?P<exp>[-+]?\d+))?"
    r"(?:\s*/\s*(?P<den>\d+)(?!\d|\.\d))?(?P<pct>\s*%|\s+per\s?cent\b)?(?![^\W_])"
    r"|√\s*(?P<root>\d+(?:\.\d+)?)|\bsqrt\s*\(\s*(?P<root2>\d+(?:\.\d+)?)\s*\)"
)
_MAX_DIGITS, _MAX_EXPONENT = 4000, 400
_MAX_CANDIDATES = 64  # numbers of one sentence weighed as its stated value
_NUMBER_LIST = re.compile(r"[\W_]*\d+(?:\s*,\s*(?:and\s+)?\d+){2,}[\W_]*")
# A number after these is what the sentence states ("is 7", "has 3", "so 4", "≈ 0.33").
_STATES = re.compile(
    r"(?:\b(?:is|are|was|were|equals?|be|has|have|contains?|totals?|totaling|gives?|get|so|'s"
    r"|count|counted|found|estimate|size|length|weight|total|capacity"
    r"|thus|therefore|hence|exactly|approximately|about|around|roughly|only|just)|[=:≈~])"
    r"[\s*_`$]*$", re.I)
_NODE_BEFORE = re.compile(r"\b(?:nodes?|vertex|vertices|from|to|between|and|step|edge)"
                          r"[\s*_`$]*$|[(\[{]\s*$|\d\s*,\s*$", re.I)
# Clauses after the stated value that mention other numbers ("…, which equals the cut
# separating node 0 from node 2").
_TRAILING_CLAUSE = re.compile(
    r"(?:,[ \t]*|[ \t]+)(?:which|where|because|since|as it|as the|meaning|e\.g\."
    r"|corresponding|but|given that|computed|calculated|obtained|using|through|via|excluding"
    r"|including|out of)\b|[ \t]*\((?![\d \t./%*+×-]*\))|[ \t]+[–—-][ \t]+|;"
    r"|:(?=[ \t]*[\[{(]?[ \t]*\d+[ \t]*,[ \t]*\d)",
    re.I)
_CHAINED = re.compile(r"\s*(?:≈|~|=|->|→|,?\s*i\.e\.,?)\s*$")


def _number_value(match: re.Match) -> Fraction | float | None:
    """The exact value of a number token; None when absurd (1e999, 0 denominators)."""
    root = match["root"] or match["root2"]
    if root is not None:
        return math.sqrt(float(root)) if len(root) < 30 else None
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
_SYMBOLIC = re.compile(r"[\w().]+(?:[ \t]*[-+*/^][ \t]*[\w().]+)+")
_VARIABLE = re.compile(r"(?<![A-Za-z0-9.])[A-Za-z](?![A-Za-z])|[A-Za-z]_|\d[A-DF-Za-df-z]\b")


def _symbols_only(match: re.Match) -> str:
    expression = match.group()
    return _DIGIT.sub("#", expression) if _VARIABLE.search(expression) else expression


_DIGIT = re.compile(r"\d")


def _spell_numbers(text: str) -> str:
    """Number words as digits ("five" -> "5", "twenty-one" -> "21"), not "the one"."""
    def digit(m: re.Match) -> str:
        if _NOT_A_COUNT.search(text, max(0, m.start() - 8), m.start()) or (
                m.group().lower() == "one" and _PRONOUN_ONE.match(text, m.end())):
            return m.group()
        if m["small"]:
            return str(_UNITS.index(m["small"].lower()))
        unit = _UNITS.index(m["unit"].lower()) if m["unit"] else 0
        return str(10 * (_TENS.index(m["tens"].lower()) + 2) + unit)

    return _WORD_NUMBER.sub(digit, text)


def _free_number(text: str) -> bool:
    """Does ``text`` hold a number that does not name a node?"""
    return any(not _NODE_BEFORE.search(text, max(0, m.start() - 12), m.start())
               for m in _NUMBER.finditer(text))


def _states_after(sentence: str, start: int) -> bool:
    """Does the clause from ``start`` state a value of its own? After "but" it then
    carries the answer ("two ways to see this, but both give the same count: 6")."""
    return any(_STATES.search(sentence, max(start, m.start() - 16), m.start())
               and not _NODE_BEFORE.search(sentence, max(0, m.start() - 12), m.start())
               for m in _NUMBER.finditer(sentence, start))


def _stated_number(sentence: str, explicit: bool) -> re.Match | None:
    """The number a sentence states: after "is/has/=/so" when there is one, else one that
    does not name a node; the first in an explicit region, the last in bare text."""
    cut = _TRAILING_CLAUSE.search(sentence)
    if cut and _free_number(sentence[: cut.start()]) and not (
            cut.group().strip(" ,\t").lower() == "but" and _states_after(sentence, cut.end())):
        sentence = sentence[: cut.start()]
    numbers = list(_NUMBER.finditer(sentence))
    if not numbers:
        return None
    numbers = numbers[:_MAX_CANDIDATES] if explicit else numbers[-_MAX_CANDIDATES:]
    stated = [m for m in numbers if _STATES.search(sentence, max(0, m.start() - 16), m.start())]
    if explicit and not sentence[: numbers[0].start()].strip(" \t*_`'\"$([{"):
        stated = numbers[:1]  # the explicit answer opens with its value: "4, confidence 0.8"
    if stated:
        chosen = _pick(stated, explicit)
    else:
        free = [m for m in numbers
                if not _NODE_BEFORE.search(sentence, max(0, m.start() - 12), m.start())]
        if not explicit and _NUMBER_LIST.fullmatch(sentence.strip()):
            return None  # "Counting... 1, 2, 3, ..., 13": items of a list, not a count
        chosen = _pick(free or numbers, explicit)
    while True:  # "1/3 ≈ 0.333": the evaluated form
        later = next((m for m in numbers if m.start() > chosen.end()), None)
        if later is None or not _CHAINED.search(sentence, chosen.end(), later.start()):
            return chosen
        chosen = later


def _read_number(region: str, explicit: bool) -> Any:
    if "10" in region:
        region = _TIMES_TEN.sub(
            lambda m: "e" + (m[1] or m[2] or m[3].translate(_SUPERSCRIPTS)), region)
    if _LETTER.search(region):
        region = _SYMBOLIC.sub(_symbols_only, _spell_numbers(region))
    region = strip_enumerators(region) if not explicit else region
    sentences = [s for s in _sentences(region) if _NUMBER.search(s)]
    if sentences:
        if not explicit:  # "Removing nodes 3 and 6 disconnects it" states no quantity
            sentences = [s for s in sentences if _free_number(s)] or sentences
        found = _stated_number(_decisive(sentences, explicit), explicit)
        return None if found is None else _number_value(found)
    nothing = [s for s in _sentences(region) if _NOTHING.search(s)]
    return Fraction(0) if nothing else _ABSENT


def parse_int(text: str) -> int | None:
    """An integer; a non-integral final number ("3.5") is unparsable, not 3."""
    value = _read(text, _read_number)
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    return int(value) if value is not None and value.denominator == 1 else None


def parse_float(text: str) -> float | None:
    value = _read(text, _read_number)
    try:
        value = None if value is None else float(value)
    except OverflowError:
        return None
    return value if value is not None and math.isfinite(value) else None


# --- yes / no ----------------------------------------------------------------------------

_BOOL_CHOICE = re.compile(r"\b(?:yes\s*(?:/|or)\s*no|true\s*(?:/|or)\s*false"
                          r"|no\s*(?:/|or)\s*yes|false\s*(?:/|or)\s*true)\b", re.I)
# "yes"/"true"/"false" as a word; "no" only standing alone ("No, ...", "... so no.") and
# never as the determiner in "there is no path".
_BOOL = re.compile(r"\b(?:(yes|true|false|yep|yeah|correct|incorrect)\b|(no|nope)\b)", re.I)
_STANDS_ALONE = re.compile(r"[\s*_`\"')\]]*(?:[,.!;:)\]—–]|-\s|$)")
_BOOL_CLAUSE = re.compile(r"(?:^|[\n.,;:!?*(\[\"'>]|\b(?:and|so|thus|therefore|hence|then|is"
                          r"|answer|be)\b)[\s*_`\"']*$", re.I)
# "I think so." / "I don't think so.": yes and no in other words.
_SO_PHRASE = re.compile(r"\bI (?:(do not|don'?t) )?(?:think|believe|guess|suppose) so\b", re.I)
_NOT_TRUE = re.compile(r"\bnot\s+(?:true|correct)\b", re.I)


def _bool_words(region: str, explicit: bool) -> list[bool]:
    """Yes/no words that answer: "no" only standing alone ("No, ...", "... so no.") or
    opening an explicit answer, never the determiner in "there is no path"; in bare text
    "yes"/"true" only opening or closing a clause."""
    region = _SO_PHRASE.sub(lambda m: " no " if m[1] else " yes ", _BOOL_CHOICE.sub(" ", region))
    out = []
    for m in _BOOL.finditer(region):
        word = (m[1] or m[2]).lower()
        before = region[max(0, m.start() - 12):m.start()]
        opens = _BOOL_CLAUSE.search(before) is not None
        alone = _STANDS_ALONE.match(region, m.end(), m.end() + 8) is not None
        if m[2] and not (alone or (explicit and not before.strip(" *_`\"'\n#>"))):
            continue
        if m[1] and not explicit and (word in ("correct", "incorrect") or not (opens or alone)):
            continue
        negated = _NOT_TRUE.search(region, max(0, m.start() - 6), m.end()) is not None
        out.append((word in ("yes", "true", "yep", "yeah", "correct")) != negated)
    return out


_STOP = frozenset(re.findall(
    r"\w+",
    "a an the is are was were be been there here this that these those it its of in on at to "
    "for from with by and or do does did has have had graph any all some same each every "
    "between node nodes vertex vertices given following question answer please whether "
    "if than then so which what how yes no can could would should will",
))
_NEGATION = re.compile(
    r"\bnon-|(?<=\w)-free\b|\bfree of\b|\b(?:no|not|never|none|neither|nor|without|cannot"
    r"|nothing|nowhere|isnt|arent|doesnt"
    r"|dont|cant|wont|hasnt|havent|wasnt|werent|didnt)\b|n't\b", re.I)
_IDIOM = re.compile(r"\bno doubt\b|\bnot only\b|\bno matter\b|\bwithout (?:a )?doubt\b"
                    r"|\bnothing but\b|\bno (?:less|fewer|more) than\b|\bnot just\b", re.I)
_WORD = re.compile(r"[a-z]+|\d+", re.I)
_ANTONYM_PREFIXES = ("un", "dis", "non", "in", "a", "ir", "il", "im")


def _content(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP}


# Words that ask or assert the same graph predicate ("Is there an edge between 3 and 5?"
# is answered by "3 and 5 are adjacent"); a word outside the groups is its own concept.
_CONCEPTS = {stem: group for group, words in enumerate((
    "edge adjacent adjacency connected linked neighbor neighbour joined",
    "path reachable reach route connected",
    "cycle cyclic loop circuit",
)) for stem in (w[:4] for w in words.split())}


def _stem(word: str) -> Any:
    return _CONCEPTS.get(word[:4], word[:4])


# A declarative answer speaks about this graph or its nodes, not about graphs in general.
_SPECIFIC = re.compile(
    r"\b(?:the|this|our|given|its) (?:graph|network)\b|\b(?:it|they|this)\b"
    r"|\bthere (?:is|are|exists?)\b|\bnodes? (?:\d+|[A-Z]{1,3})\b|\b\w+ and \w+ are\b"
    r"|\(\s*\w+\s*,\s*\w+\s*\)|\b\d+\s*(?:,|and)\s*\d+|\b(?:all|every|each) (?:the )?"
    r"(?:nodes?|pairs?|vertex|vertices|degrees?)\b|\bno (?:such )?(?:edge|path|cycle)s?\b"
    r"|\b(?:no|a|an) (?:\w+ ){0,2}(?:exists?|is present)\b|\bdegrees\b"
    r"|\d+\s*(?:→|->|-)\s*\d+|\bI (?:found|see|checked|counted|traced)\b", re.I)
_GENERAL = re.compile(r"\bif and only if\b|\biff\b|\bby definition\b|\bin general\b"
                      r"|^[\s*_]*(?:an?|any) \w+ (?:is|has|can)\b", re.I)


def _about_this_graph(sentence: str) -> bool:
    """Is ``sentence`` a claim about this graph, not a definition or a general fact ("A
    cycle is a path that ...", "Bipartite graphs can be 2-colored")? A terse answer ("Not
    bipartite", "✅ Bipartite") has no subject and is one."""
    if _GENERAL.search(sentence):
        return False
    return len(_WORD.findall(sentence)) <= 4 or _SPECIFIC.search(sentence) is not None


def _polarity(sentence: str, question: str) -> bool | None:
    """The truth a declarative sentence asserts about the question ("There is no cycle in
    this graph." -> False for "Does the graph contain a cycle?"), or None when it does
    not speak about the question's subject."""
    asked = {_stem(w) for w in _content(question)}
    said = _content(sentence)
    shared = {w for w in said if _stem(w) in asked}
    flipped = {w for w in said - shared for p in _ANTONYM_PREFIXES
               if w.startswith(p) and len(w) > len(p) + 3 and _stem(w[len(p):]) in asked}
    if not shared and not flipped:
        return None
    negations = len(_NEGATION.findall(_IDIOM.sub(" ", sentence)))
    return (negations + len(flipped)) % 2 == 0


# Clauses of a sentence, each asserting on its own ("Not connected: node 8 has no edges").
_BOOL_CLAUSES = re.compile(r"[:;]|,\s*(?=(?:so|thus|hence|therefore|because|since|as|but|while)\b)",
                           re.I)


# "Since node 9 cannot be reached, the graph is disconnected": the reason, then the claim.
_LEADING_CLAUSE = re.compile(r"^(\W*(?:since|because|as|if|when|although|though|while"
                             r"|given that)\b[^,;]*),", re.I)


def _read_bool(region: str, explicit: bool, question: str | None = None) -> Any:
    words = _bool_words(region, explicit)
    if words:
        return _pick(words, explicit)
    if not question:
        return _ABSENT
    clauses = [c for s in _sentences(_BOOL_CHOICE.sub(" ", region)) if _about_this_graph(s)
               for c in _BOOL_CLAUSES.split(_LEADING_CLAUSE.sub(r"\1;", s))]
    # The question's own predicate ("regular" in "Is the graph regular, that is, ...")
    # first, then anything else it mentions.
    for asked in (re.split(r"[,;:(]", question)[0], question):
        for clause in (clauses if explicit else reversed(clauses)):
            found = _polarity(clause, asked)
            if found is not None:
                return found
    return _ABSENT


def parse_bool(text: str, question: str | None = None) -> bool | None:
    """Yes or no; with the ``question``, also a declarative answer that states or denies
    the question's predicate ("The graph is bipartite.", "Nodes 3 and 5 are not
    connected.")."""
    return _read(text, lambda region, explicit: _read_bool(region, explicit, question))


# --- node and edge lists -------------------------------------------------------------------
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


_EMPTY = _AnyOf(
    r"\[\s*\]", r"\{\s*\}", r"(?<![\w)])\(\s*\)", r"∅",
    r"(?<![\w-])(?<!not )(?:none|null|nil|empty|nothing)\b",
    r"\bno\s+(?:such\s+|\w+\s+){0,2}(?:nodes?|edges?|vertex|vertices|neighbou?rs?|members?"
    r"|elements?|bridges?|points?|paths?|leaves|leaf)\b",
    r"\bthere (?:are|is) no\b",
)
_EXAMPLE = re.compile(r"(?:e\.\s?g\.|for example|for instance|such as)[\s,:\[{(]*$", re.I)
_LIST_BODY = r"(?:[\s\d,;'\"*\-–—=>→⟶]|nodes?\b)*"
_LIST_KINDS = (  # tried in order: the format asked for first, tuples last
    (re.compile(rf"\[({_LIST_BODY})\]", re.I),
     re.compile(r"(?<!\d)\d+(?:\s*(?:[-–—]+>|=+>|[→⟶⇒])\s*\d+)+")),
    (re.compile(rf"\{{({_LIST_BODY})\}}", re.I),),
    (re.compile(rf"(?<![\w)])\(({_LIST_BODY})\)", re.I),),
)
_RUN_GAP = re.compile(r"(?:[\s,;&'\"*\-–—=>→⟶|+]|(?:and|then|nodes?|to|go|goes|going|finally|next"
                      r"|plus|also|as well as|along with"
                      r"|after|that|vertex|vertices|we|I|move|moves|back|reach"
                      r"|arrive|at|via|continue|proceed|from|on|onto|again)\b)*", re.I)
# "v_0", "v_{12}", "$v_3$", "n5", "node5": the id.
_SUBSCRIPT = re.compile(r"\b[a-zA-Z]_\{?(\d+)\}?|\b(?:v|n|node)(\d+)\b")
# "(degree 4)", "(score 0.31)", "— degree 4": an annotation, not part of the list.
_ANNOTATION = re.compile(r"\([^()\n]*[a-zA-Z:][^()\n]*\)|\s[–—]\s[^,\n]*|(?<=\d):\s*\d*\.\d+")
_RANGE = re.compile(r"(?<![\d.])(\d{1,12})\s*(?:–|—|\.\.\.?|…|\bto\b|\bthrough\b|\bthru\b)"
                    r"\s*(?:nodes?\s*)?(\d{1,12})(?!\d|\.\d)", re.I)
# "the nodes adjacent to both node 2 and node 5": the question's nodes, not the answer's.
_QUERY_NODES = re.compile(r"\b(?:of|to) both\s+(?:nodes?\s+)?\d+\s+and\s+(?:node\s+)?\d+", re.I)
_SUBORDINATE = re.compile(r",?\s*\b(?:since|because|which|where|as|given that|meaning|so that"
                          r"|while|whereas)\b|\s[–—]\s", re.I)
_DECIMAL = re.compile(r"\(?\b\d+\.\d+\b\)?")  # scores and weights, never node ids
# "3 such nodes", "6 nodes in total": a count, not an id.
_COUNT = re.compile(r"\b\d+\s+(?:such\s+|other\s+|distinct\s+|different\s+)?(?:nodes|vertices"
                    r"|elements|items|members|neighbou?rs|ones|edges)\b"
                    r"|\b\d+\s+(?:of them|in total)\b", re.I)
_ARITHMETIC = re.compile(r"\d\s*[+*/=×]\s*\d")
_CLAUSE = re.compile(r"(?:[^.!?\n;]|\.(?=\d)|;(?![ \t]*[A-Za-z]))*+(?:[.!?;]+|\n|$)")
# "1, 3, 5, ..." or "0, 1, 2, etc.": a list the model did not finish.
# "0 → ? → 5": a node the model did not know.
_PLACEHOLDER = re.compile(r"(?:[→>,\-–]|\bto)[ \t]*\?+[ \t]*(?:[→,\-–]|$)")
_UNFINISHED_LIST = re.compile(r"\d\s*,?\s*(?:\.\.\.|…|etc\b)", re.I)
_ITEM_LINE = re.compile(r"^[ \t]*(?:[-*•+][ \t]|\(?\d+[.)][ \t]|\||(?=\d+[ \t]*$))[ \t]*(.*)$",
                        re.M)
_TABLE_RULE = re.compile(r"^[\s|:\-]+$")


_SAYS_EMPTY = re.compile(r"\bno\s+(?:such\s+|\w+\s+){0,2}(?:nodes?|vertex|vertices|neighbou?rs?"
                         r"|members?|elements?|paths?|leaves|leaf)\b|\bthere (?:are|is) no\b"
                         r"|^[\s*_`\"']*(?:none|nothing|empty)\b", re.I)


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


def _items_as_list(region: str) -> str:
    """Bullets, numbered lines and markdown table rows as one bracketed list of the first
    id on each line (the rest of a line is its annotation: degree, score, step text)."""
    lines = region.split("\n")
    out, block = [], []

    def flush():
        if len(block) >= 2 or (block and out and not out[-1].strip()):
            out.append("[" + ", ".join(block) + "]")
        elif block:
            out.append(block[0])
        block.clear()

    for line in lines:
        item = _ITEM_LINE.match(line)
        if item and not _TABLE_RULE.match(line):
            cells = [c for c in item.group(1).split("|") if c.strip()] if "|" in line else [
                item.group(1)]
            first = next((_DIGITS.search(c) for c in cells if _DIGITS.search(c)), None)
            if first is not None and not re.search(r"(?i)\b(?:node|id|vertex)\b\s*\|", line):
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


def _prose_run(line: str, explicit: bool) -> list[int] | None:
    """The longest run of ids joined only by separators ("nodes 1, 2 and 3", "0-3-5",
    "go to node 6, then 2") on a line."""
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


def _bracketed(region: str, explicit: bool) -> tuple[int, str] | None:
    for patterns in _LIST_KINDS:
        found = sorted(
            (m.start(), m.group()) for p in patterns for m in p.finditer(region)
            if not _is_example(region, m.start())
        )
        if found:
            return _pick(found, explicit)
    return None


def _read_nodes(region: str, explicit: bool, ranges: bool = False,
                limit: int | None = None) -> Any:
    region = _SUBSCRIPT.sub(lambda m: m[1] or m[2], region)
    if not _DIGITS.search(region) and not _EMPTY.search(region):
        return _ABSENT
    if explicit and _empty_answer(region, True):
        return []
    if _PLACEHOLDER.search(region):
        return None
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
    lines = lines[:_MAX_CANDIDATES] if explicit else lines[-_MAX_CANDIDATES:]
    lines = [s for s in lines if _DIGITS.search(s) or _EMPTY.search(s)]
    if not lines:
        return _ABSENT
    if not explicit:
        lines = [s for s in lines if not _ARITHMETIC.search(s)] or lines
    line = _decisive(lines, explicit)
    if _UNFINISHED_LIST.search(line):
        return None
    line = _QUERY_NODES.sub(" ", line)
    if not _DIGITS.search(line) and not _EMPTY.search(line):
        return None  # only the question's own nodes were named
    cut = _SUBORDINATE.search(line)
    if cut and _DIGITS.search(line, 0, cut.start()):
        line = line[: cut.start()]
    listed = _bracketed(line, explicit)
    if listed is None and _SAYS_EMPTY.search(line):
        return []  # "Nodes 4 and 7 have no common neighbors."
    if listed is not None:
        return _ids(_DIGITS.findall(listed[1]))
    if _empty_answer(line, explicit):
        return []
    return _prose_run(line, explicit)


def parse_node_list(text: str, ranges: bool = False, limit: int | None = None
                    ) -> list[int] | None:
    """Node ids in the order written. ``ranges`` reads "0–3" as 0, 1, 2, 3 (for sets,
    where a range is a shorthand; in a path "0 to 3" names two stops), expanded at most
    ``limit`` ids (the graph's size)."""
    return _read(text, lambda region, explicit: _read_nodes(region, explicit, ranges, limit))


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
    r"(?:[\s,;&*•+|\-–—→⟶>]|(?:and|then|edges?|next|finally|followed by|backtracks?|back|goes"
    r"|go|to|after that)\b"
    r"|\((?:weight|w|capacity|cap|c|cost)?\s*[:=]?\s*[-+]?\d+(?:\.\d+)?\))*",
    re.I,
)
# Prose and JSON spellings of one edge, rewritten to "(u, v)".
_EDGE_PROSE = re.compile(
    r"\b(?:between|from|connecting|joining|links?)\s+(?:nodes?\s+)?(\d+)\s+(?:and|to|with)"
    r"\s+(?:nodes?\s+)?(\d+)\b|\bnodes?\s+(\d+)\s+(?:to|and|with)\s+nodes?\s+(\d+)\b"
    r"|\{[^{}]{0,80}?\"(?:source|u|from|src|start|node1|head|a)\"\s*:\s*\"?(\d+)\"?[^{}]{0,40}?"
    r"\"(?:target|v|to|dst|end|node2|tail|b)\"\s*:\s*\"?(\d+)\"?[^{}]{0,80}?\}",
    re.I,
)
# An adjacency list line: "0: 1, 2", "Node 3 -> [4, 5]", "\"0\": [1, 2]".
_ADJACENCY = re.compile(
    r"^[ \t\-*•{,]*(?:node\s*)?\"?(\d+)\"?\s*(?::|->|→)\s*[\[{(]?\s*(\d+(?:\s*,\s*\d+)+|\d+)"
    r"\s*[\]})]?[ \t,}]*$", re.I | re.M)


_ENUMERATOR = re.compile(r"^[ \t]*(?:[-*•+]|\(?\d+[.)])[ \t]+", re.M)
_TABLE_ROW = re.compile(r"^[ \t]*\|(.*)\|?[ \t]*$", re.M)


def _table_edge(m: re.Match) -> str:
    """A markdown table row as its edge: the cell holding a pair, else the first two
    cells holding one id each (u | v | weight)."""
    cells = [c.strip() for c in m[1].split("|") if c.strip()]
    for cell in cells:
        if len(_DIGITS.findall(cell)) == 2:
            return cell
    ids = [c for c in cells if _DIGITS.fullmatch(c)]
    return f"({ids[0]}, {ids[1]})" if len(ids) >= 2 else ""


_JSON_ADJACENCY = re.compile(r"\"(\d+)\"\s*:\s*\[((?:\s*\d+\s*,?)*)\]")


def _edge_spellings(region: str) -> str:
    region = _TABLE_ROW.sub(_table_edge, _ENUMERATOR.sub("", region))
    region = _EDGE_PROSE.sub(
        lambda m: f"({m[1] or m[3] or m[5]}, {m[2] or m[4] or m[6]})", region)
    if len(_ADJACENCY.findall(region)) < 2 and "{" not in region:
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
        items.append((m.start(), m.end(), list(zip(ids, ids[1:], strict=False))))
    return sorted(items)


def _read_edges(region: str, explicit: bool) -> Any:
    region = _SUBSCRIPT.sub(lambda m: m[1] or m[2], region)
    if not _DIGITS.search(region) and not _EMPTY.search(region):
        return _ABSENT
    if explicit and _empty_answer(region, True):
        return []
    region = _edge_spellings(region)
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
