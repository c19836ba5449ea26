"""Transductive node classification: one GNN, full batch, predictions for every node.

GTEval's structure-vs-text comparison trains it once per condition (clean graph, attacked
edges, target nodes' text hidden), so the conditions differ only in what the model sees.
"""

from __future__ import annotations

import numpy as np


def train_node_classifier(
    x: np.ndarray,
    edge_index: np.ndarray,
    y: np.ndarray,
    train_idx: np.ndarray,
    val_idx: np.ndarray,
    arch: str = "gcn",
    hidden: int = 768,
    seed: int = 42,
    dropout: float = 0.5,
    lr: float = 1e-3,
    weight_decay: float = 5e-4,
    epochs: int = 200,
    patience: int = 20,
    return_proba: bool = False,
) -> np.ndarray:
    """Predicted label of every node (or class probabilities when ``return_proba``),
    from the epoch with the best validation accuracy. Labels outside ``train_idx`` are
    never read; ``y`` may hold -1 there."""
    import torch

    from graphgauge.gnn.tag_models import NodeClassifier
    from graphgauge.gnn.tag_train import TrainConfig, fit, full_batch

    torch.manual_seed(seed)
    features = torch.as_tensor(np.asarray(x, dtype=np.float32))
    edges = torch.as_tensor(np.asarray(edge_index, dtype=np.int64))
    labels = torch.as_tensor(np.asarray(y, dtype=np.int64))
    train = torch.as_tensor(np.asarray(train_idx, dtype=np.int64))
    val = torch.as_tensor(np.asarray(val_idx, dtype=np.int64))
    if len(train) == 0:
        raise ValueError("train_node_classifier needs at least one training node")
    classes = int(labels[train].max()) + 1
    if len(val):
        classes = max(classes, int(labels[val].max()) + 1)
    model = NodeClassifier(features.shape[1], classes, hidden, arch, dropout)

    def loss() -> torch.Tensor:
        logits = model(features, edges)
        return torch.nn.functional.cross_entropy(logits[train], labels[train])

    def validate() -> float:
        chosen = val if len(val) else train
        predicted = model(features, edges)[chosen].argmax(1)
        return float((predicted == labels[chosen]).float().mean())

    fit(model, full_batch(loss), validate, TrainConfig(lr, weight_decay, epochs, patience))
    with torch.no_grad():
        logits = model(features, edges)
    if return_proba:
        return torch.softmax(logits, 1).numpy()
    return logits.argmax(1).numpy().astype(np.int64)
