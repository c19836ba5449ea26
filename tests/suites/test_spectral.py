"""The spectral suite: every gold answer against an independent reference.

The references avoid the suite's route (a symmetric eigensolver on the spectrum): matrix
traces (trace A^2, trace e^A, trace e^-L via scipy's Padé ``expm``), singular values, a
matrix logarithm, a power method written here, networkx's TraceMIN solver, and a BFS.
"""

from __future__ import annotations

import json
import math
from collections import Counter

import networkx as nx
import numpy as np
import pytest
import scipy.linalg

from graphgauge.graphs.families import make_graph
from graphgauge.registry import generate, get_suite, render
from graphgauge.scoring.answers import INT
from graphgauge.suites import spectral

COUNT = 200
TASKS = [
    "graph_energy", "connected_components", "sum_squared_eigenvalues",
    "algebraic_connectivity", "estrada_index", "laplacian_energy", "natural_connectivity",
    "spectral_gap", "spectral_radius",
    "top_eigenvector_centrality", "heat_trace", "von_neumann_entropy",
]


# --- independent references ----------------------------------------------------------
def adjacency_of(graph: nx.Graph) -> np.ndarray:
    n = graph.number_of_nodes()
    assert sorted(graph) == list(range(n))
    a = np.zeros((n, n))
    edges = np.array(list(graph.edges), dtype=int).reshape(-1, 2)
    a[edges[:, 0], edges[:, 1]] = 1.0
    a[edges[:, 1], edges[:, 0]] = 1.0
    return a


def laplacian_of(a: np.ndarray) -> np.ndarray:
    return np.diag(a.sum(axis=1)) - a


def components_of(a: np.ndarray) -> list[list[int]]:
    """Breadth-first search on the matrix; components in order of their smallest node."""
    seen = np.zeros(len(a), dtype=bool)
    out = []
    for start in range(len(a)):
        if seen[start]:
            continue
        seen[start] = True
        frontier, members = [start], [start]
        while frontier:
            nxt = [int(v) for u in frontier for v in np.flatnonzero(a[u]) if not seen[v]]
            nxt = sorted(set(nxt))
            seen[nxt] = True
            members += nxt
            frontier = nxt
        out.append(sorted(members))
    return out


def dominant(m: np.ndarray) -> tuple[float, np.ndarray]:
    """Power method by repeated squaring for a positive definite ``m``: (m/|m|)^(2^k)
    tends to the projector on the top eigenspace, so any of its columns is a top
    eigenvector; the Rayleigh quotient gives the eigenvalue."""
    b = m / np.linalg.norm(m)
    for _ in range(64):
        squared = b @ b
        squared /= np.linalg.norm(squared)
        converged = np.linalg.norm(squared - b) < 1e-15
        b = squared
        if converged:
            break
    x = b[:, np.argmax(np.linalg.norm(b, axis=0))]
    x = x / np.linalg.norm(x)
    return float(x @ m @ x), x


def top_two(a: np.ndarray) -> tuple[float, float, np.ndarray]:
    """lambda_1, lambda_2 and the Perron vector: power method on A + s*I (s > max degree
    makes it positive definite), then again after deflating the Perron vector to 0."""
    s = a.sum(axis=1).max() + 1.0
    shifted = a + s * np.eye(len(a))
    top, x = dominant(shifted)
    if len(a) == 1:
        return top - s, -math.inf, x
    second, _ = dominant(shifted - top * np.outer(x, x))
    return top - s, second - s, x


def perron_max_entry(a: np.ndarray) -> float:
    """Largest entry a unit eigenvector of A's largest eigenvalue can have, on the whole
    matrix (no components): node i reaches sqrt(P_ii) with P the projector onto that
    eigenspace (v = P e_i / |P e_i|), which is |v_i| when the eigenvalue is simple."""
    values, vectors = np.linalg.eigh(a)
    top = vectors[:, values >= values[-1] - 1e-8 * max(1.0, abs(values[-1]))]
    return float(np.sqrt(np.max(np.sum(top * top, axis=1))))


def von_neumann(a: np.ndarray) -> float:
    """-trace(rho log rho) with a matrix logarithm: adding the projector P onto ker L
    turns the zero eigenvalues of rho into ones (log 1 = 0) and leaves the rest."""
    lap = laplacian_of(a)
    if not lap.any():
        return 0.0
    rho = lap / np.trace(lap)
    p = np.zeros_like(a)
    for comp in components_of(a):
        p[np.ix_(comp, comp)] = 1.0 / len(comp)
    return float(-np.trace(rho @ np.real(scipy.linalg.logm(rho + p))))


