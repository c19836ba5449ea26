"""Scoring with a second core: a forked child maps half the items, and the results are
those of the plain loop, in order, whatever becomes of the child."""

import os
import sys

import pytest

from graphgauge import forkmap
from graphgauge.forkmap import forked_map
from graphgauge.models import load_model
from graphgauge.registry import generate
from graphgauge.runner import run_benchmark
from graphgauge.store import Store

can_fork = pytest.mark.skipif(sys.platform != "linux" or forkmap.usable_cores() < 2,
                              reason="forks only on Linux with two usable cores")


def _tagged(item):
    return (item, item * item, os.getpid())


@can_fork
def test_the_child_maps_a_share_and_the_order_is_kept():
    items = list(range(2500))
    seen = []
    out = forked_map(_tagged, items, seen.append)
    assert [(i, sq) for i, sq, _ in out] == [(i, i * i) for i in items]
    pids = {pid for _, _, pid in out}
    assert os.getpid() in pids and len(pids) == 2  # the parent and one child
    assert sum(seen) == len(items)


def test_few_items_are_mapped_here():
    out = forked_map(_tagged, list(range(forkmap.MIN_ITEMS - 1)))
    assert {pid for _, _, pid in out} == {os.getpid()}


@can_fork
def test_a_child_that_fails_leaves_its_share_to_the_parent():
    parent = os.getpid()

    def fails_in_child(item):
        if os.getpid() != parent:
            raise RuntimeError("child")
        return _tagged(item)

    seen = []
    out = forked_map(fails_in_child, list(range(2000)), seen.append)
    assert [i for i, _, _ in out] == list(range(2000))
    assert {pid for _, _, pid in out} == {parent}
    assert sum(seen) == 2000


@can_fork
def test_a_run_scores_the_same_with_and_without_the_child(tmp_path, monkeypatch):
    bench = generate("algorithmic", count=4, seed=5)
    columns = ("instance_id", "parsed", "parse_ok", "scores", "accuracy", "parsed_by")
    stored = {}
    forks = []
    real_fork = os.fork
    monkeypatch.setattr(forkmap.os, "fork", lambda: forks.append(1) or real_fork())
    for label, threshold in (("serial", 10**9), ("forked", 2)):
        monkeypatch.setattr(forkmap, "MIN_ITEMS", threshold)
        with Store(tmp_path / f"{label}.db") as store:
            run = run_benchmark(bench, load_model("random"), store, progress=False)
            assert run.scored == len(bench)
            stored[label] = sorted(tuple(row.values())
                                   for row in store.items([run.run_id], columns))
    assert forks  # the scoring pass did fork
    assert stored["forked"] == stored["serial"]
    assert any(row[2] == 1 for row in stored["forked"])  # answers were read, not all failed
