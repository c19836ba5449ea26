"""The GNN encoder the GraphInfer baselines and node classification share.

Two message-passing layers (GCN, GAT or GraphSAGE) over SBERT node features. For GCN and
GAT the raw input is concatenated to the second layer's output before any head, as the
GraphInfer paper does: on heterophilic or sparse neighbourhoods smoothing can wash out a
node's own text, and the skip lets the head fall back on it. Imported only by GNN code.
"""

from __future__ import annotations

import torch
from torch import nn

ARCHS = ("gcn", "gat", "sage")


class TagEncoder(nn.Module):
    def __init__(self, in_dim: int, hidden: int = 768, arch: str = "gcn",
                 dropout: float = 0.5) -> None:
        super().__init__()
        from torch_geometric.nn import GATConv, GCNConv, SAGEConv

        if arch not in ARCHS:
            raise ValueError(f"unknown GNN architecture {arch!r}; use one of {ARCHS}")
        self.arch, self.dropout = arch, dropout
        if arch == "gcn":
            self.conv1, self.conv2 = GCNConv(in_dim, hidden), GCNConv(hidden, hidden)
        elif arch == "sage":
            self.conv1, self.conv2 = SAGEConv(in_dim, hidden), SAGEConv(hidden, hidden)
        else:
            heads = 4 if hidden % 4 == 0 else 1
            self.conv1 = GATConv(in_dim, hidden // heads, heads=heads)
            self.conv2 = GATConv(hidden, hidden // heads, heads=heads)
        self.skip = arch in ("gcn", "gat")
        self.out_dim = hidden + (in_dim if self.skip else 0)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        h = nn.functional.dropout(x, self.dropout, self.training)
        h = torch.relu(self.conv1(h, edge_index))
        h = nn.functional.dropout(h, self.dropout, self.training)
        h = self.conv2(h, edge_index)
        return torch.cat([h, x], dim=1) if self.skip else h


class NodeClassifier(nn.Module):
    """Encoder plus a linear head over its output."""

    def __init__(self, in_dim: int, classes: int, hidden: int, arch: str,
                 dropout: float) -> None:
        super().__init__()
        self.encoder = TagEncoder(in_dim, hidden, arch, dropout)
        self.head = nn.Linear(self.encoder.out_dim, classes)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        h = self.encoder(x, edge_index)
        return self.head(nn.functional.dropout(h, self.encoder.dropout, self.training))
