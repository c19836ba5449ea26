"""Trivial shortcut baselines and the audit that scores them against random.

A benchmark measures reasoning only if no trivial rule passes it: "pick the lowest-degree
node" once found GraphInfer's outlier two times in three. Each shortcut answers from one
surface feature (degree, position, title length, the most frequent gold label, a fixed
yes or no) and applies to every task whose answer has a matching kind, in any suite:

  node       one node (GraphInfer T4)           nodes      a node set (ties included)
  yes/no     a boolean (T2, Bool answers)       label      a category name (T1, T3, GTEval)
  partition  a community per node (T5): k equal blocks of the shortcut's node order

Answers are written as text and read back by the task's own parser, so a shortcut is
scored exactly like a model (``shortcut:NAME`` runs one as a model). The audit lives
here, below the models, because the GraphInfer gate report shows it at generation time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from graphgauge.errors import UserError
from graphgauge.instance import Instance, canonical_json
from graphgauge.registry import task_of

KINDS = ("node", "nodes", "yes/no", "label", "partition")
DEFAULT_MARGIN = 0.10
RANDOM_REPEATS = 5
# Answer-type names whose answers a shortcut can give, for tasks that declare no kind.
KIND_OF_ANSWER_TYPE = {"bool": "yes/no", "node_set": "nodes", "label": "label"}


def answer_kind(task: Any) -> str | None:
    """The shortcut kind of a task's answers; None when no shortcut applies."""
    declared = getattr(task, "shortcut_kind", None)
    return declared or KIND_OF_ANSWER_TYPE.get(getattr(task.answer, "name", ""))


def gold_value(task: Any, inst: Instance) -> Any:
    """The gold in the shortcut kind's plain form (a task may wrap it)."""
    own = getattr(task, "plain_gold", None)
    return own(inst) if own else inst.answer


class Context:
    """What shortcuts may know about the whole file: the most frequent gold answer of
    each task (the majority-class baseline sees the gold, as such baselines do)."""

    def __init__(self, instances: Sequence[Instance]) -> None:
        counts: dict[tuple[str, str], Counter] = {}
        first: dict[tuple[str, str, str], Any] = {}
        for inst in instances:
            value = gold_value(task_of(inst), inst)
            key = canonical_json(value)
            counts.setdefault((inst.suite, inst.task), Counter())[key] += 1
            first.setdefault((inst.suite, inst.task, key), value)
        self.majority = {group: first[(*group, counter.most_common(1)[0][0])]
                         for group, counter in counts.items()}


def _degrees(inst: Instance) -> np.ndarray:
    graph = inst.graphs["G"]
    ids = [node["id"] for node in graph["nodes"]]
    where = {node: i for i, node in enumerate(ids)}
    degree = np.zeros(len(ids))
    for edge in graph.get("edges", graph.get("links", [])):
        degree[where[edge["source"]]] += 1
        degree[where[edge["target"]]] += 1
    return degree


def _title_lengths(inst: Instance) -> np.ndarray:
    nodes = inst.graphs["G"]["nodes"]
    if not nodes or not all(isinstance(node.get("title"), str) for node in nodes):
        raise UserError("this shortcut needs node titles")
    return np.array([len(node["title"]) for node in nodes], dtype=float)


def _positions(inst: Instance) -> np.ndarray:
    return np.arange(len(inst.graphs["G"]["nodes"]), dtype=float)


@dataclass(frozen=True)
class Shortcut:
    name: str
    about: str
    kinds: tuple[str, ...]
    pick: Callable[[str, Instance, Context], Any]  # (kind, instance, context) -> value
    needs_titles: bool = False


def _ranked(key: Callable[[Instance], np.ndarray], lowest: bool) -> Callable:
    """A node-order shortcut: the extreme node (lowest id among ties), all tied extreme
    nodes, or ``k`` equal blocks of the order for a partition."""
    def pick(kind: str, inst: Instance, context: Context) -> Any:
        values = key(inst)
        values = values if lowest else -values
        ids = [node["id"] for node in inst.graphs["G"]["nodes"]]
        if kind == "node":
            return ids[int(np.argmin(values))]
        if kind == "nodes":
            return [ids[i] for i in np.flatnonzero(values == values.min())]
        k = max(int(inst.query.get("k", 2)), 1)
        order = np.argsort(values, kind="stable")
        blocks = np.empty(len(order), dtype=np.int64)
        blocks[order] = np.arange(len(order)) * k // max(len(order), 1)
        return blocks.tolist()
    return pick


def _majority(kind: str, inst: Instance, context: Context) -> Any:
    return context.majority[inst.suite, inst.task]


def _fixed(answer: bool) -> Callable:
    return lambda kind, inst, context: answer


