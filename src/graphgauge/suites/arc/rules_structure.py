"""Structural GraphARC rules: nodes or edges are added, removed or merged.

Rules that remove or merge nodes renumber the survivors 0..m-1 (the paper keeps ids
consecutive), so their outputs are compared up to colour-preserving isomorphism; rules
that only touch edges or append a node keep every id and are compared id by id.
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np

from graphgauge.suites.arc.graphio import colours_of, edge_arrays, from_pairs, repaint
from graphgauge.suites.arc.rule import (
    STRUCTURAL,
    Params,
    Rule,
    color_of,
    induced_renumbered,
    mark_random,
    mark_subset,
    nodes_colored,
    renumbered,
)


def _remove_where(test):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        return induced_renumbered(graph, [v for v in graph if not test(graph, v, p)])
    return transform


def remove_degree(k: int, difficulty: str) -> Rule:
    return Rule(
        f"removeDegree{k}", STRUCTURAL, difficulty,
        f"Remove every node of degree exactly {k} (with its edges).",
        _remove_where(lambda g, v, p: g.degree(v) == p["degree"]), {"degree": k},
        requires=(f"has_degree_{k}",), keeps_ids=False,
        alternatives=(_remove_where(lambda g, v, p: g.degree(v) >= p["degree"]),),
        variable=("degree",),
    )


def _induced_on(colour_test):
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        return induced_renumbered(graph, [v for v in graph if colour_test(color_of(graph, v))])
    return transform


BLUE_SUBGRAPH = Rule(
    "blueSubgraph", STRUCTURAL, "medium",
    "Keep only the blue nodes and the edges among them.",
    _induced_on(lambda c: c == "blue"), requires=("has_edge",),
    prepare=mark_subset("blue", 3), keeps_ids=False,
    alternatives=(_induced_on(lambda c: c != "blue"),),
)


def _merge_blue(common_only: bool):
    """Merge blue b into blue a: a takes b's neighbours, or (``common_only``) keeps only
    the neighbours it shares with b."""
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        a, b = nodes_colored(graph, "blue")
        lo, hi = edge_arrays(graph)
        keep = (lo != b) & (hi != b)
        if common_only:
            lost = [u for u in graph[a] if u not in graph[b]]
            keep &= ~(((lo == a) | (hi == a)) & np.isin(np.where(lo == a, hi, lo), lost))
            lo, hi = lo[keep], hi[keep]
        else:
            taken = [u for u in graph[b] if u != a]
            lo = np.concatenate((lo[keep], np.full(len(taken), a, dtype=np.int64)))
            hi = np.concatenate((hi[keep], np.array(taken, dtype=np.int64)))
        colours = {v: color_of(graph, v) for v in graph if v != b}
        return renumbered(colours, lo, hi)
    return transform


MERGE_AT_BLUE = Rule(
    "mergeAtBlue", STRUCTURAL, "hard",
    "Merge the two blue nodes into one blue node joined to all their neighbours.",
    _merge_blue(False), requires=("has_edge",), prepare=mark_random(("blue", "blue")),
    keeps_ids=False, alternatives=(_merge_blue(True),),
)


def _add_hub(graph: nx.Graph, p: Params) -> nx.Graph:
    hub = graph.number_of_nodes()
    lo, hi = edge_arrays(graph)
    others = np.array(sorted(graph), dtype=np.int64)
    return from_pairs({**colours_of(graph), hub: p["color"]},
                      np.concatenate((lo, others)),
                      np.concatenate((hi, np.full(others.size, hub, dtype=np.int64))))


ADD_HUB = Rule(
    "addHub", STRUCTURAL, "easy",
    "Add a new blue node (the next id) joined to every node.",
    _add_hub, {"color": "blue"}, variable=("color",),
)


def _two_colours(graph: nx.Graph, rng: np.random.Generator, p: Params) -> nx.Graph | None:
    """Pre-step: every node blue or red at random, both colours present."""
    picks = rng.random(graph.number_of_nodes()) < 0.5
    if picks.all() or not picks.any():
        return None
    return repaint(graph, {v: "blue" if blue else "red"
                           for v, blue in zip(sorted(graph), picks, strict=True)})


def _remove_edges_where(test):
    """Remove the edges for which ``test(colour codes of one end, of the other end)``
    (elementwise over every edge) is True."""
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        lo, hi = edge_arrays(graph)
        colours = colours_of(graph)
        codes = {c: i for i, c in enumerate(dict.fromkeys(colours.values()))}
        code = np.zeros(max(colours, default=-1) + 1, dtype=np.int64)
        code[list(colours)] = [codes[c] for c in colours.values()]
        kept = ~test(code[lo], code[hi])
        return from_pairs(colours, lo[kept], hi[kept])
    return transform


REMOVE_MIXED_EDGES = Rule(
    "removeMixedEdges", STRUCTURAL, "medium",
    "Remove every edge between nodes of different colours.",
    _remove_edges_where(np.not_equal), requires=("has_edge",), prepare=_two_colours,
    alternatives=(_remove_edges_where(lambda a, b: np.ones(a.shape, dtype=bool)),
                  _remove_edges_where(np.equal)),
)


def _join_blue(within: int | None):
    """Join blue pairs at distance <= ``within`` (every blue pair when None)."""
    def transform(graph: nx.Graph, p: Params) -> nx.Graph:
        joins = [(a, b) for a, b in itertools.combinations(nodes_colored(graph, "blue"), 2)
                 if within is None or nx.has_path(graph, a, b) and (
                     nx.shortest_path_length(graph, a, b) <= within)]
        return _with_edges(graph, np.array(joins, dtype=np.int64).reshape(-1, 2))
    return transform


def _with_edges(graph: nx.Graph, extra: np.ndarray) -> nx.Graph:
    """A copy of ``graph`` plus the (k, 2) array of edges ``extra``."""
    lo, hi = edge_arrays(graph)
    return from_pairs(colours_of(graph), np.concatenate((lo, extra[:, 0])),
                      np.concatenate((hi, extra[:, 1])))


COMPLETE_BLUE_CLIQUE = Rule(
    "completeBlueClique", STRUCTURAL, "medium",
    "Join every pair of blue nodes by an edge (the blue nodes become a clique).",
    _join_blue(None), pin_requires=("has_distance_3",), prepare=mark_subset("blue", 3, 5),
    alternatives=(_join_blue(2),),
)


def _isolate_orange(graph: nx.Graph, p: Params) -> nx.Graph:
    orange = nodes_colored(graph, "orange")[0]
    lo, hi = edge_arrays(graph)
    kept = (lo != orange) & (hi != orange)
    return from_pairs(colours_of(graph), lo[kept], hi[kept])


def _orange_among_blue(graph: nx.Graph, rng: np.random.Generator, p: Params
                       ) -> nx.Graph | None:
    """Pre-step: one orange node with edges, and 1-3 other nodes blue. With the orange
    node alone on grey, "remove the orange node's edges" and "remove every edge between
    colours" (removeMixedEdges) are the same rule on every input; blue decoys joined to
    grey nodes let the examples tell them apart."""
    marked = mark_random(("orange",), lambda g, v: g.degree(v) > 0)(graph, rng, p)
    if marked is None or graph.number_of_nodes() < 3:
        return None
    orange = nodes_colored(marked, "orange")[0]
    others = [v for v in sorted(graph) if v != orange]
    count = int(rng.integers(1, min(3, len(others) - 1) + 1))
    picked = rng.choice(len(others), size=count, replace=False)
    return repaint(marked, {others[int(i)]: "blue" for i in picked})


ISOLATE_ORANGE = Rule(
    "isolateOrange", STRUCTURAL, "easy",
    "Remove every edge of the orange node, leaving it isolated.",
    _isolate_orange, requires=("has_edge",), prepare=_orange_among_blue,
)

STRUCTURE_RULES = (
    remove_degree(1, "easy"), remove_degree(2, "medium"), remove_degree(3, "hard"),
    BLUE_SUBGRAPH, MERGE_AT_BLUE, ADD_HUB, REMOVE_MIXED_EDGES, COMPLETE_BLUE_CLIQUE,
    ISOLATE_ORANGE,
)
