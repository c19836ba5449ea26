"""GraphWalks' two operations (OpenAI's long-context graph benchmark) as graphgauge tasks.

Both answers are node sets with one correct value, recomputed from the graph by the
solvers below: ``bfs`` asks for the nodes at exactly a given depth from a start node,
``parents`` for a node's in-neighbours (never the node itself). ``graphwalks_f1`` is
GraphWalks' own score: the F1 of the answered set against its published ``answer_nodes``.
Node names are GraphWalks' hexadecimal strings; answers written in them ("Final Answer:
[1679091c5a, ...]", the benchmark's own layout) are read back (see ``SourceTask.parse``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import networkx as nx

from graphgauge.scoring.answers import NODE_SET, Prediction
from graphgauge.suites.base import task
from graphgauge.suites.contract import Suite
from graphgauge.suites.imported import source
from graphgauge.suites.imported.source import SourceTask

SUITE = Suite(doc=__doc__, generate=source.generate_suite)  # refuses: import instead


def set_f1(predicted, gold) -> float:
    """GraphWalks' F1 of two node collections (duplicates ignored; two empty sets
    agree perfectly)."""
    predicted, gold = set(predicted), set(gold)
    if not predicted and not gold:
        return 1.0
    overlap = len(predicted & gold)
    if not overlap:
        return 0.0
    precision, recall = overlap / len(predicted), overlap / len(gold)
    return 2 * precision * recall / (precision + recall)


_FINAL_ANSWER = re.compile(r"Final Answer:\s*\[(.*)\]")


@dataclass(frozen=True)
class GraphWalksPrediction(Prediction):
    """graphgauge's reading of an answer, and GraphWalks' own (``final_answer``: node
    ids of its "Final Answer: [...]" line, None when it finds none)."""

    final_answer: list[int] | None = None


def final_answer(text: str, names: list[str], labels=None) -> list[int] | None:
    """GraphWalks' grader's reading (as lm-evaluation-harness's graphwalks task applies
    it): the response's last line (trailing blank lines aside) must hold "Final Answer:
    [a, b, ...]", else nothing is read; quotes around items are dropped. Items are taken
    in the prompt's node names (``labels``; None: ids), or GraphWalks' own names; an
    item naming no node becomes a distinct non-node (-1, -2, ...), so it counts as wrong."""
    lines = text.rstrip().split("\n")
    match = _FINAL_ANSWER.search(lines[-1]) if "Final Answer:" in lines[-1] else None
    if match is None:
        return None
    lookup = {name: i for i, name in enumerate(names)}
    shown = labels if labels is not None else [str(i) for i in range(len(names))]
    lookup.update({str(label): i for i, label in enumerate(shown)})
    items = [item.strip().strip("'\"") for item in match[1].split(",") if item.strip()]
    return [lookup.get(item, -1 - k) for k, item in enumerate(items)]


def nodes_at_depth(graph: nx.DiGraph, start: int, depth: int) -> list[int]:
    """Nodes whose shortest directed distance from ``start`` is exactly ``depth``."""
    distance = nx.single_source_shortest_path_length(graph, start, cutoff=depth)
    return sorted(int(v) for v, d in distance.items() if d == depth)


class GraphWalksTask(SourceTask):
    suite = "graphwalks"
    source_metric = "graphwalks_f1"
    difficulty = "hard"
    answer = NODE_SET
    verifiable = False  # one correct set: compared, not verified

    def check(self, value, instance):
        return self.answer.equals(value, instance.answer)

    @property
    def instruction(self):
        """GraphWalks' own request: its grader reads only this line."""
        return ("Return your final answer as a list of nodes in the very last line of your "
                "response, e.g. Final Answer: [node1, node2] (Final Answer: [] for none).")

    def format_answer(self, value, prompt):
        return f"Final Answer: {self.answer.format(value, prompt.labels)}"

    def parse(self, text, instance, labels=None):
        read = super().parse(text, instance, labels)
        return GraphWalksPrediction(value=read.value, ok=read.ok, error=read.error,
                                    final_answer=final_answer(text, instance.meta["node_names"],
                                                              labels))

    def source_prediction_score(self, prediction, instance):
        """GraphWalks' F1 of the nodes its own grader reads (0 when it reads none)."""
        nodes = getattr(prediction, "final_answer", None)
        return 0.0 if nodes is None else set_f1(nodes, instance.meta["source_gold"])

@task
class BFS(GraphWalksTask):
    """The nodes at exactly a given depth of a breadth-first search."""

    name = "bfs"

    def question(self, instance):
        q = instance.query
        return (
            f"Perform a BFS from node {q['source']} with depth {q['depth']}: give only the "
            "nodes whose distance from it along directed edges is exactly that depth (not "
            "nodes at smaller depths), without the starting node."
        )

    def solve(self, instance):
        return nodes_at_depth(instance.graph, instance.query["source"], instance.query["depth"])


@task
class Parents(GraphWalksTask):
    """The nodes with an edge leading to a given node."""

    name = "parents"

    def question(self, instance):
        return (
            f"Find the parents of node {instance.query['node']}: the nodes that have an edge "
            "leading to it. Do not include the node itself."
        )

    def solve(self, instance):
        node = instance.query["node"]
        return sorted(int(v) for v in instance.graph.predecessors(node) if v != node)
