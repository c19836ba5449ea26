"""Node-feature perturbations: what a GNN can still do when the features carry no, or only
structural, information (GTaxoGym NoNodeFtrs, NodeDeg, RandFtrs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graphgauge.perturb.graph_ops import with_features

#: Dataset-wide maximum degree hard-coded by GTaxoGym, so one-hot widths match the paper.
PAPER_MAX_DEGREE = {
    "COLLAB": 491, "IMDB-BINARY": 135, "IMDB-MULTI": 88, "ENZYMES": 9, "PROTEINS": 25,
    "DD": 19, "NCI1": 4, "PATTERN": 110, "CLUSTER": 79, "ZINC": 4, "MNIST": 8, "CIFAR10": 8,
    "PPI": 720, "PCQM4Mv2-subset": 6,
}


def stored_out_degree(data: Any) -> np.ndarray:
    """Occurrences of each node as a source, as stored (self loops and multi-edges count)."""
    src = data.edge_index[0].cpu().numpy()
    return np.bincount(src, minlength=int(data.num_nodes)).astype(np.int64)


@dataclass
class NoNodeFtrs:
    """Replace every feature vector by the constant 1: only structure remains informative."""

    def __call__(self, data: Any) -> Any:
        return with_features(data, np.ones((int(data.num_nodes), 1), dtype=np.float32))


@dataclass
class NodeDeg:
    """One-hot degree features of width ``max_degree + 1``.

    ``max_degree`` is dataset-wide (``fit`` computes it unless the paper fixed it), so all
    graphs share one feature width; a degree above it is a user error, as in the original.
    """

    max_degree: int | None = None

    def fit(self, graphs: list[Any], dataset_name: str | None = None) -> NodeDeg:
        if self.max_degree is None:
            fixed = PAPER_MAX_DEGREE.get(dataset_name or "")
            self.max_degree = fixed if fixed is not None else max(
                int(stored_out_degree(g).max(initial=0)) for g in graphs)
        return self

    def __call__(self, data: Any) -> Any:
        deg = stored_out_degree(data)
        if self.max_degree is None:
            self.max_degree = int(deg.max(initial=0))
        if deg.size and deg.max() > self.max_degree:
            raise ValueError(f"degree {deg.max()} exceeds max_degree {self.max_degree}")
        return with_features(data, np.eye(self.max_degree + 1, dtype=np.float32)[deg])


@dataclass
class NodeDegDistinct:
    """Transductive NodeDeg: one-hot over the distinct degree values present in the graph.

    One big graph has a long, sparse degree range; indexing by the sorted distinct values
    keeps the width at the number of degrees that actually occur.
    """

    def __call__(self, data: Any) -> Any:
        deg = stored_out_degree(data)
        values, index = np.unique(deg, return_inverse=True)
        return with_features(data, np.eye(len(values), dtype=np.float32)[index])


@dataclass
class RandFtrs:
    """One uniform(-1, 1) feature per node; re-seeded per graph like the original."""

    seed: int = 0

    def __call__(self, data: Any) -> Any:
        rng = np.random.default_rng(self.seed)
        x = rng.uniform(-1.0, 1.0, size=(int(data.num_nodes), 1))
        return with_features(data, x)
