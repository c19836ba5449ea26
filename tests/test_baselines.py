"""Reverse is judged against the same model's answer to the original instruction, which
is another stored item: scored once the requests are over, as no answer when that
request failed, and not at all while the run still owes it."""

from __future__ import annotations

import pytest

from graphgauge.models.base import LocalModel, Request
from graphgauge.runner import RunOptions, run_benchmark, score_pending
from graphgauge.store import Store
from graphgauge.suites.classify import generate_suite
from tests.support.data import needs_shared_data

pytestmark = needs_shared_data("webkb")


class FirstLabel(LocalModel):
    """Names the first label whatever is asked; the original request for the first
    instance fails."""

    name = "first_label"

    def __init__(self, failing: str = ""):
        super().__init__(failing=failing)

    def answer(self, request: Request) -> str:
        inst = request.instance
        if request.prompt.variant == "original" and inst.id == self.params["failing"]:
            raise RuntimeError("server down")
        return inst.meta["labels"][0]


@pytest.fixture
def bench():
    return generate_suite(["zero_shot"], 3, 0, None, {"dataset": "webkb:cornell"}, False)


def _reverse(store, run_id):
    return {row.instance_id: row.accuracy
            for row in store.items([run_id], ("instance_id", "variant", "accuracy"))
            if row.variant == "reverse:0"}


def test_the_same_answer_again_fails_and_a_failed_original_is_no_answer(tmp_path, bench):
    failing = bench[0].id
    with Store(tmp_path / "b.db") as store:
        run = run_benchmark(bench, FirstLabel(failing), store,
                            RunOptions(variants=("original", "reverse:0")), progress=False)
        got = _reverse(store, run.run_id)
    # the first label again, where the original named it: not a reversal
    assert got == {inst.id: (1.0 if inst.id == failing else 0.0) for inst in bench}


def test_a_reverse_answer_waits_for_its_original(tmp_path, bench):
    with Store(tmp_path / "w.db") as store:
        run = run_benchmark(bench, FirstLabel(), store,
                            RunOptions(variants=("original", "reverse:0")), progress=False)
        missing = bench[1].id
        store.db.execute("DELETE FROM items WHERE run_id = ? AND instance_id = ? AND "
                         "variant = 'original'", (run.run_id, missing))
        store.db.commit()
        store.clear_scores(run.run_id)
        assert score_pending(store, run.run_id, bench) == 2 * len(bench) - 2
        got = _reverse(store, run.run_id)
    assert got[missing] is None  # not scored until the original is answered
    assert [got[inst.id] for inst in bench if inst.id != missing] == [0.0, 0.0]
