"""Reading GraphInfer answers the way a careful grader would (the default ``human`` mode).

The paper's protocol (``parsing.py``, the ``faithful`` mode) reads only an ``Answer:``
block with one ``Node i: ...`` line per node. Real models write the same answers as
prose, grouped lists, tables, JSON, after a ``<think>`` block, and revise them. The
grading rule is the shared one (``graphgauge.scoring.region``): the last committed final
answer counts, a correction replaces it, a hedge, refusal, truncated or self-contradicting
answer is no answer (``NoAnswer`` with the reason).

  T2   yes/no: a leading yes/no, else the polarity of the edge statement ("they are not
       connected", "the papers are unrelated"); negation counts only when it is about the
       link ("no doubt" is not a no).
  T4/T5 node assignments: see ``assignments.py``.
  T1/T3 the label the answer names (spelling variants and acronyms included); free text
       that names none is projected to the nearest label by the sentence encoder.

Everything is linear in the text; node ids longer than 7 digits and ranges past the graph
are ignored, so no input can make a reader slow or raise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from graphgauge.scoring.categories import mentioned_labels
from graphgauge.scoring.guards import mentions
from graphgauge.scoring.region import (
    ABSENT,
    NoAnswer,
    normalize,
    read_answer,
    split_answer_first,
    split_thinking,
)
from graphgauge.scoring.signals import REFUSAL, clip, is_hedge, is_truncated

MAX_TEXT = 200_000
# A GraphInfer answer (a sentence, or one line per node of a small graph) fits in the first
# CLIP / 2 or the last 2 x CLIP characters of its text: reading the middle of a long ramble
# only costs time (4,000 lines of "Node 1: outlier" took 80 ms, now under 10).
CLIP = 4000
FREE_TEXT = 300  # characters of a label-free answer given to the encoder (it reads 256 tokens)
ID = r"(\d{1,7})(?!\d)"
# "Reasoning:", or a heading line of its own ("## Reasoning", "**Explanation**")
_REASONING = re.compile(r"^[ \t#*_>]*(?:reasoning|explanation|justification|rationale|why"
                        r"|analysis)(?:[ \t*_]*:|(?<=\w)[ \t*_]*$)", re.I | re.M)
# An answer marker on its own line ("Answer: No", "Final answer: 7"): after a per-node
# listing it restates or revises the listing (``assignments._revised_after_listing``).
LATER_ANSWER = re.compile(r"^[ \t#*_>]*(?:final\s+)?answer\b[ \t*_]*[:=]"
                           r"|\bfinal\s+answer\b[ \t*_]*(?::|=|\bis\b)", re.I | re.M)
MARKUP = re.compile(r"\*+|`+|(?<!\w)_+|_+(?!\w)|<\/?(?:b|strong|em)>", re.I)


def unmarked(text: str) -> str:
    """``text`` without markdown/HTML emphasis (``MARKUP``); a text without any of its
    characters is returned as it is (the pattern costs ~0.5 ms on a 10k-character answer,
    and the readers strip the same answer several times)."""
    return MARKUP.sub("", text) if any(c in text for c in "*`_<") else text
PAREN = re.compile(r"\([^()\n]{0,200}\)|\"[^\"\n]{0,300}\"|“[^”\n]{0,300}”")


def answer_part(text: Any) -> str | NoAnswer:
    """The text after any thinking block, normalised, without an answer-first
    "Reasoning:" section (the paper's frame puts the reasoning after the answer)."""
    if not isinstance(text, str) or not text.strip():
        return NoAnswer("empty answer")
    parts = split_thinking(text[:MAX_TEXT])
    if isinstance(parts, NoAnswer):
        return parts
    # the shared layer's split (one rule for every reader): the reasoning stays when it
    # revises the answer or when a marked answer follows it
    return split_answer_first(normalize(clip(parts[1], CLIP)))[0]


def reasoning_part(text: str) -> str:
    """The text of a "Reasoning:" section, for the reasoning cosine ("" when none)."""
    heading = _REASONING.search(text or "")
    return text[heading.end():].strip() if heading else ""


# --- node lists ----------------------------------------------------------------------------

_RANGE = re.compile(r"(?<![\w.])" + ID + r"\s*(?:-|–|—|\.\.|to|through|thru)\s*(?:nodes?\s*)?"
                    + ID)
_NUMBER = re.compile(r"(?<![\w.])(?:v_?\{?|n)?" + ID + r"\}?(?![\w.]\w)")


def node_ids(text: str, n: int) -> list[int]:
    """The graph's node ids in ``text`` in order: numbers and ranges ("0-3", "4 to 6");
    ids outside 0..n-1 are dropped, and a range past the graph or backwards is ignored,
    never expanded."""
    out: list[int] = []
    pos = 0
    for m in _RANGE.finditer(text):
        out += [int(x) for x in _NUMBER.findall(text, pos, m.start())]
        lo, hi = int(m[1]), int(m[2])
        if lo <= hi < n:
            out += range(lo, hi + 1)
        pos = m.end()
    out += [int(x) for x in _NUMBER.findall(text, pos)]
    return [node for node in out if node < n]


# --- T2 ------------------------------------------------------------------------------------

_EDGE_WORDS = (r"(?:edge|link|citation|connection|co-?author(?:ship)?|shared author|author"
               r"|relation(?:ship)?|tie|co-?purchase|hyperlink|reference)")
# what two nodes may share without being linked: "they don't share a topic" says nothing
# about the link
_NOT_A_LINK = (r"(?!\s+(?:\w+\s+){0,2}?(?:topics?|themes?|subjects?|areas?|fields?|categor(?:y|ies)"
               r"|labels?|interests?|venues?|keywords?|words?|domains?|focus)\b)")
_NEG_EDGE = re.compile(
    r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+){0,3}?(?:directly\s+)?(?:connected|linked|links?"
    r"|adjacent|related|share" + _NOT_A_LINK +
    r"|cite[sd]?|co-?authored|co-?authors|co-?purchased|hyperlinked"
    r"|(?:buy|bought|purchased?)\s+(?:\w+\s+){0,3}?together|collaborators|joined|neighbou?rs"
    r"|referenc(?:es?|ed)|written by|(?:common|mutual)" + _NOT_A_LINK + r"|" + _EDGE_WORDS + r")"
    r"|\bno\s+(?:\w+\s+){0,2}?" + _EDGE_WORDS +
    r"|(?<!\bnot )(?<!n't )\b(?:unrelated|unconnected|unlinked|disconnected|non-?adjacent"
    r"|independent|absent)\b"
    r"|\b(?:neither|nor)\b[^.\n]{0,60}\b(?:cites|shares|links)"
    r"|\b(?:lack|lacks|without|absent|absence of)\b[^.\n]{0,30}" + _EDGE_WORDS
    + r"|\bdoes(?:n't| not) (?:exist|appear)|\bnot (?:in|listed|present)\b"
    # ("only connected indirectly through other papers": a path, not the asked link)
    r"|\bonly\s+(?:(?:connected|linked|related|reachable|joined)\s+)?(?:indirectly|through|via)\b"
    r"|\bnot\s+with\s+(?:each\s+other|one\s+another)\b"
    # author sets said to be apart: "written by disjoint sets of authors", "completely
    # different authors", "their author lists do not overlap"
    r"|\b(?:disjoint|non-?overlapping|(?:completely|entirely|totally|wholly)\s+(?:different"
    r"|distinct|separate))\s+(?:(?:sets?|groups?|lists?)\s+of\s+)?(?:co-?)?authors?\b"
    r"|\bauthors?\b[^.;\n]{0,60}?\b(?:do(?:es)?\s+not|don't|doesn't|never)\s+overlap\b",
    re.I)
_POS_EDGE = re.compile(
    r"^\W*(?:connected|linked|adjacent|co-?authored|present)\W*$|"
    r"(?:\bnot|n't)\s+(?:unrelated|unconnected|unlinked|disconnected)\b|"  # a double negative
    r"\b(?:common|mutual|same|shared) (?:co-?)?authors?\b|\bauthors? in common\b"
    r"|\b(?:are|'re)\s+(?:\w+\s+){0,2}?(?:co-?authors|collaborators)\b"
    r"|\b(?:are|is)\s+(?:\w+\s+){0,2}?(?:connected|linked|adjacent|neighbou?rs)"
    r"|\b(?:share|shares|shared)\b" + _NOT_A_LINK +
    r"|\b(?:cite|cites|cited|referenc(?:es|ed)|co-?authored|co-?purchased|link(?:s|ed)?\s+to)\b"
    r"|\b(?:buy|bought|purchased?)\s+(?:\w+\s+){0,3}?together\b"
    r"|\b(?:there is|there's|has|have|exists?|contains?|includes?)\s+(?:\w+\s+){0,3}?"
    + _EDGE_WORDS
    + r"|\b" + _EDGE_WORDS + r"\s+(?:\w+\s+){0,3}?(?:exists|is present|is listed)", re.I)
# Words without which _NEG_EDGE / _POS_EDGE cannot match (each alternative holds one):
# the check skips them on a sentence of 20,000 numbers
_NEG_WORDS = ("no", "n't", "never", "unrelated", "unconnected", "disconnected", "independent",
              "absen", "neither", "lack", "without", "only", "disjoint", "overlap", "different",
              "distinct", "separate")
_POS_WORDS = ("connected", "link", "adjacent", "co", "present", "author", "collaborator",
              "neighbo", "share", "cite", "edge", "citation", "relation", "tie", "reference",
              "unrelated", "unconnected", "disconnected")
# A leading verdict, maybe after a short label: "Yes, ...", "Connected: no", "Edge present? No".
_LEAD = re.compile(r"^\W*(?:[^\W\d_][\w -]{0,30}(?:\?|:|=)\W*)?"
                   # a lean is a verdict: "Probably yes", "Most likely no"
                   r"(?:(?:probably|most\s+likely|likely|I\s+(?:think|believe))[\s,]+)?"
                   r"(yes|no|true|false|correct|incorrect|affirmative|negative|yep|yeah|yup|nope"
                   r"|nah|oui|non(?!-)|sí|ja|nein)\b"
                   r"(?!\s+(?:doubt|question)\b)", re.I)
_AFFIRM = ("yes", "true", "correct", "affirmative", "yep", "yeah", "yup", "oui", "sí", "ja")


# A verdict closing the statement: "... do not appear together in any edge, so no."
_TRAILING = re.compile(r"(?:,|;|:|[—–]|\b(?:so|thus|hence|therefore))\s*(?:the\s+answer\s+is\s+)?"
                       r"(yes|no)\W*$", re.I)
_BOTH = re.compile(r"^\W*(?:yes|no)\s+(?:and|or|/)\s+(?:yes|no)\b", re.I)
_NOT_THAT = re.compile(r"\b(?:not|n't)\s+(?:true|the case|correct)\s+that\b", re.I)


# A concession beside the main clause ("Although their topics are unrelated, Node 0 links
# to Node 1", "..., though the topics differ") is not the verdict: the main clause is.
_CONCEDED_LEAD = re.compile(r"^\W*(?:although|though|even\s+though|even\s+if|while|whereas"
                            r"|despite)\b[^,;\n]{0,150}[,;]\s*", re.I)
_CONCEDED_WORD = re.compile(r"\b(?:although|though|even\s+though|even\s+if|whereas|despite"
                            r"|albeit)\b", re.I)


def _conceded_tail(sentence: str, pos: int) -> int | None:
    """Where a trailing concession starts (its comma, or the blanks before its word), at
    or after ``pos``: the word found in one pass, then the blanks and one comma before it
    (a pattern opening on ``[,;]?\\s*`` re-read a 5,000-blank gap from every blank)."""
    word = _CONCEDED_WORD.search(sentence, pos)
    if word is None:
        return None
    start = word.start()
    while start > pos and sentence[start - 1].isspace():
        start -= 1
    if start > pos and sentence[start - 1] in ",;":
        start -= 1
    return start


def polarity(sentence: str) -> bool | None:
    """Does one statement assert the link? Negation counts only on the link itself;
    "it is not true that ..." turns the statement after it around; a concession beside
    the main clause does not decide."""
    turned = _NOT_THAT.search(sentence)
    if turned:
        inner = polarity(sentence[turned.end():])
        return None if inner is None else not inner
    lead = _CONCEDED_LEAD.match(sentence)
    tail = _conceded_tail(sentence, lead.end() if lead else 1)
    if lead or tail is not None:
        main = sentence[lead.end() if lead else 0:len(sentence) if tail is None else tail]
        inner = polarity(main) if main.strip() else None
        if inner is not None:
            return inner
    lead = _LEAD.match(sentence) or _TRAILING.search(sentence)
    if lead:
        return lead[1].lower() in _AFFIRM
    if mentions(sentence, _NEG_WORDS) and _NEG_EDGE.search(sentence):
        return False
    if mentions(sentence, _POS_WORDS) and _POS_EDGE.search(sentence):
        return True
    return None


# A statement that only suspects or weighs the link ("they might share an author", "it
# could go either way", "Possibly.") commits to nothing.
UNSURE_LINK = re.compile(r"\b(?:might|may|could|possibly|perhaps|maybe|unclear|ambiguous|uncertain"
                     r"|hard to (?:say|tell)|not (?:sure|certain|confident)|either way"
                     r"|(?:can(?:no|')t|(?:not|un)able to)"
                     r" (?:tell|say|be sure|determine|confirm|verify|know))\b", re.I)
# A statement under a supposition about what the question means ("If indirect links count,
# they are connected", "If you mean any path, yes") answers a question nobody asked; a
# premise ("If the list is complete, they are not linked") still commits.
_HYPOTHETICAL = re.compile(r"^\W*(?:if|in\s+case)\b[^,\n]{0,50}?\b(?:counts?|counted|mean|means"
                           r"|meant|consider(?:ed)?|includ\w*|allow\w*|indirect\w*|any\s+path"
                           r"|interpret\w*)\b", re.I)
# Low confidence about a statement the sentence makes ("They share an author, but I'm not
# certain"): the statement still commits, as a lean does in every reader; only a link
# raised as a possibility ("they might share an author") does not.
# (It opens on a word, never on blanks: a pattern opening on "\s*" re-read a 5,000-blank gap
# from every blank.)
_LOW_CONFIDENCE = re.compile(r"\b(?:(?:but|though|although|yet|however)\b,?[ \t]{0,3})?"
                             r"(?:I'?m|I[ \t]+am)[ \t]+not[ \t]+(?:\w+%?[ \t]+){0,2}?"
                             r"(?:sure|certain|confident)\b[^.;\n]{0,80}", re.I)
_JSON_BOOL = re.compile(r"[\"'](?P<key>[^\"'\n]{1,40})[\"']\s*:\s*[\"']?"
                        r"(?P<value>true|false|yes|no)\b", re.I)
_NOT_VERDICT_KEY = re.compile(r"reason|explan|why|note|confiden", re.I)


_NAMED_NODE = re.compile(r"\b(?:nodes?|papers?)\s+(\d{1,7})(?!\d)"
                         r"|(?:,|\band|\bor)\s+(\d{1,7})(?!\d)", re.I)


def _named_nodes(text: str) -> set[int]:
    return {int(a or b) for a, b in _NAMED_NODE.findall(text)}


def _other_pair(sentence: str, pair: set[int] | None) -> bool:
    """Does the sentence name a node outside the asked pair? Then it reports on another
    link ("Node 0 shares an author with Node 2"), not the answer."""
    return pair is not None and bool(_named_nodes(sentence) - pair)


_INTERMEDIARY = re.compile(r"\b(?:via|through|by way of)\s+(?:the\s+)?(?:nodes?|papers?)\s+\d{1,7}"
                           r"(?:\s*(?:,|\band\b|\bor\b)\s*(?:nodes?\s+)?\d{1,7})*", re.I)
_CLAUSE = re.compile(r"[,;]\s*|\s+(?=\b(?:though|although|while|whereas|but)\b)|\s+[—–]\s+", re.I)


def _pair_clause(sentence: str, pair: set[int]) -> bool | None:
    """The verdict of a sentence that also names other nodes, when a clause of it is about
    the asked pair alone: "Node 0 and Node 1 have no shared author, though Node 1 shares
    one with Node 3" (a no), "... two hops apart (via Node 9) but not adjacent" (an
    intermediary is not another pair)."""
    plain = _INTERMEDIARY.sub(" ", PAREN.sub(" ", sentence))
    clauses = [plain] if not _other_pair(plain, pair) else _CLAUSE.split(plain)
    for clause in clauses:
        if _named_nodes(clause) == pair and not UNSURE_LINK.search(clause):
            value = polarity(clause)
            if value is not None:
                return value
    return None


_VERDICT_CELL = {"yes": True, "true": True, "✅": True, "✔": True, "✓": True,
                 "no": False, "false": False, "❌": False, "✗": False, "✘": False}


def _table_verdict(row: str) -> bool | None:
    """A markdown table row with one yes/no cell ("| Node 0 – Node 1 | ✅ Yes |")."""
    cells = [c.strip(" *_`").lower() for c in row.strip().strip("|").split("|")]
    found = set()
    for cell in cells:
        words = [_VERDICT_CELL.get(w) for w in re.findall(r"\w+|[✅✔✓❌✗✘]", cell)]
        if words and all(w is not None for w in words) and len(set(words)) == 1:
            found.add(words[0])
    return found.pop() if len(found) == 1 else None


def cut_off(text: str) -> bool:
    """Does ``text`` end inside a sentence: on a function word ("is most likely about"),
    or a long run of words with no full stop ("Node 0 shares an author with Node 2, Node
    0 shares")? Then its last sentence is not a statement the model finished."""
    tail = text.rstrip()
    if not tail or not tail[-1].isalpha():
        return False
    last = re.split(r"[.!?:\n]", tail)[-1]
    return is_truncated(tail) or len(last.split()) > 12


def _relation_reader(pair: set[int] | None):
    def read(region: str, explicit: bool) -> Any:
        plain = unmarked(region)
        if cut_off(plain):  # the unfinished last sentence says nothing
            plain = plain[:max(plain.rfind(c) for c in ".!?\n") + 1]
        for m in _JSON_BOOL.finditer(plain):
            if not _NOT_VERDICT_KEY.search(m["key"]):
                return m["value"].lower() in ("true", "yes")
        sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", plain) if s.strip()]
        if not explicit:
            sentences = sentences[::-1]
        if sentences and _BOTH.match(sentences[0 if explicit else -1]):
            return None  # "Yes and no: ..." commits to neither
        unsure = False
        for sentence in sentences:
            if sentence.count("|") >= 2:  # a table row: its yes/no cell, if any
                value = _table_verdict(sentence)
                if value is not None:
                    return value
                if re.search(r"\?\s*\|", sentence):
                    continue  # a header asks ("| Pair | Shared author? |")
            if _LEAD.match(sentence):
                return polarity(sentence)
            if _other_pair(sentence, pair):
                value = _pair_clause(sentence, pair)
                if value is None:  # "... node 0 links to node 4 so they are not linked"
                    value = _conclusion(sentence, pair)
                if value is not None:
                    return value
                continue  # a statement about another pair reports
            if sentence.rstrip().endswith("?"):
                continue  # a question asks
            if _HYPOTHETICAL.match(sentence):
                unsure = True  # "If any path counts, they are connected": a supposition
                continue
            doubted = _LOW_CONFIDENCE.sub("", sentence) if mentions(sentence, ("not",)) \
                else sentence  # "..., but I'm not certain"
            if doubted != sentence and doubted.strip() and not UNSURE_LINK.search(doubted):
                value = polarity(doubted)  # a statement made with low confidence commits
                if value is not None:
                    return value
            if UNSURE_LINK.search(sentence):
                value = _conclusion(sentence, pair)  # "they could be linked but ..., so no"
                if value is not None:
                    return value
                unsure = True
                continue
            value = polarity(sentence)
            if value is not None:
                return value
        return None if unsure else ABSENT
    return read


def read_relation(text: Any, pair: tuple[int, int] | None = None) -> bool | NoAnswer:
    """``pair`` is the asked (a, b): statements about other pairs are not the answer."""
    body = answer_part(text)
    if isinstance(body, NoAnswer):
        return body
    body = _without_relatedness_guess(body)
    # the pair filter applies only to a text that speaks of the asked pair at all
    asked = set(pair) if pair is not None and set(pair) <= _named_nodes(body) else None
    value = read_answer(body, _relation_reader(asked))
    if isinstance(value, bool) and _concluded(_reasoning_after(text), asked) is (not value):
        return NoAnswer("the reasoning concludes the opposite of the answer")
    return value


# The prompt asks for the link, then for "the relationship (or lack thereof)": a guess
# about how the two are related ("They might be related in some way, as both are on the
# same site, but they are not directly linked") weighs relatedness, not the asked link, so
# it hedges nothing. The guess is blanked up to its clause's end ("but", a comma); one
# that speaks of the link itself ("might be related through a citation", "could be
# directly related") stays a hedge.
_RELATED_GUESS = re.compile(
    r"\b(?:(?:might|may|could)(?:[ \t]+(?:also|still|well|even))?[ \t]+be|possibly|perhaps"
    r"|maybe)[ \t]+(?:(?:somewhat|loosely|indirectly|thematically|topically|conceptually"
    r"|semantically|quite|closely|still|also)[ \t]+)?(?:related|similar|relevant"
    r"|(?:part[ \t]+of|from|in|on|of|about|within)[ \t]+(?:the[ \t]+)?(?:same|similar))\b"
    r"(?:(?!\b(?:but|so|thus|hence|therefore|yet|however)\b)[^.,;!?\n]){0,200}", re.I)
_LINK_TALK = re.compile(r"\b(?:link\w*|connect\w*|edges?|hyperlink\w*|cit(?:e|es|ed|ing|ation)\w*"
                        r"|(?:co-?)?authors?\w*|adjacent|directly|neighbou?rs?|co-?purchas\w*"
                        r"|referenc\w*|ties?)\b", re.I)


def _without_relatedness_guess(body: str) -> str:
    if not mentions(body, ("related", "similar", "relevant", "same")):
        return body
    return _RELATED_GUESS.sub(lambda m: m[0] if _LINK_TALK.search(m[0]) else " " * len(m[0]),
                              body)


_SO = re.compile(r"\b(?:so|therefore|thus|hence|consequently|which means(?: that)?)\b,?\s+", re.I)


def _conclusion(sentence: str, pair: set[int] | None) -> bool | None:
    """The verdict of the sentence's last "so ..." clause, when that clause is sure and
    names no other node: a rambling sentence weighs the link, then concludes."""
    found = list(_SO.finditer(sentence))
    clause = sentence[found[-1].end():] if found else ""
    if not clause or UNSURE_LINK.search(clause) or clause.rstrip().endswith("?") \
            or _named_nodes(clause) - (pair or set()):
        return None
    return polarity(clause)


def _reasoning_after(text: str) -> str:
    parts = split_thinking(text[:MAX_TEXT])
    return "" if isinstance(parts, NoAnswer) else reasoning_part(normalize(clip(parts[1], CLIP)))


def _concluded(reasoning: str, pair: set[int] | None) -> bool | None:
    """The verdict a "Reasoning:" section ends on ("..., so they do not share an author"):
    an answer that says the opposite contradicts itself, and commits to neither."""
    verdict = None
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", unmarked(reasoning)):
        so = _SO.search(sentence)
        clause = sentence[so.end():] if so else ""
        if not clause or UNSURE_LINK.search(clause) or _other_pair(clause, pair) \
                or clause.rstrip().endswith("?"):
            continue
        verdict = polarity(clause) if polarity(clause) is not None else verdict
    return verdict


# --- T1 / T3 -------------------------------------------------------------------------------

# Free text that says it does not know: projecting it onto a label would invent an answer.
NOT_KNOWN = re.compile(r"^\W*(?:unknown|unclear|undetermined|uncertain|n/?a|none|not sure"
                       r"|no idea|cannot (?:be )?(?:tell|say|determine)[a-z]*)\b"
                       r"|\b(?:can(?:no|')t|(?:not|un)able to|impossible to|no way to)\s+"
                       r"(?:\w+\s+)?(?:tell|say|determine|know|infer|identify|guess)\b"
                       r"|\b(?:not enough|insufficient) (?:information|context|evidence)\b"
                       # "There is no common theme I can identify", "No clear topic emerges"
                       r"|(?:^\W*|\b(?:there\s+is|there's|I\s+(?:see|find|can\s+find)|has|have)"
                       r"\s+)no\s+(?:\w+\s+){0,2}?(?:theme|topic|subject|category|type|kind"
                       r"|pattern|label)s?\b",
                       re.I)


# The prompt's frame around a free-text topic ("The masked paper is most likely about ...",
# "The common research theme is ...") and the elaboration after it (", specifically ...",
# "(e.g. ...)"): the encoder is given the topic alone, which is what it should match and
# costs a third less time than the sentence.
_FRAME = re.compile(r"^[^.:]{0,80}?\b(?:is|are|be|seems?|appears?)\s+"
                    r"(?:(?:most|more|very|quite|\w+ly)\s+){0,3}"
                    r"(?:about|on|in|related\s+to|focused\s+on)\s+"
                    r"|^(?:the\s+)?(?:common\s+|main\s+|overall\s+|shared\s+)?(?:research\s+)?"
                    r"(?:theme|topic|area|subject|field|category)\s+(?:is|would\s+be)\s+"
                    r"|^[^:]{0,40}:\s*", re.I)
_ELABORATION = re.compile(r"\s*(?:[,;(—–]|\s-\s|\be\.g\.|\bi\.e\.|\b(?:specifically|such\s+as"
                          r"|including|particularly|namely|especially)\b)", re.I)


def topic_span(sentence: str) -> str:
    """The topic a free-text answer names, without the frame around it."""
    frame = _FRAME.match(sentence)
    topic = sentence[frame.end():] if frame else sentence
    topic = _ELABORATION.split(topic, maxsplit=1)[0].strip(" .!*_\"'")
    return topic if re.search(r"[A-Za-z]{3}", topic) else sentence


# A clause that settles between the labels a sentence names ("..., but overall X").
_VERDICT_CLAUSE = re.compile(r"\b(?:but|yet|though|however|still)\b,?\s+(?:\w+\s+){0,6}?"
                             r"(?:overall|mainly|mostly|primarily|predominantly|ultimately"
                             r"|on balance|in the end|the (?:main|dominant|common|overall) "
                             r"(?:theme|topic|area))\b", re.I)


# The main clause names the answer; a concession after it names a side topic.
_CONCESSION = re.compile(r",?\s*\b(?:although|though|even though|while|whereas|albeit"
                         r"|with (?:some|a few|a couple of|a handful of|occasional|a little"
                         r"|a (?:bit|touch) of))\b", re.I)


def _label_reader(labels: Sequence[str]):
    """An explicit answer's first sentence naming a label decides; in bare text, the last
    one. A sentence naming two labels (not ruling one out) is no answer, unless a
    bracket, a concession, a settling clause or a closing "so" sets one aside. Which
    labels a text names is GTEval's reader (``mentioned_labels``), so both suites read
    the same spellings."""
    def read(region: str, explicit: bool) -> Any:
        plain = unmarked(region).strip()
        sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", plain) if s.strip()]
        asked = False
        for sentence in (sentences if explicit else sentences[::-1]):
            if sentence.rstrip().endswith("?"):
                asked = True  # "Not sure — maybe AI?" asks, it does not answer
                continue
            named = mentioned_labels(sentence, labels)
            if len(named) > 1:  # "a faculty page (lists the courses taught)"
                named = mentioned_labels(PAREN.sub(" ", sentence), labels) or named
            if len(named) > 1:  # "a Data Mining paper, although it has some AI flavour"
                named = mentioned_labels(_CONCESSION.split(sentence)[0], labels) or named
            if len(named) > 1:  # "they mix Theory and NNs, but overall the theme is NNs"
                verdict = _VERDICT_CLAUSE.search(sentence)
                named = mentioned_labels(sentence[verdict.end():], labels) if verdict else named
            if len(named) > 1 and (found := list(_SO.finditer(sentence))):
                # "AI-based ranking, so Information Retrieval": what the "so" concludes
                named = mentioned_labels(sentence[found[-1].end():], labels) or named
            if named:
                return named[0] if len(named) == 1 else None
        if asked or len(sentences) == 1 and cut_off(plain):
            return None  # "Answer: The masked paper is most likely about"
        first = sentences[0].strip()[:FREE_TEXT] if sentences else ""
        if NOT_KNOWN.search(first) or REFUSAL.search(first):
            return None  # "Unknown — the title is masked", projected it would be a guess
        return ("free", topic_span(first)) if re.search(r"[A-Za-z]{3}", first) else ABSENT
    return read


def read_label(text: Any, labels: Sequence[str]) -> str | tuple[str, str] | NoAnswer:
    """A label named in the final answer, or ("free", text) for the encoder to project."""
    body = answer_part(text)
    if isinstance(body, NoAnswer):
        return body
    if is_hedge(body.strip().split("\n")[-1]):
        return NoAnswer("hedged between labels")
    return read_answer(body, _label_reader(labels))
