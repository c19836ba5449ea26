"""The GTEval commands through typer: variants listing, the study table, the export,
the structure-vs-text table (without the GCN, which the slow test covers)."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from graphgauge.errors import UserError
from graphgauge.render.variants import variant_kind
from tests.support.data import needs_shared_data

SCRIPTED = "python:graphgauge.studies.gteval.models:"


@pytest.fixture(scope="module")
def app():
    """The whole command (the old names, gteval-export …, are tested in
    tests/cli/test_groups.py)."""
    from graphgauge.cli import app

    return app


def invoke(app, *args):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def test_variants_lists_kinds_and_templates(app):
    result = invoke(app, "variants")
    assert result.exit_code == 0, result.output
    for kind in ("original", "rephrase:0..10", "relabel", "reverse", "randomize"):
        assert kind in result.output
    shown = invoke(app, "variants", "--show", "reverse")
    lines = [line for line in shown.output.splitlines() if line.startswith("reverse:")]
    assert len(lines) == variant_kind("reverse").template_count() and "least probable" in lines[0]
    bad = invoke(app, "variants", "--show", "shuffle")
    assert isinstance(bad.exception, UserError)


@needs_shared_data("webkb")
def test_gteval_prints_the_paper_table_and_writes_csv(app, tmp_path):
    out = tmp_path / "gt.csv"
    result = invoke(app, "gteval", "run", "--dataset", "webkb:cornell", "-n", "6", "-t",
                    "neighbors", "-m", "reference", "-m", SCRIPTED + "oracle", "-v", "rephrase:0",
                    "-v", "rephrase:4", "-v", "relabel:2", "-v", "reverse:1", "-v",
                    "randomize:3", "-s", tmp_path / "gt.db", "-q", "--csv", out)
    assert result.exit_code == 0, result.output
    for header in ("Ori. Acc", "Rep. Acc", "Rel. change", "Relabel", "Reverse", "Random"):
        assert header in result.output
    assert "understands the instructions" in result.output
    assert "over-insensitive" in result.output
    rows = {row["model"]: row for row in csv.DictReader(out.open())}
    oracle, reference = rows[SCRIPTED + "oracle"], rows["reference"]
    assert float(oracle["random_mean"]) == 1.0 and float(reference["random_mean"]) == 0.0
    assert reference["rephrase_templates"] == "2" and float(reference["original"]) == 1.0
    # running again resumes: nothing is answered twice
    again = invoke(app, "gteval", "run", "--dataset", "webkb:cornell", "-n", "6", "-t", "neighbors",
                   "-m", "reference", "-v", "rephrase:0", "-v", "rephrase:4", "-v",
                   "relabel:2", "-v", "reverse:1", "-v", "randomize:3",
                   "-s", tmp_path / "gt.db", "-q")
    assert "0 answered, 36 already done" in again.output


def test_gteval_needs_a_source(app, tmp_path):
    result = invoke(app, "gteval", "run", "-m", "reference", "-s", tmp_path / "x.db")
    assert isinstance(result.exception, UserError)
    bad = invoke(app, "gteval", "run", "-m", "reference", "--dataset", "dblp", "-v", "flip:1",
                 "-s", tmp_path / "x.db")
    assert isinstance(bad.exception, UserError)


@needs_shared_data("webkb")
def test_export_keeps_types_and_templates_apart(app, tmp_path):
    result = invoke(app, "gteval", "export", "--dataset", "webkb:wisconsin", "--out", tmp_path,
                    "--count", "40", "--heldout", "3")
    assert result.exit_code == 0, result.output
    train = [json.loads(line) for line in (tmp_path / "train.jsonl").open()]
    evals = [json.loads(line) for line in (tmp_path / "eval.jsonl").open()]
    assert len(train) == 40  # one instruction per train node: the set does not grow
    kinds = {row["variant"].split(":")[0] for row in train}
    assert kinds <= {"original", "rephrase", "relabel"} and len(kinds) > 1
    for row in train:
        user, assistant = row["messages"]
        assert user["role"] == "user" and assistant["role"] == "assistant"
        if row["variant"].startswith("relabel"):
            assert assistant["content"] != row["gold"]  # the coarse label
        else:
            assert assistant["content"] == row["gold"]
    held = {row["variant"] for row in evals if row["set"] == "heldout_template"}
    assert held and not held & {row["variant"] for row in train}
    assert {int(v.split(":")[1]) for v in held} == {8, 9, 10}
    unseen = [row for row in evals if row["set"] == "unseen_type"]
    assert unseen and all(len(row["messages"]) == 1 for row in unseen)
    assert {r["id"] for r in train}.isdisjoint({r["id"] for r in evals})


@needs_shared_data("webkb")
def test_structure_table_with_flip_attack(app, tmp_path):
    result = invoke(app, "gteval", "structure", "--dataset", "webkb:texas", "--attack", "flip",
                    "-m", "reference", "-n", "8", "--gnn", "none", "-s", tmp_path / "s.db", "-q")
    assert result.exit_code == 0, result.output
    assert "Attacked" in result.output and "Text removed" in result.output
    line = next(line for line in result.output.splitlines() if line.startswith("│ reference"))
    assert line.count("100.00") == 3  # the reference reads the gold, not the graph


@needs_shared_data("webkb")
def test_suite_report_prints_the_table_from_the_store(app, tmp_path):
    from rich.console import Console

    from graphgauge.store import Store
    from graphgauge.studies.gteval import suite_report

    invoke(app, "gteval", "run", "--dataset", "webkb:cornell", "-n", "4", "-t", "zero_shot",
           "-m", SCRIPTED + "refuse", "-v", "original", "-v", "randomize:0",
           "-s", tmp_path / "r.db", "-q")
    console = Console(record=True, width=200)
    with Store(tmp_path / "r.db") as store:
        suite_report(store, None, console)
    text = console.export_text()
    assert "Ori. Acc" in text and "refuse (zero_shot, webkb:cornell): does not answer" in text
