"""GTEval's answer type: one category name out of the instance's label list.

Reading the label (spelling variants, denials, several labels = no answer unless one is
committed) is ``graphgauge.scoring.categories``; the names are re-exported here for the
GTEval study.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphgauge.scoring.answers import AnswerType, Prediction
from graphgauge.scoring.categories import (
    committed_label,
    is_correct,
    mentioned_labels,
    single_label,
)
from graphgauge.scoring.region import NoAnswer

__all__ = ["LABEL", "LabelAnswer", "committed_label", "is_correct", "mentioned_labels",
           "single_label"]


class LabelAnswer(AnswerType):
    """A category name out of the instance's label list; the list comes with the
    instance (``Task.parse`` passes it), not with the prompt's node labels."""

    name = "label"
    instruction = "Answer with the name of one category."

    def parse_labels(self, text: str, labels: Sequence[str]) -> Prediction:
        """The committed label as a one-item list; several labels named or none is no
        answer. Never raises."""
        try:
            found = committed_label(text, labels)
        except Exception as error:  # noqa: BLE001 - one bad answer never stops a run
            return Prediction.failed(f"reader failed: {type(error).__name__}")
        if isinstance(found, NoAnswer):
            return Prediction.failed(found.reason)
        return Prediction(value=[found])

    def equals(self, predicted, gold) -> bool:
        return list(predicted) == [gold]

    def random(self, rng, graph) -> str:
        labels = graph.graph["labels"]
        return labels[int(rng.integers(len(labels)))]


LABEL = LabelAnswer()
