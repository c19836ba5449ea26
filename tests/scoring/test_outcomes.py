"""Outcome classes on hand-written graphs and answers: correct / wrong / no answer, and
for optimisation tasks correct / feasible but suboptimal (optimality gap) / infeasible."""

import json
import math

import networkx as nx
import pytest
from rich.console import Console

from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.registry import get_task
from graphgauge.report.console import print_report
from graphgauge.results.cells import summarize
from graphgauge.runner import response_row, score_pending
from graphgauge.scoring.outcomes import optimality_gap, outcome
from graphgauge.store import Store


def _instance(task_name, graph, query=None, index=0):
    task = get_task("algorithmic", task_name)
    body = {"graphs": {"G": to_node_link(graph)}, "query": query or {}}
    draft = Instance(id=f"{task_name}-{index}", suite="algorithmic", task=task_name,
                     graphs=body["graphs"], query=body["query"],
                     meta={"family": "hand", "n": len(graph), "difficulty": task.difficulty})
    return Instance(**{**draft.to_dict(), "answer": task.solve(draft)})


def _weighted(edges):
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return graph


# 0 -1- 1 -1- 3 is the cheapest 0..3 path (cost 2); 0 -4- 2 -1- 3 costs 5; 0 -9- 3 costs 9.
PATH_GRAPH = _weighted([(0, 1, 1), (1, 3, 1), (0, 2, 4), (2, 3, 1), (0, 3, 9)])


def _score(task_name, inst, text):
    task = get_task("algorithmic", task_name)
    return task.score(task.parse(text, inst), inst)


def test_weighted_shortest_path_outcomes():
    inst = _instance("weighted_shortest_path", PATH_GRAPH, {"source": 0, "target": 3})
    assert inst.answer == [0, 1, 3]
    assert _score("weighted_shortest_path", inst, "Answer: [0, 1, 3]") == {
        "accuracy": 1.0, "feasible": 1.0, "optimality_gap": 0.0}
    # feasible, cost 5 against 2: gap (5 - 2) / 2
    assert _score("weighted_shortest_path", inst, "Answer: [0, 2, 3]") == {
        "accuracy": 0.0, "feasible": 1.0, "optimality_gap": 1.5}
    assert _score("weighted_shortest_path", inst, "Answer: [0, 3]")["optimality_gap"] == 3.5
    # 1-2 is no edge; a path to the wrong node is not a path between the pair
    assert _score("weighted_shortest_path", inst, "Answer: [0, 1, 2, 3]") == {
        "accuracy": 0.0, "feasible": 0.0}
    assert _score("weighted_shortest_path", inst, "Answer: [0, 1]")["feasible"] == 0.0
    assert _score("weighted_shortest_path", inst, "It is either [0, 1, 3] or [0, 2, 3].") == {
        "accuracy": 0.0}


def test_maximisation_and_cover_gaps():
    # path 0-1-2-3-4-5 (bipartite): maximum matching has 3 edges
    inst = _instance("bipartite_maximum_matching", nx.path_graph(6))
    assert _score("bipartite_maximum_matching", inst, "Answer: [(1, 2), (3, 4)]") == {
        "accuracy": 0.0, "feasible": 1.0, "optimality_gap": pytest.approx(1 / 3)}
    assert _score("bipartite_maximum_matching", inst, "Answer: [(0, 1), (1, 2)]") == {
        "accuracy": 0.0, "feasible": 0.0}
    # star with 4 leaves: minimum vertex cover is the centre alone
    star = _instance("min_vertex_cover", nx.star_graph(4))
    assert _score("min_vertex_cover", star, "Answer: [1, 2, 3, 4]")["optimality_gap"] == 3.0
    assert _score("min_vertex_cover", star, "Answer: [1, 2]")["feasible"] == 0.0
    # triangle plus pendant, tour weights: the optimum 0-1-2-3 tour
    tour = _instance("traveling_salesman_problem", _weighted(
        [(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 2, 5), (1, 3, 5)]))
    assert _score("traveling_salesman_problem", tour, "Answer: [0, 2, 1, 3]") == {
        "accuracy": 0.0, "feasible": 1.0, "optimality_gap": 2.0}  # 12 against 4
    assert _score("traveling_salesman_problem", tour, "Answer: [0, 1, 2]")["feasible"] == 0.0


