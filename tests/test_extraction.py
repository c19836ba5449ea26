"""--extractor and graphgauge rescore: a scripted second model reads only what the rules
leave unread, every item records its reading path, and stored answers of older stores
are read again without asking the model."""

import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from graphgauge.cli import main
from graphgauge.instance import read_jsonl
from graphgauge.store import Store
from tests.support import scripted_reading
from tests.support.scripted_reading import style

MODEL = "python:tests.support.scripted_reading:answer"
EXTRACTOR = "python:tests.support.scripted_reading:extract"


@pytest.fixture
def bench(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "algorithmic", "-o", "b.jsonl", "--count", "12", "--tasks",
                 "node_number,edge_number,degree", "--seed", "5"]) == 0
    instances = read_jsonl("b.jsonl")
    styles = Counter(style(inst.id) for inst in instances)
    assert min(styles.values()) >= 5  # each path is exercised
    return instances, styles


def _rows():
    with Store("graphgauge.db") as store:
        run = store.runs()[0]["id"]
        return run, list(store.items([run]))


def test_extractor_reads_only_what_the_reader_left_and_each_item_records_its_path(
        bench, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    instances, styles = bench
    scripted_reading.CALLS["extractor"] = 0
    assert main(["run", "b.jsonl", "-m", MODEL, "--extractor", EXTRACTOR, "-q"]) == 0
    out = capsys.readouterr().out
    unread = styles["tally"] + styles["hedge"]
    assert f"asked about {unread} unread answers, read {styles['tally']}" in out
    assert scripted_reading.CALLS["extractor"] == unread
    _, rows = _rows()
    for row in rows:
        expected = {"plain": "reader", "tally": "extractor", "hedge": "none"}[
            style(row.instance_id)]
        assert row.parsed_by == expected
        assert row.accuracy == (0.0 if expected == "none" else 1.0)
    with Store("graphgauge.db") as store:
        manifest = store.manifest(store.runs()[0]["id"])
    assert manifest["extractor"] == {"name": EXTRACTOR, "params": {}}
    # a resumed run does not ask the extractor again about answers it could not read
    assert main(["run", "b.jsonl", "-m", MODEL, "--extractor", EXTRACTOR, "-q"]) == 0
    assert scripted_reading.CALLS["extractor"] == unread
    capsys.readouterr()
    assert main(["report"]) == 0
    out = capsys.readouterr().out.split("Answers read by")[1]
    line = next(t for t in out.splitlines() if "scripted_reading" in t)
    cells = [c.strip() for c in line.split("│") if c.strip()]
    assert cells[1:] == [str(styles["plain"]), "0", str(styles["tally"]),
                         str(styles["hedge"])]


def test_rescore_rebuilds_an_older_stores_scores_then_extracts(bench, capsys):
    instances, styles = bench
    assert main(["run", "b.jsonl", "-m", MODEL, "-q"]) == 0
    run, rows = _rows()
    assert Counter(r.parsed_by for r in rows) == {"reader": styles["plain"],
                                                     "none": len(rows) - styles["plain"]}
    # an older store: no parsed_by column, and scores from an older (worse) reader
    db = sqlite3.connect("graphgauge.db")
    db.execute("ALTER TABLE items DROP COLUMN parsed_by")
    db.execute("UPDATE items SET accuracy = 0, parse_ok = 0, parsed = 'null'")
    db.commit()
    db.close()
    capsys.readouterr()
    assert main(["rescore"]) == 0
    out = capsys.readouterr().out
    n = len(instances)
    assert f"re-read {n} answers; accuracy 0.0% -> {100 * styles['plain'] / n:.1f}%" in out
    assert f"unparsed {n} -> {n - styles['plain']}" in out
    _, rows = _rows()
    assert Counter(r.parsed_by for r in rows)["reader"] == styles["plain"]
    with Store("graphgauge.db") as store:
        assert store.manifest(run)["extractor"] is None
    scripted_reading.CALLS["extractor"] = 0
    assert main(["rescore", "--run", run[:8], "--extractor", EXTRACTOR, "-q"]) == 0
    out = capsys.readouterr().out
    right = styles["plain"] + styles["tally"]
    assert f"-> {100 * right / n:.1f}%" in out
    assert (f"read by reader {styles['plain']}, json 0, extractor {styles['tally']}, "
            f"none {styles['hedge']}") in out
    assert scripted_reading.CALLS["extractor"] == styles["tally"] + styles["hedge"]
    with Store("graphgauge.db") as store:
        assert store.manifest(run)["extractor"]["name"] == EXTRACTOR


def test_rescore_checks_the_benchmark_against_the_manifest(bench, capsys):
    assert main(["run", "b.jsonl", "-m", MODEL, "-q"]) == 0
    Path("b.jsonl").rename("moved.jsonl")
    capsys.readouterr()
    assert main(["rescore"]) == 2
    assert "benchmark b.jsonl of run" in capsys.readouterr().err
    lines = Path("moved.jsonl").read_text().splitlines()
    Path("other.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    assert main(["rescore", "other.jsonl"]) == 2
    err = capsys.readouterr().err
    assert "is not the benchmark run" in err and err.count("\n") == 1
    assert main(["rescore", "moved.jsonl"]) == 0
    assert main(["rescore", "--extractor-param", "x=1"]) == 2
    assert main(["rescore", "moved.jsonl", "--extractor", EXTRACTOR,
                 "--extractor-param", "answer_format=json"]) == 2
    assert "answer_format" in capsys.readouterr().err


def test_an_openai_extractor_gets_question_response_and_schema(bench, capsys, monkeypatch):
    """The extractor as an OpenAI-compatible server: asked once per unread answer, with
    the end of the question, the response and the answer schema in its prompt."""
    import json
    import os

    from tests.support.openai_server import FakeOpenAIServer

    monkeypatch.setitem(os.environ, "NO_PROXY", "127.0.0.1,localhost")
    instances, styles = bench

    def policy(prompt, request):
        return scripted_reading.extract(prompt)

    with FakeOpenAIServer(policy) as server:
        assert main(["run", "b.jsonl", "-m", MODEL, "-q", "--extractor", "openai:judge",
                     "--extractor-param", f"base_url={server.base_url}"]) == 0
        records = server.requests
    unread = styles["tally"] + styles["hedge"]
    assert len(records) == unread
    for record in records:
        assert "Question:" in record.prompt and "The response:\n<<<\n" in record.prompt
        assert json.dumps({"type": "integer"}, sort_keys=True) in record.prompt
        assert "response_format" not in record.body
    _, rows = _rows()
    assert Counter(r.parsed_by for r in rows) == {
        "reader": styles["plain"], "extractor": styles["tally"], "none": styles["hedge"]}


def test_rescore_from_python_reports_each_run(bench):
    """``graphgauge.rescore`` is the command's work: one ``Rescored`` per run, with the
    run's accuracy before and after and the count per reading path."""
    import graphgauge as gg

    instances, styles = bench
    assert main(["run", "b.jsonl", "-m", MODEL, "-q"]) == 0
    run, _ = _rows()
    seen = []
    done = gg.rescore("graphgauge.db", extractor=EXTRACTOR, on_done=seen.append)
    assert [d.run_id for d in done] == [run] and seen == done
    n = len(instances)
    assert done[0].cleared == n
    assert done[0].before["accuracy"] == pytest.approx(styles["plain"] / n)
    assert done[0].after["accuracy"] == pytest.approx((styles["plain"] + styles["tally"]) / n)
    assert done[0].read_by == {"reader": styles["plain"], "extractor": styles["tally"],
                               "none": styles["hedge"]}
