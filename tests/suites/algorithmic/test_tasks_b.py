"""Algorithmic tasks, part B: traversals, paths, tours, trees, covers, matchings, flow.

Every gold answer is checked against a reference written here with a different
algorithm (Corneil-Krueger characterisations of BFS/DFS orders, Floyd-Warshall, Prim,
Held-Karp by brute force over permutations, integer programs, Tutte-matrix rank,
Kuhn's augmenting paths, Edmonds-Karp). Each verifier must agree with the reference on
the gold answer, on other correct answers and on corrupted ones, and must reject
malformed values without raising.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import deque
from functools import cache

import networkx as nx
import numpy as np
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp

from graphgauge.instance import Instance
from graphgauge.registry import generate, get_task
from graphgauge.scoring.answers import Prediction
from graphgauge.suites.algorithmic.traversal import hamiltonian_path

COUNT = 200
SEED = 11


@cache
def instances(name: str, nodes: tuple[int, int] | None = None) -> list[Instance]:
    """Generated instances as read back from JSON: verifiers must work on rebuilt graphs."""
    made = generate("algorithmic", [name], count=COUNT, seed=SEED, nodes=nodes)
    return [Instance.from_dict(json.loads(inst.to_json())) for inst in made]


_MEMO: dict[tuple, object] = {}


def memo(solver, inst):
    """``solver(inst.graph)``, computed once per instance."""
    key = (solver.__name__, inst.id)
    if key not in _MEMO:
        _MEMO[key] = solver(inst.graph)
    return _MEMO[key]


# --- independent references ------------------------------------------------------------


def adjacency(graph) -> np.ndarray:
    matrix = np.zeros((len(graph), len(graph)), dtype=bool)
    for u, v in graph.edges:
        matrix[u, v] = True
        if not graph.is_directed():
            matrix[v, u] = True
    return matrix


def weights(graph) -> np.ndarray:
    """Edge weights as a matrix, inf where there is no edge (1 per edge if unweighted)."""
    matrix = np.full((len(graph), len(graph)), np.inf)
    for u, v, data in graph.edges(data=True):
        matrix[u, v] = matrix[v, u] = data.get("weight", 1)
    return matrix


def floyd_warshall(graph) -> np.ndarray:
    dist = weights(graph)
    np.fill_diagonal(dist, 0)
    for k in range(len(graph)):
        dist = np.minimum(dist, dist[:, k : k + 1] + dist[k : k + 1, :])
    return dist


def bfs_distances(graph, source: int) -> dict[int, int]:
    dist, queue = {source: 0}, deque([source])
    while queue:
        u = queue.popleft()
        for v in graph[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def is_pair_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(e, list) and len(e) == 2 for e in value)


def traversal_ok(graph, source: int, edges, kind: str) -> bool:
    """Corneil & Krueger (2008): an order s = v0, v1, ... is a BFS (DFS) order iff for all
    a < b < c with ac an edge and ab not, some d < a (a < d < b) is adjacent to b. In a BFS
    tree a node's parent is its first neighbour in the order; in a DFS tree its latest
    earlier one."""
    if not is_pair_list(edges):
        return False
    order = [source, *(child for _, child in edges)]
    if len(set(order)) != len(order) or set(order) != set(bfs_distances(graph, source)):
        return False
    adj = adjacency(graph)[np.ix_(order, order)]
    k = len(order)
    for i, (parent, _) in enumerate(edges, start=1):
        earlier = np.flatnonzero(adj[i, :i])
        if len(earlier) == 0 or parent != order[earlier[0] if kind == "bfs" else earlier[-1]]:
            return False
    pos = np.arange(k)
    last = np.array([np.flatnonzero(row).max(initial=-1) for row in adj])
    a, b = pos[:, None], pos[None, :]
    pairs = (a < b) & ~adj & (last[:, None] > b)
    if kind == "bfs":
        first = np.array([np.flatnonzero(row).min(initial=k) for row in adj])
        unexplained = first[None, :] >= a
    else:
        prev = np.array([np.flatnonzero(adj[j, :j]).max(initial=-1) for j in range(k)])
        unexplained = prev[None, :] <= a
    return not (pairs & unexplained).any()


def random_traversal(graph, source: int, kind: str, rng) -> list[list[int]]:
    """A BFS or DFS with neighbours taken in random order: another correct answer."""
    seen, edges = {source}, []

    def shuffled(u):
        return [int(v) for v in rng.permutation(sorted(graph[u]))]

    if kind == "bfs":
        queue = deque([source])
        while queue:
            u = queue.popleft()
            for v in shuffled(u):
                if v not in seen:
                    seen.add(v)
                    edges.append([u, v])
                    queue.append(v)
    else:

        def visit(u):
            for v in shuffled(u):
                if v not in seen:
                    seen.add(v)
                    edges.append([u, v])
                    visit(v)

        visit(source)
    return edges


def path_cost(graph, path) -> float:
    w = weights(graph)
    return float(sum(w[u, v] for u, v in itertools.pairwise(path)))


def path_ok(graph, source, target, path, best: float) -> bool:
    """A simple source-target path of graph whose cost is ``best``."""
    if not isinstance(path, list) or not path or not all(p in range(len(graph)) for p in path):
        return False
    return (
        len(set(path)) == len(path)
        and path[0] == source
        and path[-1] == target
        and path_cost(graph, path) == best
    )


def random_tight_path(graph, dist, source, target, rng) -> list[int]:
    """A random optimal path: step only along edges lying on some shortest path."""
    w, path = weights(graph), [source]
    while path[-1] != target:
        u = path[-1]
        steps = [v for v in sorted(graph[u]) if dist[source, u] + w[u, v] + dist[v, target]
                 == dist[source, target]]
        path.append(int(rng.choice(steps)))
    return path


def random_simple_path(graph, source, target, rng) -> list[int] | None:
    """Some simple source-target path from a randomized DFS (usually not shortest)."""
    path, seen = [source], {source}

    def walk(u) -> bool:
        if u == target:
            return True
        for v in rng.permutation(sorted(graph[u])):
            if int(v) not in seen:
                seen.add(int(v))
                path.append(int(v))
                if walk(int(v)):
                    return True
                path.pop()
        return False

    return path if walk(source) else None


def tour_optimum(graph) -> float:
    """Brute force over all tours from node 0, vectorized over permutations."""
    n, w = len(graph), weights(graph)
    perms = np.array(list(itertools.permutations(range(1, n))))
    tours = np.hstack([np.zeros((len(perms), 1), int), perms, np.zeros((len(perms), 1), int)])
    return float(w[tours[:, :-1], tours[:, 1:]].sum(axis=1).min())


def tour_ok(graph, tour, best: float) -> bool:
    if isinstance(tour, list) and len(tour) == len(graph) + 1 and tour[0] == tour[-1]:
        tour = tour[:-1]
    if not isinstance(tour, list) or sorted(tour) != list(range(len(graph))):
        return False
    return path_cost(graph, [*tour, tour[0]]) == best


def union_find_tree(n: int, edges) -> bool:
    """n-1 edges that never close a cycle form a spanning tree."""
    parent = list(range(n))

    def root(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    if len(edges) != n - 1:
        return False
    for u, v in edges:
        ru, rv = root(u), root(v)
        if ru == rv:
            return False
        parent[ru] = rv
    return True


def prim_weight(graph) -> float:
    w, n = weights(graph), len(graph)
    inside, best, total = np.zeros(n, bool), w[0].copy(), 0.0
    inside[0] = True
    for _ in range(n - 1):
        v = int(np.argmin(np.where(inside, np.inf, best)))
        total += best[v]
        inside[v] = True
        best = np.minimum(best, w[v])
    return total


def edge_keys(graph, edges) -> set | None:
    """Edges of graph as sorted pairs; None if malformed, unknown or repeated."""
    if not is_pair_list(edges):
        return None
    keys = {tuple(sorted(e)) for e in edges}
    if len(keys) != len(edges) or not all(graph.has_edge(*e) for e in keys):
        return None
    return keys


def node_vector(graph, nodes) -> np.ndarray | None:
    if not isinstance(nodes, list) or len(set(nodes)) != len(nodes):
        return None
    if not all(isinstance(v, int) and 0 <= v < len(graph) for v in nodes):
        return None
    x = np.zeros(len(graph), int)
    x[nodes] = 1
    return x


def solve_milp(cost, rows, low, high) -> np.ndarray:
    result = milp(cost, constraints=LinearConstraint(rows, low, high),
                  integrality=np.ones(len(cost)), bounds=Bounds(0, 1))
    assert result.success
    return np.round(result.x).astype(int)


def vertex_cover_milp(graph) -> list[int]:
    edges = list(graph.edges)
    if not edges:
        return []
    rows = np.zeros((len(edges), len(graph)))
    for i, (u, v) in enumerate(edges):
        rows[i, [u, v]] = 1
    return [int(v) for v in np.flatnonzero(solve_milp(np.ones(len(graph)), rows, 1, np.inf))]


def vertex_cover_brute(graph) -> int:
    masks = np.arange(1 << len(graph))
    size = np.array([bin(m).count("1") for m in masks])
    ok = np.ones(len(masks), bool)
    for u, v in graph.edges:
        ok &= ((masks >> u) & 1 | (masks >> v) & 1).astype(bool)
    return int(size[ok].min())


def max_weight_matching_milp(graph) -> list[list[int]]:
    edges = sorted(tuple(sorted(e)) for e in graph.edges)
    if not edges:
        return []
    rows = np.zeros((len(graph), len(edges)))
    for i, (u, v) in enumerate(edges):
        rows[[u, v], i] = 1
    w = np.array([graph.edges[e]["weight"] for e in edges], float)
    x = solve_milp(-w, rows, 0, 1)
    return [list(edges[i]) for i in np.flatnonzero(x)]


def matching_size_tutte(graph, prime: int = 2**31 - 1, seed: int = 0) -> int:
    """Lovász: rank of the Tutte matrix with random entries mod p is twice the maximum
    matching size (with high probability)."""
    rng = np.random.default_rng(seed)
    n = len(graph)
    m = [[0] * n for _ in range(n)]
    for u, v in graph.edges:
        x = int(rng.integers(1, prime))
        m[u][v], m[v][u] = x, prime - x
    rank = 0
    for col in range(n):
        pivot = next((r for r in range(rank, n) if m[r][col]), None)
        if pivot is None:
            continue
        m[rank], m[pivot] = m[pivot], m[rank]
        inv = pow(m[rank][col], prime - 2, prime)
        for r in range(rank + 1, n):
            if m[r][col]:
                f = m[r][col] * inv % prime
                m[r] = [(a - f * b) % prime for a, b in zip(m[r], m[rank], strict=True)]
        rank += 1
    return rank // 2


def kuhn_matching(graph) -> list[list[int]]:
    """Maximum bipartite matching by augmenting paths from each left node."""
    side: dict[int, int] = {}
    for start in sorted(graph):
        if start not in side:
            side.update({v: d % 2 for v, d in bfs_distances(graph, start).items()})
    mate: dict[int, int] = {}

    def augment(u, seen) -> bool:
        for v in sorted(graph[u]):
            if v not in seen:
                seen.add(v)
                if v not in mate or augment(mate[v], seen):
                    mate[v] = u
                    return True
        return False

    for u in sorted(v for v in graph if side[v] == 0):
        augment(u, set())
    return sorted(sorted([u, v]) for v, u in mate.items())


def edmonds_karp(graph, source: int, sink: int) -> int:
    residual = {}
    for u, v, data in graph.edges(data=True):
        residual[u, v] = residual.get((u, v), 0) + data["capacity"]
        residual.setdefault((v, u), 0)
    out: dict[int, list[int]] = {}
    for u, v in residual:
        out.setdefault(u, []).append(v)
    flow = 0
    while True:
        parent, queue = {source: None}, deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v in out.get(u, []):
                if v not in parent and residual[u, v] > 0:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow
        path, v = [], sink
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(residual[e] for e in path)
        for u, v in path:
            residual[u, v] -= push
            residual[v, u] += push
        flow += push


# --- per-task reference verdicts and candidate answers ----------------------------------
# reference(inst) -> (ok(value) -> bool); candidates(inst, rng) -> values to compare on;
# wrong(inst, rng) -> values that are incorrect by construction.


def mutations(seq: list, rng, extra) -> list[list]:
    """Drop each end, duplicate, swap two random positions, append ``extra``."""
    out = [seq[1:], seq[:-1], [*seq, seq[0]], [*seq, extra]]
    if len(seq) > 1:
        i, j = rng.choice(len(seq), size=2, replace=False)
        swapped = list(seq)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out.append(swapped)
    return [m for m in out if m]


def traversal_spec(kind: str):
    other = "dfs" if kind == "bfs" else "bfs"

    def reference(inst):
        return lambda value: traversal_ok(inst.graph, inst.query["source"], value, kind)

    def candidates(inst, rng):
        graph, source, gold = inst.graph, inst.query["source"], inst.answer
        found = [random_traversal(graph, source, k, rng) for k in (kind, kind, other)]
        return found + mutations(gold, rng, gold[0]) + [[e[::-1] for e in gold]]

    def wrong(inst, rng):
        gold = inst.answer
        out = [gold[:-1], [*gold, gold[-1]], [gold[0][::-1], *gold[1:]]]
        if kind == "bfs":  # a DFS whose tree depths are not BFS distances
            dfs = random_traversal(inst.graph, inst.query["source"], "dfs", rng)
            depth = {inst.query["source"]: 0}
            for u, v in dfs:
                depth[v] = depth[u] + 1
            if depth != bfs_distances(inst.graph, inst.query["source"]):
                out.append(dfs)
        return out

    return reference, candidates, wrong


def topo_reference(inst):
    adj = adjacency(inst.graph)

    def ok(order):
        if not isinstance(order, list) or sorted(order) != list(range(len(adj))):
            return False
        return not np.tril(adj[np.ix_(order, order)]).any()

    return ok


def topo_candidates(inst, rng):
    graph, gold = inst.graph, inst.answer
    indegree = {v: graph.in_degree(v) for v in graph}
    ready, order = [v for v in graph if indegree[v] == 0], []
    while ready:  # Kahn's algorithm with random choices
        v = ready.pop(int(rng.integers(len(ready))))
        order.append(v)
        for w in graph.successors(v):
            indegree[w] -= 1
            if indegree[w] == 0:
                ready.append(w)
    return [order, gold[::-1], *mutations(gold, rng, len(gold))]


def topo_wrong(inst, rng):
    gold = list(inst.answer)
    out = [gold[:-1], [*gold, gold[0]]]
    if inst.graph.number_of_edges():
        u, v = list(inst.graph.edges)[int(rng.integers(inst.graph.number_of_edges()))]
        i, j = gold.index(u), gold.index(v)
        gold[i], gold[j] = v, u
        out.append(gold)
    return out


def path_reference(inst):
    dist = memo(floyd_warshall, inst)
    s, t = inst.query["source"], inst.query["target"]
    return lambda path: path_ok(inst.graph, s, t, path, dist[s, t])


def path_candidates(inst, rng):
    dist = memo(floyd_warshall, inst)
    s, t, gold = inst.query["source"], inst.query["target"], inst.answer
    found = [random_tight_path(inst.graph, dist, s, t, rng) for _ in range(2)]
    found += [random_simple_path(inst.graph, s, t, rng) for _ in range(2)]
    return found + mutations(gold, rng, gold[0]) + [gold[::-1], [gold[0], *gold[2:]]]


def path_wrong(inst, rng):
    dist = memo(floyd_warshall, inst)
    s, t, gold = inst.query["source"], inst.query["target"], inst.answer
    out = [gold[::-1], gold[:-1], [*gold, gold[-1]]]
    detour = random_simple_path(inst.graph, s, t, rng)
    if path_cost(inst.graph, detour) > dist[s, t]:
        out.append(detour)
    return out


def hamiltonian_reference(inst):
    adj = adjacency(inst.graph)

    def ok(path):
        if not isinstance(path, list) or sorted(path) != list(range(len(adj))):
            return False
        return bool(adj[path[:-1], path[1:]].all())

    return ok


def hamiltonian_candidates(inst, rng):
    return [inst.answer[::-1], *mutations(inst.answer, rng, inst.answer[0])]


def hamiltonian_wrong(inst, rng):
    gold = inst.answer  # the last: a walk of n nodes, repeating one and missing one
    return [gold[1:], gold[:-1], [*gold, gold[0]], [gold[0], *gold], [*gold[:-1], gold[-3]]]


def tour_reference(inst):
    best = memo(tour_optimum, inst)
    return lambda tour: tour_ok(inst.graph, tour, best)


def tour_candidates(inst, rng):
    gold = inst.answer
    shift = int(rng.integers(len(gold)))
    others = [[int(v) for v in rng.permutation(len(gold))] for _ in range(3)]
    return [[*gold, gold[0]], gold[::-1], gold[shift:] + gold[:shift], *others,
            *mutations(gold, rng, gold[0])]


def tour_wrong(inst, rng):
    best = memo(tour_optimum, inst)
    gold = inst.answer
    out = [gold[1:], [*gold, gold[1]], [*gold[:-1], gold[-3]]]
    for _ in range(5):
        tour = [int(v) for v in rng.permutation(len(gold))]
        if path_cost(inst.graph, [*tour, tour[0]]) > best:
            out.append(tour)
    return out


def edge_mutations(inst, rng) -> list[list[list[int]]]:
    """Drop an edge, add a graph edge not in the answer, repeat one, flip one."""
    gold = [list(e) for e in inst.answer]
    unused = sorted(set(map(tuple, map(sorted, inst.graph.edges))) - set(map(tuple, gold)))
    out = [[e[::-1] if i == 0 else e for i, e in enumerate(gold)]]
    if gold:
        out += [gold[1:], [*gold, gold[0]], [*gold, gold[0][::-1]]]
    if unused:
        out.append([*gold, list(unused[int(rng.integers(len(unused)))])])
    return out


def random_spanning_tree(graph, rng) -> list[list[int]]:
    """Kruskal over a random edge order: some spanning tree (weighted: rarely minimum)."""
    component, edges = {v: v for v in graph}, list(graph.edges)
    tree = []
    for i in rng.permutation(len(edges)):
        u, v = edges[i]
        cu, cv = component[u], component[v]
        if cu != cv:
            tree.append([u, v])
            component = {x: cu if c == cv else c for x, c in component.items()}
    return tree


def tree_reference(weighted: bool):
    def reference(inst):
        graph = inst.graph
        best = prim_weight(graph)

        def ok(value):
            keys = edge_keys(graph, value)
            if keys is None or not union_find_tree(len(graph), keys):
                return False
            return not weighted or sum(graph.edges[e]["weight"] for e in keys) == best

        return ok

    return reference


def tree_candidates(inst, rng):
    return [random_spanning_tree(inst.graph, rng) for _ in range(3)] + edge_mutations(inst, rng)


def tree_wrong(inst, rng):
    out = edge_mutations(inst, rng)[1:]
    if inst.task == "weighted_minimum_spanning_tree":
        best = prim_weight(inst.graph)
        for _ in range(3):
            tree = random_spanning_tree(inst.graph, rng)
            if sum(inst.graph.edges[e]["weight"] for e in tree) > best:
                out.append(tree)
    return out


def closed(inst) -> np.ndarray:
    return adjacency(inst.graph).astype(int) + np.eye(len(inst.graph), dtype=int)


def dominating_reference(inst):
    reach = closed(inst)

    def ok(nodes):
        x = node_vector(inst.graph, nodes)
        if x is None or (reach @ x == 0).any():
            return False
        return all((reach @ (x - np.eye(len(x), dtype=int)[v]) == 0).any() for v in nodes)

    return ok


def random_minimal_dominating(inst, rng) -> list[int]:
    reach, chosen = closed(inst), np.ones(len(inst.graph), int)
    for v in rng.permutation(len(chosen)):
        chosen[v] = 0
        if (reach @ chosen == 0).any():
            chosen[v] = 1
    return [int(v) for v in np.flatnonzero(chosen)]


def random_maximal_independent(inst, rng) -> list[int]:
    reach, chosen = closed(inst), np.zeros(len(inst.graph), int)
    for v in rng.permutation(len(chosen)):
        if (reach[v] @ chosen) == 0:
            chosen[v] = 1
    return [int(v) for v in np.flatnonzero(chosen)]


def independent_reference(inst):
    adj, reach = adjacency(inst.graph).astype(int), closed(inst)

    def ok(nodes):
        x = node_vector(inst.graph, nodes)
        return x is not None and x @ adj @ x == 0 and (reach @ x > 0).all()

    return ok


def set_mutations(inst, rng) -> list[list[int]]:
    """Drop a member, add a non-member, all nodes."""
    gold, n = list(inst.answer), len(inst.graph)
    outside = sorted(set(range(n)) - set(gold))
    out = [list(range(n))]
    if gold:
        out.append(gold[:-1])
    if outside:
        out.append(sorted([*gold, outside[int(rng.integers(len(outside)))]]))
    return out


def set_wrong(inst, rng):
    """Dropping a member or adding a non-member breaks minimal, maximal and minimum sets."""
    return set_mutations(inst, rng)[1:]


def vertex_cover_reference(inst):
    best = len(memo(vertex_cover_milp, inst))

    def ok(nodes):
        x = node_vector(inst.graph, nodes)
        covered = x is not None and all(x[u] or x[v] for u, v in inst.graph.edges)
        return covered and int(x.sum()) == best

    return ok


def edge_cover_reference(inst):
    graph = inst.graph
    best = len(graph) - matching_size_tutte(graph)

    def ok(value):
        keys = edge_keys(graph, value)
        return keys is not None and len(keys) == best and {v for e in keys for v in e} == set(
            graph
        )

    return ok


def swap_at_node(inst, rng) -> list[list[int]]:
    """Replace an answer edge by another edge at one of its endpoints."""
    gold = [list(e) for e in inst.answer]
    if not gold:
        return []
    i = int(rng.integers(len(gold)))
    u, v = gold[i]
    options = sorted(w for w in inst.graph[u] if w != v)
    if not options:
        return []
    return gold[:i] + [sorted([u, int(rng.choice(options))])] + gold[i + 1 :]


def matching_reference(solver):
    def reference(inst):
        graph = inst.graph
        best = sum(graph.edges[e].get("weight", 1) for e in memo(solver, inst))

        def ok(value):
            keys = edge_keys(graph, value)
            if keys is None or len({v for e in keys for v in e}) != 2 * len(keys):
                return False
            return sum(graph.edges[e].get("weight", 1) for e in keys) == best

        return ok

    return reference


def matching_candidates(solver):
    def candidates(inst, rng):
        return [memo(solver, inst), swap_at_node(inst, rng), *edge_mutations(inst, rng)]

    return candidates


def edges_wrong(inst, rng):
    """Drop, repeat, or add a graph edge: wrong for minimum covers and maximum matchings."""
    return edge_mutations(inst, rng)[1:]


SPECS = {
    "bfs": traversal_spec("bfs"),
    "dfs": traversal_spec("dfs"),
    "topological_sort": (topo_reference, topo_candidates, topo_wrong),
    "shortest_path": (path_reference, path_candidates, path_wrong),
    "weighted_shortest_path": (path_reference, path_candidates, path_wrong),
    "hamiltonian_path": (hamiltonian_reference, hamiltonian_candidates, hamiltonian_wrong),
    "traveling_salesman_problem": (tour_reference, tour_candidates, tour_wrong),
    "minimum_spanning_tree": (tree_reference(False), tree_candidates, tree_wrong),
    "weighted_minimum_spanning_tree": (tree_reference(True), tree_candidates, tree_wrong),
    "dominating_set": (
        dominating_reference,
        lambda inst, rng: [random_minimal_dominating(inst, rng), *set_mutations(inst, rng)],
        set_wrong,
    ),
    "maximal_independent_set": (
        independent_reference,
        lambda inst, rng: [random_maximal_independent(inst, rng), *set_mutations(inst, rng)],
        set_wrong,
    ),
    "min_vertex_cover": (
        vertex_cover_reference,
        lambda inst, rng: [memo(vertex_cover_milp, inst), *set_mutations(inst, rng)],
        set_wrong,
    ),
    "min_edge_covering": (
        edge_cover_reference,
        lambda inst, rng: [swap_at_node(inst, rng), *edge_mutations(inst, rng)],
        edges_wrong,
    ),
    "bipartite_maximum_matching": (
        matching_reference(kuhn_matching),
        matching_candidates(kuhn_matching),
        edges_wrong,
    ),
    "max_weight_matching": (
        matching_reference(max_weight_matching_milp),
        matching_candidates(max_weight_matching_milp),
        edges_wrong,
    ),
}
TASKS = [*SPECS, "maximum_flow"]


# --- tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", TASKS)
def test_reference_answer_text_scores_one(name):
    task = get_task("algorithmic", name)
    families = set()
    for inst in instances(name):
        families.add(inst.meta["family"])
        assert json.loads(json.dumps(inst.answer)) == inst.answer
        prediction = task.parse(task.answer.format(inst.answer), inst)
        assert prediction.ok, inst.id
        scores = task.score(prediction, inst)
        if getattr(task, "sense", None):  # optimisation: feasible, at the optimum
            assert scores == {"accuracy": 1.0, "feasible": 1.0, "optimality_gap": 0.0}
        else:
            assert scores == {"accuracy": 1.0}, inst.id
    assert families == set(task.families)


@pytest.mark.parametrize("name", list(SPECS))
def test_verifier_agrees_with_independent_reference(name):
    task = get_task("algorithmic", name)
    reference, candidates, wrong = SPECS[name]
    rng = np.random.default_rng(5)
    verdicts = {True: 0, False: 0}
    for inst in instances(name):
        ok = reference(inst)
        assert ok(inst.answer), f"gold fails the reference: {inst.id}"
        assert task.check(inst.answer, inst)
        for value in candidates(inst, rng):
            if value is None:
                continue
            expected = ok(value)
            assert task.check(value, inst) == expected, (inst.id, value)
            verdicts[expected] += 1
        for value in wrong(inst, rng):
            assert not ok(value), (inst.id, value)
            assert not task.check(value, inst), (inst.id, value)
    assert min(verdicts.values()) >= COUNT // 4, verdicts  # both kinds really exercised


MALFORMED = [None, 3, "abc", {"a": 1}, [[]], [[1]], [[0, 1, 2]], [[0, "x"]], [1.5], [True],
             [-1], [999], [[0, 999]], [[-1, 0]], [(0,)], [[1.0, 2.0]]]


@pytest.mark.parametrize("name", list(SPECS))
def test_malformed_answers_are_wrong_not_errors(name):
    task = get_task("algorithmic", name)
    rng = np.random.default_rng(3)
    for inst in instances(name)[:40]:
        for value in MALFORMED:
            assert task.check(value, inst) is False, (inst.id, value)
        assert task.check(task.answer.random(rng, inst.graph), inst) in (True, False)
        assert task.score(Prediction.failed("nothing"), inst) == {"accuracy": 0.0}


def test_traversal_golds_follow_bfs_distances():
    for name in ("bfs", "dfs"):
        for inst in instances(name):
            source = inst.query["source"]
            depth = {source: 0}
            for u, v in inst.answer:
                depth[v] = depth[u] + 1
            dist = bfs_distances(inst.graph, source)
            assert set(depth) == set(dist)
            if name == "bfs":
                assert depth == dist


def test_path_queries_are_far_apart():
    for name in ("shortest_path", "weighted_shortest_path"):
        for inst in instances(name):
            s, t = inst.query["source"], inst.query["target"]
            hops = bfs_distances(inst.graph, s)
            assert s != t and 2 * hops[t] >= max(hops.values())


def test_hamiltonian_search_matches_subset_dp():
    """On unplanted graphs (some without a Hamiltonian path) the search finds one exactly
    when a DP over (visited set, last node) says one exists."""
    rng = np.random.default_rng(2)
    found = 0
    for _ in range(300):
        n = int(rng.integers(1, 11))
        graph = nx.gnp_random_graph(n, float(rng.uniform(0.15, 0.6)), seed=int(rng.integers(10**9)))
        adj = [sum(1 << v for v in graph[u]) for u in range(n)]
        ends = [0] * (1 << n)
        for v in range(n):
            ends[1 << v] = 1 << v
        for mask in range(1, 1 << n):
            for v in range(n):
                prev = mask ^ (1 << v)
                if mask >> v & 1 and prev and ends[prev] & adj[v]:
                    ends[mask] |= 1 << v
        exists = bool(ends[(1 << n) - 1])
        path = hamiltonian_path(graph)
        assert (path is not None) == exists
        if path is not None:
            found += 1
            assert sorted(path) == list(range(n))
            assert all(graph.has_edge(u, v) for u, v in itertools.pairwise(path))
    assert 30 < found < 270


def test_min_vertex_cover_matches_brute_force_on_small_graphs():
    task = get_task("algorithmic", "min_vertex_cover")
    for inst in instances("min_vertex_cover", (5, 13)):
        assert len(inst.answer) == vertex_cover_brute(inst.graph)
        assert all(u in inst.answer or v in inst.answer for u, v in inst.graph.edges)
        assert task.check(inst.answer, inst)


def test_edge_cover_and_bipartite_matching_sizes():
    """Gallai: a minimum edge cover has n - nu edges; Kuhn and Tutte agree on nu."""
    for inst in instances("min_edge_covering"):
        assert len(inst.answer) == len(inst.graph) - matching_size_tutte(inst.graph)
    for inst in instances("bipartite_maximum_matching"):
        assert len(inst.answer) == len(kuhn_matching(inst.graph))
        assert len(inst.answer) == matching_size_tutte(inst.graph, seed=1)


def test_maximum_flow_matches_edmonds_karp():
    for inst in instances("maximum_flow"):
        graph = inst.graph
        assert (inst.query["source"], inst.query["sink"]) == (
            graph.graph["source"], graph.graph["sink"])
        assert inst.answer == edmonds_karp(graph, inst.query["source"], inst.query["sink"])
        assert inst.answer > 0


def test_tour_size_is_capped_for_held_karp():
    for inst in generate("algorithmic", ["traveling_salesman_problem"], count=2, nodes=(20, 30)):
        assert len(inst.graph) == inst.meta["n"] == 12
        assert sorted(inst.answer) == list(range(12))


def test_questions_name_their_query_nodes():
    for name, keys in [("bfs", ["source"]), ("dfs", ["source"]),
                       ("shortest_path", ["source", "target"]),
                       ("maximum_flow", ["source", "sink"])]:
        task = get_task("algorithmic", name)
        inst = instances(name)[0]
        text = task.question(inst)
        assert all(f"node {inst.query[k]}" in text for k in keys)


def test_generation_speed(capsys):
    """The whole 49-task suite at 100 instances must generate in about 20 s."""
    timings = {}
    for name in TASKS:
        start = time.perf_counter()
        generate("algorithmic", [name], count=100, seed=SEED + 1)
        timings[name] = (time.perf_counter() - start) * 10  # ms per instance
    with capsys.disabled():
        print("\n" + "\n".join(f"  {n:32s} {ms:6.2f} ms/instance" for n, ms in timings.items()))
    assert max(timings.values()) < 40, timings
