"""Traversal, ordering and path tasks.

Most of these have many correct answers (any BFS or DFS under some neighbour order, any
shortest path, any optimal tour), so they store one correct answer as gold and score with
a verifier. Where optimality is asked, the verifier compares against the gold answer's
cost, which is optimal by construction (and checked against independent solvers in the
tests), so scoring needs no solver run.
"""

from __future__ import annotations

import math

import networkx as nx

from graphgauge.scoring.answers import EDGE_SEQUENCE, NODE_LIST
from graphgauge.suites.algorithmic.common import (
    AlgorithmicTask,
    OptimisationTask,
    answer_edges,
    answer_nodes,
    bitmask_adjacency,
    bits,
    choice,
    is_simple_path,
    path_weight,
    pick_node,
    query_pair,
)
from graphgauge.suites.base import task


def _edges_json(edges) -> list[list[int]]:
    return [[int(u), int(v)] for u, v in edges]


def _far_pair(rng, graph) -> dict[str, int]:
    """A random source and a target at least half its eccentricity away: adjacent pairs
    would make path questions trivial."""
    source = int(rng.integers(graph.number_of_nodes()))
    hops = nx.single_source_shortest_path_length(graph, source)
    reach = max(hops.values())
    far = sorted(v for v, d in hops.items() if d >= max(1, math.ceil(reach / 2)))
    return {"source": source, "target": int(choice(rng, far))}


class _Traversal(AlgorithmicTask):
    answer = EDGE_SEQUENCE
    connected = True  # else a source in a tiny component gives a near-empty answer
    verifiable = True

    def sample_query(self, rng, graph):
        return {"source": pick_node(rng, graph)}


@task
class BFS(_Traversal):
    """Breadth-first search tree edges from a source, in discovery order."""

    name = "bfs"
    difficulty = "easy"

    def question(self, instance):
        return (
            f"Run a breadth-first search (BFS) starting from node {instance.query['source']}. "
            "List the edges of the BFS tree in the order their second node is discovered, "
            "writing each edge as (parent, child). Neighbours may be visited in any order; "
            "any valid BFS is accepted."
        )

    def solve(self, instance):
        return _edges_json(nx.bfs_edges(instance.graph, instance.query["source"]))

    def check(self, value, instance):
        """Replay a BFS queue: each dequeued node's block of edges must discover exactly
        its not-yet-discovered neighbours, in any order."""
        graph, source = instance.graph, instance.query["source"]
        edges = answer_edges(value, graph)
        if edges is None:
            return False
        order, discovered, at = [source], {source}, 0
        for parent in order:  # ``order`` grows while we walk it: it is the queue
            children = []
            while at < len(edges) and edges[at][0] == parent:
                children.append(edges[at][1])
                at += 1
            fresh = set(graph[parent]) - discovered
            if len(children) != len(fresh) or set(children) != fresh:
                return False
            discovered |= fresh
            order.extend(children)
        return at == len(edges)


@task
class DFS(_Traversal):
    """Depth-first search tree edges from a source, in traversal order."""

    name = "dfs"
    difficulty = "easy"

    def question(self, instance):
        return (
            f"Run a depth-first search (DFS) starting from node {instance.query['source']}. "
            "List the edges of the DFS tree in the order they are traversed, writing each "
            "edge as (parent, child). Neighbours may be visited in any order; any valid DFS "
            "is accepted."
        )

    def solve(self, instance):
        return _edges_json(nx.dfs_edges(instance.graph, instance.query["source"]))

    def check(self, value, instance):
        """Replay the DFS stack: an edge must leave a node on the stack for an undiscovered
        neighbour, and the nodes above it may only be abandoned once fully explored."""
        graph, source = instance.graph, instance.query["source"]
        edges = answer_edges(value, graph)
        if edges is None:
            return False
        stack, discovered = [source], {source}

        def backtrack_to(node) -> bool:
            while stack and stack[-1] != node:
                if any(w not in discovered for w in graph[stack[-1]]):
                    return False
                stack.pop()
            return True

        for parent, child in edges:
            if child in discovered or parent not in stack or not backtrack_to(parent):
                return False
            discovered.add(child)
            stack.append(child)
        return backtrack_to(None)


