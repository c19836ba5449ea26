"""Spanning trees, covers, independent sets, matchings and flow.

Apart from maximum flow (one number), each task has many correct answers: gold is one
of them and ``check`` verifies the model's answer. "Minimal"/"maximal" tasks ask for an
answer no single change can improve; "minimum"/"maximum" tasks ask for an optimum, and
the verifier compares with the gold answer's size or weight, optimal by construction.
"""

from __future__ import annotations

import networkx as nx

from graphgauge.scoring.answers import EDGE_SET, INT, NODE_SET
from graphgauge.suites.algorithmic.common import (
    AlgorithmicTask,
    OptimisationTask,
    answer_edge_set,
    answer_nodes,
    bitmask_adjacency,
    bits,
    total_weight,
)
from graphgauge.suites.base import task


def _sorted_edges(edges) -> list[list[int]]:
    return sorted([min(int(u), int(v)), max(int(u), int(v))] for u, v in edges)


def _node_set(value, graph) -> set[int] | None:
    """The answer as a set of nodes of ``graph``; None if malformed or repeating a node."""
    nodes = answer_nodes(value, graph)
    return set(nodes) if nodes is not None and len(set(nodes)) == len(nodes) else None


def _dominates(graph, chosen: set[int]) -> bool:
    return all(v in chosen or any(u in chosen for u in graph[v]) for v in graph)


def _is_independent(graph, chosen: set[int]) -> bool:
    return not any(u in chosen for v in chosen for u in graph[v])


def _is_matching(edges: set[tuple[int, int]]) -> bool:
    return len({v for edge in edges for v in edge}) == 2 * len(edges)


class _EdgeSetTask(OptimisationTask):
    """Verify a set of edges: ``valid`` says whether it has the asked-for structure and
    ``value`` is its objective, which must equal the gold answer's (size or weight)."""

    answer = EDGE_SET

    def valid(self, graph, edges: set[tuple[int, int]]) -> bool:
        raise NotImplementedError

    def value(self, graph, edges) -> int:
        return len(edges)

    def objective(self, value, instance):
        graph = instance.graph
        edges = answer_edge_set(value, graph)
        if edges is None or not self.valid(graph, edges):
            return None
        return self.value(graph, edges)


class _SpanningTree(_EdgeSetTask):
    connected = True

    def valid(self, graph, edges):
        tree = nx.Graph(list(edges))
        tree.add_nodes_from(graph)
        return len(edges) == len(graph) - 1 and nx.is_connected(tree)

    def solve(self, instance):
        return _sorted_edges(nx.minimum_spanning_tree(instance.graph).edges)


@task
class MinimumSpanningTree(_SpanningTree):
    """A spanning tree of a connected unweighted graph."""

    name = "minimum_spanning_tree"
    max_nodes = 1120
    difficulty = "easy"

    def question(self, instance):
        return (
            "Find a spanning tree of the graph: a set of edges of the graph that connects "
            "all nodes and contains no cycle. Any spanning tree is accepted."
        )


@task
class WeightedMinimumSpanningTree(_SpanningTree):
    """A spanning tree of least total weight."""

    name = "weighted_minimum_spanning_tree"
    max_nodes = 1120
    difficulty = "easy"
    weighted = True

    def question(self, instance):
        return (
            "Find a minimum spanning tree of the graph: a set of edges that connects all "
            "nodes, contains no cycle and has the smallest possible sum of edge weights. "
            "Any minimum spanning tree is accepted."
        )

    def value(self, graph, edges):
        return total_weight(graph, edges)


@task
class MinimumEdgeCovering(_EdgeSetTask):
    """A smallest set of edges touching every node."""

    name = "min_edge_covering"
    max_nodes = 560
    difficulty = "medium"
    connected = True  # no isolated node, so a cover exists

    def question(self, instance):
        return (
            "Find a minimum edge cover of the graph: a set of edges such that every node is "
            "an endpoint of at least one of them, with as few edges as possible. Any minimum "
            "edge cover is accepted."
        )

    def solve(self, instance):
        return _sorted_edges(nx.min_edge_cover(instance.graph))

    def valid(self, graph, edges):
        return {v for edge in edges for v in edge} == set(graph)


@task
class BipartiteMaximumMatching(_EdgeSetTask):
    """A largest matching in a bipartite graph."""

    name = "bipartite_maximum_matching"
    max_nodes = 1120
    difficulty = "medium"
    sense = "max"
    families = ("bipartite",)
    connected = True

    def question(self, instance):
        return (
            "The graph is bipartite. Find a maximum matching: a set of edges, no two sharing "
            "a node, with as many edges as possible. Any maximum matching is accepted."
        )

    def solve(self, instance):
        """Sides from a 2-colouring of each component: ``nx.bipartite.sets`` refuses a
        disconnected graph (its sides are ambiguous), and imported graphs often are.
        Colour 1 is the top side, as ``sets`` picks it, so generated gold is unchanged."""
        graph = instance.graph
        top = {v for v, side in nx.bipartite.color(graph).items() if side == 1}
        mates = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)
        return _sorted_edges((u, v) for u, v in mates.items() if u in top)

    def valid(self, graph, edges):
        return _is_matching(edges)


