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
from itertools import islice
from typing import Any

from graphgauge.scoring.guards import mentions

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
    r"(?=[acehilmnorstuw])(?=wa|ac|ho|hm|oo|on|co|le|i |th|sc|no|re|up|it|ru|my|ed|ne)"
    r"\b(?:wait|actually|hold on|hmm+|oops|on (?:second|further) thought|correction"
    r"|let me (?:re-?count|re-?check|double[- ]check|verify|reconsider|re-?examine|re-?do|fix)"
    r"|I (?:made an? (?:mistake|error)|miscounted|was wrong|missed|overlooked|forgot|retract"
    r"|withdraw|take (?:that|this|it) back)"
    r"|(?:that'?s|(?:(?:this|that|the|my) answer|this|that) (?:is|was))"
    r" (?:(?:most |very )?(?:probably|likely) |definitely |clearly |surely )?(?:wrong|incorrect"
    r"|not (?:right|correct)|impossible)|(?:update|edit)(?=:)|never ?mind"
    r"|(?:that|this|it) (?:doesn'?t|does not) (?:look|seem|sound) right|rules? (?:that|this|it) out"
    r"|scratch that|no,? wait|I meant|re-?counting|rechecking|upon (?:re)?checking"
    r"|(?:up)?on reflection|thinking (?:about it )?again|then again|no,? sorry"
    r"|(?:that|this|it) (?:doesn'?t|does not) (?:match|add up|check out)"
    r"|(?:that|this|it) (?:can'?t|cannot|couldn'?t) (?:possibly )?be (?:right|correct)"
    r"|I (?:was looking at|misread|mixed up|confused)"
    r"|(?:(?<=\.\.\.)|(?<=\.\.\. )|(?<=…)|(?<=… ))no,? (?:that'?s|it'?s|make (?:that|it)))\b",
    re.I,
)
RETRACTION = re.compile(
    r"\b(?:wrong|incorrect|not (?:right|correct)|mistake|error|miscounted|re-?count"
    r"|re-?check|scratch that|overlooked|missed|forgot|start over|try again|re-?do"
    r"|incomplete|not (?:yet )?complete|unfinished|fails|(?:doesn'?t|does not) (?:work|hold)"
    r"|invalid"
    r"|(?:can'?t|cannot|couldn'?t) be (?:right|correct)"
    r"|(?:doesn'?t|does not|don'?t|do not) (?:look|seem|sound) (?:right|correct)"
    r"|(?:don'?t|do not) think (?:this|that|it)(?:'s| is) (?:right|correct))\b", re.I)
# What a retraction ends on when it gives no new answer: a possibility, more work to do,
# or a verdict of "wrong" on what came before ("... not 2, so one of the terms is wrong").
_OPEN_END = re.compile(r"\b(?:may|might|maybe|perhaps|need to|have to|let me(?! know)|I'll"
                       r"|start over|try again|re-?do|again)\b", re.I)
_LAST_DIGIT = re.compile(r"\d(?!.*\d)", re.S)
_STATES_VALUE = re.compile(r"(?:\b(?:is|are)\b|[:=])[^.!?\n]*\d")


# A verdict that takes an answer back ("that's wrong", "scratch that", "I retract it").
TAKEN_BACK = re.compile(
    r"\b(?=[dimnrst])(?=i|sc|di|th|my|ru|ne|do|no)"
    r"(?:\bno(?:t[ \t]+so[ \t]+sure[ \t]+(?:any[ \t]?more|now)|[ \t]+longer[ \t]+(?:sure|confident"
    r"|certain))\b"  # a confidence withdrawn: "Hmm, actually I'm not so sure anymore."
    r"|\bI[ \t]+(?:retract|withdraw|take[ \t]+(?:(?:it|that|this|(?:the|my)[ \t]+\w+)[ \t]+)?"
    r"back)\b|\bscratch[ \t]+that\b|\b(?:disregard|ignore)[ \t]+"
    r"(?:(?:the|this|that|my)[ \t]+(?:above|answer|previous|output)\b|(?:that|this)"
    r"(?=[ \t]*[.,;:!—–-]|[ \t]*\Z))"
    r"|\b(?:this|that|it|(?:my|the)[ \t]+answer|the[ \t]+above)(?:'s|[ \t]+(?:answer[ \t]+)?"
    r"(?:is|was))[ \t]+(?:(?:(?:most|very)[ \t]+)?(?:probably|likely)[ \t]+|(?:definitely"
    r"|clearly|surely)[ \t]+)?"
    r"(?:wrong|incorrect|impossible|not[ \t]+(?:right|correct))"
    r"|\b(?:this|that|it)[ \t]+(?:doesn'?t|does[ \t]+not)[ \t]+(?:look|seem|sound)[ \t]+right"
    r"|\brules?[ \t]+(?:that|this|it)[ \t]+out\b|\bnever[ \t]?mind\b"
    r"|\b(?:don'?t|do[ \t]+not)[ \t]+(?:trust|believe)[ \t]+(?:this|that|it|my)\b"
    r"|\b(?:that|this|it)[ \t]+(?:doesn'?t|does[ \t]+not)[ \t]+(?:match|add[ \t]+up|check[ \t]+out)"
    r"|\bI[ \t]+(?:was[ \t]+looking[ \t]+at|misread|mixed[ \t]+up|confused)\b"
    r"|\bI(?:'m|[ \t]+am)[ \t]+(?:no[ \t]+longer|not)[ \t]+(?:confident|sure)[ \t]+(?:in|about"
    r"|of)[ \t]+(?:that|this|it|my)\b[^.!?\n]{0,30}?(?:any[ \t]?more|now)\b)"
    r"|\b(?:don'?t|do[ \t]+not)[ \t]+think[ \t]+(?:this|that|it|my[ \t]+answer)(?:[ \t]+is|'s)"
    r"[ \t]+(?:an?[ \t]+)?(?:right|correct|valid)", re.I)
# Several answers offered side by side ("Option A: ... Option B: ...", "another possible
# answer", "both are plausible"), and what chooses one of them afterwards.
_ALTERNATIVES = re.compile(
    r"(?:^|\n|(?<=[.!?])[ \t]+)[ \t#*_>-]*(?P<label>(?:option|alternative|possibility|candidate"
    r"|interpretation|attempt|try|pass|run)[ \t]*(?:[A-D1-4]|one|two|three)\b"
    r"|(?:first|second|third|1st|2nd|3rd)[ \t]+(?:pass|attempt|try|count|run))[ \t*_]*[:).]"
    r"|\b(?:another|one|a[ \t]+second|an[ \t]+alternative)[ \t]+(?:possible|plausible|valid|"
    r"candidate)[ \t]+(?:output|answer|graph|result|solution)"
    r"|\bboth[ \t]+(?:(?:options|outputs|answers|graphs|interpretations|readings|"
    r"possibilities|candidates)[ \t]+)?(?:(?:are|seem|look|would[ \t]+be|could[ \t]+be)"
    r"[ \t]+(?:equally[ \t]+)?(?:plausible|possible|valid|consistent|correct|reasonable)"
    r"|(?:fit|match|explain)[ \t]+(?:all[ \t]+)?(?:the[ \t]+)?examples)"
    # "Either one is a correct traversal from node 10.", "either of them would be valid"
    r"|\beither[ \t]+(?:one|of[ \t]+(?:them|these|those|the[ \t]+two))[ \t]+(?:is|would[ \t]+be"
    r"|works?[ \t]+as)[ \t]+(?:an?[ \t]+)?(?:equally[ \t]+)?(?:correct|valid|fine|acceptable"
    r"|right|possible)", re.I)
_CHOICE = re.compile(
    r"\b(?:I(?:'ll|[ \t]+will)[ \t]+(?:go|choose|pick)|I[ \t]+(?:choose|pick|prefer)"
    r"|going[ \t]+with|final[ \t]+answer|more[ \t]+likely|most[ \t]+likely"
    r"|the[ \t]+(?:correct|right)[ \t]+one)\b"
    r"|<\s*answer\s*>", re.I)


_ALTERNATIVE_WORDS = ("option", "alternative", "possib", "candidate", "interpretation", "attempt",
                      "try", "pass", "run", "1st", "2nd", "3rd", "first", "second", "third",
                      "another", "both", "one ", "either")


