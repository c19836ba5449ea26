"""A suite in one file: ``demo``, whose one task asks for the number of leaves of a tree."""

from __future__ import annotations

from graphgauge.registry import SUITES, Suite
from graphgauge.scoring.answers import INT
from graphgauge.suites.base import Task, task

SUITES.add("demo", Suite(doc=__doc__))  # tasks only: each generates its own instances


@task
class LeafCount(Task):
    """Number of leaves (nodes of degree one) of a random tree."""

    suite = "demo"
    name = "leaf_count"
    difficulty = "easy"
    answer = INT
    families = ("random_tree",)

    def question(self, instance):
        return "How many nodes of the tree have exactly one neighbour?"

    def solve(self, instance):
        return sum(1 for _, degree in instance.graph.degree() if degree == 1)
