"""GTEval's table, computed from the scores a run stored.

Every classify item is scored when the run reads it, by what its variant expects
(``graphgauge.render.variants``): the gold label under the original and rephrased
instructions, the coarse gold under Relabeling, a label other than the model's own
original answer under Reversing, no label at all under Randomizing. So this module only
aggregates stored accuracies, the same numbers the leaderboard averages: per run, task
and dataset, a mean over items per template, then mean ± std over templates.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from graphgauge.errors import UserError
from graphgauge.render.variants import ORIGINAL, kinds, variant_of

# Diagnosis thresholds: a relative change of Rep. Acc beyond FORMAT_TOL is sensitivity to
# wording; the lower of Reverse and Random below CONTENT_FLOOR is insensitivity to content.
FORMAT_TOL = 0.10
CONTENT_FLOOR = 0.20
# Below this share of original answers naming exactly one label, the model is not doing
# the task at all and its sensitivity cannot be judged.
ANSWER_FLOOR = 0.5
KINDS = ("rephrase", "relabel", "reverse", "randomize")


# --- aggregation ----------------------------------------------------------------------
@dataclass(frozen=True)
class Scored:
    """One stored answer as its run scored it."""

    variant: str
    accuracy: float
    parsed: bool  # the reader found an answer (under the original: exactly one label)


@dataclass(frozen=True)
class Spread:
    mean: float
    std: float  # across templates (sample std; 0 for a single template)
    templates: int
    items: int


@dataclass(frozen=True)
class GTEvalRow:
    run_id: str
    model: str
    task: str
    dataset: str
    original: float
    answered: float  # share of original answers naming exactly one label
    rephrase: Spread | None
    relabel: Spread | None
    reverse: Spread | None
    random: Spread | None
    relative_change: float  # (Rep. Acc - Ori. Acc) / Ori. Acc
    diagnosis: str
    # kinds beyond the paper's (a plugin's variant kind): each its own column
    others: dict[str, Spread] = field(default_factory=dict)


def template_spread(per_template: dict[int, list[float]]) -> Spread | None:
    """Mean over each template's items, then mean ± std over templates: the paper's
    figure, which weighs every template alike whatever its item count."""
    if not per_template:
        return None
    means = [float(np.mean(hits)) for _, hits in sorted(per_template.items())]
    std = float(np.std(means, ddof=1)) if len(means) > 1 else 0.0
    return Spread(float(np.mean(means)), std, len(means),
                  sum(len(h) for h in per_template.values()))


def relative_change(original: float, rephrased: float) -> float:
    if original == 0:
        return 0.0 if rephrased == 0 else math.inf
    return round((rephrased - original) / original, 12) + 0.0  # equal means +0.00%, not -0


def variant_scores(answers: Iterable[Scored]) -> dict[str, Spread | None | float]:
    """Ori. Acc, answered share and the four transformations' spreads over one group."""
    hits: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    answered = []
    for a in answers:
        try:
            v = variant_of(a.variant)
        except UserError:  # a kind registered when the run was made, not now
            continue
        hits[v.kind][v.index].append(a.accuracy)
        if v.kind == ORIGINAL:
            answered.append(a.parsed)
    ori = template_spread(hits.get(ORIGINAL, {}))
    return {
        "original": ori.mean if ori else math.nan,
        "answered": float(np.mean(answered)) if answered else math.nan,
        **{kind: template_spread(hits.get(kind, {})) for kind in KINDS},
        "others": {kind: template_spread(hits[kind]) for kind in kinds()
                   if kind in hits and kind != ORIGINAL and kind not in KINDS},
    }


def diagnose(
    original: float, answered: float, rephrase: Spread | None, reverse: Spread | None,
    random: Spread | None, format_tol: float = FORMAT_TOL,
    content_floor: float = CONTENT_FLOOR,
) -> str:
    """The paper's reading of a model: over-sensitive (wording changes its answers),
    over-insensitive (content changes do not), both, or neither."""
    if math.isnan(original):
        return "no answers to the original instruction: run the 'original' variant"
    if not answered >= ANSWER_FLOOR:
        return (f"does not answer the original task ({answered:.0%} of answers name one "
                "label): sensitivity cannot be judged")
    parts, verdicts = [], []
    if rephrase is not None:
        change = relative_change(original, rephrase.mean)
        sensitive = abs(change) > format_tol
        parts.append(f"rephrasing changes accuracy by {change:+.1%}")
        verdicts.append("over-sensitive to wording" if sensitive else "stable under wording")
    content = [s.mean for s in (reverse, random) if s is not None]
    if content:  # the weaker one: still naming labels under Randomizing is enough
        level = min(content)
        follows = level >= content_floor
        parts.append(f"lower of Reverse/Random {level:.1%}")
        verdicts.append("follows content changes" if follows
                        else "over-insensitive to content (keeps doing the original task)")
    if not verdicts:
        return "only the original instruction was run"
    verdict = "; ".join(verdicts)
    if verdicts == ["stable under wording", "follows content changes"]:
        verdict = "understands the instructions: " + verdict
    return f"{verdict} ({', '.join(parts)})"


def rows_from_answers(
    groups: dict[tuple[str, str, str, str], list[Scored]]
) -> list[GTEvalRow]:
    """One table row per (run, model, task, dataset) group, in the groups' order."""
    rows = []
    for (run_id, model, task, dataset), answers in groups.items():
        s = variant_scores(answers)
        rephrase = s["rephrase"]
        change = (relative_change(s["original"], rephrase.mean)
                  if rephrase is not None and not math.isnan(s["original"]) else math.nan)
        rows.append(GTEvalRow(
            run_id=run_id, model=model, task=task, dataset=dataset, original=s["original"],
            answered=s["answered"], rephrase=rephrase, relabel=s["relabel"],
            reverse=s["reverse"], random=s["randomize"], relative_change=change,
            diagnosis=diagnose(s["original"], s["answered"], rephrase, s["reverse"],
                               s["randomize"]),
            others=s["others"],
        ))
    return rows


def gteval_rows(store, run_ids: Sequence[str] | None = None) -> list[GTEvalRow]:
    """GTEval rows for the classify items of ``run_ids`` (all runs when None). Like the
    standard tables, failed requests and answers not yet scored are left out."""
    models = {run["id"]: run["model"] for run in store.runs()}
    columns = ("run_id", "suite", "task", "variant", "error", "parse_ok", "accuracy", "meta")
    groups: dict[tuple[str, str, str, str], list[Scored]] = defaultdict(list)
    for item in store.items(run_ids, columns):
        if item.suite != "classify" or item.error is not None or item.parse_ok is None:
            continue
        meta = item.meta_values
        key = (item.run_id, models.get(item.run_id, "?"), item.task,
               str(meta.get("dataset", "?")))
        groups[key].append(Scored(item.variant, float(item.accuracy or 0.0),
                                  bool(item.parse_ok)))
    order = {run: i for i, run in enumerate(run_ids if run_ids is not None else models)}
    ranked = sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], len(order)), kv[0]))
    return rows_from_answers(dict(ranked))