def offers_alternatives(body: str) -> bool:
    """Several answers offered side by side, and none chosen after them."""
    lowered = body.lower()
    if not any(word in lowered for word in _ALTERNATIVE_WORDS):
        return False
    labels, last = 0, None
    for last in _ALTERNATIVES.finditer(body):
        if not last.group("label"):
            labels = 2  # "another possible output", "both are plausible": one is enough
        labels += 1
    if labels < 2:  # one "Option A:" alone offers nothing else
        return False
    return _CHOICE.search(body, last.end()) is None


# What a new answer after such a verdict looks like: a conclusion, a value stated after a
# verb ("— the count is 6") or alone after a colon ("wrong: 6."), not values named in the
# reason ("— 3 and 5 are adjacent", "not right: 4 and 6 share an edge").
_NEW_VALUE = re.compile(
    r"\b(?:so|thus|therefore|hence|instead|should be|must be|answers?|correct(?:ed)?|actually"
    r"|really)\b|(?:\b(?:is|are|was|were|has|have|gives?|get)|'re|'s)\b[^.!?\n]*(?:\d|\b(?:yes|no|not"
    r"|none|true|false)\b)|[:=→][ \t]*(?:(?:yes|no|none|true|false)\b|[\[({]?[ \t]*\d"
    r"[\d \t,;\[\](){}\-–]*(?:[.!\n]|\Z))"
    r"|(?:^|(?<=[.!?\n]))[ \t*_]*(?:(?:yes|no)[ \t]*[.,!;:]|not[ \t]+[a-z-]+[ \t]*[.!]?[ \t]*\Z)",
    re.I)


# A flaw found in the answer ("there's no edge 2-6", "3 and 4 aren't adjacent", "3 must come
# before 1"; not "the graph is not connected", a value): without a new value after it, the
# answer is taken back.
_FLAW = re.compile(
    r"(?=th|no|[\d)\]]|do|fa|wo|wi|mu|ha|ne|sh|jo|co|li|i |it|wh|is|ar|wa|we)"
    r"(?:\bthere(?:'s| is| are) no (?:such |direct )?(?:edge|link|path|arc|connection|node)\b"
    r"|\bno such (?:edge|node|path|link)\b"
    r"|\b(?:it|that|which)(?:'s not| isn'?t| is not| wasn'?t| was not) (?:actually |even )?in the"
    r" (?:\w+ )?(?:list|graph|input)\b"
    r"|[\d)\]][ \t]*(?:isn'?t|is not|aren'?t|are not|wasn'?t|was not)"
    r" (?:actually |even )?(?:adjacent|connected|linked|an? (?:edge|node|vertex)|valid"
    r"|in the (?:\w+ )?(?:list|graph|input|set|path|cover|matching|tree|cycle|answer))\b"
    r"|\b(?:doesn'?t|does not|don'?t|do not) (?:exist|appear)\b"
    r"|\b(?:fails|(?:doesn'?t|does not|won'?t|will not) work) (?:for|on|at|with|because)\b"
    r"|\b(?:must|has to|needs to|should) (?:come|go|be placed|appear) (?:before|after|first"
    r"|last)\b"
    r"|\b(?:joins|connects|links) (?:two|both) (?:\w+ ){0,5}?(?:in|on|into) the same (?:part|side"
    r"|group|set|colou?r|class|partition)\b"
    r"|\bI (?:skipped|left out|dropped) (?:node|vertex|edge|a node|an edge|one)\b"
    # "Wait, the pair 2 and 5 is missing."
    r"|\b(?:is|are|was|were) (?:missing|absent|not (?:there|present|listed))\b)",
    re.I)
_MISTAKE = re.compile(r"[\s:;,—–-]*I (?:mixed|confused|misread|swapped|forgot|missed|overlooked"
                      r"|miscounted)\b[^.!?\n,;]*", re.I)
_VERDICT_BEFORE = re.compile(r"\b(?:yes|no)\b[ \t]*[,;:—–-]", re.I)
_CLAUSE_END = re.compile(r"[.;:!?\n—–]|\bso\b|\bthus\b|\bhence\b|\btherefore\b", re.I)


# "... is enough to rule it out" after "No.": ruling out the asked property is the reason
# for a denial, not a verdict taken back (after a "Yes" or a value it still retracts it).
_RULES_OUT = re.compile(r"rules?[ \t]+(?:that|this|it)[ \t]+out", re.I)


def reasons_a_denial(cues: list[re.Match[str]], verdict: object) -> bool:
    """Are the cues after a negative verdict only "rules it out", its reason?"""
    return verdict is False and all(_RULES_OUT.fullmatch(c.group()) for c in cues)


def without_denial_reason(text: str) -> str:
    """The text with its "rules it out" blanked (same length), once it reads as the reason
    of a denial."""
    return _RULES_OUT.sub(lambda m: " " * len(m.group()), text)


def retracted(after: str) -> bool:
    """Does the text after a correction cue take the answer back without giving a new
    one? A verdict of "wrong" with no new value stated after it, or a last sentence that
    stays open or judges something wrong after its last value."""
    sentences = [s for s in SENTENCE_SPLIT.split(strip_questions(after)) if s.strip()]
    if not sentences:
        return False
    near_end = max(0, len(after) - 1000)  # a verdict that stands is near the end
    verdicts = list(TAKEN_BACK.finditer(after, near_end))
    if verdicts:
        # the mistake named after the verdict is its reason, not a new value ("that's wrong:
        # I mixed up node 5's neighbours with node 4's"); a value after it still is ("I
        # forgot node 9, the count is 11")
        reason = (_MISTAKE.match(after, verdicts[-1].start())
                  or _MISTAKE.match(after, verdicts[-1].end()))
        if not _NEW_VALUE.search(after, reason.end() if reason else verdicts[-1].end()):
            return True
    flaws = list(_FLAW.finditer(after, near_end))
    if flaws and not _VERDICT_BEFORE.search(
            after, max(after.rfind(c, 0, flaws[-1].start()) for c in ".!?\n") + 1,
            flaws[-1].start()):  # "So no, there is no such edge." is the new verdict
        clause = _CLAUSE_END.search(after, flaws[-1].end())
        if not _NEW_VALUE.search(after, clause.end() if clause else len(after)):
            return True  # "Hmm, wait, there's no edge 2-6 in the list."
    if not RETRACTION.search(after):
        return False
    last = sentences[-1]
    digit = _LAST_DIGIT.search(last)
    open_end = _OPEN_END.search(last)
    if open_end and not _STATES_VALUE.search(last, open_end.end()):
        return True  # "I may have skipped node 6." (not "Let me recheck: it is (6, 7).")
    return RETRACTION.search(last, digit.end() if digit else 0) is not None
# Doubt about the answer itself inside an explanation ("so the answer could also be 5", "if
# the loop counts, the answer would be 6").
ANSWER_DOUBT = re.compile(
    r"(?=[acimort])(?=an|re|co|to|mi|ma|if|in|ot)"
    r"(?:\b(?:answer|result|count|total)\b[^.!?\n]{0,40}\b(?:could|might|may) (?:also |instead "
    r"|well |actually )?be\b"
    r"|\b(?:could|might|may) (?:also |instead )?be (?:the )?(?:right |correct )?(?:answer"
    r"|result)\b"
    r"|\b(?:if|in which case|otherwise)\b[^.!?\n]{0,80}\b(?:answer|result|count|total)"
    r"\b[^.!?\n]{0,20}\bwould (?:be|become|drop|rise|change)\b)", re.I)


def revises(explanation: str) -> bool:
    """Does an explanation written after the answer change or doubt it (a correction cue,
    "the answer might also be 5")? Then it is part of the answer's text, not reasoning.
    A cue word inside a supposition ("Could be 5 if {5,6} is actually two nodes") is not
    a correction."""
    for cue in CUE.finditer(explanation):
        opening = max(explanation.rfind(c, 0, cue.start()) for c in ".!?\n") + 1
        if not _SUPPOSITION.search(explanation, opening, cue.start()):
            return True
    return ANSWER_DOUBT.search(explanation) is not None


_SUPPOSITION = re.compile(r"\b(?:if|unless|suppose|assuming|whether)\b", re.I)


