"""GraphWalks import from JSONL and Parquet rows written here in the benchmark's layout:
the graph is read out of the prompt, the gold recomputed, and answers scored by
verification with GraphWalks' F1 beside it."""

from __future__ import annotations

import hashlib
import json
import re
from collections import deque

import numpy as np
import pytest

from graphgauge.cli import main
from graphgauge.errors import UserError
from graphgauge.importers.graphwalks import read_graphwalks
from graphgauge.models.base import LocalModel
from graphgauge.models.builtin import ReferenceModel
from graphgauge.registry import task_of
from graphgauge.render.prompt import encoding_of, labels_for
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store

HEAD = (
    "You will be given a graph as a list of directed edges. All nodes are at least degree 1. "
    "You will also get a description of an operation to perform on the graph.\n"
    "Your job is to execute the operation on the graph and return the set of nodes that the "
    "operation results in. If asked for a breadth-first search (BFS), only return the nodes "
    "that are reachable at that depth, do not return the starting node. If asked for the "
    "parents of a node, only return the nodes that have an edge leading to the given node, "
    "do not return the given node itself.\n\nHere is an example:\n<begin example>\n\n"
    "The graph has the following edges:\nuvwx -> alke\nabcd -> uvwx\nabcd -> efgh\n"
    "efgh -> uvwx\n\nExample 1:\nOperation:\nPerform a BFS from node abcd with depth 1.\n"
    "Final Answer: [uvwx, efgh]\n\n<end example>\n\nHere is the graph to operate on:\n"
    "The graph has the following edges:\n"
)


def _name(i: int) -> str:
    return hashlib.md5(str(i).encode()).hexdigest()[:10]


def _layer(edges, start, depth):
    """Plain-deque BFS: names at exactly ``depth`` hops."""
    out: dict[str, list[str]] = {}
    for u, v in edges:
        out.setdefault(u, []).append(v)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in out.get(u, []):
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return [v for v, d in dist.items() if d == depth]


def make_rows(count: int = 12, seed: int = 0) -> list[dict]:
    rng = np.random.default_rng(seed)
    rows = []
    for k in range(count):
        n = int(rng.integers(8, 20))
        names = [_name(1000 * k + i) for i in range(n)]
        edges = [(names[int(rng.integers(n))], names[int(rng.integers(n))])
                 for _ in range(3 * n)]  # repeats and self-loops, as in GraphWalks
        start = edges[0][0]
        if k % 2:
            depth = int(rng.integers(1, 3))
            op, answer = f"Perform a BFS from node {start} with depth {depth}.", _layer(
                edges, start, depth)
        else:
            op = f"Find the parents of node {start}."
            answer = sorted({u for u, v in edges if v == start and u != start})
        prompt = (HEAD + "\n".join(f"{u} -> {v}" for u, v in edges)
                  + f"\n\nOperation:\n{op}\n\nYou should immediately return the set of nodes "
                  "that the operation results in, with no additional text. Return your final "
                  "answer as a list of nodes in the very last line of your response. For "
                  "example, if the operation returns the set of nodes [node1, node2], the last "
                  "line of your response should be `Final Answer: [node1, node2]`.\n")
        rows.append({"prompt": prompt, "answer_nodes": answer,
                     "problem_type": "bfs" if k % 2 else "parents", "prompt_chars": len(prompt)})
    return rows


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "gw.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in make_rows()))
    return path


class EchoPublished(LocalModel):
    """Answers with GraphWalks' published nodes in its own "Final Answer: [...]" line."""

    name = "echo-graphwalks"

    def answer(self, request):
        names = request.instance.meta["node_names"]
        nodes = [names[i] for i in request.instance.meta["source_gold"]]
        return "Thinking...\nFinal Answer: [" + ", ".join(nodes) + "]"


def test_graph_and_gold_come_from_the_prompt(jsonl):
    instances = read_graphwalks(jsonl)
    rows = make_rows()
    assert [i.task for i in instances] == [r["problem_type"] for r in rows]
    for inst, row in zip(instances, rows, strict=True):
        names = inst.meta["node_names"]
        assert "uvwx" not in names and "abcd" not in names  # the example is not the graph
        assert sorted(names[v] for v in inst.answer) == sorted(row["answer_nodes"])
        assert inst.meta["source_gold_verified"]
        assert inst.graph.is_directed()


