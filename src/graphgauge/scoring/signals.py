"""What in a model's text says it does not commit to one answer, or changes its mind.

The region layer (``graphgauge.scoring.region``) finds where answers are marked; these
are the signals it weighs around them: correction cues and retractions, hedges and doubt,
refusals and questions back, a method or an echo instead of an answer, and text cut off
mid-sentence. Each pattern scans a bounded stretch of text (``tail``, ``clip``), so that
reading stays linear in the length of an answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A final answer is short: by default an explicit region is read up to SIZE characters,
# bare text (no marker) from its last SIZE / 2, and an answer longer than 2.5 x SIZE from
# its first SIZE / 2 and last 2 x SIZE characters, so that reading a 200k-character answer
# costs about as much as reading a short one. Readers of big answers (whole graphs) pass a
# larger ``size``.
SIZE = 8000
_TAIL = SIZE // 2
# Bullet / numbered / table lines continue a list answer ("- 3 (degree 4)").
ITEM = re.compile(r"[ \t]*(?:[-*•+]|\d+[.)]|\|)[ \t]")

# The lookahead names how every branch starts, so that most positions of a long answer
# fail at once instead of trying each alternative (the same for UNSURE below).
CUE = re.compile(
    r"(?=wa|ac|ho|hm|oo|on|co|le|i |th|sc|no|re|up)"
    r"\b(?:wait|actually|hold on|hmm+|oops|on (?:second|further) thought|correction"
    r"|let me (?:re-?count|re-?check|double[- ]check|verify|reconsider|re-?examine|re-?do|fix)"
    r"|I (?:made an? (?:mistake|error)|miscounted|was wrong|missed|overlooked|forgot)"
    r"|(?:that'?s|this is|that is) (?:wrong|incorrect|not (?:right|correct))"
    r"|scratch that|no,? wait|I meant|re-?counting|rechecking|upon (?:re)?checking"
    r"|on reflection|thinking (?:about it )?again)\b",
    re.I,
)
RETRACTION = re.compile(
    r"\b(?:wrong|incorrect|not (?:right|correct)|mistake|error|miscounted|re-?count"
    r"|re-?check|scratch that|overlooked|missed|forgot|start over|try again|re-?do"
    r"|incomplete|not (?:yet )?complete|unfinished"
    r"|(?:can'?t|cannot|couldn'?t) be (?:right|correct)"
    r"|(?:doesn'?t|does not|don'?t|do not) (?:look|seem|sound) (?:right|correct)"
    r"|(?:don'?t|do not) think (?:this|that|it)(?:'s| is) (?:right|correct))\b", re.I)
# What a retraction ends on when it gives no new answer: a possibility, more work to do,
# or a verdict of "wrong" on what came before ("... not 2, so one of the terms is wrong").
_OPEN_END = re.compile(r"\b(?:may|might|maybe|perhaps|need to|have to|let me(?! know)|I'll"
                       r"|start over|try again|re-?do|again)\b", re.I)
_LAST_DIGIT = re.compile(r"\d(?!.*\d)", re.S)
_STATES_VALUE = re.compile(r"(?:\b(?:is|are)\b|[:=])[^.!?\n]*\d")


def retracted(after: str) -> bool:
    """Does the text after a correction cue take the answer back without giving a new
    one? Its last sentence stays open or judges something wrong after its last value."""
    sentences = [s for s in SENTENCE_SPLIT.split(strip_questions(after)) if s.strip()]
    if not sentences or not RETRACTION.search(after):
        return False
    last = sentences[-1]
    digit = _LAST_DIGIT.search(last)
    open_end = _OPEN_END.search(last)
    if open_end and not _STATES_VALUE.search(last, open_end.end()):
        return True  # "I may have skipped node 6." (not "Let me recheck: it is (6, 7).")
    return RETRACTION.search(last, digit.end() if digit else 0) is not None
CONFIRM = re.compile(
    r"\b(?:is|was|seems|looks) (?:indeed )?(?:correct|right|confirmed)\b|\bconfirm(?:s|ed)?\b"
    r"|\b(?:remains|stays|holds)\b|\bis still\b|\bno change\b|\bstands\b", re.I)
# Doubt voiced after an answer, without a new one: the answer stands.
# "The answer is [2, 3]. Hmm, or [2, 4]?": a second candidate offered, not a correction.
ALTERNATIVE = re.compile(r"[\s,.;:]*or\b", re.I)
DOUBT = re.compile(r"\b(?:not (?:sure|certain|100% sure|(?:fully |very |entirely )?confident)"
                   r"|unsure|uncertain|might be wrong"
                    r"|may be wrong|could be wrong)\b", re.I)
# A bare text whose last sentence announces more work has not committed yet.
UNFINISHED = re.compile(r"\b(?:so far|let me(?! know)|let's|I'll|I will|I (?:still )?need to"
                         r"|we (?:still )?need to"
                         r"|next,? I|then I|now I|now we|next we)\b"
                         r"(?! (?:say|go with|answer|pick|choose|take|stick with))[^:]*$", re.I)
_HEDGE = re.compile(
    r"\beither\b(?:[^.\n]|\.\d){0,80}?\bor\b|\b(?:it|this|that|the answer) (?:really )?(?:depends"
    r"|would depend|could depend)\b|\bdepending on\b"
    r"|\b(?:could|might|may) (?:also |either |possibly )?be\s+(?:\w+\s+){0,2}?[\[({]?"
    r"(?:\d|(?:yes|no|true|false)\b)"
    r"|\botherwise\b|\byes and no\b|\bno and yes\b"
    r"|\((?:if|when|for)\b[^()\n]*\)(?:[^.\n]|\.\d)*\((?:if|when|for)\b"
    r"|\b(?:around|about|roughly|approximately|somewhere|anywhere|estimate)\s+\d+(?:\.\d+)?\s*"
    r"(?:to|–|-)\s*\d"
    r"|(?:,|\band\b|\bor\b|\bplus\b)\s*(?:possibly|maybe|perhaps|probably)\s+(?:also\s+)?(?:node\s+)?"
    r"[\[(]?\d"
    r"|\bat least\b[^.\n]{0,60}\bat most\b|\bin the range\b|\bsomething like\b"
    r"|\d\.\d+\s*[-–]\s*\d*\.\d"
    r"|\b(?:two|three|2|3|multiple|several|many) (?:\w+ )?(?:paths|answers|solutions"
    r"|orderings|orders|options|possibilities)\b"
    r"|\banother(?: \w+){0,2}?(?: is| would be| works|:)|\balternatively\b"
    r"|\balso (?:plausible|possible)\b|\bor (?:yes|no)\?"
    r"|\bgive or take (?:a few|some|about|\d)"
    r"|\bor\s+[\w.]+(?:\s+\w+)?\s+if\b|\bif not\b,"
    r"|\b(?:yes|no|true|false|\d+(?:\.\d+)?)\s+(?:if|when)\b[^.\n]{0,80}"
    r"\b(?:yes|no|true|false|\d+(?:\.\d+)?)\s+(?:if|when)\b"
    r"|(?<!even )\bif (?:we|you|one) (?:ignore|consider|treat|count|assume|include|exclude|allow)\b"
    r"|(?:\A|(?<=[.!?\n]))[ \t*_]*or\s+[\[({]?\s*\d"
    r"|\b(?:but )?only (?:if|when)\b|\bunless\b|\b(?:somewhere|anywhere|roughly) between\b"
    r"|\bor\s+(?:maybe\s+|perhaps\s+|possibly\s+)?[\[({]?\s*\d[^?\n.]{0,40}\?"
    r"|\b(?:I'?m|I am) (?:not (?:sure|certain)|unsure|uncertain) (?:whether|if)\b"
    r"|\bcan(?:not|'t) (?:tell|decide|be sure) (?:whether|if)\b"
    r"|[\])}]\s*,?\s+or\s+(?:maybe\s+|possibly\s+|perhaps\s+)?[\[({]"
    r"|(?<![\w.])(?P<a>\d+(?:\.\d+)?|yes|no|true|false)\s*[,(]?\s*or\s+(?:possibly\s+|maybe\s+|"
    r"perhaps\s+|probably\s+|else\s+)?(?:nodes?\s+|vertex\s+)?(?P<b>\d+(?:\.\d+)?|yes|no|true|false)(?!\w|\.\d)",
    re.I,
)
_CHOICE_PAIRS = ({"yes", "no"}, {"true", "false"})
REFUSAL = re.compile(
    r"(?:^|[.!?][ \t]+|\n)[ \t*_\"']*(?:(?:sorry|unfortunately|however|but|hmm|well|so"
    r"|i'?m sorry|i apologi[sz]e)[ \t,.!;:]+){0,2}(?:"
    r"I (?:cannot|can'?t|can not|am unable to|'m unable to|am not able to|'m not able to"
    r"|won'?t be able to|do not have enough|don'?t have enough) (?:\w+ ){0,2}?(?:determine"
    r"|answer|solve|compute|calculate|say|tell|help|provide|know|verify|decide|information)"
    r"|\bI (?:do not|don'?t) know\b|.{0,60}\b(?:not enough|insufficient|more) information\b"
    r"|\b(?:could|can|would) you (?:please )?(?:provide|clarify|share|give|specify|confirm"
    r"|tell|paste|send|include|check)\b|\bplease (?:provide|clarify|share|specify)\b|\bas an AI\b"
    r"|not sure (?:which|what) you\b|.{0,60}\b(?:which|what) (?:\w+ ){0,3}?(?:do )?you mean\b"
    r"|I(?:'d| would) need (?:to see )?(?:the (?:full|complete|whole|rest)|more)\b"
    r"|I (?:do not|don'?t) have (?:a |any )?(?:\w+ )?way to\b"
    r"|.{0,40}\b(?:rather not|won'?t|will not|do not want to|don'?t want to) guess\b"
    r"|I (?:could(?:n'?t| not)|was(?:n'?t| not) able to|was unable to) (?:reliably |fully )?"
    r"(?:work out|figure out|compute|calculate|determine|count)"
    r"|.{0,60}\bas an AI\b"
    r"|(?:the|this|it|that)\b[^.!?\n]{0,60}\b(?:cannot|can'?t|could not|couldn'?t) be (?:computed"
    r"|determined|calculated|answered|decided|found)\b|unable to determine|unknown\W*$)",
    re.I,
)
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|\n")
# A text cut off mid-sentence ends on a joining word, a comma, or an open bracket.
_TRUNCATED_END = re.compile(
    r"(?:\b(?:a|an|the|to|of|and|or|is|are|was|be|with|from|for|node|nodes|edge|edges|"
    r"then|so|that|which|in|on|at|by|has|have|its|their|his|her|answer|between|about|than"
    r"|into|through|because|since|if|when|whether|as|like|via|among|per|each|every|also"
    r"|not|would|could|should|can|will|may|might|must|do|does|did|being|been|it|they|we"
    r"|I|you|my|our|this|these|those|but|thus|therefore|hence|are|were"
    r"|length|weight|degree|distance|size|number|total|count|value|capacity|cost)"
    r"|[,:(\[{=+\-–—→]|->|=>)"
    r"[\s*_`]*\Z",
    re.I,
)


# Every branch of _HEDGE needs one of these words (or a decimal range): checking them as
# plain substrings first spares the pattern's many branches on lists of numbers.
_HEDGE_WORDS = ("or", "if", "when", "either", "depend", "could", "might", "may", "otherwise",
                "yes", "around", "about", "roughly", "approx", "somewhere", "anywhere",
                "estimate", "possibly", "maybe", "perhaps", "probably", "least", "range",
                "something", "path", "answer", "solution", "option", "possib", "only",
                "unless", "between", "whether", "another", "alternatively", "plausible")


def _may_hedge(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _HEDGE_WORDS) or (
        "." in text and ("-" in text or "–" in text))


def is_hedge(text: str, is_value: Callable[[str], bool] | None = None) -> bool:
    """Does ``text`` commit to two values, or to a condition, instead of one answer?

    "X or Y" is a hedge when both are values of the answer's type (``is_value``): "degree
    2 or 4" does not hedge a yes/no answer. A hedge sits next to the value: a long text is judged on
    its first and last 500 characters."""
    if len(text) > 1000:
        text = text[:500] + "\n" + text[-500:]
    if not _may_hedge(text):
        return False
    for m in _HEDGE.finditer(text):
        a, b = m["a"], m["b"]
        if a is None:
            return True
        a, b = a.lower(), b.lower()
        if a == b or {a, b} in _CHOICE_PAIRS:
            continue
        if is_value is None or (is_value(a) and is_value(b)):
            return True
    return False


def tail(text: str, size: int = _TAIL) -> str:
    """The end of ``text``: its last ``size`` characters, from a line start when one is
    near."""
    if len(text) <= size:
        return text
    start = len(text) - size
    line = text.find("\n", start, start + size // 4)
    return text[line + 1 if line >= 0 else start:]


def clip(text: str, size: int = SIZE) -> str:
    """A very long answer as its first and last few thousand characters: an answer-first
    marker sits at the start, the final answer at the end, and what lies between is
    reasoning; reading the middle of a 200k-character ramble would only cost time."""
    if len(text) <= 5 * size // 2:
        return text
    return text[: size // 2] + "\n\n[...]\n\n" + tail(text, 2 * size)


def last_paragraph(text: str) -> str:
    parts = [p for p in re.split(r"\n[ \t]*\n", tail(text).strip()) if p.strip()]
    return parts[-1] if parts else ""


# Uncertainty that leaves no single answer, wherever it sits after the value: another
# candidate ("or maybe 9", "Or is it 0.45?"), bounds, an unfinished or undefined value.
UNSURE = re.compile(
    r"(?=or|pos|hav|not|no |a f|und|unc|can|tbd|to |bac|tor|som|at |and|amo|i'|i |fli|the|[.!?(])"
    r"(?:\bor (?:is|was) it\b"
    r"|\bor (?:maybe|possibly|perhaps|should|would|could)\b"
    r"|\bpossibly\b[^.\n]{0,40}\bas well\b"
    r"|(?:^|[.!?]\s+)possibly\b"
    r"|\b(?:haven'?t|have not|not yet) (?:determined|found|computed|verified|checked|figured"
    r"|done|enumerated|confirmed)\b"
    r"|\ba few (?:others|more)\b|\b(?:undefined|not defined)\b|\bno way to (?:know|tell)\b"
    r"|\bunclear\b|\bcan'?t tell\b|\bTBD\b|\bto be determined\b"
    r"|\bback and forth\b|\btorn between\b|\b(?:undecided|can'?t decide|cannot decide)\b"
    r"|\bcan'?t pin\b|\bsome subset\b|\bat least one (?:other|more)\b"
    r"|\band (?:some|a few|several) others?\b|\bamong others\b"
    r"|\bcan(?:'?t|not) reconcile\b|\b(?:I'?m|I am) confused\b|\bflip-?flop"
    r"|\bnot sure which\b|\bthere (?:is|are) also (?:\w+ ){0,2}?[\[({]?\d"
    r"|\(\s*if\b[^()\n]{0,200}?\bwould be\s+[-+]?\.?\d)",
    re.I | re.M,
)
OR_NEXT = re.compile(r"[\s(\[*_]*or\b", re.I)  # "Answer: 7\n\n(Or 8, if ...)"
# A value sentence that only says what might be.
# A new value put forward only as a possibility ("so X might fit better").
POSSIBLE = re.compile(r"\b(?:might|could|may) (?:also |well |even )?(?:be|fit|work|apply)\b",
                      re.I)
TENTATIVE = re.compile(r"\bmight be\b|\bmaybe\b|\bperhaps\b|\bI(?:'d)? guess\b"
                       r"|\bhard to (?:tell|say)\b|\bbest guess\b|\bI'?m (?:just |only )?guessing\b"
                       r"|\brough (?:estimate|guess)\b"
                       r"|\b(?:might|could|may|would) also (?:work\b|belong\b|qualify\b"
                       r"|be (?:minimum"
                       r"|maximum|minimal|maximal|optimal|correct|right|valid"
                       r"|an? (?:answer|solution|option))\b)",
                       re.I)
_PROSE_WORD = re.compile(r"[A-Za-z]{2,}")
_STATEMENT = re.compile(r"\b(?:is|are|was|were|equals?|has|have|contains?)\b", re.I)
_DIGIT_RUN = re.compile(r"\d+(?:\.\d+)?|\b(?:yes|no|true|false)\b", re.I)


def restated_differently(text: str) -> bool:
    """Does the last statement of a value repeat an earlier sentence word for word except
    for the value ("The degree is 4. ... The degree is 5.") with no correction between?"""
    sentences = [s.strip() for s in SENTENCE_SPLIT.split(text)
                 if _VALUE_TOKEN.search(s) and len(_PROSE_WORD.findall(s)) >= 3
                 and _STATEMENT.search(s) and not ITEM.match(s)]
    if len(sentences) < 2:
        return False
    last = sentences[-1]
    template = _DIGIT_RUN.sub("#", last.lower())
    for earlier in reversed(sentences[:-1]):
        if _DIGIT_RUN.sub("#", earlier.lower()) == template and earlier.lower() != last.lower():
            between = text[text.rfind(earlier) + len(earlier): text.rfind(last)]
            return not CUE.search(between)
    return False


# A question the text asks ("Is it connected? Good question."): never an answer.
QUESTION = re.compile(r"(?:^|(?<=[.!?\n]))[ \t*_]*(?:is|are|does|do|did|can|could|would|should"
                       r"|will|what|which|who|how|why|where|when|has|have|was|were|shall|may"
                       r"|might)\b[^.!?\n]*\?", re.I)
_VALUE_TOKEN = re.compile(r"\d|\b(?:yes|no|true|false|none)\b|\[\s*\]|\{\s*\}|∅", re.I)


def value_sentence(paragraph: str) -> str:
    """The last sentence of ``paragraph`` that states a value (a digit, yes/no), and its
    last sentence: where a hedge would be ("I don't see (2, 8) or (8, 2). So no." is not
    one). When a "but" clause states a value of its own, it settles what came before
    ("I thought it might be 5, but after checking, the count is 6")."""
    sentences = [s for s in SENTENCE_SPLIT.split(strip_enumerators(paragraph)) if s.strip()]
    valued = [s for s in sentences if _VALUE_TOKEN.search(s)]
    picked = [*valued[-1:], *sentences[-1:]]
    text = "\n".join(dict.fromkeys(picked))
    contrast = list(_BUT.finditer(text))
    if contrast and _VALUE_TOKEN.search(text, contrast[-1].end()):
        return text[contrast[-1].end():]
    return text


_BUT = re.compile(r"\bbut\b", re.I)
_ENUMERATOR = re.compile(r"^[ \t]*\(?\d{1,3}[.)][ \t]+(?=\S)", re.M)


def strip_enumerators(text: str) -> str:
    """``text`` without the "1. ", "2. " of its numbered lines (positions in a list, not
    values), when it has at least two of them."""
    if len(_ENUMERATOR.findall(text, 0, 20_000)) < 2:
        return text
    return _ENUMERATOR.sub("", text)
# "To find isolated nodes, look for nodes with degree 0.": how to answer, not an answer.
_INSTRUCTION = re.compile(
    r"^[\s*_>#-]*(?:to\s+[a-z]+\b[^,.]*,|(?:use|run|apply|look|find|check|count|compute"
    r"|calculate|identify|list|consider|perform|recall|remember|sum|add|divide|multiply"
    r"|report)\b)", re.I)
_ECHO = re.compile(r"^\W*here (?:is|are) (?:the|your) (?:graph|edges?|edge list|input)\b", re.I)
_CONCLUSION = re.compile(r"\b(?:so|thus|therefore|hence|is|are|was|were|has|have|gives?"
                         r"|get|yes|no)\b|=|:\s*(?:nodes?\s*)?[\[({]?\d", re.I)


def is_instruction(sentence: str) -> bool:
    """How to answer ("Use BFS from node 0"), or the input echoed back, not an answer."""
    if _ECHO.match(sentence):
        return True
    return bool(_INSTRUCTION.match(sentence)) and not _CONCLUSION.search(sentence)


# Pleasantries that close a reply ("Let me know if you need anything else!").
_CLOSING = re.compile(r"(?:let me know|hope (?:this|that|it) helps|feel free|happy to help"
                      r"|if you (?:have|need)|good luck|glad to help)[^.!?\n]*[.!?]*[\s*_]*\Z",
                      re.I)


def strip_questions(text: str) -> str:
    """``text`` without the trailing questions, offers and pleasantries ("Would you like
    ...?", "Hope this helps!")."""
    stripped = tail(text).rstrip()
    for _ in range(8):
        closing = _CLOSING.search(stripped, max(0, len(stripped) - 300))
        if not (stripped.endswith("?") or closing):
            break
        end = closing.start() if closing and not stripped.endswith("?") else len(stripped) - 1
        cut = max(stripped.rfind(c, 0, end) for c in ".!?\n")
        stripped = stripped[: cut + 1].rstrip() if cut >= 0 else ""
    return stripped


def unclosed(text: str, fences: bool = True) -> bool:
    depth = 0
    for char in text[-4000:]:
        if char in "[{":
            depth += 1
        elif char in "]}" and depth:
            depth -= 1
    return depth > 0 or (fences and text.count("```") % 2 == 1)


def is_truncated(text: str) -> bool:
    """Was ``text`` cut off mid-sentence or inside a bracket or code block?"""
    tail = text.rstrip()
    return bool(tail) and (_TRUNCATED_END.search(tail[-40:]) is not None or unclosed(tail))
