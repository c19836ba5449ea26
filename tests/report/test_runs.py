"""Report aggregation: accuracy with repeats, pass@k, cost."""

import math

import pytest

from graphgauge.models.base import LocalModel, Request
from graphgauge.registry import generate, task_of
from graphgauge.report.runs import cost, run_rows
from graphgauge.results.cells import pass_at_k, summarize
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store


def test_pass_at_k_hand_examples():
    assert pass_at_k([[1, 0, 0]], 2) == pytest.approx(2 / 3)  # 1 - C(2,2)/C(3,2)
    assert pass_at_k([[0, 0, 0]], 3) == 0.0
    assert pass_at_k([[1, 0, 0]], 3) == 1.0
    assert pass_at_k([[1, 1], [0, 0]], 1) == pytest.approx(0.5)


class EveryOtherRepeat(LocalModel):
    """Right on even repeats, a wrong (but parsable) answer on odd ones."""

    name = "alternating"

    def answer(self, request: Request) -> str:
        task = task_of(request.instance)
        gold = task.solve(request.instance)
        if request.repeat % 2 == 0:
            return task.answer.format(gold)
        return "[]" if task.answer.name.endswith("list") else "-1"


def test_repeats_give_mean_accuracy_and_pass_at_k(tmp_path):
    bench = generate("algorithmic", ["shortest_path", "triangles"], count=4, seed=1)
    with Store(tmp_path / "r.db") as store:
        run = run_benchmark(bench, EveryOtherRepeat(), store, RunOptions(repeats=2),
                            progress=False)
        cells = {c.group: c for c in summarize(store, [run.run_id]) if c.level == "task"}
    assert cells["shortest_path"].accuracy == pytest.approx(0.5)
    assert cells["shortest_path"].k == 2
    assert cells["shortest_path"].pass_at_k == pytest.approx(1.0)  # one of two always right
    assert math.isnan(cells["triangles"].pass_at_k)  # exact-match task: no pass@k
    assert cells["triangles"].n == 8


def test_cost_from_prices_and_tokens():
    assert cost(None, 1000, 1000) is None
    assert cost({"input": 0.5, "output": 1.5}, 2000, 1000) == pytest.approx(2.5)


def test_run_rows_sum_tokens_and_cost(tmp_path):
    class Priced(LocalModel):
        name = "priced"

        async def respond(self, requests):
            out = await super().respond(requests)
            for response in out:
                response.tokens_in, response.tokens_out = 100, 10
            return out

        def answer(self, request):
            return "0"

    bench = generate("algorithmic", ["triangles"], count=5, seed=0)
    with Store(tmp_path / "r.db") as store:
        run_benchmark(bench, Priced(), store,
                      RunOptions(prices={"input": 1.0, "output": 2.0}), progress=False)
        (row,) = run_rows(store)
    assert row["items"] == 5 and row["tokens_in"] == 500 and row["tokens_out"] == 50
    assert row["cost"] == pytest.approx(0.6)
