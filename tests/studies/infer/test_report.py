"""GraphInfer end to end through the real CLI: model-written gold reasoning
(``-p reasoning=python:…``) gated by L1, runs of scripted models, and the console and
HTML reports (per-task table, per-domain table, gate table from instance meta), with
every number checked against a count made here from the benchmark file itself."""

from __future__ import annotations

import io
import json
import re
import sys
import types

import numpy as np
import pytest
from rich.console import Console
from typer.testing import CliRunner

from graphgauge.cli import app
from graphgauge.instance import read_jsonl
from graphgauge.results.table import Table
from graphgauge.store.sqlite import Store
from graphgauge.studies.infer import html_section
from graphgauge.studies.infer.report import print_suite_report
from graphgauge.suites.inference import metrics
from graphgauge.suites.inference.gold import full_text
from tests.support.data import needs_shared_data

pytestmark = needs_shared_data("dblp")
SIZES = ["-p", "candidates=30", "-p", "train=8", "-p", "val=2", "-p", "test=10"]
TASKS = "relation,outlier,community"
WRITTEN = "The writer read the answer {!r}."


def writer(prompt: str) -> str:
    """Gold reasoning for the answer the prompt gives; outliers cite a node that does
    not exist (L1 C1 must drop them) and community answers are left empty (the template
    reasoning stays)."""
    answer = re.search(r"The correct answer is:\n(.*?)\n\nWrite only", prompt, re.DOTALL)
    assert answer is not None, prompt
    if "outlier" in answer.group(1):
        return "Reasoning: Node 9999 is the odd one out."
    if "Community" in answer.group(1):
        return ""
    return "Reasoning: " + WRITTEN.format(answer.group(1))


