"""The in-memory text-attributed graph every loader returns.

Arrays plus Python lists keep the core free of torch: suites sample and render from the
numpy form, and only GNN code pays for ``to_pyg``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class TAG:
    """One text-attributed graph; node ``i`` is ``titles[i]`` with label ``labels[i]``."""

    name: str
    titles: list[str]
    labels: np.ndarray
    label_names: list[str]
    label_descriptions: list[str]
    edge_index: np.ndarray
    directed: bool
    domain: str
    texts: list[str] | None = None

    def num_nodes(self) -> int:
        return len(self.titles)

    def to_networkx(self) -> Any:
        import networkx as nx

        graph = nx.DiGraph() if self.directed else nx.Graph()
        graph.add_nodes_from(range(self.num_nodes()))
        sources, targets = self.edge_index.tolist()
        graph.add_edges_from(zip(sources, targets, strict=True))
        return graph

    def to_pyg(self, x: np.ndarray | None = None) -> Any:
        import torch
        from torch_geometric.data import Data

        data = Data(
            edge_index=torch.as_tensor(self.edge_index, dtype=torch.long),
            y=torch.as_tensor(self.labels, dtype=torch.long),
            num_nodes=self.num_nodes(),
        )
        if x is not None:
            data.x = torch.as_tensor(np.asarray(x, dtype=np.float32))
        return data


def build_tag(
    name: str,
    titles: list[str],
    labels: list[int] | np.ndarray,
    label_names: list[str],
    edges: list[tuple[int, int]] | np.ndarray,
    *,
    directed: bool,
    domain: str,
    label_descriptions: list[str] | None = None,
    texts: list[str] | None = None,
) -> TAG:
    """A TAG with clean edges: no self-loops, no duplicates, both directions when
    undirected, sorted, so every loader yields the same canonical edge order."""
    n = len(titles)
    pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    if not directed:
        pairs = np.concatenate([pairs, pairs[:, ::-1]])
    if len(pairs):
        keys = np.unique(pairs[:, 0] * n + pairs[:, 1])
        pairs = np.stack([keys // n, keys % n], axis=1)
    return TAG(
        name=name,
        titles=list(titles),
        labels=np.asarray(labels, dtype=np.int64),
        label_names=list(label_names),
        label_descriptions=list(label_descriptions or label_names),
        edge_index=np.ascontiguousarray(pairs.T.reshape(2, -1)),
        directed=directed,
        domain=domain,
        texts=texts,
    )
