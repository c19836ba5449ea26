"""Centrality of a node, and the global efficiency of a graph.

Graphs are connected: on disconnected graphs closeness and efficiency have competing
definitions, and the question should have one answer.
"""

from __future__ import annotations

import networkx as nx

from graphgauge.scoring.answers import FLOAT
from graphgauge.suites.algorithmic.common import AlgorithmicTask, NodeQueryTask
from graphgauge.suites.base import task

FAMILIES = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "random_tree", "sbm", "grid")


class Centrality(NodeQueryTask):
    """Base: the ``title`` of the queried node, as computed by ``measure``."""

    answer = FLOAT
    families = FAMILIES
    connected = True
    title = ""

    def measure(self, graph, node):
        raise NotImplementedError

    def question(self, instance):
        return f"What is the {self.title} of node {self.node(instance)}?"

    def solve(self, instance):
        return float(self.measure(instance.graph, self.node(instance)))


@task
class DegreeCentrality(Centrality):
    """Degree centrality of a given node."""

    name = "degree_centrality"
    difficulty = "medium"
    title = "degree centrality"

    def measure(self, graph, node):
        return nx.degree_centrality(graph)[node]


@task
class ClosenessCentrality(Centrality):
    """Closeness centrality of a given node."""

    name = "closeness_centrality"
    max_nodes = 560
    difficulty = "hard"
    title = "closeness centrality"

    def measure(self, graph, node):
        return nx.closeness_centrality(graph, u=node)


@task
class HarmonicCentrality(Centrality):
    """Harmonic centrality of a given node (sum of inverse distances)."""

    name = "harmonic_centrality"
    difficulty = "hard"
    title = "harmonic centrality"

    def measure(self, graph, node):
        return nx.harmonic_centrality(graph, nbunch=[node])[node]


@task
class BetweennessCentrality(Centrality):
    """Normalized betweenness centrality of a given node (not a leaf, when possible)."""

    name = "betweenness_centrality"
    max_nodes = 560
    difficulty = "hard"
    title = "normalized betweenness centrality"
    min_degree = 2

    def measure(self, graph, node):
        return nx.betweenness_centrality(graph)[node]


@task
class GlobalEfficiency(AlgorithmicTask):
    """Global efficiency of a graph (average inverse distance over node pairs)."""

    name = "global_efficiency"
    max_nodes = 560
    difficulty = "challenging"
    answer = FLOAT
    families = FAMILIES
    connected = True

    def question(self, instance):
        return "What is the global efficiency of the graph?"

    def solve(self, instance):
        return float(nx.global_efficiency(instance.graph))
