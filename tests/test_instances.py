"""Instances and benchmark files: canonical bytes, stable ids, clear errors."""

import json

import pytest

from graphgauge.errors import UserError
from graphgauge.instance import Instance, read_jsonl, write_jsonl
from graphgauge.registry import generate, get_task, select_tasks


def test_same_seed_gives_byte_identical_file(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write_jsonl(generate("algorithmic", count=3, seed=7), a)
    write_jsonl(generate("algorithmic", count=3, seed=7), b)
    assert a.read_bytes() == b.read_bytes()
    c = tmp_path / "c.jsonl"
    write_jsonl(generate("algorithmic", count=3, seed=8), c)
    assert c.read_bytes() != a.read_bytes()


def test_subset_of_tasks_reproduces_the_full_benchmark():
    full = {i.id: i for i in generate("algorithmic", count=4, seed=1)}
    name = select_tasks("algorithmic")[-1].name
    subset = generate("algorithmic", [name], count=2, seed=1)
    for inst in subset:
        assert full[inst.id] == inst


def test_ids_are_unique_and_readable():
    instances = generate("algorithmic", count=5, seed=0)
    ids = [i.id for i in instances]
    assert len(set(ids)) == len(ids)
    assert all(i.id.startswith(f"{i.suite}/{i.task}/") for i in instances)


def test_round_trip_through_jsonl(tmp_path):
    path = tmp_path / "bench.jsonl"
    instances = generate("algorithmic", count=2, seed=3)
    write_jsonl(instances, path)
    back = read_jsonl(path)
    assert [i.to_dict() for i in back] == [json.loads(i.to_json()) for i in instances]
    assert all(set(json.loads(line)) == {"id", "suite", "task", "graphs", "query", "answer",
                                         "meta"} for line in path.read_text().splitlines())


def test_gold_survives_json(tmp_path):
    for inst in generate("algorithmic", count=2, seed=4):
        assert json.loads(json.dumps(inst.answer)) == inst.answer


def test_bad_files_are_user_errors(tmp_path):
    with pytest.raises(UserError, match="not found"):
        read_jsonl(tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\nnot json\n')
    with pytest.raises(UserError, match=r"bad.jsonl:1: instance is missing"):
        read_jsonl(bad)
    bad.write_text("[1, 2]\n")
    with pytest.raises(UserError, match="JSON object"):
        read_jsonl(bad)
    bad.write_text("{oops\n")
    with pytest.raises(UserError, match="not valid JSON"):
        read_jsonl(bad)


def test_unknown_suite_task_and_options():
    with pytest.raises(UserError, match="unknown suite"):
        generate("nope")
    with pytest.raises(UserError, match="unknown task"):
        get_task("algorithmic", "nope")
    with pytest.raises(UserError, match="count"):
        generate("algorithmic", count=0)
    with pytest.raises(UserError, match="node range"):
        generate("algorithmic", count=1, nodes=(9, 3))
    with pytest.raises(UserError, match="at least 3 nodes"):
        generate("algorithmic", ["triangles"], count=1, nodes=(1, 2))


def test_tiny_graphs_generate_for_every_task():
    for suite in ("algorithmic", "spectral"):
        assert len(generate(suite, count=3, seed=0, nodes=(3, 4))) > 0


def test_instance_from_dict_keeps_fields():
    inst = generate("algorithmic", count=1, seed=0)[0]
    assert Instance.from_dict(json.loads(inst.to_json())) == inst
