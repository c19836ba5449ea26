"""The algorithmic pieces imported benchmarks need: the reachability task, and a bipartite
matching solver that answers any bipartite graph (NLGraph's are often disconnected)."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np

from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.registry import generate, get_task
from tests.suites.algorithmic.test_tasks_b import kuhn_matching


def _components(graph) -> dict[int, int]:
    """Component label per node by repeated relaxation (independent of networkx)."""
    label = {v: v for v in graph}
    changed = True
    while changed:
        changed = False
        for u, v in graph.edges:
            low = min(label[u], label[v])
            if label[u] != low or label[v] != low:
                label[u] = label[v] = low
                changed = True
    return label


def test_reachability_gold_matches_an_independent_solver_and_is_balanced():
    instances = generate("algorithmic", ["reachability"], count=150, seed=3)
    for inst in instances:
        label = _components(inst.graph)
        assert inst.answer == (label[inst.query["source"]] == label[inst.query["target"]])
    answers = Counter(inst.answer for inst in instances)
    assert answers[True] >= 45 and answers[False] >= 45


def test_reachability_graphs_hold_both_answers_so_always_yes_scores_half():
    """Every graph has a joined and a separated pair: the answer depends on the pair alone.
    (Before, connected graphs could only be asked "yes": always-yes scored 65%.)"""
    instances = generate("algorithmic", ["reachability"], count=400, seed=11)
    for inst in instances:
        label = _components(inst.graph)
        assert len(set(label.values())) >= 2 and inst.graph.number_of_edges() > 0
    yes = sum(inst.answer for inst in instances) / len(instances)
    assert 0.43 <= yes <= 0.57  # 0.5 within 2.8 standard deviations


def test_bipartite_matching_solves_disconnected_graphs():
    task = get_task("algorithmic", "bipartite_maximum_matching")
    rng = np.random.default_rng(0)
    for trial in range(40):
        a, b = int(rng.integers(2, 9)), int(rng.integers(2, 9))
        graph = nx.Graph()
        graph.add_nodes_from(range(a + b))
        graph.add_edges_from((u, a + v) for u in range(a) for v in range(b)
                             if rng.random() < 0.2)
        inst = Instance(id=f"t/{trial}", suite="algorithmic", task=task.name,
                        graphs={"G": to_node_link(graph)})
        gold = task.solve(inst)
        assert len(gold) == len(kuhn_matching(graph))  # sides found per component
        assert task.check(gold, Instance(**{**inst.to_dict(), "answer": gold}))
