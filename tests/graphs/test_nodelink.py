"""Graphs read from a benchmark file are validated and canonicalised at load time.

Renderers trust the canonical node-link form (nodes by id, edges sorted, undirected edges
with source <= target, an attribute on every edge or on none); a hand-written file need
not follow it, so ``Instance.from_dict`` puts it in that form or says what is wrong.
"""

from __future__ import annotations

import json

import networkx as nx
import pytest

from graphgauge.cli import main
from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import canonical_node_link, to_node_link
from graphgauge.instance import read_jsonl
from graphgauge.render.encoding import Encoding
from graphgauge.render.readers import read_literal
from graphgauge.render.serialize import graph_text


def _record(graph: dict, task: str = "triangles") -> dict:
    return {"id": f"hand/{task}/0", "suite": "algorithmic", "task": task,
            "graphs": {"G": graph}, "query": {}, "answer": 1}


def _write(path, *graphs: dict) -> None:
    path.write_text("".join(json.dumps(_record(g)) + "\n" for g in graphs))


HAND_WRITTEN = {  # nodes and edges in file order, undirected edges written backwards
    "directed": False,
    "nodes": [{"id": 3}, {"id": 0}, {"id": 2}, {"id": 1}, {"id": 4}],
    "edges": [{"source": 3, "target": 1, "weight": 7}, {"source": 2, "target": 0, "weight": 1},
              {"source": 0, "target": 1, "weight": 4}, {"source": 4, "target": 2, "weight": 2}],
}


def _reference(graph: dict) -> dict:
    built = nx.DiGraph() if graph["directed"] else nx.Graph()
    built.add_nodes_from(node["id"] for node in graph["nodes"])
    built.add_edges_from((e["source"], e["target"], {"weight": e["weight"]})
                         for e in graph["edges"])
    return to_node_link(built)


def test_hand_written_graph_renders_sorted(tmp_path):
    path = tmp_path / "hand.jsonl"
    _write(path, HAND_WRITTEN)
    graph = read_jsonl(path)[0].graphs["G"]
    assert graph == _reference(HAND_WRITTEN)
    for labeling in ("identity", "offset"):
        encoding = Encoding(labeling=labeling)
        text = graph_text(graph, encoding, "hand/0")
        assert text == graph_text(_reference(HAND_WRITTEN), encoding, "hand/0")
        listed = [(int(u), int(v)) for u, v, _ in read_literal(text, encoding)[3].edges]
        assert listed == sorted(listed) and all(u < v for u, v in listed)


def test_sorted_order_lists_the_loaded_edges_in_id_order(tmp_path):
    path = tmp_path / "hand.jsonl"
    _write(path, HAND_WRITTEN)
    graph = read_jsonl(path)[0].graphs["G"]
    text = graph_text(graph, Encoding(), "hand/0")
    pairs = [(int(u), int(v)) for u, v, _ in read_literal(text, Encoding())[3].edges]
    assert pairs == [(0, 1), (0, 2), (1, 3), (2, 4)]


def test_directed_edges_keep_their_direction_and_are_sorted():
    graph = {"directed": True, "nodes": [{"id": 1}, {"id": 0}, {"id": 2}],
             "edges": [{"source": 2, "target": 0}, {"source": 1, "target": 0},
                       {"source": 0, "target": 1}]}
    out = canonical_node_link(graph)
    assert [(e["source"], e["target"]) for e in out["edges"]] == [(0, 1), (1, 0), (2, 0)]
    assert [n["id"] for n in out["nodes"]] == [0, 1, 2]


def test_undirected_edges_in_order_but_reversed_are_turned():
    graph = {"directed": False, "nodes": [{"id": 0}, {"id": 1}, {"id": 2}],
             "edges": [{"source": 1, "target": 0}, {"source": 2, "target": 1}]}
    out = canonical_node_link(graph)
    assert [(e["source"], e["target"]) for e in out["edges"]] == [(0, 1), (1, 2)]


def test_canonical_graph_is_returned_as_is():
    graph = to_node_link(nx.path_graph(6))
    assert canonical_node_link(graph) is graph


@pytest.mark.parametrize("missing_at", [0, 2])
def test_an_edge_without_weight_is_named(tmp_path, missing_at):
    graph = json.loads(json.dumps(HAND_WRITTEN))
    del graph["edges"][missing_at]["weight"]
    path = tmp_path / "bad.jsonl"
    _write(path, to_node_link(nx.path_graph(3)), graph)
    with pytest.raises(UserError) as err:
        read_jsonl(path)
    message = str(err.value)
    edge = graph["edges"][missing_at]
    assert message.startswith(f"{path}:2: ")
    assert f"edge ({edge['source']}, {edge['target']})" in message and "'weight'" in message
    assert "\n" not in message


@pytest.mark.parametrize("graph,words", [
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 1}, {"source": 1, "target": 0}]}, "listed twice"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 5}]}, "(0, 5) names a node"),
    ({"directed": False, "nodes": [{"id": 1}, {"id": 2}], "edges": []}, "0..1"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 0}], "edges": []}, "0..1"),
    ({"directed": False, "nodes": [{"id": "a"}], "edges": []}, "0..0"),
    ({"directed": False, "nodes": [{"name": 0}], "edges": []}, "needs an 'id'"),
    # in id order, but not integers: equal to 0..n-1 under ==, still refused
    ({"directed": False, "nodes": [{"id": False}, {"id": True}], "edges": []}, "0..1"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1.0}], "edges": []}, "0..1"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 1.0}]}, "(0, 1.0) names a node"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": False, "target": 1}]}, "(false, 1) names a node"),
    ({"directed": True, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 1}, {"source": 0, "target": 1}]}, "listed twice"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 1}, {"source": 1, "target": 0}]}, "listed twice"),
    ({"directed": False, "nodes": [{"id": 0}, {"id": 1}], "edges": [{"source": 0}]},
     "needs a 'source' and a 'target'"),
    ({"directed": False, "nodes": [{"id": 0}]}, "not a node-link graph"),
    ({"directed": True, "nodes": [{"id": 0}, {"id": 1}],
      "edges": [{"source": 0, "target": 1, "capacity": 3}, {"source": 1, "target": 0}]},
     "'capacity'"),
])
def test_malformed_graphs_raise_one_line_user_errors(graph, words):
    with pytest.raises(UserError) as err:
        canonical_node_link(graph)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_cli_reports_the_file_and_edge(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    graph = json.loads(json.dumps(HAND_WRITTEN))
    del graph["edges"][1]["weight"]
    _write(tmp_path / "bad.jsonl", graph)
    assert main(["run", "bad.jsonl", "-m", "reference", "-q"]) == 2
    err = capsys.readouterr().err
    assert "graphgauge: error:" in err and "bad.jsonl:1" in err and "edge (2, 0)" in err