CONFIRM = re.compile(
    r"\b(?:is|was|seems|looks) (?:indeed )?(?:correct|right|confirmed)\b|\bconfirm(?:s|ed)?\b"
    r"|\b(?:remains|stays|holds)\b|\bis still\b|\bno change\b|\bstands\b"
    r"|\b(?:doesn'?t|does not|won'?t|will not|wouldn'?t|would not) (?:change|affect)\b"
    # checks that pass: "So the path is valid.", "9–8 ✓, 8–7 ✓" (a line with no ✗)
    r"|\b(?:is|are|was|looks|seems) (?:indeed |all |still )?(?:valid|consistent)\b"
    r"|(?m:^[^✗✘✓✔\n]*+[✓✔][^✗✘\n]*+$)", re.I)
# Doubt voiced after an answer, without a new one: the answer stands.
# "The answer is [2, 3]. Hmm, or [2, 4]?": a second candidate offered, not a correction.
ALTERNATIVE = re.compile(r"[\s,.;:]*or\b", re.I)
DOUBT = re.compile(r"\b(?:not (?:sure|certain|100% sure|(?:fully |very |entirely )?confident)"
                   r"|unsure|uncertain|might be wrong"
                   r"|may be wrong|could be wrong)\b", re.I)
# A bare text whose last sentence announces more work has not committed yet.
UNFINISHED = re.compile(r"\b(?:so far|let me(?! know)|let's|I'll|I will|I (?:still )?need to"
                         r"|we (?:still )?need to"
                         r"|next,? I|then I|now I|now we|next we|(?:I'?m|I am|we'?re|we are)"
                         r" going to (?:have|need) to|I(?:'ll| will)? have to|need (?:more time"
                         r"|to think))\b"
                         r"(?! (?:say|go with|answer|pick|choose|take|stick with"
                         r"|give(?=[ \t]*[\[({\d])))"
                         r"(?:(?!\b(?:so|thus|therefore|hence)\b)[^:])*$", re.I)
