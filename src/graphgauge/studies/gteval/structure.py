"""Structure vs text: how much accuracy each model loses when the graph is attacked, and
when the centre node's text is removed.

Three conditions over the same centre nodes: ``clean``; ``attacked`` (the structure
perturbed by PRBCD or the degree-budget random flip, see ``perturb.attacks``, with the
centre nodes as targets); ``no_text`` (the centre's text replaced, neighbours kept). A
model that reads structure loses under ``attacked``; one that reads the centre's text
loses under ``no_text``. The GNN baseline is trained per condition on the (perturbed)
graph with MiniLM title features (``no_text``: the centres' feature rows zeroed); the
attack mostly touches the targets' edges, so its training nodes see nearly the clean graph.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

CONDITIONS = ("clean", "attacked", "no_text")


@dataclass(frozen=True)
class DropRow:
    model: str
    accuracy: dict[str, float]  # condition -> accuracy
    items: int

    def drop(self, condition: str) -> float:
        """Relative drop from clean, as the paper's Table 3 reports it."""
        clean = self.accuracy["clean"]
        if clean == 0:
            return math.nan
        return (clean - self.accuracy[condition]) / clean


def condition_options(attack: str) -> dict[str, dict[str, Any]]:
    return {"clean": {}, "attacked": {"attack": attack}, "no_text": {"remove_text": True}}


def propagate(x: np.ndarray, edge_index: np.ndarray, n: int, hops: int = 2) -> np.ndarray:
    """Â^hops X with Â = D^-1/2 (A + I) D^-1/2: what ``hops`` linear GCN layers see."""
    import scipy.sparse as sp

    from graphgauge.suites.classify.attacks import symmetrize

    edges = symmetrize(edge_index, n)
    adj = sp.coo_matrix((np.ones(edges.shape[1], dtype=np.float32), (edges[0], edges[1])),
                        shape=(n, n)).tocsr() + sp.eye(n, dtype=np.float32, format="csr")
    scale = sp.diags(np.asarray(adj.sum(1)).ravel() ** -0.5)
    adj = (scale @ adj @ scale).tocsr()
    out = np.asarray(x, dtype=np.float32)
    for _ in range(hops):
        out = adj @ out
    return out


def softmax_regression(features: np.ndarray, y: np.ndarray, train: np.ndarray, seed: int,
                       epochs: int = 300) -> np.ndarray:
    """Predicted class of every node from a linear softmax classifier fitted on ``train``."""
    import torch

    torch.manual_seed(seed)
    x = torch.as_tensor(features)
    labels = torch.as_tensor(np.asarray(y[train], dtype=np.int64))
    head = torch.nn.Linear(x.shape[1], int(y[train].max()) + 1)
    optimizer = torch.optim.Adam(head.parameters(), lr=0.05, weight_decay=5e-5)
    rows = torch.as_tensor(train)
    for _ in range(epochs):
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(head(x[rows]), labels).backward()
        optimizer.step()
    with torch.no_grad():
        return head(x).argmax(1).numpy()


def gnn_accuracy(
    spec: str, centres: Sequence[int], seed: int, attack: str, gnn: str = "sgc"
) -> dict[str, float]:
    """Accuracy on the centre nodes under each condition of a GNN trained per condition
    on the train split: ``sgc`` (a 2-layer linear GCN, Wu et al. 2019: softmax regression
    on Â²X, seconds on DBLP) or ``gcn`` (the shared 2-layer GCN of ``gnn.nodeclf``,
    hidden 64, with its raw-feature skip; minutes per condition on a CPU)."""
    from graphgauge.datasets import embed_texts, load_tag
    from graphgauge.suites.classify.attacks import attack_tag
    from graphgauge.suites.classify.sampling import node_splits

    tag = load_tag(spec)
    n = tag.num_nodes()
    x = embed_texts(tag.titles)
    splits = node_splits(n, seed)
    train, val = np.flatnonzero(splits == 0), np.flatnonzero(splits == 1)
    targets = np.asarray(centres, dtype=np.int64)
    hidden_x = x.copy()
    hidden_x[targets] = 0.0
    inputs = {
        "clean": (x, tag.edge_index),
        "attacked": (x, attack_tag(tag, attack, targets, train, seed)),
        "no_text": (hidden_x, tag.edge_index),
    }
    y = np.where(splits <= 1, tag.labels, -1)  # test labels (the centres') never seen
    out = {}
    for condition, (features, edges) in inputs.items():
        if gnn == "sgc":
            predicted = softmax_regression(propagate(features, edges, n), y, train, seed)
        else:
            from graphgauge.studies.gteval.nodeclf import train_node_classifier
            from graphgauge.suites.classify.attacks import symmetrize

            predicted = train_node_classifier(features, symmetrize(edges, n), y, train, val,
                                              hidden=64, seed=seed)
        out[condition] = float(np.mean(predicted[targets] == tag.labels[targets]))
    return out
