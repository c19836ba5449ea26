"""Metrics against hand-worked examples, explicit loops, sklearn and known distributions."""

from __future__ import annotations

import math
import statistics
import time

import numpy as np
import pytest
from sklearn.metrics import mean_absolute_error, mean_squared_error, root_mean_squared_error

from graphgauge.scoring import metrics as M

NAN = float("nan")


def random_pairs(seed: int, n: int = 60) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.normal(3.0, 2.0, n) * rng.choice([1.0, 10.0, 0.01], n)
    return y, y + rng.normal(0.0, 1.0, n)


# --- accuracy --------------------------------------------------------------------------
def test_accuracy():
    assert M.accuracy([1, 0, 1, 1]) == 0.75
    assert M.accuracy(np.array([True, False])) == 0.5
    assert math.isnan(M.accuracy([]))
    for bad in ([0, 2], [1, NAN], [-1]):
        with pytest.raises(ValueError):
            M.accuracy(bad)


# --- numeric metrics -------------------------------------------------------------------
def test_smape_hand_examples():
    # Makridakis' example, symmetric in over/under prediction: 2*50/250 on the 0-200 scale.
    assert M.smape_200([150], [100]) == pytest.approx(40.0)
    assert M.smape_200([100], [150]) == pytest.approx(40.0)
    assert M.smape_100([150], [100]) == pytest.approx(20.0)
    assert M.smape_200([0.1], [0.2]) == pytest.approx(200 * 0.1 / 0.3)
    assert M.smape_200([0.0, 0.0], [0.0, 0.0]) == 0.0  # eps avoids 0/0
    assert M.smape_200([1.0], [-1.0]) == pytest.approx(200.0)  # the bound
    assert M.smape_100([0.0], [5.0]) == pytest.approx(100.0)


def test_smape_against_loop():
    for seed in range(20):
        y, yhat = random_pairs(seed)
        loop = sum(2 * abs(a - b) / (abs(a) + abs(b) + 1e-12) for a, b in zip(y, yhat,
                                                                            strict=True))
        assert M.smape_200(y, yhat) == pytest.approx(100 * loop / len(y), rel=1e-12)
        assert M.smape_100(y, yhat) == pytest.approx(50 * loop / len(y), rel=1e-12)


def test_errors_against_sklearn():
    for seed in range(20):
        y, yhat = random_pairs(seed)
        assert M.mae(y, yhat) == pytest.approx(mean_absolute_error(y, yhat), rel=1e-12)
        assert M.rmse(y, yhat) == pytest.approx(root_mean_squared_error(y, yhat), rel=1e-12)
        rmse = math.sqrt(mean_squared_error(y, yhat))
        assert M.nrmse_range(y, yhat) == pytest.approx(rmse / (max(y) - min(y)), rel=1e-12)
        assert M.nrmse_std(y, yhat) == pytest.approx(rmse / statistics.stdev(y), rel=1e-12)
        baseline = mean_absolute_error(y, np.full_like(y, statistics.fmean(y)))
        assert M.relmae(y, yhat) == pytest.approx(
            mean_absolute_error(y, yhat) / baseline, rel=1e-12)


def test_relmae_and_nrmse_hand_examples():
    y, yhat = [1, 2, 3, 4], [1, 2, 3, 6]
    assert M.mae(y, yhat) == 0.5
    assert M.relmae(y, yhat) == 0.5  # MAE_mean = (1.5 + 0.5 + 0.5 + 1.5) / 4 = 1
    assert M.relmae(y, [2.5] * 4) == 1.0  # the mean predictor itself
    assert M.rmse(y, yhat) == 1.0
    assert M.nrmse_range(y, yhat) == pytest.approx(1 / 3)
    assert M.nrmse_std(y, yhat) == pytest.approx(1 / math.sqrt(5 / 3))


def test_zero_denominators_give_nan():
    y, yhat = [2.0, 2.0, 2.0], [1.0, 2.0, 3.0]
    for metric in (M.relmae, M.nrmse_range, M.nrmse_std):
        assert math.isnan(metric(y, yhat))
    assert math.isnan(M.nrmse_std([1.0], [2.0]))
    assert M.mae(y, yhat) == pytest.approx(2 / 3)


def test_unparsed_predictions_are_excluded_and_counted():
    y, yhat = random_pairs(3, n=40)
    holes = yhat.copy()
    holes[[0, 7, 19]] = [NAN, np.inf, NAN]
    keep = np.isfinite(holes)
    summary = M.numeric_summary(y, holes)
    clean = M.numeric_summary(y[keep], yhat[keep])
    assert summary["n"] == 37 and summary["excluded"] == 3
    assert clean["n"] == 37 and clean["excluded"] == 0
    for name in M.NUMERIC_METRICS:
        assert summary[name] == clean[name], name
    everything_missing = M.numeric_summary([1.0, 2.0], [NAN, NAN])
    assert everything_missing["n"] == 0 and everything_missing["excluded"] == 2
    assert all(math.isnan(everything_missing[name]) for name in M.NUMERIC_METRICS)


def test_numeric_summary_keys_and_values():
    y, yhat = random_pairs(8)
    summary = M.numeric_summary(y, yhat)
    assert set(summary) == {*M.NUMERIC_METRICS, "n", "excluded"}
    assert summary["smape_200"] == pytest.approx(2 * summary["smape_100"])
    assert summary["mae"] == pytest.approx(mean_absolute_error(y, yhat))