@task
class TopologicalSort(AlgorithmicTask):
    """An order of all nodes of a DAG with every edge pointing forward."""

    name = "topological_sort"
    max_nodes = 560
    difficulty = "hard"
    answer = NODE_LIST
    families = ("random_dag",)
    verifiable = True

    def question(self, instance):
        return (
            "Give a topological ordering of the graph: a list of all nodes such that for "
            "every edge (u, v), u comes before v. Any valid topological ordering is accepted."
        )

    def solve(self, instance):
        return [int(v) for v in nx.lexicographical_topological_sort(instance.graph)]

    def check(self, value, instance):
        graph = instance.graph
        order = answer_nodes(value, graph)
        if order is None or len(order) != len(graph) or len(set(order)) != len(order):
            return False
        position = {v: i for i, v in enumerate(order)}
        return all(position[u] < position[v] for u, v in graph.edges)


class _ShortestPath(OptimisationTask):
    answer = NODE_LIST
    connected = True

    def sample_query(self, rng, graph):
        return _far_pair(rng, graph)

    def cost(self, graph, path: list[int]) -> int:
        raise NotImplementedError

    def objective(self, value, instance):
        """The path's cost when it is a simple path between the asked pair."""
        graph = instance.graph
        path = answer_nodes(value, graph)
        if (path is None or not is_simple_path(graph, path)
                or (path[0], path[-1]) != query_pair(instance)):
            return None
        return self.cost(graph, path)


@task
class ShortestPath(_ShortestPath):
    """A path with the fewest edges between two nodes."""

    name = "shortest_path"
    difficulty = "hard"

    def question(self, instance):
        source, target = query_pair(instance)
        return (
            f"What is the shortest path between node {source} and node {target}? "
            "Give the path as the list of nodes from the first node to the second; any path "
            "with the fewest edges is accepted."
        )

    def solve(self, instance):
        return [int(v) for v in nx.shortest_path(instance.graph, *query_pair(instance))]

    def cost(self, graph, path):
        return len(path)


@task
class WeightedShortestPath(_ShortestPath):
    """A path of least total weight between two nodes."""

    name = "weighted_shortest_path"
    difficulty = "hard"
    weighted = True

    def question(self, instance):
        source, target = query_pair(instance)
        return (
            f"What is the shortest path between node {source} and node {target}, "
            "where the length of a path is the sum of its edge weights? Give the path as the "
            "list of nodes from the first node to the second; any path of minimum total "
            "weight is accepted."
        )

    def solve(self, instance):
        path = nx.dijkstra_path(instance.graph, *query_pair(instance), weight="weight")
        return [int(v) for v in path]

    def cost(self, graph, path):
        return path_weight(graph, path)


def hamiltonian_path(graph: nx.Graph) -> list[int] | None:
    """Backtracking over bitmasks, extending into the neighbour with the fewest free
    neighbours first (Warnsdorff). A branch dies when the unvisited nodes are disconnected
    or more than one of them could only be the final node."""
    nodes, adj = bitmask_adjacency(graph)

    def connected(mask: int) -> bool:
        seen = frontier = mask & -mask
        while frontier:
            grow = 0
            for v in bits(frontier):
                grow |= adj[v]
            frontier = grow & mask & ~seen
            seen |= frontier
        return seen == mask

    def extend(path: list[int], rest: int) -> bool:
        if not rest:
            return True
        if not connected(rest):
            return False
        reach = rest | 1 << path[-1]
        free = {v: (adj[v] & reach).bit_count() for v in bits(rest)}
        if sum(d < 2 for d in free.values()) > 1:
            return False
        for v in sorted(bits(adj[path[-1]] & rest), key=lambda v: (free[v], v)):
            path.append(v)
            if extend(path, rest & ~(1 << v)):
                return True
            path.pop()
        return False

    full = (1 << len(nodes)) - 1
    if not nodes or not connected(full):
        return None
    degree = [a.bit_count() for a in adj]
    ends = [i for i in range(len(nodes)) if degree[i] <= 1] or range(len(nodes))
    for start in sorted(ends, key=lambda i: (degree[i], i)):
        path = [start]
        if extend(path, full & ~(1 << start)):
            return [nodes[i] for i in path]
    return None


