"""Aggregate metrics: accuracy with bootstrap intervals, and the numeric error metrics of
the serialization study (sMAPE, RelMAE, nRMSE) with its global normalized error.

Pure numpy functions of arrays. Numeric metrics take gold values ``y`` and predictions
``yhat``; a prediction that could not be parsed is NaN (or another non-finite value).
Such pairs are *excluded* from every numeric metric, not counted as an error of some
arbitrary size; ``numeric_summary`` reports how many were excluded, so the count stays
visible next to the scores (parse failures already cost accuracy). A metric whose
formula has a zero denominator, or no pairs left, is NaN.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

SMAPE_EPS = 1e-12
# Resample rows are drawn in blocks of about this many indices, to bound memory.
_BLOCK = 1 << 22
# Up to this many distinct values, resamples are drawn as value counts (multinomial).
_FEW_VALUES = 16

ArrayLike = Sequence[float] | np.ndarray


def _finite_gold(y: ArrayLike) -> np.ndarray:
    y = np.asarray(y, dtype=float).ravel()
    if not np.isfinite(y).all():
        raise ValueError("gold values must be finite")
    return y


def valid_pairs(y: ArrayLike, yhat: ArrayLike) -> tuple[np.ndarray, np.ndarray, int]:
    """(y, yhat, excluded): the pairs whose prediction is finite, and how many were not."""
    y, yhat = _finite_gold(y), np.asarray(yhat, dtype=float).ravel()
    if y.shape != yhat.shape:
        raise ValueError(f"y and yhat differ in length: {y.size} vs {yhat.size}")
    keep = np.isfinite(yhat)
    return y[keep], yhat[keep], int(y.size - keep.sum())


def _ratio(num: float, den: float) -> float:
    return float(num / den) if den > 0 else float("nan")


def accuracy(scores: ArrayLike) -> float:
    """mean(scores) of 0/1 (or boolean) scores; NaN when empty. Unparsed answers are
    already scored 0, so a NaN or out-of-range score is a bug and raises ValueError."""
    scores = np.asarray(scores, dtype=float).ravel()
    if not ((scores >= 0) & (scores <= 1)).all():
        raise ValueError("accuracy scores must lie in [0, 1]")
    return float(scores.mean()) if scores.size else float("nan")


def mae(y: ArrayLike, yhat: ArrayLike) -> float:
    """MAE = (1/n) sum |y_i - yhat_i|."""
    y, yhat, _ = valid_pairs(y, yhat)
    return float(np.abs(y - yhat).mean()) if y.size else float("nan")


def rmse(y: ArrayLike, yhat: ArrayLike) -> float:
    """RMSE = sqrt((1/n) sum (y_i - yhat_i)^2)."""
    y, yhat, _ = valid_pairs(y, yhat)
    return float(np.sqrt(np.square(y - yhat).mean())) if y.size else float("nan")


def smape_200(y: ArrayLike, yhat: ArrayLike) -> float:
    """sMAPE on the 0-200 scale: (100/n) sum 2|y_i - yhat_i| / (|y_i| + |yhat_i| + eps),
    eps = 1e-12 (so y = yhat = 0 scores 0, not 0/0)."""
    y, yhat, _ = valid_pairs(y, yhat)
    if not y.size:
        return float("nan")
    return float(100 * np.mean(2 * np.abs(y - yhat) / (np.abs(y) + np.abs(yhat) + SMAPE_EPS)))


def smape_100(y: ArrayLike, yhat: ArrayLike) -> float:
    """sMAPE on the 0-100 scale: (100/n) sum |y_i - yhat_i| / (|y_i| + |yhat_i| + eps),
    i.e. half of ``smape_200``.

    The paper defines the 0-100 scale as half the 0-200 one, as done here; its Table 8
    and its worked example (y = 150, yhat = 100 -> 40%) use (|y| + |yhat|) / 2 in the
    denominator, which is the 0-200 value (here 40 on the 0-200 scale, 20 on 0-100)."""
    return smape_200(y, yhat) / 2


def relmae(y: ArrayLike, yhat: ArrayLike) -> float:
    """RelMAE = MAE / MAE_mean, MAE_mean = (1/n) sum |y_i - mean(y)|: the error relative to
    always predicting the mean gold value (< 1 beats that baseline). Both terms are over
    the same valid pairs."""
    y, yhat, _ = valid_pairs(y, yhat)
    if not y.size:
        return float("nan")
    return _ratio(np.abs(y - yhat).mean(), np.abs(y - y.mean()).mean())


def nrmse_range(y: ArrayLike, yhat: ArrayLike) -> float:
    """nRMSE_range = RMSE / (max_i y_i - min_i y_i), over the valid pairs."""
    y, yhat, _ = valid_pairs(y, yhat)
    if not y.size:
        return float("nan")
    return _ratio(np.sqrt(np.square(y - yhat).mean()), y.max() - y.min())


def nrmse_std(y: ArrayLike, yhat: ArrayLike) -> float:
    """nRMSE_std = RMSE / s_y, s_y the sample standard deviation of y (ddof = 1)."""
    y, yhat, _ = valid_pairs(y, yhat)
    if y.size < 2:
        return float("nan")
    return _ratio(np.sqrt(np.square(y - yhat).mean()), y.std(ddof=1))


NUMERIC_METRICS = {
    "mae": mae, "rmse": rmse, "smape_100": smape_100, "smape_200": smape_200,
    "relmae": relmae, "nrmse_range": nrmse_range, "nrmse_std": nrmse_std,
}


def numeric_summary(y: ArrayLike, yhat: ArrayLike) -> dict[str, float | int]:
    """Every numeric metric, plus ``n`` (pairs used) and ``excluded`` (non-finite
    predictions left out)."""
    kept_y, _, excluded = valid_pairs(y, yhat)
    out: dict[str, float | int] = {name: f(y, yhat) for name, f in NUMERIC_METRICS.items()}
    out.update(n=int(kept_y.size), excluded=excluded)
    return out


def _bootstrap_means(values: np.ndarray, n_boot: int, seed: int) -> np.ndarray:
    """Means of ``n_boot`` resamples with replacement: one index matrix of shape
    (n_boot, n), drawn in row blocks so 10^5 values do not need gigabytes."""
    rng = np.random.default_rng(seed)
    n = values.size
    distinct, counts = np.unique(values, return_counts=True)
    if distinct.size <= _FEW_VALUES:
        # Scores take few values (0/1 accuracy): a resample is fully described by how often
        # it drew each value, a multinomial draw -- the same distribution as drawing n
        # indices, without the n x n_boot index matrix.
        return rng.multinomial(n, counts / n, size=n_boot) @ distinct / n
    rows = max(1, _BLOCK // n)
    means = np.empty(n_boot)
    for start in range(0, n_boot, rows):
        stop = min(n_boot, start + rows)
        means[start:stop] = values[rng.integers(0, n, size=(stop - start, n))].mean(axis=1)
    return means


def _check_bootstrap_args(n_boot: int, alpha: float) -> None:
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha}")


def bootstrap_ci(
    values: ArrayLike, *, n_boot: int = 1000, alpha: float = 0.05, seed: int = 0
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean: the alpha/2 and 1 - alpha/2 quantiles
    of the means of ``n_boot`` resamples (with replacement, same size). NaN values are
    dropped first. Deterministic for a seed. No values: (nan, nan); one value v: (v, v),
    as every resample is then v."""
    _check_bootstrap_args(n_boot, alpha)
    values = np.asarray(values, dtype=float).ravel()
    values = values[~np.isnan(values)]
    if values.size == 0:
        return float("nan"), float("nan")
    if values.size == 1:
        return float(values[0]), float(values[0])
    low, high = np.quantile(_bootstrap_means(values, n_boot, seed), [alpha / 2, 1 - alpha / 2])
    return float(low), float(high)


