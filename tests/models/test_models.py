"""Built-in models and the python: backend."""

import asyncio
import sys

import pytest

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.models import load_model
from graphgauge.models.base import Request
from graphgauge.registry import generate, render


def _requests(instances):
    return [Request(render(inst), inst) for inst in instances]


def _answers(model, instances):
    model.prepare(instances)
    return [r.text for r in asyncio.run(model.respond(_requests(instances)))]


def _with_answers(instances, answers):
    return [Instance(**{**inst.to_dict(), "answer": a}) for inst, a in zip(instances, answers,
                                                                          strict=True)]


def test_majority_answers_the_most_common_gold():
    base = generate("algorithmic", ["triangles"], count=5, seed=0)
    instances = _with_answers(base, [4, 7, 4, 1, 4])
    assert _answers(load_model("majority"), instances) == ["4"] * 5


def test_mean_answers_the_mean_for_numeric_tasks():
    base = generate("algorithmic", ["triangles"], count=4, seed=0)
    instances = _with_answers(base, [1, 2, 2, 9])
    assert _answers(load_model("mean"), instances) == ["4"] * 4  # round(3.5) == 4


def test_random_is_deterministic_per_seed():
    instances = generate("algorithmic", count=1, seed=0)
    a = _answers(load_model("random", seed=1), instances)
    b = _answers(load_model("random", seed=1), instances)
    c = _answers(load_model("random", seed=2), instances)
    assert a == b and a != c


def test_reference_answers_parse_to_gold_for_every_task():
    from graphgauge.registry import task_of

    instances = generate("algorithmic", count=2, seed=9) + generate("spectral", count=2, seed=9)
    for inst, text in zip(instances, _answers(load_model("reference"), instances), strict=True):
        task = task_of(inst)
        assert task.score(task.parse(text, inst), inst)["accuracy"] == 1.0, (inst.task, text)


def test_python_model_sync_async_and_request_aware(tmp_path, monkeypatch):
    (tmp_path / "scripted.py").write_text(
        "async def later(prompt):\n    return 'No'\n"
        "def with_request(prompt, request):\n    return str(request.instance.answer)\n"
        "def broken(prompt):\n    raise RuntimeError('boom')\n"
        "def not_text(prompt):\n    return 42\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("scripted", None)
    instances = generate("algorithmic", ["triangles"], count=2, seed=0)
    requests = _requests(instances)
    later = asyncio.run(load_model("python:scripted:later").respond(requests))
    assert [r.text for r in later] == ["No", "No"]
    aware = asyncio.run(load_model("python:scripted:with_request").respond(requests))
    assert [r.text for r in aware] == [str(i.answer) for i in instances]
    broken = asyncio.run(load_model("python:scripted:broken").respond(requests))
    assert all(r.text is None and "boom" in r.error for r in broken)
    wrong = asyncio.run(load_model("python:scripted:not_text").respond(requests))
    assert all("not str" in r.error for r in wrong)
    with pytest.raises(UserError, match="no callable"):
        load_model("python:scripted:missing")


def test_unknown_model_and_bad_params():
    with pytest.raises(UserError, match="unknown model"):
        load_model("gpt-99")
    with pytest.raises(UserError, match="no option 'temperature'"):
        load_model("random", temperature=0.5)
