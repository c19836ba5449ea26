"""The five tasks' no-shortcut constructions, from one ego-graph to one candidate.

Each builder is a pure function of (context, ego-graph, generator) and returns None when
the ego-graph cannot carry the task (too few same-label nodes, one category only, no
distant outlier); the pipeline then moves on to the next hub.
  T1  the hub's title is masked (nodes whose title contains it are left out);
      gold = the hub's label.
  T2  a connected or unconnected pair (coin flip, balanced later by the stratified cap);
      gold = has-edge plus the second endpoint's label.
  T3  the hub's same-label connected cluster (>= 5 nodes); gold = that label.
  T4  a same-label cluster plus one node of another category whose title embedding has
      cosine < 0.40 to the cluster centroid (a real neighbour of the cluster when one
      qualifies), attached to as many members as a random member's degree, real edges
      first, injected ones for the rest, so its degree tells nothing; ids shuffled;
      gold = its id.
  T5  the ego-graph's nodes of 2-3 categories (>= 3 nodes each), ids shuffled so that
      communities interleave; gold = the label partition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graphgauge.datasets.tag import TAG
from graphgauge.suites.inference.sampling import Ego, Sampler

OUTLIER_MAX_COSINE = 0.40
MIN_CLUSTER = 5
MAX_CLUSTER = 20
MIN_COMMUNITY = 3


@dataclass
class Context:
    tag: TAG
    sampler: Sampler
    embeddings: np.ndarray | None  # unit-norm title vectors (T4 only)


@dataclass
class Candidate:
    task: str
    hub: int
    nodes: np.ndarray          # global ids, index = local id
    edges: np.ndarray          # (m, 2) local ids
    query: dict[str, Any]
    gold: Any
    stratum: str               # the label the stratified cap balances on
    identity: str              # L4 canonical identity (global ids)
    masked: tuple[int, ...] = ()
    signature: frozenset[int] = field(default_factory=frozenset)
    extra: dict[str, Any] = field(default_factory=dict)


def _canonical(edges: np.ndarray, directed: bool) -> np.ndarray:
    """Edges sorted; an undirected pair written once as (low, high)."""
    edges = edges.reshape(-1, 2)
    if not directed and len(edges):
        edges = np.sort(edges, axis=1)
    return edges[np.lexsort((edges[:, 1], edges[:, 0]))] if len(edges) else edges


def _relabel(nodes: np.ndarray, edges: np.ndarray, order: np.ndarray,
             directed: bool) -> tuple:
    """Reorder nodes (``order[i]`` = old position of new id i) and renumber edges."""
    new_id = np.empty(len(order), dtype=np.int64)
    new_id[order] = np.arange(len(order))
    return nodes[order], _canonical(new_id[edges] if len(edges) else edges, directed)


def _subset(ego: Ego, keep: np.ndarray, directed: bool) -> tuple[np.ndarray, np.ndarray]:
    """Nodes at positions ``keep`` (in that order) and the ego edges among them."""
    position = np.full(len(ego.nodes), -1)
    position[keep] = np.arange(len(keep))
    mapped = position[ego.edges] if len(ego.edges) else np.zeros((0, 2), dtype=np.int64)
    edges = mapped[(mapped >= 0).all(axis=1)] if len(mapped) else mapped
    return ego.nodes[keep], _canonical(edges, directed)


def _cluster(ego: Ego, labels: np.ndarray) -> np.ndarray:
    """Positions of the hub's same-label nodes connected to it inside the ego-graph,
    in BFS order from the hub."""
    same = labels[ego.nodes] == labels[ego.hub]
    adjacency: dict[int, list[int]] = {}
    for u, v in ego.edges.tolist():
        if same[u] and same[v]:
            adjacency.setdefault(u, []).append(v)
            adjacency.setdefault(v, []).append(u)
    order, seen = [0], {0}
    for node in order:
        for nxt in adjacency.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
    return np.array(order, dtype=np.int64)


def folded(text: str) -> str:
    """Case- and spacing-insensitive form, for "does this text show that title"."""
    return " ".join(text.casefold().split())


def masked_node(ctx: Context, ego: Ego, rng: np.random.Generator) -> Candidate | None:
    label = int(ctx.tag.labels[ego.hub])
    if label < 0:
        return None
    # A duplicate title elsewhere (69 DBLP papers share one) would show the masked text.
    hidden = folded(ctx.tag.titles[ego.hub])
    keep = np.array([i for i, v in enumerate(ego.nodes.tolist())
                     if i == 0 or hidden not in folded(ctx.tag.titles[v])], dtype=np.int64)
    if (ego.hops[keep] == 1).sum() < 3:
        return None
    nodes, edges = _subset(ego, keep, ctx.tag.directed) if len(keep) < len(ego.nodes) \
        else (ego.nodes, ego.edges)
    return Candidate("masked_node", ego.hub, nodes, edges, {"hub": 0},
                     ctx.tag.label_names[label], ctx.tag.label_names[label],
                     f"T1:{ego.hub}", masked=(0,))


def relation(ctx: Context, ego: Ego, rng: np.random.Generator) -> Candidate | None:
    n = len(ego.nodes)
    connected = bool(rng.random() < 0.5)
    if connected:
        if not len(ego.edges):
            return None
        a, b = ego.edges[int(rng.integers(len(ego.edges)))].tolist()
    else:
        present = set(map(tuple, ego.edges.tolist()))
        for _ in range(30):
            a, b = sorted(rng.choice(n, 2, replace=False).tolist())
            if (a, b) not in present and (b, a) not in present:
                break
        else:
            return None
    if rng.random() < 0.5 and not (connected and ctx.tag.directed):
        a, b = b, a  # a directed edge keeps its direction: "Node a cites Node b"
    label_b = int(ctx.tag.labels[ego.nodes[b]])
    if label_b < 0:
        return None
    ga, gb = sorted((int(ego.nodes[a]), int(ego.nodes[b])))
    gold = {"has_edge": connected, "label_b": ctx.tag.label_names[label_b]}
    return Candidate("relation", ego.hub, ego.nodes, ego.edges, {"a": int(a), "b": int(b)},
                     gold, "yes" if connected else "no", f"T2:{ga}-{gb}")


def theme(ctx: Context, ego: Ego, rng: np.random.Generator) -> Candidate | None:
    label = int(ctx.tag.labels[ego.hub])
    keep = _cluster(ego, ctx.tag.labels)
    if label < 0 or len(keep) < MIN_CLUSTER:
        return None
    nodes, edges = _subset(ego, keep, ctx.tag.directed)
    nodes, edges = _relabel(nodes, edges, rng.permutation(len(nodes)), ctx.tag.directed)
    ids = frozenset(nodes.tolist())
    return Candidate("theme", ego.hub, nodes, edges, {}, ctx.tag.label_names[label],
                     ctx.tag.label_names[label], "T3:" + ",".join(map(str, sorted(ids))),
                     signature=ids)


def _degree_matched_links(edges: np.ndarray, size: int, real: list[int],
                          rng: np.random.Generator) -> tuple[list[int], int]:
    """The cluster positions the outlier attaches to, and how many of them are its real
    neighbours.

    On DBLP a cluster is a shared-author clique while the outlier's real edges into it are
    one to three, so "the lowest-degree node" found it two times in three. The outlier
    instead takes the degree of a uniformly drawn member (plus one with the chance that
    any member gains an edge from it), so its degree is a draw from the cluster's own
    distribution. Its real neighbours fill the slots first; the rest are injected."""
    degree = np.bincount(edges.reshape(-1), minlength=size) if len(edges) else \
        np.zeros(size, dtype=np.int64)
    target = int(degree[int(rng.integers(size))])
    target += int(rng.random() < min(1.0, (target + 0.5) / size))
    target = min(max(target, 1), size)
    real = [real[i] for i in rng.permutation(len(real))][:target]
    others = np.setdiff1d(np.arange(size), real)
    fill = rng.choice(others, target - len(real), replace=False).tolist()
    return sorted(real + fill), len(real)


def outlier(ctx: Context, ego: Ego, rng: np.random.Generator) -> Candidate | None:
    labels, vectors = ctx.tag.labels, ctx.embeddings
    label = int(labels[ego.hub])
    keep = _cluster(ego, labels)[:MAX_CLUSTER]
    if label < 0 or len(keep) < MIN_CLUSTER - 1 or vectors is None:
        return None
    nodes, edges = _subset(ego, keep, ctx.tag.directed)
    centroid = vectors[nodes].mean(axis=0)
    centroid /= np.linalg.norm(centroid) or 1.0
    members = set(nodes.tolist())
    near = np.unique(np.concatenate([ctx.sampler.neighbours(int(v)) for v in nodes]))
    pool = near[(labels[near] >= 0) & (labels[near] != label)]
    pool = pool[vectors[pool] @ centroid < OUTLIER_MAX_COSINE]
    if len(pool):
        chosen = int(pool[int(rng.integers(len(pool)))])
    else:
        chosen = -1
        for _ in range(50):
            guess = int(rng.integers(ctx.tag.num_nodes()))
            if (labels[guess] >= 0 and labels[guess] != label and guess not in members
                    and vectors[guess] @ centroid < OUTLIER_MAX_COSINE):
                chosen = guess
                break
        if chosen < 0:
            return None
    around = set(ctx.sampler.neighbours(chosen).tolist())
    real = [i for i, v in enumerate(nodes.tolist()) if v in around]
    links, real_links = _degree_matched_links(edges, len(nodes), real, rng)
    out_pos = len(nodes)
    nodes = np.append(nodes, chosen)
    outgoing = set(ctx.sampler.out_idx[ctx.sampler.out_ptr[chosen]:
                                       ctx.sampler.out_ptr[chosen + 1]].tolist())
    # A real directed edge keeps its direction; an injected one gets a random one.
    extra = np.array([[out_pos, i] if (int(nodes[i]) in outgoing if i in real
                                       else rng.random() < 0.5) else [i, out_pos]
                      for i in links], dtype=np.int64).reshape(-1, 2)
    edges = np.concatenate([edges.reshape(-1, 2), extra])
    order = rng.permutation(len(nodes))
    nodes, edges = _relabel(nodes, edges, order, ctx.tag.directed)
    local = int(np.flatnonzero(order == out_pos)[0])
    cluster_ids = sorted(members)
    return Candidate(
        "outlier", ego.hub, nodes, edges, {}, local, ctx.tag.label_names[label],
        f"T4:{chosen}|" + ",".join(map(str, cluster_ids)),
        extra={"real_links": real_links, "injected_links": len(links) - real_links,
               "cluster_label": ctx.tag.label_names[label],
               "outlier_label": ctx.tag.label_names[int(labels[chosen])],
               "outlier_cosine": round(float(vectors[chosen] @ centroid), 4)},
    )


def community(ctx: Context, ego: Ego, rng: np.random.Generator) -> Candidate | None:
    node_labels = ctx.tag.labels[ego.nodes]
    values, counts = np.unique(node_labels[node_labels >= 0], return_counts=True)
    eligible = values[counts >= MIN_COMMUNITY]
    if len(eligible) < 2:
        return None
    k = 3 if len(eligible) >= 3 and rng.random() < 0.5 else 2
    chosen = np.sort(rng.choice(eligible, k, replace=False))
    keep = np.flatnonzero(np.isin(node_labels, chosen))
    nodes, edges = _subset(ego, keep, ctx.tag.directed)
    nodes, edges = _relabel(nodes, edges, rng.permutation(len(nodes)), ctx.tag.directed)
    # Communities are numbered by first appearance, so the gold is canonical.
    first: dict[int, int] = {}
    assignment = [first.setdefault(int(ctx.tag.labels[v]), len(first)) for v in nodes]
    names = [ctx.tag.label_names[label] for label in first]
    ids = frozenset(nodes.tolist())
    return Candidate("community", ego.hub, nodes, edges, {"k": k},
                     {"communities": assignment, "labels": names}, f"k={k}",
                     "T5:" + ",".join(map(str, sorted(ids))), signature=ids)


BUILDERS = {"masked_node": masked_node, "relation": relation, "theme": theme,
            "outlier": outlier, "community": community}