@task
class MaxWeightMatching(_EdgeSetTask):
    """A matching of largest total weight."""

    name = "max_weight_matching"
    max_nodes = 280
    difficulty = "hard"
    sense = "max"
    weighted = True

    def question(self, instance):
        return (
            "Find a maximum weight matching: a set of edges, no two sharing a node, whose "
            "sum of edge weights is as large as possible. Any maximum weight matching is "
            "accepted."
        )

    def solve(self, instance):
        return _sorted_edges(nx.max_weight_matching(instance.graph, weight="weight"))

    def valid(self, graph, edges):
        return _is_matching(edges)

    def value(self, graph, edges):
        return total_weight(graph, edges)


class _NodeSetTask(AlgorithmicTask):
    answer = NODE_SET
    verifiable = True

    def valid(self, graph, nodes: set[int], gold: list[int]) -> bool:
        raise NotImplementedError

    def check(self, value, instance):
        nodes = _node_set(value, instance.graph)
        return nodes is not None and self.valid(instance.graph, nodes, instance.answer)


@task
class DominatingSet(_NodeSetTask):
    """A minimal (not minimum) dominating set."""

    name = "dominating_set"
    max_nodes = 1120
    difficulty = "easy"

    def question(self, instance):
        return (
            "Find a minimal dominating set of the graph: a set of nodes such that every node "
            "is in the set or adjacent to a node in the set, and no node can be removed from "
            "the set without losing this property. It need not be the smallest such set; "
            "any minimal dominating set is accepted."
        )

    def solve(self, instance):
        graph = instance.graph
        chosen = set(nx.dominating_set(graph))
        for v in sorted(chosen):  # networkx's greedy set may have redundant nodes
            if _dominates(graph, chosen - {v}):
                chosen.discard(v)
        return sorted(int(v) for v in chosen)

    def valid(self, graph, nodes, gold):
        return _dominates(graph, nodes) and not any(
            _dominates(graph, nodes - {v}) for v in nodes
        )


@task
class MaximalIndependentSet(_NodeSetTask):
    """A maximal (not maximum) independent set."""

    name = "maximal_independent_set"
    max_nodes = 560
    difficulty = "challenging"

    def question(self, instance):
        return (
            "Find a maximal independent set of the graph: a set of nodes, no two adjacent, "
            "such that no other node can be added without breaking this property. It need "
            "not be the largest such set; any maximal independent set is accepted."
        )

    def solve(self, instance):
        """Greedy by fewest remaining neighbours, deterministic (unlike networkx's
        randomized one, whose output could change between releases)."""
        graph = instance.graph
        left, chosen = set(graph), []
        while left:
            v = min(left, key=lambda v: (sum(u in left for u in graph[v]), v))
            chosen.append(int(v))
            left -= {v, *graph[v]}
        return sorted(chosen)

    def valid(self, graph, nodes, gold):
        return _is_independent(graph, nodes) and _dominates(graph, nodes)


def minimum_vertex_cover(graph: nx.Graph) -> list[int]:
    """Exact branch and bound over bitmasks: a leaf's neighbour is always taken; otherwise
    branch on a node of highest degree (take it, or take all its neighbours). A greedy
    matching bounds a branch from below, since each matched edge needs its own node."""
    nodes, adj = bitmask_adjacency(graph)
    best = [sum(1 << i for i, around in enumerate(adj) if around)]

    def search(alive: int, taken: int) -> None:
        changed = True
        while changed:
            changed = False
            for v in bits(alive):
                around = adj[v] & alive
                if not alive >> v & 1 or around & (around - 1):
                    continue  # already removed, or degree >= 2
                alive &= ~(1 << v)
                if around:
                    taken |= around
                    alive &= ~around
                    changed = True
        size = taken.bit_count()
        if size >= best[0].bit_count():
            return
        if not alive:
            best[0] = taken
            return
        matched, rest = 0, alive
        while rest:
            v = (rest & -rest).bit_length() - 1
            rest &= ~(1 << v)
            around = adj[v] & rest
            if around:
                rest &= ~(around & -around)
                matched += 1
        if size + matched >= best[0].bit_count():
            return
        v = max(bits(alive), key=lambda v: ((adj[v] & alive).bit_count(), -v))
        search(alive & ~(1 << v), taken | 1 << v)
        around = adj[v] & alive
        search(alive & ~(1 << v) & ~around, taken | around)

    search((1 << len(nodes)) - 1, 0)
    return [int(nodes[i]) for i in bits(best[0])]


@task
class MinimumVertexCover(OptimisationTask):
    """A smallest set of nodes touching every edge."""

    name = "min_vertex_cover"
    difficulty = "challenging"
    answer = NODE_SET

    def question(self, instance):
        return (
            "Find a minimum vertex cover of the graph: a set of nodes such that every edge "
            "has at least one endpoint in the set, with as few nodes as possible. Any "
            "minimum vertex cover is accepted."
        )

    def solve(self, instance):
        return minimum_vertex_cover(instance.graph)

    def objective(self, value, instance):
        graph = instance.graph
        nodes = _node_set(value, graph)
        if nodes is None or not all(u in nodes or v in nodes for u, v in graph.edges):
            return None
        return len(nodes)


@task
class MaximumFlow(AlgorithmicTask):
    """The value of a maximum flow between the network's source and sink."""

    name = "maximum_flow"
    max_nodes = 560
    difficulty = "challenging"
    answer = INT
    families = ("flow_network",)

    def sample_query(self, rng, graph):
        return {"source": int(graph.graph["source"]), "sink": int(graph.graph["sink"])}

    def question(self, instance):
        q = instance.query
        return f"What is the maximum flow from node {q['source']} to node {q['sink']}?"

    def solve(self, instance):
        q = instance.query
        return int(nx.maximum_flow_value(instance.graph, q["source"], q["sink"]))
