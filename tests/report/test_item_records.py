"""The store hands the report and the studies typed ``ItemRecord``s: the key fields always,
the columns a reader asked for as stored, every other field at its default (a column
not asked for is neither read nor a ``KeyError``)."""

from __future__ import annotations

import pytest

from graphgauge.report.reading import path_counts
from graphgauge.results.cells import summarize
from graphgauge.results.sections import load_context
from graphgauge.store import ItemRecord, Store
from tests.support.report_stores import item, write_store


@pytest.fixture
def store_path(tmp_path):
    rows = [item("m-1", "degree", 0, 1.0, cached=1, created=5.0, parsed_by="reader"),
            item("m-1", "degree", 1, 0.0, parse_ok=0, parsed_by="none"),
            item("m-1", "degree", 2, 1.0, parsed_by="json"),
            item("m-1", "degree", 3, None, error="timeout", parse_ok=None,
                 scores=None, parsed=None)]
    return write_store(tmp_path / "s.db", rows)


def test_a_column_not_asked_for_keeps_its_default(store_path):
    with Store(store_path, write=False) as store:
        first = next(store.items(None, ("accuracy",)))
        full = next(store.items(None))
    assert isinstance(first, ItemRecord)
    assert first.key == ("algorithmic/degree/00000", "edge_list", "original", 0)
    assert (first.run_id, first.suite, first.task, first.accuracy) == (
        "m-1", "algorithmic", "degree", 1.0)
    # Stored, but not read: the defaults, not the stored text.
    assert (first.prompt, first.response, first.cached, first.created) == (None, None, 0, 0.0)
    assert (full.prompt, full.cached, full.created) == ("prompt of degree 0", 1, 5.0)
    assert (full.response, full.parsed_by, full.score_values) == (
        "answer 0", "reader", {"accuracy": 1.0})


def test_unknown_columns_are_refused_and_old_style_reads_still_work(store_path):
    with Store(store_path, write=False) as store:
        with pytest.raises(ValueError, match="nope"):
            list(store.items(None, ("nope",)))
        record = next(store.items(None, ("encoding",)))
    # Report sections written against the dict rows of earlier releases keep working.
    assert record["encoding"] == record.encoding == "edge_list"
    assert record["prompt"] is None
    with pytest.raises(KeyError):
        record["nope"]


def test_the_reports_readers_get_records_and_their_numbers(store_path):
    with Store(store_path, write=False) as store:
        ctx = load_context(store, None)
        [task] = [c for c in summarize(store) if c.level == "task"]
        counts = path_counts(store)
    assert len(ctx.rows) == 4 and all(isinstance(r, ItemRecord) for r in ctx.rows)
    assert all(r.response is None and r.prompt is None for r in ctx.rows)  # never read
    assert [r.accuracy for r in ctx.rows] == [1.0, 0.0, 1.0, None]
    # Three answers scored (one failed request left out): 2 right, 1 unparsed.
    assert (task.n, task.errors) == (3, 1)
    assert task.accuracy == pytest.approx(2 / 3) and task.unparsed == pytest.approx(1 / 3)
    assert dict(counts["m-1"]) == {"reader": 1, "none": 1, "json": 1}
