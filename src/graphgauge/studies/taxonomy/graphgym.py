"""The GraphGym 'gnn' blueprint GTaxoGym trained on every dataset, in plain PyG.

linear pre-layer -> 5 residual (skip-sum) message-passing layers -> L2 norm -> head, each
layer followed by [batch norm] -> ReLU -> row-wise L2 normalisation. The head mean-pools
for graph tasks or runs on every node for node tasks. ``global_mix`` swaps each
convolution for its all-ones-adjacency equivalent (the original ``fc_gcnconv`` /
``fc_ginconv``): FullyConn without materialising N^2 edges.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ModelConfig:
    conv: str = "gcn"  # gcn | gin
    hidden: int = 128
    layers: int = 5
    batchnorm: bool = True  # inductive: yes; transductive GCN: no (and convs get a bias)
    graph_level: bool = True  # mean-pool head vs per-node head
    global_mix: bool = False
    #: every node's input is the same vector (featureless datasets, NoNodeFtrs): the
    #: pre-layer then skips batch norm (see ``build_model``)
    constant_input: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


def propagation_matrix(edge_index, num_nodes: int, conv: str):
    """Sparse CSR operator of one message-passing step, built once per batch and shared by
    all layers: GCN's D^-1/2 (A + I) D^-1/2 (self loops added where missing, as PyG's
    GCNConv) or GIN's plain sum over in-neighbours. Sparse-matrix products are ~2x faster
    than gather/scatter message passing on CPU, which is what a taxonomy grid runs on."""
    import warnings

    import torch
    from torch_geometric.utils import add_remaining_self_loops

    if conv == "gcn":
        edge_index, _ = add_remaining_self_loops(edge_index, num_nodes=num_nodes)
        deg = torch.zeros(num_nodes).scatter_add_(0, edge_index[1], torch.ones(edge_index.shape[1]))
        inv = deg.pow(-0.5)
        inv[torch.isinf(inv)] = 0.0
        weight = inv[edge_index[0]] * inv[edge_index[1]]
    else:
        weight = torch.ones(edge_index.shape[1])
    coo = torch.sparse_coo_tensor(torch.stack([edge_index[1], edge_index[0]]), weight,
                                  (num_nodes, num_nodes), check_invariants=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "sparse CSR support is in beta"
        return coo.coalesce().to_sparse_csr()


def build_model(cfg: ModelConfig, in_dim: int, out_dim: int):
    """A torch module ``model(data) -> logits`` ([graphs or nodes] x out_dim).

    With ``constant_input`` the pre-layer is Linear -> ReLU -> L2 norm, without batch norm:
    over identical rows batch norm's output is float rounding noise divided by sqrt(eps),
    which the L2 norm blows up to unit length. The original learned from that noise (the
    GCN layers only need *some* constant vector to turn degrees into features), but under
    torch 2.13 the noise's signs differ between batch statistics (training) and running
    statistics (evaluation): on IMDB-BINARY the model's validation AUROC sat at 0.45 while
    its training loss fell. Dropping the degenerate normalisation keeps the constant
    vector, the same in both modes (validation AUROC 0.74, the paper's test 0.69).
    """
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch_geometric.nn import global_mean_pool
    from torch_geometric.utils import scatter

    if cfg.conv not in ("gcn", "gin"):
        raise ValueError(f"conv must be gcn or gin, got {cfg.conv!r}")

    def post(dim: int) -> nn.Module:
        return nn.BatchNorm1d(dim) if cfg.batchnorm else nn.Identity()

    class Conv(nn.Module):
        """GCN: A_hat (x W); GIN (eps=0): MLP(x + sum of neighbours); global_mix: the same
        over an all-ones adjacency with self loop (mean for GCN's normalisation)."""

        def __init__(self, dim: int):
            super().__init__()
            if cfg.conv == "gcn":
                self.lin = nn.Linear(dim, dim, bias=not cfg.batchnorm)
            else:
                self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

        def forward(self, x, prop, batch):
            if cfg.conv == "gcn":
                h = x @ self.lin.weight.T
                h = scatter(h, batch, dim=0, reduce="mean")[batch] if cfg.global_mix \
                    else torch.sparse.mm(prop, h)
                return h + self.lin.bias if self.lin.bias is not None else h
            agg = scatter(x, batch, dim=0, reduce="sum")[batch] if cfg.global_mix \
                else torch.sparse.mm(prop, x)
            return self.mlp(x + agg)

    class GraphGymNet(nn.Module):
        def __init__(self):
            super().__init__()
            h = cfg.hidden
            pre_bn = cfg.batchnorm and not cfg.constant_input
            self.pre = nn.Linear(in_dim, h, bias=not pre_bn)
            self.pre_norm = nn.BatchNorm1d(h) if pre_bn else nn.Identity()
            self.convs = nn.ModuleList(Conv(h) for _ in range(cfg.layers))
            self.norms = nn.ModuleList(post(h) for _ in range(cfg.layers))
            self.head_hidden = nn.Linear(h, h)
            self.head_out = nn.Linear(h, out_dim)

        def forward(self, data):
            n = data.num_nodes
            batch = data.batch if getattr(data, "batch", None) is not None else \
                torch.zeros(n, dtype=torch.long)
            prop = None if cfg.global_mix else propagation_matrix(data.edge_index, n, cfg.conv)
            x = F.normalize(F.relu(self.pre_norm(self.pre(data.x))), p=2, dim=-1)
            for conv, norm in zip(self.convs, self.norms, strict=True):
                x = x + F.normalize(F.relu(norm(conv(x, prop, batch))), p=2, dim=-1)
            x = F.normalize(x, p=2, dim=-1)
            if cfg.graph_level:
                x = global_mean_pool(x, batch)
            x = F.normalize(F.relu(self.head_hidden(x)), p=2, dim=-1)
            return self.head_out(x)

    return GraphGymNet()
