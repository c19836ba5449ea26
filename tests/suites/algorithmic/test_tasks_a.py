"""Algorithmic tasks, part A: structure, link prediction, centrality, distances.

Every gold answer is checked against a reference written here from the instance's JSON
(not its networkx graph) with different algorithms than the tasks use: union-find, BFS
colouring, numpy Floyd-Warshall, walk counting with matrix powers, a hand-written max-flow.
"""

from __future__ import annotations

import json
import math
from collections import deque
from functools import cache

import numpy as np
import pytest

from graphgauge.registry import generate, get_task
from graphgauge.scoring.answers import BOOL, EDGE_SET, FLOAT, INT, NODE_SET

COUNT = 200

# name -> (difficulty, answer type), as fixed by the Erdős benchmark.
TASKS = {
    "node_number": ("easy", INT),
    "edge_number": ("easy", INT),
    "density": ("easy", FLOAT),
    "degree": ("easy", INT),
    "neighbor": ("easy", NODE_SET),
    "edge_existence": ("easy", BOOL),
    "has_cycle": ("easy", BOOL),
    "is_regular": ("easy", BOOL),
    "is_tournament": ("easy", BOOL),
    "is_bipartite": ("medium", BOOL),
    "is_eularian": ("medium", BOOL),
    "connected_component_number": ("medium", INT),
    "strongly_connected_number": ("hard", INT),
    "local_connectivity": ("medium", INT),
    "bridges": ("hard", EDGE_SET),
    "triangles": ("hard", INT),
    "clustering_coefficient": ("medium", FLOAT),
    "common_neighbor": ("easy", NODE_SET),
    "jaccard_coefficient": ("medium", FLOAT),
    "adamic_adar_index": ("medium", FLOAT),
    "resource_allocation_index": ("medium", FLOAT),
    "avg_neighbor_degree": ("hard", FLOAT),
    "degree_centrality": ("medium", FLOAT),
    "closeness_centrality": ("hard", FLOAT),
    "harmonic_centrality": ("hard", FLOAT),
    "betweenness_centrality": ("hard", FLOAT),
    "global_efficiency": ("challenging", FLOAT),
    "center": ("hard", NODE_SET),
    "periphery": ("hard", NODE_SET),
    "barycenter": ("hard", NODE_SET),
    "radius": ("hard", INT),
    "diameter": ("hard", INT),
    "wiener_index": ("challenging", INT),
}


@cache
def instances(name):
    return tuple(generate("algorithmic", [name], count=COUNT, seed=7))


# --- the graph, read from the instance's JSON --------------------------------------------


