"""Scripted models with known GTEval signatures, to check the pipeline end to end.

Use them as ``--model python:graphgauge.studies.gteval.models:NAME``. Each has the
``(prompt_text, request)`` signature of python models; the request carries the variant and
the instance (gold label, relabel map). ``oracle`` and ``always_original`` answer any
suite (the gold written as the prompt asks, or no answer to an irrelevant instruction);
the others need a classify prompt. What each must score (Ori, Rep, Relabel, Reverse,
Random, in %), whatever the data:

- ``oracle``: follows every instruction — 100, 100, 100, 100, 100;
- ``always_original``: the gold label whatever is asked (what the built-in ``reference``
  does) — 100, 100, 0, 0, 0: over-insensitive;
- ``echo_first``: the first label the instruction lists — Ori/Rep = share of nodes whose
  gold is the first label, Relabel = share whose coarse gold is the first coarse label,
  Reverse 0, Random 0;
- ``refuse``: declines — 0, 0, 0, 0, 100, diagnosed as not answering the task.

``fragile`` answers the gold only when the instruction says "class" (a word of the original
template) and the first label otherwise: the over-sensitive signature, Rep. Acc below
Ori. Acc with a spread over templates.

``neighbor_vote`` is a baseline rather than a probe: the most frequent known label shown in
a ``neighbors_labels`` prompt (ties: the instruction's order), i.e. a model that reads only
structure, for the structure-vs-text study.
"""

from __future__ import annotations

import re
from collections import Counter

from graphgauge.registry import task_of
from graphgauge.render.variants import coarse_labels, scoring_variant
from graphgauge.suites.classify.labels import mentioned_labels

REFUSAL = "I cannot help with that request."
NOT_A_TASK = "Thanks for sharing that little story."  # no answer to any task


def oracle(text: str, request) -> str:
    """Follows the instruction. Written from the paper's definitions, apart from the
    variants' ``expected()`` on purpose: the tests check those against it."""
    meta, gold = request.instance.meta, request.instance.answer
    kind = scoring_variant(request.prompt.variant).kind
    if kind == "relabel":
        return meta["relabel"][gold]
    if kind == "reverse":
        return next(label for label in meta["labels"] if label != gold)
    if kind == "randomize":
        return NOT_A_TASK
    return always_original(text, request)


def always_original(text: str, request) -> str:
    """The gold answer, written as the prompt asks for it."""
    return task_of(request.instance).format_answer(request.instance.answer, request.prompt)


def echo_first(text: str, request) -> str:
    """Reads the prompt's last paragraph (the instruction) and names its first label."""
    meta = request.instance.meta
    spaces = list(meta["labels"]) + coarse_labels(meta.get("relabel") or {})
    named = mentioned_labels(text.rsplit("\n\n", 1)[-1], spaces)
    return named[0] if named else REFUSAL


def refuse(text: str, request) -> str:
    return REFUSAL


def fragile(text: str, request) -> str:
    if re.search(r"\bclass\b", text.rsplit("\n\n", 1)[-1]):
        return request.instance.answer
    return echo_first(text, request)


KNOWN = re.compile(r"; known label: ([^)]*)\): ")


def neighbor_vote(text: str, request) -> str:
    votes = Counter(KNOWN.findall(text))
    if not votes:
        return REFUSAL
    order = mentioned_labels(text.rsplit("\n\n", 1)[-1], list(votes))
    best = max(votes.values())
    return next(label for label in [*order, *votes] if votes[label] == best)
