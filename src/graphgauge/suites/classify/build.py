"""Building classify instances from a dataset: centre nodes, neighbourhoods, options.

Centre nodes are a seeded sample of the chosen split; each centre's neighbourhood is drawn
from a generator seeded by (seed, node), so every style (task) sees the same nodes and the
same neighbours, and a smaller ``--count`` gives a prefix of a larger one.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import numpy as np

from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.suites.classify.relabel import load_relabel
from graphgauge.suites.classify.sampling import (
    SPLITS,
    node_splits,
    sample_neighborhood,
    undirected_neighbors,
)

REMOVED_TEXT = "[text removed]"
MAX_CHARS = 300  # per node text: WebKB pages would otherwise flood the prompt


def _int_option(options: dict[str, Any], key: str, default: int, low: int) -> int:
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise UserError(f"classify option {key} must be an integer >= {low}, got {value!r}")
    return value


def _text(raw: str) -> str:
    text = " ".join(str(raw).split()) or "(no text)"
    return text if len(text) <= MAX_CHARS else text[:MAX_CHARS].rsplit(" ", 1)[0] + " …"


def build_instances(
    styles: list[str], count: int, seed: int, options: dict[str, Any], progress: bool
) -> list[Instance]:
    from graphgauge.datasets import load_tag
    from graphgauge.suites.classify.prompts import STYLES

    for style in styles:
        if style not in STYLES:
            raise UserError(f"unknown classify task {style!r}; tasks: {', '.join(STYLES)}")
    spec = str(options["dataset"])
    hops = _int_option(options, "hops", 1, 1)
    max_neighbors = _int_option(options, "max_neighbors", 10, 1)
    split = options.get("split", "test")
    if split not in (*SPLITS, "all"):
        raise UserError(f"classify option split must be train, val, test or all, got {split!r}")
    remove_text = options.get("remove_text", False)
    if not isinstance(remove_text, bool):
        raise UserError(f"classify option remove_text must be true or false, got {remove_text!r}")
    attack = options.get("attack")

    tag = load_tag(spec)
    n = tag.num_nodes()
    relabel = load_relabel(spec.split(":")[0], tag.label_names, options.get("relabel"))
    splits = node_splits(n, seed)
    neighbors = undirected_neighbors(tag.edge_index, n)
    wanted = None if split == "all" else SPLITS.index(split)
    candidates = np.array([v for v in range(n) if len(neighbors[v])
                           and (wanted is None or splits[v] == wanted)], dtype=np.int64)
    if not len(candidates):
        raise UserError(f"{spec}: no node with a neighbour in split {split!r}")
    pick = np.random.default_rng([seed, 0xC1A55]).permutation(len(candidates))[:count]
    centres = candidates[pick]
    if attack is not None:
        from graphgauge.suites.classify.attacks import attack_tag

        edges = attack_tag(tag, str(attack), centres, np.flatnonzero(splits == 0), seed)
        neighbors = undirected_neighbors(edges, n)

    graphs = []
    for centre in centres.tolist():
        hood = sample_neighborhood(neighbors, centre, hops, max_neighbors,
                                   np.random.default_rng([seed, centre]))
        graphs.append(_graph(tag, hood, neighbors, splits, remove_text))
    meta_common = {
        "dataset": spec, "domain": tag.domain, "hops": hops, "labels": list(tag.label_names),
        "relabel": relabel, "seed": seed, "attack": attack or "none",
        "text": "removed" if remove_text else "kept",
    }
    out = []
    for style in styles:
        for index, (centre, graph) in enumerate(zip(centres.tolist(), graphs, strict=True)):
            meta = {**meta_common, "index": index, "node": centre,
                    "split": SPLITS[splits[centre]]}
            body = {"graphs": {"G": graph}, "meta": meta}
            out.append(Instance(
                id=Instance.make_id("classify", style, index, body), suite="classify",
                task=style, graphs={"G": graph}, query={},
                answer=tag.label_names[int(tag.labels[centre])], meta=meta,
            ))
    return out


def _graph(tag, hood, neighbors, splits, remove_text: bool) -> dict[str, Any]:
    """The neighbourhood as node-link JSON: local ids in BFS order, the text of each node,
    its hop and parent, the label of train nodes other than the centre, and the edges
    among the sampled nodes."""
    graph = nx.Graph(labels=list(tag.label_names))
    local = {v: i for i, v in enumerate(hood.nodes)}
    for i, v in enumerate(hood.nodes):
        attrs: dict[str, Any] = {"hop": hood.hops[i], "parent": hood.parents[i],
                                 "text": _text(tag.titles[v])}
        if i == 0 and remove_text:
            attrs["text"] = REMOVED_TEXT
        if i > 0 and splits[v] == 0:
            attrs["label"] = tag.label_names[int(tag.labels[v])]
        graph.add_node(i, **attrs)
    for v, i in local.items():
        graph.add_edges_from((i, local[u]) for u in neighbors[v].tolist() if u in local)
    return to_node_link(graph)
