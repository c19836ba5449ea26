"""arc suite report: the diagnostics (gap, asymmetry, bias) from a model with known
behaviour, and the whole CLI path generate -> run reference -> report."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from graphgauge import registry
from graphgauge.models.base import LocalModel, Request
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.suites.arc import generate_suite, prompts, suite_report
from graphgauge.suites.arc.report import diagnostics, load


@pytest.fixture(autouse=True)
def arc_registered(monkeypatch):
    monkeypatch.setitem(registry.SUITE_MODULES, "arc", "graphgauge.suites.arc")


class Eager(LocalModel):
    """Always answers with the transformed test graph's value (it over-applies the rule:
    right on output questions, biased on input ones) and returns the untouched test input
    as its full output (wrong for every rule)."""

    name = "eager"

    def answer(self, request: Request) -> str:
        inst = request.instance
        if inst.query["mode"] == "full":
            return prompts.encode(inst.graphs["G"], "adjacency")
        value = inst.answer if inst.query["target"] == "output" else inst.meta["opposite"]
        return f"<answer>{value}</answer>"


def test_diagnostics_of_an_eager_model(tmp_path):
    bench = generate_suite(["colorDegree1", "colorDegree1.q", "addHub", "addHub.q"], count=3,
                           seed=2, nodes=None, options={"families": ["tree", "star"]})
    with Store(tmp_path / "r.db") as store:
        run = run_benchmark(bench, Eager(), store, RunOptions(), progress=False)
        rows = load(store, [run.run_id])
        d = diagnostics(rows, run.run_id)
        console = Console(record=True, width=160)
        suite_report(store, [run.run_id], console)
    asked_in = [i for i in bench if i.meta.get("target") == "input"]
    differ = [i for i in asked_in if i.answer != i.meta["opposite"]]
    assert differ  # the questions were chosen so that the rule changes the answer
    assert d["full"] == 0.0 and d["output"] == 1.0
    assert d["input"] == pytest.approx(1 - len(differ) / len(asked_in))
    assert d["bias"] == 1.0
    assert d["gap"] == pytest.approx(d["question"]) and d["asymmetry"] < 0
    text = " ".join(console.export_text().split())  # titles may wrap
    for title in ("by rule", "by family", "by size pattern", "by encoding",
                  "by system prompt", "diagnostics"):
        assert title in text
    assert "edge_list (adjacency)" in text


def test_cli_generate_run_report(tmp_path, capsys):
    from graphgauge.cli import app, main

    bench, db = tmp_path / "arc.jsonl", tmp_path / "arc.db"
    cli = CliRunner()
    made = cli.invoke(app, ["generate", "arc", "-o", str(bench), "--count", "1", "--tasks",
                            "colorNeighbors,colorNeighbors.q,blueSubgraph", "-p",
                            "patterns=[scale_up_3,cap25]", "-p", "families=[tree,erdos_renyi]"])
    assert made.exit_code == 0, made.output
    ran = cli.invoke(app, ["run", str(bench), "-m", "reference", "-s", str(db), "-e",
                           "edge_list", "-e", "adjacency_list", "-v", "original", "-v",
                           "system:teacher", "--quiet"])
    assert ran.exit_code == 0, ran.output
    assert "100.0%" in ran.output
    shown = cli.invoke(app, ["report", "-s", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "arc full-output accuracy by rule" in shown.output
    capsys.readouterr()
    assert main(["run", str(bench), "-m", "reference", "-s", str(db), "-e",
                 "adjacency_matrix"]) == 2
    err = capsys.readouterr().err
    assert "edge_list" in err and "Traceback" not in err