def always_yes(prompt: str) -> str:
    """T2 'Yes' with a fixed reasoning; every other task unparsable."""
    return "Answer: Yes, they are linked.\nReasoning: Both papers share an author."


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory):
    module = types.ModuleType("fake_infer_writer")
    module.writer, module.always_yes = writer, always_yes
    sys.modules["fake_infer_writer"] = module
    folder = tmp_path_factory.mktemp("infer_e2e")
    runner = CliRunner()

    def invoke(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, (result.output, result.exception)
        return result.output

    bench, template = folder / "bench.jsonl", folder / "template.jsonl"
    common = ["generate", "infer", "--dataset", "dblp", "--tasks", TASKS, "--seed", "4",
              "-q", *SIZES]
    invoke(*common, "-o", str(bench), "-p", "reasoning=python:fake_infer_writer:writer",
           "-p", f"gate_report={folder / 'gates.json'}")
    invoke(*common, "-o", str(template))
    store = folder / "s.db"
    for model in ("reference", "random", "python:fake_infer_writer:always_yes"):
        invoke("run", str(bench), "--split", "test", "-m", model, "--store", str(store), "-q")
    yield folder, list(read_jsonl(bench)), list(read_jsonl(template)), invoke
    sys.modules.pop("fake_infer_writer", None)


def test_model_written_reasoning_is_gold_and_gated(cli_run):
    folder, bench, template, _ = cli_run
    gates = json.loads((folder / "gates.json").read_text())["tasks"]
    # every outlier candidate cites Node 9999: C1 drops them all, nothing is released
    assert gates["outlier"]["L1"] == {"C1": gates["outlier"]["candidates"]}
    assert not [inst for inst in bench if inst.task == "outlier"]
    relations = [inst for inst in bench if inst.task == "relation"]
    assert len(relations) == 20 and gates["relation"]["L1"] == {}
    for inst in relations:
        assert inst.answer["reasoning"] == WRITTEN.format(inst.answer["statement"])
    # an empty answer keeps the template reasoning: the same file as without a writer
    ours = {i.id: i for i in bench if i.task == "community"}
    theirs = {i.id: i for i in template if i.task == "community"}
    assert ours and set(ours) == set(theirs)
    for key, inst in ours.items():
        assert inst.answer == theirs[key].answer
    # the gate counts travel with every instance (the report reads them from the store)
    for inst in bench:
        assert inst.meta["gates"] == gates[inst.task]


def test_reference_reasoning_cosine_is_one_and_other_text_lower(cli_run):
    _, bench, _, _ = cli_run
    from graphgauge.runner import score_response

    inst = next(i for i in bench if i.task == "relation")
    _, ok, scores, _ = score_response(full_text(inst.answer), inst)
    assert ok and json.loads(scores)["reasoning_cosine"] == 1.0
    _, ok, scores, _ = score_response(always_yes(""), inst)
    cosine = json.loads(scores)["reasoning_cosine"]
    from graphgauge.datasets.embeddings import embed_texts

    a, b = embed_texts(["Both papers share an author.", inst.answer["reasoning"]])
    assert ok and cosine == pytest.approx(float(np.dot(a, b)), abs=1e-5) and cosine < 0.9


def expected_rows(bench):
    """Hand counts on the test split: reference scores 1 everywhere; always_yes gets T2
    right exactly on the linked pairs and nothing else parses."""
    test = [i for i in bench if i.meta["split"] == "test"]
    relation = [i for i in test if i.task == "relation"]
    yes = sum(i.answer["answer"]["has_edge"] for i in relation) / len(relation)
    parsed = len(relation) / len(test)
    return {"reference": {"T2 acc": "1.00", "T5 NMI": "1.00", "ok": "1.00", "cos": "1.00"},
            "python:fake_infer_writer:always_yes": {
                "T2 acc": f"{yes:.2f}", "T5 NMI": "0.00", "T1 acc": "", "ok": f"{parsed:.2f}"}}


def test_html_section_tables_match_hand_counts_and_console(cli_run):
    folder, bench, _, _ = cli_run
    store = Store(folder / "s.db")
    blocks = html_section(store, None)
    tables = {b.name: b for b in blocks if isinstance(b, Table)}
    assert set(tables) == {"per_task", "per_domain", "gates_dblp"}
    main = tables["per_task"]
    rows = {row[0]: dict(zip(main.columns, row, strict=True)) for row in main.rows}
    assert set(rows) == {"reference", "random", "python:fake_infer_writer:always_yes"}
    for model, cells in expected_rows(bench).items():
        for column, value in cells.items():
            assert rows[model][column] == value, (model, column)
    # per domain: one dataset here, so the same numbers with the dataset in front
    assert [row[1:] for row in tables["per_domain"].rows] == main.rows
    assert {row[0] for row in tables["per_domain"].rows} == {"dblp"}
    gates = json.loads((folder / "gates.json").read_text())["tasks"]
    gate_rows = {row[0]: row for row in tables["gates_dblp"].rows}
    assert set(gate_rows) == {"relation", "community"}  # outliers: none released, no row
    for name, row in gate_rows.items():
        released = gates[name]["released"]
        assert row[1] == str(gates[name]["candidates"]) and row[6] == str(
            gates[name]["L4_admitted"])
        assert row[7] == f"{released.get('train', 0)}/{released.get('val', 0)}/" \
                         f"{released['test']}"
    # the console prints the very same strings
    console = Console(record=True, width=250, file=io.StringIO())
    print_suite_report(store, None, console)
    text = console.export_text()
    for row in main.rows:
        assert re.search(r"[\s│]+".join(re.escape(c) for c in row if c), text), row
    # only the chosen runs
    reference = [r["id"] for r in store.runs() if r["model"] == "reference"]
    only = {b.name: b for b in html_section(store, reference) if isinstance(b, Table)}
    assert [row[0] for row in only["per_task"].rows] == ["reference"]


def test_html_report_and_figures_through_the_cli(cli_run):
    folder, _, _, invoke = cli_run
    page, figures = folder / "report.html", folder / "figs"
    invoke("report", "--store", str(folder / "s.db"), "--html", str(page), "--figures",
           str(figures))
    html = page.read_text()
    section = html[html.index('id="suite-infer"'):]
    section = section[:section.index("</section>")]
    assert "GraphInfer gates on dblp (coauthor)" in section and "T5 NMI" in section
    assert "fake_infer_writer:always_yes" in section and "<img" in section
    exported = (figures / "suite-infer_per_task.csv").read_text().splitlines()
    assert exported[0].startswith("model,T1 acc,T2 acc")
    assert (figures / "suite-infer_gates_dblp.tex").is_file()
    assert (figures / "suite-infer_headline.png").stat().st_size > 1000


def test_files_without_gate_counts_say_so(cli_run, tmp_path):
    folder, bench, _, invoke = cli_run
    from graphgauge.instance import Instance, write_jsonl

    old = tmp_path / "old.jsonl"
    write_jsonl([Instance(**{**i.to_dict(), "meta": {k: v for k, v in i.meta.items()
                                                       if k != "gates"}}) for i in bench],
                old)
    invoke("run", str(old), "--split", "test", "-m", "reference", "--store",
           str(tmp_path / "old.db"), "-q")
    blocks = html_section(Store(tmp_path / "old.db"), None)
    assert not any(isinstance(b, Table) and b.name.startswith("gates") for b in blocks)
    assert any(isinstance(b, str) and "No gate report" in b for b in blocks)


def test_reasoning_encoder_fixed_per_benchmark(monkeypatch):
    seen = []

    def fake(texts, encoder="minilm", batch_size=256, cache=True):
        seen.append(encoder)
        return np.eye(len(texts), 4, dtype=np.float32)

    monkeypatch.setattr("graphgauge.datasets.embeddings.embed_texts", fake)
    monkeypatch.delenv("GRAPHGAUGE_REASONING_ENCODER", raising=False)
    assert metrics.reasoning_encoder({"reasoning_encoder": "my/enc"}) == "my/enc"
    assert metrics.reasoning_encoder({}) == "minilm"
    monkeypatch.setenv("GRAPHGAUGE_REASONING_ENCODER", "env/enc")
    assert metrics.reasoning_encoder(None) == "env/enc"
    assert metrics.reasoning_encoder({"reasoning_encoder": "my/enc"}) == "my/enc"
    assert metrics.text_cosine("a", "b", metrics.reasoning_encoder({})) == 0.0
    assert seen == ["env/enc"]


def test_reasoning_encoder_option_reaches_meta_and_scoring(monkeypatch):
    from graphgauge.registry import task_of
    from graphgauge.suites.inference import generate_suite

    bench = generate_suite(["relation"], 1, 2, None, {
        "dataset": "dblp", "candidates": 6, "train": 1, "val": 1, "test": 2,
        "reasoning_encoder": "my/enc"})
    assert bench and all(i.meta["reasoning_encoder"] == "my/enc" for i in bench)
    seen = []
    monkeypatch.setattr("graphgauge.datasets.embeddings.embed_texts",
                        lambda texts, encoder="minilm", **_: seen.append(encoder) or
                        np.ones((len(texts), 2), dtype=np.float32) / np.sqrt(2))
    inst = bench[0]
    task = task_of(inst)
    text = f"Answer: {inst.answer['statement']}\nReasoning: something else"
    scores = task.score(task.parse(text, inst), inst)
    assert seen == ["my/enc"] and scores["reasoning_cosine"] == pytest.approx(1.0)


def test_dataset_text_is_escaped_and_empty_scores_draw_no_plot():
    from graphgauge.results.table import to_html
    from graphgauge.store.records import ItemRecord
    from graphgauge.studies.infer.report import Labelled, gate_reports, main_table
    from graphgauge.studies.infer.section import headline_plot, to_table
    from graphgauge.studies.infer.tables import gate_table

    cell = {"candidates": 3, "L1": {"C1": 1}, "L2": {}, "L4": {"exact": 1},
            "L4_admitted": 1, "released": {"test": 1}}
    meta = json.dumps({"dataset": "<b>evil</b>", "domain": "x", "gates": cell})
    rows = [Labelled("m", ItemRecord("run", "i", "enc", "original", 0, "infer", "relation",
                                     meta=meta, parse_ok=0))]
    [report] = gate_reports(rows)
    page = to_html(to_table("gates", gate_table(report)))
    assert "<b>evil" not in page and "&lt;b&gt;evil&lt;/b&gt;" in page
    assert "<td>C1 1</td>" in page and "<td>0/0/1</td>" in page
    main = main_table(rows)  # a failed request: counted, unparsed, no scores
    assert main.rows == [["m"] + [""] * 9 + ["0.00", ""]]
    assert headline_plot(main) is None


def test_graphinfer_table_accuracy_equals_the_leaderboard(cli_run):
    """One scoring path: the accuracy GraphInfer's own table shows for a task (T2 here,
    the accuracy column of the suite's tasks in this run) is the leaderboard's number for
    that task and run, for a perfect, a random and a one-answer model."""
    import csv

    from graphgauge.studies.infer.report import aggregate, result_rows

    folder, _, _, invoke = cli_run
    cells = folder / "cells.csv"
    invoke("report", "--store", str(folder / "s.db"), "--csv", str(cells))
    with open(cells, newline="") as handle:
        board = {row["model"]: float(row["accuracy"]) for row in csv.DictReader(handle)
                 if row["level"] == "task" and row["group"] == "relation"}
    with Store(folder / "s.db", write=False) as store:
        table = aggregate(result_rows(store, None))
    own = {model: cell["accuracy"] for (model, task), cell in table.items()
           if task == "relation"}
    assert set(own) == set(board) and len(own) == 3
    for model, accuracy in own.items():
        assert accuracy == pytest.approx(board[model], abs=1e-6), model
    assert own["reference"] == 1.0 and 0.0 < own["python:fake_infer_writer:always_yes"] < 1.0
