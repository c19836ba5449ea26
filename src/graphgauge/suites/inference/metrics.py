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


def project_label(answer: str, labels: Sequence[str], encoder: str = "minilm") -> str:
    """The canonical label nearest to ``answer``."""
    exact = {normalize(label): label for label in labels}
    if normalize(answer) in exact:
        return exact[normalize(answer)]
    from graphgauge.datasets.embeddings import embed_texts

    vector = embed_texts([answer], encoder, cache=False)[0]
    return labels[int(np.argmax(_label_vectors(tuple(labels), encoder) @ vector))]


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


def purity(predicted: Sequence[int], gold: Sequence[int]) -> float:
    clusters: dict[int, Counter] = {}
    for p, g in zip(predicted, gold, strict=True):
        clusters.setdefault(p, Counter())[g] += 1
    return sum(c.most_common(1)[0][1] for c in clusters.values()) / max(len(gold), 1)


def partition_scores(predicted: dict[int, int], gold: Sequence[int],
                     k: int) -> dict[str, float]:
    """ARI, NMI, purity on the nodes both sides name; community-count accuracy."""
    from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

    shared = sorted(node for node in predicted if 0 <= node < len(gold))
    if not shared:
        return {"ari": 0.0, "nmi": 0.0, "purity": 0.0, "count_accuracy": 0.0}
    p = [predicted[node] for node in shared]
    g = [gold[node] for node in shared]
    return {"ari": float(adjusted_rand_score(g, p)),
            "nmi": float(normalized_mutual_info_score(g, p)),
            "purity": purity(p, g),
            "count_accuracy": float(len(set(predicted.values())) == k)}
