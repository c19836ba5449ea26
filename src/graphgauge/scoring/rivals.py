"""Rival answers: does another statement give a *different* final answer?

The grading rule says two final answers of the same weight with different values, and no
correction between them, are no answer. Models rarely write two "Answer:" lines; they state
the answer, then restate it in a summary, a conclusion of the reasoning ("..., so the
average is 3.67"), an opening line that answers first, or a closing verdict, and sometimes
those disagree. These rules find such a second statement, decide whether it is about the
answer at all (not a neighbour's label, a waypoint, a step of the working or a check), and
compare values, not spellings (``differs``: the same tour written closed or open agrees).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from numbers import Real
from typing import Any

from graphgauge.scoring.region_types import (
    ABSENT,
    CONCLUDES,
    STRONG,
    TAIL,
    Reader,
    Region,
    value_like,
)
from graphgauge.scoring.signals import CUE, NOT_A_VALUE, SENTENCE_SPLIT


def differs(one: Any, other: Any) -> bool:
    """Are two final values different answers? The same items in another order are not
    (see ``value_key``), nor one tour written closed and open."""
    if isinstance(one, list) and isinstance(other, list) and _same_tour(one, other):
        return False
    return value_key(one) != value_key(other)


def _same_tour(one: list, other: list) -> bool:
    """Is one list the other closed back to its start ("1 → 5 → 2 → 1" and [1, 5, 2])?
    A tour written closed and open is one answer in two notations."""
    short, long = sorted((one, other), key=len)
    return (len(long) == len(short) + 1 and len(short) > 1 and long[0] == long[-1]
            and long[:-1] == short)


def value_key(value: Any) -> Any:
    """Values compared for a conflict: lists of the same items in another order agree."""
    if isinstance(value, list):
        try:
            return tuple(sorted(map(repr, value)))
        except TypeError:
            return repr(value)
    return value


def values_of(reader: Reader | None) -> Callable[[str], Any] | None:
    """The value of the reader's type a word holds, for comparing the two sides of an
    "X or Y" (None: any word may be one)."""
    if reader is None:
        return None

    def value_of(word: str) -> Any:
        value = reader(word, True)
        return NOT_A_VALUE if value is ABSENT else value_key(value)
    return value_of


WORDS = re.compile(r"[^\W_]+")
WORD = re.compile(r"[^\W_]")


FIRST_SENTENCE = re.compile(r"[.!?](?=\s)|\n[ \t]*\n")


def settled_at(region: Region) -> int:
    """Where the commitment ends: a marker's answer is its first sentence, and a correction
    later on the same line ("Answer: 5. Wait, it's 6") comes after it, as does one inside
    the sentence ("Answer: 2, 4, 6 — wait, 6 has degree 3")."""
    if region.kind in ("tag", "box"):
        return region.end
    stop = FIRST_SENTENCE.search(region.text)
    end = stop.end() if stop else len(region.text)
    cue = CUE.search(region.text, 0, end)
    return region.start + (cue.start() if cue and cue.start() > 0 else end)


STATES = re.compile(r"\b(?:is|are|was|were|equals?)\b|[:=]", re.I)
# "The graph has 9 edges.": what the whole graph has states the count (not "Node 4 has 3
# neighbours", a context line).
GRAPH_HAS = re.compile(r"[\W_]*(?:the graph|this graph|it)[ \t]+(?:has|contains)\b", re.I)
_DIGITS = re.compile(r"\d+")
WORKING = re.compile(r"\d\s*[+*/×=^]\s*\d|\d\s+-\s+\d")  # arithmetic, not a statement


def opening_differs(body: str, commits: tuple[Region, ...], chosen: Region, value: Any,
                     reader: Reader | None) -> bool:
    """A one-sentence statement of the answer before a strong marked answer that gives
    another value, with no correction between them: two final answers. The statement is
    the last sentence before the marked answer ("There are 4 strongly connected
    components.\n\nFinal answer: 5", "... no wait, 5 has no incoming edge. So we get 4
    SCCs in total.\n\nFinal Answer: 5", "DFS order: (2, 5), (2, 1)\n\nFinal answer: (2,
    1), (2, 5)") or an emphasised labelled line opening the reply ("**Class:
    student**\n\n<reasoning>\n\n**Final answer: faculty**"). (A yes/no opening is weighed
    as an opening verdict.)"""
    if reader is None or chosen.strength != STRONG or isinstance(value, bool):
        return False
    line = body.rfind("\n", 0, chosen.start) + 1
    if any(c.start < line for c in commits) or line == 0:
        return False
    before = _RULES.sub("\n", body[:line]).rstrip()
    paragraph = before[before.rfind("\n") + 1:]
    candidates = []
    above = before[:before.rfind("\n")].rstrip() if "\n" in before else ""
    if paragraph.strip() and not (_STEP_LINE.match(paragraph) or _parallel(
            above[above.rfind("\n") + 1:], paragraph) or _repeated_label(above, paragraph)):
        sentences = [x for x in SENTENCE_SPLIT.split(paragraph) if x.strip()]
        candidates.append(sentences[-1] if sentences else paragraph)
    opening = _BOLD_LABEL.match(before)
    if opening and opening.end() < len(before):
        candidates.append(opening.group())
    return any(states_other(before, statement, value, reader)
               and not _other_nodes(statement, chosen.text) for statement in candidates)


_NODE_WORD = re.compile(r"\b(?:nodes?|vertex|vertices)\b", re.I)
_NODE_ID = re.compile(r"(?<![^\W_])(?:\d+|[A-Z])(?![^\W_])")
# A step of working, not a statement of the answer: "Step 3: count = 5", "Queue: [4, 7]".
_STEP_LINE = re.compile(r"[ \t*_#>-]*+(?:(?:step|iteration|round|pass|stage)[ \t]*\d"
                        r"|(?:queue|stack|frontier)\b)", re.I)
_EMPHASIS_MARKS = re.compile(r"[*_`]")


def _label_of(line: str) -> str | None:
    verb = STATES.search(line)
    return _EMPHASIS_MARKS.sub("", line[:verb.start()]).strip().lower() if verb else None


def _parallel(previous: str, line: str) -> bool:
    """Is ``line`` one of a run of lines that state the same thing of different nodes
    ("**Neighbors of node 1:** 0, 3, 5, 9\n**Neighbors of node 6:** 2, 3, 8, 9", "N(1) =
    {0, 3}\nN(6) = {2, 3}")? Such a run is working laid out per node, not an answer."""
    mine, theirs = _label_of(line), _label_of(previous)
    if not mine or not theirs or mine == theirs or not _NODE_ID.search(mine):
        return False
    return _NODE_ID.sub("#", mine) == _NODE_ID.sub("#", theirs)


_STEPS_BACK = 2000


def _repeated_label(above: str, line: str) -> bool:
    """Does the line's label recur across the steps of the working ("New nodes with
    in-degree 0: 2, 5" in every step of Kahn's algorithm, "Removable: ...", "Visited: ..."):
    on two earlier lines, or on one with other working between? A label the working fills
    in step after step gives a step's value, not the answer. (The same label twice in a
    row, "Degree of node 1: 3\nDegree of node 1: 4", states one quantity twice.)"""
    mine = _label_of(line)
    if not mine or not WORD.search(mine):
        return False
    mine = _NODE_ID.sub("#", mine)
    lines = above[-_STEPS_BACK:].split("\n")
    seen = [i for i, earlier in enumerate(lines) if earlier.strip() != line.strip() and (
        label := _label_of(earlier)) and _NODE_ID.sub("#", label) == mine]
    return len(seen) >= 2 or (len(seen) == 1 and seen[0] < len(lines) - 1)


def _subject_nodes(sentence: str) -> set[str]:
    """The nodes a statement is about: the ids named after "node" before its verb ("The
    common neighbors of node 1 and node 6 are ..." is about 1 and 6)."""
    verb = STATES.search(sentence)
    subject = sentence[:verb.start() if verb else 0]
    named = _NODE_WORD.search(subject)
    return set(_NODE_ID.findall(subject, named.end())) if named else set()


def _other_nodes(statement: str, answer: str) -> bool:
    """Is the statement about other nodes than the answer says it is about
    ("**Neighbors of node 6:** 2, 3, 8, 9" above "**Final Answer:** The common neighbors
    of node 1 and node 6 are 3 and 9")? Then it is working, not a second answer. An answer
    that does not say what it is about leaves the statement a rival."""
    about = _subject_nodes(statement.strip())
    answered = _subject_nodes(answer.strip())
    return bool(about) and bool(answered) and about != answered


# "Check: 10 → 5 ✓, 5 → 2, 3 ✓": the answer checked against the graph, not stated
_CHECK_LINE = re.compile(r"[✓✔✗✘❌]|\A[\W_]*(?:(?:sanity[ \t]+)?check(?:ing)?|verif(?:y|ication))"
                         r"[ \t*_]*:", re.I)
_RULES = re.compile(r"^[ \t]*(?:[-*_][ \t]*){3,}$", re.M)  # "---": a rule between the two
_BOLD_LABEL = re.compile(r"[ \t]*\*\*[^*\n]{1,40}:[^\n]*\*\*[ \t]*(?=\n)")
_APPROX = re.compile(r"≈|\\approx\b")
_ARROW_RUN = re.compile(r"\d[ \t]*(?:→|->|⟶|=>)[ \t]*\d")
NUMBER_RUN = re.compile(r"\d[ \t*_]*,[ \t]*(?:and[ \t]+)?\d")
# "**Unmatched nodes:** 3, 6, 7 → cover each with an edge: (0, 3), (0, 6), (0, 7)": values
# that lead on (an arrow, then what is done with them) to the next values.
_STEPS_ON = re.compile(r"\d[ \t*_)\]}]*(?:→|->|⟶|=>|⇒)[ \t]*[A-Za-z]")
_STATES_AS = re.compile(r"\b(?:we|I) (?:get|got|have|find|found|obtain)\b", re.I)
# A numbered option of a list laid out above ("tour 2", "option #3", "candidate (b)"): it
# points at a listed answer, and names no node of its own.
_OPTION_REF = re.compile(r"[ \t*_`]*(?:the[ \t]+)?(?:tour|option|candidate|route|path|ordering"
                         r"|order|solution|case|choice|attempt|row|line|cycle|walk|matching"
                         r"|cover|colou?ring|permutation)[ \t]*(?:#|no\.?[ \t]*)?"
                         r"(?:\d+|\([a-z\d]\))(?![ \t]*(?:[,;]?[ \t]*\d|→|->|-\d|–\d))", re.I)


def states_other(before: str, statement: str, value: Any, reader: Reader) -> bool:
    """Does ``statement`` (a sentence of ``before``) state another value of the asked
    quantity, with no correction after it? Working ("Bridges = 9 - 6."), another quantity
    ("Node 4 has 3 neighbours.") and a restated question ending in ":" are no statements."""
    opening = statement.strip()
    if (not opening or len(opening) > 240 or "\n" in opening or opening.endswith((":", "?"))
            or CUE.search(before, max(0, before.rfind(opening)))
            or WORKING.search(opening) or ";" in opening or _CHECK_LINE.search(opening)):
        return False
    verbs = (list(STATES.finditer(opening)) or list(GRAPH_HAS.finditer(opening))
             or list(_STATES_AS.finditer(opening)))
    if verbs and _STEPS_ON.search(opening, 0, verbs[-1].start()):
        return False  # a step of the working leading on to the next, not a statement
    stated = opening[verbs[-1].end():] if verbs else ""
    stated = _APPROX.split(stated)[-1]  # "= 1/ln 2 ≈ 1.4427": the value it comes to
    if not stated.strip() or len(WORDS.findall(_DIGITS.sub(" ", stated))) > 3:
        return False  # a remark ("The edge (0, 4) has weight 2, and 4-7 is another path.")
    if _OPTION_REF.match(stated):
        return False  # "The minimum is tour 2, with weight 17.": a listed option, not nodes
    said = reader(stated, True)
    if said is ABSENT or said is None or value_key(reader(opening, False)) != value_key(said):
        return False  # the statement names other things too, or not what is asked
    if isinstance(said, list) and len(said) > 1 and all(isinstance(x, str) for x in said):
        return False  # several category names: the reasoning weighs them
    if _about_other(opening[:verbs[-1].start()], stated, said, value):
        return False
    if isinstance(said, bool) or (not isinstance(value, list) and (
            NUMBER_RUN.search(stated) or _ARROW_RUN.search(stated))):
        return False  # "Degrees: 2, 3, 3, 2." lists working values, "The longest path is
        # 3 → 0 → 5 → 1 → 8" a walk: neither states a count
    if isinstance(said, Real) and isinstance(value, Real) and math.isclose(
            said, value, rel_tol=0.01, abs_tol=0.005):
        return False  # "≈ 1.4427" then "Answer: 1.44": the same value, rounded
    if isinstance(said, list) and isinstance(value, list) and not getattr(
            reader, "unordered", False):
        # lists are compared as written: the same edges in another order are another
        # traversal; a tour closed back to its start is the same tour (sets: any order)
        return said != value and not _same_tour(said, value)
    return differs(said, value)


# "Only one neighbour is labelled IR.": evidence about the neighbours, not the answer's label.
_EVIDENCE_SUBJECT = re.compile(r"\bneighbo(?:u)?rs?\b|\bcit(?:es|ed|ing|ations?)\b|\blink(?:s|ed)\b"
                               r"|\breferenc(?:es|ed)\b", re.I)
_WAYPOINT = re.compile(r"\A[\W_]*(?:through|via|past|by way of)\b", re.I)
_NAMED_NODE = re.compile(r"\b(?:nodes?|vertex|vertices)\b", re.I)
_QUANTITY = re.compile(r"\b(?:min(?:imum)?|max(?:imum)?|total|length|weight|cost|distance|radius"
                       r"|diameter|size|number|count|sum|eccentricity|degree|value)\b", re.I)


def _about_other(subject: str, stated: str, said: Any, value: Any) -> bool:
    """A statement of one item before a marked answer of several is about something else:
    a step on the way ("The cheapest is through node 27." before "Answer: [11, 27, 9]") or
    a quantity written as a bare number ("The minimum is 27.", "The radius is 3." before
    the tour or the centre); "The center is node C." before "Answer: {C, F}" is another
    answer. A category named of the neighbours ("Only one neighbour is labelled IR.") is
    evidence, not the answer's label."""
    if not (isinstance(said, list) and isinstance(value, list)):
        return False
    if said and all(isinstance(x, str) for x in said):
        return bool(_EVIDENCE_SUBJECT.search(subject))
    if len(said) != 1 or len(value) < 2:
        return False
    if _WAYPOINT.match(stated):
        return value_key(said[0]) in {value_key(x) for x in value}
    return not _NAMED_NODE.search(stated) and bool(_QUANTITY.search(subject)) and (
        value_key(said[0]) not in {value_key(x) for x in value})


_CLAUSES = re.compile(r",|\b(?:and|because|since|as|requires?|if|when|while|but|although"
                      r"|though|which|so)\b", re.I)


def restated_otherwise(body: str, chosen: Region, value: Any, reader: Reader | None) -> bool:
    """A verdict restated as its opposite right after it, with no correction marker
    ("Answer: No\n\nThe graph contains a cycle: 0-2-6-0." to "Does the graph contain a
    cycle?"): two answers. Only the first sentence after the answer is weighed, as a
    restatement; reasons further on are not answers."""
    if reader is None or not isinstance(value, bool):
        return False
    settled = settled_at(chosen)
    rest = body[settled:settled + 300]
    first = next((x for x in SENTENCE_SPLIT.split(rest) if WORD.search(x)), "")
    if not first or CUE.search(first) or _CLAUSES.search(first):
        return False  # a reason of several clauses ("3 and 8 have odd degree, and a circuit
        # requires ...") argues; it does not restate
    said = reader(first, False)
    return isinstance(said, bool) and said != value


# A closing summary after the marked answer ("In summary, the spectral gap is 1.87.",
# "Summary: the graph has 5 connected components.") states the answer again: another value
# there, with no correction between, is a second final answer.
_SUMMARY = re.compile(r"(?:^|(?<=[.!?]))[ \t#*_>]*(?:in summary|summary|to summari[sz]e"
                      r"|to sum up|in conclusion|conclusion|to conclude|in short|overall"
                      r"|all in all|tl;?dr)\b[ \t*_]*[:,—–-]?", re.I | re.M)


def summary_differs(body: str, chosen: Region, value: Any, reader: Reader | None) -> bool:
    """Does a summary after the chosen answer state another value for what was asked? Only
    what its first verb states counts: a summary about one node, or its reason's numbers,
    states no rival answer."""
    if reader is None:
        return False
    settled = settled_at(chosen)
    summary = next(reversed(list(_SUMMARY.finditer(body, settled, settled + TAIL))), None)
    if summary is None or CUE.search(body, settled, summary.end()):
        return False
    sentence = next((x for x in SENTENCE_SPLIT.split(body[summary.end():]) if x.strip()), "")
    if CUE.search(sentence):
        return False
    if isinstance(value, bool):  # a verdict is read from its own word, not from claims
        said = _CLOSING_VERDICT.match(sentence)
        return said is not None and (said[1].lower() == "yes") != value
    verbs = [m for m in (STATES.search(sentence), GRAPH_HAS.search(sentence),
                         _STATES_AS.search(sentence)) if m is not None]
    verb = min(verbs, key=lambda m: m.start()) if verbs else None
    if verb is not None and _DIGITS.search(sentence, 0, verb.start()):
        return False  # about one node ("Node 0: degree 2, node 1: degree 3"), not the answer
    # what it says the quantity is, without the reason ("since node 2 is 3 hops away")
    stated = CLAUSE_STOP.split(sentence[verb.end():])[0] if verb else ""
    said = reader(stated, True) if stated.strip() else ABSENT
    if said is ABSENT or said is None:
        return False
    if isinstance(value, Real) and isinstance(said, Real):
        return not math.isclose(said, value, rel_tol=0.01, abs_tol=0.005)
    return differs(said, value)


# "Yes.\n\nReasoning: ... node 6 has no edges, so no, the graph is not connected.": the
# explanation ends on the other verdict, with no correction cue; two answers.
_CONCLUDED_VERDICT = re.compile(r"\b(?:so|thus|therefore|hence)\b[ \t,]*(yes|no)\b"
                                r"(?=[ \t]*(?:[,.;:!—–-]|\Z))", re.I)


# "The center node is a course page.\n\nReasoning: ...\n\nClassification: student": the
# explanation closes on a labelled answer line of its own; another value there is a second
# final answer.
_LABELLED_LINE = re.compile(
    r"^[ \t#*_>]*(?:final[ \t]+)?(?:classification|class|category|label|prediction|predicted"
    r"[ \t]+(?:class|label|category)|result)[ \t*_]*:[ \t*_]*(\S[^\n]*)$", re.I | re.M)


def concludes_otherwise(answer: str, explanation: str, reader: Reader | None) -> bool:
    if reader is None:
        return False
    start = max(0, len(explanation) - 1000)
    verdicts = list(_CONCLUDED_VERDICT.finditer(explanation, start))
    lines = list(_LABELLED_LINE.finditer(explanation, start))
    if not verdicts and not lines:
        return False
    given = reader(answer, True)
    if verdicts and isinstance(given, bool):
        return given != (verdicts[-1][1].lower() == "yes")
    said = reader(lines[-1][1], True) if lines else ABSENT
    if given in (ABSENT, None) or said in (ABSENT, None) or isinstance(given, bool):
        return False
    if isinstance(given, Real) and isinstance(said, Real):
        return not math.isclose(said, given, rel_tol=0.01, abs_tol=0.005)
    return differs(said, given)


def bare_values_differ(paragraph: str, reader: Reader | None) -> bool:
    """Two bare values in a row that disagree ("Yes. No.", "5\n6", "Yes, it is connected.
    No, it is not."): no final one."""
    if reader is None or len(paragraph) > 400 or "\n" in paragraph.strip() or CUE.search(
            paragraph):
        return False
    read = [reader(s, True) for s in SENTENCE_SPLIT.split(paragraph)
            if s.strip() and (value_like(s) or _VERDICT_FIRST.match(s))]
    read = [v for v in read if v is not ABSENT and v is not None]
    if len({value_key(v) for v in read}) <= 1:
        return False
    return not _parts_of(reader(paragraph, False), read)


def _parts_of(whole: Any, parts: list[Any]) -> bool:
    """Are the sentences' values pieces of the one list the paragraph reads ("From 3: 2,
    4. From 4: 5, 8." as one tree), not rival answers ("[1, 2]. [1, 3].")?"""
    if not isinstance(whole, list) or not all(isinstance(p, list) for p in parts):
        return False
    items = [repr(x) for x in whole]
    pieces = [repr(x) for p in parts for x in p]
    return any(items[i:i + len(pieces)] == pieces for i in range(len(items) - len(pieces) + 1))


# A sentence that opens with its verdict: "No, it is not connected."
_VERDICT_FIRST = re.compile(r"[ \t*_]*(?:yes|no|true|false)[ \t*_]*[,.!;:—–-]", re.I)
PARAGRAPHS = re.compile(r"\n[ \t]*\n")


NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CONTENT_WORD = re.compile(r"[a-z]{4,}")


def statements_differ(text: str, reader: Reader | None) -> bool:
    """A reply of a few one-line statements whose last two state one number each for the
    same quantity, differently, with nothing marking the last as a conclusion or a
    correction ("There are 3 triangles.\n\nTotal triangles: 4"): two final answers."""
    if reader is None or len(text) > 400:
        return False
    paragraphs = [p.strip() for p in PARAGRAPHS.split(text)
                  if p.strip() and not _RULES.fullmatch(p.strip())]  # "---" separates
    last_two = paragraphs[-2:]
    if not 2 <= len(paragraphs) <= 3 or any(
            "\n" in p or len(SENTENCE_SPLIT.split(p)) > 1 for p in last_two):
        return False
    if CUE.search(text) or CONCLUDES.search(paragraphs[-1]):
        return False
    for definition, name in _GLOSSARY:
        last_two = [definition.sub(name, p) for p in last_two]
    if all(len(NUMBER.findall(p)) == 1 for p in last_two):
        words = [set(_CONTENT_WORD.findall(p.lower())) for p in last_two]
    else:  # lists: the same subject stated twice ("BFS edges: ..." / "The BFS tree is ...")
        words = [subject_words(p) for p in last_two]
    values = [reader(p, False) for p in last_two]
    shared = {w for w in words[0] & words[1] if not w.isdigit()}
    if not isinstance(values[0], list):
        shared -= FORM_WORDS  # a number of the same node is not the same quantity ("The
        # clustering coefficient of node 3 is 0.5." / "Node 3 has 4 neighbours and ...")
    if not shared:
        return False  # not the same quantity ("Mary is friends with James" names a node)
    return ABSENT not in values and None not in values and differs(values[0], values[1])


# The conclusion of working written after the answer: "…, so the average is 3.67".
_SO = re.compile(r"\b(?:so|thus|hence|therefore)\b[\s,]*+", re.I)
NAME_WORD = re.compile(r"[a-z]{3,}")


def conclusion_differs(text: str, reader: Reader | None) -> bool:
    """A short reply that states a quantity first and closes its working on a different
    value of the same quantity, with no correction cue ("The average degree of node 5 is
    3.5. Its neighbours have degrees 3, 4 and 4, so the average is 3.67."): two final
    answers, not a correction."""
    if reader is None or len(text) > 600 or CUE.search(text):
        return False
    sentences = [x for x in SENTENCE_SPLIT.split(text.strip()) if x.strip()]
    if len(sentences) < 2:
        return False
    first, conclusions = sentences[0], list(_SO.finditer(sentences[-1]))
    # the conclusion of working in its sentence ("degrees 3, 4 and 4, so ..."); a sentence
    # that opens on "So the girth: 5" is a final statement, which the correction rule reads
    if not conclusions or not NUMBER.search(sentences[-1], 0, conclusions[-1].start()) \
            or len(NUMBER.findall(first)) > 2:
        return False
    concluded = sentences[-1][conclusions[-1].end():]
    named = {w[:4] for w in NAME_WORD.findall(first.lower())} - NOT_SUBJECT
    if len(NUMBER.findall(concluded)) != 1 or not named & subject_words(concluded):
        return False
    values = [reader(first, False), reader(concluded, False)]
    return ABSENT not in values and None not in values and differs(values[0], values[1])


# Quantities restated by their definition ("The diameter is 4." / "The longest shortest path
# ... has length 5."): one quantity for the check above.
_GLOSSARY = [(re.compile(pattern, re.I), name) for pattern, name in (
    (r"\blongest[ \t]+shortest[ \t]+path\b|\b(?:largest|maximum)[ \t]+eccentricity\b", "diameter"),
    (r"\b(?:smallest|minimum)[ \t]+eccentricity\b", "radius"),
    (r"\bshortest[ \t]+cycle\b", "girth"))]
# What a one-sentence statement is about: its words (and node ids) before the verb.
_SUBJECT = re.compile(r"[^\n]{0,80}?(?=\b(?:is|are|includes?|consists? of|has (?:length"
                      r"|size|weight))\b|[:=])", re.I)
_SUBJECT_WORD = re.compile(r"[a-z]{3,}|\d+")
_ANAPHOR = re.compile(r"[\W_]*+(?:this|that|these|those|it|its|they|their)\b", re.I)
_SUM = re.compile(r"\d\s*[+*/×=]\s*\d")
NOT_SUBJECT = frozenset(("the", "and", "for", "with", "from", "this", "that", "ther", "grap",
                          "its", "all", "here", "answ", "fina"))


def subject_words(statement: str) -> set[str]:
    """Empty for a remark on the answer before it ("This path has weight 3 + 2 = 5")."""
    m = _SUBJECT.match(statement)
    if m is None or _ANAPHOR.match(statement) or _SUM.search(statement):
        return set()
    return {w[:4] for w in _SUBJECT_WORD.findall(m.group().lower())} - NOT_SUBJECT


# An answer-first opening line of bare text: a labelled value ("Periphery: [0, 2, 3, 8]",
# "BFS edges: (1, 2), (1, 3)") or a verdict ("Yes, node 0 can reach node 3."); and a closing
# paragraph that states the answer again ("So the periphery is {0, 8}.", "In conclusion:
# No, ..."). Different, with no correction between them, they are two final answers.
OPENING_LABEL = re.compile(r"[ \t#*_>]*([A-Za-z][\w'\-]{0,20}(?: [\w'\-]{1,20}){0,3})[ \t*_]*:"
                            r"[ \t*_]*(\S.*)")  # a label of up to four words
_CLOSING_VERDICT = re.compile(
    r"[ \t#*_>]*(?:(?:in conclusion|in summary|to sum up|to summari[sz]e|overall|conclusion"
    r"|to conclude|(?:final )?verdict|summary|so|thus|therefore|hence)[ \t*_]*[:,]?[ \t*_]*)?"
    r"(yes|no)[ \t*_]*(?:[,.!;:—–-]|\Z)",
    re.I)
# Nouns of the answer's form, not of the quantity ("BFS edges" and "the BFS tree" are one).
FORM_WORDS = frozenset(("edge", "tree", "node", "vert", "list", "set", "orde", "sequ"))


def _only_named_in(subject: str, opened: list, reader: Reader) -> bool:
    """Does an opening name only the nodes its subject is about (a definition in terms of
    the question's own nodes, not an answer)?"""
    about = reader(subject, False) if subject.strip() else ABSENT
    return isinstance(about, list) and {repr(x) for x in opened} <= {repr(x) for x in about}


def opening_answer_differs(text: str, reader: Reader | None) -> bool:
    """Does bare text open with an answer and, after its working, close on a different
    statement of the same quantity, with no correction between? Two final answers: the
    grader cannot tell which one the model meant."""
    if reader is None or len(text) > TAIL:
        return False
    paragraphs = [p.strip() for p in PARAGRAPHS.split(text.strip()) if p.strip()]
    # (three paragraphs at least: an opening, its working, a closing; "The girth is 4.\n\nSo
    # the girth: 5" concludes at once, and two lone statements are weighed elsewhere)
    if len(paragraphs) < 3 or "\n" in paragraphs[0] or len(paragraphs[0]) > 200 or CUE.search(
            text) or _CONTRAST.search(text, len(paragraphs[0])):
        return False  # ("Path: 0 → 1 → 7 (weight 12)\n\nBut 0 → 2 → 7 weighs 9.": weighed)
    first, closing = paragraphs[0], paragraphs[-1]
    verdict = _VERDICT_FIRST.match(first) or re.fullmatch(r"[ \t*_]*(?:yes|no)[ \t*_.!]*", first,
                                                            re.I)
    if verdict is not None:
        said = _CLOSING_VERDICT.match(closing)
        opened = re.match(r"[ \t*_]*(yes|no)", first, re.I)
        return bool(said and opened) and said[1].lower() != opened[1].lower()
    label = OPENING_LABEL.fullmatch(first)
    if label is not None:
        subject, value = label[1], label[2]
    else:  # a one-sentence statement: "The periphery is {0, 2, 3, 8}."
        verb = _IS.search(first) if len(SENTENCE_SPLIT.split(first)) == 1 else None
        if verb is None:
            return False
        subject, value = first[:verb.start()], CLAUSE_STOP.split(first[verb.end():])[0]
    if WORKING.search(value) or _DEFINITION.match(value) or _FORMULA.search(value):
        return False  # "are the people who are friends with Thomas" defines; it names none
        # (and "RA(1, 19) = \sum_w 1/\deg(w)" is a formula: it states no value)
    opened = reader(value, True)
    final = reader(closing, False)
    if opened in (ABSENT, None) or final in (ABSENT, None) or isinstance(opened, bool):
        return False
    if isinstance(opened, list) and len(opened) > 1 and all(isinstance(x, str) for x in opened):
        return False  # "it's one of student, staff or faculty": candidates, no answer yet
    if not isinstance(opened, list) and NUMBER_RUN.search(value):
        return False  # "Degrees: 2, 3, 3, 2" lists working values, it states no count
    if isinstance(opened, list) and opened and _only_named_in(subject, opened, reader):
        return False  # "The neighbors of Thomas are the people who are friends with Thomas."
    # the label's words and ids ("Neighbours of 0"); a sentence's words ("Node 0 is adjacent
    # to 1 and 2" names no quantity)
    words = (_SUBJECT_WORD if label is not None else NAME_WORD).findall(subject.lower())
    named = {w[:4] for w in words} - NOT_SUBJECT - FORM_WORDS
    sentences = [x for x in SENTENCE_SPLIT.split(closing) if x.strip()]
    stated = next((x for x in reversed(sentences) if reader(x, False) not in (ABSENT, None)), "")
    names = isinstance(opened, list) and all(isinstance(x, str) for x in opened)
    if not (names and _LABELLED_LINE.fullmatch(stated.strip())) and (
            not named or not named <= subject_words(stated)):
        return False  # the closing sentence is about something else ("Edges: ..." may echo
        # the input; a category named is stated by a labelled line)
    if isinstance(opened, Real) and isinstance(final, Real):
        return not math.isclose(opened, final, rel_tol=0.01, abs_tol=0.005)
    return differs(opened, final)  # (in another order: the same items, read as one)


_CONTRAST = re.compile(r"(?:^|(?<=[.!?]))[ \t*_]*(?:but|however|though)\b", re.I | re.M)
_IS = re.compile(r"\b(?:is|are|was|were|equals?)\b", re.I)
# An opening that defines instead of answering: "the people who are friends with Thomas",
# "a set of nodes where no two nodes are adjacent" (no value, however it reads).
_DEFINITION = re.compile(r"[ \t*_]*(?:(?:the|those|all|any)[ \t]+(?:[a-z]+[ \t]+){0,2}?(?:who|that"
                         r"|which|whose|such)|an?[ \t]+(?:[a-z]+[ \t]+){0,3}?(?:where|in which"
                         r"|such that))\b", re.I)
# A formula, not a value: LaTeX commands, sub- and superscripts ("\sum_i e^{-\mu_i}").
_FORMULA = re.compile(r"\\[A-Za-z]{2,}|[_^]\{?[A-Za-z]")
CLAUSE_STOP = re.compile(r"[:;]|\s[—–-]\s|\b(?:because|since|as|which|but)\b", re.I)
