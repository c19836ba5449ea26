"""Which category labels a free-text answer names, and which one it commits to.

GTEval's accuracy counts an answer as correct when it contains the gold label and no
other label, so the one primitive is "the labels mentioned in this text"; GraphInfer's
T1/T3 labels and T5 label-named communities use the same one (``mentioned_labels``), so
a spelling variant read in one suite is read in all. Matching is case-insensitive, on
whole words, longest name first, so "Data Mining" is one mention and not also a "Data"
one, and "AI" does not fire inside "maintain". A label is also named by its spelling
variants: spaces, underscores and hyphens alike ("Neural Networks" for
``Neural_Networks``), "and" for "&" ("Toys and Games"), singular or plural, an acronym
label spelled out ("Artificial Intelligence" for ``AI``), and a multi-word label's acronym
in capitals ("RL" for ``Reinforcement_Learning``). A label the answer denies ("not
Database", "not about databases", "rather than AI", "a non-AI paper") is not named.

Several labels named is no answer, unless the answer commits to one: the grading rule of
``graphgauge.scoring.region`` picks the committed region ("Answer: AI"), and in bare text
a closing "so …"/"I'd classify it as …" sentence naming one label commits to it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from graphgauge.scoring.region import ABSENT, NoAnswer, read_answer
from graphgauge.scoring.signals import CUE, POSSIBLE, TENTATIVE

_SEPARATOR = r"[\s_\-]+"
# Words that start many phrases and never spell out an acronym ("about information").
FUNCTION_WORDS = ("about|above|after|again|also|among|another|around|because|before|being"
                   "|between|both|each|either|from|have|into|just|many|more|most|much|only"
                   "|other|over|some|such|than|that|their|them|then|there|these|they|this"
                   "|those|under|very|what|when|where|which|while|will|with|would|your|and"
                   "|are|any|all|its|the|for|not|was|can|has|had")


def _number_variants(word: str) -> str:
    """A label's last word in the singular or plural ("Databases" for ``Database``,
    "Neural Network" for ``Neural_Networks``, "Theories" for ``Theory``): models inflect
    category names to fit their sentence."""
    if not word.isalpha():
        return re.escape(word)
    if word.isupper():  # "GNNs" for ``GNN``
        return re.escape(word) + "(?-i:s)?"
    if len(word) < 4:  # "Toys" for ``Toy`` (too short to take an ending off safely)
        return re.escape(word) + ("" if word[-1] in "sS" else "s?")
    if word[-1] in "yY" and word[-2].lower() not in "aeiou":
        return re.escape(word[:-1]) + "(?:y|ies)"
    if word[-1] in "sS" and not word.lower().endswith("ss"):
        return re.escape(word[:-1]) + "s?"
    return re.escape(word) + "(?:e?s)?"


def _alternatives(label: str) -> list[str]:
    """The ways ``label`` is written, the spelled-out initials of an acronym label last."""
    words = [w for w in re.split(_SEPARATOR, label.strip()) if w]
    # "Toys and Games" for ``Toys & Games``
    spelled = ["(?:&|and)" if w == "&" else re.escape(w) for w in words[:-1]]
    out = [_SEPARATOR.join([*spelled, _number_variants(words[-1])])]
    if len(words) >= 2 and all(w[:1].isalpha() for w in words):
        out.append("(?-i:" + "".join(w[0].upper() for w in words) + ")")
    if _is_acronym(label):
        out.append(_SEPARATOR.join(
            rf"(?={re.escape(ch)}[a-z]{{2}})(?!(?:{FUNCTION_WORDS})\b){re.escape(ch)}[a-z]{{2,}}"
            for ch in label))
    return out


def _is_acronym(label: str) -> bool:
    return label.isupper() and label.isalpha() and 2 <= len(label) <= 5


@lru_cache(maxsize=64)
def _pattern(labels: tuple[str, ...]) -> tuple[re.Pattern[str], list[str]]:
    """One scan for every label. An acronym's spelled-out initials get a group of their own
    (``w<i>``): any capitalised words with those initials fit them ("Applied Information"
    for AI), so they yield to a label spelled out inside them."""
    names = sorted(set(labels), key=lambda name: (-len(name), name))
    groups = []
    for i, name in enumerate(names):
        alternatives = _alternatives(name)
        if _is_acronym(name):
            groups.append(f"(?P<g{i}>{'|'.join(alternatives[:-1])})"
                          f"|(?P<w{i}>{alternatives[-1]})")
        else:
            groups.append(f"(?P<g{i}>{'|'.join(alternatives)})")
    # Every alternative starts with its label's first letter: checking that letter first
    # lets the scan skip other positions at C speed (46 ms -> 1.4 ms on a 100k table).
    first = "".join(sorted({re.escape([w for w in re.split(_SEPARATOR, name.strip()) if w][0][0])
                            for name in names}))
    return (re.compile(rf"(?=[{first}])(?<![\w])(?:{'|'.join(groups)})(?![\w])", re.IGNORECASE),
            names)


_WORD_START = re.compile(r"(?<![\w])\w")


def _matches(pattern: re.Pattern[str], text: str):
    """The pattern's matches left to right, except that initials standing for an acronym
    label give way to a label spelled out from one of their later words: "Applied
    Information Retrieval" names Information Retrieval, not AI."""
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        if m.lastgroup[0] == "w":
            inner = next((found for w in _WORD_START.finditer(text, m.start() + 1, m.end())
                          if (found := pattern.match(text, w.start())) is not None
                          and found.lastgroup[0] == "g" and found.end() > m.end()), None)
            if inner is not None:
                m = inner
        yield m
        pos = m.end()


