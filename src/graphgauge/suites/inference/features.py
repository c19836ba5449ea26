"""What learned baselines see of an instance: title embeddings (a masked title is a zero
vector) and the edge list, plus the training target each task's head fits and the
answer text a prediction is written as (so baselines are scored by the same parser as
any model)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from graphgauge.instance import Instance
from graphgauge.suites.inference.gold import statement
from graphgauge.suites.inference.prompts import MASK
from graphgauge.suites.inference.vocab import terms_for


@dataclass(frozen=True)
class Arrays:
    x: np.ndarray            # (n, d) float32
    edge_index: np.ndarray   # (2, E) both directions


def _title_vectors(instances: Sequence[Instance], encoder: str) -> Any:
    """title -> vector. Reuses the dataset-wide cached embedding when every instance
    names one loadable dataset (DBLP's titles are embedded once, not per file)."""
    from graphgauge.datasets import embed_texts, load_tag
    from graphgauge.errors import UserError

    datasets = {inst.meta.get("dataset") for inst in instances}
    if len(datasets) == 1 and None not in datasets:
        try:
            tag = load_tag(str(datasets.pop()))
        except UserError:
            tag = None
        if tag is not None:
            vectors = embed_texts(tag.titles, encoder)
            return {title: vectors[i] for i, title in enumerate(tag.titles)}
    titles = sorted({node["title"] for inst in instances
                     for node in inst.graphs["G"]["nodes"]} - {MASK})
    return dict(zip(titles, embed_texts(titles, encoder), strict=True))


def instance_arrays(instances: Sequence[Instance], encoder: str = "minilm"
                    ) -> dict[str, Arrays]:
    """Per instance id: node features and symmetric edges."""
    from graphgauge.datasets import embed_texts

    table = _title_vectors(instances, encoder)
    missing = sorted({node["title"] for inst in instances for node in inst.graphs["G"]["nodes"]}
                     - {MASK} - set(table))
    if missing:
        table.update(zip(missing, embed_texts(missing, encoder), strict=True))
    dim = len(next(iter(table.values()))) if table else 384
    out = {}
    for inst in instances:
        graph = inst.graphs["G"]
        x = np.zeros((len(graph["nodes"]), dim), dtype=np.float32)
        for node in graph["nodes"]:
            if node["title"] != MASK:
                x[node["id"]] = table[node["title"]]
        pairs = np.array([[e["source"], e["target"]] for e in graph["edges"]],
                         dtype=np.int64).reshape(-1, 2)
        edge_index = np.concatenate([pairs, pairs[:, ::-1]]).T.copy()
        out[inst.id] = Arrays(x, edge_index)
    return out


def neighbour_mean(arrays: Arrays) -> np.ndarray:
    """Each node's vector averaged with its neighbours' (one hop, no weights)."""
    x = arrays.x
    total, count = x.copy(), np.ones(len(x), dtype=np.float32)
    if arrays.edge_index.size:
        src, dst = arrays.edge_index
        np.add.at(total, dst, x[src])
        np.add.at(count, dst, 1.0)
    return total / count[:, None]


def label_ids(instances: Sequence[Instance]) -> list[str]:
    """The label vocabulary of the instances (their datasets' label names)."""
    names: dict[str, None] = {}
    for inst in instances:
        names.update(dict.fromkeys(inst.graphs["G"]["graph"]["label_names"]))
    return list(names)


def answer_text(instance: Instance, value: Any) -> str:
    """A prediction written as a response (no reasoning: these baselines give none)."""
    words = terms_for(instance.meta.get("domain", "generic"))
    n = len(instance.graphs["G"]["nodes"])
    return f"Answer: {statement(instance.task, value, instance.query, n, words)}\nReasoning:"