def algebraic_connectivity_ref(graph: nx.Graph) -> float:
    if not nx.is_connected(graph):
        return 0.0
    return nx.algebraic_connectivity(graph, method="tracemin_lu", tol=1e-12)


def reference(name: str, graph: nx.Graph) -> float:
    a = adjacency_of(graph)
    n, m = len(a), a.sum() / 2
    lap = laplacian_of(a)
    if name == "graph_energy":
        return np.linalg.svd(a, compute_uv=False).sum()
    if name == "connected_components":
        return len(components_of(a))
    if name == "sum_squared_eigenvalues":
        return np.trace(a @ a)
    if name == "algebraic_connectivity":
        return algebraic_connectivity_ref(graph)
    if name == "estrada_index":
        return np.trace(scipy.linalg.expm(a))
    if name == "laplacian_energy":
        return np.linalg.svd(lap - 2 * m / n * np.eye(n), compute_uv=False).sum()
    if name == "natural_connectivity":
        return math.log(np.trace(scipy.linalg.expm(a)) / n)
    if name == "spectral_gap":
        first, second, _ = top_two(a)
        return first - second
    if name == "spectral_radius":
        return top_two(a)[0]
    if name == "top_eigenvector_centrality":
        return perron_max_entry(a)
    if name == "heat_trace":
        return np.trace(scipy.linalg.expm(-lap))
    if name == "von_neumann_entropy":
        return von_neumann(a)
    raise KeyError(name)


def assert_matches(value: float, ref: float, what: str) -> None:
    assert math.isclose(value, ref, rel_tol=1e-7, abs_tol=1e-8), (what, value, ref)


# --- fixtures ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def suite():
    return get_suite("spectral")


@pytest.fixture(scope="module")
def instances():
    return {name: generate("spectral", [name], count=COUNT, seed=7) for name in TASKS}


# --- tests ---------------------------------------------------------------------------
def test_suite_has_the_twelve_tasks_by_difficulty(suite):
    assert list(suite) == TASKS
    difficulties = Counter(t.difficulty for t in suite.values())
    assert difficulties == {"easy": 3, "medium": 6, "hard": 3}
    assert {t.name for t in suite.values() if t.difficulty == "hard"} == {
        "top_eigenvector_centrality", "heat_trace", "von_neumann_entropy"}
    for t in suite.values():
        assert t.suite == "spectral" and (t.answer is INT) == (t.name == "connected_components")
        assert t.__doc__ and t.ask.endswith("?")


@pytest.mark.parametrize("name", TASKS)
def test_gold_matches_independent_reference(name, instances, suite):
    task = suite[name]
    seen = Counter()
    for inst in instances[name]:
        seen[inst.meta["family"]] += 1
        ref = reference(name, inst.graph)
        if name == "connected_components":
            assert inst.answer == ref == nx.number_connected_components(inst.graph)
        else:
            assert_matches(inst.answer, ref, inst.id)
    assert set(seen) == set(task.families)
    assert task.connected == (name != "connected_components")


@pytest.mark.parametrize("name", TASKS)
def test_definitions_hold_on_disconnected_graphs(name, suite):
    """The docstrings' conventions for disconnected graphs, including isolated nodes."""
    rng = np.random.default_rng(5)
    task = suite[name]
    for i in range(COUNT):
        n = int(rng.integers(5, 36))
        if i % 2:
            graph = make_graph("multi_component", rng, n)
        else:
            graph = make_graph("erdos_renyi", rng, n, p=float(rng.uniform(0.02, 0.15)))
        assert_matches(task.value(graph), reference(name, graph), f"graph {i}")


def test_disconnected_conventions_by_hand():
    two_triangles = nx.disjoint_union(nx.complete_graph(3), nx.complete_graph(3))
    assert spectral.algebraic_connectivity(two_triangles) == 0.0
    assert spectral.spectral_gap(two_triangles) == pytest.approx(0.0, abs=1e-12)
    # A star K_{1,3} beside a lone edge: the star is the largest component.
    graph = nx.Graph([(0, 1), (0, 2), (0, 3), (4, 5)])
    assert spectral.top_eigenvector_centrality(graph) == pytest.approx(1 / math.sqrt(2))
    assert spectral.spectral_radius(graph) == pytest.approx(math.sqrt(3))
    # Equal sizes, different radii: the triangle's eigenvalue 2 beats the path's sqrt 2.
    graph = nx.Graph([(0, 1), (1, 2), (3, 4), (4, 5), (3, 5)])
    assert spectral.top_eigenvector_centrality(graph) == pytest.approx(1 / math.sqrt(3))
    # A 10-node star (radius 3) beside K5 (radius 4): K5's uniform vector, not the star's
    # centre of the component with most nodes (1/sqrt 2).
    graph = nx.disjoint_union(nx.star_graph(9), nx.complete_graph(5))
    assert spectral.top_eigenvector_centrality(graph) == pytest.approx(1 / math.sqrt(5))
    # K3 and the star K_{1,4} share the radius 2: the largest entry the eigenspace allows.
    graph = nx.disjoint_union(nx.complete_graph(3), nx.star_graph(4))
    assert spectral.top_eigenvector_centrality(graph) == pytest.approx(1 / math.sqrt(2))
    empty = nx.empty_graph(4)
    assert get_suite("spectral")["von_neumann_entropy"].value(empty) == 0.0
    assert get_suite("spectral")["connected_components"].value(empty) == 4


