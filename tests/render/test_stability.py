"""Rendered prompts never change: their bytes are the cache keys of stored runs.

The digests below were taken from the renderer before its rewrite for speed (gathered slot
texts, ranked-graph and attribute-text caches) and must stay as they are: a changed byte
would silently orphan every cached model response. The graphs are built here, from a fixed
seed, so that a change in the generators cannot move the digests. Also checked: the cached
shuffle streams are numpy's documented ones, and the render caches never serve a graph
another graph's entry.
"""

from __future__ import annotations

import hashlib

import numpy as np

from graphgauge.render.encoding import Encoding, all_encodings
from graphgauge.render.labeling import random_keys, stable_hash
from graphgauge.render.serialize import GraphCache, clear_caches, graph_text

LABELINGS = [("identity", 0), ("offset", 0), ("alpha", 0), ("random", 1), ("random", 5)]
ATTRIBUTES = [(), ("weight",), ("capacity",), ("capacity", "weight")]


def _graph(rng: np.random.Generator, n: int, directed: bool, attrs: tuple[str, ...],
           density: float, floats: bool = False) -> dict:
    """A canonical node-link graph (nodes by id, edges by (source, target), undirected
    edges once with source <= target), with self-loops now and then."""
    edges = []
    for a in range(n):
        for b in range(n) if directed else range(a, n):
            if rng.random() < (density / 4 if a == b else density):
                edge = {"source": a, "target": b}
                for name in sorted(attrs):
                    value = int(rng.integers(1, 20))  # never 0: matrices refuse 0
                    edge[name] = value + 0.5 if floats and name == "weight" else value
                edges.append(edge)
    return {"directed": directed, "nodes": [{"id": i} for i in range(n)], "edges": edges}


def _graphs() -> list[tuple[str, dict]]:
    rng = np.random.default_rng(20240611)
    graphs = []
    for index in range(24):
        n = int(rng.integers(1, 36))
        attrs = ATTRIBUTES[index % len(ATTRIBUTES)]
        graphs.append(_graph(rng, n, bool(index % 3 == 0), attrs, float(rng.uniform(0, 0.4)),
                             floats=index % 5 == 0))
    graphs.append(_graph(rng, 6, False, (), 0.0))  # no edges
    graphs.append(_graph(rng, 1, False, (), 0.0))  # a single node
    graphs.append(_graph(rng, 1, True, ("weight",), 4.0))  # a single node with a loop
    graphs.append(_graph(rng, 70, False, ("weight",), 0.05))  # ranks decoded arithmetically
    graphs.append(_graph(rng, 140, True, (), 0.02))  # label texts not cached
    return [(f"stable/{index}", graph) for index, graph in enumerate(graphs)]


def _encodings() -> list[Encoding]:
    return [Encoding(e.structure, e.order, e.syntax, labeling, seed)
            for e in all_encodings() for labeling, seed in LABELINGS
            if not (e.syntax == "pyg" and labeling == "alpha")]


def _digest(render) -> str:
    """sha256 over every rendering, in an order where caches hit and miss."""
    digest = hashlib.sha256()
    graphs = _graphs()
    for encoding in _encodings():
        for instance_id, graph in graphs:
            digest.update(render(graph, encoding, instance_id).encode())
            digest.update(b"\x00")
    return digest.hexdigest()


# Changed deliberately once since: PyG code writes num_nodes, undirected edges in both
# directions and n_id for labels other than 0..n-1 (every other syntax's bytes unchanged).
GRID_DIGEST = "f5f78c57932e2b5c474222cb74976247c7ed11934331c698c1ec42f961b3650a"
EXPLICIT_DIGEST = "7e5b7ac58724d78e9d489df7b8ceb0682837a9b82db4a5709e41b809f7da79e3"


def test_every_encoding_renders_the_pinned_bytes() -> None:
    clear_caches()
    assert _digest(graph_text) == GRID_DIGEST
    assert _digest(graph_text) == GRID_DIGEST  # again, from warm caches


def _explicit(graph: dict, encoding: Encoding, instance_id: str) -> str:
    labels = [str(3 * len(graph["nodes"]) - 2 * i) for i in range(len(graph["nodes"]))]
    return graph_text(graph, encoding, instance_id, labels)


def test_explicit_labels_render_the_pinned_bytes() -> None:
    digest, graphs = hashlib.sha256(), _graphs()[::3]
    for encoding in _encodings()[::7]:
        for instance_id, graph in graphs:
            digest.update(_explicit(graph, encoding, instance_id).encode())
    assert digest.hexdigest() == EXPLICIT_DIGEST


def test_shuffle_keys_are_numpys_seeded_stream() -> None:
    for seed, instance_id, salt, size in [(0, "a/b/1", 1, 7), (3, "x", 3, 100), (9, "", 2, 1)]:
        expected = np.random.default_rng([seed, stable_hash(instance_id), salt]).random(size)
        encoding = Encoding(labeling="random", seed=seed)
        for _ in range(2):  # the second draw comes from the cached state
            assert np.array_equal(random_keys(encoding, instance_id, salt, size), expected)


def test_graph_cache_is_bounded_by_weight_and_keyed_by_the_graph_object() -> None:
    cache: GraphCache[str] = GraphCache(max_edges=10)
    one, two, three = ({"edges": []} for _ in range(3))
    cache.put(("a",), one, "A", 4)
    cache.put(("b",), two, "B", 4)
    assert cache.get(("a",), one) == "A"
    assert cache.get(("a",), two) is None  # the same key, another graph: a miss
    cache.put(("c",), three, "C", 4)  # 12 > 10: the oldest entry leaves
    assert cache.get(("a",), one) is None
    assert cache.get(("b",), two) == "B" and cache.get(("c",), three) == "C"
    assert cache.edges == 8
    cache.put(("b",), one, "B1", 2)  # replaces another graph's entry
    assert cache.get(("b",), two) is None and cache.get(("b",), one) == "B1"
    assert cache.edges == 6
    cache.put(("d",), one, "D", 11)  # heavier than the bound: not kept
    assert cache.get(("d",), one) is None and cache.edges == 6
    cache.clear()
    assert cache.edges == 0 and cache.get(("c",), three) is None
