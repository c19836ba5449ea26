"""Models that need no weights: the reference solver and the trivial baselines.

They give every table its floor and ceiling: ``reference`` should score 100% on the
instruction as written (anything less is a bug in a task or its parser). It answers the task
even under ``randomize``, where the right response is no answer, so it scores 0% there. A real
model that does not beat ``random``, ``majority`` or ``mean`` has learnt nothing about the graph.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Sequence
from statistics import fmean
from typing import Any

import numpy as np

from graphgauge.instance import Instance, canonical_json
from graphgauge.models.base import LocalModel, Request
from graphgauge.registry import get_task, task_of


class ReferenceModel(LocalModel):
    """Answers with the task's own solver, written in the format the prompt asks for."""

    name = "reference"

    def answer(self, request: Request) -> str:
        task = task_of(request.instance)
        return task.format_answer(task.solve(request.instance), request.prompt)


class RandomModel(LocalModel):
    """A random answer of the right type, seeded per (seed, instance, repeat)."""

    name = "random"

    def __init__(self, seed: int = 0):
        super().__init__(seed=int(seed))

    def answer(self, request: Request) -> str:
        digest = hashlib.sha256(request.instance.id.encode()).digest()[:8]
        rng = np.random.default_rng(
            [self.params["seed"], int.from_bytes(digest, "little"), request.repeat]
        )
        task = task_of(request.instance)
        value = task.answer.random(rng, request.instance.graph)
        return task.format_answer(value, request.prompt)


class MajorityModel(LocalModel):
    """The most frequent gold answer of each task in the benchmark being run.

    It sees the gold answers of the very items it answers, as a majority-class baseline
    does: it measures how skewed a task's answers are, not any reasoning.
    """

    name = "majority"

    def prepare(self, instances: Sequence[Instance]) -> None:
        counts: dict[tuple[str, str], Counter] = defaultdict(Counter)
        first: dict[tuple[str, str, str], Any] = {}
        for inst in instances:
            key = canonical_json(inst.answer)
            counts[inst.suite, inst.task][key] += 1
            first.setdefault((inst.suite, inst.task, key), inst.answer)
        # most_common breaks ties by first occurrence: deterministic for a given file.
        self._answers = {
            group: first[(*group, counter.most_common(1)[0][0])]
            for group, counter in counts.items()
        }

    def answer(self, request: Request) -> str:
        inst = request.instance
        answer = self._answers[inst.suite, inst.task]
        return task_of(inst).format_answer(answer, request.prompt)


class MeanModel(MajorityModel):
    """The mean gold value for numeric tasks (rounded for integer answers); the majority
    answer for every other task."""

    name = "mean"

    def prepare(self, instances: Sequence[Instance]) -> None:
        super().prepare(instances)
        values: dict[tuple[str, str], list[float]] = defaultdict(list)
        for inst in instances:
            if task_of(inst).answer.numeric:
                values[inst.suite, inst.task].append(float(inst.answer))
        for (suite, name), xs in values.items():
            mean = fmean(xs)
            integer = get_task(suite, name).answer.name == "integer"
            self._answers[suite, name] = round(mean) if integer else mean