def test_top_eigenvector_centrality_on_disconnected_graphs_matches_numpy():
    """Unions of components whose largest-radius component is not the largest one, with
    isolated nodes and shared radii, against the whole-matrix numpy reference."""
    rng = np.random.default_rng(11)
    pieces = [nx.star_graph(9), nx.complete_graph(5), nx.path_graph(7), nx.cycle_graph(6),
              nx.complete_graph(3), nx.star_graph(4), nx.empty_graph(1), nx.petersen_graph()]
    for _ in range(40):
        chosen = [pieces[i] for i in rng.choice(len(pieces), size=int(rng.integers(2, 5)))]
        chosen.append(nx.gnp_random_graph(int(rng.integers(3, 15)), 0.3,
                                          seed=int(rng.integers(1000))))
        graph = nx.disjoint_union_all(chosen)
        graph = nx.relabel_nodes(graph, dict(enumerate(rng.permutation(len(graph)).tolist())))
        ref = perron_max_entry(adjacency_of(graph))
        assert_matches(spectral.top_eigenvector_centrality(graph), ref, "union")
        assert_matches(spectral.top_eigenvector_centrality(graph, sparse=True), ref, "sparse")


def test_gold_is_plain_json(instances):
    for name, insts in instances.items():
        kind = int if name == "connected_components" else float
        for inst in insts[:50]:
            assert type(inst.answer) is kind
            assert json.loads(json.dumps(inst.answer)) == inst.answer


@pytest.mark.parametrize("name", TASKS)
def test_reference_answer_round_trip(name, instances, suite):
    task = suite[name]
    for inst in instances[name][:50]:
        text = f"Let me compute the spectrum. Final answer: {task.answer.format(inst.answer)}"
        assert task.score(task.parse(text, inst), inst) == {"accuracy": 1.0}
        if task.answer is INT:
            wrong = task.answer.format(inst.answer + 1)
        else:
            wrong = task.answer.format(inst.answer * 1.03 + 0.02)
        assert task.score(task.parse(wrong, inst), inst) == {"accuracy": 0.0}
        prompt = render(inst).text
        assert task.ask in prompt and task.instruction in prompt


def test_generation_is_deterministic():
    first = [i.to_json() for i in generate("spectral", TASKS, count=3, seed=21)]
    again = [i.to_json() for i in generate("spectral", TASKS, count=3, seed=21)]
    assert first == again


SPARSE_FUNCTIONS = [
    spectral.spectral_radius, spectral.spectral_gap,
    spectral.algebraic_connectivity, spectral.top_eigenvector_centrality,
]


def test_sparse_path_agrees_with_dense_path_on_large_graphs():
    rng = np.random.default_rng(11)
    families = ["erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm", "random_tree",
                "multi_component"]
    for family in families:
        graph = make_graph(family, rng, int(rng.integers(380, 421)))
        for func in SPARSE_FUNCTIONS:
            sparse, dense = func(graph, sparse=True), func(graph, sparse=False)
            assert math.isclose(sparse, dense, rel_tol=1e-7, abs_tol=1e-9), (
                family, func.__name__, sparse, dense)


def test_large_graphs_take_the_sparse_path(monkeypatch, suite):
    """Above SPARSE_MIN_NODES the extreme-eigenvalue tasks never call a dense solver."""
    def dense_solver(*args, **kwargs):
        raise AssertionError("dense eigensolver used on a large graph")

    names = ["spectral_radius", "spectral_gap", "algebraic_connectivity",
             "top_eigenvector_centrality"]
    insts = generate("spectral", names, count=2, seed=3, nodes=(201, 260))
    refs = [reference(inst.task, inst.graph) for inst in insts]
    monkeypatch.setattr(np.linalg, "eigh", dense_solver)
    monkeypatch.setattr(np.linalg, "eigvalsh", dense_solver)
    for inst, ref in zip(insts, refs, strict=True):
        assert inst.meta["n"] > spectral.SPARSE_MIN_NODES
        value = suite[inst.task].solve(inst)
        assert_matches(value, ref, inst.id)
        assert value == inst.answer
