"""Structural attacks on a text-attributed graph: does a model rely on structure or text?

GTEval attacks the topology with PRBCD (Geisler et al., 2021) with a budget of each
attacked node's degree, then compares accuracy drops of models that read structure (a
GCN) and models that may mostly read text (LLM prompts). Two attacks here:

- ``prbcd``: torch_geometric's ``PRBCDAttack`` (``torch_geometric.contrib.nn``) against a
  2-layer GCN surrogate trained on the train split, an evasion attack on the target nodes
  with budget = the sum of their degrees;
- ``flip``: the documented fallback without torch, a degree-budget random edge flip: for
  every target node v, deg(v) partners u are drawn uniformly from the other nodes and the
  pair (v, u) is toggled (an edge is removed if present, added if absent). Random partners
  are almost never neighbours, so in effect each target keeps its edges and gains as many
  random ones: half of what a message-passing model averages over becomes noise.

Both return an undirected edge index (both directions, sorted, no self-loops); a directed
input is symmetrized first, as the neighbourhood sampler and the GCN read it anyway.
In GTEval's suite rather than its study: building ``classify`` instances under an attack
(suites/classify/build.py) calls it, and the suites sit below the studies.
"""

from __future__ import annotations

import numpy as np

from graphgauge.errors import UserError

METHODS = ("prbcd", "flip")


def _pair_keys(edge_index: np.ndarray, n: int) -> np.ndarray:
    src, dst = np.asarray(edge_index, dtype=np.int64)
    lo, hi = np.minimum(src, dst), np.maximum(src, dst)
    keep = lo != hi
    return np.unique(lo[keep] * n + hi[keep])


def _from_keys(keys: np.ndarray, n: int) -> np.ndarray:
    lo, hi = keys // n, keys % n
    both = np.concatenate([np.stack([lo, hi]), np.stack([hi, lo])], axis=1)
    order = np.lexsort((both[1], both[0]))
    return np.ascontiguousarray(both[:, order])


def symmetrize(edge_index: np.ndarray, n: int) -> np.ndarray:
    return _from_keys(_pair_keys(edge_index, n), n)


def degree_budget(edge_index: np.ndarray, n: int, targets: np.ndarray) -> int:
    """Flips the paper allows: each attacked node's (undirected) degree, summed."""
    keys = _pair_keys(edge_index, n)
    degree = np.bincount(np.concatenate([keys // n, keys % n]), minlength=n)
    return int(degree[np.asarray(targets, dtype=np.int64)].sum())


def random_flip_attack(
    edge_index: np.ndarray, n: int, targets: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    keys = _pair_keys(edge_index, n)
    degree = np.bincount(np.concatenate([keys // n, keys % n]), minlength=n)
    present = set(keys.tolist())
    for v in np.unique(np.asarray(targets, dtype=np.int64)).tolist():
        budget = min(int(degree[v]), n - 1)
        others = rng.choice(n - 1, size=budget, replace=False)
        for u in (others + (others >= v)).tolist():  # skip v itself
            key = min(u, v) * n + max(u, v)
            present.symmetric_difference_update((key,))
    return _from_keys(np.array(sorted(present), dtype=np.int64), n)


def prbcd_attack(
    x: np.ndarray, edge_index: np.ndarray, y: np.ndarray, train_idx: np.ndarray,
    targets: np.ndarray, seed: int = 0, epochs: int = 60, block_size: int = 100_000,
    train_epochs: int = 200,
) -> np.ndarray:
    """PRBCD against a GCN surrogate (hidden 64, ``train_epochs`` of Adam 0.01); the attacked
    labels are the gold labels of ``targets`` (the attack knows the truth, as in the
    paper's evasion setting)."""
    import warnings

    import torch

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "contrib contains experimental code"
        from torch_geometric.contrib.nn import PRBCDAttack
    from torch_geometric.nn.models import GCN

    n = len(y)
    torch.manual_seed(seed)
    features = torch.as_tensor(np.asarray(x, dtype=np.float32))
    edges = torch.as_tensor(symmetrize(edge_index, n))
    labels = torch.as_tensor(np.asarray(y, dtype=np.int64))
    model = GCN(features.size(1), 64, num_layers=2, out_channels=int(labels.max()) + 1,
                dropout=0.5)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01, weight_decay=5e-4)
    train = torch.as_tensor(np.asarray(train_idx, dtype=np.int64))
    for _ in range(train_epochs):
        model.train()
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(features, edges)[train], labels[train])
        loss.backward()
        optimizer.step()
    model.eval()
    budget = degree_budget(edge_index, n, targets)
    # the block must exceed the budget, and beyond all node pairs it only costs time
    block = min(max(block_size, 2 * budget), n * (n - 1) // 2)
    attack = PRBCDAttack(model, block_size=block, epochs=epochs,
                         epochs_resampling=epochs // 2, log=False)
    perturbed, _ = attack.attack(features, edges, labels, budget,
                                 torch.as_tensor(np.asarray(targets, dtype=np.int64)))
    return symmetrize(perturbed.numpy(), n)


# (dataset, method, targets, seed) -> attacked edges: a study attacks once for the prompts
# and the GCN alike.
_DONE: dict[tuple, np.ndarray] = {}


def attack_tag(tag, method: str, targets: np.ndarray, train_idx: np.ndarray, seed: int):
    """``tag``'s edge index after ``method``; PRBCD embeds the titles for its surrogate."""
    if method not in METHODS:
        raise UserError(f"unknown attack {method!r}; use one of {', '.join(METHODS)}")
    targets = np.unique(np.asarray(targets, dtype=np.int64))  # order never matters
    key = (tag.name, tag.num_nodes(), method, tuple(targets.tolist()), seed)
    if key not in _DONE:
        n = tag.num_nodes()
        if method == "flip":
            rng = np.random.default_rng([seed, 0xF11B])
            _DONE[key] = random_flip_attack(tag.edge_index, n, targets, rng)
        else:
            from graphgauge.datasets import embed_texts

            _DONE[key] = prbcd_attack(embed_texts(tag.titles), tag.edge_index, tag.labels,
                                      train_idx, targets, seed=seed)
    return _DONE[key]
