"""arc prompts (the paper's two encodings, four system prompts) and the tolerant reader
of output graphs: gold outputs read back in both encodings, and messy answers."""

from __future__ import annotations

import networkx as nx
import pytest

from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import from_node_link, to_node_link
from graphgauge.registry import render
from graphgauge.scoring.answers import Prediction
from graphgauge.suites.arc import generate_suite, prompts
from graphgauge.suites.arc.match import same_labelled
from graphgauge.suites.arc.parse import node_link_of, read_answer
from graphgauge.suites.base import REGISTRY

PATH = {"directed": False,
        "nodes": [{"id": i, "color": "blue" if i in (1, 2, 3) else "grey"} for i in range(5)],
        "edges": [{"source": i, "target": i + 1} for i in range(4)]}


def test_encodings_follow_the_paper():
    assert prompts.encode(PATH, "adjacency") == (
        "G describes a graph among nodes 0, 1, 2, 3, 4. The edges in G are: (0,1) (1,2) "
        "(2,3) (3,4). The following nodes are colored: 1 (blue), 2 (blue), 3 (blue).")
    assert prompts.encode(PATH, "incidence") == (
        "G describes a graph among nodes 0, 1, 2, 3, 4. In this graph: Node 0 is connected "
        "to nodes 1. Node 1 is connected to nodes 0, 2. Node 2 is connected to nodes 1, 3. "
        "Node 3 is connected to nodes 2, 4. Node 4 is connected to nodes 3. The following "
        "nodes are colored: 1 (blue), 2 (blue), 3 (blue).")


@pytest.fixture(scope="module")
def bench():
    return generate_suite(["colorDegree2", "removeDegree1", "addHub.q", "colorNeighbors.q"],
                          count=3, seed=4, nodes=None, options={}, progress=False)


def test_prompts_hold_examples_test_and_system_prompt(bench):
    full = next(i for i in bench if i.task == "colorDegree2")
    prompt = render(full, "adjacency_list", "system:programmer")
    assert prompt.system == prompts.SYSTEM_PROMPTS["programmer"]
    assert prompt.encoding == "adjacency_list" and prompt.variant == "system:programmer"
    assert prompt.text.count("Input: G describes") == full.query["examples"]
    assert "Test input: " + prompts.encode(full.graphs["G"], "incidence") in prompt.text
    assert prompts.encode(full.answer, "incidence") not in prompt.text  # no gold leak
    assert render(full, "edge_list", "original").system is None
    question = next(i for i in bench if i.task == "addHub.q")
    assert "Question: " in render(question, "edge_list").text


@pytest.mark.parametrize(("encoding", "variant"), [
    ("adjacency_matrix", "original"), ("edge_list+json", "original"),
    ("edge_list+random2", "original"), ("edge_list", "rephrase"), ("edge_list", "system:boss"),
])
def test_unsupported_encodings_and_variants_are_user_errors(bench, encoding, variant):
    with pytest.raises(UserError):
        render(bench[0], encoding, variant)


def test_every_gold_output_reads_back_in_both_encodings(bench):
    task = REGISTRY["arc"]["colorDegree2"]
    golds = [i.answer for i in bench if i.query["mode"] == "full"]
    empty = nx.empty_graph(5)
    nx.set_node_attributes(empty, "grey", "color")
    golds.append(to_node_link(empty))
    for gold in golds:
        for style in ("adjacency", "incidence"):
            for text in (prompts.encode(gold, style), task.answer.format(gold, style=style)):
                graph = read_graph(text)
                assert same_labelled(graph, from_node_link(gold)), (style, text)


def _full(bench, name):
    inst = next(i for i in bench if i.task == name)
    return REGISTRY["arc"][name], inst


def read_graph(text):
    reading = read_answer(text)
    return None if reading is None else from_node_link(node_link_of(reading))


MESSY = [
    "Let me think. Degree-2 nodes: (1,2) ... so\n<answer>\n  {graph}  \n</answer>\nDone.",
    "<think>draft: G describes a graph among nodes 0, 1. The edges in G are: (0,1).</think>"
    "Here is the output:\n```text\n{graph}\n```",
    "The transformed graph is:\n\n{graph}\n\nI coloured every node of degree 2.",
    "<answer>{graph}",  # unclosed tag (truncated output)
]


@pytest.mark.parametrize("wrapper", MESSY)
@pytest.mark.parametrize("style", ["adjacency", "incidence"])
def test_messy_answers_score_right(bench, wrapper, style):
    task, inst = _full(bench, "colorDegree2")
    text = wrapper.format(graph=prompts.encode(inst.answer, style))
    assert task.score(task.parse(text, inst), inst)["accuracy"] == 1.0


