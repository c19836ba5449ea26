"""The serialization paper's baseline as a named encoding preset and as the baseline of the
study's ``paper`` grid."""

from __future__ import annotations

import csv

import networkx as nx
import pytest

from graphgauge.cli import main
from graphgauge.errors import UserError
from graphgauge.graphs import to_node_link
from graphgauge.render.encoding import PRESETS, Encoding
from graphgauge.render.serialize import graph_text
from graphgauge.studies.robustness.study import (
    DEFAULT_ENCODINGS,
    PAPER_ENCODINGS,
    grid_preset,
    study_grid,
)


def test_erdos_preset_is_bfs_edge_list_with_ids_from_one():
    erdos = Encoding.parse("erdos")
    assert erdos == Encoding("edge_list", "bfs", "plain", "offset") == PRESETS["erdos"]
    assert erdos.name == "edge_list+bfs+offset"
    assert Encoding.parse(erdos.name) == erdos  # stored results use the canonical name


@pytest.mark.parametrize("spec,name", [
    ("erdos+json", "edge_list+bfs+json+offset"),
    ("erdos+sorted", "edge_list+offset"),
    ("erdos+random4", "edge_list+bfs+random4"),
    ("erdos+identity", "edge_list+bfs"),
    ("erdos+adjacency_list", "adjacency_list+bfs+offset"),
])
def test_tokens_after_a_preset_replace_its_parts(spec, name):
    assert Encoding.parse(spec).name == name


@pytest.mark.parametrize("spec,words", [
    ("erdos+bfs+sorted", "two orders"),
    ("erdos+adjacency_matrix", "not supported by adjacency_matrix"),
    ("erdos+sideways", "presets: erdos"),
    ("json+erdos", "unknown encoding token 'erdos'"),
])
def test_bad_preset_specs_are_user_errors(spec, words):
    with pytest.raises(UserError, match=words):
        Encoding.parse(spec)


def _bfs_edges_from_one(graph: nx.Graph) -> list[tuple[int, int]]:
    """Independent reference: BFS from id 0 (label 1), neighbours in id order, a new search
    from the smallest unseen id; each edge listed once, from the end reached first."""
    seen, order = set(), []
    for start in sorted(graph):
        if start in seen:
            continue
        seen.add(start)
        queue = [start]
        while queue:
            u = queue.pop(0)
            order.append(u)
            for v in sorted(graph[u]):
                if v not in seen:
                    seen.add(v)
                    queue.append(v)
    position = {u: i for i, u in enumerate(order)}
    return [(u + 1, v + 1) for u in order for v in sorted(graph[u])
            if position[u] <= position[v]]


def test_erdos_prompt_lists_edges_in_bfs_order_from_node_one():
    graph = nx.disjoint_union(nx.petersen_graph(), nx.path_graph(3))
    text = graph_text(to_node_link(graph), Encoding.parse("erdos"), "p/1")
    head, listed = text.split(" The edges are: ")
    assert head == "Here is an undirected graph with nodes 1..13."
    assert listed == ", ".join(f"({u}, {v})" for u, v in _bfs_edges_from_one(graph)) + "."


def _axes(encoding: Encoding) -> dict[str, object]:
    return {"structure": encoding.structure, "order": encoding.order,
            "syntax": encoding.syntax, "labeling": (encoding.labeling, encoding.seed)}


def test_paper_grid_changes_one_axis_against_the_erdos_baseline():
    encodings, baseline = grid_preset("paper")
    names = study_grid(encodings, baseline, labelings=3)
    assert names[0] == "edge_list+bfs+offset"
    assert names[-3:] == ["edge_list+bfs+random0", "edge_list+bfs+random1",
                          "edge_list+bfs+random2"]
    assert len(names) == len(set(names)) == len(PAPER_ENCODINGS) + 3
    base = _axes(Encoding.parse(baseline))
    for name in names[1:]:
        changed = {k for k, v in _axes(Encoding.parse(name)).items() if v != base[k]}
        if Encoding.parse(name).structure == "adjacency_matrix":
            changed.discard("order")  # a matrix has no edge order
        assert len(changed) == 1, (name, changed)
    assert grid_preset("default") == (DEFAULT_ENCODINGS, "edge_list")
    with pytest.raises(UserError, match="unknown study grid"):
        grid_preset("papers")


def test_robustness_paper_grid_takes_deltas_against_erdos(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = main(["robustness", "spectral", "-m", "reference", "--count", "1", "--grid",
                 "paper", "--labelings", "2", "--tasks", "spectral_radius,graph_energy",
                 "--out", "study", "-q"])
    assert code == 0
    with open(tmp_path / "study" / "reference" / "accuracy_overall.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["baseline"] for row in rows} == {"edge_list+bfs+offset"}
    assert {row["encoding"] for row in rows} >= {"edge_list+bfs+offset",
                                                  "edge_list+bfs+pyg+offset",
                                                  "edge_list+bfs+random*"}
    capsys.readouterr()
    assert main(["robustness", "spectral", "-m", "reference", "--grid", "nope"]) == 2
    assert "unknown study grid" in capsys.readouterr().err
