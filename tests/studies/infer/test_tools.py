"""GraphInfer tools: L2 judges (scripted python models), L3 kappa, SFT export, the
commands, and the SBERT / GNN baselines wired through ``prepare`` and the parser."""

from __future__ import annotations

import asyncio
import json
import sys
import types

import numpy as np
import pytest
from typer.testing import CliRunner

from graphgauge.errors import UserError
from graphgauge.instance import write_jsonl
from graphgauge.models.asking import ask_texts
from graphgauge.models.base import Request
from graphgauge.registry import render
from graphgauge.runner import score_response
from graphgauge.studies.infer.agreement import cohen_kappa, layer3
from graphgauge.suites.inference import generate_suite
from graphgauge.suites.inference.judges import layer2, parse_verdict
from tests.support.data import needs_shared_data

pytestmark = needs_shared_data("dblp")
OPTIONS = {"dataset": "dblp", "candidates": 50, "train": 24, "val": 6, "test": 12}


@pytest.fixture(scope="module")
def bench():
    return generate_suite(None, 100, 3, None, dict(OPTIONS))


@pytest.fixture
def judges(monkeypatch):
    """Two scripted judges: the strict one fails outliers (C5), the lax one passes
    everything but answers prose for community samples (no verdict)."""
    module = types.ModuleType("fake_infer_judges")

    def strict(prompt: str) -> str:
        if "Task: outlier" in prompt:
            return '{"qualified": false, "fail_flags": ["C5"], "rationale": "weak"}'
        return 'Sure! {"qualified": true, "fail_flags": [], "rationale": "ok"}'

    def lax(prompt: str) -> str:
        return "I think it is fine." if "Task: community" in prompt else \
            '{"qualified": true, "fail_flags": []}'

    module.strict, module.lax = strict, lax
    monkeypatch.setitem(sys.modules, "fake_infer_judges", module)
    return ["python:fake_infer_judges:strict", "python:fake_infer_judges:lax"]


def test_layer2_all_pass(bench, judges):
    kept, flags = layer2(bench, judges, ask_texts)
    tasks = {inst.task for inst in kept}
    assert tasks == {"masked_node", "relation", "theme"}
    per_task = {t: sum(i.task == t for i in bench) for t in ("outlier", "community")}
    assert flags["rejected"] == per_task["outlier"] and flags["C5"] == per_task["outlier"]
    assert flags["no_verdict"] == per_task["community"]
    assert all(set(inst.meta["l2"]) == set(judges) for inst in kept)


def test_generation_that_asks_models_needs_a_way_to_ask(judges):
    """The suite does not load models (they sit a layer above it): without ``ask`` an
    option that consults a model is a clear error, not a silent skip."""
    for extra in ({"judges": judges}, {"reasoning": judges[0]}):
        with pytest.raises(UserError, match="ask models"):
            generate_suite(None, 100, 3, None, {**OPTIONS, **extra})


def test_parse_verdict():
    assert parse_verdict('{"qualified": false, "fail_flags": ["C2", "X9"]}') == \
        {"qualified": False, "fail_flags": ["C2"]}
    assert parse_verdict('{"qualified": "yes"}') is None
    assert parse_verdict("no json") is None and parse_verdict(None) is None


def test_kappa_against_sklearn_and_layer3(tmp_path):
    from sklearn.metrics import cohen_kappa_score

    a = [1, 1, 0, 1, 0, 0, 1, 1, 1, 0]
    b = [1, 0, 0, 1, 0, 1, 1, 1, 0, 0]
    assert cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b))
    path = tmp_path / "ann.csv"
    path.write_text("id,annotator,qualified\n" + "".join(
        f"s{i},ann1,{x}\ns{i},ann2,{y}\n" for i, (x, y) in enumerate(zip(a, b, strict=True))))
    from graphgauge.studies.infer.agreement import read_annotations

    judged = {f"s{i}": bool(x) for i, x in enumerate(a)}
    judged["s0"] = False  # L2 disagrees with both humans on s0
    report = layer3(read_annotations(path), judged)
    assert report["kappa"] == pytest.approx(cohen_kappa_score(a, b))
    agree = [i for i in range(10) if a[i] == b[i]]
    assert report["consensus_items"] == len(agree)
    assert report["l2_agreement"] == pytest.approx((len(agree) - 1) / len(agree))
    bad = tmp_path / "bad.csv"
    bad.write_text("id,annotator,qualified\ns1,ann1,maybe\n")
    with pytest.raises(UserError, match="bad.csv: record 1"):
        read_annotations(bad)


