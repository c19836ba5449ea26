"""TUDataset text format (``NAME_A.txt``, ``NAME_graph_indicator.txt`` …) -> PyG graphs.

Reads the TU Dortmund files directly (no download, no PyG processing cache) so a user with
the raw folder gets the same tensors PyG's ``TUDataset`` would build: self loops and
duplicate edges removed, graph labels re-indexed to 0..C-1, node labels one-hot per
column. Node features follow GTaxoGym's choice per dataset: continuous attributes
(+ label one-hot) for ENZYMES/PROTEINS-like sets, label one-hot otherwise, and a constant 1
where a dataset has no node information at all (IMDB, REDDIT, COLLAB).

Expected layout (root defaults to ``$GRAPHGAUGE_DATA/tudataset``, else the shared data
folder): ``<root>/<NAME>/<NAME>_A.txt``, ``_graph_indicator.txt``,
``_graph_labels.txt`` and optionally ``_node_labels.txt``, ``_node_attributes.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from graphgauge.errors import UserError

#: Datasets whose continuous node attributes GTaxoGym fed to the model (use_node_attr=True).
USE_NODE_ATTRIBUTES = frozenset({"ENZYMES", "PROTEINS", "Synthie", "SYNTHETICnew"})


@dataclass
class GraphDataset:
    """A graph-classification dataset: PyG ``Data`` list plus what training needs to know."""

    name: str
    graphs: list[Any]
    num_classes: int

    @property
    def labels(self) -> np.ndarray:
        return np.array([int(g.y) for g in self.graphs], dtype=np.int64)

    @property
    def num_features(self) -> int:
        return int(self.graphs[0].x.shape[1])


def _read_matrix(path: Path, dtype: type, width: int | None = None) -> np.ndarray:
    """Parse a comma-separated numeric file; any bad line is reported with its number."""
    rows = []
    with path.open() as handle:
        for lineno, line in enumerate(handle, 1):
            text = line.strip()
            if not text:
                continue
            try:
                row = [dtype(float(v)) if dtype is int else dtype(v) for v in text.split(",")]
            except ValueError:
                raise UserError(f"{path}:{lineno}: not a number: {text[:60]!r}") from None
            if width is not None and len(row) != width:
                raise UserError(f"{path}:{lineno}: expected {width} values, got {len(row)}")
            if width is None:
                width = len(row)
            rows.append(row)
    if not rows:
        raise UserError(f"{path}: file is empty")
    return np.asarray(rows, dtype=np.int64 if dtype is int else np.float32)


def _one_hot_columns(labels: np.ndarray) -> np.ndarray:
    labels = labels - labels.min(axis=0, keepdims=True)
    blocks = [np.eye(int(col.max()) + 1, dtype=np.float32)[col] for col in labels.T]
    return np.concatenate(blocks, axis=1)


def resolve_dir(name_or_path: str | Path, root: str | Path | None = None) -> Path:
    """A folder holding ``NAME_A.txt``: a path given directly, or ``root/NAME``."""
    path = Path(name_or_path)
    if (path / f"{path.name}_A.txt").exists():
        return path
    if root is None:
        from graphgauge.datasets.loader import data_root

        root = data_root() / "tudataset"
    base = Path(root)
    candidate = base / str(name_or_path)
    if (candidate / f"{candidate.name}_A.txt").exists():
        return candidate
    raise UserError(f"TUDataset {name_or_path!r}: no {path.name}_A.txt under {path} or {candidate}")


def load_tudataset(name_or_path: str | Path, root: str | Path | None = None,
                   node_attributes: bool | None = None) -> GraphDataset:
    """Load one TUDataset folder into a list of PyG ``Data`` (x float32, edge_index, y)."""
    import torch
    from torch_geometric.data import Data

    folder = resolve_dir(name_or_path, root)
    name = folder.name
    files = {k: folder / f"{name}_{k}.txt" for k in
             ("A", "graph_indicator", "graph_labels", "node_labels", "node_attributes")}
    for key in ("A", "graph_indicator", "graph_labels"):
        if not files[key].exists():
            raise UserError(f"{files[key]}: missing (required TUDataset file)")
    edges = _read_matrix(files["A"], int, width=2) - 1
    indicator = _read_matrix(files["graph_indicator"], int, width=1)[:, 0] - 1
    raw_y = _read_matrix(files["graph_labels"], int, width=1)[:, 0]
    num_nodes, num_graphs = len(indicator), len(raw_y)
    if indicator.min() < 0 or np.any(np.diff(indicator) < 0):
        raise UserError(f"{files['graph_indicator']}: graph ids must be >= 1 and non-decreasing")
    if indicator.max() + 1 != num_graphs:
        raise UserError(f"{files['graph_indicator']}: refers to {indicator.max() + 1} graphs, "
                        f"{files['graph_labels'].name} has {num_graphs}")
    if edges.min() < 0 or edges.max() >= num_nodes:
        raise UserError(f"{files['A']}: node id out of range 1..{num_nodes}")
    if np.any(indicator[edges[:, 0]] != indicator[edges[:, 1]]):
        raise UserError(f"{files['A']}: an edge joins nodes of different graphs")

    features = []
    use_attr = name in USE_NODE_ATTRIBUTES if node_attributes is None else node_attributes
    for key, parse in (("node_attributes", float), ("node_labels", int)):
        if key == "node_attributes" and not use_attr:
            continue
        if files[key].exists():
            block = _read_matrix(files[key], parse)
            if len(block) != num_nodes:
                raise UserError(f"{files[key]}: {len(block)} rows, expected {num_nodes} nodes")
            features.append(block if parse is float else _one_hot_columns(block))
    x_all = (np.concatenate(features, axis=1) if features
             else np.ones((num_nodes, 1), dtype=np.float32))
    _, y = np.unique(raw_y, return_inverse=True)

    starts = np.searchsorted(indicator, np.arange(num_graphs + 1))
    edges = edges[edges[:, 0] != edges[:, 1]]
    order = np.lexsort((edges[:, 1], edges[:, 0]))
    edges = np.unique(edges[order], axis=0)
    edge_graph = indicator[edges[:, 0]]
    edge_starts = np.searchsorted(edge_graph, np.arange(num_graphs + 1))
    graphs = []
    for g in range(num_graphs):
        lo, hi = starts[g], starts[g + 1]
        if hi == lo:
            raise UserError(f"{files['graph_indicator']}: graph {g + 1} has no nodes")
        e = edges[edge_starts[g]:edge_starts[g + 1]] - lo
        graphs.append(Data(x=torch.from_numpy(x_all[lo:hi].copy()),
                           edge_index=torch.from_numpy(np.ascontiguousarray(e.T)),
                           y=torch.tensor([int(y[g])]), num_nodes=int(hi - lo)))
    return GraphDataset(name=name, graphs=graphs, num_classes=int(y.max()) + 1)