SHORTCUTS = {s.name: s for s in (
    Shortcut("min-degree", "the lowest-degree node(s); partition by degree order",
             ("node", "nodes", "partition"), _ranked(_degrees, lowest=True)),
    Shortcut("max-degree", "the highest-degree node(s)", ("node", "nodes"),
             _ranked(_degrees, lowest=False)),
    Shortcut("first", "the first node listed; partition into blocks of ids",
             ("node", "nodes", "partition"), _ranked(_positions, lowest=True)),
    Shortcut("last", "the last node listed", ("node", "nodes"),
             _ranked(_positions, lowest=False)),
    Shortcut("shortest-title", "the node with the shortest title; partition by length",
             ("node", "nodes", "partition"), _ranked(_title_lengths, lowest=True), True),
    Shortcut("longest-title", "the node with the longest title", ("node", "nodes"),
             _ranked(_title_lengths, lowest=False), True),
    Shortcut("majority-label", "the task's most frequent gold label in the file",
             ("label",), _majority),
    Shortcut("always-yes", "answers yes", ("yes/no",), _fixed(True)),
    Shortcut("always-no", "answers no", ("yes/no",), _fixed(False)),
)}


def get_shortcut(name: str) -> Shortcut:
    if name not in SHORTCUTS:
        raise UserError(f"unknown shortcut {name!r}; known: {', '.join(SHORTCUTS)}")
    return SHORTCUTS[name]


def _has_titles(inst: Instance) -> bool:
    nodes = inst.graphs["G"]["nodes"]
    return bool(nodes) and all(isinstance(node.get("title"), str) for node in nodes)


def applies(shortcut: Shortcut, inst: Instance) -> bool:
    return (answer_kind(task_of(inst)) in shortcut.kinds
            and (not shortcut.needs_titles or _has_titles(inst)))


def shortcut_text(shortcut: Shortcut, inst: Instance, context: Context, prompt: Any) -> str:
    """The shortcut's answer to ``inst`` written as a model would answer ``prompt``."""
    if not applies(shortcut, inst):
        raise UserError(f"shortcut {shortcut.name} does not apply to {inst.suite}/"
                        f"{inst.task}")
    task = task_of(inst)
    value = shortcut.pick(answer_kind(task), inst, context)
    own = getattr(task, "shortcut_answer", None)
    return own(value, inst) if own else task.format_answer(value, prompt)


@dataclass(frozen=True)
class AuditRow:
    suite: str
    task: str
    metric: str
    items: int
    shortcut: str
    score: float
    random: float

    def above(self) -> float:
        return self.score - self.random


def _score(task: Any, inst: Instance, text: str, prompt: Any, metric: str) -> float:
    prediction = task.parse_asked(text, inst, prompt.asked)
    return float(task.score(prediction, inst, prompt.asked).get(metric, 0.0))


def audit(instances: Sequence[Instance], repeats: int = RANDOM_REPEATS,
          seed: int = 0) -> list[AuditRow]:
    """Every applicable shortcut and the random baseline (mean of ``repeats`` draws) on
    each task of ``instances``, scored on the task's audit metric through its parser."""
    from graphgauge.render.prompt import render

    context = Context(instances)
    groups: dict[tuple[str, str], list[Instance]] = {}
    for inst in instances:
        groups.setdefault((inst.suite, inst.task), []).append(inst)
    rows = []
    for (suite, name), items in sorted(groups.items()):
        task = task_of(items[0])
        usable = [sc for sc in SHORTCUTS.values()
                  if all(applies(sc, inst) for inst in items)]
        if not usable:
            continue
        metric = getattr(task, "audit_metric", "accuracy")
        pairs = [(inst, render(inst, task=task)) for inst in items]
        chance = [_score(task, inst, task.format_answer(task.answer.random(
            np.random.default_rng([seed, r, i]), inst.graph), prompt), prompt, metric)
            for r in range(repeats) for i, (inst, prompt) in enumerate(pairs)]
        random = float(np.mean(chance))
        for shortcut in usable:
            scores = [_score(task, inst, shortcut_text(shortcut, inst, context, prompt),
                             prompt, metric) for inst, prompt in pairs]
            rows.append(AuditRow(suite, name, metric, len(items), shortcut.name,
                                 float(np.mean(scores)), random))
    return rows


AUDIT_HEADER = ("task", "shortcut", "metric", "items", "score", "random", "above", "flag")


def audit_cells(rows: Sequence[AuditRow], margin: float = DEFAULT_MARGIN) -> list[list[str]]:
    """The audit as table cells; ``flag`` marks a shortcut beating random by > margin."""
    return [[f"{row.suite}/{row.task}", row.shortcut, row.metric, str(row.items),
             f"{row.score:.3f}", f"{row.random:.3f}", f"{row.above():+.3f}",
             "SHORTCUT" if row.above() > margin else ""] for row in rows]
