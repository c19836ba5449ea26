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
        prompts = [row["prompt"] for row in store.items(None, ("variant", "prompt"))
                   if row["variant"] == "hush:1"]
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
