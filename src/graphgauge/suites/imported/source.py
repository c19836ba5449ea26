"""The shared shape of an imported task: graphgauge's task does the work, the source
benchmark's own metric is scored beside it.

An imported instance keeps what the source benchmark said in ``meta``: ``source_gold``
is the source's gold answer read into node ids (``None`` when it could not be read) and
``source_text`` its gold answer as written. The verified gold (``instance.answer``)
comes from graphgauge's reference solver and is checked against the source's on import.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.render.prompt import Asked
from graphgauge.scoring.answers import AnswerType, Prediction
from graphgauge.suites.base import Task


def graphgauge_task(spec: str) -> Task:
    """The task named "suite/task" (its suite imported on demand)."""
    from graphgauge.registry import get_task

    suite, _, name = spec.partition("/")
    return get_task(suite, name)


def mentions(text: str, names: list[str]) -> bool:
    """Does ``text`` name any of the nodes by its own name (as a whole word)? A name
    made of digits counts only when it cannot be a node id (GraphWalks' hexadecimal
    names are sometimes all digits)."""
    pattern = _names_pattern(tuple(names))
    return pattern is not None and pattern.search(text) is not None


@lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern | None:
    words = [n for n in names if not n.isdigit() or int(n) >= len(names)]
    if not words:
        return None
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def _names_unknown(value: Any) -> bool:
    """Does a reading in node names hold a node no name matched (read as -1)?"""
    if isinstance(value, list | tuple):
        return any(_names_unknown(item) for item in value)
    return value == -1 and not isinstance(value, bool)


class SourceTask(Task):
    """A task of an imported benchmark.

    ``maps_to`` names the graphgauge task ("algorithmic/reachability") whose answer type,
    reference solver and verifier the imported items use; ``source_metric`` names the
    source benchmark's own score, computed by ``source_score``.
    """

    maps_to: ClassVar[str] = ""
    source_metric: ClassVar[str] = ""

    @cached_property
    def target(self) -> Task:
        return graphgauge_task(self.maps_to)

    @property
    def answer(self) -> AnswerType:  # type: ignore[override]
        return self.target.answer

    @property
    def verifiable(self) -> bool:  # type: ignore[override]
        return self.target.verifiable

    def question(self, instance: Instance) -> str:
        return self.target.question(instance)

    def solve(self, instance: Instance) -> Any:
        return self.target.solve(instance)

    def check(self, value: Any, instance: Instance) -> bool:
        return self.target.check(value, instance)

    def parse(self, text: str, instance: Instance, labels=None) -> Prediction:
        """Answers may name nodes as the source benchmark did (``meta["node_names"]``,
        e.g. GraphWalks' hexadecimal names) when the prompt used plain ids. Read in the
        names unless that leaves an unknown node and the ids read (a name that is also a
        word, "A shortest path is [0, 3, 4]", does not spoil an answer in ids)."""
        names = instance.meta.get("node_names")
        if labels is None and names and self.answer.names_nodes and mentions(text, names):
            named = self.answer.parse(text, names)
            if named.ok and not _names_unknown(named.value):
                return named
            plain = super().parse(text, instance, labels)
            return plain if plain.ok else named
        return super().parse(text, instance, labels)

    def source_score(self, value: Any, instance: Instance) -> float:
        """The source benchmark's own score of a parsed answer: exact match with its gold
        unless a task says otherwise."""
        gold = instance.meta.get("source_gold")
        return float(gold is not None and self.answer.equals(value, gold))

    def source_prediction_score(self, prediction: Prediction, instance: Instance) -> float:
        """The source's score of an answer as graphgauge read it (a task whose source
        reads answers its own way overrides this)."""
        return self.source_score(prediction.value, instance) if prediction.ok else 0.0

    def score(self, prediction: Prediction, instance: Instance,
              asked: Asked | None = None) -> dict[str, float]:
        scores = super().score(prediction, instance, asked)
        if not self.source_metric:
            return scores
        try:
            own = self.source_prediction_score(prediction, instance)
        except (TypeError, ValueError, KeyError, IndexError):
            own = 0.0  # a malformed answer scores nothing under the source's rule either
        scores[self.source_metric] = own
        return scores


def generate_suite(**_: Any) -> list[Instance]:
    """Imported suites have no generator; used as a suite module's ``generate_suite``."""
    raise UserError("this suite is imported, not generated: run "
                    "'graphgauge import FORMAT SOURCE -o bench.jsonl' (formats: nlgraph, "
                    "graphwalks, questions)")
