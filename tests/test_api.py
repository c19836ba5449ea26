"""graphgauge.api end to end: generate -> evaluate -> load_results, the same runs as the
command, checks before the store is touched, and models prepared once."""

from __future__ import annotations

import dataclasses
import math
import sys

import networkx as nx
import pytest

import graphgauge as gg
from graphgauge.cli import main
from graphgauge.errors import UserError
from graphgauge.instance import file_digest
from graphgauge.models.base import LocalModel

ZERO_MODEL = "def answer(prompt):\n    return 'The answer is 0'\n"


@pytest.fixture
def zero_model(tmp_path, monkeypatch):
    """A scripted model that answers 0 to everything."""
    (tmp_path / "zero_model.py").write_text(ZERO_MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "python:zero_model:answer"
    sys.modules.pop("zero_model", None)


def _triangles(inst) -> int:
    """The number of triangles, counted here with networkx, not by the suite."""
    graph = nx.Graph()
    graph.add_nodes_from(node["id"] for node in inst.graphs["G"]["nodes"])
    graph.add_edges_from((e["source"], e["target"]) for e in inst.graphs["G"]["edges"])
    return sum(nx.triangles(graph).values()) // 3


def test_generate_evaluate_load_results(tmp_path, zero_model):
    bench = tmp_path / "b.jsonl"
    instances = gg.generate("algorithmic", ["triangles"], count=12, seed=3, output=bench,
                            nodes=(4, 7))
    assert len(instances) == 12 and bench.read_text().count("\n") == 12
    assert [inst.answer for inst in instances] == [_triangles(inst) for inst in instances]
    expected = sum(_triangles(inst) == 0 for inst in instances) / 12
    assert 0 < expected < 1  # the scripted model is right on some items, wrong on others

    store = tmp_path / "r.db"
    seen = []
    done = gg.evaluate(bench, ["reference", zero_model], store=store, on_done=seen.append)
    assert seen == done and [e.model for e in done] == ["reference", zero_model]
    reference, zero = done
    assert reference.accuracy == 1.0 and not reference.run.resumed
    assert zero.accuracy == pytest.approx(expected)
    assert zero.failed == 0 and not zero.all_failed and zero.extraction is None

    results = gg.load_results(store)
    assert {run["id"] for run in results.runs} == {reference.run_id, zero.run_id}
    assert all(run["manifest"]["benchmark"]["sha256"] == file_digest(bench)
               for run in results.runs)
    records = [r for r in results.items if r.run_id == zero.run_id]
    assert len(records) == 12 and all(isinstance(r, gg.ItemRecord) for r in records)
    gold = {inst.id: inst.answer for inst in instances}
    for record in records:
        assert record.gold_value == gold[record.instance_id]
        assert record.accuracy == float(gold[record.instance_id] == 0)
        assert record.parsed_value == 0 and record.parsed_by == "reader"
        assert record.key == (record.instance_id, "edge_list", "original", 0)
    suite = [c for c in results.cells if c.run_id == zero.run_id and c.level == "suite"]
    assert [c.accuracy for c in suite] == [pytest.approx(expected)]

    only = gg.load_results(store, [zero.run_id[:12]])
    assert [run["id"] for run in only.runs] == [zero.run_id] and len(only.items) == 12


def test_the_command_and_the_api_make_the_same_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "spectral", "-o", "s.jsonl", "-n", "2", "-q"]) == 0
    (done,) = gg.evaluate("s.jsonl", "mean")  # the same default store as the command
    capsys.readouterr()
    assert main(["run", "s.jsonl", "-m", "mean", "-q"]) == 0
    out = capsys.readouterr().out
    assert f"run {done.run_id} (resumed)" in out and f"{done.run.total} already done" in out


def test_every_check_comes_before_the_store(tmp_path):
    bench = tmp_path / "b.jsonl"
    gg.generate("algorithmic", ["degree"], count=2, output=bench)
    store = tmp_path / "never.db"
    prices = tmp_path / "prices.yaml"
    prices.write_text("- not a table\n")
    cases = [
        (dict(models="nonsense"), "unknown model"),
        (dict(models="reference", repeats=0), "--repeats"),
        (dict(models="reference", split="test"), "no instance of split"),
        (dict(models="reference", prices=prices), "expected 'model:"),
        (dict(models="reference", params={"price_in": "cheap", "price_out": 1}),
         "must be numbers"),
        (dict(models="reference", params={"price_in": 1}), "needs -p price_out too"),
        (dict(models="reference", encodings=["edge_list+nope"]), "nope"),
        (dict(models="reference", extractor_params={"x": 1}), "needs --extractor"),
    ]
    for kwargs, message in cases:
        with pytest.raises(UserError, match=message):
            gg.evaluate(bench, store=store, **kwargs)
        assert not store.exists()
    with pytest.raises(UserError, match="store not found"):
        gg.load_results(store)


class Learner(LocalModel):
    """Remembers what it was shown in ``prepare`` and answers the most frequent gold."""

    name = "learner"

    def __init__(self):
        super().__init__()
        self.shown: list[list[str]] = []
        self.answer_text = ""

    def prepare(self, instances):
        self.shown.append([inst.id for inst in instances])
        golds = [inst.answer for inst in instances]
        self.answer_text = str(max(set(golds), key=golds.count))

    def answer(self, request):
        return self.answer_text


def _node_counts(split_sizes: list[tuple[str, int]]) -> list:
    """node_number items, one per (split, node count), with ids of their own."""
    out = []
    for index, (split, nodes) in enumerate(split_sizes):
        (inst,) = gg.generate("algorithmic", ["node_number"], count=1, seed=index,
                              nodes=(nodes, nodes))
        out.append(dataclasses.replace(inst, id=f"n{index}",
                                       meta={**inst.meta, "split": split}))
    return out


# four graphs of 4 nodes (three of them train), two of 5 nodes: the test split's own
# majority is 5, the file's is 4
SPLITS = [("train", 4), ("train", 4), ("train", 4), ("test", 4), ("test", 5), ("test", 5)]


def test_a_model_prepares_once_on_the_whole_file_and_answers_its_split(tmp_path):
    instances = _node_counts(SPLITS)
    assert [inst.answer for inst in instances] == [nodes for _, nodes in SPLITS]
    learner = Learner()
    (done,) = gg.evaluate(instances, learner, split="test", store=tmp_path / "s.db")
    assert learner.shown == [[inst.id for inst in instances]]  # once, every split
    assert done.run.total == 3 and done.accuracy == pytest.approx(1 / 3)


def test_majority_with_a_split_answers_the_files_majority(tmp_path):
    """The majority baseline reads the gold of the whole benchmark file, also when it
    answers one split (before, the split's own majority won: 2/3 here)."""
    bench = tmp_path / "b.jsonl"
    gg.write_jsonl(_node_counts(SPLITS), bench)
    (done,) = gg.evaluate(bench, "majority", split="test", store=tmp_path / "s.db")
    assert done.accuracy == pytest.approx(1 / 3)
    assert math.isclose(done.suites[0].accuracy, 1 / 3)


def test_import_graphgauge_stays_light():
    import subprocess

    code = ("import sys, graphgauge; "
            "print(sorted(m for m in sys.modules if m.startswith(('graphgauge.api', "
            "'graphgauge.runner', 'graphgauge.store', 'typer', 'rich'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
