"""Answer types: how an answer is asked for, read back, written, compared and guessed.

A task declares its answer type once; parsing, the answer-format instruction, the
reference model's written answer, exact-match scoring and the random baseline all follow
from it. Tasks with many correct answers keep the type for parsing and override
``Task.check`` with a verifier.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from graphgauge.scoring import parsing
from graphgauge.scoring.labels import label_reader, label_values
from graphgauge.scoring.region import NoAnswer, final_region
from graphgauge.scoring.signals import clip


@dataclass(frozen=True)
class Context:
    """What a reader may know about the item besides the answer text: the question (for
    the polarity of a declarative yes/no answer) and the graph's node count (ids at or
    past it name no node; ranges are never expanded past it)."""

    question: str | None = None
    nodes: int | None = None
    # Every node as the parsers read its label (filled in from the labels while reading):
    # what "all nodes" and "every node except 4" name.
    node_values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Prediction:
    """A parsed model answer. ``ok`` is False when nothing usable could be read: such
    items are counted as unparsed, apart from wrong answers."""

    value: Any = None
    ok: bool = True
    error: str | None = None

    @classmethod
    def failed(cls, why: str) -> Prediction:
        return cls(value=None, ok=False, error=why)


class AnswerType:
    name = "answer"
    instruction = ""
    numeric = False
    # Answers that name nodes are written and read in the prompt's node labels.
    names_nodes = False

    def parse(self, text: str, labels: Sequence[str] | None = None,
              context: Context | None = None) -> Prediction:
        """Read the answer; with ``labels`` (the prompt's name for each node id), node
        names are mapped back to ids (see graphgauge.scoring.labels).

        A node the graph does not have (an unknown name, an id past the last node) reads
        as -1: the answer is committed and wrong, not unparsed."""
        return self.read(text, labels, context)

    def read(self, text: str, labels: Sequence[str] | None = None,
             context: Context | None = None) -> Prediction:
        """``parse`` that never raises (the entry ``Task.parse`` uses): a reader failure
        is recorded as no answer, with the reason, and the run goes on. Answer types that
        override ``parse(text, labels)`` with their own reader are called as they are."""
        try:
            if type(self).parse is not AnswerType.parse:
                return self.parse(text, labels)
            return self._prediction(text, labels, context or Context())
        except Exception as error:  # noqa: BLE001 - one bad answer never stops a run
            return Prediction.failed(f"reader failed: {type(error).__name__}")

    def _prediction(self, text: str, labels: Sequence[str] | None,
                    context: Context) -> Prediction:
        if not isinstance(text, str):
            return Prediction.failed(f"no {self.name} answer found")
        text = clip(text)
        lookup = None
        if self.names_nodes:
            if labels is None and context.nodes is not None:
                labels = [str(i) for i in range(context.nodes)]
            if labels is not None:
                text, lookup = label_reader(text, labels)
                context = Context(context.question, len(labels), label_values(labels))
        value = self._parse(text, context)
        if isinstance(value, NoAnswer):
            return Prediction.failed(value.reason)
        if value is None:
            return Prediction.failed(self._why_not(text))
        return Prediction(value=self.to_ids(value, lookup) if lookup else value)

    def _parse(self, text: str, context: Context) -> Any:
        """The value, or a ``NoAnswer`` saying why there is none (None: work it out)."""
        raise NotImplementedError

    def _why_not(self, text: str) -> str:
        """Why nothing was read: the grading rule's reason (a hedge, a refusal, ...) when
        the text holds no committed answer at all, else the wrong shape."""
        region = final_region(text)
        if isinstance(region, NoAnswer):
            return region.reason
        return f"no {self.name} answer found in the final answer"

    def to_ids(self, value: Any, lookup) -> Any:
        """Map the node names (as parsed numbers) in ``value`` to node ids."""
        return value

    def format(self, value: Any, labels: Sequence[str] | None = None) -> str:
        """The answer written the way the instruction asks for it (nodes by ``labels``)."""
        return str(value)

    def equals(self, predicted: Any, gold: Any) -> bool:
        return predicted == gold

    def random(self, rng: np.random.Generator, graph) -> Any:
        raise NotImplementedError


class IntAnswer(AnswerType):
    name = "integer"
    instruction = "Give your final answer as a single integer."
    numeric = True

    def _parse(self, text, context):
        return parsing.read_int(text, context.question)

    def random(self, rng, graph):
        return int(rng.integers(0, max(graph.number_of_edges(), graph.number_of_nodes()) + 1))


class FloatAnswer(AnswerType):
    """Floats match when within ``abs_tol`` or relative ``rel_tol`` of the gold value.

    The default (0.01 absolute or 1% relative) accepts answers rounded to two decimals,
    which is what the instruction asks for.
    """

    name = "float"
    numeric = True

    def __init__(self, abs_tol: float = 0.01, rel_tol: float = 0.01, decimals: int = 2):
        self.abs_tol, self.rel_tol, self.decimals = abs_tol, rel_tol, decimals
        self.instruction = (
            f"Give your final answer as a number rounded to {decimals} decimal places."
        )

    def _parse(self, text, context):
        return parsing.read_float(text, context.question)

    def format(self, value, labels=None):
        return f"{value:.{self.decimals + 2}f}"

    def equals(self, predicted, gold):
        if not math.isfinite(predicted):
            return False
        return math.isclose(predicted, gold, abs_tol=self.abs_tol, rel_tol=self.rel_tol)

    def random(self, rng, graph):
        return float(rng.uniform(0.0, 1.0))


class BoolAnswer(AnswerType):
    name = "bool"
    instruction = "Answer Yes or No."

    def _parse(self, text, context):
        return parsing.read_bool(text, context.question)

    def format(self, value, labels=None):
        return "Yes" if value else "No"

    def random(self, rng, graph):
        return bool(rng.random() < 0.5)


def _name(labels: Sequence[str] | None, node: int) -> str:
    return str(node) if labels is None else labels[node]


class NodeSetAnswer(AnswerType):
    """An unordered set of nodes; stored sorted."""

    name = "node_set"
    instruction = "Give your final answer as a list of nodes in ascending order, e.g., [0, 3, 7]."
    names_nodes = True

    def _parse(self, text, context):
        nodes = parsing.read_node_list(text, ranges=True, limit=context.nodes,
                                       everything=context.node_values, question=context.question)
        return nodes if isinstance(nodes, NoAnswer) else sorted(set(nodes))

    def to_ids(self, value, lookup):
        return sorted({lookup(v) for v in value})

    def format(self, value, labels=None):
        return "[" + ", ".join(_name(labels, v) for v in sorted(value)) + "]"

    def equals(self, predicted, gold):
        return sorted(set(predicted)) == sorted(set(gold))

    def random(self, rng, graph):
        nodes = sorted(graph.nodes)
        return sorted(int(v) for v in nodes if rng.random() < 0.5)


class NodeListAnswer(AnswerType):
    """An ordered list of nodes (a path, an order); order matters."""

    name = "node_list"
    instruction = "Give your final answer as a list of nodes in order, e.g., [4, 0, 2]."
    names_nodes = True

    def _parse(self, text, context):
        return parsing.read_node_list(text, question=context.question)

    def to_ids(self, value, lookup):
        return [lookup(v) for v in value]

    def format(self, value, labels=None):
        return "[" + ", ".join(_name(labels, v) for v in value) + "]"

    def equals(self, predicted, gold):
        return list(predicted) == list(gold)

    def random(self, rng, graph):
        nodes = [int(v) for v in rng.permutation(sorted(graph.nodes))]
        return nodes[: int(rng.integers(1, len(nodes) + 1))]


class EdgeListAnswer(AnswerType):
    """A list of edges. ``ordered`` keeps sequence (traversals); otherwise a set compare,
    with undirected edges compared regardless of endpoint order."""

    name = "edge_list"
    names_nodes = True

    def __init__(self, ordered: bool = False, directed: bool = False):
        self.ordered, self.directed = ordered, directed
        if ordered:
            self.instruction = (
                "Give your final answer as a list of edges in order, e.g., [(0, 1), (1, 4)]."
            )
        else:
            self.instruction = (
                "Give your final answer as a list of edges in ascending order, "
                "e.g., [(0, 1), (0, 5), (2, 3)]."
            )

    def _parse(self, text, context):
        edges = parsing.read_edge_list(text, walks=self.ordered, question=context.question)
        return edges if isinstance(edges, NoAnswer) else [list(e) for e in edges]

    def normalize(self, edges) -> list[tuple[int, int]]:
        if self.directed:
            return [(int(u), int(v)) for u, v in edges]
        return [tuple(sorted((int(u), int(v)))) for u, v in edges]

    def to_ids(self, value, lookup):
        return [[lookup(u), lookup(v)] for u, v in value]

    def format(self, value, labels=None):
        edges = value if self.ordered else sorted(self.normalize(value))
        return "[" + ", ".join(f"({_name(labels, u)}, {_name(labels, v)})" for u, v in edges) + "]"

    def equals(self, predicted, gold):
        if self.ordered:
            return [tuple(e) for e in predicted] == [tuple(e) for e in gold]
        return sorted(set(self.normalize(predicted))) == sorted(set(self.normalize(gold)))

    def random(self, rng, graph):
        return [[int(u), int(v)] for u, v in sorted(graph.edges) if rng.random() < 0.5]


INT = IntAnswer()
FLOAT = FloatAnswer()
BOOL = BoolAnswer()
NODE_SET = NodeSetAnswer()
NODE_LIST = NodeListAnswer()
EDGE_SET = EdgeListAnswer()
EDGE_SEQUENCE = EdgeListAnswer(ordered=True)