_HEDGE = re.compile(
    r"\beither\b(?:[^.\n]|\.\d){0,80}?\bor\b|\b(?:it|this|that|the answer) (?:really )?(?:depends"
    r"|would depend|could depend)\b(?! on (?:nothing|no\b))|\bdepending on\b"
    r"|\b(?:could|might|may) (?:also |either |possibly |(?:just as )?easily |just as well "
    r"|equally (?:well )?)?be\s+(?:\w+\s+){0,2}?[\[({]?"
    r"(?:\d|(?:yes|no|true|false)\b)"
    r"|\botherwise\b|\byes and no\b|\bno and yes\b"
    r"|\((?:if|when|for)\b[^()\n]*\)(?:[^.\n]|\.\d)*\((?:if|when|for)\b"
    r"|\b(?:around|about|roughly|approximately|somewhere|anywhere|estimate)\s+\d+(?:\.\d+)?\s*"
    r"(?:to|–|-)\s*\d"
    r"|(?:,|\band\b|\bor\b|\bplus\b)\s*(?:possibly|maybe|perhaps|probably)\s+(?:also\s+)?(?:node\s+)?"
    r"[\[(]?\d"
    r"|\bat least\b[^.\n]{0,60}\bat most\b|\bin the range\b|\bsomething like\b"
    # an interval named as a range: "is typically in the 30–40 range" (never its top value)
    r"|\b(?:is|are|be|lies|lie|falls|fall|sits|somewhere)[ \t]+(?:\w+[ \t]+){0,2}?in[ \t]+the"
    r"[ \t]+(?:low |high |mid )?\d+(?:\.\d+)?[ \t]*(?:–|—|-|to)[ \t]*\d+(?:\.\d+)?[ \t]+range\b"
    r"|\b(?:a (?:bit|little|tad)|slightly|just) (?:under|over|below|above|more than|less than)\b"
    r"|\b(?:roughly|about|around|almost|nearly|close to) (?:a|an|one|two|three)[ -]"
    r"(?:half|third|thirds|quarter|quarters|fifth|fifths)\b"
    # a quantity's bounds, "lies between 2.94 and 6" (not "node 2 lies between 1 and 3")
    r"|\b(?:lies|lie|falls|fall|ranges?)[ \t]+(?:somewhere[ \t]+)?between[ \t]+(?:\d+\.\d+"
    r"[ \t]+and[ \t]+\d|\d+[ \t]+and[ \t]+\d+\.\d)"
    r"|\b(?:usually|typically|generally|likely|probably)[ \t]+(?:lies|falls|ranges|is|are)"
    r"[ \t]+between[ \t]+\d+(?:\.\d+)?[ \t]+and[ \t]+\d"
    r"|\b(?:at least|at most|no more than|no fewer than|no less than|more than|fewer than"
    r"|less than|upwards of|(?<!add )(?<!adds )(?<!added )up to)\s+\d+(?:\.\d+)?"
    # (not a bound in the reason for a conclusion: "degree at least 2, so no bridges", "at
    # most 2, and we found two routes out of 14, so: 2"; another value offered on it is
    # still a hedge: "at most 3, or 4, so ...")
    r"(?![^.\n\d]{0,60}?\b(?:so|hence|thus|therefore)\b"
    r"|(?![ \t]*,?[ \t]*(?:or|to|[-–])\b)[^.\n]{0,60}?\b(?:so|hence|thus|therefore)\b)"
    r"(?=[^\d\n]*(?:\n|\Z)|(?:[ \t]+[a-z][\w-]*){0,4}[ \t]*(?:[,;]|[—–]"
    r"|\b(?:since|because|as|given)\b))|∈\s*[\[(]"
    r"|\d\.\d+\s*[-–]\s*\d*\.\d++(?![ \t]*=)"
    # (not a breakdown in brackets: "6 — through node 1 (3 paths) and node 2 (3 paths)",
    # nor the units of a count in words: "eighty-two paths", "twenty three paths")
    r"|(?<!\()(?<!-)(?<!ty )\b(?:two|three|2|3|multiple|several|many) (?:\w+ ){0,2}"
    r"(?:paths|answers|solutions"
    r"|orderings|orders|options|possibilities)\b"
    r"|\banother(?: \w+){0,2}?(?: is| would be| works)|\balternatively\b"
    r"|\b(?:equally|just as) (?:valid|correct|acceptable|good|optimal)\b"
    r"|\beither (?:one |of (?:them|these|those|the two) )?(?:is|works|would work|will do"
    r"|would do)\b"
    r"|\banother (?:equally )?(?:valid|possible|correct|optimal|acceptable) (?!(?:edge|node"
    r"|vertex|neighbou?r)s?\b)\w+|\bis another\b(?! (?:edge|node|vertex|neighbou?r)s?\b)"
    r"(?: \w+)?(?: of (?:equal|the same) (?:length|size|weight|cost))"
    r"|(?:\A|(?<=[.!?\n]))[ \t*_(]*or,?[ \t]+if\b"
    r"|\banother (?:valid |possible |correct |equally good )?(?:one|answer|option|solution"
    r"|ordering|order|path|choice):"
    r"|\b(?:two|three|several|multiple|many|various) (?:different |equally )?(?:valid|possible"
    r"|correct|acceptable|optimal|minimum|maximum|minimal|maximal)(?: [a-z]+)?"
    r" (?!(?:edge|node|vertice|neighbou?r|pair|triangle|cycle|step|hop)s\b)\w+s\b"
    r"|\balso (?:seems? |looks? |sounds? )?(?:plausible|possible)\b|\bor (?:yes|no)\?"
    # another candidate that works as well: "One candidate is [A], but [B] also seems to
    # work", "[B] works too"; the choice left to the reader: "whichever you prefer"
    r"|[\])}\d][ \t]+(?:(?:would|will|should|could)[ \t]+)?(?:also[ \t]+(?:seems?[ \t]+to"
    r"|appears?[ \t]+to|looks?[ \t]+to)?[ \t]*work(?:s|ed)?\b(?![ \t]+(?:out|on|for|with|in)\b)"
    r"|works?[ \t]+(?:too|as well)\b)"
    r"|\bwhichever (?:one )?(?:you|one) (?:prefer|like|want|choose|pick)\b|\btake your pick\b"
    # doubt that governs the sentence stating the value: "We can't be sure node 7 is
    # excluded" (not "I can't be sure, but the answer is 5")
    r"|\b(?:can(?:not|'t| not)|no way to) be (?:sure|certain)[ \t]+(?:that[ \t]+)?[^.!?\n,;]*\d"
    # two values that both work, to a question asking for one: "Both 4 and 5 work"
    r"|(?:\bboth[ \t]+)?(?<![\w.])(?P<c>\d+(?:\.\d+)?)[ \t]+and[ \t]+(?P<d>\d+(?:\.\d+)?)[ \t]+"
    r"(?:(?:both|each|equally)[ \t]+)?(?:work|are[ \t]+(?:both[ \t]+|equally[ \t]+)?(?:valid"
    r"|possible|correct|fine|acceptable|optimal))\b"
    r"|\bgive or take (?:a few|some|about|\d)|\d[ \t]+or so\b"
    r"|\bor\s+[\w.]+(?:\s+\w+)?\s+if\b|\bif not\b,"
    r"|\b(?:yes|no|true|false|\d+(?:\.\d+)?)[)\]}]?\s+(?:if|when)\b[^.\n]{0,160}"
    r"\b(?:yes|no|true|false|\d+(?:\.\d+)?)[)\]}]?\s+(?:if|when)\b"
    r"|\bif\b[^.;\n]{0,80},\s*(?:yes|no|true|false|\d+(?:\.\d+)?)\b[^.\n]{0,12}[;,]\s*(?:if|otherwise"
    r"|else)\b"
    r"|(?<!even )\bif (?:we|you|one) (?:ignore|consider|treat|count|assume|include|exclude|allow)\b"
    # another answer offered after it: "Or 8.", "Or equally: [6, 2, 3]", "Or alternatively (1, 3)"
    r"|(?:\A|(?<=[.!?\n]))[ \t*_]*or,?(?:[ \t]+(?:equally|alternatively|else|also|just as"
    r" well))?[ \t]*:?\s*[\[({]?\s*\d"
    r"|\b(?:but )?only (?:if|when)\b|\bunless\b(?! I\b| I'(?:ve|m|d)\b)"
    r"|\b(?:somewhere|anywhere|roughly) between\b"
    # another value under a condition ("..., in which case it's 0"), a possibility under
    # one ("It could be bipartite if ..."), cases side by side ("If directed, ...; as
    # undirected, ...")
    r"|\b(?:if|unless|whether|not sure|maybe|perhaps|possibly|assum\w*|suppos\w*)\b[^.\n]{0,160}"
    r"\bin which case\b[^.\n]{0,40}?(?:\d|\b(?:yes|no|true|false|none)\b)"
    r"|\b(?:it|this|that|the (?:graph|answer|result))[ \t]+(?:could|might|may) (?:also |possibly )?"
    r"be\b[^.;\n]{0,60}\b(?:if|unless|provided)\b"
    r"|\bif\b[^.;\n]{0,80},[^.;\n]{0,120};\s*(?:but\s+)?(?:if|as|for|when|under|with|treating"
    r"|otherwise|else)\b[^.;\n]{0,60},"
    r"|\bor\s+(?:maybe\s+|perhaps\s+|possibly\s+)?[\[({]?\s*\d[^?\n.]{0,40}\?"
    r"|\b(?:I'?m|I am) (?:not (?:sure|certain)|unsure|uncertain) (?:whether|if)\b"
    r"|\bcan(?:not|'t) (?:tell|decide|be sure|say) (?:whether|if)\b"
    # the answer is any of several named before: "so the shortest path is either one of them"
    r"|\b(?:is|are|be)[ \t]+(?:either|any)[ \t]+(?:one[ \t]+)?of[ \t]+(?:them|these|those"
    r"|the two)\b"
    # a second answer just as good: "That works, and so would 0 → 1 → 2."
    r"|\bso (?:would|could|does|will)[ \t]+(?:the[ \t]+\w+[ \t]+)?[\[({]?\s*\d"
    # two bracketed answers; each side is kept when short, so that a pair written both
    # ways ("no edge (8, 23) or (23, 8)") or two things that are not answers of the asked
    # type are not taken for a hedge
    r"|(?:(?P<p>[\[({][^\[\](){}\n]{0,80}[\])}])|[\])}])\s*,?\s+\(?or\s+(?:maybe\s+"
    r"|possibly\s+|perhaps\s+)?(?:(?P<q>[\[({][^\[\](){}\n]{0,80}[\])}])|[\[({])"
    r"|\b(?:would|'d) also accept\b|\balso acceptable\b"
    r"|\b(?:without|excluding|ignoring) (?:it|that|this|them|those)\b,? (?:the )?(?:\w+ )?"
    r"(?:is|would be|becomes|are)\b"
    r"|(?<![\w.])(?P<a>\d+(?:\.\d+)?|yes|no|true|false)\s*+[,(—–]?\s*+(?:or|o|ou|oder|或者?)\s*"
    r"(?<=\s|者|或)(?:possibly\s+|maybe\s+|"
    r"perhaps\s+|probably\s+|else\s+)?(?:nodes?\s+|vertex\s+)?"
    r"(?P<b>\d+(?:\.\d+)?(?:/\d+|[ \t]*%|[ \t]+per[ \t]?cent\b)?|yes|no|true|false)(?!\w|\.\d)",
    re.I,
)
_CHOICE_PAIRS = ({"yes", "no"}, {"true", "false"})
_SET_APART = re.compile(r"[,(—–]")
REFUSAL = re.compile(
    r"(?:^|[.!?][ \t]+|\n)[ \t*_\"']*+(?:(?:sorry|unfortunately|however|but|hmm|well|so"
    r"|i'?m sorry|i apologi[sz]e)[ \t,.!;:]+){0,2}(?:"
    r"I(?: (?:cannot|can'?t|can not|am unable to|am not (?:going to be )?able to|won'?t be able to"
    r"|do not have enough|don'?t have enough)|'m (?:unable to|not (?:going to be )?able to))"
    r" (?:\w+ ){0,2}?"
    r"(?:determine"
    r"|answer|solve|compute|calculate|say|tell|help|provide|know|verify|decide|information)"
    r"|\bI (?:do not|don'?t) know\b|.{0,60}\b(?:not enough|insufficient|more) information\b"
    r"|.{0,80}\b(?:isn'?t|is not) (?:something|a thing) I (?:can|could) (?:do|compute|calculate"
    r"|work out|determine)\b"
    r"|\b(?:could|can|would) you (?:please )?(?:provide|clarify|share|give|specify|confirm"
    r"|tell|paste|send|include|check|double-check|re-?check|verify)\b"
    r"|\bplease (?:provide|clarify|share|specify)\b|\bas an AI\b"
    r"|not sure (?:which|what) you\b|.{0,60}\b(?:which|what) (?:\w+ ){0,3}?(?:do )?you mean\b"
    r"|I(?:'d| would) need (?:to see )?(?:the (?:full|complete|whole|rest)|more)\b"
    r"|I(?: still| will|'ll)? need (?:to see )?(?:the (?:full|complete|whole|rest)|more (?:"
    r"information|details|context|data))\b"
    r"|.{0,200}?\b(?:which|that|something|this) I (?:cannot|can'?t|can not|am unable to"
    r"|am not able to|won'?t be able to) (?:\w+ )?do\b"
    r"|.{0,200}?\bI (?:won'?t|will not|am not going to|'m not going to) (?:give|provide|offer"
    r"|report|venture|commit to) (?:an? |any |the )?(?:\w+ )?(?:answer|number|value|count"
    r"|tour|path|list|set|order|ordering|result|guess)\b(?![^.!?\n]*\bbut\b)"
    r"|.{0,200}?\bI (?:could(?:n'?t| not)|was(?:n'?t| not) able to|was unable to|failed to)"
    # ("I could not find a bigger matching." backs the one given: it refuses nothing)
    r" find (?!(?:any |an? )(?:further|other|more|additional|larger|bigger|longer|shorter"
    r"|smaller|better|cheaper)\b)(?:one"
    r"|it|any|an? (?:valid |such |suitable )?\w+(?: \w+)?)"
    # "... after trying several starting nodes. It's possible that one doesn't exist."
    r"(?:[ \t]+(?:after|despite|by|in|within|with)\b[^.!?\n\d]*)?[ \t]*(?:[.!][^\d]*)?\Z"
    r"|I (?:do not|don'?t) have (?:a |any )?(?:\w+ )?way to\b"
    r"|.{0,40}\b(?:rather not|won'?t|will not|do not want to|don'?t want to) guess\b"
    r"|.{0,80}\b(?:rather not|won'?t|will not|do not want to|don'?t want to) (?:give|offer"
    r"|provide|report|make up|invent)\b[^.!?\n]{0,30}\b(?:made[- ]up|invented|fabricated"
    r"|guessed)\b"
    r"|I (?:could(?:n'?t| not)|was(?:n'?t| not) able to|was unable to) (?:reliably |fully )?"
    r"(?:work out|figure out|compute|calculate|determine|count)"
    r"|.{0,60}\bas an AI\b"
    r"|(?:the|this|it|that)\b[^.!?\n]{0,60}\b(?:cannot|can'?t|could not|couldn'?t) be (?:computed"
    r"|determined|calculated|answered|decided|found)\b|unable to determine|unknown\W*$"
    # the value left to code the reader is to run: "Running this code will give you the heat
    # trace ..." (not "Running this code gives: 4.27", which reports its output)
    r"|(?:if you )?(?:running|executing|run|execute)[ \t]+(?:this|the|that|the above|my)[ \t]+"
    r"(?:\w+[ \t]+)?(?:code|script|snippet|program)\b[^.!?\n]{0,40}?\b(?:will|would|should)"
    r"[ \t]+(?:give|print|output|show|return|compute|produce|yield)\b"
    r"(?![^.!?\n]*(?::|\bis\b|≈|\bapprox\w*|\babout\b)[ \t]*[-+]?\.?\d))",
    re.I,
)
# Every refusal names one of these: a text without them is not scanned by REFUSAL, whose
# branches read up to 200 characters ahead of every sentence start (8 ms on 20k of prose).
_REFUSAL_WORDS = ("i can", "i am", "i won", "i do", "i'm", "i '", "i will", "i could", "i was",
                  "need", "information", "thing i", "you", "please", "as an ai", "find",
                  "way to", "guess", "made", "invented", "fabricated", "t be", "unable",
                  "unknown", "code", "script", "snippet", "program")


