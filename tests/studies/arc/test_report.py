"""arc suite report: the diagnostics (gap, asymmetry, bias) from a model with known
behaviour, and the whole CLI path generate -> run reference -> report."""

from __future__ import annotations

import dataclasses

import pytest
from rich.console import Console
from typer.testing import CliRunner

from graphgauge.models.base import LocalModel, Request
from graphgauge.report.html import write_html_report
from graphgauge.results.figures import Plot, render
from graphgauge.results.table import Table
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.arc import html_section, suite_report
from graphgauge.studies.arc.report import diagnostics, load
from graphgauge.suites.arc import generate_suite, prompts


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


# --- the HTML section ----------------------------------------------------------------


class ColourOnly(LocalModel):
    """Writes the gold output for colour rules and the untouched input for structural
    ones; answers output questions right and input questions with the output's value."""

    name = "colour-only"

    def answer(self, request: Request) -> str:
        inst = request.instance
        if inst.query["mode"] == "full":
            graph = inst.answer if inst.meta["kind"] == "colour" else inst.graphs["G"]
            return f"<answer>{prompts.encode(graph, 'adjacency')}</answer>"
        value = inst.answer if inst.query["target"] == "output" else inst.meta["opposite"]
        return f"<answer>{value}</answer>"


def _tables(blocks):
    return {b.name: b for b in blocks if isinstance(b, Table)}


def test_html_section_values_on_a_scripted_run(tmp_path):
    bench = generate_suite(["colorDegree1", "colorDegree1.q", "addHub", "removeDegree1",
                            "removeDegree1.q"], count=2, seed=4, nodes=None,
                           options={"families": ["tree", "star"],
                                    "patterns": ["scale_up_3", "cap25"]})
    with Store(tmp_path / "h.db") as store:
        run = run_benchmark(bench, ColourOnly(), store, RunOptions(), progress=False).run_id
        blocks = html_section(store, [run])
    tables = _tables(blocks)
    grid = tables[f"rule_pattern_{run}"]
    assert grid.columns == ["rule", "scale_up_3", "cap25"]  # ordered by test size
    by_rule = {row[0]: row[1:] for row in grid.rows}
    assert set(by_rule) == {"addHub", "colorDegree1", "removeDegree1"}
    assert all(c.startswith("100.0 [100.0, 100.0]") for c in by_rule["colorDegree1"])
    assert all(c == "0.0 [0.0, 0.0]" for c in by_rule["addHub"] + by_rule["removeDegree1"])
    scaling = {tuple(row[:2]): row[2:] for row in tables["scaling"].rows}
    assert tables["scaling"].columns[2:] == ["15", "25"]
    assert all(c.startswith("100.0") for c in scaling[run, "colour"])
    assert all(c.startswith("0.0") for c in scaling[run, "structural"])
    gap = {row[1]: row for row in tables["diagnostics"].rows}
    for rule in ("colorDegree1", "removeDegree1"):  # expected values from the instances
        asked = [i for i in bench if i.meta["rule"] == rule and i.meta["mode"] == "question"]
        right = [i.meta["target"] == "output" or i.answer == i.meta["opposite"] for i in asked]
        question = 100 * sum(right) / len(right)
        full = 100.0 if rule == "colorDegree1" else 0.0
        assert gap[rule][2:5] == [f"{full:.1f}", f"{question:.1f}",
                                  f"{question - full:+.1f}"]
        assert gap[rule][6] == "100.0" and gap[rule][8] == "100.0"  # output, bias
    assert gap["addHub"][3] == "–"  # no question asked for addHub
    plots = [b for b in blocks if isinstance(b, Plot)]
    assert {p.name for p in plots} >= {f"rule_pattern_{run}", "scaling", f"gap_{run}", "bias"}
    for plot in plots:
        assert render(plot).startswith(b"\x89PNG")
    assert {"by_family", "by_encoding", "by_variant", "by_pattern"} <= set(tables)


def test_html_report_escapes_names_from_the_store(tmp_path, monkeypatch):
    hostile = "<img src=x onerror=alert(1)>$\\alpha$"
    bench = generate_suite(["colorNeighbors", "colorNeighbors.q"], count=1, seed=0,
                           nodes=None, options={"families": ["tree"]})
    bench = [dataclasses.replace(i, meta={**i.meta, "rule": hostile, "pattern": "<b>p</b>"})
             for i in bench]
    page = tmp_path / "r.html"
    with Store(tmp_path / "e.db") as store:
        run_benchmark(bench, ColourOnly(), store, RunOptions(), progress=False)
        write_html_report(store, None, page)
    text = page.read_text()
    assert "<img src=x" not in text and "<b>p</b>" not in text
    assert "&lt;img src=x onerror=alert(1)&gt;$\\alpha$" in text and "&lt;b&gt;p&lt;/b&gt;" in text


def test_arc_tables_and_the_leaderboard_agree(tmp_path):
    """One scoring path: full-output accuracy per rule and question accuracy per
    question task are the leaderboard's task accuracy for the same run, for a model
    right everywhere (the reference) and one right on output questions only."""
    from graphgauge.models.builtin import ReferenceModel
    from graphgauge.results.cells import summarize
    from graphgauge.studies.arc.report import breakdown, full_rows, question_rows

    bench = generate_suite(["colorDegree1", "colorDegree1.q", "addHub", "addHub.q"], count=3,
                           seed=5, nodes=None, options={"families": ["tree", "star"]})
    with Store(tmp_path / "r.db") as store:
        runs = [run_benchmark(bench, model, store, RunOptions(), progress=False).run_id
                for model in (Eager(), ReferenceModel())]
        rows = load(store, runs)
        board = {(c.run_id, c.group): c.accuracy for c in summarize(store, runs)
                 if c.level == "task"}
    by_rule = breakdown(full_rows(rows), lambda r: r.meta["rule"])
    by_task = breakdown(question_rows(rows), lambda r: f"{r.meta['rule']}.q")
    compared = 0
    for tables in (by_rule, by_task):
        for task, per_run in tables.items():
            for run, stat in per_run.items():
                assert stat.mean == pytest.approx(board[(run, task)]), (run, task)
                compared += 1
    assert compared == 8  # 2 runs x (2 rules + 2 question tasks)
    assert {board[(runs[1], task)] for task in ("addHub", "colorDegree1")} == {1.0}
    assert {board[(runs[0], task)] for task in ("addHub", "colorDegree1")} == {0.0}
    eager_questions = [board[(runs[0], task)] for task in ("addHub.q", "colorDegree1.q")]
    assert any(0.0 < value < 1.0 for value in eager_questions)  # right on output ones only
