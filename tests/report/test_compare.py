"""graphgauge compare: paired differences per task and overall, and disagreeing items."""

from __future__ import annotations

import csv

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from graphgauge.cli.reports import register
from graphgauge.errors import UserError
from graphgauge.report.compare import compare_runs
from graphgauge.store import Store
from tests.support.report_stores import item, write_store


def _scores(seed: int, n: int, p: float) -> list[float]:
    return [float(x) for x in np.random.default_rng(seed).random(n) < p]


def _two_runs(tmp_path, encoding_b: str = "edge_list"):
    a = {"degree": _scores(1, 30, 0.8), "bfs": _scores(2, 20, 0.5)}
    b = {"degree": _scores(3, 30, 0.4), "bfs": _scores(4, 20, 0.5)}
    rows = [item("a-1", task, i, s) for task, scores in a.items() for i, s in enumerate(scores)]
    rows += [item("b-2", task, i, s, encoding=encoding_b)
             for task, scores in b.items() for i, s in enumerate(scores)]
    rows.append(item("a-1", "degree", 99, 1.0))  # only in A
    rows.append(item("b-2", "degree", 98, None, error="timeout", encoding=encoding_b))
    return write_store(tmp_path / "c.db", rows), a, b


def test_differences_and_disagreements_match_an_independent_count(tmp_path):
    path, a, b = _two_runs(tmp_path)
    with Store(path) as store:
        result = compare_runs(store, "a-1", "b-2", seed=0)
    assert result.paired_on == "item"
    assert (result.only_a, result.only_b) == (1, 0)  # the failed request pairs with nothing
    by_task = {d.task: d for d in result.differences}
    for task in ("degree", "bfs"):
        d = by_task[task]
        assert d.n == len(a[task])
        assert d.accuracy_a == pytest.approx(np.mean(a[task]))
        assert d.diff == pytest.approx(np.mean(a[task]) - np.mean(b[task]))
        assert d.low <= d.diff <= d.high
    overall = by_task["all"]
    all_a, all_b = a["degree"] + a["bfs"], b["degree"] + b["bfs"]
    assert overall.n == 50 and overall.diff == pytest.approx(np.mean(all_a) - np.mean(all_b))
    # a plain percentile bootstrap over the paired differences, written here
    rng = np.random.default_rng(7)
    diffs = np.array(all_a) - np.array(all_b)
    means = diffs[rng.integers(0, diffs.size, (4000, diffs.size))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    assert overall.low == pytest.approx(low, abs=0.04)
    assert overall.high == pytest.approx(high, abs=0.04)
    expected = {(task, i) for task in a for i in range(len(a[task])) if a[task][i] != b[task][i]}
    found = {(d.task, int(d.instance_id.rsplit("/", 1)[1])) for d in result.disagreements}
    assert found == expected
    assert all(d.score_a != d.score_b for d in result.disagreements)


def test_runs_in_different_encodings_pair_on_the_instance(tmp_path):
    path, a, b = _two_runs(tmp_path, encoding_b="adjacency_list")
    with Store(path) as store:
        result = compare_runs(store, "a-1", "b-2")
    assert result.paired_on == "instance"
    assert {d.task: d.n for d in result.differences} == {"bfs": 20, "degree": 30, "all": 50}
    assert {d.encoding for d in result.disagreements} == {"*"}


def test_repeats_are_averaged_before_pairing(tmp_path):
    rows = [item("a-1", "degree", 0, 1.0), item("a-1", "degree", 0, 0.0, repeat=1),
            item("b-2", "degree", 0, 0.0), item("b-2", "degree", 0, 0.0, repeat=1)]
    with Store(write_store(tmp_path / "r.db", rows)) as store:
        result = compare_runs(store, "a-1", "b-2")
    (d,) = result.differences
    assert (d.n, d.diff) == (1, 0.5)
    assert result.disagreements[0].score_a == 0.5


def test_user_mistakes(tmp_path):
    path, _, _ = _two_runs(tmp_path)
    rows = [item("c-3", "degree", 0, 1.0, suite="spectral")]
    write_store(path, rows)
    with Store(path) as store:
        with pytest.raises(UserError, match="two different runs"):
            compare_runs(store, "a-1", "a-1")
        with pytest.raises(UserError, match="share no scored instance"):
            compare_runs(store, "a-1", "c-3")


def test_cli_prints_table_and_writes_disagreements(tmp_path):
    path, a, b = _two_runs(tmp_path)
    app = typer.Typer()
    register(app)
    out = tmp_path / "dis.csv"
    result = CliRunner().invoke(app, ["compare", "a", "b", "--store", str(path), "--show", "2",
                                      "--disagreements", str(out)], terminal_width=200)
    assert result.exit_code == 0, result.output
    count = sum(x != y for task in a for x, y in zip(a[task], b[task], strict=True))
    assert f"{count} disagreeing items" in result.output
    assert "[paired 95%" in result.output  # square brackets survive rich's markup
    assert "not paired: 1 only in A, 0 only in B" in result.output
    with open(out, newline="") as handle:
        listed = list(csv.DictReader(handle))
    assert len(listed) == count and {"response_a", "gold"} <= set(listed[0])
    bad = CliRunner().invoke(app, ["compare", "a", "zzz", "--store", str(path)])
    assert isinstance(bad.exception, UserError) and "no run matching" in str(bad.exception)
    missing = CliRunner().invoke(app, ["compare", "a", "b", "--store", str(tmp_path / "x.db")])
    assert isinstance(missing.exception, UserError)
