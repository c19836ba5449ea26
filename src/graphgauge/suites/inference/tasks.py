"""The five GraphInfer tasks: prompts, parsing and scoring (instances come from the
pipeline, not from ``Task.generate``)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from graphgauge.graphs.partition import canonical_partition
from graphgauge.instance import Instance
from graphgauge.render.prompt import Asked
from graphgauge.scoring.answers import AnswerType, Prediction
from graphgauge.scoring.guards import plain_letters
from graphgauge.scoring.region import NoAnswer
from graphgauge.suites.base import Task, task
from graphgauge.suites.inference import assignments, metrics, parsing, reading
from graphgauge.suites.inference.features import answer_text
from graphgauge.suites.inference.gold import full_text, statement
from graphgauge.suites.inference.prompts import render_prompt
from graphgauge.suites.inference.vocab import DOMAINS, terms_for


class GoldText(AnswerType):
    """The gold is written as the whole ``Answer:``/``Reasoning:`` response."""

    name = "graphinfer"
    instruction = "Answer in the Answer:/Reasoning: format the prompt shows."

    def __init__(self, task_name: str) -> None:
        self.task_name = task_name

    def format(self, value: Any, labels=None) -> str:
        return full_text(value)

    def random(self, rng: np.random.Generator, graph: Any) -> Any:
        n, names = graph.number_of_nodes(), graph.graph.get("label_names", [])
        if self.task_name in ("masked_node", "theme"):
            answer: Any = names[int(rng.integers(len(names)))]
            query = {}
        elif self.task_name == "relation":
            answer, query = {"has_edge": bool(rng.random() < 0.5)}, {"a": 0, "b": 1}
        elif self.task_name == "outlier":
            answer, query = int(rng.integers(n)), {}
        else:
            k = max(int(graph.graph.get("k", 2)), 1)
            answer, query = {"communities": rng.integers(k, size=n).tolist()}, {}
        words = terms_for(graph.graph.get("domain", "generic"))
        return {"answer": answer, "reasoning": "",
                "statement": statement(self.task_name, answer, query, n, words)}


READER_MODES = ("human", "faithful")


def reader_mode(instance: Instance) -> str:
    """``human`` (default) reads what a careful grader would; ``faithful`` keeps the
    paper's strict ``Answer:``-block protocol. Fixed per benchmark file by ``generate infer
    -p reader=…``; $GRAPHGAUGE_INFER_READER applies to files without the field."""
    mode = instance.meta.get("reader") or os.environ.get("GRAPHGAUGE_INFER_READER", "human")
    return mode if mode in READER_MODES else "human"


class InferTask(Task):
    suite = "infer"
    # What the shortcut audit (graphgauge.suites.shortcuts) may answer, and compares.
    shortcut_kind: str = "label"
    audit_metric: str = "accuracy"

    def __init__(self) -> None:
        self.answer = GoldText(self.name)

    def plain_gold(self, instance: Instance) -> Any:
        return instance.answer["answer"]

    def shortcut_answer(self, value: Any, instance: Instance) -> str:
        """A shortcut's plain value written as an ``Answer:`` block, no reasoning."""
        return answer_text(instance, value)

    def question(self, instance: Instance) -> str:
        from graphgauge.suites.inference.prompts import question

        return question(instance, terms_for(instance.meta.get("domain", "generic")))

    def solve(self, instance: Instance) -> Any:
        return instance.answer

    def custom_prompt(self, instance: Instance, encoding: Any, variant: str) -> Any:
        return render_prompt(instance, encoding, variant)

    def parse(self, text: str, instance: Instance, labels=None) -> Prediction:
        if isinstance(text, str):
            # before the template check too: "<outlıer | not outlıer>" is an echo as well
            text = plain_letters(text)
        if reader_mode(instance) == "faithful":
            return self.parse_faithful(text, instance)
        if parsing.is_placeholder(text or ""):
            return Prediction.failed("template placeholder echoed")
        value = self.read_human(text, instance)
        if isinstance(value, NoAnswer):
            return Prediction.failed(value.reason)
        return Prediction(value={"answer": value, "reasoning": reading.reasoning_part(text)})

    def read_human(self, text: str, instance: Instance) -> Any:
        raise NotImplementedError

    def parse_faithful(self, text: str, instance: Instance) -> Prediction:
        """The paper's protocol: the first ``Answer:`` block, one line per node."""
        found = parsing.blocks(text or "")
        if found is None:
            return Prediction.failed("no Answer: block")
        answer, reasoning = found
        if not answer or parsing.is_placeholder(answer):
            return Prediction.failed("empty answer or template placeholder echoed")
        value = self.read(answer, instance)
        if value is None:
            return Prediction.failed(f"no {self.name} answer in the Answer block")
        return Prediction(value={"answer": value, "reasoning": reasoning})

    def read(self, answer: str, instance: Instance) -> Any:
        raise NotImplementedError

    def score(self, prediction: Prediction, instance: Instance,
              asked: Asked | None = None) -> dict[str, float]:
        """The paper's metrics; its prompts apply only their own variants, which all ask
        the task itself, so ``asked`` changes nothing here."""
        if not prediction.ok:
            return dict.fromkeys(self.metric_names, 0.0)
        scores = self.hard_scores(prediction.value["answer"], instance)
        predicted, gold = prediction.value.get("reasoning", ""), instance.answer["reasoning"]
        if predicted and gold:
            encoder = metrics.reasoning_encoder(instance.meta)
            scores["reasoning_cosine"] = (1.0 if predicted == gold else
                                          metrics.text_cosine(predicted, gold, encoder))
        return scores

    metric_names: tuple[str, ...] = ("accuracy",)

    def hard_scores(self, value: Any, instance: Instance) -> dict[str, float]:
        raise NotImplementedError