def refuses(text: str) -> bool:
    """Does ``text`` refuse or ask back (``REFUSAL``)?"""
    return mentions(text, _REFUSAL_WORDS) and REFUSAL.search(text) is not None


# Sentences end at . ! ? or a line end, not at the abbreviations "e.g.", "i.e.", "vs.", "cf.".
SENTENCE_SPLIT = re.compile(
    r"(?<=[.!?])(?<![eE]\.[gG]\.)(?<![iI]\.[eE]\.)(?<![vV][sS]\.)(?<![cC][fF]\.)\s+|\n")
# A text cut off mid-sentence ends on a joining word, a comma, or an open bracket.
_TRUNCATED_END = re.compile(
    r"(?:\b(?:a|an|the|to|of|and|or|is|are|was|be|with|from|for|node|edge|"
    r"then|so|that|which|in|on|at|by|has|have|its|their|his|her|answer|between|about|than"
    r"|into|through|because|since|if|when|whether|as|like|via|among|per|each|every|also"
    r"|not|would|could|should|can|will|may|might|must|do|does|did|being|been|it|they|we"
    r"|I|you|my|our|this|these|those|but|thus|therefore|hence|are|were"
    r"|length|weight|degree|distance|size|number|total|count|value|capacity|cost"
    # a quantifier or a step of an algorithm cut off before its object ("Remaining: 6, 8.
    # Pick", "Visit 1 → discover", "adjacent and both")
    r"|both|either|neither|any|whose|where|while|until|plus|minus|pick|choose|select|add"
    r"|remove|visit|discover|explore|push|pop|mark|enqueue|assign|traverse|compute|compare"
    r"|contains?|includes?|equals|gives|yields|using)"
    r"|[,:(\[{=+\-–—→/≈]|->|=>)"
    r"[\s*_`]*\Z",
    re.I,
)


# Every branch of _HEDGE needs one of these words (or a decimal range): checking them as
# plain substrings first spares the pattern's many branches on lists of numbers.
_HEDGE_WORDS = ("or", "if", "when", "either", "depend", "could", "might", "may", "otherwise",
                "yes", "around", "about", "roughly", "approx", "somewhere", "anywhere",
                "estimate", "possibly", "maybe", "perhaps", "probably", "least", "range",
                "something", "path", "answer", "solution", "option", "possib", "only", "order",
                "valid", "correct", "acceptable", "optimal", "minim", "maxim", "equally",
                "unless", "between", "whether", "another", "alternatively", "plausible",
                "most", "more", "fewer", "less", "upwards", "up to", "∈", " o ", " ou ",
                "oder", "或", "accept", "without", "excluding", "ignoring", "a bit", "a little",
                "a tad", "slightly", "just", "almost", "nearly", "close to", "which case",
                "work", "whichever", "pick", "sure", "certain", "fine")


def _may_hedge(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _HEDGE_WORDS) or (
        "." in text and ("-" in text or "–" in text))


def is_hedge(text: str, value_of: Callable[[str], Any] | None = None) -> bool:
    """Does ``text`` commit to two values, or to a condition, instead of one answer?

    "X or Y" is a hedge when both are values of the answer's type (``value_of`` gives a
    word's value, ``NOT_A_VALUE`` when it holds none) and they differ: "degree 2 or 4"
    does not hedge a yes/no answer, "0.5 or 1/2" names one value twice. A hedge sits next
    to the value: a long text is judged on its first and last 500 characters."""
    if len(text) > 1000:
        text = text[:500] + "\n" + text[-500:]
    if not _may_hedge(text):
        return False
    for m in _HEDGE.finditer(text):
        a, b = m["a"], m["b"]
        if m["c"] is not None:
            if _scalar_rivals(m["c"], m["d"], value_of):
                return True
            continue
        if a is None:
            if m["p"] and m["q"] and not _bracketed_rivals(m["p"], m["q"], value_of):
                continue
            bound = _BOUND.fullmatch(m.group())
            if bound and value_of is not None and value_of(bound[1]) is NOT_A_VALUE:
                continue  # "No. ... far fewer than 120 edges": a bound on no yes/no answer
            if _splits_a_class(text, m) or _conditions_a_fact(text, m):
                continue
            return True
        a, b = a.lower(), b.lower()
        if a == b or ({a, b} in _CHOICE_PAIRS and not _SET_APART.search(m.group())):
            continue  # "a yes or no question" names the choice; "Yes, or no if …" hedges
        if value_of is None:
            return True
        first, second = value_of(a), value_of(b)
        if first is not NOT_A_VALUE and second is not NOT_A_VALUE and (
                first is None or first != second):
            return True
    return False


NOT_A_VALUE: Any = object()
# A bound alone ("fewer than 120"): a hedge only on a value of the asked type.
_BOUND = re.compile(r"(?:at least|at most|no more than|no fewer than|no less than|more than"
                    r"|fewer than|less than|upwards of|up to)\s+(\d+(?:\.\d+)?)", re.I)

# "every node is either in the set or adjacent to one": a property every member of a class
# has, one of two ways (a definition, a reason), names no two answers.
_EVERY = re.compile(r"\b(?:every|each|all|any)\b", re.I)
_CLAUSE_START = re.compile(r"[.!?;:\n]")
_VALUE_IN = re.compile(r"[\d\[({]|\b(?:yes|no|true|false|none)\b", re.I)


# "it lies between its two neighbours only when no other route exists": a condition on a
# fact of the explanation, which the word before "only" names; "4, but only if", "(only
# when directed)", "this holds only if" condition the answer.
_ONLY_IF = re.compile(r"only (?:if|when)\b", re.I)
_FACT_BEFORE = re.compile(r"(?<![\w'])(?!(?:but|holds?|applies|apply|works?|true|correct|valid"
                          r"|is|are|be|answer|result|value|and|or|yes|no)\b)[a-z]{2,}[ \t]+\Z",
                          re.I)


def _conditions_a_fact(text: str, m: re.Match[str]) -> bool:
    """Is an "only if/when" a condition on a fact told in a bracketed aside after the answer
    ("≈ 0.01\n\n(F lies between its neighbours only when no other route exists, ...)")?
    Outside an aside it may condition the answer itself ("It's a tree only if ...")."""
    if _ONLY_IF.fullmatch(m.group()) is None or _FACT_BEFORE.search(
            text, max(0, m.start() - 24), m.start()) is None:
        return False
    before = text[max(0, m.start() - 400):m.start()]
    before = before[before.rfind("\n\n") + 1:]
    return before.count("(") > before.count(")")


