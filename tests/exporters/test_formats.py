"""The export formats are a registry like the models' and the import formats': named in
errors, in ``export-task --help`` and ``graphgauge list export-formats``, and open to a
plugin, which adds a format with one registration and no edit to graphgauge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from graphgauge.cli import app
from graphgauge.errors import UserError
from graphgauge.exporters import FORMATS, export_task
from graphgauge.exporters.records import read_records, write_records
from graphgauge.instance import write_jsonl
from graphgauge.plugins import Registry
from graphgauge.registry import generate
from tests.support.registries import scratch


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


class RecordsFile:
    """A made-up format: the records as one JSONL file, scored by graphgauge on reading."""

    def export(self, records, out: Path, *, license=None, source=None) -> list[str]:
        write_records(records, out / "records.jsonl")
        (out / "source.txt").write_text(f"{source} {license}")
        return ["records"]

    def how_to_use(self, out: Path, first: str) -> str:
        return f"read {out / 'records.jsonl'}"


@pytest.fixture
def bench(tmp_path):
    path = tmp_path / "bench.jsonl"
    write_jsonl(generate("algorithmic", ["edge_number", "triangles"], count=2, seed=4), path)
    return path


def test_the_formats_are_a_registry_and_an_unknown_one_is_named(bench, tmp_path):
    assert isinstance(FORMATS, Registry)
    assert list(FORMATS)[:3] == ["lm-eval", "inspect", "hf"]
    with pytest.raises(UserError, match=r"unknown export format 'csv'; choose from: lm-eval, "
                                        r"inspect, hf"):
        export_task("csv", bench, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_registered_format_is_exported_listed_and_in_the_help(bench, tmp_path, monkeypatch):
    scratch(FORMATS, monkeypatch)
    FORMATS.add("records", RecordsFile(), summary="the records as one JSONL file")
    assert "│ records │" not in _invoke("list", "import-formats")
    assert "│ records │ the records as one JSONL file │" in _invoke("list", "export-formats")
    assert "lm-eval | inspect | hf | records" in _invoke("export-task", "--help")
    out = tmp_path / "out"
    assert "wrote the records as one JSONL file with 8 items" in _invoke(
        "export-task", "records", str(bench), "-o", str(out), "-v", "original",
        "-v", "rephrase:1", "--license", "cc0-1.0")
    records = read_records(out / "records.jsonl")
    assert len(records) == 8  # 4 instances x 2 variants, every one rendered by graphgauge
    assert {r["variant"] for r in records} == {"original", "rephrase:1"}
    assert {r["task"] for r in records} == {"edge_number", "triangles"}
    assert (out / "source.txt").read_text() == f"{bench} cc0-1.0"
    assert json.loads(records[0]["answer"]) == json.loads(
        bench.read_text().splitlines()[0])["answer"]


def test_a_format_needing_a_missing_package_says_so_before_writing(bench, tmp_path,
                                                                     monkeypatch):
    scratch(FORMATS, monkeypatch)
    needy = RecordsFile()
    needy.NEEDS = ("graphgauge_no_such_package",)
    FORMATS.add("needy", needy)
    with pytest.raises(UserError, match="the needy export needs graphgauge_no_such_package"):
        export_task("needy", bench, tmp_path / "out")
    assert not (tmp_path / "out").exists()
