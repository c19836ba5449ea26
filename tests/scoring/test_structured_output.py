"""Structured output (-p answer_format=json): the request carries each item's answer
schema, and JSON answers score exactly like the same answers in prose."""

import json
import os

import jsonschema
import pytest

from graphgauge.errors import UserError
from graphgauge.models import load_model
from graphgauge.registry import generate, render, task_of
from graphgauge.render.prompt import encoding_of, labels_for
from graphgauge.runner import RunOptions, read_response, run_benchmark
from graphgauge.scoring import answers
from graphgauge.scoring.structured import (
    NotJSON,
    answer_schema,
    answer_texts,
    json_answer,
    value_schema,
)
from graphgauge.store import Store
from tests.support.openai_server import FakeOpenAIServer

os.environ["NO_PROXY"] = "127.0.0.1,localhost"
os.environ["no_proxy"] = "127.0.0.1,localhost"


@pytest.fixture(scope="module")
def bench():
    return generate("algorithmic", count=1, seed=21)


def _named(value, task, labels):
    """The gold value as JSON with nodes written under the prompt's labels."""
    if not task.answer.names_nodes or labels is None:
        return value
    if task.answer.name == "edge_list":
        return [[labels[u], labels[v]] for u, v in value]
    return [labels[v] for v in value]


def json_policy(instances, encoding="edge_list", wrong=False):
    """Answer each prompt (matched by its rendered text) with the gold value in JSON;
    ``wrong`` answers a value that cannot be right instead."""
    replies = []
    for inst in instances:
        task = task_of(inst)
        labels = labels_for(inst, encoding_of(encoding))
        value = _named(inst.answer, task, labels)
        if wrong:
            value = {"integer": -7, "float": -7.5, "bool": not inst.answer}.get(
                task.answer.name, [])
        replies.append((render(inst, encoding).text, json.dumps({"answer": value})))

    def policy(prompt, request):
        for text, reply in replies:
            if prompt.startswith(text):
                return reply
        return "no idea"

    return policy


def _run(instances, path, server, encoding="edge_list", **params):
    with Store(path) as store:
        model = load_model("openai:fake", base_url=server.base_url, answer_format="json",
                           **params)
        options = RunOptions(encodings=(encoding,))
        result = run_benchmark(instances, model, store, options, progress=False)
        return result, list(store.items([result.run_id]))


@pytest.mark.parametrize("encoding", ["edge_list", "edge_list+alpha"])
def test_request_carries_the_schema_and_json_answers_score_like_prose(bench, tmp_path,
                                                                       encoding):
    with FakeOpenAIServer(json_policy(bench, encoding)) as server:
        result, rows = _run(bench, tmp_path / "s.db", server, encoding)
        bodies = {r.prompt: r.body for r in server.requests}
    assert result.errors == 0 and len(rows) == len(bench)
    by_id = {inst.id: inst for inst in bench}
    for row in rows:
        inst = by_id[row.instance_id]
        body = bodies[row.prompt]
        fmt = body["response_format"]
        assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
        schema = fmt["json_schema"]["schema"]
        labels = labels_for(inst, encoding_of(encoding))
        assert schema == answer_schema(task_of(inst).answer, labels)
        # the reply the policy gave is valid under the schema that was sent
        jsonschema.validate(json.loads(row.response), schema)
        assert '{"answer": ...}' in row.prompt  # the prompt asks for JSON too
        assert row.parsed_by == "json", row.task
        assert row.accuracy == 1.0, (row.task, row.response, row.parsed)


def test_wrong_json_answers_score_zero_and_json_mode_is_part_of_the_run_id(bench, tmp_path):
    with FakeOpenAIServer(json_policy(bench, wrong=True)) as server:
        result, rows = _run(bench, tmp_path / "w.db", server)
        with Store(tmp_path / "w.db") as store:
            prose = load_model("openai:fake", base_url=server.base_url)
            from graphgauge.runner import run_id_for

            assert run_id_for(prose, RunOptions(), "x") != run_id_for(
                load_model("openai:fake", base_url=server.base_url, answer_format="json"),
                RunOptions(), "x")
            assert "response_format" not in prose._body(server_request(bench[0]))
            store.close()
    assert all(row.accuracy == 0.0 for row in rows)
    # an empty list is a node-set answer, only a wrong one; -7 etc. are read
    assert all(row.parse_ok == 1 for row in rows)


def server_request(inst):
    from graphgauge.models.base import Request

    return Request(render(inst), inst)


def test_a_server_without_structured_outputs_is_read_as_prose():
    inst = next(i for i in generate("algorithmic", count=1, seed=3) if i.task == "degree")
    prose = f"The degree is {inst.answer}.\nAnswer: {inst.answer}"
    scored, path = read_response(prose, inst, answer_format="json")
    assert path == "reader" and scored[3] == 1.0
    scored, path = read_response('{"answer": null}', inst, answer_format="json")
    assert path == "none" and scored[1] == 0
    scored, path = read_response(f'```json\n{{"answer": {inst.answer}}}\n```', inst,
                                 answer_format="json")
    assert path == "json" and scored[3] == 1.0
    # the same JSON text in a prose run goes through the ordinary reader
    assert read_response(f'{{"answer": {inst.answer}}}', inst)[1] == "reader"


