"""Counting and structural yes/no tasks."""

from __future__ import annotations

import networkx as nx

from graphgauge.graphs.families import FAMILIES
from graphgauge.scoring.answers import BOOL, EDGE_SET, FLOAT, INT, NODE_SET
from graphgauge.suites.algorithmic.common import (
    AlgorithmicTask,
    MixedFamilyTask,
    NodeQueryTask,
    choice,
    pick_pair,
    query_pair,
)
from graphgauge.suites.base import task

# --- task-specific graph builders (unshuffled, nodes 0..n-1) ----------------------------


def _toggle_random_pair(rng, graph):
    """Add or remove the edge of one random node pair, in place: exactly two degrees
    change by one, which breaks regularity and even degrees (a near miss)."""
    u, v = (int(x) for x in rng.choice(graph.number_of_nodes(), size=2, replace=False))
    if graph.has_edge(u, v):
        graph.remove_edge(u, v)
    else:
        graph.add_edge(u, v)
    return graph


def _random_regular(rng, n):
    """A random d-regular graph, d in 2..6 (less on tiny graphs) with n*d even."""
    degrees = [d for d in range(min(2, n - 1), min(6, n - 1) + 1) if n * d % 2 == 0]
    seed = int(rng.integers(0, 2**31 - 1))
    return nx.random_regular_graph(int(choice(rng, degrees)), n, seed=seed)


def _near_regular(rng, n):
    return _toggle_random_pair(rng, _random_regular(rng, n))


