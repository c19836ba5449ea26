"""Serialization robustness: how a model's answers move when only the encoding changes.

Pure functions over stored item rows (``Store.items`` dicts). Pass the rows of one model
and one instruction variant: every row is taken as an answer of the same model, and the
rows of one (instance, encoding) are its repeats.

Scoring follows ``results.cells``: a row whose request failed (``error`` set) is left out
of accuracy and counted in ``errors``; a row not scored yet (``parse_ok`` None) is left
out; an unparsable answer counts as wrong and is reported as ``unparsed``. Repeats are
averaged per instance first and intervals resample instances, because repeats of one
item are not independent; accuracy is then the mean over instances.

Encoding names are "+"-joined tokens, structure first; a token ``randomK`` is the K-th
random node relabeling. Relabelings of one base are summarised as ``<base>+random*``: the
mean over an instance's relabelings, then over instances (the paper's "mean accuracy over
relabelings"), so each instance weighs the same however many relabelings it has.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from graphgauge.results.cells import DIFFICULTY_ORDER, csv_value
from graphgauge.scoring.metrics import bootstrap_ci, paired_bootstrap_diff
from graphgauge.store.records import ItemRecord
from graphgauge.tokenizers import count_tokens, estimate_tokens

LEVELS = ("overall", "task", "difficulty")
RANDOM_ALL = "random*"
_RANDOM_LABELING = re.compile(r"random(\d+)")

InstanceKey = tuple[str, str, str]  # (suite, task, instance_id)


def split_labeling(encoding: str) -> tuple[str, int | None]:
    """(labeling-free base, K of its ``randomK`` token or None for the identity labeling).

    A local parser on purpose: the analysis reads names from old stores too, and needs
    only this one distinction, not a full ``Encoding``. Deterministic labelings ("alpha",
    "offset") stay in the base: they are encodings of their own, not relabelings."""
    tokens = encoding.split("+")
    seeds = [int(m.group(1)) for t in tokens if (m := _RANDOM_LABELING.fullmatch(t))]
    base = "+".join(t for t in tokens if not _RANDOM_LABELING.fullmatch(t))
    return base, (seeds[0] if seeds else None)


# --- records ---------------------------------------------------------------------------
@dataclass
class AccuracyRecord:
    """Accuracy of one encoding in one group, and its paired change against the baseline.

    ``n`` counts scored answers, ``instances`` distinct instances, ``paired`` the instances
    the delta is computed on (present in both this encoding and the baseline)."""

    level: str
    group: str
    encoding: str
    baseline: str
    n: int = 0
    instances: int = 0
    accuracy: float = math.nan
    ci_low: float = math.nan
    ci_high: float = math.nan
    delta: float = math.nan
    delta_low: float = math.nan
    delta_high: float = math.nan
    paired: int = 0
    unparsed: float = math.nan
    errors: int = 0


@dataclass
class SpanRecord:
    """Mean normalized output span of a numeric task under relabelings of one base."""

    task: str
    base: str
    n_examples: int
    skipped: int
    span: float
    answer_range: float


@dataclass
class VariabilityRecord:
    task: str
    n_encodings: int
    std: float
    best: str | None
    best_accuracy: float
    worst: str | None
    worst_accuracy: float
    gap: float


@dataclass
class PromptLengthRecord:
    encoding: str
    n_prompts: int
    chars_mean: float
    chars_median: float
    chars_max: int
    est_tokens_mean: float
    est_tokens_max: int
    tokens_mean: float = math.nan


# --- per-encoding scores ---------------------------------------------------------------
@dataclass
class _Scores:
    """One encoding's answers within a group: per-instance mean accuracy and counts."""

    per_instance: dict[InstanceKey, float] = field(default_factory=dict)
    n: int = 0
    unparsed: int = 0
    errors: int = 0

    @property
    def accuracy(self) -> float:
        values = self.per_instance.values()
        return sum(values) / len(values) if values else math.nan


def _instance(row: ItemRecord) -> InstanceKey:
    return row.suite, row.task, row.instance_id


def _scored(row: ItemRecord) -> bool:
    return row.error is None and row.parse_ok is not None


def _encoding_scores(rows: Iterable[ItemRecord]) -> dict[str, _Scores]:
    """Scores per encoding, plus a ``<base>+random*`` entry for each base that has
    random relabelings."""
    answers: dict[str, dict[InstanceKey, list[float]]] = defaultdict(lambda: defaultdict(list))
    scores: dict[str, _Scores] = {}
    for row in rows:
        cell = scores.setdefault(row.encoding, _Scores())
        if row.error is not None:
            cell.errors += 1
        if not _scored(row):
            continue
        cell.n += 1
        cell.unparsed += not row.parse_ok
        answers[row.encoding][_instance(row)].append(float(row.accuracy or 0.0))
    for encoding, per_instance in answers.items():
        scores[encoding].per_instance = {k: sum(v) / len(v) for k, v in per_instance.items()}

    relabelings: dict[str, list[_Scores]] = defaultdict(list)
    for encoding, cell in scores.items():
        base, seed = split_labeling(encoding)
        if seed is not None:
            relabelings[base].append(cell)
    for base, cells in relabelings.items():
        pooled: dict[InstanceKey, list[float]] = defaultdict(list)
        for cell in cells:
            for key, value in cell.per_instance.items():
                pooled[key].append(value)
        scores[f"{base}+{RANDOM_ALL}"] = _Scores(
            per_instance={k: sum(v) / len(v) for k, v in pooled.items()},
            n=sum(c.n for c in cells),
            unparsed=sum(c.unparsed for c in cells),
            errors=sum(c.errors for c in cells),
        )
    return scores


