"""The HTML report and its figure/table exports, without a browser (see
test_html_browser.py for the rendering in Chromium)."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import graphgauge.suites.algorithmic  # noqa: F401  (registers the tasks the stores use)
from graphgauge.registry import generate
from graphgauge.report.figures import write_figures
from graphgauge.report.html import write_html_report
from graphgauge.report.html_items import script_json
from graphgauge.report.html_sections import build_sections
from graphgauge.results.sections import SUITE_REPORTS, load_context, register_suite
from graphgauge.results.table import Table, to_csv, to_latex, to_markdown
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from tests.support.registries import scratch
from tests.support.report_stores import item, write_store

NASTY = ["</script><script>document.title='x'</script>", "<!--", "<![CDATA[", "a & b",
         "\u2028\u2029", "&lt;b&gt;", "'\"`", "</SCRIPT >", "ünïcødé ✓"]


class _Page(HTMLParser):
    """Tags, attributes and the item JSON of a report page."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.blob = None
        self._in_blob = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        self._in_blob = tag == "script" and attrs.get("id") == "gg-items"

    def handle_data(self, data):
        if self._in_blob:
            self.blob = (self.blob or "") + data

    def handle_endtag(self, tag):
        self._in_blob = False


def _parse(path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@given(st.lists(st.text(), max_size=5))
@settings(max_examples=200, deadline=None)
def test_script_json_round_trips_and_never_closes_the_element(texts):
    data = {"items": texts + NASTY}
    text = script_json(data)
    assert json.loads(text) == data
    assert "<" not in text and ">" not in text and "&" not in text


def _store_with_two_models(tmp_path):
    rows = []
    for task, golds in (("degree", (3, 5, 2, 7, 1, 4)), ("edge_existence", (True, False) * 3)):
        for i, gold in enumerate(golds):
            family = ("erdos_renyi", "star")[i % 2]
            meta = json.dumps({"family": family, "index": i})
            rows.append(item("good-1", task, i, 1.0, gold=gold, meta=meta))
            bad = 1.0 if i % 3 == 0 else 0.0
            wrong = gold + 1 if isinstance(gold, int) and not isinstance(gold, bool) else gold
            rows.append(item("bad-2", task, i, bad, gold=gold, meta=meta,
                             parsed=json.dumps(gold if bad else wrong),
                             parse_ok=0 if i == 5 else 1))
    rows.append(item("bad-2", "degree", 6, None, error="HTTP 500"))
    return write_store(tmp_path / "s.db", rows)


def _table(sections, name) -> Table:
    return next(b for s in sections for b in s.blocks
                if isinstance(b, Table) and b.name == name)


def test_sections_match_numbers_computed_from_the_database(tmp_path):
    path = _store_with_two_models(tmp_path)
    with Store(path) as store:
        sections = build_sections(load_context(store, None))
    assert [s.id for s in sections] == ["runs", "leaderboard", "suite-algorithmic"]
    db = sqlite3.connect(path)
    expected = db.execute("SELECT AVG(accuracy) FROM items WHERE run_id = 'bad-2' AND "
                          "error IS NULL").fetchone()[0]
    unparsed = db.execute("SELECT AVG(parse_ok = 0) FROM items WHERE run_id = 'bad-2' AND "
                          "error IS NULL").fetchone()[0]
    board = _table(sections, "leaderboard")
    rows = {row[0]: row for row in board.rows}
    assert rows["good"][1] == "100.0 [100.0, 100.0]"
    assert rows["bad"][1].startswith(f"{100 * expected:.1f} [")
    assert rows["bad"][2] == f"{100 * unparsed:.1f}"
    assert rows["bad"][3] == "12"  # the failed request is left out
    # per family, from the rows alone: erdos_renyi are the even indices
    by_family = _table(sections, "by_family")
    family = {row[0]: dict(zip(by_family.columns, row, strict=True)) for row in by_family.rows}
    even = [1.0 if i % 3 == 0 else 0.0 for i in range(6) if i % 2 == 0] * 2
    assert family["erdos_renyi"]["bad"] == f"{100 * sum(even) / len(even):.1f} ({len(even)})"
    assert family["star"]["good"] == "100.0 (6)"
    numeric = _table(sections, "numeric_error")
    assert [row[0] for row in numeric.rows] == ["degree"]  # edge_existence is not numeric
    numbers = dict(zip(numeric.columns, numeric.rows[0], strict=True))
    assert (numbers["good sMAPE"], numbers["good RelMAE"]) == ("0.0", "0.00")
    golds = (3, 5, 2, 7, 1)  # index 5 is unparsed: left out of numeric errors
    pairs = [(g, g if i % 3 == 0 else g + 1) for i, g in enumerate(golds)]
    smape = 100 * sum(abs(g - p) / (g + p) for g, p in pairs) / len(pairs)
    assert numbers["bad sMAPE"] == f"{smape:.1f}"


def test_page_is_self_contained_and_embeds_every_item(tmp_path):
    path = _store_with_two_models(tmp_path)
    out = tmp_path / "report.html"
    with Store(path) as store:
        write_html_report(store, None, out)
    page = _parse(out)
    for tag, attrs in page.tags:
        for key in ("src", "href"):
            value = attrs.get(key) or ""
            assert not re.match(r"(https?:)?//", value), (tag, attrs)
        if tag == "img":
            assert attrs["src"].startswith("data:image/png;base64,")
        if tag in ("link", "iframe", "object", "embed"):
            pytest.fail(f"external resource tag {tag}")
    data = json.loads(page.blob)
    assert len(data["items"]) == 25
    assert sorted(data["runs"]) == ["bad", "good"]
    errors = [row for row in data["items"] if row[12] is not None]
    assert len(errors) == 1 and errors[0][12] == "HTTP 500"
    ids = [tag_attrs.get("id") for _, tag_attrs in page.tags]
    assert {"runs", "leaderboard", "suite-algorithmic", "browser", "items"} <= set(ids)


def test_text_from_the_store_is_escaped_in_static_sections(tmp_path):
    payload = "<img src=x onerror=alert(1)>"
    rows = [item("m-1", "degree", i, 1.0, meta=json.dumps({"family": f"{payload}{i % 2}"}))
            for i in range(4)]
    path = write_store(tmp_path / "s.db", rows, models={"m-1": "<b>model</b>"},
                       manifests={"m-1": {"command": ["</pre><script>x()</script>"]}})
    out = tmp_path / "r.html"
    with Store(path) as store:
        write_html_report(store, None, out)
    text = out.read_text()
    page = _parse(out)
    assert not [a for t, a in page.tags if t == "img" and a.get("src") == "x"]
    assert [t for t, _ in page.tags].count("script") == 2  # the item data and the browser
    assert [t for t, _ in page.tags].count("b") == 0
    assert "&lt;img src=x onerror=alert(1)&gt;0" in text
    assert "&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;" in text


def test_a_registered_suite_section_replaces_the_standard_one(tmp_path, monkeypatch):
    from graphgauge import studies

    studies.load()  # the studies register theirs first

    own = [lambda store, run_ids: f"<p id='own'>{len(run_ids or [])} runs</p>"]
    scratch(SUITE_REPORTS, monkeypatch)
    register_suite("algorithmic", html=lambda store, run_ids: own[0](store, run_ids))
    path = _store_with_two_models(tmp_path)
    with Store(path) as store:
        sections = build_sections(load_context(store, ["good-1"]))
    suite = next(s for s in sections if s.id == "suite-algorithmic")
    assert suite.blocks == ["<p id='own'>1 runs</p>"]
    table = Table("per_rule", "per rule", ["rule", "accuracy"], [["addHub", "50.0"]])
    own[0] = lambda store, run_ids: [table, "<p>note</p>"]
    with Store(path) as store:
        written = write_figures(store, None, tmp_path / "figs")
    assert (tmp_path / "figs" / "suite-algorithmic_per_rule.tex") in written


def test_serialization_section_for_a_run_with_several_encodings(tmp_path):
    instances = generate("algorithmic", ["degree", "edge_existence"], count=4, seed=3)
    encodings = ("edge_list", "adjacency_list", "edge_list+random0", "edge_list+random1")
    with Store(tmp_path / "s.db") as store:
        from graphgauge.models import load_model

        run_benchmark(instances, load_model("reference"), store,
                      RunOptions(encodings=encodings), progress=False)
        sections = build_sections(load_context(store, None))
    serial = next(s for s in sections if s.id == "serialization")
    names = [b.name for b in serial.blocks]
    assert names == ["reference_encodings", "reference_task_encoding", "reference_span",
                     "reference_span"]
    table = serial.blocks[0]
    # individual relabelings are summarised by their mean
    assert [row[0] for row in table.rows] == ["edge_list", "adjacency_list",
                                              "edge_list+random*"]
    assert all(row[2] == "100.0 [100.0, 100.0]" for row in table.rows)
    assert table.rows[1][3] == "+0.0 [+0.0, +0.0]"
    span = serial.blocks[2]
    assert [row[0] for row in span.rows] == ["degree"]  # the only numeric task
    assert span.rows[0][3] == "0.000"  # the reference answers alike under relabeling


def test_write_figures_writes_every_table_and_figure_deterministically(tmp_path):
    path = _store_with_two_models(tmp_path)
    with Store(path) as store:
        first = write_figures(store, None, tmp_path / "a")
        second = write_figures(store, None, tmp_path / "b")
    names = sorted(p.name for p in first)
    assert names == sorted(p.name for p in second)
    for a, b in zip(sorted(first), sorted(second), strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    assert "leaderboard_leaderboard.png" in names and "leaderboard_leaderboard.svg" in names
    assert "suite-algorithmic_predicted_vs_true.svg" in names
    for suffix in ("csv", "md", "tex"):
        assert f"suite-algorithmic_by_task.{suffix}" in names
    png = (tmp_path / "a" / "leaderboard_leaderboard.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    root = ET.fromstring((tmp_path / "a" / "suite-algorithmic_predicted_vs_true.svg").read_text())
    assert root.tag.endswith("svg")
    rows = list(csv.reader(io.StringIO(
        (tmp_path / "a" / "suite-algorithmic_by_task.csv").read_text())))
    assert rows[0] == ["task", "difficulty", "bad", "good"]
    assert {r[0] for r in rows[1:]} == {"degree", "edge_existence"}


def test_table_formats_escape_their_syntax():
    table = Table("t", "50% of a_b", ["task", "a|b"], [["x_y & z", "1 | 2"]])
    latex = to_latex(table)
    assert r"x\_y \& z" in latex and r"50\% of a\_b" in latex
    assert r"\begin{tabular}{lr}" in latex and r"\toprule" in latex
    markdown = to_markdown(table)
    assert r"| x_y & z | 1 \| 2 |" in markdown and "|---|---:|" in markdown
    assert list(csv.reader(io.StringIO(to_csv(table)))) == [["task", "a|b"],
                                                           ["x_y & z", "1 | 2"]]


def test_missing_output_folder_is_a_user_error(tmp_path):
    from graphgauge.errors import UserError

    path = _store_with_two_models(tmp_path)
    with Store(path) as store, pytest.raises(UserError, match="does not exist"):
        write_html_report(store, None, tmp_path / "nope" / "r.html")
