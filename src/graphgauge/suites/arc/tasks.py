"""The registered arc tasks: per rule, ``<rule>`` (full output graph) and ``<rule>.q``
(a question about the test input or the output).

Both read the same instance layout: example pairs and the test input ``G`` as node-link
graphs with a ``color`` node attribute, and a query naming the rule, its parameters, the
mode and (for questions) the question and its target.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import networkx as nx
import numpy as np

from graphgauge.gcpause import paused_gc
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.render.prompt import Asked, Prompt
from graphgauge.scoring import parsing
from graphgauge.scoring.answers import AnswerType, Prediction
from graphgauge.suites.arc import prompts, questions
from graphgauge.suites.arc.families import FAMILIES, MIN_NODES
from graphgauge.suites.arc.graphio import from_node_link_fast
from graphgauge.suites.arc.match import same_graph
from graphgauge.suites.arc.parse import Context, node_link_of, read_answer
from graphgauge.suites.arc.rule import COLOURS, GREY, Rule
from graphgauge.suites.arc.rules import RULES
from graphgauge.suites.base import Task, task

FULL, QUESTION = "full", "question"
QUESTION_SUFFIX = ".q"


class GraphAnswer(AnswerType):
    """A whole output graph, written in the adjacency (edge pairs) encoding."""

    name = "graph"
    instruction = prompts.FULL_INSTRUCTION

    def _prediction(self, text: str, labels: Sequence[str] | None, context: Any
                    ) -> Prediction:
        """Reached through ``read`` (which records a reader failure as no answer);
        ``context`` is the task's arc ``Context`` when the task passes one."""
        with paused_gc():  # a 150k-edge answer allocates as many dicts
            reading = read_answer(text, context if isinstance(context, Context) else None)
            if reading is None:
                return Prediction.failed("no graph found in the answer")
            return Prediction(value=node_link_of(reading))

    def format(self, value: Any, labels: Sequence[str] | None = None,
               style: str = "adjacency") -> str:
        return f"<answer>\n{prompts.encode(value, style)}\n</answer>"

    def random(self, rng: np.random.Generator, graph: nx.Graph) -> Any:
        """The input graph with random colours: a guess that keeps the structure."""
        out = graph.copy()
        for v in sorted(out):
            out.nodes[v]["color"] = COLOURS[int(rng.integers(len(COLOURS)))]
        return to_node_link(out)


_COLOUR_WORD = re.compile(r"\b(" + "|".join((*COLOURS, "gray")) + r")\b", re.I)


class QuestionAnswer(AnswerType):
    """An integer or a colour name, depending on the question asked."""

    name = "question"

    def parse(self, text: str, labels: Sequence[str] | None = None) -> Prediction:
        value = parsing.parse_int(text)
        return Prediction.failed("no integer found") if value is None else Prediction(value)

    def parse_color(self, text: str) -> Prediction:
        region = parsing.answer_region(text) if isinstance(text, str) else ""
        found = _COLOUR_WORD.findall(region)
        if not found:
            return Prediction.failed("no color name found")
        last = found[-1].lower()
        return Prediction("grey" if last == "gray" else last)

    def format(self, value: Any, labels: Sequence[str] | None = None) -> str:
        return f"<answer>{value}</answer>"

    def random(self, rng: np.random.Generator, graph: nx.Graph) -> Any:
        return int(rng.integers(0, graph.number_of_nodes() + 1))


GRAPH, ANSWER = GraphAnswer(), QuestionAnswer()


class ArcTask(Task):
    suite = "arc"
    rule: ClassVar[Rule]
    mode: ClassVar[str]
    families = tuple(FAMILIES)
    min_nodes = MIN_NODES
    node_params = ()

    @property
    def description(self) -> str:
        kind = "question about input/output" if self.mode == QUESTION else "full output"
        return f"{self.rule.description} ({self.rule.kind}; {kind})"

    def generate(self, rng: np.random.Generator, index: int = 0,
                 nodes: tuple[int, int] | None = None, seed: int | None = None) -> Instance:
        """One instance on its own (the suite generator builds whole grids): a random
        compatible family, the scale_up_3 pattern."""
        from graphgauge.suites.arc.build import task_instances
        from graphgauge.suites.arc.generate import compatible
        from graphgauge.suites.arc.patterns import PATTERNS

        usable = [f for f in FAMILIES.values()
                  if compatible(self.rule, f, PATTERNS["scale_up_3"])]
        family = usable[int(rng.integers(len(usable)))]
        made = task_instances(self.rule, family, "scale_up_3", PATTERNS["scale_up_3"], rng,
                              index, seed, (self.mode,))
        return made[index % len(made)]

    def custom_prompt(self, instance: Instance, encoding: Any, variant: str) -> Prompt:
        style = prompts.style_of(encoding)
        text = prompts.task_text(instance.graphs, instance.query["examples"], style,
                                 self.ending(instance))
        return Prompt(text, prompts.system_prompt(variant), encoding=encoding.name,
                      variant=variant)

    def ending(self, instance: Instance) -> str:
        raise NotImplementedError

    def output_of(self, instance: Instance) -> nx.Graph:
        return self.rule(instance.nx_graph("G"))