class Plain:
    """Nodes, edges and adjacency straight from node-link JSON."""

    def __init__(self, inst):
        data = inst.graphs["G"]
        self.directed = data["directed"]
        self.n = len(data["nodes"])
        assert sorted(node["id"] for node in data["nodes"]) == list(range(self.n))
        self.edges = [(e["source"], e["target"]) for e in data["edges"]]
        self.out = {v: set() for v in range(self.n)}
        for u, v in self.edges:
            self.out[u].add(v)
            if not self.directed:
                self.out[v].add(u)

    def degree(self, v):
        return len(self.out[v])

    def matrix(self):
        a = np.zeros((self.n, self.n))
        for u, v in self.edges:
            a[u, v] = 1
            if not self.directed:
                a[v, u] = 1
        return a

    def components(self, skip=None):
        parent = list(range(self.n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for edge in self.edges:
            if edge != skip:
                parent[find(edge[0])] = find(edge[1])
        return len({find(v) for v in range(self.n)})

    def distances(self):
        """Floyd-Warshall on the adjacency matrix; inf for unreachable pairs."""
        d = np.where(self.matrix() > 0, 1.0, np.inf)
        np.fill_diagonal(d, 0.0)
        for k in range(self.n):
            d = np.minimum(d, d[:, k, None] + d[None, k, :])
        return d


# --- reference solvers ---------------------------------------------------------------------


def ref_strong_components(g):
    reach = (g.matrix() + np.eye(g.n)) > 0
    while True:
        nxt = reach | ((reach.astype(int) @ reach.astype(int)) > 0)
        if (nxt == reach).all():
            break
        reach = nxt
    mutual = reach & reach.T
    return len({tuple(row) for row in mutual})


def ref_bipartite(g):
    colour = {}
    for start in range(g.n):
        if start in colour:
            continue
        colour[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in g.out[u]:
                if v not in colour:
                    colour[v] = 1 - colour[u]
                    queue.append(v)
                elif colour[v] == colour[u]:
                    return False
    return True


def ref_tournament(g):
    arcs = set(g.edges)
    if any(u == v for u, v in arcs) or len(g.edges) != len(arcs):
        return False
    return all(
        ((u, v) in arcs) + ((v, u) in arcs) == 1 for u in range(g.n) for v in range(u + 1, g.n)
    )


def ref_local_connectivity(g, s, t):
    """Internally node-disjoint s-t paths: unit-capacity max-flow on the split graph
    (node v becomes 2v -> 2v+1), by BFS augmenting paths."""
    cap = {}

    def arc(a, b, c):
        cap.setdefault(a, {})[b] = cap.get(a, {}).get(b, 0) + c
        cap.setdefault(b, {}).setdefault(a, 0)

    for v in range(g.n):
        arc(2 * v, 2 * v + 1, g.n if v in (s, t) else 1)
    for u, v in g.edges:
        arc(2 * u + 1, 2 * v, 1)
        arc(2 * v + 1, 2 * u, 1)
    source, sink, flow = 2 * s + 1, 2 * t, 0
    while True:
        prev = {source: None}
        queue = deque([source])
        while queue and sink not in prev:
            a = queue.popleft()
            for b, c in cap[a].items():
                if c > 0 and b not in prev:
                    prev[b] = a
                    queue.append(b)
        if sink not in prev:
            return flow
        b = sink
        while prev[b] is not None:
            cap[prev[b]][b] -= 1
            cap[b][prev[b]] += 1
            b = prev[b]
        flow += 1


def ref_betweenness(g, v):
    """Shortest s-t paths counted as walks of length d(s, t) (powers of A), normalized
    over unordered pairs as networkx does."""
    a, d = g.matrix(), g.distances()
    sigma, power = np.eye(g.n), np.eye(g.n)
    for k in range(1, g.n):
        power = power @ a
        sigma = np.where(d == k, power, sigma)
    total = 0.0
    for s in range(g.n):
        for t in range(s + 1, g.n):
            if v not in (s, t) and np.isfinite(d[s, t]) and d[s, v] + d[v, t] == d[s, t]:
                total += sigma[s, v] * sigma[v, t] / sigma[s, t]
    return total * 2 / ((g.n - 1) * (g.n - 2))


def ref_closeness(g, v):
    row = g.distances()[v]
    reach = row[np.isfinite(row)]
    r, total = len(reach), reach.sum()
    return (r - 1) / total * (r - 1) / (g.n - 1) if total > 0 else 0.0


def inverse_distances(g):
    d = g.distances()
    with np.errstate(divide="ignore"):
        inv = np.where(np.isfinite(d) & (d > 0), 1.0 / d, 0.0)
    return inv


def ref_clustering(g, v):
    nbrs = sorted(g.out[v])
    k = len(nbrs)
    links = sum(1 for i, x in enumerate(nbrs) for y in nbrs[i + 1 :] if y in g.out[x])
    return 2 * links / (k * (k - 1)) if k > 1 else 0.0


def eccentricity(g):
    return g.distances().max(axis=1)


def nodes_where(values, target):
    return [int(i) for i in np.flatnonzero(values == target)]


def ref_bridges(g):
    base = g.components()
    return sorted(sorted(e) for e in g.edges if g.components(skip=e) > base)


def ref_jaccard(g, s, t):
    union = g.out[s] | g.out[t]
    return len(g.out[s] & g.out[t]) / len(union) if union else 0.0


def ref_mean_neighbor_degree(g, v):
    """0 for an isolated node (which only an edgeless graph makes the task ask about)."""
    degrees = [g.degree(w) for w in g.out[v]]
    return sum(degrees) / len(degrees) if degrees else 0.0


def common(g, inst):
    return g.out[inst.query["source"]] & g.out[inst.query["target"]]


def node(inst):
    return inst.query["node"]


REFERENCE = {
    "node_number": lambda g, i: g.n,
    "edge_number": lambda g, i: len(g.edges),
    "density": lambda g, i: len(g.edges) / (g.n * (g.n - 1)) * (1 if g.directed else 2),
    "degree": lambda g, i: g.degree(node(i)),
    "neighbor": lambda g, i: sorted(g.out[node(i)]),
    "edge_existence": lambda g, i: i.query["target"] in g.out[i.query["source"]],
    "has_cycle": lambda g, i: len(g.edges) > g.n - g.components(),
    "is_regular": lambda g, i: len({g.degree(v) for v in range(g.n)}) == 1,
    "is_tournament": lambda g, i: ref_tournament(g),
    "is_bipartite": lambda g, i: ref_bipartite(g),
    "is_eularian": lambda g, i: g.components() == 1
    and all(g.degree(v) % 2 == 0 for v in range(g.n)),
    "connected_component_number": lambda g, i: g.components(),
    "strongly_connected_number": lambda g, i: ref_strong_components(g),
    "local_connectivity": lambda g, i: ref_local_connectivity(
        g, i.query["source"], i.query["target"]
    ),
    "bridges": lambda g, i: ref_bridges(g),
    "triangles": lambda g, i: round(np.trace(np.linalg.matrix_power(g.matrix(), 3)) / 6),
    "clustering_coefficient": lambda g, i: ref_clustering(g, node(i)),
    "common_neighbor": lambda g, i: sorted(common(g, i)),
    "jaccard_coefficient": lambda g, i: ref_jaccard(g, i.query["source"], i.query["target"]),
    "adamic_adar_index": lambda g, i: sum((1 / math.log(g.degree(w)) for w in common(g, i)), 0.0),
    "resource_allocation_index": lambda g, i: sum((1 / g.degree(w) for w in common(g, i)), 0.0),
    "avg_neighbor_degree": lambda g, i: ref_mean_neighbor_degree(g, node(i)),
    "degree_centrality": lambda g, i: g.degree(node(i)) / (g.n - 1),
    "closeness_centrality": lambda g, i: ref_closeness(g, node(i)),
    "harmonic_centrality": lambda g, i: inverse_distances(g)[node(i)].sum(),
    "betweenness_centrality": lambda g, i: ref_betweenness(g, node(i)),
    "global_efficiency": lambda g, i: inverse_distances(g).sum() / (g.n * (g.n - 1)),
    "center": lambda g, i: nodes_where(eccentricity(g), eccentricity(g).min()),
    "periphery": lambda g, i: nodes_where(eccentricity(g), eccentricity(g).max()),
    "barycenter": lambda g, i: nodes_where(g.distances().sum(1), g.distances().sum(1).min()),
    "radius": lambda g, i: int(eccentricity(g).min()),
    "diameter": lambda g, i: int(eccentricity(g).max()),
    "wiener_index": lambda g, i: int(g.distances().sum() / 2),
}

BOOL_TASKS = [name for name, (_, kind) in TASKS.items() if kind is BOOL]


def same(gold, expected):
    if isinstance(expected, float):
        return isinstance(gold, float) and math.isclose(gold, expected, rel_tol=1e-9,
                                                        abs_tol=1e-12)
    return gold == expected and type(gold) is type(expected)


def wrong(gold, inst):
    """A clearly incorrect answer of the same type."""
    if isinstance(gold, bool):
        return not gold
    if isinstance(gold, int):
        return gold + 1
    if isinstance(gold, float):
        return gold * 1.5 + 1
    if gold and isinstance(gold[0], list):  # an edge set: drop one edge
        return gold[1:]
    if isinstance(gold, list) and inst.task == "bridges":  # no bridges: claim one
        return [list(Plain(inst).edges[0])]
    return sorted(set(gold) ^ {0})


# --- tests ---------------------------------------------------------------------------------


def test_registered_with_erdos_difficulty_and_answer_type():
    for name, (difficulty, kind) in TASKS.items():
        task = get_task("algorithmic", name)
        assert (task.difficulty, task.answer) == (difficulty, kind), name
        assert task.description != name, f"{name} has no docstring"


@pytest.mark.parametrize("name", TASKS)
def test_gold_matches_independent_reference(name):
    reference = REFERENCE[name]
    for inst in instances(name):
        expected = reference(Plain(inst), inst)
        expected = bool(expected) if isinstance(expected, np.bool_) else expected
        assert same(inst.answer, expected), (inst.id, inst.answer, expected)


@pytest.mark.parametrize("name", TASKS)
def test_gold_on_small_graphs(name):
    for inst in generate("algorithmic", [name], count=40, seed=3, nodes=(3, 7)):
        assert same(inst.answer, REFERENCE[name](Plain(inst), inst)), inst.id


@pytest.mark.parametrize("name", TASKS)
def test_reference_answer_scores_one_and_wrong_answer_zero(name):
    task = get_task("algorithmic", name)
    for inst in instances(name):
        assert json.loads(json.dumps(inst.answer)) == inst.answer
        assert "Question: " not in task.question(inst)
        right = task.parse(task.answer.format(inst.answer), inst)
        assert task.score(right, inst) == {"accuracy": 1.0}, inst.id
        bad = task.parse(task.answer.format(wrong(inst.answer, inst)), inst)
        assert task.score(bad, inst) == {"accuracy": 0.0}, inst.id


@pytest.mark.parametrize("name", BOOL_TASKS)
def test_both_answers_common(name):
    yes = sum(inst.answer for inst in instances(name)) / COUNT
    assert 0.15 <= yes <= 0.85, yes


def test_queries_name_real_nodes_and_avoid_degenerate_pairs():
    for name in TASKS:
        for inst in instances(name)[:50]:
            n = inst.meta["n"]
            assert all(0 <= v < n for v in inst.query.values()), inst.id
            if "source" in inst.query:
                assert inst.query["source"] != inst.query["target"]
    shared = sum(bool(inst.answer) for inst in instances("common_neighbor")) / COUNT
    assert shared >= 0.6
    apart = [
        inst.query["target"] not in Plain(inst).out[inst.query["source"]]
        for inst in instances("local_connectivity")
    ]
    assert sum(apart) / COUNT >= 0.9
    exists = sum(inst.answer for inst in instances("edge_existence")) / COUNT
    assert 0.35 <= exists <= 0.65


@pytest.mark.parametrize(
    ("name", "family", "answer"),
    [
        ("is_regular", "random_regular", True),
        ("is_regular", "near_regular", False),
        ("is_eularian", "eulerian", True),
        ("is_eularian", "near_eulerian", False),
        ("is_tournament", "tournament", True),
        ("is_tournament", "tournament_missing_arc", False),
        ("is_tournament", "tournament_two_way_arc", False),
    ],
)
def test_task_specific_families_give_the_intended_answer(name, family, answer):
    drawn = [inst for inst in instances(name) if inst.meta["family"] == family]
    assert len(drawn) >= 20
    assert all(inst.answer is answer for inst in drawn)
    if family == "eulerian":  # not just bare cycles
        assert any(max(map(Plain(i).degree, range(i.meta["n"]))) > 2 for i in drawn)


def corruptions(gold, items):
    """Drop one member, add one non-member, swap a member for a non-member."""
    outside = [x for x in items if x not in gold]
    out = []
    if gold:
        out.append(gold[1:])
    if outside:
        out.append(gold + outside[:1])
    if gold and outside:
        out.append(outside[:1] + gold[1:])
    return out


SET_TASKS = [name for name, (_, kind) in TASKS.items() if kind in (NODE_SET, EDGE_SET)]


@pytest.mark.parametrize("name", SET_TASKS)
def test_set_answers_reject_corruptions(name):
    task = get_task("algorithmic", name)
    for inst in instances(name)[:60]:
        g = Plain(inst)
        if task.answer is EDGE_SET:
            items = [sorted(e) for e in g.edges]
            flipped = [[v, u] for u, v in inst.answer]  # endpoint order does not matter
            assert task.score(task.parse(task.answer.format(flipped), inst), inst)["accuracy"]
        else:
            items = list(range(g.n))
        for bad in corruptions(inst.answer, items):
            prediction = task.parse(task.answer.format(bad), inst)
            assert task.score(prediction, inst) == {"accuracy": 0.0}, (inst.id, bad)


def test_generation_is_deterministic():
    for name in TASKS:
        first = generate("algorithmic", [name], count=5, seed=11)
        again = generate("algorithmic", [name], count=5, seed=11)
        assert [i.to_json() for i in first] == [i.to_json() for i in again]
