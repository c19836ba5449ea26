"""NLGraph import: every question of the shared test split parses, graphgauge's gold is
checked against NLGraph's, and both the reference model and NLGraph's own gold texts score
100% through the runner with verification."""

from __future__ import annotations

import json
import re
from collections import Counter

import networkx as nx
import pytest
from rich.console import Console

from graphgauge.cli import main
from graphgauge.datasets import data_root
from graphgauge.errors import UserError
from graphgauge.instance import read_jsonl
from graphgauge.models.base import LocalModel
from graphgauge.models.builtin import ReferenceModel
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.imported import nlgraph_report as suite_report

DATA = data_root() / "nlgraph"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="NLGraph split not in ../shared/data")

# question counts of NLGraph's test split (its README's table)
COUNTS = {"connectivity": 371, "cycle": 191, "topology": 135, "shortest_path": 64,
          "flow": 58, "matching": 84, "hamilton": 58, "gnn": 39}


@pytest.fixture(scope="module")
def imported():
    from graphgauge.importers.nlgraph import read_nlgraph

    return read_nlgraph(DATA)


class EchoSourceGold(LocalModel):
    """Answers with NLGraph's own gold answer text, as written."""

    name = "echo-nlgraph-gold"

    def answer(self, request):
        return request.instance.meta["source_text"]


def _scores(store: Store, run_id: str) -> list[dict]:
    return [json.loads(row.scores) for row in store.items([run_id], ("scores",))]


@needs_data
def test_every_question_of_every_task_is_parsed(imported):
    assert Counter(i.task for i in imported) == COUNTS
    raw = sum(len(json.loads(p.read_text())) for p in DATA.glob("*/test.json"))
    assert len(imported) == raw == 1000
    assert all(i.meta["source_gold_verified"] for i in imported)


@needs_data
def test_graphs_match_the_question_text(imported):
    """Spot checks against the question strings themselves."""
    by_id = {i.id: i for i in imported}
    flow = by_id["nlgraph/flow/test-0"]
    assert flow.graph.is_directed() and flow.graph.number_of_nodes() == 7
    assert flow.graph.edges[2, 5]["capacity"] == 10 and flow.query == {"source": 2, "sink": 3}
    assert flow.answer == 5
    path = by_id["nlgraph/shortest_path/test-0"]
    assert path.graph.edges[0, 12]["weight"] == 5 and path.graph.number_of_edges() == 21
    match = by_id["nlgraph/matching/test-0"]
    assert match.query == {"applicants": 7, "jobs": 5}
    assert match.graph.has_edge(0, 7 + 2) and not match.graph.has_edge(0, 7 + 1)
    gnn = by_id["nlgraph/gnn/test-0"]
    assert gnn.graph.nodes[6]["embedding"] == [1, 1]
    assert dict((n, v) for n, v in gnn.answer)[3] == [10, 3]


@needs_data
def test_gold_agrees_with_independent_solvers(imported):
    """Recomputed without the tasks' solvers: union-find reachability, Bellman-Ford path
    weights, Edmonds-Karp flow, matching size by max-weight matching."""
    for inst in imported:
        g, q = inst.graph, inst.query
        if inst.task == "connectivity":
            parent = list(range(len(g)))

            def root(v, parent=parent):
                while parent[v] != v:
                    v = parent[v]
                return v

            for u, v in g.edges:
                parent[root(u)] = root(v)
            assert inst.answer == (root(q["source"]) == root(q["target"]))
        elif inst.task == "shortest_path":
            best = nx.bellman_ford_path_length(g, q["source"], q["target"])
            assert nx.path_weight(g, inst.answer, "weight") == best
        elif inst.task == "flow":
            cut = nx.algorithms.flow.edmonds_karp(g, q["source"], q["sink"]).graph["flow_value"]
            assert inst.answer == cut
        elif inst.task == "matching":
            assert len(inst.answer) == len(nx.max_weight_matching(g, maxcardinality=True))
        elif inst.task == "cycle":
            assert inst.answer == (len(nx.cycle_basis(g)) > 0)


