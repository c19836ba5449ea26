"""The classify section of the HTML report: the paper's table from scripted runs with known
signatures, the variant bars, the diagnosis lines, and escaping of every name that comes
from a model or a dataset."""

from __future__ import annotations

import dataclasses
import re

import pytest

from graphgauge.models import load_model
from graphgauge.models.base import LocalModel, Request
from graphgauge.report.html import block_html, write_html_report
from graphgauge.results.figures import Plot, render
from graphgauge.results.table import Table
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.gteval import html_section
from graphgauge.suites.classify import generate_suite
from tests.support.data import needs_shared_data

SCRIPTED = "python:graphgauge.studies.gteval.models:"
VARIANTS = ("original", "rephrase:0", "rephrase:5", "relabel:1", "reverse:2", "reverse:7",
            "randomize:4")
PAYLOAD = '<script>alert("x")</script>'
DATASET_PAYLOAD = "<img src=x onerror=alert(1)>"
pytestmark = needs_shared_data("webkb")


class Hostile(LocalModel):
    """Names the gold under every instruction; its own name is markup."""

    name = PAYLOAD

    def answer(self, request: Request) -> str:
        return request.instance.answer


@pytest.fixture(scope="module")
def bench():
    return generate_suite(["zero_shot"], 5, 3, None, {"dataset": "webkb:cornell"}, False)


@pytest.fixture(scope="module")
def store(bench, tmp_path_factory):
    path = tmp_path_factory.mktemp("gthtml") / "g.db"
    with Store(path) as db:
        runs = [run_benchmark(bench, load_model(spec), db, RunOptions(variants=VARIANTS),
                              progress=False).run_id
                for spec in ("reference", SCRIPTED + "oracle", SCRIPTED + "refuse")]
    with Store(path) as db:
        yield db, runs


def cells_by_model(table: Table) -> dict[str, dict[str, str]]:
    return {row[0]: dict(zip(table.columns, row, strict=True)) for row in table.rows}


def test_section_shows_the_papers_table_with_known_signatures(store):
    db, runs = store
    table, bars, diagnosis = html_section(db, runs)
    assert isinstance(table, Table) and isinstance(bars, Plot) and isinstance(diagnosis, str)
    assert table.columns[3:] == ["Ori. Acc", "Rep. Acc", "Rel. change", "Relabel", "Reverse",
                                 "Random"]
    cells = cells_by_model(table)
    # reference: always the gold label -> 100, 100, 0, 0, 0 (over-insensitive)
    assert [cells["reference"][c] for c in table.columns[3:]] == [
        "100.00", "100.00±0.00", "+0.00%", "0.00", "0.00±0.00", "0.00"]
    # oracle follows every instruction; refuse only "succeeds" under randomizing
    assert [cells["oracle"][c] for c in table.columns[3:]] == [
        "100.00", "100.00±0.00", "+0.00%", "100.00", "100.00±0.00", "100.00"]
    assert [cells["refuse"][c] for c in table.columns[3:]] == [
        "0.00", "0.00±0.00", "+0.00%", "0.00", "0.00±0.00", "100.00"]
    assert cells["oracle"]["Dataset"] == "webkb:cornell" and cells["oracle"]["Task"] == "zero_shot"
    shades = dict(zip([row[0] for row in table.rows], table.shades, strict=True))
    assert shades["reference"] == [None, None, None, 1.0, 1.0, None, 0.0, 0.0, 0.0]
    assert "understands the instructions" in diagnosis and "does not answer" in diagnosis
    assert diagnosis.count("<li>") == 3
    png = render(bars, "png", dpi=60)
    assert png.startswith(b"\x89PNG") and len(png) > 2000


def test_names_from_models_and_datasets_are_escaped(bench, tmp_path):
    hostile = [dataclasses.replace(i, meta={**i.meta, "dataset": DATASET_PAYLOAD})
               for i in bench]
    with Store(tmp_path / "h.db") as db:
        run = run_benchmark(hostile, Hostile(), db, RunOptions(variants=("original", "reverse:0")),
                            progress=False).run_id
        html = "".join(block_html(b) for b in html_section(db, [run]))
        write_html_report(db, [run], tmp_path / "r.html")
    assert "<script" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    section = re.search(r'<section id="suite-classify">.*?</section>', page, re.S).group(0)
    assert "GTEval: accuracy under instruction transformations" in section
    assert "<script" not in section and "&lt;script&gt;" in section


def test_empty_selection_says_so(store, tmp_path):
    with Store(tmp_path / "empty.db") as db:
        assert html_section(db, None) == ["<p>No classify answers in these runs.</p>"]