def test_value_schemas_per_answer_type():
    labels = ("A", "B", "C")
    assert value_schema(answers.INT) == {"type": "integer"}
    assert value_schema(answers.FLOAT) == {"type": "number"}
    assert value_schema(answers.BOOL) == {"type": "boolean"}
    assert value_schema(answers.NODE_SET) == {"type": "array", "items": {"type": "integer"}}
    assert value_schema(answers.NODE_LIST, labels) == {
        "type": "array", "items": {"type": "string", "enum": ["A", "B", "C"]}}
    edge = value_schema(answers.EDGE_SET)["items"]
    assert edge["minItems"] == edge["maxItems"] == 2
    label = type("L", (answers.AnswerType,), {"name": "label"})()
    assert value_schema(label, choices=["AI", "DB"]) == {"type": "string", "enum": ["AI", "DB"]}
    graph = type("G", (answers.AnswerType,), {"name": "graph"})()
    assert value_schema(graph) == {"type": "string"}


def test_json_values_are_written_the_way_readers_read_them():
    assert answer_texts(True) == ["Answer: Yes"] and answer_texts(False) == ["Answer: No"]
    assert answer_texts([[0, 1], [2, 3]]) == ["Answer: [(0, 1), (2, 3)]"]
    assert answer_texts(["A", "C"]) == ["Answer: [A, C]"]
    assert answer_texts(None) == [] and answer_texts(float("nan")) == []
    assert answer_texts(0.25) == ["Answer: 0.25"]
    assert answer_texts("blue") == ["blue", "Answer: blue"] and answer_texts(" ") == []
    for bad in ("", "five", "[1, 2]", '{"value": 3}', "{"):
        with pytest.raises(NotJSON):
            json_answer(bad)


def test_an_unknown_answer_format_is_a_user_error():
    with pytest.raises(UserError, match="answer_format"):
        load_model("openai:fake", base_url="http://127.0.0.1:1/v1", answer_format="yaml")


def _suite_instances(suite):
    if suite in ("arc", "spectral"):
        return generate(suite, count=1, seed=2)[:120]
    from graphgauge.datasets.loader import data_root

    if not (data_root() / "dblp").is_dir():
        pytest.skip("shared data absent")
    if suite == "infer":
        from graphgauge.suites.inference.pipeline import generate_suite

        return generate_suite(None, 20, 7, None, {"dataset": "dblp", "candidates": 60,
                                                  "train": 20, "val": 5, "test": 15})
    from graphgauge.suites import classify

    return classify.generate_suite(tasks=None, count=6, seed=0, nodes=None,
                                   options={"dataset": "dblp"}, progress=False)


@pytest.mark.parametrize("suite", ["arc", "spectral", "infer", "classify"])
def test_suite_answers_in_their_own_format_score_alike_as_json_strings(suite):
    """Answer types without a JSON shape of their own (graphs, Answer/Reasoning blocks,
    labels, colours) take the prompt's format inside the JSON string."""
    instances = _suite_instances(suite)
    for inst in instances:
        task = task_of(inst)
        text = task.format_answer(inst.answer, render(inst))
        prose = read_response(text, inst)
        structured = read_response(json.dumps({"answer": text}), inst, answer_format="json")
        assert prose[0][3] == 1.0 and prose[1] == "reader", (inst.task, text)
        assert structured[0] == prose[0] and structured[1] == "json", (inst.task, text)
        nothing = read_response(json.dumps({"answer": ""}), inst, answer_format="json")
        assert nothing[1] == "none" and nothing[0][1] == 0


HOSTILE = ['{"answer": ' + "[" * 900 + "]" * 900 + "}", '{"answer": ' + "9" * 5000 + "}",
           '{"answer": NaN}', '{"answer": Infinity}', '{"answer": [[0, [1]], [2, 3]]}',
           '{"answer": ' + '{"a":' * 900 + "1" + "}" * 900 + "}",
           '{"answer": [' + ",".join(["99999"] * 20000) + "]}",
           '{"answer": "' + "answer is " * 20000 + '"}', '{"answer": [true, null]}']


def test_hostile_json_replies_never_fail_the_reader(bench):
    from graphgauge.runner import _score_update

    for inst in bench:
        for text in HOSTILE:
            row = _score_update("r", (inst.id, "edge_list", "original", 0), text, inst,
                                "json")
            assert "reader_error" not in row[0], (inst.task, text[:40])
            assert row[4] in ("json", "none", "reader")
    nan_or_nested = [HOSTILE[2], HOSTILE[3], HOSTILE[4], HOSTILE[8]]
    bridges = next(inst for inst in bench if inst.task == "bridges")
    for text in nan_or_nested:
        assert read_response(text, bridges, answer_format="json")[1] == "none", text


def test_randomize_lets_a_strict_server_answer_nothing(bench):
    from graphgauge.models.base import Request
    from graphgauge.models.openai_compat import _structured_output

    inst = next(i for i in bench if i.task == "node_number")
    prompt = render(inst, None, "randomize:1")
    schema = _structured_output(Request(prompt, inst))["json_schema"]["schema"]
    jsonschema.validate({"answer": None}, schema)  # abstaining must be a valid reply
    original = _structured_output(Request(render(inst), inst))["json_schema"]["schema"]
    with pytest.raises(jsonschema.ValidationError):  # elsewhere a value is required
        jsonschema.validate({"answer": None}, original)