def test_bad_inputs_raise():
    with pytest.raises(ValueError):
        M.mae([1.0, 2.0], [1.0])
    with pytest.raises(ValueError):
        M.mae([NAN, 2.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        M.bootstrap_ci([1.0, 0.0], n_boot=0)
    with pytest.raises(ValueError):
        M.bootstrap_ci([1.0, 0.0], alpha=1.0)
    with pytest.raises(ValueError):
        M.paired_bootstrap_diff([1.0], [1.0, 0.0])


# --- bootstrap -------------------------------------------------------------------------
def test_bootstrap_is_deterministic_per_seed():
    values = np.random.default_rng(1).random(500) < 0.6
    assert M.bootstrap_ci(values, seed=4) == M.bootstrap_ci(values, seed=4)
    assert M.bootstrap_ci(values, seed=4) != M.bootstrap_ci(values, seed=5)
    low, high = M.bootstrap_ci(values)
    assert low < values.mean() < high


def test_bootstrap_degenerate_inputs():
    assert all(math.isnan(x) for x in M.bootstrap_ci([]))
    assert all(math.isnan(x) for x in M.bootstrap_ci([NAN]))
    assert M.bootstrap_ci([0.25]) == (0.25, 0.25)
    assert M.bootstrap_ci([1.0] * 30) == (1.0, 1.0)
    assert M.bootstrap_ci([1.0, NAN, 1.0]) == (1.0, 1.0)


def test_bootstrap_covers_a_known_bernoulli_mean():
    inside = 0
    for seed in range(100):
        sample = np.random.default_rng(1000 + seed).random(400) < 0.7
        low, high = M.bootstrap_ci(sample, seed=seed)
        inside += low <= 0.7 <= high
    assert inside >= 90


def test_bootstrap_matches_the_normal_interval_for_large_samples():
    values = np.random.default_rng(2).normal(5.0, 3.0, 4000)
    half = 1.959964 * values.std(ddof=1) / math.sqrt(values.size)
    low, high = M.bootstrap_ci(values, n_boot=4000, seed=1)
    assert (low + high) / 2 == pytest.approx(values.mean(), abs=0.1 * half)
    assert (high - low) / 2 == pytest.approx(half, rel=0.1)
    low90, high90 = M.bootstrap_ci(values, n_boot=4000, alpha=0.1, seed=1)
    assert low < low90 < high90 < high


def test_bootstrap_is_fast_for_1e5_values():
    values = np.random.default_rng(0).random(100_000) < 0.5
    start = time.perf_counter()
    low, high = M.bootstrap_ci(values)
    assert time.perf_counter() - start < 10
    assert low < values.mean() < high and high - low < 0.01


def test_paired_bootstrap_diff():
    rng = np.random.default_rng(9)
    base = rng.random(300)
    assert M.paired_bootstrap_diff(base, base) == (0.0, 0.0, 0.0)
    diff, low, high = M.paired_bootstrap_diff(base + 0.25, base)
    assert (diff, low, high) == pytest.approx((0.25, 0.25, 0.25))
    a, b = np.array([1.0, NAN, 0.0, 1.0]), np.array([0.0, 1.0, NAN, 0.0])
    assert M.paired_bootstrap_diff(a, b) == (1.0, 1.0, 1.0)  # only pairs 0 and 3 remain


def test_paired_bootstrap_covers_a_known_difference():
    """Run A is right with prob. 0.75, run B with 0.65, on shared item difficulty; the
    paired interval should hold the true 0.10 and beat the unpaired one in width."""
    inside = narrower = 0
    for seed in range(100):
        u = np.random.default_rng(seed).random(400)
        a, b = (u < 0.75).astype(float), (u < 0.65).astype(float)
        diff, low, high = M.paired_bootstrap_diff(a, b, seed=seed)
        assert diff == pytest.approx(a.mean() - b.mean())
        inside += low <= 0.10 <= high
        la, ha = M.bootstrap_ci(a, seed=seed)
        lb, hb = M.bootstrap_ci(b, seed=seed + 1)
        narrower += (high - low) < (ha - la) + (hb - lb)
    assert inside >= 90
    assert narrower == 100


# --- global normalized error -----------------------------------------------------------
def test_global_normalized_error_hand_example():
    table = {
        "A": {"smape": 10.0, "relmae": 0.5},
        "B": {"smape": 30.0, "relmae": 1.5},
        "C": {"smape": 20.0, "relmae": 1.5},
    }
    assert M.global_normalized_error(table) == pytest.approx({"A": 0.0, "B": 1.0, "C": 0.75})


def test_global_normalized_error_edge_cases():
    tied = M.global_normalized_error({"A": {"m": 2.0}, "B": {"m": 2.0}})
    assert tied == {"A": 0.0, "B": 0.0}
    table = {
        "A": {"m1": 1.0, "m2": NAN, "only_a": 5.0, "nobody": NAN},
        "B": {"m1": 3.0, "m2": 4.0, "nobody": NAN},
        "C": {"m1": 2.0, "m2": 2.0, "nobody": NAN},
        "D": {},
    }
    out = M.global_normalized_error(table)
    # m1: A 0, B 1, C .5; m2: A worst (NaN) 1, B 1, C 0; only_a: A 0; nobody: ignored.
    assert out["A"] == pytest.approx((0 + 1 + 0) / 3)
    assert out["B"] == pytest.approx(1.0)
    assert out["C"] == pytest.approx(0.25)
    assert math.isnan(out["D"])