def app():
    """The whole command (the old names, infer-export …, are tested in
    tests/cli/test_groups.py)."""
    from graphgauge.cli import app

    return app


def test_export_and_commands(bench, tmp_path, judges):
    path = tmp_path / "bench.jsonl"
    write_jsonl(bench, path)
    runner = CliRunner()
    out = tmp_path / "sft.jsonl"
    result = runner.invoke(app(), ["infer", "export", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == sum(inst.meta["split"] == "train" for inst in bench)
    by_id = {inst.id: inst for inst in bench}
    for record in records:
        roles = [m["role"] for m in record["messages"]]
        assert roles == ["system", "user", "assistant"]
        inst = by_id[record["id"]]
        assert record["messages"][1]["content"] == render(inst).text
        _, ok, _, accuracy = score_response(record["messages"][2]["content"], inst)
        assert ok and accuracy == 1.0
    result = runner.invoke(app(), ["infer", "export", str(path), "-o", str(out), "--variant",
                                   "h2", "--no-reasoning", "--split", "test"])
    assert result.exit_code == 0
    first = json.loads(out.read_text().splitlines()[0])
    assert "<gt_0>" in first["messages"][1]["content"]
    assert "Reasoning" not in first["messages"][2]["content"]
    result = runner.invoke(app(), ["infer", "export", str(path), "-o", str(out), "--variant", "x"])
    assert result.exit_code != 0 and isinstance(result.exception, UserError)

    kept, verdicts = tmp_path / "kept.jsonl", tmp_path / "verdicts.jsonl"
    result = runner.invoke(app(), ["infer", "judge", str(path), "--judge", judges[0], "--judge",
                                   judges[1], "-o", str(kept), "--verdicts", str(verdicts)])
    assert result.exit_code == 0, result.output
    assert "C5" in result.output
    ann = tmp_path / "ann.jsonl"
    ids = [json.loads(line)["id"] for line in verdicts.read_text().splitlines()][:6]
    ann.write_text("".join(json.dumps({"id": i, "annotator": who, "qualified": True}) + "\n"
                           for i in ids for who in ("x", "y")))
    result = runner.invoke(app(), ["infer", "kappa", str(ann), "--verdicts", str(verdicts)])
    assert result.exit_code == 0 and "kappa 1.000" in result.output

    report = tmp_path / "gates.json"
    generate_suite(["relation"], 1, 0, None, {**OPTIONS, "candidates": 10,
                                              "gate_report": str(report)})
    result = runner.invoke(app(), ["infer", "gates", str(report)])
    assert result.exit_code == 0 and "relation" in result.output


def answers(model, bench, split="test"):
    model.prepare(bench)
    asked = [inst for inst in bench if inst.meta["split"] == split]
    model.prepare(asked)  # the runner prepares again with the split it answers
    responses = asyncio.run(model.respond([Request(prompt=render(i), instance=i)
                                           for i in asked]))
    return asked, responses


def mean_score(asked, responses, task, metric):
    values = []
    for inst, response in zip(asked, responses, strict=True):
        if inst.task == task:
            _, ok, scores, _ = score_response(response.text, inst)
            assert ok, response.text
            values.append(json.loads(scores)[metric])
    return float(np.mean(values))


@pytest.mark.slow
def test_sbert_baselines(bench):
    from graphgauge.models.infer_baselines import SBERTBaseline

    for mode in ("text", "neighbour-mean"):
        asked, responses = answers(SBERTBaseline(mode), bench)
        assert all(r.error is None for r in responses)
    # T4's outlier is title-distant by construction: its own title finds it far more often
    # than chance (~0.06; 0.39 on 500 DBLP items). Averaged with neighbours it is not: it
    # has as many cluster neighbours as a member has.
    asked, responses = answers(SBERTBaseline("text"), bench)
    assert mean_score(asked, responses, "outlier", "hit1") >= 0.25
    with pytest.raises(UserError, match="unknown SBERT"):
        SBERTBaseline("bogus")


@pytest.mark.slow
def test_gnn_baselines_answer_every_task(bench):
    from graphgauge.models.infer_baselines import GNNBaseline

    for arch in ("gcn", "gat", "sage"):
        model = GNNBaseline(arch, hidden=16, epochs=3, patience=2)
        asked, responses = answers(model, bench)
        assert all(r.error is None for r in responses)
        for task in ("masked_node", "relation", "theme", "outlier", "community"):
            metric = {"outlier": "hit1", "community": "nmi"}.get(task, "accuracy")
            assert 0.0 <= mean_score(asked, responses, task, metric) <= 1.0
    with pytest.raises(UserError, match="unknown GNN"):
        GNNBaseline("mlp")
