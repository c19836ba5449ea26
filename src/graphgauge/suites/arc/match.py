"""Is a produced graph the expected one? Id by id, or up to colour-preserving isomorphism.

Isomorphism is decided cheaply first: node and edge counts, then colour refinement
(1-dimensional Weisfeiler-Leman started from the node colours) run on both graphs with a
shared table of refined colours. Different colour histograms prove the graphs differ;
when refinement gives every node a colour of its own, the only candidate mapping is read
off the colours and checked edge by edge. Symmetric parts (twin leaves, regular pieces)
are resolved by individualisation-refinement; only a search that exceeds its budget
(highly regular graphs) falls through to networkx's VF2.
"""

from __future__ import annotations

from collections import Counter

import networkx as nx

from graphgauge.suites.arc.graphio import shares_edges

GREY = "grey"


def _colours(graph: nx.Graph) -> dict[int, str]:
    return {v: d.get("color", GREY) for v, d in graph.nodes(data=True)}


def same_labelled(a: nx.Graph, b: nx.Graph) -> bool:
    """Same node ids, same colour per id, same edges."""
    if a.number_of_nodes() != b.number_of_nodes() or a.number_of_edges() != b.number_of_edges():
        return False
    if _colours(a) != _colours(b):
        return False
    return shares_edges(a, b) or all(b.has_edge(u, v) for u, v in a.edges)


def _refine(graphs: tuple[nx.Graph, nx.Graph], labels: list[dict]) -> tuple[dict, dict] | None:
    """Stable colour-refinement labels of both graphs from ``labels``, or None once
    their label histograms differ (then no mapping respecting ``labels`` exists)."""
    table: dict = {}
    labels = [{v: table.setdefault(lab[v], len(table)) for v in lab} for lab in labels]
    classes = -1
    while True:
        if Counter(labels[0].values()) != Counter(labels[1].values()):
            return None
        count = len(set(labels[0].values()))
        if count == classes:
            return labels[0], labels[1]
        classes = count
        labels = [{v: table.setdefault((lab[v], tuple(sorted(lab[u] for u in g[v]))),
                                       len(table)) for v in g}
                  for g, lab in zip(graphs, labels, strict=True)]


def _match(a: nx.Graph, b: nx.Graph, la: dict, lb: dict, budget: list[int]) -> bool | None:
    """Individualisation-refinement: pin one node of the smallest ambiguous class of
    ``a`` to each candidate in ``b`` in turn and refine again. Twins (interchangeable
    leaves) make the first candidate work, so the search rarely branches. None when the
    budget of refinements runs out."""
    sizes = Counter(la.values())
    ambiguous = [label for label, size in sizes.items() if size > 1]
    if not ambiguous:
        where = {label: v for v, label in lb.items()}
        return all(b.has_edge(where[la[u]], where[la[v]]) for u, v in a.edges)
    target = min(ambiguous, key=lambda label: (sizes[label], label))
    pinned = min(v for v, label in la.items() if label == target)
    for candidate in sorted(v for v, label in lb.items() if label == target):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        refined = _refine((a, b), [{**la, pinned: "pin"}, {**lb, candidate: "pin"}])
        if refined is not None:
            found = _match(a, b, *refined, budget)
            if found is not False:
                return found
    return False


def isomorphic(a: nx.Graph, b: nx.Graph, budget: int = 200) -> bool:
    """Colour-preserving isomorphism of two undirected graphs."""
    if a.number_of_nodes() != b.number_of_nodes() or a.number_of_edges() != b.number_of_edges():
        return False
    refined = _refine((a, b), [_colours(a), _colours(b)])
    if refined is None:
        return False
    found = _match(a, b, *refined, [budget])
    if found is not None:
        return found
    return nx.is_isomorphic(a, b, node_match=lambda x, y: x.get("color", GREY)
                            == y.get("color", GREY))


def same_graph(a: nx.Graph, b: nx.Graph, keep_ids: bool) -> bool:
    return same_labelled(a, b) if keep_ids else isomorphic(a, b)