def _encoding_order(encoding: str, baseline: str | None = None) -> tuple:
    """Baseline first, then by base; within a base the identity labeling, the relabeling
    mean, then the relabelings by K."""
    if encoding.endswith("+" + RANDOM_ALL):
        base, rank = encoding[: -len(RANDOM_ALL) - 1], (1, 0)
    else:
        base, seed = split_labeling(encoding)
        rank = (0, 0) if seed is None else (2, seed)
    return encoding != baseline, base, rank


def _group_of(row: ItemRecord, level: str) -> str:
    if level == "task":
        return row.task
    if level == "difficulty":
        return row.difficulty or ""
    return "all"


def _group_rows(rows: Iterable[ItemRecord], level: str) -> dict[str, list]:
    groups: dict[str, list] = defaultdict(list)
    for row in rows:
        groups[_group_of(row, level)].append(row)
    return groups


# --- 1. accuracy and deltas ------------------------------------------------------------
def accuracy_by_encoding(
    rows: Iterable[ItemRecord],
    baseline: str = "edge_list",
    level: str = "overall",
    seed: int = 0,
    *,
    n_boot: int = 1000,
) -> list[AccuracyRecord]:
    """Accuracy per (group, encoding) with a bootstrap interval over instances, and the
    change against ``baseline`` (which may itself be a ``<base>+random*`` mean) with a
    paired bootstrap interval over the instances both were asked."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, got {level!r}")
    records = []
    for group, group_rows in _group_rows(rows, level).items():
        scores = _encoding_scores(group_rows)
        reference = scores.get(baseline)
        for encoding, cell in scores.items():
            record = AccuracyRecord(level, group, encoding, baseline, n=cell.n,
                                    instances=len(cell.per_instance), errors=cell.errors)
            if cell.n:
                record.accuracy = cell.accuracy
                record.ci_low, record.ci_high = bootstrap_ci(
                    list(cell.per_instance.values()), n_boot=n_boot, seed=seed)
                record.unparsed = cell.unparsed / cell.n
            common = sorted(cell.per_instance.keys() & reference.per_instance.keys()
                            if reference else ())
            if common:
                record.paired = len(common)
                record.delta, record.delta_low, record.delta_high = paired_bootstrap_diff(
                    [cell.per_instance[k] for k in common],
                    [reference.per_instance[k] for k in common], n_boot=n_boot, seed=seed)
            records.append(record)
    records.sort(key=lambda r: (DIFFICULTY_ORDER.get(r.group, 9) if level == "difficulty"
                                else 0, r.group, _encoding_order(r.encoding, baseline)))
    return records


# --- 2. output span under relabelings --------------------------------------------------
def _number(text: str | None) -> float | None:
    """The JSON number in ``text``, or None (booleans and non-finite values are not)."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def output_span(rows: Iterable[ItemRecord]) -> list[SpanRecord]:
    """Per numeric task and base encoding, the mean over examples of the normalized output
    span across relabelings.

    An example is an (instance, base) that was asked under at least one ``randomK``
    relabeling; its values are the parsed answers under each relabeling and under the
    identity labeling (the base itself) when asked, repeats averaged per encoding. Its
    span is (max - min) / the task's answer range (max - min gold over the task's rows,
    1 when that is 0). Examples with fewer than two values are counted in ``skipped``."""
    gold_range: dict[str, list[float]] = {}
    values: dict[tuple[str, str], dict[tuple, dict[str, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list)))
    relabeled: set[tuple] = set()
    for row in rows:
        gold = _number(row.gold)
        if gold is None:
            continue
        task = row.task
        low_high = gold_range.setdefault(task, [gold, gold])
        low_high[0], low_high[1] = min(low_high[0], gold), max(low_high[1], gold)
        base, seed = split_labeling(row.encoding)
        example = (_instance(row), base)
        if seed is not None:
            relabeled.add((task, example))
        parsed = _number(row.parsed) if _scored(row) and row.parse_ok else None
        if parsed is not None:
            values[task, base][example][row.encoding].append(parsed)

    spans: dict[tuple[str, str], list[float]] = defaultdict(list)
    skipped: dict[tuple[str, str], int] = defaultdict(int)
    for task, example in sorted(relabeled):  # a fixed order: float sums are not associative
        base = example[1]
        answers = [sum(v) / len(v) for v in values[task, base][example].values()]
        if len(answers) < 2:
            skipped[task, base] += 1
            continue
        low, high = gold_range[task]
        spans[task, base].append((max(answers) - min(answers)) / ((high - low) or 1.0))
    return [
        SpanRecord(task, base, len(spans[task, base]), skipped[task, base],
                   float(np.mean(spans[task, base])) if spans[task, base] else math.nan,
                   gold_range[task][1] - gold_range[task][0])
        for task, base in sorted(set(spans) | set(skipped))
    ]