# A denial word, then at most two words before the label ("not about databases", "rather
# than proposing a Neural_Networks architecture"), or "non-" on it ("a non-AI paper"). Not
# a denial: words that weigh the label ("not sure between AI and ...", "no doubt AI") or
# add to it ("not only AI"), nor one reaching over a new clause ("and", "but").
# (The lookahead on the denials' first letters lets the search skip other positions fast.)
_DENIED = re.compile(r"(?=[nritoaeb])(?:\b(?:not|neither|nor|rather than|instead of|other than"
                     r"|as opposed to|than|except|besides|isn'?t|no)\s+(?!(?:doubt|question)\b)"
                     r"(?:[*_\"'`]*(?!(?:but|and|or|nor|sure|certain|confident|clear|decided?"
                     r"|know|tell|between|whether|if|only|just|merely|simply|solely)\b)"
                     r"\w+[*_\"'`]*\s+){0,2}"
                     r"|\bnon-)[*_\"'`]*$", re.I)
_DENIAL_REACH = 40  # characters before a mention its denial is looked for in
# "than" after "less", "fewer" or "worse" points at the label preferred, not at one denied:
# "Staff is less likely than faculty" puts faculty forward.
_LESS_THAN = re.compile(r"\b(?:less|fewer|worse|weaker|lower)\b[^.;:!?\n]{0,40}?\bthan\s+"
                        r"(?:[*_\"'`]*\w+[*_\"'`]*\s+){0,2}[*_\"'`]*$", re.I)


# A denial goes on over "or": "It isn't a Database or an Information Retrieval paper" (not
# over "and" or a comma: "not Theory, AI" may name the answer).
_DENIED_TOO = re.compile(r"[\s*_\"'`]*,?[ \t]*\b(?:or|nor)\b[ \t]*(?:an?\s+|the\s+)?[*_\"'`]*",
                         re.I)