def test_other_spellings_of_colours_and_edges():
    text = ("Output graph\n- nodes: 0, 1, 2, 3, 4\n- edges: [0, 1], [1, 2], [3, 4]\n"
            "- Blue nodes: 1 and 3\n- node 4 is colored red\n- 0: green")
    graph = read_graph(text)
    assert sorted(graph) == [0, 1, 2, 3, 4]
    assert sorted(graph.edges) == [(0, 1), (1, 2), (3, 4)]
    assert dict(graph.nodes(data="color")) == {0: "green", 1: "blue", 2: "grey", 3: "blue",
                                               4: "red"}


def test_renumbered_nodes_count_only_where_the_rule_does_not_keep_ids(bench):
    task, inst = _full(bench, "removeDegree1")
    gold = from_node_link(inst.answer)
    shift = nx.relabel_nodes(gold, {v: (v + 3) % len(gold) for v in gold})
    text = prompts.encode(to_node_link(shift), "adjacency")
    assert task.score(task.parse(text, inst), inst)["accuracy"] == 1.0
    task, inst = _full(bench, "colorDegree2")
    gold = from_node_link(inst.answer)
    shift = nx.relabel_nodes(gold, {v: (v + 1) % len(gold) for v in gold})
    text = prompts.encode(to_node_link(shift), "adjacency")
    assert task.score(task.parse(text, inst), inst)["accuracy"] == 0.0


def test_wrong_and_unparsable_answers_are_told_apart(bench):
    task, inst = _full(bench, "colorDegree2")
    wrong = prompts.encode(inst.graphs["G"], "adjacency")  # the input, untransformed
    prediction = task.parse(wrong, inst)
    assert prediction.ok and task.score(prediction, inst)["accuracy"] == 0.0
    for text in ("I cannot determine the rule.", "", None):
        prediction = task.parse(text, inst)
        assert prediction == Prediction.failed("no graph found in the answer")
        assert task.score(prediction, inst) == {"accuracy": 0.0}


def test_paper_failure_case_reads_only_the_nodes_it_names():
    graph = read_graph("I can't share step-by-step reasoning. <answer>G describes a graph "
                       "among nodes 4, 11.</answer>")
    assert sorted(graph) == [4, 11] and graph.number_of_edges() == 0


def test_question_answers(bench):
    inst = next(i for i in bench if i.task == "colorNeighbors.q")
    task = REGISTRY["arc"]["colorNeighbors.q"]
    right = task.answer.format(inst.answer)
    assert task.score(task.parse(right, inst), inst)["accuracy"] == 1.0
    assert not task.parse("no idea", inst).ok
    assert task.answer.parse_color("Node 3 turns <answer> Blue </answer>").value == "blue"
    assert task.answer.parse_color("It stays gray.").value == "grey"
    assert not task.answer.parse_color("It changes.").ok


def test_colour_less_lists_read_with_the_colour_the_task_paints():
    """"The following nodes are colored: 1, 2" names no colour: each node takes its
    colour in the test input, else the one colour the examples paint; with several
    painted colours the answer is unread rather than guessed."""
    bench = generate_suite(["colorNeighbors", "bipartitionCompletion", "blueSubgraph"],
                           count=2, seed=9, nodes=None, options={"modes": ["full"]},
                           progress=False)
    seen = set()
    for inst in bench:
        task = REGISTRY["arc"][inst.task]
        gold = inst.answer
        pairs = " ".join(f"({e['source']},{e['target']})" for e in gold["edges"])
        ids = ", ".join(str(n["id"]) for n in gold["nodes"])
        coloured = ", ".join(str(n["id"]) for n in gold["nodes"] if n["color"] != "grey")
        text = (f"G describes a graph among nodes {ids}. The edges in G are: {pairs}. "
                f"The following nodes are colored: {coloured}.")
        prediction = task.parse(text, inst)
        if inst.task == "bipartitionCompletion":  # blue and red: no single colour
            assert not prediction.ok
        else:
            assert task.score(prediction, inst)["accuracy"] == 1.0, inst.id
        seen.add(inst.task)
    assert seen == {"colorNeighbors", "bipartitionCompletion", "blueSubgraph"}


def test_a_reader_failure_is_recorded_as_no_answer(bench, monkeypatch):
    from graphgauge.suites.arc import tasks

    def broken(text, context=None):
        raise RuntimeError("boom")

    monkeypatch.setattr(tasks, "read_answer", broken)
    task, inst = _full(bench, "colorDegree2")
    prediction = task.parse(prompts.encode(inst.answer, "adjacency"), inst)
    assert not prediction.ok and prediction.error == "reader failed: RuntimeError"


def _colours(text, paint="blue"):
    from graphgauge.suites.arc.parse import Context

    found = read_answer(text, Context(paint=paint))
    if found is None:
        return None
    link = node_link_of(found)
    return {n["id"]: n["color"] for n in link["nodes"] if n["color"] != "grey"}, \
        sorted((e["source"], e["target"]) for e in link["edges"])