def _eulerian(rng, n):
    """A Hamiltonian cycle plus random edge-disjoint short cycles: connected, all degrees
    even, and unlike a bare cycle with varied degrees. (Below 3 nodes no simple graph with
    an edge is Eulerian: there it is just a path.)"""
    graph = nx.cycle_graph(n)
    for _ in range(int(rng.integers(0, n // 2 + 1)) if n >= 3 else 0):
        ring = [int(x) for x in rng.choice(n, size=int(rng.integers(3, min(n, 7) + 1)),
                                           replace=False)]
        edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
        if not any(graph.has_edge(u, v) for u, v in edges):
            graph.add_edges_from(edges)
    return graph


def _near_eulerian(rng, n):
    """An Eulerian graph with one pair toggled: still connected (Eulerian graphs have no
    bridge) but with two odd degrees."""
    return _toggle_random_pair(rng, _eulerian(rng, n))


def _tournament_missing_arc(rng, n):
    graph = FAMILIES["tournament"](rng, n)
    graph.remove_edge(*choice(rng, sorted(graph.edges)))
    return graph


def _tournament_two_way_arc(rng, n):
    graph = FAMILIES["tournament"](rng, n)
    u, v = choice(rng, sorted(graph.edges))
    graph.add_edge(v, u)
    return graph


def _sparse_random(rng, n):
    """G(n, c/n) with c in [0.5, 2]: many components of varied sizes."""
    return FAMILIES["erdos_renyi"](rng, n, p=float(rng.uniform(0.5, 2.0)) / n)


# --- counts ------------------------------------------------------------------------------


@task
class NodeNumber(AlgorithmicTask):
    """Number of nodes in the graph."""

    name = "node_number"
    difficulty = "easy"
    answer = INT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "random_tree", "sbm")

    def question(self, instance):
        return "How many nodes are in the graph?"

    def solve(self, instance):
        return instance.graph.number_of_nodes()


@task
class EdgeNumber(AlgorithmicTask):
    """Number of edges in the graph."""

    name = "edge_number"
    difficulty = "easy"
    answer = INT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "random_tree", "sbm")

    def question(self, instance):
        return "How many edges are in the graph?"

    def solve(self, instance):
        return instance.graph.number_of_edges()


@task
class Density(AlgorithmicTask):
    """Density of an undirected or directed graph (edges over possible edges)."""

    name = "density"
    difficulty = "easy"
    answer = FLOAT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm", "random_digraph")

    def question(self, instance):
        return "What is the density of the graph?"

    def solve(self, instance):
        return float(nx.density(instance.graph))


@task
class Degree(NodeQueryTask):
    """Degree of a given node."""

    name = "degree"
    difficulty = "easy"
    answer = INT

    def question(self, instance):
        return f"What is the degree of node {self.node(instance)}?"

    def solve(self, instance):
        return instance.graph.degree(self.node(instance))


@task
class Neighbor(NodeQueryTask):
    """Neighbours of a given node."""

    name = "neighbor"
    difficulty = "easy"
    answer = NODE_SET
    min_degree = 1

    def question(self, instance):
        return f"What are the neighbors of node {self.node(instance)}?"

    def solve(self, instance):
        return sorted(int(v) for v in instance.graph[self.node(instance)])


@task
class EdgeExistence(AlgorithmicTask):
    """Whether an edge joins two given nodes (half of the pairs are edges)."""

    name = "edge_existence"
    max_nodes = 2240
    difficulty = "easy"
    answer = BOOL

    def sample_query(self, rng, graph):
        return pick_pair(rng, graph, adjacent=bool(rng.random() < 0.5))

    def question(self, instance):
        source, target = query_pair(instance)
        return f"Is there an edge between node {source} and node {target}?"

    def solve(self, instance):
        return instance.graph.has_edge(*query_pair(instance))


@task
class ConnectedComponentNumber(MixedFamilyTask):
    """Number of connected components of an undirected graph."""

    name = "connected_component_number"
    difficulty = "medium"
    answer = INT
    families = ("multi_component", "erdos_renyi", "barabasi_albert")
    builders = {"sparse_random": _sparse_random}

    def question(self, instance):
        return "How many connected components are in the graph?"

    def solve(self, instance):
        return nx.number_connected_components(instance.graph)


@task
class Reachability(MixedFamilyTask):
    """Whether a path joins two given nodes of an undirected graph (NLGraph's
    connectivity and GraphQA's reachability question)."""

    name = "reachability"
    difficulty = "easy"
    answer = BOOL
    families = ("multi_component", "erdos_renyi")
    builders = {"sparse_random": _sparse_random}

    def sample_graph(self, rng, n):
        """A graph holding both answers (an edge, and two or more components), redrawn until
        it does: the pair drawn in ``sample_query`` alone then decides yes or no, so "always
        yes" scores 50% and nothing about the graph as a whole gives the answer away."""
        for _ in range(1000):
            family, graph = super().sample_graph(rng, n)
            if graph.number_of_edges() and not nx.is_connected(graph):
                return family, graph
        raise RuntimeError(f"no graph with both kinds of pair in 1000 draws (n={n})")

    def sample_query(self, rng, graph):
        """A joined or a separated pair, each with probability 1/2."""
        component = {v: i for i, part in enumerate(nx.connected_components(graph)) for v in part}
        nodes = sorted(graph.nodes)
        pairs = [(u, v) for i, u in enumerate(nodes) for v in nodes[i + 1 :]]
        joined = bool(rng.random() < 0.5)
        u, v = choice(rng, [p for p in pairs if (component[p[0]] == component[p[1]]) == joined])
        return {"source": int(u), "target": int(v)}

    def question(self, instance):
        source, target = query_pair(instance)
        return f"Is there a path between node {source} and node {target}?"

    def solve(self, instance):
        return nx.has_path(instance.graph, *query_pair(instance))


@task
class StronglyConnectedNumber(AlgorithmicTask):
    """Number of strongly connected components of a directed graph."""

    name = "strongly_connected_number"
    max_nodes = 560
    difficulty = "hard"
    answer = INT
    families = ("random_digraph",)

    def question(self, instance):
        return "How many strongly connected components are in the graph?"

    def solve(self, instance):
        return nx.number_strongly_connected_components(instance.graph)


@task
class Triangles(AlgorithmicTask):
    """Number of triangles in an undirected graph."""

    name = "triangles"
    max_nodes = 560
    difficulty = "hard"
    answer = INT

    def question(self, instance):
        return "How many triangles are in the graph?"

    def solve(self, instance):
        return sum(nx.triangles(instance.graph).values()) // 3


@task
class LocalConnectivity(AlgorithmicTask):
    """Local node connectivity of two given (preferably non-adjacent) nodes."""

    name = "local_connectivity"
    max_nodes = 2240
    difficulty = "medium"
    answer = INT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm", "grid")
    connected = True

    def sample_query(self, rng, graph):
        return pick_pair(rng, graph, adjacent=False)

    def question(self, instance):
        source, target = query_pair(instance)
        return (
            f"What is the local node connectivity between node {source} and node {target}, "
            "that is, the largest number of paths between them that share no node other "
            "than the two endpoints?"
        )

    def solve(self, instance):
        return nx.node_connectivity(instance.graph, *query_pair(instance))


@task
class Bridges(AlgorithmicTask):
    """All bridges of an undirected graph."""

    name = "bridges"
    difficulty = "hard"
    answer = EDGE_SET
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm", "random_tree")
    connected = True

    def question(self, instance):
        return (
            "What are the bridges of the graph, that is, the edges whose removal increases "
            "the number of connected components?"
        )

    def solve(self, instance):
        return sorted(sorted([int(u), int(v)]) for u, v in nx.bridges(instance.graph))


@task
class ClusteringCoefficient(NodeQueryTask):
    """Local clustering coefficient of a given node."""

    name = "clustering_coefficient"
    max_nodes = 1120
    difficulty = "medium"
    answer = FLOAT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm")
    min_degree = 2

    def question(self, instance):
        return f"What is the clustering coefficient of node {self.node(instance)}?"

    def solve(self, instance):
        return float(nx.clustering(instance.graph, self.node(instance)))


# --- yes/no properties ---------------------------------------------------------------------


@task
class HasCycle(AlgorithmicTask):
    """Whether an undirected graph contains a cycle (trees, paths and stars do not)."""

    name = "has_cycle"
    max_nodes = 2240
    difficulty = "easy"
    answer = BOOL
    families = ("random_tree", "path", "star", "erdos_renyi", "watts_strogatz",
                "barabasi_albert", "cycle")

    def question(self, instance):
        return "Does the graph contain a cycle?"

    def solve(self, instance):
        return not nx.is_forest(instance.graph)


@task
class IsRegular(MixedFamilyTask):
    """Whether every node has the same degree."""

    name = "is_regular"
    difficulty = "easy"
    answer = BOOL
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "cycle", "complete")
    builders = {"random_regular": _random_regular, "near_regular": _near_regular}

    def question(self, instance):
        return "Is the graph regular, that is, do all nodes have the same degree?"

    def solve(self, instance):
        return nx.is_regular(instance.graph)