def _mentions(text: str, labels: Sequence[str]) -> list[tuple[int, str]]:
    pattern, names = _pattern(tuple(labels))
    out = []
    denied = -1  # where the last denied mention ends
    for m in _matches(pattern, text):
        if (_DENIED.search(text, max(0, m.start() - _DENIAL_REACH), m.start()) and not
                _LESS_THAN.search(text, max(0, m.start() - 2 * _DENIAL_REACH), m.start())) or (
                denied >= 0 and _DENIED_TOO.fullmatch(text, denied, m.start())):
            denied = m.end()
            continue
        denied = -1
        out.append((m.start(), names[int(m.lastgroup[1:])]))
    return out


def mentioned_labels(text: str | None, labels: Sequence[str]) -> list[str]:
    """The labels ``text`` names, each once, in order of first mention."""
    if not text or not labels:
        return []
    return list(dict.fromkeys(label for _, label in _mentions(text, labels)))


# Labels named as evidence or set aside, not put forward as the answer: the neighbours'
# ("its only neighbour is a student's home page", "cites two Database papers"), contrasts
# ("rather than being the home page of a student, a course or ...", "fits better than AI",
# "Between AI and Database, ..."), denials ("not a student's or a faculty member's page"),
# what the text mentions, candidates considered ("I considered AI") and ruled out ("this
# rules out project and course"). (A concession is
# not an aside: "fits IR best, though it uses some Data Mining techniques" names two labels.)
# The scope runs to the end of its sentence, or to a commitment, a "but", a ";" or a main
# clause about the item (", the center node is ...") after it (a contrast opening a
# sentence, "Unlike its neighbours, ...", "Rather than X, Y or Z, it is ...": to the comma
# before the sentence's own verb).
_ASIDE = re.compile(r"\b(?:(?:rather|other|better|more|likelier|closer) than|instead of"
                    r"|as opposed to|unlike|between|not (?:an?|the)"
                    r"|(?:is|are|does|do)(?:n'?t| not) (?:look|seem|read|sound)s? like"
                    r"|neighbo(?:u)?r(?:s|ing)?|cit(?:es|ed|ing|ations?)|links?|linked"
                    r"|referenc(?:es|ed)|considered|candidates?|mention(?:s|ed|ing)?"
                    # labels dismissed after the verb: "this rules out project and course"
                    r"|rul(?:es?|ing) out|exclud(?:es?|ing)|eliminat(?:es?|ing))\b", re.I)
_ASIDE_ENDS = re.compile(r"\bbut\b|;|,[ \t]*(?:so[ \t,]+|and[ \t]+)?(?:the[ \t]+(?:(?:center|centre"
                         r"|central|target|main)[ \t]+)?(?:node|page|paper|article|item)|this"
                         r"[ \t]+(?:node|page|paper|one)|it(?:'s|[ \t]+(?:is|was|must|should))"
                         r"|I(?:'d|[ \t]+would|[ \t]+think))\b", re.I)
_OPENS = re.compile(r"[\W_]*\Z")
_CONTRAST = re.compile(r"rather|instead|as opposed|other|unlike|between|not", re.I)
_VERB = re.compile(r"\b(?:is|are|was|were|seems?|looks?|belongs?|reads?|fits?)\b", re.I)
# Evidence that puts its label forward as a candidate ("the neighbours suggest Data Mining",
# "with Data Mining possible too").
_PUTS = re.compile(r"\b(?:suggest|point|indicat|impl(?:y|ies)|hint|favou?r|could|might|maybe"
                   r"|perhaps|also|too|as well|equally|possib|plausib|alternative"
                   r"|(?<!less )(?<!not )likely)", re.I)
# Labels set aside after they are named: "Database and Data Mining are unlikely", "Data
# Mining is a close second"; the scope starts at the clause.
_SET_ASIDE_AFTER = re.compile(r"\b(?:(?:un|less |not )likely|ruled? out|(?:does|do)(?:n'?t| not)"
                              r" fit|(?:can be|is|are) excluded|a close second|runner[- ]up"
                              r"|second (?:choice|best))\b", re.I)