@needs_data
def test_reference_and_nlgraph_gold_texts_score_100_percent(imported, tmp_path):
    with Store(tmp_path / "r.db") as store:
        for model in (ReferenceModel(), EchoSourceGold()):
            result = run_benchmark(imported, model, store, RunOptions(), progress=False)
            scores = _scores(store, result.run_id)
            assert len(scores) == 1000
            assert all(s["accuracy"] == 1.0 for s in scores), model.name
            exact = [s["nlgraph_exact"] for s in scores]
            if model.name == "reference":
                # graphgauge's gold is another correct answer where NLGraph has a choice
                assert 0 < sum(exact) < 1000
            else:
                assert all(exact)
        console = Console(record=True, width=120)
        suite_report(store, None, console)
    table = console.export_text()
    # hamilton: NLGraph's path equals graphgauge's in 1 of 58 questions (1.7%)
    assert re.search(r"reference\s*│\s*hamilton\s*│\s*58\s*│\s*100\.0\s*│\s*1\.7", table)
    # NLGraph's own difficulty labels: 258 easy questions, exact match on 68.2% of them
    assert re.search(r"reference\s*│\s*easy\s*│\s*258\s*│\s*100\.0\s*│\s*68\.2", table)
    assert re.search(r"echo-nlgraph-gold\s*│\s*topology\s*│\s*135\s*│\s*100\.0\s*│\s*100\.0",
                     table)


@needs_data
def test_verification_accepts_what_exact_match_rejects(imported):
    """A different shortest path / topological order is correct but not NLGraph-exact."""
    from graphgauge.registry import task_of
    from graphgauge.scoring.answers import Prediction

    topo = next(i for i in imported if i.task == "topology" and i.answer != i.meta["source_gold"])
    scores = task_of(topo).score(Prediction(value=topo.answer), topo)
    assert scores == {"accuracy": 1.0, "nlgraph_exact": 0.0}
    wrong = list(reversed(topo.answer))
    assert task_of(topo).score(Prediction(value=wrong), topo)["accuracy"] == 0.0


@needs_data
def test_renders_in_other_encodings_and_reads_back_relabeled_answers(imported, tmp_path):
    """The study's default grid, GraphQA's styles and two relabelings."""
    from graphgauge.render.graphqa_names import GRAPHQA_ENCODERS
    from graphgauge.studies.robustness.study import DEFAULT_ENCODINGS

    subset = [i for i in imported if i.meta["source_id"] in ("0", "1")]
    assert len(subset) == 16
    grid = [*DEFAULT_ENCODINGS, *GRAPHQA_ENCODERS.values(), "adjacency_list+json+random3",
            "incidence_list+alpha"]
    with Store(tmp_path / "e.db") as store:
        result = run_benchmark(subset, ReferenceModel(), store, RunOptions(encodings=grid),
                               progress=False)
        rows = list(store.items([result.run_id], ("prompt", "scores", "encoding")))
    assert len(rows) == 16 * len(grid)
    assert all(json.loads(r.scores)["accuracy"] == 1.0 for r in rows)
    gnn_alpha = next(r.prompt for r in rows if "embedding" in r.prompt
                     and r.encoding == "incidence_list+alpha")
    assert "node A: [" in gnn_alpha


@needs_data
def test_cli_import_writes_a_runnable_benchmark(tmp_path, capsys):
    out = tmp_path / "nl.jsonl"
    assert main(["import", "nlgraph", str(DATA / "flow"), "-o", str(out)]) == 0
    assert "58 instances" in capsys.readouterr().out
    assert [i.task for i in read_jsonl(out)] == ["flow"] * 58
    assert main(["run", str(out), "-m", "reference", "-q", "-s", str(tmp_path / "x.db")]) == 0


