"""AUROC exactly as GTaxoGym computed it, so our ratios compare with the published ones.

Binary tasks use the ordinary ROC AUC (ties averaged, as sklearn). Multiclass tasks average
one-vs-rest AUROCs over the classes that have a positive example in the split, each
integrated by a right Riemann sum over the score-sorted labels (ties broken by order, not
averaged) — the original's fast path, reproduced vectorised.
"""

from __future__ import annotations

import numpy as np


def binary_auroc(y_true: np.ndarray, scores: np.ndarray) -> float:
    """ROC AUC with ties counted half (Mann-Whitney); NaN when one class is absent."""
    y = np.asarray(y_true).astype(bool)
    pos, neg = int(y.sum()), int((~y).sum())
    if pos == 0 or neg == 0:
        return float("nan")
    order = np.argsort(scores, kind="mergesort")
    s = np.asarray(scores)[order]
    ranks = np.empty(len(s))
    _, start, counts = np.unique(s, return_index=True, return_counts=True)
    for st, c in zip(start, counts, strict=True):
        ranks[st:st + c] = st + (c + 1) / 2.0
    full = np.empty(len(s))
    full[order] = ranks
    return float((full[y].sum() - pos * (pos + 1) / 2.0) / (pos * neg))


def riemann_auroc(y_true: np.ndarray, scores: np.ndarray) -> float:
    """Right-Riemann ROC integral over labels sorted by descending score."""
    y = np.asarray(y_true).astype(bool)
    pos, neg = int(y.sum()), int((~y).sum())
    if pos == 0:
        return float("nan")
    if neg == 0:
        return 0.0
    ranked = y[np.argsort(scores)[::-1]]
    tp_before = np.cumsum(ranked)
    return float(tp_before[~ranked].sum() / (pos * neg))


def macro_ovr_auroc(y_true: np.ndarray, scores: np.ndarray) -> float:
    """Unweighted mean of per-class right-Riemann AUROCs, skipping classes without positives."""
    y = np.asarray(y_true)
    per_class = [riemann_auroc(y == c, scores[:, c]) for c in range(scores.shape[1])]
    vals = [v for v in per_class if not np.isnan(v)]
    return float(np.mean(vals)) if vals else float("nan")


def auroc(y_true: np.ndarray, logits: np.ndarray) -> float:
    """Binary when ``logits`` has one column (sigmoid is monotone: logits rank the same),
    else macro one-vs-rest on log-softmax scores."""
    logits = np.asarray(logits, dtype=np.float64)
    if logits.ndim == 1 or logits.shape[1] == 1:
        return binary_auroc(y_true, logits.reshape(-1))
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_softmax = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return macro_ovr_auroc(y_true, log_softmax)
