"""Adding a variant kind is one class: registered at runtime, it is listed, validated,
rendered and scored by its own ``expected()`` through the real commands, with no other
change to graphgauge."""

from __future__ import annotations

import csv

import pytest
from typer.testing import CliRunner

from graphgauge.cli import app
from graphgauge.errors import UserError
from graphgauge.render import variants
from graphgauge.render.variants import ABSTAIN, Expected, Variant, register
from graphgauge.store import Store
from graphgauge.studies.gteval.variants import variant_rows
from tests.support.data import needs_shared_data

SCRIPTED = "python:graphgauge.studies.gteval.models:"


class Hush(Variant):
    """Asks the model to stay silent: the right response is no answer at all."""

    kind = "hush"
    meaning = "an instruction to give no answer (expected: none)"
    templates = ("Do not classify the center node among {labels}; say nothing about it.",
                 "Ignore the {n} classes {labels} and keep the label to yourself.")
    question_templates = ("Read this, but do not answer it: {question}",
                          "Never mind the question ({question_lower}); stay quiet.")

    def expected(self, instance, baseline=None) -> Expected:
        return Expected(ABSTAIN)


@pytest.fixture
def hush(monkeypatch):
    """Hush registered for one test: the registry's tables are swapped for copies."""
    registry = variants.VARIANTS
    monkeypatch.setattr(registry, "_entries", dict(registry._entries))
    monkeypatch.setattr(registry, "_values", dict(registry._values))
    register(Hush)
    assert "hush" in variants.kinds()
    yield Hush


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def test_a_registered_kind_runs_end_to_end(hush, tmp_path):
    listed = invoke("variants")
    assert "hush:0..1" in listed.output and "expected: none" in listed.output
    bench, db = tmp_path / "b.jsonl", tmp_path / "r.db"
    assert invoke("generate", "algorithmic", "-o", bench, "-n", 3, "--tasks",
                  "degree,shortest_path,has_cycle").exit_code == 0
    bad = invoke("run", bench, "-m", "reference", "-s", db, "-v", "hush:2")
    assert isinstance(bad.exception, UserError) and not db.exists()
    for model in ("reference", SCRIPTED + "refuse"):
        result = invoke("run", bench, "-m", model, "-s", db, "-q", "-v", "original",
                        "-v", "hush:0", "-v", "hush:1")
        assert result.exit_code == 0, result.output
    with Store(db, write=False) as store:
        prompts = [row.prompt for row in store.items(None, ("variant", "prompt"))
                   if row.variant == "hush:1"]
        rows = {row.model: row.accuracy for row in variant_rows(store, tasks=False)}
    assert prompts and all("stay quiet" in text for text in prompts)
    # the reference answers the gold, which this kind counts as wrong; refusing is right
    assert rows["reference"]["original"].mean == 1.0 and rows["reference"]["hush"].mean == 0.0
    assert rows[SCRIPTED + "refuse"]["hush"].mean == 1.0
    assert rows[SCRIPTED + "refuse"]["original"].mean == 0.0
    out = tmp_path / "cells.csv"
    assert invoke("report", "-s", db, "--csv", out).exit_code == 0
    with open(out, newline="") as handle:
        board = [float(r["accuracy"]) for r in csv.DictReader(handle) if r["level"] == "suite"]
    assert sorted(board) == pytest.approx([1 / 3, 2 / 3])  # original 1 of 3 variants
    # the kind is a column of the per-variant tables, console and HTML alike
    report = invoke("report", "-s", db)
    assert report.exit_code == 0 and "hush Acc" in report.output
    from graphgauge.studies.gteval.html import variant_blocks

    with Store(db, write=False) as store:
        table = variant_blocks(store, None)[0]
    assert table.columns[-1] == "hush Acc"
    cells = {row[0]: row[-1] for row in table.rows if row[2] == "all"}
    assert cells == {"reference": "0.00±0.00", "refuse": "100.00±0.00"}


@needs_shared_data("webkb")
def test_a_registered_kind_is_a_column_of_the_gteval_table(hush, tmp_path):
    """On classify the kind's items are in the leaderboard, so they are in GTEval's
    table too: its own column, and the two agree on the run."""
    from graphgauge.studies.gteval.report import gteval_kinds, row_cells
    from graphgauge.studies.gteval.rows import gteval_rows

    bench, db = tmp_path / "cls.jsonl", tmp_path / "r.db"
    assert invoke("generate", "classify", "-o", bench, "-n", 3, "--seed", 2, "--dataset",
                  "webkb:cornell", "--tasks", "zero_shot").exit_code == 0
    for model in ("reference", SCRIPTED + "refuse"):
        result = invoke("run", bench, "-m", model, "-s", db, "-q", "-v", "original",
                        "-v", "hush:0", "-v", "hush:1")
        assert result.exit_code == 0, result.output
    out = tmp_path / "cells.csv"
    report = invoke("report", "-s", db, "--csv", out)
    assert report.exit_code == 0 and " hush ┃" in report.output
    with open(out, newline="") as handle:
        board = {r["model"]: float(r["accuracy"]) for r in csv.DictReader(handle)
                 if r["level"] == "suite"}
    with Store(db, write=False) as store:
        rows = {row.model: row for row in gteval_rows(store)}
    assert gteval_kinds(list(rows.values())) == ["hush"]
    for model, row in rows.items():
        hush_spread = row.others["hush"]
        # every item once per variant: the leaderboard is original and hush, 1 : 2
        assert board[model] == pytest.approx((row.original + 2 * hush_spread.mean) / 3)
    assert rows["reference"].others["hush"].mean == 0.0
    assert rows[SCRIPTED + "refuse"].others["hush"].mean == 1.0
    assert row_cells(rows["reference"], extra=["hush"])[-1] == "0.00±0.00"