class LabelTask(InferTask):
    """T1 and T3: a free-text answer projected onto the domain's label set."""

    def read(self, answer: str, instance: Instance) -> Any:
        text = answer.strip().splitlines()[0].strip() if answer.strip() else ""
        if not text:
            return None
        return metrics.project_label(text, instance.graphs["G"]["graph"]["label_names"])

    def read_human(self, text: str, instance: Instance) -> Any:
        graph = instance.graphs["G"]["graph"]
        names = graph["label_names"]
        value = reading.read_label(text, names)
        if isinstance(value, tuple):  # free text naming no label: the nearest one, each
            # label read as the domain's kind of node ("course web page")
            terms = DOMAINS.get(graph.get("domain") or (instance.meta or {}).get("domain", ""))
            return metrics.project_label(value[1], names, noun=terms.noun if terms else None)
        return value

    def hard_scores(self, value: Any, instance: Instance) -> dict[str, float]:
        return {"accuracy": float(value == instance.answer["answer"])}


@task
class MaskedNode(LabelTask):
    """T1: name the topic of the hub whose title is masked, from its neighbourhood."""

    name, difficulty = "masked_node", "medium"


@task
class Relation(InferTask):
    """T2: say whether two nodes are linked and describe the relation."""

    name, difficulty = "relation", "easy"
    shortcut_kind = "yes/no"

    def plain_gold(self, instance: Instance) -> Any:
        return instance.answer["answer"]["has_edge"]

    def shortcut_answer(self, value: Any, instance: Instance) -> str:
        return super().shortcut_answer({"has_edge": bool(value)}, instance)

    def read(self, answer: str, instance: Instance) -> Any:
        return parsing.polarity(answer)

    def read_human(self, text: str, instance: Instance) -> Any:
        return reading.read_relation(text, (instance.query["a"], instance.query["b"]))

    def hard_scores(self, value: Any, instance: Instance) -> dict[str, float]:
        return {"accuracy": float(value == instance.answer["answer"]["has_edge"])}


@task
class Theme(LabelTask):
    """T3: name the common theme of a same-label connected cluster."""

    name, difficulty = "theme", "medium"


@task
class Outlier(InferTask):
    """T4: find the one node of another category attached to a coherent cluster."""

    name, difficulty = "outlier", "hard"
    shortcut_kind = "node"
    metric_names = ("accuracy", "hit1", "precision", "recall", "f1")

    def read(self, answer: str, instance: Instance) -> Any:
        lines = parsing.outlier_lines(answer)
        if not lines:
            return None
        return [node for node, is_outlier in lines if is_outlier]

    def read_human(self, text: str, instance: Instance) -> Any:
        return assignments.read_outliers(text, len(instance.graphs["G"]["nodes"]))

    def hard_scores(self, value: Any, instance: Instance) -> dict[str, float]:
        scores = metrics.outlier_scores(value, instance.answer["answer"])
        return {"accuracy": scores["hit1"], **scores}


@task
class Community(InferTask):
    """T5: partition nodes of 2-3 interleaved categories into communities."""

    name, difficulty = "community", "challenging"
    shortcut_kind, audit_metric = "partition", "nmi"

    def plain_gold(self, instance: Instance) -> Any:
        return instance.answer["answer"]["communities"]

    def shortcut_answer(self, value: Any, instance: Instance) -> str:
        return super().shortcut_answer({"communities": canonical_partition(value)}, instance)
    metric_names = ("accuracy", "ari", "nmi", "purity", "count_accuracy")

    def read(self, answer: str, instance: Instance) -> Any:
        lines = parsing.community_lines(answer)
        return {str(node): c for node, c in lines.items()} if lines else None

    def read_human(self, text: str, instance: Instance) -> Any:
        graph = instance.graphs["G"]
        found = assignments.read_assignment(text, len(graph["nodes"]), "community",
                                            graph["graph"].get("label_names", ()))
        if isinstance(found, NoAnswer):
            return found
        ids: dict[Any, int] = {}  # community names ("B", "3") as ids by first appearance
        return {str(node): ids.setdefault(name, len(ids)) for node, name in sorted(found.items())}

    def hard_scores(self, value: Any, instance: Instance) -> dict[str, float]:
        gold = instance.answer["answer"]["communities"]
        predicted = {int(node): c for node, c in value.items()}
        scores = metrics.partition_scores(predicted, gold, instance.query["k"])
        exact = metrics.complete(predicted, len(gold)) and scores["ari"] > 1 - 1e-9
        return {"accuracy": float(exact), **scores}


TASK_ORDER = ("masked_node", "relation", "theme", "outlier", "community")
