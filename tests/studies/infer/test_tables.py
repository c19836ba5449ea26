"""GraphInfer's gate tables: the suite computes the gate report and hands it over
(``on_report``), the study prints it. ``graphgauge generate infer`` prints the same
tables as when the suite printed them itself; the suite layer prints nothing."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from rich.console import Console

import graphgauge as gg
from graphgauge.studies.infer.tables import print_gate_report
from graphgauge.suites.inference import generate_suite
from tests.support.data import needs_shared_data

pytestmark = needs_shared_data("dblp")
SIZES = ["-p", "candidates=30", "-p", "train=8", "-p", "val=2", "-p", "test=10"]
OPTIONS = {"dataset": "dblp", "candidates": 30, "train": 8, "val": 2, "test": 10}
TASKS = ["relation", "outlier", "community"]


def rendered(report: dict) -> str:
    """The tables as the command printed them before the move: a Rich console at least
    100 columns wide on a stderr that is no terminal (no colour codes)."""
    out = io.StringIO()
    print_gate_report(report, Console(file=out, width=100))
    return out.getvalue()


def _generate(tmp_path, *extra: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    return subprocess.run(
        [sys.executable, "-m", "graphgauge.cli", "generate", "infer", "--dataset", "dblp",
         "--tasks", ",".join(TASKS), "--seed", "4", *SIZES, "-o", str(tmp_path / "b.jsonl"),
         "-p", f"gate_report={tmp_path / 'gates.json'}", *extra],
        env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_generate_prints_the_gate_tables_from_the_report_it_wrote(tmp_path):
    done = _generate(tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "gates.json").read_text())  # its keys sorted
    report["tasks"] = {name: report["tasks"][name] for name in TASKS}  # generation's order
    assert done.stderr == rendered(report)
    lines = done.stderr.splitlines()
    assert lines[0].strip() == "GraphInfer gates on dblp (coauthor)"
    assert "┃ task      ┃ cand. ┃ L1 drop ┃ L2 drop ┃ L4 dup ┃ L4 near ┃ kept ┃ train/val/test ┃" \
        in lines
    assert any(line.startswith("│ relation  │    30 │") for line in lines)
    assert any(line.strip().startswith("Shortcut baselines on dblp") for line in lines)
    assert done.stdout == f"wrote 60 instances to {tmp_path / 'b.jsonl'}\n"
    quiet = _generate(tmp_path, "-q")
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_the_report_is_handed_over_and_the_suite_prints_nothing(tmp_path, capsys):
    reports: list[dict] = []
    items = generate_suite(TASKS, 0, 4, None, {**OPTIONS, "gate_report": str(tmp_path / "g")},
                           progress=True, on_report=reports.append)
    assert capsys.readouterr() == ("", "")
    [report] = reports
    assert report == json.loads((tmp_path / "g").read_text())
    assert sum(sum(cell["released"].values()) for cell in report["tasks"].values()) \
        == len(items) == 60
    # the API: a caller's callback replaces the printing; progress alone prints the tables
    again: list[dict] = []
    gg.generate("infer", TASKS, seed=4, options=OPTIONS, progress=True, on_report=again.append)
    assert again == reports and capsys.readouterr() == ("", "")
    gg.generate("infer", TASKS, seed=4, options=OPTIONS, progress=True)
    assert "GraphInfer gates on dblp" in capsys.readouterr().err