@task
class HamiltonianPath(AlgorithmicTask):
    """A path visiting every node exactly once, in a graph known to have one."""

    name = "hamiltonian_path"
    max_nodes = 160
    difficulty = "challenging"
    answer = NODE_LIST
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "random_tree")
    nodes = (5, 20)
    verifiable = True

    def sample_graph(self, rng, n):
        """The family's graph plus a planted path through a random order of all nodes, so
        every instance has an answer without biasing which path it is."""
        family, graph = super().sample_graph(rng, n)
        order = [int(v) for v in rng.permutation(n)]
        graph.add_edges_from(zip(order, order[1:], strict=False))
        return family, graph

    def question(self, instance):
        return (
            "Find a Hamiltonian path in the graph: a path that visits every node exactly "
            "once. Any Hamiltonian path is accepted."
        )

    def solve(self, instance):
        return hamiltonian_path(instance.graph)

    def check(self, value, instance):
        path = answer_nodes(value, instance.graph)
        return (
            path is not None
            and len(path) == len(instance.graph)
            and is_simple_path(instance.graph, path)
        )


def held_karp(graph: nx.Graph) -> list[int]:
    """An optimal tour of a complete weighted graph by dynamic programming over subsets,
    starting from the smallest node: O(2^n n^2), fine for the small sizes asked."""
    nodes = sorted(graph)
    if len(nodes) <= 3:
        return nodes
    first, others = nodes[0], nodes[1:]
    w = [[graph.edges[u, v]["weight"] if u != v else 0 for v in others] for u in others]
    home = [graph.edges[first, v]["weight"] for v in others]
    # best[mask][j]: (cost, previous j) of the cheapest path from ``first`` through the
    # ``others`` in mask, ending at others[j]
    best: list[dict[int, tuple[int, int]]] = [{} for _ in range(1 << len(others))]
    for j in range(len(others)):
        best[1 << j][j] = (home[j], -1)
    for mask in range(1, 1 << len(others)):
        for j in bits(mask):
            prev = mask ^ (1 << j)
            if prev:
                best[mask][j] = min((best[prev][k][0] + w[k][j], k) for k in bits(prev))
    full = (1 << len(others)) - 1
    end = min(range(len(others)), key=lambda j: (best[full][j][0] + home[j], j))
    tour, mask = [], full
    while end >= 0:
        tour.append(others[end])
        mask, end = mask ^ (1 << end), best[mask][end][1]
    return [first, *reversed(tour)]


@task
class TravelingSalesman(OptimisationTask):
    """A cheapest tour through all nodes of a small complete weighted graph."""

    name = "traveling_salesman_problem"
    difficulty = "hard"
    answer = NODE_LIST
    families = ("complete",)
    weighted = True
    nodes = (4, 9)
    max_nodes = 12

    def too_large(self, nodes):
        """Never: a larger range is clamped to ``max_nodes`` (below)."""
        return False

    def sample_graph(self, rng, n):
        """Held-Karp is exponential: a suite-wide node range beyond ``max_nodes`` is
        clamped (meta records the real size) rather than stalling generation."""
        return super().sample_graph(rng, min(n, self.max_nodes))

    def question(self, instance):
        return (
            "Find the shortest tour that visits every node exactly once and returns to the "
            "starting node, where the length of a tour is the sum of its edge weights. Give "
            "the tour as the list of nodes in visiting order, each node once (the return to "
            "the start is implied). Any tour of minimum total weight is accepted."
        )

    def solve(self, instance):
        return held_karp(instance.graph)

    @staticmethod
    def tour_weight(graph, tour: list[int]) -> int:
        return path_weight(graph, [*tour, tour[0]])

    def objective(self, value, instance):
        """The tour's weight when it visits every node once."""
        graph = instance.graph
        tour = answer_nodes(value, graph)
        if tour is None:
            return None
        if len(tour) == len(graph) + 1 and tour[0] == tour[-1]:
            tour = tour[:-1]  # the start written again at the end
        if len(tour) != len(graph) or not is_simple_path(graph, tour):
            return None
        return self.tour_weight(graph, tour)
