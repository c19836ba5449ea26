"""Your own graph questions (``graphgauge import questions FILE``) as graphgauge tasks.

A question names either a graphgauge algorithmic task, whose reader and verifier score it
(task ``shortest_path`` here is ``algorithmic/shortest_path``), or only an answer type,
scored by exact match with its gold. The question text is the row's own; ``{source}``-style
placeholders are filled from the query under the prompt's node names.
"""

from __future__ import annotations

import re

from graphgauge.scoring.answers import (
    BOOL,
    EDGE_SEQUENCE,
    EDGE_SET,
    FLOAT,
    INT,
    NODE_LIST,
    NODE_SET,
    AnswerType,
)
from graphgauge.suites.base import REGISTRY, task
from graphgauge.suites.contract import Suite
from graphgauge.suites.imported import source
from graphgauge.suites.imported.source import SourceTask, graphgauge_task

SUITE = Suite(doc=__doc__, generate=source.generate_suite)  # refuses: import instead

ANSWER_TYPES: dict[str, AnswerType] = {
    "bool": BOOL, "int": INT, "float": FLOAT, "node_set": NODE_SET, "node_list": NODE_LIST,
    "edge_set": EDGE_SET, "edge_sequence": EDGE_SEQUENCE,
}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, query: dict) -> str:
    """``template`` with each ``{key}`` of the query replaced; other braces stay."""
    return _PLACEHOLDER.sub(
        lambda m: str(query[m[1]]) if m[1] in query else m[0], template)


class QuestionTask(SourceTask):
    suite = "questions"
    difficulty = "medium"

    def question(self, instance):
        text = instance.meta.get("question")
        return fill(text, instance.query) if text else self.target.question(instance)


class AnswerTypeQuestion(QuestionTask):
    """A question scored by exact match with its gold, read as its answer type."""

    answer_type = ""

    @property
    def answer(self):  # type: ignore[override]
        return ANSWER_TYPES[self.answer_type]

    @property
    def verifiable(self):  # type: ignore[override]
        return False

    def solve(self, instance):
        return instance.answer

    def check(self, value, instance):
        return self.answer.equals(value, instance.answer)


def _register() -> None:
    """One question task per answer type and per algorithmic task, named alike."""
    for kind in ANSWER_TYPES:
        task(type(f"{kind.title()}Question", (AnswerTypeQuestion,),
                  {"name": kind, "answer_type": kind,
                   "__doc__": f"Your question with a {kind} answer, scored by exact match."}))
    graphgauge_task("algorithmic/reachability")  # imports the algorithmic suite
    for name, target in REGISTRY["algorithmic"].items():
        task(type(f"Question_{name}", (QuestionTask,),
                  {"name": name, "maps_to": f"algorithmic/{name}",
                   "node_params": target.node_params, "difficulty": target.difficulty,
                   "__doc__": f"Your question scored as algorithmic/{name}."}))


_register()
