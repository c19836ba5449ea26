"""Reading yes or no: the words, and declarative answers against the question.

"Yes"/"No"/"true"/"false" where they stand as answers (never the determiner in "there is
no path"); without them, a claim about this graph read against the question's predicate
("There is no cycle in this graph." is No to "Does the graph contain a cycle?").
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice
from typing import Any

from graphgauge.scoring.guards import mentions
from graphgauge.scoring.region import ABSENT, NoAnswer
from graphgauge.scoring.sentences import MAX_CANDIDATES, answer, or_none, pick, split_sentences

# "yes/no", "Yes or no", "yes no": the choice itself, not an answer.
_BOOL_CHOICE = re.compile(r"\b(?:yes\s*(?:/|or|[ \t])\s*no|true\s*(?:/|or|[ \t])\s*false"
                          r"|no\s*(?:/|or|[ \t])\s*yes|false\s*(?:/|or|[ \t])\s*true)\b", re.I)
# "yes"/"true"/"false" as a word; "no" only standing alone ("No, ...", "... so no.") and
# never as the determiner in "there is no path".
# "Ja", "Oui", "Sí", "Nein", "Non": the same words in other languages.
_BOOL = re.compile(r"\b(?:(yes|true|false|yep|yeah|correct|incorrect|ja|oui|sí)\b"
                   r"|(no|nope|nein|non)\b)", re.I)
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
        out.append((word in ("yes", "true", "yep", "yeah", "correct", "ja", "oui", "sí"))
                   != negated)
    return out


_STOP = frozenset(re.findall(
    r"\w+",
    "a an the is are was were be been there here this that these those it its of in on at to "
    "for from with by and or do does did has have had graph any all some same each every "
    "between node nodes vertex vertices given following question answer please whether "
    "if than then so which what how yes no can could would should will both appear appears",
))
_NEGATION = re.compile(
    r"\bnon-|(?<=\w)-free\b|\bfree of\b|\bexcept\b"
    r"|\b(?:no|not|never|none|neither|nor|without|cannot|impossible|unable"
    r"|nothing|nowhere|isnt|arent|doesnt"
    r"|dont|cant|wont|hasnt|havent|wasnt|werent|didnt)\b|n't\b"
    # verbs and adjectives that deny without a negation word: "lacks a cycle", "fails to be
    # bipartite", "the edge is absent / missing", "one short of a hub"
    r"|\black(?:s|ing)?\b|\bfail(?:s|ed)?[ \t]+to\b|\b(?:absent|missing|devoid)\b"
    r"|\bshort[ \t]+of\b", re.I)
_IDIOM = re.compile(r"\bno doubt\b|\bnot only\b|\bno matter\b|\bwithout (?:a )?doubt\b"
                    r"|\bnothing but\b|\bno (?:less|fewer|more) than\b|\bnot just\b", re.I)
_WORD = re.compile(r"[a-z]+|\d+", re.I)
_ANTONYM_PREFIXES = ("un", "dis", "non", "in", "a", "ir", "il", "im")


# "2-colorable", "two-coloring", "two colours": one word for being bipartite.
_TWO_COLOURS = re.compile(r"\b(?:2|two|bi)[- ]?colou?r(?:able|ed|ing|s)?\b")


# "Every node has exactly three neighbours", "all vertices have the same degree": regular.
_SAME_DEGREE = re.compile(r"\b(?:every|each|all)\s+(?:nodes?|vertex|vertices)\s+(?:has|have)\s+"
                          r"(?:exactly\s+|the\s+same\s+)?(?:degree\b|number of\b|\w+\s+"
                          r"(?:neighbou?rs|edges)\b)")


def _content(text: str) -> frozenset[str]:
    text = _SAME_DEGREE.sub(" regular ", _TWO_COLOURS.sub(" bicolorable ", text.lower()))
    return frozenset(_WORD.findall(text)) - _STOP


# Words that ask or assert the same graph predicate ("Is there an edge between 3 and 5?"
# is answered by "3 and 5 are adjacent"); a word outside the groups is its own concept.
# A question's word in two groups ("connected to": an edge or a path) asks for either; an
# answer's such word asserts the later group only ("a connection through node 6" is a
# path, not an edge).
_GROUPS = (
    "edge adjacent adjacency connected linked neighbor neighbour joined",
    "path reachable reach route connected",
    "cycle cyclic loop circuit",
    "bipartite bicolorable",
    "acyclic dag",
    # mutual reachability: what a strongly connected component is made of
    "strongly mutually scc sccs",
)
_CONCEPTS: dict[str, frozenset[int]] = {}
for _group, _words in enumerate(_GROUPS):
    for _word in _words.split():
        _CONCEPTS[_word[:4]] = _CONCEPTS.get(_word[:4], frozenset()) | {_group}


# (a predicate's group, its truth) -> the group it settles: an edge is a path, a pair with
# no path between them has no edge.
_SETTLES = {(0, True): 1, (1, False): 0}


def _concepts(word: str) -> frozenset[Any]:
    return _CONCEPTS.get(word[:4]) or frozenset({word[:4]})


def _claimed(word: str) -> frozenset[Any]:
    groups = _CONCEPTS.get(word[:4])
    return frozenset({max(groups)}) if groups else frozenset({word[:4]})


# Facts that deny a predicate without naming it: an odd cycle rules out a 2-colouring, a
# cycle rules out a tree, a forest or a DAG.
_RULED_OUT_BY: dict[Any, frozenset[Any]] = {}
for _asked_word, _fact in (("bipartite", "odd"), ("tree", "cycle"), ("forest", "cycle"),
                           ("dag", "cycle"), ("connected", "isolated")):
    for _key in _concepts(_asked_word):
        _RULED_OUT_BY[_key] = _RULED_OUT_BY.get(_key, frozenset()) | _concepts(_fact)


# A declarative answer speaks about this graph or its nodes, not about graphs in general.
_SPECIFIC = re.compile(
    r"\b(?:the|this|our|given|its) (?:(?:di)?graph|network)\b|\b(?:it|they|this)\b"
    r"|^[\s*_]*(?-i:[A-Z]{1,2}|\d+) (?:is|has|can|does)\b"
    r"|\bthere(?:'s\b| (?:is|are|exists?)(?:\b|n'?t\b))|\bhere\b|\bnodes? (?:\d+|[A-Z]{1,3})\b"
    r"|\b\w+ and \w+ are\b"
    r"|\(\s*\w+\s*,\s*\w+\s*\)|\b\d+\s*(?:,|and)\s*\d+|\b(?:all|every|each) (?:the )?"
    r"(?:nodes?|pairs?|vertex|vertices|degrees?)\b|\bno (?:such )?(?:edge|path|cycle)s?\b"
    r"|\b(?:no|a|an) (?:\w+ ){0,2}(?:exists?|is present)\b|\bdegrees\b"
    r"|\d+\s*(?:→|->|-)\s*\d+|\bI (?:found|see|checked|counted|traced)\b", re.I)
_GENERAL = re.compile(r"\bif and only if\b|\biff\b|\bby definition\b|\bin general\b|\bwhether\b"
                      r"|^[\s*_]*(?:an?|any) \w+ (?:is|has|can)\b"
                      # "Nodes can be neighbours if ...": what nodes may be, not what these are
                      r"|^[\s*_]*(?:two )?(?:nodes|vertices|graphs|edges|pairs)[ \t]+(?:can|may"
                      r"|could|are called|are said)\b", re.I)


def _about_this_graph(sentence: str) -> bool:
    """Is ``sentence`` a claim about this graph, not a definition or a general fact ("A
    cycle is a path that ...", "Bipartite graphs can be 2-colored")? A terse answer ("Not
    bipartite", "✅ Bipartite") has no subject and is one."""
    if _GENERAL.search(sentence):
        return False
    return len(_WORD.findall(sentence)) <= 4 or _SPECIFIC.search(sentence) is not None


@lru_cache(maxsize=64)
def _asked(question: str) -> tuple[frozenset[Any], frozenset[Any]]:
    """The question's concepts, and the concepts that deny them ("connected" for "Is the
    graph disconnected?", "cycle" for "Is the graph a tree?"); worked out once however many
    sentences are weighed."""
    words = _content(question)
    asked = frozenset().union(*map(_concepts, words))
    denying = set().union(*(_concepts(w[len(p):]) for w in words for p in _ANTONYM_PREFIXES
                            if w.startswith(p) and len(w) > len(p) + 3))
    denying.update(fact for concept in asked for fact in _RULED_OUT_BY.get(concept, ()))
    return asked, frozenset(denying - asked)


def _other_claims(said: frozenset[str], asked: frozenset[Any]) -> set[tuple[int, bool]]:
    """(group, negated) of each word that claims a predicate the question does not ask;
    an antonym ("unreachable", "nonadjacent") claims its stem's predicate, negated."""
    claims = set()
    for word in said:
        groups, negated = _CONCEPTS.get(word[:4]), False
        if groups is None:
            stems = [word[len(p):] for p in _ANTONYM_PREFIXES
                     if word.startswith(p) and len(word) > len(p) + 3]
            stem = next((s for s in stems if s[:4] in _CONCEPTS), None)
            groups, negated = (_claimed(stem), True) if stem else (None, False)
        if groups and not groups & asked:
            claims.update((group, negated) for group in groups)
    return claims


def _polarity(sentence: str, said: frozenset[str], question: str) -> bool | None:
    """The truth a declarative sentence (with content words ``said``) asserts about the
    question ("There is no cycle in this graph." -> False for "Does the graph contain a
    cycle?"), or None when it does not speak about the question's subject."""
    asked, denying = _asked(question)
    shared = {w for w in said if _claimed(w) & asked}
    if shared and all(w.isdigit() for w in shared):
        if said <= shared:
            return None  # nothing said of the nodes ("Node 2 and node 5 are in the graph.")
        # only the nodes are in common: a claim of another predicate of theirs settles the
        # asked one only when it implies it ("3 and 7 are adjacent" gives a path, "3 and 7
        # are unreachable" denies an edge, "... not mutually reachable" says nothing of a
        # path from 3 to 7)
        other = _other_claims(said, asked)
        if other:
            negations = len(_NEGATION.findall(_IDIOM.sub(" ", sentence)))
            settled = [(negations + negated) % 2 == 0 for group, negated in other
                       if _SETTLES.get((group, (negations + negated) % 2 == 0)) in asked]
            return settled[0] if settled else None
    flipped = {w for w in said - shared for p in _ANTONYM_PREFIXES
               if w.startswith(p) and len(w) > len(p) + 3 and _claimed(w[len(p):]) & asked}
    if not shared and not flipped:
        # Only a sentence silent on the predicate itself is read through a denying fact
        # ("It has an odd cycle." -> not bipartite).
        flipped = {w for w in said if _claimed(w) & denying}
        if not flipped:
            return None
    return (_denials(sentence, question) + len(flipped)) % 2 == 0


# "no" and "without" deny the noun they govern: the few words after them, up to the end of
# the clause.
_GOVERNED = re.compile(r"(?:[ \t]+(?:[\w'-]+|\(\s*\w+\s*,\s*\w+\s*\)|\d+)){1,5}")
_CLAUSE_BREAK = re.compile(r"\b(?:and|but|so|while|whereas|which|that)\b", re.I)


def _denials(sentence: str, question: str) -> int:
    """How many negations of the sentence bear on the asked predicate. "No" and "without"
    deny what they govern: "there is no cycle", "a graph without odd cycles" deny it, but
    "a BFS 2-colouring works without conflicts" or "node 3 reaches 9 with no repeated
    node" deny only a word of the justification, and the claim stands. A failure named
    outright denies the attempt it befalls ("a 2-colouring runs into a conflict"), and a
    failure denied leaves it standing ("... does not produce a conflict")."""
    sentence = _IDIOM.sub(" ", sentence)
    count, spared = 0, []
    for m in _NEGATION.finditer(sentence):
        if m.group().lower() in ("no", "without"):
            governed = _GOVERNED.match(sentence, m.end())
            words = _CLAUSE_BREAK.split(governed.group() if governed else "")[0]
            if not _names_predicate(_content(words), question):
                spared.append((m.end(), m.end() + len(words)))
                continue
        count += 1
    return count + sum(1 for t in _FAILURE.finditer(sentence)
                       if not any(start <= t.start() < end for start, end in spared))


# Words for an attempt's failure: a 2-colouring's clash, a proof's contradiction.
_FAILURE = re.compile(r"\b(?:conflict(?:s|ing)?|clash(?:es|ing)?|contradictions?)\b", re.I)


# Clauses of a sentence, each asserting on its own ("Not connected: node 8 has no edges").
_BOOL_CLAUSES = re.compile(r"[:;]|,\s*(?=(?:so|thus|hence|therefore|because|since|as|but|yet|while)"
                           r"\b)|(?<!\s)\s++(?=(?:because|since)\b)|(?<!\s)[ \t]+[—–][ \t]+",
                           re.I)
# A clause that gives a reason ("because node 8 has no incoming edges") backs the claim;
# it is weighed only when no claim speaks to the question.
_REASON = re.compile(r"\W*(?:because|since|as|given that)\b", re.I)


# "Since node 9 cannot be reached, the graph is disconnected": the reason, then the claim.
_LEADING_CLAUSE = re.compile(r"^(\W*(?:since|because|as|if|when|although|though|while"
                             r"|given that)\b[^,;]*),", re.I)


# "I would say yes, but I'm fairly sure there's an odd cycle": the claim after the
# contrast takes the verdict back.
_CONTRAST = re.compile(r"\b(?:but|although|though|however)\b", re.I)
_LEANING = re.compile(r"\b(?:I'?d say|I would say|I think|I guess|I believe|I'd lean|probably"
                      r"|maybe|likely)\b", re.I)


_CLAIM_END = re.compile(r"[.!?\n;]|,?[ \t]+(?:so|thus|hence|therefore)[ \t]+(?=I\b|I'|we\b)", re.I)


def _contradicted(region: str, verdict: bool, question: str) -> bool:
    """Does a claim after the last "but" of bare text deny the yes/no word before it?"""
    contrasts = list(_CONTRAST.finditer(region, max(0, len(region) - 1000)))
    contrast = contrasts[-1] if contrasts else None
    if contrast is None or not _bool_words(region[:contrast.start()], False) or not _LEANING.search(
            region, max(0, contrast.start() - 200), contrast.start()):
        return False  # a firm "No, although it is close to bipartite." stands
    # the claim up to its own conclusion ("there's an odd cycle 1-2-5-1 so I'm not
    # certain": the doubt after "so" says nothing about the graph)
    claim = _CLAIM_END.split(region[contrast.end():], maxsplit=1)[0]
    if _bool_words(claim, False) or not _about_this_graph(claim):
        return False
    said = _content(claim)
    _, denying = _asked(question)
    named = {w[:4] for w in _content(question)}
    if not ({w[:4] for w in said} & named or any(_claimed(w) & denying for w in said)):
        return False  # about something else ("no edge to node 5" when connectivity is asked)
    found = _polarity(claim, said, question)
    return found is not None and found != verdict


# "D and E are in different components" denies a path between them; "the same component"
# asserts one (not strongly connected components: a path may join two of them).
# ("two components" alone says nothing of a pair: both may lie in the first.)
_OTHER_COMPONENTS = re.compile(r"\b(?:in[ \t]+)?(?:two[ \t]+)?(?:different|separate|distinct"
                               r"|disjoint)[ \t]+(?:(?:weakly[ \t]+)?connected[ \t]+)?components\b",
                               re.I)
_SAME_COMPONENT = re.compile(r"\b(?:in[ \t]+(?:the[ \t]+same|one|a[ \t]+single)|the[ \t]+same)"
                             r"[ \t]+(?:(?:weakly[ \t]+)?connected[ \t]+)?component\b", re.I)


# Strongly connected components: two nodes in different ones are not mutually reachable
# (a one-way path may still join them), in the same one they reach each other.
_OTHER_SCCS = re.compile(r"\b(?:in[ \t]+)?(?:two[ \t]+)?(?:different|separate|distinct|disjoint)"
                         r"[ \t]+(?:strongly[ \t]+connected[ \t]+components|sccs?)\b", re.I)
_SAME_SCC = re.compile(r"\b(?:in[ \t]+(?:the[ \t]+same|one|a[ \t]+single)|the[ \t]+same)"
                       r"[ \t]+(?:strongly[ \t]+connected[ \t]+component|scc)\b", re.I)
# "The graph has two connected components" / "splits into 3 SCCs": the whole graph is not
# (strongly) connected; said of a graph, not of a pair (both asked nodes may lie in one).
_MANY = (r"\b(?:has|have|had|consists[ \t]+of|splits?[ \t]+into|falls?[ \t]+into|into|there"
         r"[ \t]+(?:are|were)|with)[ \t]+(?:exactly[ \t]+)?(?:two|three|four|five|six|seven"
         r"|eight|nine|ten|several|multiple|many|[2-9]|[1-9]\d+)[ \t]+")
_MANY_COMPONENTS = re.compile(_MANY + r"(?:(?:weakly[ \t]+)?connected[ \t]+)?components\b",
                              re.I)
_MANY_SCCS = re.compile(_MANY + r"(?:strongly[ \t]+connected[ \t]+components|sccs)\b", re.I)


def _components_said(text: str, pair: frozenset[str] = frozenset()) -> str:
    """Component facts in the words the claims are weighed in: "3 and 7 are in different
    components" denies a path, "... different strongly connected components" denies only
    mutual reachability, and a count of components above one denies a connected graph."""
    if not pair:
        text = _MANY_COMPONENTS.sub(" is not connected ",
                                    _MANY_SCCS.sub(" is not mutually ", text))
    text = _SAME_SCC.sub(" mutually reachable ", _OTHER_SCCS.sub(" not mutually ", text))
    return _SAME_COMPONENT.sub(" reachable ", _OTHER_COMPONENTS.sub(" not reachable ", text))


# Asked about strong connectivity, "only weakly connected" denies it and "weakly connected"
# alone does not settle it (a strongly connected graph is weakly connected too).
_WEAKLY = re.compile(r"\b(only[ \t]+|just[ \t]+|merely[ \t]+)?weakly[ \t]+connected\b", re.I)


# A count of zero denies what it counts: "zero cycles", "it has 0 bridges", "the number of
# cycles is zero" (not node 0: a bare 0 counts only after a verb of having).
# (each opens on a lookahead for its first letter: the scan skips other characters at C
# speed)
_ZERO_COUNT = re.compile(r"(?=[zZ0])(?:zero|(?:(?<=\bhas )|(?<=\bhave )|(?<=\bcontains )"
                         r"|(?<=\bwith )|(?<=\bexactly )|(?<=\bare )|(?<=\bfound ))0)"
                         r"(?=[ \t]+[a-z])", re.I)
_IS_ZERO = re.compile(r"(?=[zZ0])(?:(?<=\bis )|(?<=\bequals )|(?<==)|(?<== ))(?:zero|0)\b"
                      r"(?![.,]?\d)", re.I)


def _zero_said(text: str) -> str:
    if "0" not in text and not mentions(text, ("zero",)):
        return text
    return _IS_ZERO.sub("none", _ZERO_COUNT.sub("no", text))


# A sentence that asks ("Node 4 reaches 0 via 3?") claims nothing.
_ASKS = re.compile(r"\?[\s*_\"')]*$")


_ASKED_ID = re.compile(r"\b(?:node|vertex)\s+(\d+)\b", re.I)
_ID = re.compile(r"\d+")


def _asked_ids(question: str | None) -> frozenset[str]:
    return frozenset(_ASKED_ID.findall(question)) if question else frozenset()


def _other_nodes(clause: str, pair: frozenset[str]) -> bool:
    """Does a clause speak of other nodes, and not of both asked ones ("33 only connects
    to 4, 18 and 27" to "Is there an edge between node 10 and node 33?")? Its claim is
    then about them, not about the asked pair ("2 and 8 share neighbour 5" still is)."""
    named = set(_ID.findall(clause))
    return len(pair) > 1 and bool(named - pair) and not pair <= named


def _in_order(clauses: list[str], explicit: bool) -> list[str]:
    return clauses if explicit else clauses[::-1]


def _read_bool(region: str, explicit: bool, question: str | None = None) -> Any:
    words = _bool_words(region, explicit)
    if words:
        verdict = pick(words, explicit)
        if question and not explicit and isinstance(verdict, bool) and _contradicted(
                region, verdict, question):
            return None
        return verdict
    if not question:
        return ABSENT
    pair = _asked_ids(question)
    if mentions(region, ("component", "scc")):
        region, question = _components_said(region, pair), _components_said(question, pair)
    if mentions(region, ("weakly",)) and mentions(question, ("strongly",)):
        region = _WEAKLY.sub(lambda m: " not mutually " if m[1] else " weakly ", region)
    # The answer opens an explicit region and closes bare text: a bounded number of
    # sentences from that end is enough, however long the text.
    sentences = split_sentences(_zero_said(_BOOL_CHOICE.sub(" ", region)))
    sentences = sentences[:MAX_CANDIDATES] if explicit else sentences[-MAX_CANDIDATES:]
    ordered = (c for s in (sentences if explicit else reversed(sentences))
               if _about_this_graph(s) and not _ASKS.search(s)
               for c in _in_order(_clauses(s, question), explicit)
               if not _other_nodes(c[0], pair))
    # as many clauses as sentences are weighed, from the answer's end of the region
    clauses = [(c, _content(c), aside) for c, aside in islice(ordered, MAX_CANDIDATES)]
    clauses = ([c for c in clauses if not (_REASON.match(c[0]) or c[2])]
               + [c for c in clauses if _REASON.match(c[0]) or c[2]])
    # The question's own predicate ("regular" in "Is the graph regular, that is, ...")
    # first, then anything else it mentions; a clause that names other nodes beside the
    # question's and not the predicate ("node 8 sits in {3, 8, 12} while node 11 belongs to
    # {0, 5, 11}") after one that names it ("Nodes 8 and 11 are not connected").
    for asked in (re.split(r"[,;:(]", question)[0], question):
        for named in (True, False):
            for clause, said, _ in clauses:
                if named and not _names_predicate(said, asked) and set(
                        _ID.findall(clause)) - pair:
                    continue
                found = _polarity(clause, said, asked)
                if found is not None:
                    return found
    return ABSENT


def _names_predicate(said: frozenset[str], question: str) -> bool:
    """Does a clause name the question's predicate, its antonym or a fact that denies it,
    not only the question's node ids?"""
    asked, denying = _asked(question)
    return any(not w.isdigit() and _claimed(w) & (asked | denying) for w in said) or any(
        w.startswith(p) and len(w) > len(p) + 3 and _claimed(w[len(p):]) & asked
        for w in said for p in _ANTONYM_PREFIXES)


# "The graph is bipartite — a BFS 2-colouring never puts two adjacent nodes together": what
# follows a dash after a claim explains it, like a "because" clause.
_DASH = re.compile(r"(?<!\s)[ \t]+[—–][ \t]+")


def _clauses(sentence: str, question: str) -> list[tuple[str, bool]]:
    """The sentence's clauses, each with whether it explains a claim before a dash (an
    aside; "Wait — the odd cycle I found isn't there" explains none)."""
    parts = _DASH.split(_LEADING_CLAUSE.sub(r"\1;", sentence))
    claim = len(parts) > 1 and _names_predicate(_content(parts[0]), question)
    return [(c, claim and i > 0) for i, part in enumerate(parts)
            for c in _BOOL_CLAUSES.split(part)]


def read_bool(text: str, question: str | None = None) -> bool | NoAnswer:
    """Yes or no, or why there is none; with the ``question``, also a declarative answer
    that states or denies the question's predicate ("The graph is bipartite.", "Nodes 3
    and 5 are not connected.")."""
    return answer(text, lambda region, explicit: _read_bool(region, explicit, question))


def parse_bool(text: str, question: str | None = None) -> bool | None:
    return or_none(read_bool(text, question))
