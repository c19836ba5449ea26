"""The runner and store: scoring, resume, cache, errors."""

import asyncio

import pytest

from graphgauge.models import load_model
from graphgauge.models.base import Response
from graphgauge.models.builtin import ReferenceModel
from graphgauge.registry import generate
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store


class Crash(Exception):
    """Stands in for the process dying mid-run."""


class CountingModel(ReferenceModel):
    """The reference answer, but cached like a paid model and counting what it is sent."""

    cacheable = True
    batch_size = 3
    concurrency = 2

    def __init__(self, fail_ids=(), stop_after=None, **params):
        super().__init__(**params)
        self.name = "counting"
        self.sent: list[str] = []
        self.fail_ids = set(fail_ids)
        self.stop_after = stop_after

    async def respond(self, requests):
        out = []
        for request in requests:
            if self.stop_after is not None and len(self.sent) >= self.stop_after:
                raise Crash
            self.sent.append(request.prompt.key)
            if request.instance.id in self.fail_ids:
                out.append(Response(text=None, error="HTTP 503"))
            else:
                out.append(Response(text=self.answer(request)))
            await asyncio.sleep(0)
        return out


@pytest.fixture
def bench():
    return generate("algorithmic", count=3, seed=2)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "runs.db") as db:
        yield db


def test_reference_scores_everything_and_baselines_do_not(bench, store):
    result = run_benchmark(bench, load_model("reference"), store, progress=False)
    rows = list(store.items([result.run_id]))
    assert len(rows) == len(bench)
    assert all(r.accuracy == 1.0 and r.parse_ok == 1 for r in rows), [
        (r.task, r.response) for r in rows if r.accuracy != 1.0]
    rnd = run_benchmark(bench, load_model("random"), store, progress=False)
    accuracy = [r.accuracy for r in store.items([rnd.run_id])]
    assert sum(accuracy) < len(accuracy)


def test_rerun_skips_everything(bench, store):
    first = run_benchmark(bench, CountingModel(), store, progress=False)
    model = CountingModel()
    again = run_benchmark(bench, model, store, progress=False)
    assert again.run_id == first.run_id and again.resumed
    assert again.skipped == len(bench) and model.sent == []


def test_errors_are_recorded_then_retried_on_resume(bench, store):
    failing = {bench[0].id, bench[4].id}
    first = run_benchmark(bench, CountingModel(fail_ids=failing), store, progress=False)
    assert first.errors == 2 and first.answered == len(bench) - 2
    errors = [r for r in store.items([first.run_id]) if r.error]
    assert {r.instance_id for r in errors} == failing
    assert all(r.accuracy is None for r in errors)
    model = CountingModel()
    second = run_benchmark(bench, model, store, progress=False)
    assert len(model.sent) == 2 and second.answered == 2
    assert all(r.error is None for r in store.items([first.run_id]))


def test_interrupted_run_resumes_without_resending(bench, store):
    model = CountingModel(stop_after=5)
    with pytest.raises(Crash):
        run_benchmark(bench, model, store, progress=False)
    stored = list(store.items())
    assert 3 <= len(stored) <= 5  # whole batches committed as they arrived
    assert all(r.parse_ok is None for r in stored)  # the crash came before scoring
    resumed = CountingModel()
    result = run_benchmark(bench, resumed, store, progress=False)
    assert len(resumed.sent) == len(bench) - len(stored)
    assert result.scored == len(bench)  # the killed run's answers are scored too
    assert all(row.accuracy == 1.0 for row in store.items())


def test_rescoring_reads_stored_answers_again(bench, store):
    """Scoring is a pass over stored answers: a fixed parser applies without new requests."""
    from graphgauge.runner import score_pending

    result = run_benchmark(bench, CountingModel(), store, progress=False)
    store.db.execute("UPDATE items SET parse_ok = NULL, accuracy = NULL")
    assert score_pending(store, result.run_id, bench) == len(bench)
    assert all(row.accuracy == 1.0 for row in store.items())


def test_cache_is_shared_across_runs_but_not_across_params(bench, store):
    run_benchmark(bench[:6], CountingModel(), store, progress=False)
    model = CountingModel()
    result = run_benchmark(bench, model, store, progress=False)
    assert result.from_cache == 6 and len(model.sent) == len(bench) - 6
    other = CountingModel(temperature=0.7)
    result = run_benchmark(bench, other, store, progress=False)
    assert result.from_cache == 0 and len(other.sent) == len(bench)


def test_the_cache_offers_scored_answers_through_its_index(bench, store):
    """Answers enter the cache index when they are scored (written once, in the scoring
    pass, instead of at every commit): a run stopped before scoring offers its answers to
    other runs once a resume has scored them, and the lookup reads the index."""
    model = CountingModel()
    result = run_benchmark(bench[:6], model, store, progress=False)
    keys = [row.cache_key for row in store.items([result.run_id], ["cache_key"])]
    assert len(store.cached(keys)) == 6
    store.db.execute("UPDATE items SET parse_ok = NULL, accuracy = NULL")  # as if killed
    assert store.cached(keys) == {}
    again = run_benchmark(bench[:6], model, store, progress=False)  # the resume scores them
    assert again.scored == 6 and len(model.sent) == 6
    assert len(store.cached(keys)) == 6
    (plan,) = store.db.execute(
        "EXPLAIN QUERY PLAN SELECT response FROM items WHERE cache_key IN (?, ?) "
        "AND parse_ok IS NOT NULL AND error IS NULL", keys[:2]).fetchall()
    assert "items_cache_scored" in plan[3]


