"""Training on graph collections the GTaxoGym way: train every epoch, report the test AUROC
of the epoch with the best validation AUROC (no early stopping). Graph targets use
stratified 10-fold CV; per-node targets (PATTERN/CLUSTER-like sets) a fixed split of the
graphs, a per-node head and the class-weighted cross-entropy."""

from __future__ import annotations

import copy
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model
from graphgauge.studies.taxonomy.train_metrics import auroc


@dataclass(frozen=True)
class TrainConfig:
    epochs: int = 300
    lr: float = 1e-3
    weight_decay: float = 0.0
    batch_size: int = 64
    plateau_factor: float = 0.5
    plateau_patience: int = 15
    min_lr: float = 1e-6
    seed: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


def stratified_folds(labels: np.ndarray, n_folds: int = 10,
                     random_state: int = 123) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(train, val, test) per fold: fold i tests, fold (i+1) % n validates, the rest train."""
    from sklearn.model_selection import StratifiedKFold

    skf = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=random_state)
    parts = [test for _, test in skf.split(np.zeros(len(labels)), labels)]
    splits = []
    for i in range(n_folds):
        val = parts[(i + 1) % n_folds]
        rest = [parts[j] for j in range(n_folds) if j not in (i, (i + 1) % n_folds)]
        train = np.concatenate(rest)
        splits.append((np.sort(train), np.sort(val), np.sort(parts[i])))
    return splits


def fixed_split(num_graphs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """80/10/10 by position: the in-process generators draw graphs i.i.d., so the first 80%
    is as good a 'standard split' as GNNBenchmark's published one."""
    idx = np.arange(num_graphs)
    a, b = int(0.8 * num_graphs), int(0.9 * num_graphs)
    return idx[:a], idx[a:b], idx[b:]


def weighted_cross_entropy(logits, y):
    """GraphGym's PATTERN/CLUSTER loss: class c weighs (V - n_c) / V among the batch's V
    nodes (0 when absent), so the rare pattern nodes are not drowned out."""
    import torch
    import torch.nn.functional as F

    counts = torch.bincount(y, minlength=logits.shape[1]).float()
    weight = (len(y) - counts) / len(y) * (counts > 0).float()
    return F.cross_entropy(logits, y, weight=weight)


def constant_features(graphs: list[Any]) -> bool:
    """True when every node of every graph has the same feature row (featureless datasets
    given a constant feature, or the NoNodeFtrs perturbation)."""
    import torch

    x = torch.cat([g.x for g in graphs])
    return bool((x == x[0]).all())


def _loss_fn(num_classes: int, per_node: bool = False):
    import torch.nn.functional as F

    if per_node:
        return weighted_cross_entropy
    if num_classes == 2:
        return lambda logits, y: F.binary_cross_entropy_with_logits(
            logits.view(-1), y.float())
    return F.cross_entropy


def _predict(model, batch) -> tuple[Any, Any]:
    import torch

    model.eval()
    with torch.no_grad():
        return model(batch), batch.y


def train_graph_classifier(graphs: list[Any], num_classes: int,
                           split: tuple[np.ndarray, np.ndarray, np.ndarray],
                           model_cfg: ModelConfig, train_cfg: TrainConfig) -> dict[str, float]:
    """Train one fold; returns test/val AUROC at the best-validation epoch and timings.

    ``model_cfg.graph_level`` False: every node has a target, all ``num_classes`` logits
    are kept (the class-weighted loss needs them) and AUROC is over nodes."""
    import torch
    from torch_geometric.data import Batch
    from torch_geometric.loader import DataLoader

    torch.manual_seed(train_cfg.seed)
    train_idx, val_idx, test_idx = split
    per_node = not model_cfg.graph_level
    out_dim = 1 if num_classes == 2 and not per_node else num_classes
    if model_cfg.batchnorm and constant_features(graphs):
        model_cfg = replace(model_cfg, constant_input=True)
    model = build_model(model_cfg, int(graphs[0].x.shape[1]), out_dim)
    optim = torch.optim.Adam(model.parameters(), lr=train_cfg.lr,
                             weight_decay=train_cfg.weight_decay)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optim, mode="min", factor=train_cfg.plateau_factor,
        patience=train_cfg.plateau_patience, min_lr=train_cfg.min_lr)
    loss_fn = _loss_fn(num_classes, per_node)
    gen = torch.Generator().manual_seed(train_cfg.seed)
    loader = DataLoader([graphs[i] for i in train_idx], batch_size=train_cfg.batch_size,
                        shuffle=True, generator=gen)
    val_batch = Batch.from_data_list([graphs[i] for i in val_idx])
    test_batch = Batch.from_data_list([graphs[i] for i in test_idx])

    start = time.perf_counter()
    best = (-np.inf, -1, None)
    for epoch in range(train_cfg.epochs):
        model.train()
        for batch in loader:
            optim.zero_grad()
            loss = loss_fn(model(batch), batch.y)
            loss.backward()
            optim.step()
        logits, y = _predict(model, val_batch)
        val_loss = float(loss_fn(logits, y))
        val_auc = auroc(y.numpy(), logits.numpy())
        sched.step(val_loss)
        if np.nan_to_num(val_auc, nan=-1.0) > best[0]:
            best = (val_auc, epoch, copy.deepcopy(model.state_dict()))
    model.load_state_dict(best[2])
    logits, y = _predict(model, test_batch)
    return {"test_auroc": auroc(y.numpy(), logits.numpy()), "val_auroc": float(best[0]),
            "best_epoch": float(best[1]), "seconds": time.perf_counter() - start}
