"""Counting and structural yes/no tasks."""

from __future__ import annotations

import networkx as nx

from graphgauge.scoring.answers import INT
from graphgauge.suites.algorithmic.common import AlgorithmicTask
from graphgauge.suites.base import task


@task
class Triangles(AlgorithmicTask):
    """Number of triangles in an undirected graph."""

    name = "triangles"
    difficulty = "hard"
    answer = INT

    def question(self, instance):
        return "How many triangles are in the graph?"

    def solve(self, instance):
        return sum(nx.triangles(instance.graph).values()) // 3