_CLAUSE_OPENS = re.compile(r"[,;:—–]|\b(?:but|so)\b", re.I)
# A table row ("| student | low |"): candidates weighed, the answer stated outside it.
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)


def _aside_scopes(sentence: str) -> list[tuple[int, int]]:
    """The stretches of one sentence that name labels only to set them aside. (Each
    pattern is scanned once and looked up by position: linear in the sentence.)"""
    asides = list(_ASIDE.finditer(sentence))
    if asides:
        stops = sorted({m.start() for m in _COMMITS.finditer(sentence)}
                       | {m.start() for m in _ASIDE_ENDS.finditer(sentence)})
        offers = sorted(m.start() for pattern in (_PUTS, POSSIBLE, TENTATIVE)
                        for m in pattern.finditer(sentence))
    scopes = []
    for m in asides:
        at = bisect_left(stops, m.end())
        end = stops[at] if at < len(stops) else len(sentence)
        if _OPENS.match(sentence, 0, m.start()) is not None and _CONTRAST.match(m.group()) \
                and not sentence.startswith(",", end):
            # "Rather than a course, a student or staff page, it is faculty": up to the
            # comma before the sentence's own verb ("Unlike AI, which is ..., it's ...":
            # the first comma)
            verb = _VERB.search(sentence, m.end(), end)
            comma = sentence.rfind(",", m.end(), verb.start() if verb else end)
            if comma < 0:
                comma = sentence.find(",", m.end(), end)
            end = comma if comma >= 0 else end
        at = bisect_left(offers, m.start())
        if at == len(offers) or offers[at] >= end:
            scopes.append((m.start(), end))  # ("the neighbours suggest X could fit": offered)
    dismissals = list(_SET_ASIDE_AFTER.finditer(sentence))
    opens = [x.end() for x in _CLAUSE_OPENS.finditer(sentence)] if dismissals else []
    for m in dismissals:
        at = bisect_right(opens, m.start())
        scopes.append((opens[at - 1] if at else 0, m.start()))  # (the words stay: "less
        # likely than faculty" puts faculty forward)
    return scopes


@lru_cache(maxsize=32)
def _without_asides(text: str) -> str:
    """``text`` with the scopes of ``_aside_scopes`` and its table rows blanked (same
    length, so positions hold)."""
    out = []
    for sentence in _SENTENCE.findall(_TABLE_ROW.sub(lambda m: " " * len(m.group()), text)):
        kept, pos = [], 0
        for start, end in sorted(_aside_scopes(sentence)):  # (scopes overlap)
            if end > pos:
                kept.append(sentence[pos:max(pos, start)] + " " * (end - max(pos, start)))
                pos = end
        out.append("".join(kept) + sentence[pos:])
    return "".join(out)


def put_forward(text: str, labels: Sequence[str]) -> list[str]:
    """The labels ``text`` names as its answer: those named outside evidence, contrasts
    and denials when there are any ("most likely **project**, since research groups have
    project pages rather than being the home page of a student, a course, ..."), else all
    it names (a text naming labels only as evidence commits to none of them)."""
    named = mentioned_labels(text, labels)
    if len(named) < 2:
        return named
    return mentioned_labels(_without_asides(text), labels) or named


_COMMITS = re.compile(r"\b(?:so|thus|therefore|hence|overall|I'?d say|I would say|classify"
                      r"|I'?(?:ll|d) (?:say|go with|pick|choose)|go(?:ing)? with|my answer"
                      r"|categori[sz]e|belongs? to|(?:category|class|label) is|most likely|final"
                      r"|(?:mainly|mostly|primarily|really) about|(?:by|the) majority"
                       r"|predicted (?:class|label|category)|prediction"
                       r"|most (?:plausibly|probably)|makes? it)\b"
                       r"|→|=>|->"
                       # a labelled or emphasised name: "Class: Faculty", "makes it **AI**"
                       r"|\b(?:class|category|label)[ \t*_]*:|\*\*(?=[^*\n]{1,60}\*\*)",
                      re.I)
