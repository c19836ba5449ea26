"""graphgauge export: per-item results as CSV, JSONL and Parquet."""

from __future__ import annotations

import csv
import json
import sqlite3
import sys

import pytest
import typer
from typer.testing import CliRunner

from graphgauge.cli.reports import register
from graphgauge.errors import UserError
from graphgauge.report.export import COLUMNS, export_items
from graphgauge.store import Store
from tests.support.report_stores import item, write_store


@pytest.fixture
def store_path(tmp_path):
    rows = [item("m-1", "degree", i, float(i % 2)) for i in range(5)]
    rows += [item("n-2", "bfs", 0, None, error="HTTP 500", parse_ok=None, scores=None)]
    rows[0]["scores"] = json.dumps({"accuracy": 0.0, "f1": 0.25})
    rows[1]["response"] = 'quote " comma, newline\nend'
    return write_store(tmp_path / "e.db", rows, models={"m-1": "model one", "n-2": "two"})


def _database_rows(path):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    return {(r["run_id"], r["instance_id"]): dict(r) for r in db.execute("SELECT * FROM items")}


def test_csv_has_every_item_with_model_and_score_columns(store_path, tmp_path):
    out = tmp_path / "items.csv"
    with Store(store_path) as store:
        assert export_items(store, None, "csv", out) == 6
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == list(COLUMNS) + ["score_accuracy", "score_f1"]
    truth = _database_rows(store_path)
    for row in rows:
        stored = truth[row["run_id"], row["instance_id"]]
        assert row["response"] == stored["response"]
        assert row["model"] == {"m-1": "model one", "n-2": "two"}[row["run_id"]]
        assert row["score_accuracy"] == ("" if stored["accuracy"] is None
                                         else str(stored["accuracy"]))
    assert [r["score_f1"] for r in rows if r["score_f1"]] == ["0.25"]
    assert "cache_key" not in rows[0]


def test_jsonl_decodes_json_columns_and_filters_runs(store_path, tmp_path):
    out = tmp_path / "items.jsonl"
    with Store(store_path) as store:
        assert export_items(store, ["m-1"], "jsonl", out) == 5
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["run_id"] for r in rows} == {"m-1"}
    first = next(r for r in rows if r["instance_id"].endswith("00000"))
    assert first["scores"] == {"accuracy": 0.0, "f1": 0.25}
    assert first["gold"] == 0 and first["meta"]["family"] == "erdos_renyi"


def test_parquet_round_trip(store_path, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "items.parquet"
    with Store(store_path) as store:
        assert export_items(store, None, "parquet", out) == 6
    table = pq.read_table(out)
    assert table.num_rows == 6
    assert str(table.schema.field("accuracy").type) == "double"
    assert str(table.schema.field("repeat").type) == "int64"
    data = table.to_pylist()
    truth = _database_rows(store_path)
    for row in data:
        stored = truth[row["run_id"], row["instance_id"]]
        assert row["accuracy"] == stored["accuracy"] and row["error"] == stored["error"]


def test_parquet_without_pyarrow_says_how_to_get_it(store_path, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with Store(store_path) as store, pytest.raises(UserError, match="pip install"):
        export_items(store, None, "parquet", tmp_path / "x.parquet")


def test_cli_export_and_its_mistakes(store_path, tmp_path):
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    out = tmp_path / "cli.jsonl"
    result = runner.invoke(app, ["export", "--store", str(store_path), "--format", "jsonl",
                                 "-o", str(out), "--run", "n"])
    assert result.exit_code == 0 and "wrote 1 items" in result.output
    bad = runner.invoke(app, ["export", "--store", str(store_path), "--format", "xlsx",
                              "-o", str(out)])
    assert isinstance(bad.exception, UserError) and "xlsx" in str(bad.exception)
    nowhere = runner.invoke(app, ["export", "--store", str(store_path),
                                  "-o", str(tmp_path / "no" / "x.csv")])
    assert isinstance(nowhere.exception, UserError)


@pytest.mark.parametrize(("name", "first"), [("items.jsonl", "{"), ("items.csv", "model,")])
def test_cli_export_format_follows_the_output_suffix(store_path, tmp_path, name, first):
    app = typer.Typer()
    register(app)
    out = tmp_path / name
    result = CliRunner().invoke(app, ["export", "--store", str(store_path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith(first)
