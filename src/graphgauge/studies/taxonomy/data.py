"""What one taxonomy cell trains on: dataset loading by name, perturbation, and training.

Inductive names are TUDataset folders (``MUTAG``, or a path), in-process synthetic sets
(``synthetic:smallworld``, ``synthetic:scalefree``; ``synthetic:pattern`` and
``synthetic:cluster``, whose targets are per node, as GTaxoGym's PATTERN/CLUSTER) or PyG
datasets already on disk (``pyg:TUDataset:/data/TU:NCI1``); transductive names are
text-attributed graphs loaded by ``graphgauge.datasets.load_tag`` (``dblp``, ``webkb:cornell`` …).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphgauge.errors import UserError

#: ``load_tag`` kinds (single text-attributed graphs -> node classification).
TRANSDUCTIVE_PREFIXES = ("dblp", "webkb", "ogbn-arxiv", "ogbn-products", "cora", "pubmed",
                         "wikics", "generic")
N_FOLDS = 10
#: inductive node classification (PATTERN-/CLUSTER-like SBM graphs): generator, classes
NODE_TASKS = {"synthetic:pattern": ("sbm_pattern", 2), "synthetic:cluster": ("sbm_cluster", 6)}


@dataclass
class CellData:
    """A perturbed dataset ready for training (inductive: graphs; transductive: one graph)."""

    setting: str
    graphs: list[Any]
    num_classes: int
    global_mix: bool = False
    node_level: bool = False  # inductive with per-node targets (PATTERN/CLUSTER)


def _load_pyg(spec: str):
    """``pyg:Class:root[:name]`` - a torch_geometric dataset already on disk (never
    downloaded here: the root must hold its raw or processed files)."""
    from pathlib import Path

    import torch_geometric.datasets as pyg_datasets

    from graphgauge.studies.taxonomy.tudataset import GraphDataset

    parts = spec.split(":")
    if len(parts) not in (3, 4) or not hasattr(pyg_datasets, parts[1]):
        raise UserError(f"dataset {spec!r}: expected pyg:<DatasetClass>:<root>[:<name>]")
    root = Path(parts[2])
    if not root.is_dir() or not any(root.rglob("*")):
        raise UserError(f"dataset {spec!r}: {root} is empty; graphgauge never downloads data")
    cls = getattr(pyg_datasets, parts[1])
    ds = cls(str(root), parts[3]) if len(parts) == 4 else cls(str(root))
    graphs = [ds[i] for i in range(len(ds))]
    for g in graphs:
        if g.x is None:
            import torch

            g.x = torch.ones(g.num_nodes, 1)
    return GraphDataset(parts[-1], graphs, int(ds.num_classes))


def _load_inductive(name: str, root: str | None):
    if name.startswith("pyg:"):
        return _load_pyg(name)
    if name in NODE_TASKS:
        from graphgauge.studies.taxonomy import synthetic
        from graphgauge.studies.taxonomy.tudataset import GraphDataset

        generator, classes = NODE_TASKS[name]
        return GraphDataset(name, getattr(synthetic, generator)(), classes)
    if name.startswith("synthetic:"):
        from graphgauge.studies.taxonomy.synthetic import graph_classification_dataset

        return graph_classification_dataset(name.split(":", 1)[1])
    from graphgauge.studies.taxonomy.tudataset import load_tudataset

    return load_tudataset(name, root)


def _load_transductive(name: str):
    try:
        from graphgauge.datasets import embed_texts, load_tag
    except ImportError as exc:
        raise UserError(f"dataset {name!r} needs graphgauge.datasets.load_tag ({exc})") from None
    tag = load_tag(name)
    return tag.to_pyg(x=embed_texts(list(tag.titles))), len(tag.label_names)


def load_for_taxonomy(dataset: str, perturbation: str, model: str, root: str | None = None,
                      seed: int = 0) -> CellData:
    """Load ``dataset`` and apply ``perturbation`` once to every graph.

    FullyConn with GCN is run as NoEdges + global mixing: GCN over the complete graph with
    self loops is exactly the per-graph mean, so this is the same model at O(N) cost (a
    test checks the equivalence). GIN keeps explicit edges on small graphs, as the paper.
    """
    from graphgauge.perturb.catalog import perturb_dataset
    from graphgauge.studies.taxonomy.grid import dataset_setting

    setting = dataset_setting(dataset)
    mix = perturbation == "FullyConn" and (model == "gcn" or setting == "transductive")
    applied = "NoEdges" if mix else perturbation
    if setting == "inductive":
        ds = _load_inductive(dataset, root)
        graphs = perturb_dataset(ds.graphs, applied, setting, seed, dataset_name=ds.name)
        return CellData(setting, graphs, ds.num_classes, global_mix=mix,
                        node_level=dataset in NODE_TASKS)
    graph, num_classes = _load_transductive(dataset)
    graphs = perturb_dataset([graph], applied, setting, seed, dataset_name=dataset)
    return CellData(setting, graphs, num_classes, global_mix=mix)


def train_cell(data: CellData, model: str, run: int, epochs: int | None,
               train_seed: int = 0) -> dict:
    """Fold ``run`` of stratified 10-fold CV (inductive graph tasks), seed ``run`` on a fixed
    split (inductive node tasks, as GTaxoGym's standard splits) or seed ``run``
    (transductive).

    ``train_seed`` is the torch seed of every fold (GTaxoGym: 0) and shifts the seeds of
    inductive node runs by ``10 * train_seed``; transductive runs ignore it."""
    import numpy as np

    from graphgauge.studies.taxonomy.graphgym import ModelConfig

    if data.setting == "inductive":
        from graphgauge.studies.taxonomy.train_inductive import (
            TrainConfig,
            fixed_split,
            stratified_folds,
            train_graph_classifier,
        )

        if data.node_level:
            split, seed = fixed_split(len(data.graphs)), N_FOLDS * train_seed + run
        else:
            labels = np.array([int(g.y) for g in data.graphs])
            split, seed = stratified_folds(labels, N_FOLDS)[run], train_seed
        cfg = TrainConfig(seed=seed) if epochs is None else TrainConfig(epochs=epochs, seed=seed)
        mcfg = ModelConfig(conv=model, global_mix=data.global_mix,
                           graph_level=not data.node_level)
        return train_graph_classifier(data.graphs, data.num_classes, split, mcfg, cfg)
    from graphgauge.studies.taxonomy.train_transductive import (
        NodeTrainConfig,
        train_node_classifier,
    )

    cfg = NodeTrainConfig(seed=run) if epochs is None else NodeTrainConfig(seed=run, epochs=epochs)
    mcfg = ModelConfig(conv=model, batchnorm=False, graph_level=False,
                       global_mix=data.global_mix)
    return train_node_classifier(data.graphs[0], data.num_classes, mcfg, cfg)