# --- 3. variability across encodings ---------------------------------------------------
def _counts_alone(encoding: str, collapse_relabelings: bool) -> bool:
    """Whether ``encoding`` is one of the encodings compared: collapsed, the identity
    labelings and the ``+random*`` means (whose name has no ``randomK`` token); else
    everything but those means."""
    if collapse_relabelings:
        return split_labeling(encoding)[1] is None
    return not encoding.endswith("+" + RANDOM_ALL)


def variability(
    rows: Iterable[ItemRecord], *, collapse_relabelings: bool = True
) -> list[VariabilityRecord]:
    """Per task, the population std of the per-encoding accuracies, and the best and
    worst encoding (ties go to the first name alphabetically) with their gap.

    With ``collapse_relabelings`` the relabelings of a base count as one encoding, their
    ``+random*`` mean, so ten relabelings do not outweigh the other encodings (output
    span measures the relabelings themselves); otherwise each ``randomK`` counts alone."""
    records = []
    for task, task_rows in sorted(_group_rows(rows, "task").items()):
        accuracies = {
            encoding: cell.accuracy
            for encoding, cell in _encoding_scores(task_rows).items()
            if cell.per_instance and _counts_alone(encoding, collapse_relabelings)
        }
        if not accuracies:
            records.append(VariabilityRecord(task, 0, math.nan, None, math.nan, None,
                                             math.nan, math.nan))
            continue
        best = min(accuracies, key=lambda e: (-accuracies[e], e))
        worst = min(accuracies, key=lambda e: (accuracies[e], e))
        records.append(VariabilityRecord(
            task, len(accuracies), float(np.std(list(accuracies.values()))),
            best, accuracies[best], worst, accuracies[worst],
            accuracies[best] - accuracies[worst]))
    return records


# --- 4. prompt lengths -----------------------------------------------------------------
def prompt_lengths(
    rows: Iterable[ItemRecord], tokenizer: Any = None
) -> list[PromptLengthRecord]:
    """Prompt length per encoding, each (instance, encoding) prompt counted once (repeats
    and runs share it). ``tokens_mean`` is NaN without a tokenizer."""
    prompts: dict[str, dict[InstanceKey, str]] = defaultdict(dict)
    for row in rows:
        if row.prompt:
            prompts[row.encoding].setdefault(_instance(row), row.prompt)
    records = []
    for encoding in sorted(prompts, key=_encoding_order):
        texts = list(prompts[encoding].values())
        chars = np.array([len(t) for t in texts])
        estimates = np.array([estimate_tokens(t) for t in texts])
        record = PromptLengthRecord(
            encoding, len(texts), float(chars.mean()), float(np.median(chars)),
            int(chars.max()), float(estimates.mean()), int(estimates.max()))
        if tokenizer is not None:
            record.tokens_mean = float(np.mean([count_tokens(tokenizer, t) for t in texts]))
        records.append(record)
    return records


# --- 5. CSV tables ---------------------------------------------------------------------
def _write_csv(path: Path, kind: type, records: list) -> Path:
    names = [f.name for f in fields(kind)]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(names)
        for record in records:
            data = asdict(record)
            writer.writerow([csv_value(data[name]) for name in names])
    return path


def write_tables(
    out_dir: str | Path,
    rows: Iterable[ItemRecord],
    *,
    baseline: str = "edge_list",
    seed: int = 0,
    tokenizer: Any = None,
) -> list[Path]:
    """Every analysis above as a CSV file in ``out_dir`` (created if missing); returns
    the paths in the order accuracy (overall, task, difficulty), span, variability,
    prompt lengths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = list(rows)
    tables = [
        (f"accuracy_{name}.csv", AccuracyRecord,
         accuracy_by_encoding(rows, baseline, level, seed))
        for name, level in (("overall", "overall"), ("by_task", "task"),
                            ("by_difficulty", "difficulty"))
    ]
    tables += [
        ("span.csv", SpanRecord, output_span(rows)),
        ("variability.csv", VariabilityRecord, variability(rows)),
        ("prompt_lengths.csv", PromptLengthRecord, prompt_lengths(rows, tokenizer)),
    ]
    return [_write_csv(out / name, kind, records) for name, kind, records in tables]