def test_unreadable_questions_are_one_line_errors(tmp_path):
    from graphgauge.importers.nlgraph import read_nlgraph

    folder = tmp_path / "flow"
    folder.mkdir()
    (folder / "test.json").write_text(json.dumps(
        {"7": {"question": "In a directed graph, Q: What is the maximum flow?", "answer": "1"}}))
    with pytest.raises(UserError, match=r"item 7: cannot read the flow question \(no query\)"):
        read_nlgraph(tmp_path)
    (folder / "test.json").write_text("{not json")
    with pytest.raises(UserError, match="not valid JSON"):
        read_nlgraph(tmp_path)
    with pytest.raises(UserError, match="no NLGraph <task>/main.json"):
        read_nlgraph(tmp_path, split="main")
    assert main(["import", "nlgraph", str(tmp_path / "nowhere"), "-o", "x.jsonl"]) == 2


def test_main_split_gold_numbering_jobs_by_node_is_read(tmp_path):
    """NLGraph's main.json writes a matching gold's jobs as node ids (applicants + job):
    "applicant 0: job 5" with 4 applicants and 2 jobs means job 1."""
    from graphgauge.importers.nlgraph import read_nlgraph

    question = (
        "There are 4 job applicants numbered from 0 to 3, and 2 jobs numbered from 0 to 1. "
        "Each applicant is interested in some of the jobs. Each job can only accept one "
        "applicant and a job applicant can be appointed for only one job.\n"
        "Applicant 0 is interested in job 1.\nApplicant 0 is interested in job 0.\n"
        "Applicant 1 is interested in job 0.\nApplicant 2 is interested in job 0.\n"
        "Q: Find an assignment of jobs to applicants in such that the maximum number of "
        "applicants find the job they are interested in.\nA:")
    folder = tmp_path / "matching"
    folder.mkdir()
    (folder / "main.json").write_text(json.dumps({
        "0": {"question": question, "difficulty": "easy", "answer":
              "applicant 0: job 5\napplicant 1: job 4\n2 applicants can find the job they "
              "are interested in."},
        "1": {"question": question, "difficulty": "easy", "answer":
              "applicant 0: job 1\napplicant 2: job 0\n2 applicants can find the job they "
              "are interested in."}}))
    by_node, by_job = read_nlgraph(tmp_path, split="main")
    assert by_node.meta["source_gold"] == [[0, 5], [1, 4]] and by_node.id.endswith("main-0")
    assert by_job.meta["source_gold"] == [[0, 5], [2, 4]]
    assert by_node.meta["source_gold_verified"] and by_job.meta["source_gold_verified"]


# Two items of NLGraph's main split, verbatim
MAIN_CONNECTIVITY = {"question": (
    "Determine if there is a path between two nodes in the graph. Note that (i,j) means that "
    "node i and node j are connected with an undirected edge.\nGraph: (0,4) (1,4) (2,4)\n"
    "Q: Is there a path between node 1 and node 3?\nA:"),
    "answer": "The answer is no.", "difficulty": "easy"}
MAIN_CYCLE = {"question": (
    "In an undirected graph, (i,j) means that node i and node j are connected with an "
    "undirected edge.\nThe nodes are numbered from 0 to 4, and the edges are: (4,0) (3,1) "
    "(0,1) (4,2)\nQ: Is there a cycle in this graph?\nA:"),
    "answer": "No, there is no cycle in this graph.", "difficulty": "easy"}


@pytest.mark.parametrize(("item", "text", "accuracy"), [
    (MAIN_CONNECTIVITY, "Node 1 is connected to node 4 only, and node 3 has no edge. "
                        "There is no path between node 1 and node 3.", 1.0),
    (MAIN_CONNECTIVITY, "Node 1 -> node 4 -> node 3, so there is a path.", 0.0),
    (MAIN_CYCLE, "Starting from node 4 we visit 0, 1, 3 and 2 without returning, so "
                 "there is no cycle in this graph.", 1.0),
    (MAIN_CYCLE, "We can find a cycle: 4-0-1-4. So, there is a cycle in this graph.", 0.0),
])
def test_nlgraph_style_statements_are_read(item, text, accuracy):
    """NLGraph's chain-of-thought answers end by stating the finding ("so there is no
    cycle in this graph") without a yes or no: read as the bool they state."""
    from graphgauge.importers.nlgraph import question_to_instance
    from graphgauge.runner import score_response

    task = "connectivity" if item is MAIN_CONNECTIVITY else "cycle"
    inst = question_to_instance(task, "0", item, "main")
    assert inst.answer is False and inst.meta["source_gold_verified"]
    _, parsed, _, score = score_response(text, inst)
    assert (parsed, score) == (1, accuracy)


