"""Eccentricity-based tasks on connected graphs: center, periphery, radius, diameter,
barycenter and the Wiener index (all undefined or infinite when the graph is split)."""

from __future__ import annotations

import networkx as nx

from graphgauge.scoring.answers import INT, NODE_SET
from graphgauge.suites.algorithmic.common import AlgorithmicTask
from graphgauge.suites.base import task


class DistanceTask(AlgorithmicTask):
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "random_tree", "grid", "sbm")
    connected = True


@task
class Center(DistanceTask):
    """Nodes of minimum eccentricity."""

    name = "center"
    max_nodes = 1120
    difficulty = "hard"
    answer = NODE_SET

    def question(self, instance):
        return (
            "What is the center of the graph, that is, the set of nodes whose largest "
            "distance to any other node is smallest?"
        )

    def solve(self, instance):
        return sorted(int(v) for v in nx.center(instance.graph))


@task
class Periphery(DistanceTask):
    """Nodes of maximum eccentricity."""

    name = "periphery"
    max_nodes = 560
    difficulty = "hard"
    answer = NODE_SET

    def question(self, instance):
        return (
            "What is the periphery of the graph, that is, the set of nodes whose largest "
            "distance to any other node is largest?"
        )

    def solve(self, instance):
        return sorted(int(v) for v in nx.periphery(instance.graph))


@task
class Barycenter(DistanceTask):
    """Nodes of minimum total distance to all other nodes."""

    name = "barycenter"
    max_nodes = 2240
    difficulty = "hard"
    answer = NODE_SET

    def question(self, instance):
        return (
            "What is the barycenter of the graph, that is, the set of nodes whose sum of "
            "distances to all other nodes is smallest?"
        )

    def solve(self, instance):
        return sorted(int(v) for v in nx.barycenter(instance.graph))


@task
class Radius(DistanceTask):
    """Minimum eccentricity of a connected graph."""

    name = "radius"
    max_nodes = 560
    difficulty = "hard"
    answer = INT

    def question(self, instance):
        return "What is the radius of the graph?"

    def solve(self, instance):
        return int(nx.radius(instance.graph))


@task
class Diameter(DistanceTask):
    """Maximum eccentricity (longest shortest path) of a connected graph."""

    name = "diameter"
    max_nodes = 1120
    difficulty = "hard"
    answer = INT

    def question(self, instance):
        return "What is the diameter of the graph?"

    def solve(self, instance):
        return int(nx.diameter(instance.graph))


@task
class WienerIndex(DistanceTask):
    """Wiener index: sum of the distances over all unordered node pairs."""

    name = "wiener_index"
    max_nodes = 2240
    difficulty = "challenging"
    answer = INT

    def question(self, instance):
        return "What is the Wiener index of the graph?"

    def solve(self, instance):
        return int(nx.wiener_index(instance.graph))