@task
class IsTournament(MixedFamilyTask):
    """Whether a directed graph is a tournament (or a near miss)."""

    name = "is_tournament"
    max_nodes = 560
    difficulty = "easy"
    answer = BOOL
    families = ("tournament",)
    builders = {
        "tournament_missing_arc": _tournament_missing_arc,
        "tournament_two_way_arc": _tournament_two_way_arc,
    }

    def question(self, instance):
        return (
            "Is the graph a tournament, that is, is every pair of distinct nodes joined by "
            "exactly one directed edge?"
        )

    def solve(self, instance):
        return nx.is_tournament(instance.graph)


@task
class IsBipartite(AlgorithmicTask):
    """Whether an undirected graph is bipartite."""

    name = "is_bipartite"
    difficulty = "medium"
    answer = BOOL
    families = ("bipartite", "random_tree", "grid", "cycle", "erdos_renyi", "watts_strogatz",
                "barabasi_albert")

    def question(self, instance):
        return "Is the graph bipartite?"

    def solve(self, instance):
        return nx.is_bipartite(instance.graph)


@task
class IsEularian(MixedFamilyTask):
    """Whether a connected undirected graph is Eulerian."""

    name = "is_eularian"
    difficulty = "medium"
    answer = BOOL
    families = ("cycle", "erdos_renyi", "watts_strogatz")
    connected = True
    builders = {"eulerian": _eulerian, "near_eulerian": _near_eulerian}

    def question(self, instance):
        return (
            "Is the graph Eulerian, that is, does it have a closed walk that uses every edge "
            "exactly once?"
        )

    def solve(self, instance):
        return nx.is_eulerian(instance.graph)