def _splits_a_class(text: str, m: re.Match[str]) -> bool:
    """Is an "either ... or" match the two ways every member of a class is something
    ("each edge is either a tree edge or a back edge")? Only with no value between the
    two words: "every answer is either 4 or 5" still hedges."""
    if m.group()[:6].lower() != "either" or _VALUE_IN.search(m.group()):
        return False
    start = m.start()
    window = text[max(0, start - 120):start]
    cut = max((c.end() for c in _CLAUSE_START.finditer(window)), default=0)
    return bool(_EVERY.search(window, cut))


def _scalar_rivals(first: str, second: str, value_of: Callable[[str], Any] | None) -> bool:
    """Are "both 4 and 5 work" two answers? To a question asking for one value, yes; to a
    question asking for a set or a list they are items of one answer ("both 3 and 5 are
    valid cut vertices"); with no reader to say which, they are taken as items."""
    if value_of is None:
        return False
    left, right = value_of(first), value_of(second)
    return (left is not NOT_A_VALUE and right is not NOT_A_VALUE and left != right
            and not isinstance(left, tuple))


def _bracketed_rivals(first: str, second: str, value_of: Callable[[str], Any] | None) -> bool:
    """Are "[A] or [B]" two answers? Not when neither side is a value of the asked type:
    the reason for a yes/no verdict naming an edge written both ways ("No — there is no
    edge (8, 23) or (23, 8) in the list") or two routes. Lists are not compared by their
    items here: "[0, 4] or [4, 0]" are two paths."""
    return value_of is None or value_of(first) is not NOT_A_VALUE or (
        value_of(second) is not NOT_A_VALUE)


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
    r"(?=[abcfhinopstu.!?(])"
    r"(?=or|pos|hav|not|no |a f|und|unc|can|tbd|to |bac|tor|som|at |and|amo|i'|i |fli|the|tho|alt"
    r"|[.!?(])"
    r"(?:\bor (?:is|was) it\b"
    r"|\bor (?:maybe|possibly|perhaps|should|would|could)\b"
    r"|\bpossibly\b[^.\n]{0,40}\bas well\b"
    r"|(?:^|[.!?]\s+)possibly\b"
    r"|\b(?:haven'?t|have not|not yet) (?:determined|found|computed|verified|checked|figured"
    r"|done|enumerated|confirmed)\b(?! (?:it|this|the (?:answer|result|value|count))\b| that\b(?!"
    r"[ \t]+(?:(?:node|vertex|edge)s? )?[\[(]?\d))"
    r"|\ba few (?:others|more)\b|\bno way to (?:know|tell)\b"
    r"|\b(?:undefined|not defined)\b"
    r"(?![^.\n]*\b(?:so|hence|thus|therefore|by convention)\b[^.\n]*\d)"
    r"|\bunclear\b|\bcan'?t tell\b|\bTBD\b|\bto be determined\b"
    r"|\bback and forth\b|\btorn between\b|\b(?:undecided|can'?t decide|cannot decide)\b"
    r"|\bcan(?:'?t|not) commit to (?:one|either|a single)\b"
    r"|\bcan'?t pin\b|\bsome subset\b|\bat least one (?:other|more)\b"
    r"|\band (?:some|a few|several) others?\b|\bamong others\b"
    r"|\bcan(?:'?t|not) reconcile\b|\b(?:I'?m|I am) confused\b|\bflip-?flop"
    r"|\bnot sure which\b|\bhaven'?t (?:yet )?(?:verified|checked|confirmed|double-checked)\b"
    r"(?! (?:it|this|the (?:answer|result|value|count))\b| that\b(?!"
    r"[ \t]+(?:(?:node|vertex|edge)s? )?[\[(]?\d))"
    r"|\bnot (?:sure|certain) (?:about|of) (?:node |vertex )?\d+\b(?![ \t]*(?:[-–,]|and)[ \t]*\d)"
    # doubt about one item of the answer ("I'm not sure (3, 4) is really a bridge", "not
    # sure whether 2 is discovered from 5")
    r"|\bnot (?:sure|certain) (?:(?:whether|if|that) (?:(?:node|vertex|edge) )?[\[(]?\d|[\[(]\d)"
    # ... unless the sentence settles it: "not sure whether node 1 is blue too; it has two
    # neighbours, so no."
    r"(?![^.\n]*\b(?:so|hence|thus|therefore)\s+(?:no|yes|not|it (?:is|isn't|stays))\b)"
    r"|\bthere (?:is|are) also (?:\w+ ){0,2}?[\[({]?\d"
    # "[1, 2, 3] (though 3 might not be needed)": one item put in doubt
    r"|\b(?:though|although) (?:node |vertex |edge )?[\[(]?\d[\d, ]*[)\]]? (?:might|may|could)"
    r" not\b"
    r"|\(\s*if\b[^()\n]{0,200}?\bwould be\s+[-+]?\.?\d)",
    re.I | re.M,
)
# More of the same, rarer, so checked only when one of its words is there: the input doubted
# ("may or may not", "ambiguous"), the value left open ("Reachability: uncertain", "some of
# {3, 5}"), a decision not reached ("I can't settle it", "one of them has a bug").
_UNDECIDED = re.compile(
    r"\bone of (?:them|these|those|the two)\b[^.\n]{0,30}\b(?:wrong|incorrect|bug|error"
    r"|mistake|off)\b"
    r"|\b(?:can'?t|cannot|couldn'?t|could not) (?:settle|make up my mind)\b"
    r"|\b(?:may|might) or (?:may|might) not\b|\bambiguous\b"
    r"|:[ \t*_]*(?:uncertain|undetermined|not sure|n/a)\b|\b(?:some|any) of\s+[\[{(]"
    r"|\b(?:I'?m|I am) between\b|\b(?:not sure|unsure|uncertain|can'?t tell|don'?t know) which\b"
    r"|\b(?:probably|likely|possibly)[ \t]*\?"
    r"|\b(?:can'?t|cannot|couldn'?t|could not) rule (?:it|one|that|this|them) out\b"
    r"|(?<=[\d)\]}])[ \t,]*(?:\.\.\.|…)?[ \t,]*(?:and so (?:on|forth)|etc\b"
    r"|and (?:more|the rest)\b)"
    r"|\bthe rest (?:follows?|are similar|is similar|go(?:es)? the same)\b"
    # the answer given only in part: "starts 0 → 2 → 1, but I can't confirm the rest"
    r"|\b(?:can'?t|cannot|couldn'?t|could not|unable to|not able to) (?:yet )?(?:confirm|verify"
    r"|determine|work out|figure out|complete|finish|fill in|pin down) the (?:rest|remainder)\b"
    r"|\bthe (?:rest|remainder) (?:is|are|remains?|stays?) (?:unclear|unknown|uncertain"
    r"|unverified|a guess|open)\b"
    r"|\b(?:continues?|continuing|proceeds?|carr(?:y|ies) on|goes on|go on|keeps? going)"
    r"\s+(?:on\s+)?(?:similarly|likewise|in the same (?:way|manner|fashion|pattern)|the same way"
    r"|like this|as before)\b",
    re.I)
_UNDECIDED_WORDS = ("one of", "settle", "make up my mind", "may or", "might or", "ambiguous",
                    "uncertain", "undetermined", "not sure", "n/a", "some of", "any of", "between",
                    "which", "probably", "likely", "possibly", "rule", "and so", "etc", "and more",
                    "the rest", "similarly", "likewise", "same way", "same manner", "same fashion",
                    "same pattern", "like this", "as before")


# Every branch of UNSURE needs one of these: a text without them (a run of brackets, a
# list of letters) is not scanned by its ~30 branches (up to 5 ms on 3,000 brackets).
_UNSURE_WORDS = ("or ", "possibly", "have", "not yet", "a few", "no way to", "defined",
                 "unclear", "can", "tbd", "to be determined", "back and forth", "torn between",
                 "decide", "some subset", "at least one", "other", "confused", "flip",
                 "not sure", "not certain", "also", "though", "would be")


