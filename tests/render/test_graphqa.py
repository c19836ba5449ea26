"""GraphQA's encoders as encodings: the text says what GraphQA's encoders say about the
graph, names compose with orders and tasks, and answers written in the names are read
back to node ids."""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest

from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import to_node_link
from graphgauge.instance import Instance
from graphgauge.models.builtin import ReferenceModel
from graphgauge.registry import generate, render, task_of
from graphgauge.render.encoding import Encoding
from graphgauge.render.graphqa_names import GRAPHQA_ENCODERS, NAME_LISTS, graphqa_names
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store

# how each GraphQA style writes one undirected edge between names a and b
EDGE_PATTERNS = {
    "graphqa": r"\((\w+), (\w+)\)",
    "friendship": r"^(\w+) and (\w+) are friends\.$",
    "coauthorship": r"^(\w+) and (\w+) wrote a paper together\.$",
    "social_network": r"^(\w+) and (\w+) are connected\.$",
    "expert": r"^(\w+) -> (\w+)$",
}


def _instance(graph: nx.Graph, task: str = "shortest_path", **query) -> Instance:
    return Instance(id="t/0", suite="algorithmic", task=task,
                    graphs={"G": to_node_link(graph)}, query=query)


def _read_edges(text: str, encoding: Encoding) -> set[frozenset]:
    """The edges a reader of GraphQA's text would see, as name pairs."""
    if encoding.structure == "adjacency_list":
        edges = set()
        for node, rest in re.findall(r"^Node (\w+) is connected to nodes? (.+)\.$", text, re.M):
            edges |= {frozenset((node, other)) for other in rest.split(", ")}
        return edges
    flags = re.M if encoding.syntax != "graphqa" else 0
    return {frozenset(m) for m in re.findall(EDGE_PATTERNS[encoding.syntax], text, flags)}


@pytest.mark.parametrize("style", sorted(GRAPHQA_ENCODERS))
def test_each_style_writes_the_graph_in_graphqa_words(style):
    encoding = Encoding.parse(GRAPHQA_ENCODERS[style])
    assert Encoding.parse(encoding.name) == encoding
    graph = nx.gnm_random_graph(12, 20, seed=4)
    inst = _instance(graph, source=0, target=5)
    text = render(inst, encoding).text
    names = graphqa_names(encoding.labeling, 12) if encoding.labeling in NAME_LISTS else [
        str(i) for i in range(12)]
    expected = {frozenset((names[u], names[v])) for u, v in graph.edges}
    assert _read_edges(text, encoding) == expected
    assert "among nodes " + ", ".join(names[:-1]) + ", and " + names[-1] + "." in text


def test_names_follow_graphqa_lists_and_stay_distinct_beyond_them():
    assert graphqa_names("popular", 3) == ("James", "Robert", "John")
    assert graphqa_names("got", 2) == ("Ned", "Cat")
    assert graphqa_names("alphabet", 28)[25:] == ("Z", "AA", "BB")
    big = graphqa_names("south_park", 45)
    assert len(set(big)) == 45 and big[20] == "Eric2" and big[43] == "Stan3"
    assert len(set(NAME_LISTS["popular"])) == len(NAME_LISTS["popular"])


@pytest.mark.parametrize("style", sorted(GRAPHQA_ENCODERS))
def test_reference_answers_in_names_score_100_percent(style, tmp_path):
    instances = generate("algorithmic", count=2, seed=1)  # every task, directed ones too
    options = RunOptions(encodings=[GRAPHQA_ENCODERS[style], GRAPHQA_ENCODERS[style]
                                    + "+shuffled"])
    with Store(tmp_path / "s.db") as store:
        run = run_benchmark(instances, ReferenceModel(), store, options, progress=False)
        scores = [json.loads(r.scores) for r in store.items([run.run_id], ("scores",))]
    assert len(scores) == 200 and all(s["accuracy"] == 1.0 for s in scores)


def test_hand_written_answers_in_names_are_read_back_to_ids():
    graph = nx.path_graph(5)  # 0-1-2-3-4
    inst = _instance(graph, source=0, target=3)
    task = task_of(inst)
    inst = Instance(**{**inst.to_dict(), "answer": task.solve(inst)})
    prompt = render(inst, "edge_list+friendship+popular")
    assert prompt.labels[:4] == ("James", "Robert", "John", "Michael")
    read = task.parse("James knows Robert, who knows John, who knows Michael: "
                      "[James, Robert, John, Michael]", inst, prompt.labels)
    assert read.value == [0, 1, 2, 3] and task.check(read.value, inst)
    wrong = task.parse("[James, John, Michael]", inst, prompt.labels)
    assert not task.check(wrong.value, inst)


def test_directed_graphs_in_people_styles_and_pyg_refusing_names():
    digraph = nx.DiGraph([(0, 1), (1, 2)])
    inst = _instance(digraph, task="topological_sort")
    assert "(i,j) means that there is an edge from node i to node j" in render(
        inst, "edge_list+graphqa").text
    assert "Node 0 has edges to node 1." in render(inst, "adjacency_list+graphqa").text
    people = render(inst, "edge_list+friendship+popular").text
    assert "there is an edge from node i to node j" in people and "(James, Robert)" in people
    with pytest.raises(UserError, match="pyg"):
        Encoding.parse("edge_list+pyg+got")
    with pytest.raises(UserError, match="cannot write a adjacency_matrix"):
        Encoding.parse("adjacency_matrix+friendship")
