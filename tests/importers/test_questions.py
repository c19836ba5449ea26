"""Your own questions: the documented JSONL row format, scored through graphgauge's tasks
or by exact match on an answer type, with one-line errors naming line and field."""

from __future__ import annotations

import json

import pytest

from graphgauge.cli import main
from graphgauge.errors import UserError
from graphgauge.importers.questions import read_questions
from graphgauge.models.base import LocalModel
from graphgauge.models.builtin import ReferenceModel
from graphgauge.registry import render
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store

ROWS = [
    {"id": "path", "graph": {"edges": [[0, 1], [1, 2], [0, 3], [3, 2]], "nodes": 5},
     "question": "Is there a path from node {source} to node {target}?",
     "query": {"source": 0, "target": 4}, "answer": False, "task": "reachability"},
    {"graph": {"edges": [["Ann", "Bob"], ["Bob", "Cy"], ["Ann", "Dee"], ["Dee", "Cy"]]},
     "query": {"source": "Ann", "target": "Cy"}, "answer": ["Ann", "Dee", "Cy"],
     "task": "algorithmic/shortest_path"},
    {"graph": {"nodes": [{"id": 0}, {"id": 1}, {"id": 2}], "directed": True,
               "links": [{"source": 0, "target": 1, "weight": 4},
                         {"source": 1, "target": 2, "weight": 1}]},
     "question": "Which nodes can node {node} reach? List them.", "query": {"node": 0},
     "answer": [1, 2], "answer_type": "node_set", "meta": {"origin": "my-bench"}},
    {"graph": [[0, 1, 2.5], [1, 2, 1.5]], "question": "What is the total edge weight?",
     "answer": 4.0, "answer_type": "float"},
]


@pytest.fixture
def bench(tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    return path


class EchoGold(LocalModel):
    """Answers with the row's gold as a person would write it: names, not ids."""

    name = "echo-gold"

    def answer(self, request):
        inst = request.instance
        names = inst.meta.get("node_names")
        gold = inst.answer
        if names and isinstance(gold, list):
            gold = [names[v] for v in gold]
        return f"The answer is {json.dumps(gold)}."


def test_rows_become_instances_with_ids_for_names(bench):
    path, named, node_set, weights = read_questions(bench)
    assert (path.suite, path.task) == ("questions", "reachability")
    assert path.id == "questions/reachability/path"
    assert path.graph.number_of_nodes() == 5 and path.answer is False
    assert named.meta["node_names"] == ["Ann", "Bob", "Cy", "Dee"]
    assert named.query == {"source": 0, "target": 2} and named.answer == [0, 3, 2]
    assert node_set.graph.is_directed() and node_set.graph.edges[0, 1]["weight"] == 4
    assert node_set.meta["origin"] == "my-bench" and node_set.id == "questions/node_set/3"
    assert weights.graph.edges[0, 1]["weight"] == 2.5


def test_questions_render_their_own_text_under_any_labeling(bench):
    path = read_questions(bench)[0]
    assert "Question: Is there a path from node 0 to node 4?" in render(path).text
    assert "Question: Is there a path from node A to node E?" in render(
        path, "edge_list+alpha").text
    named = read_questions(bench)[1]  # no question: the task's own wording
    assert "shortest path between node 0 and node 2" in render(named).text
    native = render(named, "edge_list+native").text  # the row's own node names
    assert "(Ann, Bob)" in native and "between node Ann and node Cy" in native
    assert render(path, "edge_list+native").text == render(path).text  # no names: ids


def test_reference_and_gold_written_in_names_score_100_percent(bench, tmp_path):
    instances = read_questions(bench)
    with Store(tmp_path / "q.db") as store:
        for model in (ReferenceModel(), EchoGold()):
            options = RunOptions(encodings=["edge_list", "edge_list+native"])
            run = run_benchmark(instances, model, store, options, progress=False)
            scores = [json.loads(r.scores) for r in store.items([run.run_id], ("scores",))]
            assert scores == [{"accuracy": 1.0}] * 8, model.name


def test_verified_tasks_accept_another_correct_answer(bench):
    from graphgauge.registry import task_of

    named = read_questions(bench)[1]
    task = task_of(named)
    assert task.score(task.parse("Ann -> Bob -> Cy", named), named)["accuracy"] == 1.0
    assert task.score(task.parse("Ann, Cy", named), named)["accuracy"] == 0.0


def _error(tmp_path, row) -> str:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n" + json.dumps(row) + "\n")
    with pytest.raises(UserError) as info:
        read_questions(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}:2: ")
    return message.split(":2: ", 1)[1]


@pytest.mark.parametrize(("change", "expected"), [
    ({"graph": None}, "field 'graph': must be an object"),
    ({"answer": None}, None),
    ({"task": "no_such_task"}, "field 'task': unknown task 'no_such_task'"),
    ({"answer_type": "bool"}, "field 'task': give exactly one of"),
    ({"query": {"source": 0, "target": 9}}, "field 'query': 9 is not a node of the graph"),
    ({"answer": True}, "field 'answer': True disagrees with graphgauge's reachability solver"),
    ({"graph": {"edges": [[0, 1, "heavy"]]}}, "field 'graph': edge 0: the third item"),
    ({"colour": "red"}, "field 'colour': unknown field"),
    ({"query": {"source": 0}}, "field 'query': does not fit task reachability"),
    ({"meta": ["origin"]}, "field 'meta': must be an object"),
    ({"graph": {"edges": [[1, 2], [2, 4]]}, "query": {"source": 1, "target": 4}},
     "field 'graph': integer nodes are the ids 0..4, but 0 and 3 are missing"),
    ({"graph": {"edges": [[1, 2]], "nodes": [1, 2, 5]}, "query": {"source": 1, "target": 2}},
     "field 'graph': integer nodes are the ids 0..5, but 0, 3 and 4 are missing"),
    ({"id": {"k": 1}}, "field 'id': must be a string or an integer"),
    ({"task": None, "answer_type": ["bool"]}, "field 'answer_type': ['bool'] is not one of"),
    ({"task": ["reachability"]}, "field 'task': must be a task name"),
])
def test_malformed_rows_name_line_and_field(tmp_path, change, expected):
    row = {**ROWS[0], **change}
    if change == {"answer": None}:
        del row["answer"]
        expected = "field 'answer': missing"
    assert _error(tmp_path, row).startswith(expected)


def test_gaps_in_integer_nodes_are_allowed_when_counted(tmp_path):
    """"nodes": N says which ids exist, isolated ones included: no phantom nodes appear
    without it (a 1-based graph would silently gain an isolated node 0)."""
    row = {"graph": {"edges": [[1, 2]], "nodes": 4}, "question": "Is it connected?",
           "answer": False, "answer_type": "bool"}
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(row) + "\n")
    assert len(read_questions(path)[0].graph) == 4