def unsure(text: str, start: int = 0, end: int | None = None) -> bool:
    """Uncertainty that leaves no single answer (``UNSURE`` and its rarer cousins) in
    ``text[start:end]``."""
    end = len(text) if end is None else end
    if mentions(text[start:end], _UNSURE_WORDS) and UNSURE.search(text, start, end):
        return True
    lowered = text[start:end].lower()
    return any(w in lowered for w in _UNDECIDED_WORDS) and bool(
        _UNDECIDED.search(text, start, end)) or OFFERED_TOO.search(text, start, end) is not None


# Another answer offered as just as good, or the answer put as a possibility: "[A] — though
# [B] works equally well", "[A] or, if you visit 1 first, [B]", "both [A] and [B] are
# valid" (whole answers in brackets: "both 3 and 5 are valid cut vertices" names two
# items), a value qualified by "(maybe)", "(possibly 6)", "(?)" ("(probably)" leans: it
# commits).
_EQUALLY_GOOD = r"\b(?:equally|just as) (?:well|valid|good|correct|fine|acceptable)\b"
# Just "works equally well", "is just as valid": whether it offers another answer, the
# caller weighs ("a different but equally valid tree" names none).
EQUALLY_GOOD = re.compile(_EQUALLY_GOOD, re.I)
OFFERED_TOO = re.compile(
    r"(?=[ejob(])(?:" + _EQUALLY_GOOD +
    r"|\bor,?[ \t]+if\b"
    r"|\([ \t]*(?:maybe|possibly|perhaps)\b|\([ \t]*\?+[ \t]*\)"
    r"|\bboth[ \t:]+[\[({][^.!?\n]{1,400}?\bare (?:equally |both )?(?:valid|correct"
    r"|acceptable|possible)\b)", re.I)


# Doubt aimed at something named after it ("not confident about where 6 and 7 go", "but
# I'd need to double-check node 4", "not sure the edge (1, 9) has weight 2"): the region
# layer weighs whether what is named is an item of the answer (``ITEM_DOUBT_END`` closes
# the clause; a clause that settles itself, "…; it has two neighbours, so no", is skipped).
ITEM_DOUBT = re.compile(
    r"(?=[nuhI'd])(?:\bnot (?:(?:fully|entirely|completely|totally|very|100%|so|too) )?"
    r"(?:sure|certain|confident)\b|\bunsure\b"
    r"|\b(?:need|have) to (?:double[- ]?check|re-?check|verify|confirm)\b"
    r"|\bhaven'?t (?:yet )?(?:verified|checked|confirmed|double[- ]checked)\b)", re.I)
ITEM_DOUBT_END = re.compile(r"[.!?;\n]|\b(?:so|hence|thus|therefore)\b", re.I)


OR_NEXT = re.compile(r"[\s(\[*_]*or\b", re.I)  # "Answer: 7\n\n(Or 8, if ...)"
# A value sentence that only says what might be.
# A new value put forward only as a possibility ("so X might fit better").
POSSIBLE = re.compile(r"\b(?:might|could|may) (?:also |well |even )?(?:be|fit|work|apply)\b",
                      re.I)
TENTATIVE = re.compile(r"\b(?=[bcfhijlmnpqrtvwy])(?=mi|ma|pe|i|ha|be|ro|wi|wo|if|co|pr|li|po"
                       r"|ye|no|tr|fa|th|ju|ta|qu|vi)(?:might be\b|maybe\b|perhaps\b"
                       r"|tal vez\b|quizás?\b|vielleicht\b|peut-être\b"  # "maybe" elsewhere
                       r"|(?:might|could|may|would) (?:just )?as well (?:be|come|go|work)\b"
                       r"|(?:probably|likely|possibly|yes|no|true|false)[ \t]*\?"
                       r"|I(?:'d)? guess\b|I (?:want|'d like|would like) to say\b"
                       r"|\bhard to (?:tell|say)\b|\bbest guess\b|\bI'?m (?:just |only )?guessing\b"
                       r"|\bI (?:really |honestly |just )?(?:don'?t|do not) (?:really )?know\b"
                       r"(?! (?:why|how|whether|if))"
                       r"|\brough (?:estimate|guess)\b|\bwild guess\b|\bI'?d bet\b"
                       r"|\b(?:that'?s|it'?s|this is) (?:just |only )?a guess\b|\bjust a guess\b"
                       r"|\bif I (?:had|have) to (?:bet|guess|pick|choose|wager)\b"
                       r"|\b(?:might|could|may|would) also (?:work\b|belong\b|qualify\b"
                       r"|be (?:minimum"
                       r"|maximum|minimal|maximal|optimal|correct|right|valid"
                       r"|an? (?:answer|solution|option))\b))",
                       re.I)
_SENTENCE_END = re.compile(r"[.!?\n]")
_DIGIT = re.compile(r"\d")


def value_asked(text: str) -> bool:
    """Is a value put as a question ("6? 7?", "I'd guess 3?", "5 Kanten?")? A guess,
    not a statement. Looks back at most 30 characters from each question mark."""
    at = text.find("?")
    while at >= 0:
        before = text[max(0, at - 30):at]
        ends = list(_SENTENCE_END.finditer(before))
        if _DIGIT.search(before, ends[-1].end() if ends else 0):
            return True
        at = text.find("?", at + 1)
    return False
_PROSE_WORD = re.compile(r"[A-Za-z]{2,}")
_STATEMENT = re.compile(r"\b(?:is|are|was|were|equals?|has|have|contains?|includes?)\b", re.I)
_DIGIT_RUN = re.compile(r"\d+(?:\.\d+)?|\b(?:yes|no|true|false)\b", re.I)


def restated_differently(text: str) -> bool:
    """Does the last statement of a value repeat an earlier sentence word for word except
    for the value ("The degree is 4. ... The degree is 5.") with no correction between?
    Only the value may differ: sentences about other subjects are steps of a walkthrough
    ("Node 4 is connected to nodes 0 and 3. Node 0 is connected to nodes 1 and 2.";
    "Visit node 8. Its neighbors are 6, 14. Visit node 10. Its neighbors are 0, 1.")."""
    pieces = [s.strip() for s in SENTENCE_SPLIT.split(text)]
    sentences = [(i, s) for i, s in enumerate(pieces)
                 if _VALUE_TOKEN.search(s) and len(_PROSE_WORD.findall(s)) >= 3
                 and _STATEMENT.search(s) and not ITEM.match(s)]
    if len(sentences) < 2:
        return False
    at, last = sentences[-1]
    template = _DIGIT_RUN.sub("#", last.lower())
    for index, earlier in reversed(sentences[:-1]):
        if _DIGIT_RUN.sub("#", earlier.lower()) == template and earlier.lower() != last.lower():
            if _other_subjects(pieces, index, at):
                continue
            between = text[text.rfind(earlier) + len(earlier): text.rfind(last)]
            return not CUE.search(between)
    return False


_POSSESSIVE = re.compile(r"\b(?:its|their)\b", re.I)  # not "It has 4 ...": the same "it"


def _subject(sentence: str) -> str:
    """What a sentence states a value of: its words before the verb, ids included ("Node 8
    is connected to 10." and "Node 18 is connected to 1." are steps about two nodes)."""
    verb = _STATEMENT.search(sentence)
    return sentence[:verb.start() if verb else len(sentence)].lower()


def _other_subjects(pieces: list[str], one: int, other: int) -> bool:
    """Are two sentences of the same wording about different things: other ids before the
    verb ("Node 4 is ..." / "Node 0 is ..."), or "Its neighbors are" after parallel steps
    about other nodes ("Visit node 8." / "Visit node 20.")?"""
    mine, theirs = _subject(pieces[one]), _subject(pieces[other])
    if mine != theirs:
        return True
    if not _POSSESSIVE.search(mine) or not one or not other:
        return False
    before, after = pieces[one - 1].lower(), pieces[other - 1].lower()
    return before != after and _DIGIT_RUN.sub("#", before) == _DIGIT_RUN.sub("#", after)


# A question the text asks ("Is it connected? Good question."): never an answer.
QUESTION = re.compile(r"(?:^|(?<=[.!?\n]))[ \t*_]*+(?:is|are|does|do|did|can|could|would|should"
                       r"|will|what|which|who|how|why|where|when|has|have|was|were|shall|may"
                       r"|might)\b[^.!?\n]*\?", re.I)