# Sentences; "i.e.", "e.g." and the dot inside a name ("cs.CV") do not end one.
_SENTENCE = re.compile(r"(?:\b(?:i\.e|e\.g)\.|[^.!?\n]|\.(?=\w))*(?:[.!?]+|\n|$)", re.I)


def committed_label(text: str | None, labels: Sequence[str]) -> str | NoAnswer:
    """The one label the answer commits to under the grading rule, or why there is none."""
    if not labels:
        return NoAnswer("no labels to choose from")

    seen: dict[tuple[str, bool], Any] = {}

    def reader(region: str, explicit: bool):
        # (the region layer asks for the same region's labels more than once)
        if (region, explicit) not in seen:
            seen[region, explicit] = read(region, explicit)
        return seen[region, explicit]

    def read(region: str, explicit: bool):
        if explicit:  # the first sentence that names a label is the committed answer
            for sentence in _SENTENCE.findall(region):
                named = put_forward(sentence, labels)
                if named:
                    return named
            return ABSENT
        return put_forward(region, labels) or ABSENT

    named = read_answer(text, reader)
    if isinstance(named, NoAnswer):
        labelled = _LABELLED.match(text or "")
        if named.reason.startswith("cut off") and (labelled or _ALONE.match(text or "")):
            # "Label: Databases\n\nThe node cites ... and is cited by": cut off after the
            # labelled answer it opened with
            opening = _opening_label(text or "", labels)
            if opening is not None:
                return opening
        return named
    if len(named) == 1:
        return _unless_another_offered(text or "", named[0], labels)
    opening = _opening_label(text or "", labels)
    if opening is not None:
        return _unless_another_offered(text or "", opening, labels)
    closing = [s for s in _SENTENCE.findall(text or "") if mentioned_labels(s, labels)]
    commits = list(_COMMITS.finditer(closing[-1])) if closing else []
    if commits:  # "..., so the best category is Data Mining": what follows the commitment
        last = mentioned_labels(closing[-1][commits[-1].start():], labels)
        offered = closing[-1][commits[0].start():commits[-1].start()]
        if len(last) == 1 and not (_CHOICE_WORDS.search(offered)
                                   and set(mentioned_labels(offered, labels)) - set(last)):
            # ("**Data Mining** or **Information Retrieval**": the bold marks both choices)
            return last[0]
    first = _first_commitment(text or "", labels)
    if first is not None:
        return _unless_another_offered(text or "", first, labels)
    return NoAnswer("several labels named")


# The answer first, on its own ("Chemistry. At first I considered Biology, ...", "Tech — the
# article is about chips"): what follows is its explanation.
_OPENING = re.compile(r"\A[\s*_#>`\"']*(?:(?:category|label|class|answer|prediction)"
                      r"[\s*_]*:[\s*_]*)?(?P<name>[^.\n—–:;,(?!]{1,60})(?:[.\n—–:;(!]|\Z)", re.I)
_LABELLED = re.compile(r"[\s*_#>`\"']*(?:category|label|class|answer|prediction)[\s*_]*:", re.I)
_NAME_ONLY = re.compile(r"[\s*_`\"']*")
# A name alone in the opening paragraph ("course\n\nThe title ..."): the answer first.
_ALONE = re.compile(r"[\s*_#>`\"']*[^\s.:;,!?][^\n.:;,!?]{0,40}[.!]?[\s*_`\"']*\n[ \t]*\n")


def _opening_label(text: str, labels: Sequence[str]) -> str | None:
    """The label a reply opens with, alone, when nothing later corrects it or commits to
    another ("..., so I'd go with X")."""
    m = _OPENING.match(text)
    if m is None:
        return None
    found = _mentions(m["name"], labels)
    if len(found) != 1 or CUE.search(text, m.end()):
        return None
    pattern, _ = _pattern(tuple(labels))
    if not _NAME_ONLY.fullmatch(pattern.sub("", m["name"])):
        return None  # "This paper is about X" is a sentence, not the answer alone
    label = found[0][1]
    return None if _commits_elsewhere(text[m.end():], label, labels) else label


