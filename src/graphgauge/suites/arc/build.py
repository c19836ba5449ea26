"""From sampled tasks to instances, and the suite generator behind ``graphgauge generate arc``.

One sampled task (examples + test pair) yields the full-output instance and the two
parallel question instances (same question about the input and about the output), so
full-vs-question and input-vs-output comparisons are made on identical graphs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from graphgauge.errors import UserError
from graphgauge.gcpause import paused_gc
from graphgauge.instance import Instance
from graphgauge.suites.arc import graphio, questions
from graphgauge.suites.arc.families import FAMILIES, Family, get_family
from graphgauge.suites.arc.generate import Unsatisfiable, build, compatible
from graphgauge.suites.arc.graphio import node_link
from graphgauge.suites.arc.patterns import resolve_patterns
from graphgauge.suites.arc.rule import Rule
from graphgauge.suites.arc.tasks import FULL, QUESTION, QUESTION_SUFFIX
from graphgauge.suites.base import instance_rng

MODES = (FULL, QUESTION)
OPTIONS = ("patterns", "sizes", "examples", "families", "modes", "strict")


def task_instances(rule: Rule, family: Family, pattern: str, sizes: tuple[int, ...],
                   rng: np.random.Generator, index: int, seed: int | None,
                   modes: Sequence[str]) -> list[Instance]:
    """The instances of one sampled task: full output, then input and output questions."""
    with paused_gc():
        return _task_instances(rule, family, pattern, sizes, rng, index, seed, modes)


def _task_instances(rule: Rule, family: Family, pattern: str, sizes: tuple[int, ...],
                    rng: np.random.Generator, index: int, seed: int | None,
                    modes: Sequence[str]) -> list[Instance]:
    draft = build(rule, family, sizes, rng)
    graphs = {}
    for i, pair in enumerate(draft.examples, start=1):
        graphs[f"example{i}_input"] = shown = node_link(pair.input)
        graphs[f"example{i}_output"] = node_link(pair.output, like=(pair.input, shown))
    graphs["G"] = node_link(draft.test.input)
    # The graphs enter the ids through one digest: hashing a dense 1,000-node graph once
    # per instance would cost more than building it.
    digest = graphio.digest(graphs)
    base_query = {"rule": rule.name, "params": rule.params, "examples": len(draft.examples)}
    base_meta = {"rule": rule.name, "kind": rule.kind, "family": family.name,
                 "pattern": pattern, "sizes": list(sizes), "index": index, "seed": seed}
    made = []
    if FULL in modes:
        made.append(_instance(rule.name, index, graphs, digest, {**base_query, "mode": FULL},
                              node_link(draft.test.output, like=(draft.test.input, graphs["G"])),
                              {**base_meta, "mode": FULL}))
    if QUESTION in modes:
        x, y = draft.test.input, draft.test.output
        spec = questions.choose(rule, x, y, rng)
        values = {questions.INPUT: questions.value(spec, x),
                  questions.OUTPUT: questions.value(spec, y)}
        for target, other in ((questions.INPUT, questions.OUTPUT),
                              (questions.OUTPUT, questions.INPUT)):
            query = {**base_query, "mode": QUESTION, "question": spec, "target": target}
            meta = {**base_meta, "mode": QUESTION, "target": target,
                    "question": spec["kind"], "opposite": values[other]}
            made.append(_instance(rule.name + QUESTION_SUFFIX, index, graphs, digest, query,
                                  values[target], meta))
    return made


def _instance(task: str, index: int, graphs: dict, digest: str, query: dict, answer: Any,
              meta: dict) -> Instance:
    body = {"graphs": digest, "query": query, "meta": meta}
    return Instance(id=Instance.make_id("arc", task, index, body), suite="arc", task=task,
                    graphs=graphs, query=query, answer=answer, meta=meta)


def _list_option(options: dict, key: str, default: Sequence[str],
                 known: Sequence[str]) -> list[str]:
    value = options.get(key, list(default))
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise UserError(f"option '{key}' must be a non-empty list, got {value!r}")
    for item in value:
        if item not in known:
            raise UserError(f"unknown value {item!r} in option '{key}'; "
                            f"available: {', '.join(known)}")
    return list(dict.fromkeys(value))


def _selection(tasks: Sequence[str] | None, modes: list[str]) -> dict[str, list[str]]:
    """rule name -> modes to generate, from task names (``rule`` / ``rule.q``)."""
    from graphgauge.registry import get_task

    if not tasks:
        from graphgauge.suites.arc.rules import RULES

        return {name: list(modes) for name in RULES}
    chosen: dict[str, list[str]] = {}
    for name in tasks:
        arc_task = get_task("arc", name)
        if arc_task.mode in modes:
            chosen.setdefault(arc_task.rule.name, []).append(arc_task.mode)
    if not chosen:
        raise UserError(f"option 'modes' ({', '.join(modes)}) excludes every task named")
    return chosen


def generate_suite(tasks: Sequence[str] | None, count: int, seed: int,
                   nodes: tuple[int, int] | None, options: dict[str, Any],
                   progress: bool = False) -> list[Instance]:
    """``count`` sampled tasks per (rule, family, size pattern) cell.

    Cells whose family can never satisfy the rule at the pattern's sizes are skipped
    silently (the promise table decides, see docs/arc.md). A task that
    fails its retry budget is skipped with a warning on stderr (an error with
    strict=true); when the first task of a cell fails, the whole cell is dropped.
    """
    from graphgauge.progress import progress_bar
    from graphgauge.suites.arc.rules import RULES

    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UserError(f"unknown arc option(s) {', '.join(unknown)}; "
                        f"available: {', '.join(OPTIONS)}")
    if nodes is not None:
        raise UserError("arc graph sizes come from size patterns: use -p patterns=[...] "
                        "or -p sizes=[examples..., test] instead of --nodes")
    patterns = resolve_patterns(options.get("patterns"), options.get("sizes"),
                                options.get("examples"))
    families = [get_family(f) for f in
                _list_option(options, "families", list(FAMILIES), list(FAMILIES))]
    selection = _selection(tasks, _list_option(options, "modes", MODES, MODES))
    strict = options.get("strict", False)
    if not isinstance(strict, bool):
        raise UserError(f"option 'strict' must be true or false, got {strict!r}")
    cells = [(RULES[r], f, p) for r in selection for f in families for p in patterns
             if compatible(RULES[r], f, patterns[p])]
    out: list[Instance] = []
    failed: list[str] = []
    with progress_bar("arc tasks", total=len(cells) * count, enabled=progress) as advance:
        for rule, family, pattern in cells:
            for index in range(count):
                rng = instance_rng(seed, f"{rule.name}/{family.name}/{pattern}", index)
                try:
                    out += task_instances(rule, family, pattern, patterns[pattern], rng,
                                          index, seed, selection[rule.name])
                except Unsatisfiable as exc:
                    if strict:
                        raise
                    failed.append(f"{rule.name}/{family.name}/{pattern}#{index}: {exc}")
                    if index == 0:  # a cell whose first task fails is dropped: the rest
                        advance(count)  # would burn the same retry budget in vain
                        break
                advance(1)
    if not out:
        raise UserError("no arc task could be generated: " + (failed[0] if failed else
                        "no rule is compatible with the chosen families"))
    if failed:
        sys.stderr.write(f"arc: skipped {len(failed)} task(s) that could not be satisfied "
                         f"(strict=true makes this an error); first: {failed[0]}\n")
    return out