def test_reference_and_published_answers_score_100_percent(jsonl, tmp_path):
    """In plain ids, in GraphWalks' own names (native) and in its "a -> b" lines."""
    instances = read_graphwalks(jsonl)
    options = RunOptions(encodings=["edge_list", "edge_list+native", "edge_list+expert+native"])
    with Store(tmp_path / "g.db") as store:
        for model in (ReferenceModel(), EchoPublished()):
            run = run_benchmark(instances, model, store, options, progress=False)
            rows = list(store.items([run.run_id], ("scores", "prompt", "encoding")))
            scores = [json.loads(r["scores"]) for r in rows]
            assert scores == [{"accuracy": 1.0, "graphwalks_f1": 1.0}] * 3 * len(instances)
    native = next(r["prompt"] for r in rows if r["encoding"] == "edge_list+expert+native")
    assert re.search(r"^[0-9a-f]{10} -> [0-9a-f]{10}$", native, re.M)


def _score(inst, text, encoding="edge_list"):
    from graphgauge.render.prompt import asked_for
    from graphgauge.runner import score_response

    _, _, scores, _ = score_response(text, inst, asked_for(inst, encoding))
    return json.loads(scores)


def test_partial_answers_get_f1_but_no_accuracy(jsonl):
    inst = next(i for i in read_graphwalks(jsonl) if len(i.answer) >= 2)
    names = inst.meta["node_names"]
    half = inst.answer[: len(inst.answer) // 2]
    scores = _score(inst, "Final Answer: [" + ", ".join(names[v] for v in half) + "]")
    recall = len(half) / len(inst.answer)
    assert scores["accuracy"] == 0.0
    assert scores["graphwalks_f1"] == pytest.approx(2 * recall / (1 + recall))


def test_graphwalks_f1_reads_the_answer_as_graphwalks_does(jsonl):
    """GraphWalks' grader reads only a "Final Answer: [...]" on the response's last line
    (anything else scores 0); graphgauge's accuracy reads the answer wherever it is."""
    inst = next(i for i in read_graphwalks(jsonl) if len(i.answer) >= 2)
    names = inst.meta["node_names"]
    hex_list = "[" + ", ".join(names[v] for v in inst.answer) + "]"
    ids = "[" + ", ".join(map(str, inst.answer)) + "]"
    assert _score(inst, f"Walking the edges...\nFinal Answer: {hex_list}\n") == {
        "accuracy": 1.0, "graphwalks_f1": 1.0}
    assert _score(inst, f"Final Answer: {hex_list}\n\nLet me know if you need more.") == {
        "accuracy": 1.0, "graphwalks_f1": 0.0}
    assert _score(inst, f"The parents are {hex_list}.") == {"accuracy": 1.0,
                                                             "graphwalks_f1": 0.0}
    quoted = "[" + ", ".join(f"'{names[v]}'" for v in inst.answer) + "]"
    assert _score(inst, f"Final Answer:  {quoted}")["graphwalks_f1"] == 1.0
    # the prompt showed ids (edge_list) or other names: the last line is read in them
    assert _score(inst, f"Final Answer: {ids}") == {"accuracy": 1.0, "graphwalks_f1": 1.0}
    got = _score(inst, "Final Answer: [" + ", ".join(
        labels_for(inst, encoding_of("edge_list+friendship+got"))[v] for v in inst.answer)
        + "]", "edge_list+friendship+got")
    assert got == {"accuracy": 1.0, "graphwalks_f1": 1.0}
    # a node that is not in the graph counts against the answer, as in GraphWalks
    f1 = _score(inst, f"Final Answer: {hex_list[:-1]}, ffffffffff]")["graphwalks_f1"]
    k = len(inst.answer)
    assert f1 == pytest.approx(2 * (k / (k + 1)) / (k / (k + 1) + 1))


def test_a_wrong_published_answer_is_flagged_and_verification_wins(tmp_path):
    row = make_rows(1)[0]  # a parents question
    node = row["prompt"].split("Find the parents of node ")[1].split(".")[0]
    row["answer_nodes"] = [*row["answer_nodes"], node]  # the node itself: a known slip
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(row) + "\n")
    inst = read_graphwalks(path)[0]
    assert not inst.meta["source_gold_verified"]
    names = inst.meta["node_names"]
    scores = _score(inst, "Final Answer: [" + ", ".join(names[v] for v in inst.answer) + "]")
    assert scores["accuracy"] == 1.0 and scores["graphwalks_f1"] < 1.0


