"""GraphInfer metrics: label projection, outlier hits, partition agreement, SBERT
cosine of reasoning.

T1/T3 answers are free text: they are projected to the nearest canonical label by
MiniLM cosine (an exact, case-insensitive label match short-cuts the encoder). The
reasoning encoder (any SentenceTransformer name or path; default the bundled MiniLM-L6)
is fixed per benchmark file by ``generate infer -p reasoning_encoder=NAME``, so every run
of one file is scored alike; $GRAPHGAUGE_REASONING_ENCODER sets it for files without one.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np


def normalize(text: str) -> str:
    return " ".join(text.lower().strip().strip(".\"'*` ").split())


@lru_cache(maxsize=64)
def _label_vectors(labels: tuple[str, ...], encoder: str) -> np.ndarray:
    from graphgauge.datasets.embeddings import embed_texts

    return embed_texts(list(labels), encoder)


def project_label(answer: str, labels: Sequence[str], encoder: str = "minilm",
                  noun: str | None = None) -> str:
    """The canonical label nearest to ``answer``. With ``noun`` (the domain's word for a
    node: "web page", "paper") each label is embedded as a phrase ("faculty web page",
    "AI paper"): a bare one-word label ("course", "AI") sits far from every sentence
    that describes it, so free text about "a class with lecture notes" went to
    `student` (tests/suites/inference/test_reading_rules.py pins examples)."""
    exact = {normalize(label): label for label in labels}
    if normalize(answer) in exact:
        return exact[normalize(answer)]
    if not noun:
        return _nearest(answer, tuple(labels), encoder)
    phrases = tuple(f"{' '.join(label.replace('_', ' ').split())} {noun}" for label in labels)
    return labels[phrases.index(_nearest(answer, phrases, encoder))]


@lru_cache(maxsize=4096)
def _nearest(answer: str, labels: tuple[str, ...], encoder: str) -> str:
    """One short text through the encoder on one thread: torch's default thread pool
    made each answer ~10x slower on a busy machine (230 ms against 19 ms)."""
    import torch

    from graphgauge.datasets.embeddings import embed_one

    label_vectors = _label_vectors(labels, encoder)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        vector = embed_one(answer, encoder)
    finally:
        torch.set_num_threads(threads)
    return labels[int(np.argmax(label_vectors @ vector))]


def reasoning_encoder(meta: dict | None = None) -> str:
    return ((meta or {}).get("reasoning_encoder")
            or os.environ.get("GRAPHGAUGE_REASONING_ENCODER", "minilm"))


def text_cosine(predicted: str, gold: str, encoder: str | None = None) -> float:
    from graphgauge.datasets.embeddings import embed_texts

    vectors = embed_texts([predicted, gold], encoder or reasoning_encoder(), cache=False)
    return float(vectors[0] @ vectors[1])


def outlier_scores(flagged: Sequence[int], gold: int) -> dict[str, float]:
    """Hit@1 (the first node called an outlier is the gold one) and per-node precision,
    recall and F1 of the outlier class."""
    hit = float(bool(flagged) and flagged[0] == gold)
    chosen = set(flagged)
    precision = (gold in chosen) / len(chosen) if chosen else 0.0
    recall = float(gold in chosen)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"hit1": hit, "precision": precision, "recall": recall, "f1": f1}


def purity(predicted: Sequence[int | None], gold: Sequence[int]) -> float:
    """Share of nodes in their predicted community's majority gold class; a node the
    prediction leaves out (None) counts as misplaced."""
    clusters: dict[int, Counter] = {}
    for p, g in zip(predicted, gold, strict=True):
        if p is not None:
            clusters.setdefault(p, Counter())[g] += 1
    return sum(c.most_common(1)[0][1] for c in clusters.values()) / max(len(gold), 1)


def _contingency(gold: Sequence[int], predicted: Sequence[int]) -> np.ndarray:
    _, g = np.unique(np.asarray(gold), return_inverse=True)
    _, p = np.unique(np.asarray(predicted), return_inverse=True)
    table = np.zeros((g.max() + 1, p.max() + 1))
    np.add.at(table, (g, p), 1.0)
    return table


def adjusted_rand(table: np.ndarray) -> float:
    """ARI from the contingency table, by pair counts (sklearn's definition, without its
    per-call validation, which cost ~2 ms of every T5 item)."""
    pairs = lambda x: x * (x - 1) / 2  # noqa: E731
    index, rows, cols = pairs(table).sum(), pairs(table.sum(1)).sum(), pairs(table.sum(0)).sum()
    total = pairs(table.sum())
    if rows + cols == 2 * index:
        return 1.0  # no pair split by one side only: full agreement (sklearn's case)
    expected = rows * cols / total if total else 0.0
    return float((index - expected) / ((rows + cols) / 2 - expected))


def normalized_mutual_info(table: np.ndarray) -> float:
    """NMI with the arithmetic-mean normalisation (sklearn's default and its limit cases:
    1 when neither side splits the nodes, 0 when the mutual information is 0)."""
    if table.shape == (1, 1):
        return 1.0
    n = table.sum()
    joint = table[table > 0] / n
    rows, cols = table.sum(1) / n, table.sum(0) / n
    outer = np.outer(rows, cols)[table > 0]
    mi = float((joint * np.log(joint / outer)).sum())
    if mi <= 0:
        return 0.0
    entropy = lambda x: float(-(x[x > 0] * np.log(x[x > 0])).sum())  # noqa: E731
    return mi / ((entropy(rows) + entropy(cols)) / 2)


def partition_scores(predicted: dict[int, int], gold: Sequence[int],
                     k: int) -> dict[str, float]:
    """ARI, NMI, purity and community-count accuracy over the instance's nodes.

    Lines for nodes that do not exist are ignored. A node the prediction leaves out is
    its own singleton community for ARI/NMI and misplaced for purity, so only a complete
    prediction can score 1; the count is over the communities given to real nodes."""
    n = len(gold)
    given = [predicted.get(node) for node in range(n)]
    if all(c is None for c in given):
        return {"ari": 0.0, "nmi": 0.0, "purity": 0.0, "count_accuracy": 0.0}
    spare = max(c for c in given if c is not None) + 1  # ids no given community uses
    table = _contingency(gold, [c if c is not None else spare + node
                                for node, c in enumerate(given)])
    return {"ari": adjusted_rand(table), "nmi": normalized_mutual_info(table),
            "purity": purity(given, gold),
            "count_accuracy": float(len({c for c in given if c is not None}) == k)}


def complete(predicted: dict[int, int], n: int) -> bool:
    """Does the prediction assign every node 0..n-1?"""
    return all(node in predicted for node in range(n))
