"""What a generated task is, and how tasks join a suite.

A task subclasses ``Task``, sets its answer type and graph families, and writes three
small methods: ``sample_query`` (optional), ``question`` and ``solve``. Generation,
parsing, scoring and registration are shared machinery. Tasks with many correct answers
override ``check`` with a verifier of the model's answer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, ClassVar

import networkx as nx
import numpy as np

from graphgauge.errors import UserError
from graphgauge.graphs.families import make_graph
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.plugins import Registry
from graphgauge.render.prompt import Asked
from graphgauge.render.variants import ABSTAIN, ANY, GOLD
from graphgauge.scoring.answers import AnswerType, Context, Prediction

DIFFICULTIES = ("easy", "medium", "hard", "challenging")

# suite name -> task name -> task object, filled by the @task decorator on import.
REGISTRY: dict[str, Registry[Task]] = {}


def suite_tasks(suite: str) -> Registry[Task]:
    """The tasks of ``suite`` registered so far (none until its module is imported)."""
    if suite not in REGISTRY:
        REGISTRY[suite] = Registry(f"task of suite {suite!r}")
    return REGISTRY[suite]


class Task:
    suite: ClassVar[str] = ""
    name: ClassVar[str] = ""
    difficulty: ClassVar[str] = ""
    answer: ClassVar[AnswerType]
    # Graph families drawn uniformly per instance; options passed to ``make_graph``.
    families: ClassVar[Sequence[str]] = ("erdos_renyi", "watts_strogatz", "barabasi_albert")
    weighted: ClassVar[bool] = False
    connected: ClassVar[bool] = False
    # Default node-count range (inclusive); a suite-level option can override it.
    nodes: ClassVar[tuple[int, int]] = (5, 35)
    # Smallest graph the task makes sense on (a node pair, a triangle, a family's minimum).
    min_nodes: ClassVar[int] = 3
    # Largest graph one instance is generated for in about 2 s (solver and query sampling,
    # as benchmarks/task_sizes.py measures; the tasks whose cost grows faster declare
    # less); a larger --nodes is refused before anything is generated.
    max_nodes: ClassVar[int] = 5000
    # True when many answers are correct and ``check`` verifies rather than compares.
    verifiable: ClassVar[bool] = False
    # Query parameters that name nodes: relabeled with the graph when a prompt renames nodes.
    node_params: ClassVar[tuple[str, ...]] = ("node", "source", "target", "sink")
    # Whether the task's own ``custom_prompt`` applies the registered instruction variants
    # (rephrase:K …); the shared layout always does. Without it they are refused.
    applies_variants: ClassVar[bool] = False

    @property
    def description(self) -> str:
        """The docstring's first paragraph, on one line."""
        paragraph = (type(self).__doc__ or "").strip().split("\n\n")[0]
        return " ".join(paragraph.split()) or self.name

    # --- generation ---------------------------------------------------------------
    def sample_graph(self, rng: np.random.Generator, n: int) -> tuple[str, nx.Graph]:
        family = self.families[int(rng.integers(len(self.families)))]
        return family, make_graph(
            family, rng, n, weighted=self.weighted, connected=self.connected
        )

    def sample_query(self, rng: np.random.Generator, graph: nx.Graph) -> dict[str, Any]:
        """Task parameters (source node, node pair …); none by default."""
        return {}

    def too_large(self, nodes: tuple[int, int]) -> bool:
        """Whether a node range goes beyond what the task handles (``max_nodes``)."""
        return nodes[1] > self.max_nodes

    def generate(
        self, rng: np.random.Generator, index: int = 0, nodes: tuple[int, int] | None = None,
        seed: int | None = None,
    ) -> Instance:
        low, high = nodes or self.nodes
        if high < self.min_nodes:
            raise UserError(
                f"task {self.name} needs graphs of at least {self.min_nodes} nodes; "
                f"the node range {low}-{high} is too small"
            )
        n = int(rng.integers(max(low, self.min_nodes), high + 1))
        family, graph = self.sample_graph(rng, n)
        query = self.sample_query(rng, graph)
        graphs = {"G": to_node_link(graph)}
        meta = {"family": family, "n": graph.number_of_nodes(), "index": index,
                "difficulty": self.difficulty, "seed": seed}
        body = {"graphs": graphs, "query": query, "seed": seed}
        draft = Instance(
            id=Instance.make_id(self.suite, self.name, index, body),
            suite=self.suite, task=self.name, graphs=graphs, query=query, meta=meta,
        )
        draft.__dict__["graph"] = graph  # reuse the built graph for solve()
        return Instance(**{**draft.to_dict(), "answer": self.solve(draft)})

    # --- the task's own words and solver -------------------------------------------
    def question(self, instance: Instance) -> str:
        raise NotImplementedError

    def solve(self, instance: Instance) -> Any:
        """The reference solver: the gold answer, JSON-serializable."""
        raise NotImplementedError

    @property
    def instruction(self) -> str:
        return self.answer.instruction

    def format_answer(self, value: Any, prompt: Any) -> str:
        """``value`` written as a model should answer ``prompt`` (the built-in models use
        it): node names as the prompt labelled them; suites with their own layouts
        answer in the prompt's own format."""
        return self.answer.format(value, prompt.labels)

    def custom_prompt(self, instance: Instance, encoding: Any, variant: str) -> Any:
        """A whole Prompt for tasks whose layout is not graph text + question (few-shot
        pairs, text-attributed neighbourhoods); None keeps the shared layout."""
        return None

    # --- reading and scoring answers ------------------------------------------------
    def parse(
        self, text: str, instance: Instance, labels: Sequence[str] | None = None
    ) -> Prediction:
        """The answer in ``instance``'s node ids; ``labels`` are the names the prompt gave
        the nodes (None: the ids themselves). The reader gets the question (for the
        polarity of declarative yes/no answers) and the node count (ids past it are
        unknown nodes); it never raises."""
        try:
            question = self.question(instance)
        except Exception:  # noqa: BLE001 - a question that cannot be rebuilt: read without
            question = None
        graph = instance.graphs.get("G")
        nodes = len(graph["nodes"]) if isinstance(graph, dict) and "nodes" in graph else None
        return self.answer.read(text, labels, Context(question, nodes))

    def parse_asked(self, text: str, instance: Instance, asked: Asked) -> Prediction:
        """The answer to the prompt ``asked`` describes: ``parse`` with its node names.
        Tasks whose answers a variant reads differently (another label space) override it."""
        return self.parse(text, instance, asked.labels)

    def check(self, value: Any, instance: Instance) -> bool:
        """Is ``value`` a correct answer? Exact match against gold unless overridden."""
        return self.answer.equals(value, instance.answer)

    def score(self, prediction: Prediction, instance: Instance,
              asked: Asked | None = None) -> dict[str, float]:
        """Accuracy against what the prompt's variant expects (the gold, unless the
        variant asks for something else): the one score every table reads."""
        expected = (asked or Asked()).expected(instance)
        if expected.answer is ABSTAIN:
            return {"accuracy": float(not prediction.ok)}
        if not prediction.ok:
            return {"accuracy": 0.0}
        try:
            if expected.answer is GOLD:
                correct = self.check(prediction.value, instance)
            elif expected.answer is ANY:
                correct = (expected.avoid is None
                           or not self.answer.equals(prediction.value, expected.avoid))
            else:
                correct = self.answer.equals(prediction.value, expected.answer)
        except (TypeError, ValueError, KeyError, IndexError, nx.NetworkXException):
            correct = False  # a malformed answer (wrong shape, unknown node) is wrong
        return {"accuracy": float(correct)}


def task(cls: type[Task]) -> type[Task]:
    """Register a task class (its ``suite`` and ``name`` class attributes) in REGISTRY."""
    if not cls.suite or not cls.name:
        raise TypeError(f"{cls.__name__} must set suite and name")
    if cls.difficulty not in DIFFICULTIES:
        raise TypeError(f"{cls.__name__}: difficulty must be one of {DIFFICULTIES}")
    suite_tasks(cls.suite).add(cls.name, cls())
    return cls


def instance_rng(seed: int, task_name: str, index: int) -> np.random.Generator:
    """The generator for one instance: independent of which other tasks or how many
    instances are generated alongside it, so subsets reproduce the full benchmark."""
    salt = int.from_bytes(hashlib.sha256(task_name.encode()).digest()[:8], "little")
    return np.random.default_rng([seed, salt, index])