def test_a_store_with_the_earlier_cache_index_opens_resumes_and_reports_the_same(
        bench, tmp_path):
    """A store written before the cache index held only scored answers: opening it
    replaces the index, its run resumes with nothing sent again, its numbers stay, and its
    answers are still in the cache."""
    import sqlite3

    path = tmp_path / "old.db"
    model = CountingModel(stop_after=10)
    with Store(path) as store, pytest.raises(Crash):
        run_benchmark(bench, model, store, progress=False)
    with Store(path) as store:
        done = run_benchmark(bench, CountingModel(), store, progress=False)
    with sqlite3.connect(path) as db:  # the earlier layout
        db.execute("DROP INDEX items_cache_scored")
        db.execute("CREATE INDEX items_cache ON items (cache_key) WHERE cache_key IS NOT NULL")
        before = db.execute("SELECT instance_id, parsed, scores, accuracy FROM items "
                            "ORDER BY instance_id").fetchall()
    with Store(path) as store:
        indexes = {name for (name,) in store.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "items_cache_scored" in indexes and "items_cache" not in indexes
        model = CountingModel()
        again = run_benchmark(bench, model, store, progress=False)
        assert again.run_id == done.run_id and again.skipped == len(bench)
        assert model.sent == []
        after = store.db.execute("SELECT instance_id, parsed, scores, accuracy FROM items "
                                 "ORDER BY instance_id").fetchall()
        assert after == before
        assert store.run_stats()[done.run_id]["accuracy"] == 1.0
        fresh = CountingModel()
        shifted = run_benchmark(bench[1:], fresh, store, progress=False)  # another run
        assert shifted.run_id != done.run_id
        assert shifted.from_cache == len(bench) - 1 and fresh.sent == []


def test_repeats_use_distinct_seeds_and_rows(bench, store):
    model = CountingModel()
    result = run_benchmark(bench[:4], model, store, RunOptions(repeats=3), progress=False)
    rows = list(store.items([result.run_id]))
    assert len(rows) == 12 and {r.repeat for r in rows} == {0, 1, 2}
    assert len(model.sent) == 12


def test_manifest_records_what_reproduces_the_run(bench, store):
    result = run_benchmark(bench, load_model("random", seed=4), store, progress=False)
    manifest = store.manifest(result.run_id)
    assert manifest["model"] == {"name": "random", "params": {"seed": 4}}
    assert manifest["benchmark"]["instances"] == len(bench)
    assert {"graphgauge", "python", "libraries", "started", "finished"} <= set(manifest)


def test_file_digest_equals_instance_digest(bench, tmp_path):
    """The CLI hashes the file; the API hashes the instances: same run ids either way."""
    from graphgauge.instance import file_digest, write_jsonl
    from graphgauge.runner import benchmark_digest

    path = tmp_path / "b.jsonl"
    write_jsonl(bench, path)
    assert file_digest(path) == benchmark_digest(bench)


def test_a_stored_row_spells_gold_and_meta_as_before():
    """Rows built from an instance's precomputed columns equal rows built from the instance,
    and gold/meta keep json.dumps' spelling (meta with sorted keys)."""
    import dataclasses

    from graphgauge.models.base import Request
    from graphgauge.registry import render
    from graphgauge.runner import instance_columns, response_row

    inst = generate("algorithmic", count=1, seed=3, tasks=["shortest_path"])[0]
    inst = dataclasses.replace(inst, answer=[0, 2, 5],
                               meta={"size": 7, "family": "path", "weights": [1.5, 2.0]})
    request = Request(render(inst), inst, 1, 1)
    response = Response("The path is 0, 2, 5.", None, 0.25, 30, 6)
    row = response_row(request, response, "run-1", False, "k1")
    again = response_row(request, response, "run-1", False, "k1", columns=instance_columns(inst))
    assert dataclasses.replace(again, created=row.created) == row
    assert row.gold == "[0, 2, 5]"
    assert row.meta == '{"family": "path", "size": 7, "weights": [1.5, 2.0]}'
    assert (row.suite, row.task, row.repeat, row.cache_key, row.cached) == (
        "algorithmic", "shortest_path", 1, "k1", 0)
    assert (row.response, row.latency, row.tokens_in, row.tokens_out) == (
        "The path is 0, 2, 5.", 0.25, 30, 6)
    assert row.parsed is None and row.parse_ok is None and row.scores is None
    failed = response_row(request, Response(None, "HTTP 500: x", 0.1), "run-1", False, "k1")
    assert failed.cache_key is None and failed.error == "HTTP 500: x"


def test_a_commit_the_store_refuses_stops_the_run_and_loses_nothing(bench, store, monkeypatch):
    """Answers are committed from a timer on the event loop, where an exception would only
    be logged: the run must stop with it instead, and a rerun ask only what was lost."""
    import sqlite3

    real_write = Store.write_items
    calls = []

    def refuse_first(self, rows, scores=()):
        calls.append(len(rows))
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return real_write(self, rows, scores)

    monkeypatch.setattr(Store, "write_items", refuse_first)
    model = CountingModel()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        run_benchmark(bench, model, store, progress=False)
    monkeypatch.setattr(Store, "write_items", real_write)
    again = CountingModel()
    result = run_benchmark(bench, again, store, progress=False)
    rows = list(store.items([result.run_id]))
    assert len(rows) == len(bench) and all(r["error"] is None for r in rows)
    assert len(model.sent) + len(again.sent) >= len(bench)
