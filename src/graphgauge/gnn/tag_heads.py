"""GNN baselines for the five GraphInfer tasks: one encoder, a task-specific head.

Every instance is its own small graph (the ego-graph the prompt shows, SBERT title
features, the masked hub's features zero), so the GNN sees exactly what an LLM sees.
Heads: T1 node classification of the hub; T2 pair classification from the endpoint
embeddings; T3 graph classification of the mean-pooled nodes; T4 one score per node,
softmax over the graph's nodes; T5 node classification into categories, then k-means on
the predicted class distributions with the prompt's community count.
GraphInfer's alone, yet here rather than in studies/infer: the ``gnn:`` model backend
(models/infer_baselines.py) trains it, and the models sit below the studies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import torch
from torch import nn

from graphgauge.gnn.tag_models import TagEncoder
from graphgauge.gnn.tag_train import TrainConfig, fit
from graphgauge.graphs.partition import canonical_partition
from graphgauge.instance import Instance


class Batch:
    """A disjoint union of instance graphs and each task's targets."""

    def __init__(self, items: Sequence[Instance], arrays: dict, labels: dict[str, int]):
        xs, edges, graph_of, offsets, offset = [], [], [], [], 0
        for g, inst in enumerate(items):
            a = arrays[inst.id]
            xs.append(a.x)
            edges.append(a.edge_index + offset)
            graph_of.append(np.full(len(a.x), g))
            offsets.append(offset)
            offset += len(a.x)
        self.x = torch.as_tensor(np.concatenate(xs))
        self.edge_index = torch.as_tensor(np.concatenate(edges, axis=1))
        self.graph = torch.as_tensor(np.concatenate(graph_of))
        self.offsets = torch.as_tensor(offsets)
        self.count = len(items)
        task = items[0].task
        gold = [inst.answer["answer"] for inst in items]
        if task == "masked_node":
            self.index = self.offsets + torch.as_tensor([i.query["hub"] for i in items])
            self.y = torch.as_tensor([labels.get(v, -100) for v in gold])
        elif task == "relation":
            self.pair = torch.stack([self.offsets + torch.as_tensor([i.query[k] for i in items])
                                     for k in ("a", "b")])
            self.y = torch.as_tensor([int(v["has_edge"]) for v in gold])
        elif task == "theme":
            self.y = torch.as_tensor([labels.get(v, -100) for v in gold])
        elif task == "outlier":
            self.y = torch.as_tensor([int(v) for v in gold])
        else:
            self.y = torch.as_tensor([labels.get(v["labels"][c], -100) for v in gold
                                      for c in v["communities"]])


class TaskModel(nn.Module):
    def __init__(self, task: str, in_dim: int, classes: int, hidden: int, arch: str,
                 dropout: float) -> None:
        super().__init__()
        self.task, self.encoder = task, TagEncoder(in_dim, hidden, arch, dropout)
        width = self.encoder.out_dim
        outputs = {"relation": 2, "outlier": 1}.get(task, classes)
        self.head = nn.Linear(2 * width if task == "relation" else width, outputs)

    def forward(self, batch: Batch) -> torch.Tensor:
        from torch_geometric.utils import scatter, to_dense_batch

        h = self.encoder(batch.x, batch.edge_index)
        h = nn.functional.dropout(h, self.encoder.dropout, self.training)
        if self.task == "masked_node":
            return self.head(h[batch.index])
        if self.task == "relation":
            a, b = h[batch.pair[0]], h[batch.pair[1]]
            return self.head(torch.cat([a * b, (a - b).abs()], dim=1))
        if self.task == "theme":
            return self.head(scatter(h, batch.graph, dim=0, dim_size=batch.count,
                                     reduce="mean"))
        if self.task == "outlier":
            scores, mask = to_dense_batch(self.head(h).squeeze(1), batch.graph,
                                          fill_value=float("-inf"), batch_size=batch.count)
            return scores.masked_fill(~mask, float("-inf"))
        return self.head(h)


def _loss(logits: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return nn.functional.cross_entropy(logits, y, ignore_index=-100)


def _score(model: TaskModel, batch: Batch) -> float:
    keep = batch.y != -100
    if not bool(keep.any()):
        return 0.0
    predicted = model(batch).argmax(1)
    return float((predicted[keep] == batch.y[keep]).float().mean())


def fit_predict(task: str, train: Sequence[Instance], val: Sequence[Instance],
                everything: Sequence[Instance], arrays: dict, label_names: list[str],
                arch: str = "gcn", hidden: int = 768, dropout: float = 0.5,
                config: TrainConfig | None = None, seed: int = 42,
                batch_graphs: int = 64) -> dict[str, Any]:
    """Train on ``train`` (early stopping on ``val``) and predict every instance:
    id -> structured answer in the gold's shape."""
    torch.manual_seed(seed)
    config = config or TrainConfig()
    labels = {name: i for i, name in enumerate(label_names)}
    in_dim = arrays[train[0].id].x.shape[1]
    model = TaskModel(task, in_dim, len(label_names), hidden, arch, dropout)
    order = np.random.default_rng(seed)
    batches = [Batch(train[i:i + batch_graphs], arrays, labels)
               for i in range(0, len(train), batch_graphs)]
    check = Batch(val or train, arrays, labels)

    def epoch(optimizer: torch.optim.Optimizer) -> None:
        for i in order.permutation(len(batches)):
            optimizer.zero_grad()
            _loss(model(batches[i]), batches[i].y).backward()
            optimizer.step()

    fit(model, epoch, lambda: _score(model, check), config)
    out: dict[str, Any] = {}
    with torch.no_grad():
        for start in range(0, len(everything), 256):
            chunk = list(everything[start:start + 256])
            out.update(_decode(task, model, Batch(chunk, arrays, labels), chunk,
                               label_names, seed))
    return out


def _decode(task: str, model: TaskModel, batch: Batch, items: list[Instance],
            label_names: list[str], seed: int) -> dict[str, Any]:
    logits = model(batch)
    if task in ("masked_node", "theme"):
        return {inst.id: label_names[int(c)] for inst, c in
                zip(items, logits.argmax(1), strict=True)}
    if task == "relation":
        return {inst.id: {"has_edge": bool(c)} for inst, c in
                zip(items, logits.argmax(1), strict=True)}
    if task == "outlier":
        return {inst.id: int(c) for inst, c in zip(items, logits.argmax(1), strict=True)}
    from sklearn.cluster import KMeans

    probs = torch.softmax(logits, 1).numpy()
    out = {}
    for g, inst in enumerate(items):
        rows = probs[(batch.graph == g).numpy()]
        k = min(int(inst.query["k"]), len(rows))
        found = KMeans(k, n_init=10, random_state=seed).fit_predict(rows)
        out[inst.id] = {"communities": canonical_partition(found)}
    return out