def test_optimality_gap_rules():
    assert optimality_gap(6, 4, "min") == 0.5 and optimality_gap(2, 4, "max") == 0.5
    assert optimality_gap(3, 0, "min") == 3.0 and optimality_gap(0, 0, "max") == 0.0
    with pytest.raises(ValueError, match="beats the optimum"):
        optimality_gap(3, 4, "min")
    assert outcome(0, 0.0, None) == "no answer"
    assert outcome(1, 1.0, {"feasible": 1.0}) == "correct"
    assert outcome(1, 0.0, {}) == "wrong"
    assert outcome(1, 0.0, {"feasible": 0.0}) == "infeasible"


ANSWERS = [  # (task, answer text) for one hand-built instance each, two models' worth
    ("weighted_shortest_path", "Answer: [0, 1, 3]"),   # correct
    ("weighted_shortest_path", "Answer: [0, 2, 3]"),   # suboptimal, gap 1.5
    ("weighted_shortest_path", "Answer: [0, 3]"),      # suboptimal, gap 3.5
    ("weighted_shortest_path", "Answer: [0, 1, 2, 3]"),  # infeasible
    ("weighted_shortest_path", "I cannot determine the path."),  # no answer
    ("edge_existence", "Yes, they are adjacent."),     # correct (0-1 is an edge)
    ("edge_existence", "No."),                          # wrong
    ("edge_existence", "It depends on the direction."),  # no answer
]


def test_tables_keep_outcomes_apart(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "220")
    instances, rows = [], []
    from graphgauge.models.base import Request, Response
    from graphgauge.registry import render

    for i, (task_name, text) in enumerate(ANSWERS):
        query = {"source": 0, "target": 3} if task_name.startswith("weighted") else {
            "source": 0, "target": 1}
        inst = _instance(task_name, PATH_GRAPH, query, index=i)
        instances.append(inst)
        rows.append(response_row(Request(render(inst), inst), Response(text), "run-1", False))
    with Store(tmp_path / "o.db") as store:
        store.begin_run("run-1", "hand", {"model": {"name": "hand", "params": {}}})
        store.write_items(rows)
        score_pending(store, "run-1", instances)
        cells = summarize(store, ["run-1"])
        console = Console(record=True, width=220)
        print_report(cells, console=console)
    by_task = {c.group: c for c in cells if c.level == "task"}
    path, edge = by_task["weighted_shortest_path"], by_task["edge_existence"]
    assert (path.accuracy, path.suboptimal, path.infeasible, path.unparsed) == (
        0.2, 0.4, 0.2, 0.2)
    assert path.wrong == pytest.approx(0.6)
    assert path.mean_gap == pytest.approx((1.5 + 3.5) / 2)
    assert edge.accuracy == pytest.approx(1 / 3) and edge.wrong == pytest.approx(1 / 3)
    assert edge.unparsed == pytest.approx(1 / 3) and edge.suboptimal == 0.0
    assert math.isnan(edge.mean_gap)
    suite = next(c for c in cells if c.level == "suite")
    assert (suite.accuracy, suite.wrong, suite.unparsed) == (0.25, 0.5, 0.25)
    text = console.export_text()
    assert "correct / wrong / no answer" in text
    assert "edge_existence │ 33.3 / 33.3 / 33.3" in text
    assert "all            │ 25.0 / 50.0 / 25.0" in text
    assert "20.0 / 40.0 (gap 250%) / 20.0 / 20.0" in text
    stored = {r.response: json.loads(r.scores) for r in store_rows(tmp_path)}
    assert stored["Answer: [0, 2, 3]"]["optimality_gap"] == 1.5


def store_rows(tmp_path):
    with Store(tmp_path / "o.db") as store:
        return list(store.items(["run-1"]))


def test_html_report_shows_outcomes_and_reading_paths(tmp_path, monkeypatch):
    from graphgauge.report.html_sections import build_sections
    from graphgauge.results.sections import load_context

    test_tables_keep_outcomes_apart(tmp_path, monkeypatch)
    with Store(tmp_path / "o.db") as store:
        sections = build_sections(load_context(store, ["run-1"]))
    tables = {b.name: b for s in sections for b in s.blocks if hasattr(b, "rows")}
    assert tables["outcomes"].rows == [["algorithmic", "all", "25.0 / 50.0 / 25.0"],
                                       ["algorithmic", "edge_existence", "33.3 / 33.3 / 33.3"]]
    assert tables["optimisation_outcomes"].rows == [
        ["algorithmic", "weighted_shortest_path", "20.0 / 40.0 (gap 250%) / 20.0 / 20.0"]]
    # 8 answers: 2 of the path answers and 2 yes/no answers have no answer
    assert tables["reading_paths"].rows == [["hand", "6", "0", "0", "2"]]