def test_parquet_gives_the_same_instances(jsonl, tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    path = tmp_path / "gw.parquet"
    pq.write_table(pa.Table.from_pylist(make_rows()), path)
    assert read_graphwalks(path) == read_graphwalks(jsonl)
    out = tmp_path / "bench.jsonl"
    assert main(["import", "graphwalks", str(path), "-o", str(out)]) == 0


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: r.pop("answer_nodes"), r":1: missing field 'answer_nodes'"),
    (lambda r: r.update(problem_type="dfs"), r":1: problem_type must be bfs or parents"),
    (lambda r: r.update(prompt=7), r":1: prompt must be text"),
    (lambda r: r.update(prompt="no graph here"), r":1: no 'The graph has the following"),
    (lambda r: r.update(prompt=r["prompt"].replace("Find the parents of node",
                                                   "Look at node")), r":1: no parents operation"),
])
def test_malformed_rows_are_one_line_errors(tmp_path, mutate, message):
    row = make_rows(1)[0]
    mutate(row)
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(UserError, match=message):
        read_graphwalks(path)


def test_imported_suites_are_listed(capsys):
    for suite in ("nlgraph", "graphwalks", "questions"):
        assert main(["list", suite]) == 0
    out = capsys.readouterr().out
    assert "parents" in out and "hamilton" in out and "node_set" in out
    assert main(["generate", "graphwalks", "-o", "x.jsonl"]) == 2


def test_later_wording_and_the_answer_column(tmp_path):
    """Rows from the dataset's later version: clarified BFS sentence, more examples, and
    the card's ``answer`` column name."""
    row = make_rows(2)[1]  # a bfs row
    start, depth = row["prompt"].split("Perform a BFS from node ")[-1].split(" with depth ")
    depth = depth.split(".")[0]
    row["prompt"] = row["prompt"].replace(
        f"Perform a BFS from node {start} with depth {depth}.",
        f"Perform a BFS from node {start} and return only the nodes at exactly depth {depth} "
        "(not nodes at intermediate depths).")
    row["prompt"] = row["prompt"].replace(
        "<end example>", "Example 2:\nOperation:\nFind the parents of node abcd.\n"
        "Final Answer: []\n<end example>")
    row["answer"] = row.pop("answer_nodes")
    row["date_added"] = "02-27-2026"
    path = tmp_path / "new.jsonl"
    path.write_text(json.dumps(row) + "\n")
    inst = read_graphwalks(path)[0]
    assert inst.query == {"source": 0, "depth": int(depth)}
    assert sorted(inst.meta["node_names"][v] for v in inst.answer) == sorted(row["answer"])
    assert inst.meta["source_gold_verified"] and inst.meta["date_added"] == "02-27-2026"


def test_all_digit_hex_names_are_read_as_names(jsonl):
    """About 1% of GraphWalks' names are all digits ("4523911275"): still names."""
    inst = read_graphwalks(jsonl)[1]
    names = list(inst.meta["node_names"])
    target = inst.answer[0]
    names[target] = "4523911275"
    inst = type(inst)(**{**inst.to_dict(), "meta": {**inst.meta, "node_names": names}})
    read = task_of(inst).parse("Final Answer: [4523911275]", inst)
    assert read.value == [target]


def test_example_without_markers_is_not_the_graph(tmp_path):
    """A prompt whose worked example lacks the <begin/end example> markers (a trimmed or
    hand-made row): the graph is still the last edge list, the operation the last one."""
    row = make_rows(1)[0]
    row["prompt"] = (row["prompt"].replace("<begin example>\n", "")
                     .replace("<end example>\n", ""))
    path = tmp_path / "plain.jsonl"
    path.write_text(json.dumps(row) + "\n")
    inst = read_graphwalks(path)[0]
    assert "abcd" not in inst.meta["node_names"] and inst.meta["source_gold_verified"]