FLOW_HEAD = ("In a directed graph, the nodes are numbered from 0 to 2, and the edges are:\n"
             "an edge from node 0 to node 1 with capacity 2.\nQ: What is the maximum flow "
             "from node {} to node {}?\nA:")


@pytest.mark.parametrize(("task", "item", "message"), [
    ("cycle", {"question": 5, "answer": "Yes"}, "'question' and 'answer' must be text"),
    ("cycle", {"question": MAIN_CYCLE["question"], "answer": None},
     "'question' and 'answer' must be text"),
    ("flow", {"question": FLOW_HEAD.format(0, 7), "answer": "0"},
     r"cannot read the flow question \(node 7 outside the stated range 0..2\)"),
    ("flow", {"question": FLOW_HEAD.format(0, 0), "answer": "0"},
     r"cannot read the flow question \(an answer: graphgauge's reference solver failed"),
    ("topology", {"question": "In a directed graph with 3 nodes numbered from 0 to 2:\nnode 0 "
                  "should be visited before node 1\nnode 1 should be visited before node 0\n"
                  "Q: Can all the nodes be visited? Give the solution.\nA:",
                  "answer": "The solution is: 0,1,2."},
     r"cannot read the topology question \(an answer: graphgauge's reference solver failed"),
])
def test_malformed_items_are_one_line_errors(tmp_path, task, item, message):
    from graphgauge.importers.nlgraph import read_nlgraph

    folder = tmp_path / task
    folder.mkdir()
    (folder / "test.json").write_text(json.dumps({"3": item}))
    with pytest.raises(UserError, match=rf"item 3: {message}") as info:
        read_nlgraph(tmp_path)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("text", "accuracy"), [
    ("The maximum flow from node 0 to node 1 is 2.", 1.0),
    ("The maximum flow is 2 units (from node 0 to node 1).", 1.0),
    ("Only the edge 0 -> 1 carries flow, so the max flow is 2 (node 0 to node 1).", 1.0),
    ("The maximum flow is 1 unit, from node 0 to node 1.", 0.0),
    ("2", 1.0),
])
def test_flow_value_is_the_number_stated_as_the_flow(text, accuracy):
    """NLGraph-style flow answers name both nodes; the flow is the number the answer
    states as the maximum flow, not the last node id mentioned."""
    from graphgauge.importers.nlgraph import question_to_instance
    from graphgauge.runner import score_response

    inst = question_to_instance("flow", "0", {"question": FLOW_HEAD.format(0, 1),
                                              "answer": "The maximum flow is 2."}, "test")
    assert inst.answer == 2
    assert score_response(text, inst)[3] == accuracy


def test_a_stated_finding_is_looked_for_only_in_text_saying_there():
    import random

    from graphgauge.instance import Instance
    from graphgauge.registry import get_task

    graph = {"directed": False, "nodes": [{"id": i} for i in range(6)], "edges": []}
    instance = Instance(id="nlgraph/cycle/0", suite="nlgraph", task="cycle",
                        graphs={"G": graph}, query={}, answer=None, meta={})
    cycle = get_task("nlgraph", "cycle")
    assert cycle.parse("Checking each node ... so there is no cycle in this graph",
                       instance).value is False
    assert cycle.parse("Node 1 links node 2. THERE IS A CYCLE here", instance).value is True
    rng = random.Random(3)
    pieces = ["there is", "There exists", "THERE", "is", "exists", " a", " an", " no", " not any",
              " cycle", " path", "\n", " ", ".", "so ", "node 3", "ther", "e"]
    pattern = re.compile(r"\bthere\s+(?:is|exists)\s+(a|an|no|not\s+an?|not\s+any)\s+cycle\b",
                         re.I)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        if pattern.search(text):
            assert "there" in text.lower(), text
