"""Two runs side by side: where their accuracy differs, with paired bootstrap intervals, and
the items on which they disagree.

Items are paired on (suite, task, instance, encoding, variant), repeats averaged first,
so the interval resamples the questions both runs answered and keeps their correlation
(``scoring.metrics.paired_bootstrap_diff``). Runs asked in different encodings or
variants (a model against itself under two serializations) share no such key; they are
paired on the instance instead, each side averaged over its encodings and variants.
Failed requests and unscored answers are left out, as in every report table.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from graphgauge.errors import UserError
from graphgauge.scoring.metrics import paired_bootstrap_diff
from graphgauge.store.records import ItemRecord
from graphgauge.store.sqlite import Store

_COLUMNS = ("suite", "task", "instance_id", "encoding", "variant", "error", "parse_ok",
            "accuracy", "response", "parsed", "gold")


@dataclass
class Difference:
    """Run A minus run B on the items both answered, in one task (or "all")."""

    suite: str
    task: str
    n: int
    accuracy_a: float
    accuracy_b: float
    diff: float
    low: float
    high: float


@dataclass
class Disagreement:
    suite: str
    task: str
    instance_id: str
    encoding: str
    variant: str
    score_a: float
    score_b: float
    parsed_a: str | None
    parsed_b: str | None
    gold: str | None
    response_a: str | None
    response_b: str | None


@dataclass
class Comparison:
    run_a: str
    run_b: str
    paired_on: str  # "item" or "instance"
    differences: list[Difference] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    only_a: int = 0
    only_b: int = 0


@dataclass
class _Unit:
    scores: list[float] = field(default_factory=list)
    first: ItemRecord | None = None

    @property
    def score(self) -> float:
        return sum(self.scores) / len(self.scores)


def _units(store: Store, run: str, by_instance: bool) -> dict[tuple, _Unit]:
    units: dict[tuple, _Unit] = defaultdict(_Unit)
    for row in store.items([run], columns=_COLUMNS):
        if row.error is not None or row.parse_ok is None:
            continue
        key = (row.suite, row.task, row.instance_id)
        if not by_instance:
            key += (row.encoding, row.variant)
        unit = units[key]
        unit.scores.append(float(row.accuracy or 0.0))
        if unit.first is None:
            unit.first = row
    return units


def _asked(store: Store, run: str) -> set[tuple[str, str]]:
    return {(r.encoding, r.variant) for r in store.items([run], ("encoding", "variant"))}


def compare_runs(store: Store, run_a: str, run_b: str, *, seed: int = 0,
                 n_boot: int = 1000) -> Comparison:
    if run_a == run_b:
        raise UserError(f"compare needs two different runs, got {run_a} twice")
    by_instance = not (_asked(store, run_a) & _asked(store, run_b))
    a, b = _units(store, run_a, by_instance), _units(store, run_b, by_instance)
    common = sorted(a.keys() & b.keys())
    if not common:
        raise UserError(f"runs {run_a} and {run_b} share no scored instance to compare")
    result = Comparison(run_a, run_b, "instance" if by_instance else "item",
                        only_a=len(a.keys() - b.keys()), only_b=len(b.keys() - a.keys()))
    by_task: dict[tuple[str, str], list[tuple]] = defaultdict(list)
    for key in common:
        by_task[key[:2]].append(key)
    for (suite, task), keys in sorted(by_task.items()):
        result.differences.append(_difference(suite, task, keys, a, b, seed, n_boot))
    if len(by_task) > 1:
        result.differences.append(_difference("all", "all", common, a, b, seed, n_boot))
    for key in common:
        unit_a, unit_b = a[key], b[key]
        if unit_a.score != unit_b.score:
            row_a, row_b = unit_a.first, unit_b.first
            result.disagreements.append(Disagreement(
                key[0], key[1], key[2], "*" if by_instance else key[3],
                "*" if by_instance else key[4], unit_a.score, unit_b.score,
                row_a.parsed, row_b.parsed, row_a.gold,
                row_a.response, row_b.response))
    return result


def _difference(suite, task, keys, a, b, seed: int, n_boot: int) -> Difference:
    scores_a = [a[k].score for k in keys]
    scores_b = [b[k].score for k in keys]
    diff, low, high = paired_bootstrap_diff(scores_a, scores_b, n_boot=n_boot, seed=seed)
    return Difference(suite, task, len(keys), sum(scores_a) / len(keys),
                      sum(scores_b) / len(keys), diff, low, high)
