"""Per-variant results for the suites without a label space (algorithmic, spectral, arc, …).

A run asked with several ``--variant``s stores every item once per variant, and the
standard tables average them together. Here they are kept apart: the stored accuracy per
variant kind as mean ± std over templates (GTEval's aggregation,
``gteval.template_spread``), the relative change of rephrasing against the original.
Under randomizing the instruction was replaced by an irrelevant sentence, so the
expected response, and a correct answer, is no answer to the task.

The classify suite has GTEval's own table (``gteval``), from the same stored scores.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from graphgauge.errors import UserError
from graphgauge.render.variants import kinds, variant_of
from graphgauge.studies.gteval.rows import Spread, relative_change, template_spread

ALL_TASKS = "all"
_COLUMNS = ("run_id", "suite", "task", "variant", "error", "parse_ok", "accuracy")


@dataclass(frozen=True)
class VariantRow:
    run_id: str
    model: str
    suite: str
    task: str  # ALL_TASKS for the whole suite
    accuracy: dict[str, Spread]  # variant kind -> spread, in the paper's order
    relative_change: float  # (Rep. Acc - Ori. Acc) / Ori. Acc; NaN without both


def _row(run_id: str, model: str, suite: str, task: str, answers: list[tuple]) -> VariantRow:
    """``answers``: (kind, template index, accuracy) per scored item."""
    hits: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for kind, index, accuracy in answers:
        hits[kind][index].append(accuracy)
    accuracy = {kind: template_spread(hits[kind]) for kind in kinds() if kind in hits}
    original, rephrase = accuracy.get("original"), accuracy.get("rephrase")
    change = (relative_change(original.mean, rephrase.mean)
              if original is not None and rephrase is not None else math.nan)
    return VariantRow(run_id, model, suite, task, accuracy, change)


def variant_rows(store, run_ids: Sequence[str] | None = None,
                 tasks: bool = True) -> list[VariantRow]:
    """Rows for every (run, suite) asked in more than one variant: the suite as a whole
    (task ``all``) and, with ``tasks``, each task; runs in ``run_ids`` order.

    Like the standard tables, failed requests and not-yet-scored answers are left out and
    an unparsable answer counts as wrong."""
    models = {run["id"]: run["model"] for run in store.runs()}
    groups: dict[tuple[str, str], dict[str, list[tuple]]] = defaultdict(lambda: defaultdict(list))
    variants: dict[tuple[str, str], set[str]] = defaultdict(set)
    for item in store.items(run_ids, _COLUMNS):
        if item.suite == "classify" or item.error is not None or item.parse_ok is None:
            continue
        key = (item.run_id, item.suite)
        try:
            v = variant_of(item.variant)
        except UserError:  # a suite's own variants (arc's system:<role> prompts)
            continue
        variants[key].add(item.variant)
        groups[key][item.task].append(
            (v.kind, v.index, float(item.accuracy or 0.0)))
    order = {run: i for i, run in enumerate(run_ids if run_ids is not None else models)}
    rows = []
    for key in sorted(groups, key=lambda k: (order.get(k[0], len(order)), k)):
        if len(variants[key]) < 2:
            continue
        run_id, suite = key
        model = models.get(run_id, "?")
        by_task = groups[key]
        rows.append(_row(run_id, model, suite, ALL_TASKS,
                         [a for answers in by_task.values() for a in answers]))
        if tasks and len(by_task) > 1:
            rows += [_row(run_id, model, suite, task, by_task[task]) for task in sorted(by_task)]
    return rows