class FullTask(ArcTask):
    mode = FULL
    answer = GRAPH

    def ending(self, instance: Instance) -> str:
        return prompts.FULL_INSTRUCTION

    def solve(self, instance: Instance) -> dict:
        return to_node_link(self.output_of(instance))

    def format_answer(self, value: Any, prompt: Prompt) -> str:
        """The answer written in the encoding ``prompt`` showed."""
        return self.answer.format(value, style=prompts.ENCODINGS[prompt.encoding])

    def parse(self, text: str, instance: Instance,
              labels: Sequence[str] | None = None) -> Prediction:
        return self.answer.read(text, labels, context_of(self.rule, instance))

    def check(self, value: Any, instance: Instance) -> bool:
        if value == instance.answer:  # both canonical node-link dicts: a C-level compare
            return True
        return same_graph(from_node_link_fast(value), from_node_link_fast(instance.answer),
                          self.rule.keeps_ids)


def context_of(rule: Rule, instance: Instance) -> Context:
    """What a grader reads a colour-less "the following nodes are colored: 1, 2" with:
    the test input's colours (when ids are kept) and the one colour the examples paint
    (the colours nodes gain from input to output, else the outputs' only colour)."""
    graphs = instance.graphs
    pairs = [(graphs[f"example{i}_input"], graphs[f"example{i}_output"])
             for i in range(1, instance.query["examples"] + 1)]
    gained, shown = set(), set()
    for given, made in pairs:
        before = {n["id"]: n.get("color", GREY) for n in given["nodes"]}
        for node in made["nodes"]:
            colour = node.get("color", GREY)
            shown.add(colour)
            if rule.keeps_ids and colour != before.get(node["id"], GREY):
                gained.add(colour)
    shown.discard(GREY)
    gained.discard(GREY)
    paint = next(iter(gained)) if len(gained) == 1 else (
        next(iter(shown)) if len(shown) == 1 else None)
    known = ({n["id"]: n.get("color", GREY) for n in graphs["G"]["nodes"]}
             if rule.keeps_ids else {})
    # Room for the output's nodes: ranges in an answer expand no further than that.
    size = len(graphs["G"]["nodes"]) + 1
    return Context(known=known, paint=paint, max_nodes=max(2 * size, 100))


class QuestionTask(ArcTask):
    mode = QUESTION
    answer = ANSWER

    def ending(self, instance: Instance) -> str:
        spec = instance.query["question"]
        return (f"Question: {questions.question_text(spec, instance.query['target'])}\n"
                + questions.instruction(spec))

    def solve(self, instance: Instance) -> Any:
        query = instance.query
        graph = (instance.nx_graph("G") if query["target"] == questions.INPUT
                 else self.output_of(instance))
        return questions.value(query["question"], graph)

    def parse(self, text: str, instance: Instance,
              labels: Sequence[str] | None = None) -> Prediction:
        if questions.KINDS[instance.query["question"]["kind"]].answer == "color":
            return self.answer.parse_color(text)
        return self.answer.read(text)

    def score(self, prediction: Prediction, instance: Instance,
              asked: Asked | None = None) -> dict[str, float]:
        """Accuracy, plus ``bias`` on input questions whose output value differs: 1 when
        the answer is the output's value (the model answered as if asked about it)."""
        scores = super().score(prediction, instance, asked)
        opposite = instance.meta.get("opposite")
        if instance.query["target"] == questions.INPUT and opposite != instance.answer:
            scores["bias"] = float(prediction.ok and prediction.value == opposite)
        return scores


def _register(rule: Rule) -> None:
    for base, name in ((FullTask, rule.name), (QuestionTask, rule.name + QUESTION_SUFFIX)):
        cls = type(f"{base.__name__}_{name.replace('.', '_')}", (base,),
                   {"name": name, "rule": rule, "difficulty": rule.difficulty,
                    "__doc__": rule.description})
        task(cls)


for _rule in RULES.values():
    _register(_rule)
