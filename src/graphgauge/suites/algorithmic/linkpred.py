"""Link-prediction scores of a node pair, and the average neighbour degree of a node."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import networkx as nx

from graphgauge.scoring.answers import FLOAT, NODE_SET
from graphgauge.suites.algorithmic.common import (
    AlgorithmicTask,
    NodeQueryTask,
    choice,
    query_pair,
)
from graphgauge.suites.base import task

FAMILIES = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm")


class PairScore(AlgorithmicTask):
    """Base for questions about a pair of distinct nodes.

    Three pairs in four are two hops apart (two neighbours of one node), so that they share
    at least one neighbour; uniform pairs in sparse graphs would mostly score zero. The
    others avoid isolated nodes, whose Jaccard coefficient is undefined.
    """

    families = FAMILIES

    def sample_query(self, rng, graph):
        hubs = [v for v in sorted(graph.nodes) if graph.degree(v) >= 2]
        linked = [v for v in sorted(graph.nodes) if graph.degree(v) >= 1]
        if hubs and rng.random() < 0.75:
            pool = sorted(graph[choice(rng, hubs)])
        else:
            pool = linked if len(linked) >= 2 else sorted(graph.nodes)
        u, v = sorted(int(x) for x in rng.choice(pool, size=2, replace=False))
        return {"source": u, "target": v}


@task
class CommonNeighbor(PairScore):
    """Common neighbours of two given nodes."""

    name = "common_neighbor"
    max_nodes = 1120
    difficulty = "easy"
    answer = NODE_SET

    def question(self, instance):
        source, target = query_pair(instance)
        return f"What are the common neighbors of node {source} and node {target}?"

    def solve(self, instance):
        return sorted(int(w) for w in nx.common_neighbors(instance.graph, *query_pair(instance)))


class PairIndex(PairScore):
    """A networkx link-prediction index (``measure``) of the queried pair, asked for by
    its ``title``."""

    answer = FLOAT
    measure: ClassVar[Callable]
    title: ClassVar[str]

    def question(self, instance):
        source, target = query_pair(instance)
        return f"What is the {self.title} between node {source} and node {target}?"

    def solve(self, instance):
        [(_, _, score)] = type(self).measure(instance.graph, [query_pair(instance)])
        return float(score)


@task
class JaccardCoefficient(PairIndex):
    """Jaccard coefficient of the neighbourhoods of two given nodes."""

    name = "jaccard_coefficient"
    difficulty = "medium"
    measure = nx.jaccard_coefficient
    title = "Jaccard coefficient"


@task
class AdamicAdarIndex(PairIndex):
    """Adamic-Adar index of two given nodes."""

    name = "adamic_adar_index"
    difficulty = "medium"
    measure = nx.adamic_adar_index
    title = "Adamic-Adar index"


@task
class ResourceAllocationIndex(PairIndex):
    """Resource allocation index of two given nodes."""

    name = "resource_allocation_index"
    max_nodes = 560
    difficulty = "medium"
    measure = nx.resource_allocation_index
    title = "resource allocation index"


@task
class AvgNeighborDegree(NodeQueryTask):
    """Average degree of the neighbours of a given node."""

    name = "avg_neighbor_degree"
    max_nodes = 1120
    difficulty = "hard"
    answer = FLOAT
    families = FAMILIES
    min_degree = 1

    def question(self, instance):
        return f"What is the average neighbor degree of node {self.node(instance)}?"

    def solve(self, instance):
        node = self.node(instance)
        return float(nx.average_neighbor_degree(instance.graph, nodes=[node])[node])