def _commits_elsewhere(text: str, label: str, labels: Sequence[str]) -> bool:
    """Does a sentence of ``text`` commit to another label ("…, so I'd go with X")? A
    commitment word with no other label after it ("a student page would rarely do so")
    or with the others set aside ("so Data Mining and AI are unlikely") does not."""
    for sentence in _SENTENCE.findall(text):
        for commit in _COMMITS.finditer(sentence):
            if set(mentioned_labels(sentence[commit.start():], labels)) - {label} and not (
                    _DISMISSED.search(sentence, commit.end())):
                return True
    return False


# "The most likely category is **AI**. While some neighbours are about databases, ...":
# the first sentence commits to one label, the reason after it names others.
_CHOICE_WORDS = re.compile(r"\bor\b|\beither\b|/", re.I)


_OFFERED = re.compile(r"\b(?:equally|just as|also|as well|alternatively|though|although"
                      r"|otherwise)\b", re.I)
_CLAUSE_BREAK = re.compile(r"[:;(—–]|\b(?:because|since|as|while|with)\b", re.I)


def _first_commitment(text: str, labels: Sequence[str]) -> str | None:
    """The first sentence commits to one label; the others it names come after a clause
    break ("a **project** page: it lists team members (two faculty ...)"), and no later
    sentence commits to another."""
    sentences = [x for x in _SENTENCE.findall(text) if x.strip()]
    if not sentences or CUE.search(text):
        return None
    first = sentences[0]
    commit = _COMMITS.search(first)
    named = _mentions(first[commit.start():], labels) if commit else []
    if not named or _CHOICE_WORDS.search(first, commit.start()) or POSSIBLE.search(first):
        return None
    label = named[0][1]
    others = [at for at, name in named if name != label]
    after = first[commit.start() + named[0][0]:]
    if others and (not _CLAUSE_BREAK.search(first, commit.start() + named[0][0],
                                            commit.start() + others[0])
                   or _OFFERED.search(after) or POSSIBLE.search(after)
                   or TENTATIVE.search(after)):
        return None  # "most likely AI and Database", "staff — though faculty is as likely"
    rest = text[text.find(first) + len(first):]
    return None if _commits_elsewhere(rest, label, labels) else label


# Other labels named only to be set aside: "so Data Mining and AI are unlikely".
_DISMISSED = re.compile(r"\b(?:(?:un|less |not )likely|ruled? out|doesn't fit|don't fit"
                        r"|do not fit|does not fit|can be excluded|are excluded|is excluded)\b",
                        re.I)


def _unless_another_offered(text: str, label: str, labels: Sequence[str]) -> str | NoAnswer:
    """``label``, unless a later sentence puts another label forward as a possibility
    ("The answer should be Theory. Though it could also be Probabilistic Methods.")."""
    sentences = _SENTENCE.findall(text)
    last = max((i for i, s in enumerate(sentences) if label in mentioned_labels(s, labels)),
               default=len(sentences))
    for sentence in sentences[last + 1:]:
        if set(mentioned_labels(sentence, labels)) - {label} and (
                POSSIBLE.search(sentence) or TENTATIVE.search(sentence)):
            return NoAnswer("another label offered as a possibility")
    return label


def single_label(text: str | None, labels: Sequence[str]) -> str | None:
    """The label ``text`` answers with when it commits to exactly one, else None."""
    found = committed_label(text, labels)
    return None if isinstance(found, NoAnswer) else found


def is_correct(text: str | None, gold: str, labels: Sequence[str]) -> bool:
    """Commits to ``gold`` and names no other label as its answer (the paper's Eq. 1)."""
    return single_label(text, labels) == gold
