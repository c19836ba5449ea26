"""GTEval's metrics, computed from stored answers.

Scoring in a run knows only (answer, instance): the accuracy it stores is the original
task's. What a transformation asks for differs by variant (the coarse label under
Relabeling, a label other than the model's own original answer under Reversing, no label
at all under Randomizing), and Reversing needs the same model's answer to the original
instruction on the same node, so these metrics are computed here, per run, task and
dataset, from the items' response, variant, gold and instance meta (label list and
relabel map). Each is a mean over items per template, then mean ± std over templates.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from graphgauge.render.variants import ORIGINAL, parse_variant
from graphgauge.suites.classify.labels import is_correct, mentioned_labels, single_label
from graphgauge.suites.classify.relabel import coarse_labels

# Diagnosis thresholds: a relative change of Rep. Acc beyond FORMAT_TOL is sensitivity to
# wording; the lower of Reverse and Random below CONTENT_FLOOR is insensitivity to content.
FORMAT_TOL = 0.10
CONTENT_FLOOR = 0.20
# Below this share of original answers naming exactly one label, the model is not doing
# the task at all and its sensitivity cannot be judged.
ANSWER_FLOOR = 0.5


# --- one answer -----------------------------------------------------------------------
def relabel_correct(text: str | None, gold: str, relabel: dict[str, str]) -> bool:
    """The answer names the relabeled gold and no other coarse label (Eq. 2)."""
    return is_correct(text, relabel[gold], coarse_labels(relabel))


def reverse_ok(text: str | None, original_text: str | None, labels: Sequence[str]) -> bool:
    """A single valid label that differs from the model's own original answer (Eq. 3-4).
    When the original answer named no single label, any single valid label differs."""
    answer = single_label(text, labels)
    return answer is not None and answer != single_label(original_text, labels)


def random_ok(text: str | None, labels: Sequence[str]) -> bool:
    """No label of the task in the answer: the model did not do the original task (Eq. 5)."""
    return not mentioned_labels(text, labels)


# --- aggregation ----------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """One stored answer, reduced to what the metrics read."""

    node: str  # instance id: the same node across variants
    variant: str
    repeat: int
    text: str | None
    gold: str
    labels: tuple[str, ...]
    relabel: dict[str, str] | None


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


def variant_scores(answers: Iterable[Answer]) -> dict[str, Spread | None | float]:
    """Ori. Acc, answered share and the four transformations' spreads over one group."""
    answers = list(answers)
    original = {(a.node, a.repeat): a.text for a in answers if a.variant == ORIGINAL}
    hits: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for a in answers:
        v = parse_variant(a.variant)
        if v.kind in (ORIGINAL, "rephrase"):
            hit = is_correct(a.text, a.gold, a.labels)
        elif v.kind == "relabel":
            if not a.relabel:
                continue
            hit = relabel_correct(a.text, a.gold, a.relabel)
        elif v.kind == "reverse":
            if (a.node, a.repeat) not in original:
                continue  # no original answer to differ from
            hit = reverse_ok(a.text, original[a.node, a.repeat], a.labels)
        else:
            hit = random_ok(a.text, a.labels)
        hits[v.kind][v.index].append(hit)
    ori = template_spread(hits.get(ORIGINAL, {}))
    answered = [single_label(a.text, a.labels) is not None
                for a in answers if a.variant == ORIGINAL]
    return {
        "original": ori.mean if ori else math.nan,
        "answered": float(np.mean(answered)) if answered else math.nan,
        **{kind: template_spread(hits.get(kind, {}))
           for kind in ("rephrase", "relabel", "reverse", "randomize")},
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
    groups: dict[tuple[str, str, str, str], list[Answer]]
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
        ))
    return rows


def gteval_rows(store, run_ids: Sequence[str] | None = None) -> list[GTEvalRow]:
    """GTEval rows for the classify items of ``run_ids`` (all runs when None)."""
    models = {run["id"]: run["model"] for run in store.runs()}
    columns = ("run_id", "suite", "task", "instance_id", "variant", "repeat", "response",
               "error", "gold", "meta")
    groups: dict[tuple[str, str, str, str], list[Answer]] = defaultdict(list)
    for item in store.items(run_ids, columns):
        if item["suite"] != "classify" or item["error"] is not None:
            continue  # a failed request is not an answer under any metric
        meta = json.loads(item["meta"] or "{}")
        key = (item["run_id"], models.get(item["run_id"], "?"), item["task"],
               str(meta.get("dataset", "?")))
        groups[key].append(Answer(
            node=item["instance_id"], variant=item["variant"], repeat=item["repeat"],
            text=item["response"], gold=json.loads(item["gold"]),
            labels=tuple(meta.get("labels", ())), relabel=meta.get("relabel"),
        ))
    order = {run: i for i, run in enumerate(run_ids if run_ids is not None else models)}
    ranked = sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], len(order)), kv[0]))
    return rows_from_answers(dict(ranked))
