"""Synthetic datasets generated in-process, seeded (no files needed).

Graph classification as in GraphGym's ``nx`` sets: small-world (Watts-Strogatz) or
scale-free (Barabasi-Albert) graphs labelled by their average shortest-path length
(quantile bins, so classes are balanced), with clustering coefficient and PageRank as
node features — a task that needs global structure, not node identity.

Node tasks as in GNNBenchmark: PATTERN-like (find the nodes of a planted dense pattern in
an SBM graph) and CLUSTER-like (label SBM communities from one labelled node each).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graphgauge.errors import UserError
from graphgauge.studies.taxonomy.tudataset import GraphDataset

FAMILIES = ("smallworld", "scalefree")


def _to_data(graph, x: np.ndarray, y) -> Any:
    import torch
    from torch_geometric.data import Data

    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    ei = np.concatenate([edges, edges[:, ::-1]]).T if len(edges) else np.zeros((2, 0), int)
    return Data(x=torch.as_tensor(x, dtype=torch.float32),
                edge_index=torch.as_tensor(np.ascontiguousarray(ei), dtype=torch.long),
                y=torch.as_tensor(y, dtype=torch.long), num_nodes=graph.number_of_nodes())


def _family_graph(family: str, n: int, rng: np.random.Generator):
    import networkx as nx

    seed = int(rng.integers(2**31))
    if family == "smallworld":
        k = int(rng.choice([4, 6, 8]))
        return nx.connected_watts_strogatz_graph(n, k, float(rng.uniform(0.01, 0.5)), seed=seed)
    return nx.barabasi_albert_graph(n, int(rng.choice([1, 2, 3, 4])), seed=seed)


def graph_classification_dataset(family: str, num_graphs: int = 256, nodes: int = 64,
                                 classes: int = 2, seed: int = 0) -> GraphDataset:
    """Graphs of one family, label = quantile bin of the average shortest-path length."""
    import networkx as nx

    if family not in FAMILIES:
        raise UserError(f"synthetic family must be one of {', '.join(FAMILIES)}, got {family!r}")
    rng = np.random.default_rng(seed)
    graphs = [_family_graph(family, nodes, rng) for _ in range(num_graphs)]
    lengths = np.array([nx.average_shortest_path_length(g) for g in graphs])
    edges = np.quantile(lengths, np.linspace(0, 1, classes + 1)[1:-1])
    labels = np.searchsorted(edges, lengths, side="right")
    data = []
    for g, y in zip(graphs, labels, strict=True):
        clustering = nx.clustering(g)
        pagerank = nx.pagerank(g)
        x = np.array([[clustering[v], pagerank[v]] for v in range(nodes)])
        data.append(_to_data(g, x, [int(y)]))
    return GraphDataset(name=f"synthetic-{family}", graphs=data, num_classes=classes)


def sbm_pattern(num_graphs: int = 100, seed: int = 0, communities: int = 5,
                sizes: tuple[int, int] = (5, 35), pattern_size: int = 20,
                p: float = 0.5, q: float = 0.35) -> list[Any]:
    """PATTERN-like: SBM graphs (intra p, inter q) with a planted pattern of
    ``pattern_size`` nodes joined densely (p) to itself; y = 1 on the pattern's nodes.
    Features: a random one-of-3 node colour, uninformative by design."""
    import networkx as nx

    rng = np.random.default_rng(seed)
    out = []
    for _ in range(num_graphs):
        block = [int(rng.integers(sizes[0], sizes[1] + 1)) for _ in range(communities)]
        block.append(pattern_size)
        k = len(block)
        probs = [[(p if i == j else q) for j in range(k)] for i in range(k)]
        for i in range(k - 1):
            probs[i][k - 1] = probs[k - 1][i] = q
        g = nx.stochastic_block_model(block, probs, seed=int(rng.integers(2**31)))
        y = np.zeros(g.number_of_nodes(), dtype=np.int64)
        y[-pattern_size:] = 1
        x = np.eye(3)[rng.integers(0, 3, g.number_of_nodes())]
        out.append(_to_data(g, x, y))
    return out


def sbm_cluster(num_graphs: int = 100, seed: int = 0, communities: int = 6,
                sizes: tuple[int, int] = (5, 35), p: float = 0.55, q: float = 0.25) -> list[Any]:
    """CLUSTER-like: SBM communities; y = community; features one-hot of the community for a
    single revealed node per community and zeros elsewhere (semi-supervised clustering)."""
    import networkx as nx

    rng = np.random.default_rng(seed)
    out = []
    for _ in range(num_graphs):
        block = [int(rng.integers(sizes[0], sizes[1] + 1)) for _ in range(communities)]
        probs = [[(p if i == j else q) for j in range(communities)] for i in range(communities)]
        g = nx.stochastic_block_model(block, probs, seed=int(rng.integers(2**31)))
        y = np.repeat(np.arange(communities), block)
        x = np.zeros((len(y), communities + 1))
        x[:, 0] = 1.0
        starts = np.concatenate([[0], np.cumsum(block)[:-1]])
        for c, s in enumerate(starts):
            node = s + int(rng.integers(block[c]))
            x[node] = 0.0
            x[node, c + 1] = 1.0
        out.append(_to_data(g, x, y))
    return out
