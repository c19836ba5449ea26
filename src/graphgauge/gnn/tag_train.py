"""Full-batch training with early stopping, shared by every GraphInfer GNN head.

The paper's protocol: AdamW (lr 1e-3, weight decay 5e-4), stop after ``patience`` epochs
without a better validation score, keep the best epoch's weights.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class TrainConfig:
    lr: float = 1e-3
    weight_decay: float = 5e-4
    epochs: int = 200
    patience: int = 20


def full_batch(loss: Callable[[], torch.Tensor]) -> Callable[[torch.optim.Optimizer], None]:
    """An epoch of one optimizer step on the whole graph."""

    def epoch(optimizer: torch.optim.Optimizer) -> None:
        optimizer.zero_grad()
        loss().backward()
        optimizer.step()

    return epoch


def fit(
    module: nn.Module,
    epoch: Callable[[torch.optim.Optimizer], None],
    validate: Callable[[], float],
    config: TrainConfig = TrainConfig(),
) -> float:
    """Train ``module`` in place; ``epoch`` runs one training epoch (full batch or
    mini-batches) with the optimizer, ``validate`` an eval-mode score (higher is better).
    Returns the best validation score."""
    optimizer = torch.optim.AdamW(module.parameters(), lr=config.lr,
                                  weight_decay=config.weight_decay)
    best, best_state, waited = float("-inf"), copy.deepcopy(module.state_dict()), 0
    for _ in range(config.epochs):
        module.train()
        epoch(optimizer)
        module.eval()
        with torch.no_grad():
            score = validate()
        if score > best:
            best, best_state, waited = score, copy.deepcopy(module.state_dict()), 0
        else:
            waited += 1
            if waited >= config.patience:
                break
    module.load_state_dict(best_state)
    module.eval()
    return best