def test_lists_pointing_at_colours_and_repeated_node_words():
    colours, _ = _colours("Edges: 0-1, 2-3, 4-5\n* 0 and 1 -> green\n* [2, 3] => orange\n"
                          "* 4, 5 → red")
    assert colours == {0: "green", 1: "green", 2: "orange", 3: "orange", 4: "red", 5: "red"}
    colours, _ = _colours("Edges (0,1) (1,2) (2,3). Node 3, node 0 and node 2 are red; "
                          "node 1 and node 4 stay blue.")
    assert colours == {0: "red", 2: "red", 3: "red", 1: "blue", 4: "blue"}
    # a range before the repeated word is a node list of its own, not part of the colour list
    colours, _ = _colours("Nodes 0-6, node 4 is blue. Edges: (0,1) (5,6).")
    assert colours == {4: "blue"}


def test_explanations_after_the_graph_are_not_part_of_it():
    text = ("Output: nodes 1, 2, 5; edges 1-2, 2-5; node 5 is blue.\n"
            "Explanation: node 3 had degree 1, so edges 3-4 and 1-3 went, and node 4 "
            "would have turned blue if it had stayed.")
    colours, edges = _colours(text)
    assert colours == {5: "blue"} and edges == [(1, 2), (2, 5)]
    text = ("Edges: (0,1) (1,2). Node 1 is blue; if node 0 had two neighbours it would be "
            "blue as well.")
    assert _colours(text)[0] == {1: "blue"}


def test_a_guessed_or_doubled_graph_is_no_answer():
    graph = "G describes a graph among nodes 0, 1, 2. The edges in G are: (0,1) (1,2)."
    assert _colours(f"I'm not sure about the rule, perhaps: {graph} The following nodes "
                    "are colored: 1 (blue).") is None
    two = (f"{graph} The following nodes are colored: 0 (blue).\n\n{graph} The following "
           "nodes are colored: 2 (blue).")
    assert _colours(two) is None
    # the same graph twice, or an echoed input then the output, is one answer
    assert _colours(two.replace("2 (blue)", "0 (blue)"))[0] == {0: "blue"}
    echoed = "In the test input, " + two.replace("\n\n", "\nAfter the rule, ")
    assert _colours(echoed)[0] == {2: "blue"}
    labelled = "Test input: " + two.replace("\n\n", "\n\nOutput: ")  # an echo, then the answer
    assert _colours(labelled)[0] == {2: "blue"}


def test_terse_colour_forms_hubs_and_labelled_spaced_edges():
    colours, _ = _colours("Edges: 0-1, 1-2, 2-3\nColoured: 1 red; 0, 2 and 3 orange", paint=None)
    assert colours == {1: "red", 0: "orange", 2: "orange", 3: "orange"}
    assert _colours("result: nodes 0,1,5 | edges 0-1 1-5 | node 5 red", paint=None)[0] == \
        {5: "red"}
    colours, edges = _colours("Output: edges (0,1), (1,2), and node 3 is connected to all "
                              "other nodes; node 3 is blue.")
    assert edges == [(0, 1), (0, 3), (1, 2), (1, 3), (2, 3)]
    _, edges = _colours("Edges in the output graph:\n2 4\n4 5\nNo node is coloured.")
    assert edges == [(2, 4), (4, 5)]


def test_text_after_the_papers_colour_sentence_explains_the_graph():
    graph = ("G describes a graph among nodes 0, 1, 2, 3. The edges in G are: (0,1) (2,3). "
             "The following nodes are colored: 0 (blue).")
    _, edges = _colours(graph + "\nIt dropped (1,2) and (1,3) because node 1 was a hub.")
    assert edges == [(0, 1), (2, 3)]
    # a correction after it still counts
    colours, _ = _colours(graph + "\nWait, node 3 is blue too.")
    assert colours == {0: "blue", 3: "blue"}


def test_sets_and_lists_pointing_at_colours_anywhere():
    colours, _ = _colours("Edges: (0,1) (2,3). Part {0, 1} => red and part [2, 3] → green.",
                          paint=None)
    assert colours == {0: "red", 1: "red", 2: "green", 3: "green"}
    colours, _ = _colours("Edges: 1-2, 2-3\nnodes 1, 3: blue\nnode 2: orange")
    assert colours == {1: "blue", 3: "blue", 2: "orange"}


def test_a_labelled_line_pointing_at_a_colour():
    colours, _ = _colours("Edges: 0-1, 1-2, 2-3\nEndpoints: 0, 3 -> blue")
    assert colours == {0: "blue", 3: "blue"}


def test_annotated_sets_and_verbless_colours_before_a_note():
    colours, _ = _colours("Edges: 0-1, 2-3\n- [0, 1] (first part): orange\n- {2, 3}: red",
                          paint=None)
    assert colours == {0: "orange", 1: "orange", 2: "red", 3: "red"}
    colours, _ = _colours("nodes 0, 1, 2; edges 0-1, 1-2; node 2 green (the new hub).",
                          paint=None)
    assert colours == {2: "green"}
