"""Reading GraphInfer answers: the first ``Answer:`` block, its ``Reasoning:``, and the
per-task structured lines.

Template placeholders echoed back ("Node 0: <outlier | not outlier>") are non-answers,
as in the paper's rescorer: a model that copies the frame has not answered.
"""

from __future__ import annotations

import re

from graphgauge.suites.inference.prompts import FRAMES

ANSWER = re.compile(r"answer\s*:", re.IGNORECASE)
REASONING = re.compile(r"reasoning\s*:", re.IGNORECASE)
# The frames' placeholders, domain words ({topic}, {theme} ...) matching any text.
PLACEHOLDER = re.compile("|".join(sorted(
    re.sub(r"\\\{\w+\\\}", "[^<>]*", re.escape(" ".join(m.lower().split())))
    for frame in FRAMES.values() for m in re.findall(r"<[^<>]+>", frame))))
OUTLIER_LINE = re.compile(r"\bNode\s+(\d{1,7})(?!\d)\s*[:\-=]\s*(not\s+(?:an?\s+)?outlier|outlier|"
                          r"cluster\s+member|normal|inlier)", re.IGNORECASE)
COMMUNITY_LINE = re.compile(r"\bNode\s+(\d{1,7})(?!\d)\s*[:\-=]\s*Community\s+(\d{1,7})(?!\d)",
                            re.IGNORECASE)
NODE_REF = re.compile(r"\bNode\s+(\d+)\b")
NEGATIVE = re.compile(r"\b(no|not|never|none|neither|nor|absent|lack|lacks|without|"
                      r"unconnected|disconnected|isn't|aren't|doesn't|don't|do not|"
                      r"does not|is not|are not)\b", re.IGNORECASE)
POSITIVE = re.compile(r"\b(yes|exists?|have|has|is|are|connected|linked|cites?|shares?)\b",
                      re.IGNORECASE)


def blocks(text: str) -> tuple[str, str] | None:
    """(answer, reasoning) of the first Answer block; None when there is none."""
    start = ANSWER.search(text or "")
    if start is None:
        return None
    rest = text[start.end():]
    cut = REASONING.search(rest)
    if cut is None:
        return rest.strip(), ""
    reasoning = rest[cut.end():]
    again = ANSWER.search(reasoning)
    return rest[:cut.start()].strip(), (reasoning[:again.start()] if again else
                                        reasoning).strip()


def is_placeholder(answer: str) -> bool:
    # every placeholder is written in angle brackets: without one, no need to respell a
    # 200k-character answer (12 ms)
    return "<" in answer and PLACEHOLDER.search(" ".join(answer.lower().split())) is not None


def polarity(answer: str) -> bool | None:
    """Does the answer assert the edge? A leading yes/no decides; otherwise a negation
    anywhere says no and an affirmative verb says yes."""
    head = re.match(r"(yes|no)\b", answer.strip().lstrip("*\"' ").lower())
    if head:
        return head.group(1) == "yes"
    if NEGATIVE.search(answer):
        return False
    if POSITIVE.search(answer):
        return True
    return None


def outlier_lines(answer: str) -> list[tuple[int, bool]]:
    """(node, is outlier) per ``Node i: ...`` line, in the order written."""
    return [(int(node), verdict.lower() == "outlier")
            for node, verdict in OUTLIER_LINE.findall(answer)]


def community_lines(answer: str) -> dict[int, int]:
    """node -> community; the first line for a node wins."""
    out: dict[int, int] = {}
    for node, community in COMMUNITY_LINE.findall(answer):
        out.setdefault(int(node), int(community))
    return out


def node_refs(text: str) -> list[int]:
    """Every ``Node N`` id; an id of more than 9 digits stands as 10**9 (out of range for
    any graph, and never an int() of thousands of digits)."""
    return [int(n) if len(n) <= 9 else 10**9 for n in NODE_REF.findall(text)]