def paired_bootstrap_diff(
    a: ArrayLike, b: ArrayLike, *, n_boot: int = 1000, alpha: float = 0.05, seed: int = 0
) -> tuple[float, float, float]:
    """(mean(a - b), low, high) for paired scores of two runs on the same items.

    Resampling items (pairs) keeps the correlation between the runs, so the interval is
    narrower than comparing two independent intervals. Pairs where either side is NaN
    are dropped."""
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if a.shape != b.shape:
        raise ValueError(f"paired vectors differ in length: {a.size} vs {b.size}")
    diff = a - b
    diff = diff[~np.isnan(diff)]
    low, high = bootstrap_ci(diff, n_boot=n_boot, alpha=alpha, seed=seed)
    return (float(diff.mean()) if diff.size else float("nan")), low, high


def global_normalized_error(table: Mapping[str, Mapping[str, float]]) -> dict[str, float]:
    """Mean over metrics of each model's min-max normalized error.

    ``table`` is {model: {metric: value}} for error metrics (lower is better); a "metric"
    key may combine task and metric, e.g. "spectral_gap/smape_100", to average over
    both as the paper does. Each metric is normalized across the models that report it:
    (v - min) / (max - min), 0 for every model when all agree. A non-finite value counts
    as the worst (1) if some model has a finite one; a metric finite for no model is
    ignored. A model with no usable metric gets NaN.
    """
    metrics = sorted({key for row in table.values() for key in row})
    totals = {model: [] for model in table}
    for metric in metrics:
        reported = {m: float(row[metric]) for m, row in table.items() if metric in row}
        finite = [v for v in reported.values() if np.isfinite(v)]
        if not finite:
            continue
        low, span = min(finite), max(finite) - min(finite)
        for model, value in reported.items():
            if not np.isfinite(value):
                totals[model].append(1.0)
            else:
                totals[model].append((value - low) / span if span > 0 else 0.0)
    return {m: float(np.mean(v)) if v else float("nan") for m, v in totals.items()}