_VALUE_TOKEN = re.compile(r"\d|\b(?:yes|no|true|false|none)\b|\[\s*\]|\{\s*\}|∅", re.I)


def value_sentence(paragraph: str) -> str:
    """The last sentence of ``paragraph`` that states a value (a digit, yes/no; not the
    "100%" of "not 100% sure"), and its last sentence: where a hedge would be ("I don't
    see (2, 8) or (8, 2). So no." is not one). When a "but" clause states a value of its
    own, it settles what came before ("I thought it might be 5, but after checking, the
    count is 6")."""
    sentences = [s for s in SENTENCE_SPLIT.split(strip_enumerators(paragraph)) if s.strip()]
    valued = list(islice((s for s in reversed(sentences) if _VALUE_TOKEN.search(s) and (
        "%" not in s or _VALUE_TOKEN.search(DOUBT.sub(" ", s)))), 1))  # the last only
    picked = [*valued, *sentences[-1:]]
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
    r"^[\s*_>#-]*+(?:to\s+[a-z]+\b[^,.]*,|(?:use|run|apply|look|find|check|count|compute"
    r"|calculate|identify|list|consider|perform|recall|remember|sum|add|divide|multiply"
    r"|report)\b)", re.I)
_ECHO = re.compile(r"^\W*+here (?:is|are) (?:the|your) (?:graph|edges?|edge list|input)\b", re.I)
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


def _sentence_stop(text: str, end: int) -> int:
    """Where the last sentence before ``end`` stopped: the decimal point of "0.5" is not a
    full stop ("0.48? 0.5?" is two questions, not "0.48? 0." and a question)."""
    cut = max(text.rfind(c, 0, end) for c in "!?\n")
    dot = text.rfind(".", 0, end)
    while dot > cut and dot + 1 < len(text) and text[dot + 1].isdigit():
        dot = text.rfind(".", 0, dot)
    return max(cut, dot)


def strip_questions(text: str) -> str:
    """``text`` without the trailing questions, offers and pleasantries ("Would you like
    ...?", "Hope this helps!")."""
    stripped = tail(text).rstrip()
    for _ in range(8):
        closing = _CLOSING.search(stripped, max(0, len(stripped) - 300))
        if not (stripped.endswith("?") or closing):
            break
        end = closing.start() if closing and not stripped.endswith("?") else len(stripped) - 1
        cut = _sentence_stop(stripped, end)
        stripped = stripped[: cut + 1].rstrip() if cut >= 0 else ""
    return stripped


# "... but an exact value would require computing all 18 eigenvalues", "Computing it
# precisely requires the 17 × 17 matrix": the closing clause says the value was not worked
# out; its numbers are the size of the work, not the answer.
_NEEDS_WORK = re.compile(
    r"(?:\b(?:an?|the)[ \t]+(?:exact|precise)\b[^.!?\n]{0,40}?"
    r"|\b(?:computing|finding|calculating|determining|getting|pinning)\b[^.!?\n]{0,40}?"
    r"\b(?:exactly|precisely|exact|precise)\b[^.!?\n]{0,30}?)"
    r"\b(?:requires?|would require|needs?|would need|calls for|would call for)\b"
    r"(?:[^.!?\n]|\b[ei]\.[ge]\.|\.(?!\s))*[.!]?[\s*_`]*\Z", re.I)
_CLAUSE_OPEN = re.compile(r"[.!?;\n]|,?[ \t]+but\b|,[ \t]+(?:and|though|although|while)\b",
                          re.I)


def without_method_note(text: str) -> str:
    """``text`` without a closing clause saying the exact value still needs computing."""
    note = _NEEDS_WORK.search(text, max(0, len(text) - 600))
    if note is None:
        return text
    opens = [m.start() for m in _CLAUSE_OPEN.finditer(text, max(0, note.start() - 300),
                                                     note.start())]
    cut = opens[-1] if opens else 0
    if cut and text[cut] in ".!?":
        cut += 1  # keep the full stop of the sentence before
    return text[:cut].rstrip()


def unclosed(text: str, fences: bool = True) -> bool:
    depth = 0
    for char in _BRACKETS.findall(text[-4000:]):  # (the other characters change nothing)
        if char in "[{":
            depth += 1
        elif char in "]}" and depth:
            depth -= 1
    return depth > 0 or (fences and text.count("```") % 2 == 1)


_BRACKETS = re.compile(r"[\[\]{}]")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|\(?\d+[.)])[ \t]+\S")
_RESULT = re.compile(r"[:=]")


_BARE_NUMBER = re.compile(r"[ \t*_]*(\d{1,4})[.)][ \t*_]*")
_ITEM_NUMBER = re.compile(r"[ \t*_]*(\d{1,4})[.)][ \t]+\S")


def _numbers_next_item(lines: list[str]) -> bool:
    """Is the last line the bare number of the item after the one above ("17. Michael\n18.")?
    A bare "3." under "The diameter is:" is an answer, not an item."""
    last, above = _BARE_NUMBER.fullmatch(lines[-1]), _ITEM_NUMBER.match(lines[-2])
    return bool(last and above and int(last.group(1)) == int(above.group(1)) + 1)


def cut_in_list(text: str) -> bool:
    """Does ``text`` stop inside the next item of a list of worked steps ("1. Path 1-4-9:
    3. Flow = 3.\n2. ...\n3. Path 1 → 5 → 6")? Earlier items each close with a result
    (a colon or "=", and a full stop); the last has neither. A list of any items cut off
    right after the next item's number ("17. Michael\n18.") is cut too."""
    lines = [line for line in text[-3000:].splitlines() if line.strip()][-4:]
    if len(lines) >= 2 and _numbers_next_item(lines):
        return True
    if len(lines) < 3 or not all(_LIST_ITEM.match(line) for line in lines[-3:]):
        return False
    last, earlier = lines[-1].rstrip(), [line.rstrip() for line in lines[-3:-1]]
    return (all(line.endswith((".", "!")) and _RESULT.search(line) for line in earlier)
            and not last.endswith((".", "!", "?", ")", "]", "}"))
            and not _RESULT.search(last))


# One step of a worked trace ("- pop 4: discover 5, 8", "3. Visit node 2, enqueue 6"): a
# text whose last lines are such steps stopped while working, even at a clean boundary.
_TRACE_STEP = re.compile(
    r"[ \t]*(?:[-*•+]|\d+[.)])?[ \t]*(?:step[ \t]*\d+[ \t]*[:.)][ \t]*)?(?:pop(?:ped)?|dequeued?"
    r"|visit(?:ed)?|push(?:ed)?|enqueued?|discover(?:ed)?|explored?|expand(?:ed)?|process(?:ed)?"
    r"|relax(?:ed)?)[ \t]+(?:node[ \t]+|vertex[ \t]+)?\w+[ \t]*(?:[:,;→]|->)", re.I)


def stops_mid_trace(text: str) -> bool:
    """Do the last two lines of ``text`` both take a step of a worked trace (BFS, DFS,
    Kahn's algorithm)? The result the trace was building was never stated."""
    lines = [line for line in text[-1000:].splitlines() if line.strip()][-2:]
    return len(lines) == 2 and all(_TRACE_STEP.match(line) for line in lines)


# A value given as provisional: "Order so far: 4, 5, 2", "Matching so far:\n- (0, 21)".
PROVISIONAL = re.compile(r"\b(?:so far|thus far|up to now|until now|for now)\b[^.!?\n\d]{0,20}"
                         r"[:=]", re.I)


# A text cut inside a pair or tuple it was writing ("- (3, 3", "13. (8"): parentheses are
# not counted by ``unclosed`` (asides and enumerators open them too), but an open one holding
# only values at the very end is a value being written.
_OPEN_TUPLE = re.compile(r"\([ \t]*\w[\w.]*(?:[ \t]*,[ \t]*[\w.]*){0,3}[ \t]*\Z")


def is_truncated(text: str) -> bool:
    """Was ``text`` cut off mid-sentence or inside a bracket or code block?"""
    tail = text.rstrip()
    return bool(tail) and (_TRUNCATED_END.search(tail[-40:]) is not None or unclosed(tail)
                           or _OPEN_TUPLE.search(tail[-40:]) is not None)
