"""Structural attacks: the degree budget, the random flip fallback, PRBCD on a toy graph."""

from __future__ import annotations

import numpy as np
import pytest

from graphgauge.errors import UserError
from graphgauge.suites.classify.attacks import (
    attack_tag,
    degree_budget,
    prbcd_attack,
    random_flip_attack,
    symmetrize,
)
from tests.support.data import needs_shared_data


def _pairs(edge_index: np.ndarray) -> set[tuple[int, int]]:
    return {(min(u, v), max(u, v)) for u, v in zip(*edge_index.tolist(), strict=True)}


def test_degree_budget_counts_undirected_degrees():
    # a directed path 0->1->2 plus 2->1 (same undirected pair) and a self-loop
    edges = np.array([[0, 1, 2, 2], [1, 2, 1, 2]])
    assert degree_budget(edges, 3, np.array([1])) == 2
    assert degree_budget(edges, 3, np.array([0, 2])) == 2


def test_symmetrize_gives_both_directions_once():
    out = symmetrize(np.array([[0, 1, 2, 0], [1, 0, 2, 2]]), 3)
    assert out.tolist() == [[0, 0, 1, 2], [1, 2, 0, 0]]


def test_random_flip_toggles_degree_many_pairs_at_the_target_only():
    rng = np.random.default_rng(0)
    n = 40
    src = rng.integers(0, n, 120)
    dst = rng.integers(0, n, 120)
    edges = symmetrize(np.stack([src, dst]), n)
    before = _pairs(edges)
    target = 7
    degree = sum(target in pair for pair in before)
    after = _pairs(random_flip_attack(edges, n, np.array([target]), np.random.default_rng(1)))
    changed = before ^ after
    assert len(changed) == degree
    assert all(target in pair and pair[0] != pair[1] for pair in changed)
    again = _pairs(random_flip_attack(edges, n, np.array([target]), np.random.default_rng(1)))
    assert again == after  # seeded


def test_unknown_attack_is_a_user_error():
    with pytest.raises(UserError, match="unknown attack"):
        attack_tag(None, "nettack", np.array([0]), np.array([1]), 0)


@pytest.mark.slow
def test_prbcd_flips_within_the_degree_budget():
    rng = np.random.default_rng(0)
    n, k = 120, 2
    y = np.repeat(np.arange(k), n // k)
    same = rng.random((n, n)) < 0.12
    cross = rng.random((n, n)) < 0.01
    adj = np.where(y[:, None] == y[None, :], same, cross)
    adj = np.triu(adj, 1)
    edges = symmetrize(np.stack(np.nonzero(adj)), n)
    x = rng.normal(size=(n, 8)).astype(np.float32) + 0.3 * y[:, None]
    targets = np.arange(0, n, 6)
    train = np.setdiff1d(np.arange(n), targets)
    out = prbcd_attack(x, edges, y, train, targets, seed=0, epochs=20, block_size=1000,
                       train_epochs=50)
    flipped = _pairs(edges) ^ _pairs(out)
    assert 0 < len(flipped) <= degree_budget(edges, n, targets)
    assert (out[0] != out[1]).all() and _pairs(out) == _pairs(out[::-1])


def test_propagate_matches_dense_normalized_adjacency():
    from graphgauge.studies.gteval.structure import propagate

    rng = np.random.default_rng(3)
    n = 9
    edges = np.array([[0, 1, 2, 3, 5, 6], [1, 2, 0, 4, 6, 7]])  # a directed input; 8 isolated
    x = rng.normal(size=(n, 3)).astype(np.float32)
    dense = np.eye(n)
    for u, v in edges.T:
        dense[u, v] = dense[v, u] = 1.0
    scale = np.diag(1 / np.sqrt(dense.sum(1)))
    a_hat = scale @ dense @ scale
    assert np.allclose(propagate(x, edges, n, hops=2), a_hat @ a_hat @ x, atol=1e-5)


@pytest.mark.slow  # imports torch
def test_softmax_regression_separates_separable_classes():
    from graphgauge.studies.gteval.structure import softmax_regression

    rng = np.random.default_rng(0)
    y = np.repeat([0, 1, 2], 30)
    x = (np.eye(3)[y] * 3 + rng.normal(scale=0.3, size=(90, 3))).astype(np.float32)
    train = np.arange(0, 90, 2)
    predicted = softmax_regression(x, y, train, seed=0)
    assert (predicted[1::2] == y[1::2]).mean() == 1.0


@pytest.mark.slow
@needs_shared_data("webkb")
def test_gnn_baseline_on_webkb_runs_every_condition():
    from graphgauge.studies.gteval.structure import CONDITIONS, gnn_accuracy

    acc = gnn_accuracy("webkb:wisconsin", list(range(0, 250, 10)), seed=0, attack="flip")
    assert set(acc) == set(CONDITIONS) and all(0.0 <= v <= 1.0 for v in acc.values())


def test_attacks_are_memoized_whatever_the_target_order():
    from types import SimpleNamespace

    tag = SimpleNamespace(name="toy", num_nodes=lambda: 30,
                          edge_index=symmetrize(np.array([[0, 1, 2, 3], [1, 2, 3, 4]]), 30))
    first = attack_tag(tag, "flip", np.array([3, 1]), np.array([0]), seed=0)
    assert attack_tag(tag, "flip", np.array([1, 3]), np.array([0]), seed=0) is first
    assert attack_tag(tag, "flip", np.array([1, 3]), np.array([0]), seed=1) is not first
