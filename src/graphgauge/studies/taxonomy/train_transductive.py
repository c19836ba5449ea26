"""Node classification on one graph the GTaxoGym way: full batch, evaluate every few
epochs, keep the epoch with the best validation AUROC; one run per seed."""

from __future__ import annotations

import copy
import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model
from graphgauge.studies.taxonomy.train_metrics import auroc


@dataclass(frozen=True)
class NodeTrainConfig:
    epochs: int = 5000
    eval_every: int = 5
    lr: float = 1e-2
    weight_decay: float = 0.0
    plateau_factor: float = 0.5
    plateau_patience: int = 100
    min_lr: float = 1e-6
    seed: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


def random_split(num_nodes: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """80/10/10 node split drawn with ShuffleSplit(random_state=seed); the held-out 20%
    is halved into validation and test."""
    from sklearn.model_selection import ShuffleSplit

    train, rest = next(ShuffleSplit(n_splits=1, test_size=0.2, random_state=seed)
                       .split(np.zeros(num_nodes)))
    half = len(rest) // 2
    return np.sort(train), np.sort(rest[:half]), np.sort(rest[half:])


def train_node_classifier(data: Any, num_classes: int, model_cfg: ModelConfig,
                          train_cfg: NodeTrainConfig,
                          split: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
                          ) -> dict[str, float]:
    """One seed: returns test/val AUROC at the best validation evaluation and timings."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(train_cfg.seed)
    train_idx, val_idx, test_idx = (split if split is not None
                                    else random_split(int(data.num_nodes), train_cfg.seed))
    model = build_model(model_cfg, int(data.x.shape[1]), num_classes)
    optim = torch.optim.Adam(model.parameters(), lr=train_cfg.lr,
                             weight_decay=train_cfg.weight_decay)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optim, mode="min", factor=train_cfg.plateau_factor,
        patience=train_cfg.plateau_patience, min_lr=train_cfg.min_lr)
    y = data.y
    tr, va, te = (torch.as_tensor(i) for i in (train_idx, val_idx, test_idx))
    start = time.perf_counter()
    best = (-np.inf, -1, None)
    val_loss = float("inf")
    for epoch in range(train_cfg.epochs):
        model.train()
        optim.zero_grad()
        loss = F.cross_entropy(model(data)[tr], y[tr])
        loss.backward()
        optim.step()
        if epoch % train_cfg.eval_every == 0 or epoch == train_cfg.epochs - 1:
            model.eval()
            with torch.no_grad():
                logits = model(data)
            val_loss = float(F.cross_entropy(logits[va], y[va]))
            val_auc = auroc(y[va].numpy(), logits[va].numpy())
            if np.nan_to_num(val_auc, nan=-1.0) > best[0]:
                best = (val_auc, epoch, copy.deepcopy(model.state_dict()))
        sched.step(val_loss)
    model.load_state_dict(best[2])
    model.eval()
    with torch.no_grad():
        logits = model(data)
    return {"test_auroc": auroc(y[te].numpy(), logits[te].numpy()), "val_auroc": float(best[0]),
            "best_epoch": float(best[1]), "seconds": time.perf_counter() - start}