def test_names_made_of_digits_are_integer_ids(tmp_path):
    """Ids written as strings (a CSV export's "0", "1") are the integers they spell, so
    an answer "[1, 2]" means nodes 1 and 2 whatever else it mentions."""
    row = {"graph": {"edges": [["0", "1"], ["1", "2"]]}, "query": {"node": "1"},
           "question": "Which nodes neighbour node {node}?", "answer": ["0", 2],
           "answer_type": "node_set"}
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(row) + "\n")
    inst = read_questions(path)[0]
    assert "node_names" not in inst.meta
    assert (inst.query, inst.answer, sorted(inst.graph.edges)) == (
        {"node": 1}, [0, 2], [(0, 1), (1, 2)])
    row["graph"] = {"edges": [["1", "2"], ["2", "3"]]}
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(UserError, match="but 0 is missing"):
        read_questions(path)


def test_answer_type_rows_check_the_gold_shape(tmp_path):
    row = {**ROWS[2], "answer": [1, 7]}
    assert _error(tmp_path, row) == "field 'answer': 7 is not a node of the graph"
    row = {**ROWS[3], "answer": "four"}
    assert _error(tmp_path, row) == "field 'answer': a float answer must be a number"
    row = {k: v for k, v in ROWS[3].items() if k != "question"}
    assert _error(tmp_path, row) == "field 'question': missing (needed with answer_type)"


def test_cli_import_and_bad_json(bench, tmp_path, capsys):
    out = tmp_path / "b.jsonl"
    assert main(["import", "questions", str(bench), "-o", str(out)]) == 0
    assert "wrote 4 instances" in capsys.readouterr().out
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(ROWS[0]) + "\n{oops\n")
    assert main(["import", "questions", str(broken), "-o", str(out)]) == 2
    assert f"{broken}: line 2 is not JSON" in capsys.readouterr().err
    assert main(["import", "nosuch", str(bench), "-o", str(out)]) == 2
    capsys.readouterr()
    assert main(["import", "questions", str(bench), "-o", str(tmp_path / "no" / "b.jsonl")]) == 2
    assert "output folder does not exist" in capsys.readouterr().err
    assert main(["import", "questions", str(bench), "-o", str(out), "--split", "main"]) == 2
    assert "--split is for nlgraph" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "accuracy"), [
    ("A shortest path is [0, 3, 4].", 1.0),    # ids, with the article "A" before them
    ("The answer is [A, D, E].", 1.0),         # the row's own names
    ("A path: A -> D -> E", 1.0),
    ("A shortest path is [0, 1, 4].", 0.0),    # ids, not a path
    ("Take [A, B, E].", 0.0),                  # names, not a path
])
def test_answers_in_ids_or_names_under_an_id_prompt(tmp_path, text, accuracy):
    """The prompt shows ids; an answer may use them or the row's names. A word that
    happens to be a name ("A") does not turn an answer in ids into unknown names."""
    from graphgauge.runner import score_response

    row = {"graph": {"edges": [["A", "B"], ["B", "C"], ["A", "D"], ["D", "E"], ["C", "E"]]},
           "query": {"source": "A", "target": "E"}, "answer": ["A", "D", "E"],
           "task": "shortest_path"}
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(row) + "\n")
    inst = read_questions(path)[0]
    assert score_response(text, inst)[3] == accuracy  # asked in plain ids
