"""One scoring path: for every suite and instruction variant, the accuracy the leaderboard
reports for a run equals the accuracy the method's own table (GTEval's for classify, the
per-variant table for the other suites) reports for the same run.

Everything goes through the real commands (generate, run, report --csv) on small
generated benchmarks, with scripted models that follow every instruction (``oracle``),
ignore them (``always_original``, the built-in ``reference``), answer at random, or have
GTEval's imperfect signatures (``echo_first``, ``fragile``, ``refuse``). Runs are asked
the original and one other kind (two templates each), so each kind's column is tied to
the run's leaderboard number on its own.
"""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from graphgauge.cli import app
from graphgauge.errors import UserError
from graphgauge.render.variants import SCORED_BY_VARIANT
from graphgauge.store import Store
from graphgauge.studies.gteval.rows import gteval_rows
from graphgauge.studies.gteval.variants import variant_rows
from tests.support.data import needs_shared_data

SCRIPTED = "python:graphgauge.studies.gteval.models:"
ANY_SUITE = ("reference", "random", SCRIPTED + "oracle", SCRIPTED + "always_original")
CLASSIFY = (*ANY_SUITE, SCRIPTED + "echo_first", SCRIPTED + "fragile", SCRIPTED + "refuse")


def invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def leaderboard(tmp_path, db) -> dict[str, float]:
    """run id -> the suite-level accuracy ``graphgauge report --csv`` writes (6 digits)."""
    out = tmp_path / "cells.csv"
    invoke("report", "--store", db, "--csv", out)
    with open(out, newline="") as handle:
        return {row["run_id"]: float(row["accuracy"]) for row in csv.DictReader(handle)
                if row["level"] == "suite"}


def run_kinds(tmp_path, bench, models, kinds) -> tuple:
    """One run per (model, kind), each asked the original and templates 0 and 1 of the
    kind; returns the store path and {run id: kind}."""
    db = tmp_path / "runs.db"
    asked = {}
    for kind in kinds:
        variants = ["-v", "original", "-v", f"{kind}:0", "-v", f"{kind}:1"]
        for model in models:
            before = _runs(db)
            invoke("run", bench, "-m", model, "--store", db, "--quiet", *variants)
            [new] = _runs(db) - before
            asked[new] = kind
    return db, asked


def _runs(db) -> set[str]:
    if not db.exists():
        return set()
    with Store(db, write=False) as store:
        return {run["id"] for run in store.runs()}


def weighted(spreads) -> float:
    """The item-weighted mean of per-kind means: with every item asked in every template,
    a kind's mean over templates is its mean over items."""
    spreads = [s for s in spreads if s is not None]
    return sum(s.mean * s.items for s in spreads) / sum(s.items for s in spreads)


def check_variant_table(tmp_path, bench, kinds=("rephrase", "randomize")):
    tmp_path.mkdir(exist_ok=True)
    db, asked = run_kinds(tmp_path, bench, ANY_SUITE, kinds)
    board = leaderboard(tmp_path, db)
    with Store(db, write=False) as store:
        rows = {row.run_id: row for row in variant_rows(store, list(asked), tasks=False)}
    assert set(rows) == set(asked)
    seen = set()
    for run, kind in asked.items():
        accuracy = rows[run].accuracy
        assert set(accuracy) == {"original", kind}
        assert board[run] == pytest.approx(weighted(accuracy.values()), abs=1e-6), (run, kind)
        seen.add((rows[run].model, kind, round(accuracy[kind].mean, 6)))
    # the oracle follows every instruction, the instruction-blind models fail randomize
    for kind in kinds:
        assert (SCRIPTED + "oracle", kind, 1.0) in seen
    assert ("reference", "randomize", 0.0) in seen
    assert (SCRIPTED + "always_original", "rephrase", 1.0) in seen


def test_algorithmic_leaderboard_equals_the_variant_table(tmp_path):
    bench = tmp_path / "alg.jsonl"
    invoke("generate", "algorithmic", "-o", bench, "-n", 2, "--seed", 3, "--tasks",
           "degree,has_cycle,shortest_path,clustering_coefficient,neighbor,min_vertex_cover,maximum_flow")
    check_variant_table(tmp_path, bench)


def test_spectral_leaderboard_equals_the_variant_table(tmp_path):
    bench = tmp_path / "spec.jsonl"
    invoke("generate", "spectral", "-o", bench, "-n", 2, "--seed", 5, "--tasks",
           "graph_energy,connected_components,spectral_gap")
    check_variant_table(tmp_path, bench)


@needs_shared_data("nlgraph")
def test_imported_nlgraph_leaderboard_equals_the_variant_table(tmp_path):
    from graphgauge.datasets.loader import data_root
    from graphgauge.instance import read_jsonl, write_jsonl

    everything = tmp_path / "nlgraph_all.jsonl"
    invoke("import", "nlgraph", data_root() / "nlgraph", "-o", everything)
    per_task: dict[str, list] = {}
    for inst in read_jsonl(everything):
        per_task.setdefault(inst.task, []).append(inst)
    bench = tmp_path / "nlgraph.jsonl"
    write_jsonl([inst for items in per_task.values() for inst in items[:2]], bench)
    check_variant_table(tmp_path, bench)


def test_imported_graphwalks_and_questions_leaderboards_equal_the_variant_table(tmp_path):
    """The two imported suites with no shared data to read: GraphWalks rows from the
    docs' sample file and questions written here (a verified task, typed answers)."""
    from tests.support.paths import REPO

    walks = tmp_path / "walks.jsonl"
    invoke("import", "graphwalks", REPO / "tests" / "data" / "docs" / "graphwalks.jsonl",
           "-o", walks)
    check_variant_table(tmp_path / "walks", walks)
    rows = [{"graph": [[0, 1], [1, 2], [2, 3], [0, 3], [3, 4]], "task": "reachability",
             "question": "Is there a path from node {source} to node {target}?",
             "query": {"source": 0, "target": 4}, "answer": True},
            {"graph": [[0, 1], [1, 2]], "question": "How many edges does the graph have?",
             "answer": 2, "answer_type": "int"},
            {"graph": [[0, 1], [0, 2], [0, 3]], "question": "Which nodes are leaves?",
             "answer": [1, 2, 3], "answer_type": "node_set"}]
    source = tmp_path / "mine.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows))
    questions = tmp_path / "questions.jsonl"
    invoke("import", "questions", source, "-o", questions)
    check_variant_table(tmp_path / "questions", questions)


@needs_shared_data("webkb")
def test_classify_leaderboard_equals_the_gteval_table(tmp_path):
    bench = tmp_path / "cls.jsonl"
    invoke("generate", "classify", "-o", bench, "-n", 4, "--seed", 2, "--dataset",
           "webkb:cornell", "--tasks", "zero_shot,neighbors_labels")
    kinds = ("rephrase", "relabel", "reverse", "randomize")
    db, asked = run_kinds(tmp_path, bench, CLASSIFY, kinds)
    board = leaderboard(tmp_path, db)
    with Store(db, write=False) as store:
        rows = gteval_rows(store, list(asked))
    columns = {"rephrase": "rephrase", "relabel": "relabel", "reverse": "reverse",
               "randomize": "random"}
    by_run: dict[str, list] = {}
    for row in rows:  # one row per task (prompt style) of a run
        by_run.setdefault(row.run_id, []).append(row)
    assert set(by_run) == set(asked)
    oracle = {}
    for run, kind in asked.items():
        spreads = []
        for row in by_run[run]:
            items = getattr(row, columns[kind]).items
            spreads += [_spread(row.original, items), getattr(row, columns[kind])]
        assert board[run] == pytest.approx(weighted(spreads), abs=1e-6), (run, kind)
        if by_run[run][0].model.endswith("oracle"):
            oracle[kind] = [getattr(r, columns[kind]).mean for r in by_run[run]]
    # the oracle scores 100% under every transformation in both tables
    assert oracle == {kind: [1.0, 1.0] for kind in kinds}
    assert all(board[run] == 1.0 for run, kind in asked.items()
               if by_run[run][0].model.endswith("oracle"))


def _spread(mean: float, items: int):
    from graphgauge.studies.gteval.rows import Spread

    return Spread(mean, 0.0, 1, items // 2)  # the original: one template, half the items


def test_layouts_of_their_own_refuse_instruction_variants_before_the_store(tmp_path):
    bench = tmp_path / "arc.jsonl"
    invoke("generate", "arc", "-o", bench, "-n", 1, "--tasks", "colorDegree1,colorDegree1.q")
    db = tmp_path / "arc.db"
    for variant in ("rephrase:0", "randomize:2"):
        result = CliRunner().invoke(app, ["run", str(bench), "-m", "reference", "--store",
                                          str(db), "-v", variant])
        assert isinstance(result.exception, UserError), result.output
    assert not db.exists()
    invoke("run", bench, "-m", "reference", "--store", db, "--quiet")
    assert leaderboard(tmp_path, db)


def test_a_variant_no_suite_can_render_leaves_the_store_alone(tmp_path):
    from graphgauge.models import load_model
    from graphgauge.registry import generate
    from graphgauge.runner import RunOptions, run_benchmark

    bench = generate("algorithmic", ["degree"], count=2, seed=1)
    db = tmp_path / "s.db"
    with Store(db) as store:
        run_benchmark(bench, load_model("reference"), store, RunOptions(), progress=False)
        for variants, message in ((("original", "relabel:0"), "label space"),
                                  (("rephrase:0", "reverse:1"), "-v original"),
                                  (("rephrase:11",), "K in 0..10"),
                                  (("rephrse:1",), "unknown variant kind")):
            with pytest.raises(UserError, match=message):
                run_benchmark(bench, load_model("reference"), store,
                              RunOptions(variants=variants), progress=False)
        assert len(store.runs()) == 1


@needs_shared_data("webkb")
def test_rescore_turns_old_gteval_scores_into_the_variants_own(tmp_path):
    """A store written before variants were scored by their own expectation held the
    original task's reading of every answer (a coarse label was no answer); rescoring
    gives the leaderboard the GTEval numbers."""
    bench = tmp_path / "cls.jsonl"
    invoke("generate", "classify", "-o", bench, "-n", 3, "--dataset", "webkb:cornell",
           "--tasks", "zero_shot")
    db = tmp_path / "old.db"
    invoke("run", bench, "-m", SCRIPTED + "oracle", "-s", db, "-q", "-v", "original",
           "-v", "relabel:0", "-v", "randomize:0")
    with Store(db) as store:  # what the earlier scoring stored for these answers
        store.db.execute("UPDATE items SET parse_ok = 0, accuracy = 0.0 "
                         "WHERE variant != 'original'")
        [run] = [r["id"] for r in store.runs()]
        manifest = store.manifest(run)
        del manifest[SCORED_BY_VARIANT]
        store.db.execute("UPDATE runs SET manifest = ?", (json.dumps(manifest),))
        store.db.commit()
    [old] = leaderboard(tmp_path, db).values()
    assert old == pytest.approx(1 / 3)
    note = f"note: {run} scored instruction variants as the original question"
    assert note in invoke("report", "-s", db).output.replace("\n", " ")
    result = invoke("rescore", "-s", db, "-q")
    assert "33.3% -> 100.0%" in result.output
    assert list(leaderboard(tmp_path, db).values()) == [1.0]
    assert "note:" not in invoke("report", "-s", db).output
    with Store(db, write=False) as store:
        [row] = gteval_rows(store)
    assert (row.original, row.relabel.mean, row.random.mean) == (1.0, 1.0, 1.0)


def test_exported_targets_are_what_each_variant_expects(tmp_path):
    """An export's target is the variant's right answer (none under randomize), and
    graphgauge's scorer gives every target 1.0."""
    from graphgauge.exporters.records import build_records, gold_check
    from graphgauge.registry import generate

    bench = generate("algorithmic", ["degree", "shortest_path"], count=2, seed=2)
    records = build_records(bench, ["edge_list"], ["original", "rephrase:4", "randomize:3"])
    assert gold_check(records) == []
    by_variant = {}
    for record in records:
        by_variant.setdefault(record["variant"], []).append(record["target"])
    assert by_variant["original"] == by_variant["rephrase:4"]
    assert all(by_variant["original"]) and by_variant["randomize:3"] == ["", "", "", ""]


@needs_shared_data("webkb")
def test_exported_classify_targets_follow_the_label_space():
    from graphgauge.exporters.records import build_records, gold_check
    from graphgauge.suites.classify import generate_suite

    bench = generate_suite(["zero_shot"], 3, 0, None, {"dataset": "webkb:cornell"}, False)
    variants = ["original", "relabel:1", "reverse:2", "randomize:0"]
    records = build_records(bench, ["edge_list"], variants)
    assert gold_check(records) == []
    targets = {(r["id"], r["variant"]): r["target"] for r in records}
    for inst in bench:
        assert targets[inst.id, "original"] == inst.answer
        assert targets[inst.id, "relabel:1"] == inst.meta["relabel"][inst.answer]
        assert targets[inst.id, "reverse:2"] in set(inst.meta["labels"]) - {inst.answer}
        assert targets[inst.id, "randomize:0"] == ""


def _applied_or_refused(instances) -> int:
    """Every item either renders each instruction variant as a different prompt or
    refuses it: none is stored under a variant's name with the original's text."""
    from graphgauge.registry import render

    applied = 0
    for inst in instances:
        original = render(inst).text
        for variant in ("rephrase:2", "randomize:5", "relabel:0", "reverse:0"):
            try:
                text = render(inst, None, variant).text
            except UserError:
                continue
            assert text != original, (inst.suite, inst.task, variant)
            applied += 1
    return applied


def test_every_generated_task_applies_or_refuses_each_variant():
    from graphgauge.registry import REGISTRY, generate, get_suite

    instances = []
    for suite in ("algorithmic", "spectral", "arc"):
        get_suite(suite)
        instances += generate(suite, sorted(REGISTRY[suite]), count=1, seed=6)
    # rephrase and randomize everywhere but arc (its own layout refuses them)
    shared = len(REGISTRY["algorithmic"]) + len(REGISTRY["spectral"])
    assert _applied_or_refused(instances) == 2 * shared


@needs_shared_data("nlgraph")
def test_every_imported_nlgraph_task_applies_or_refuses_each_variant():
    from graphgauge.datasets.loader import data_root
    from graphgauge.importers.nlgraph import read_nlgraph

    instances = {inst.task: inst for inst in read_nlgraph(data_root() / "nlgraph")}
    assert _applied_or_refused(instances.values()) == 2 * len(instances)


@needs_shared_data("dblp")
def test_infer_takes_only_its_own_variants(tmp_path):
    bench, db = tmp_path / "infer.jsonl", tmp_path / "infer.db"
    invoke("generate", "infer", "-o", bench, "-n", 1, "--dataset", "dblp", "-p",
           "candidates=60", "-p", "train=20", "-p", "val=5", "-p", "test=15")
    for variant in ("rephrase:0", "randomize:1", "h3"):
        result = CliRunner().invoke(app, ["run", str(bench), "-m", "reference", "-s", str(db),
                                          "-v", "original", "-v", variant])
        assert isinstance(result.exception, UserError), result.output
        assert "unknown infer variant" in str(result.exception)
    assert not db.exists()
    invoke("run", bench, "-m", "reference", "-s", db, "-q", "-v", "original", "-v", "h1")
    assert set(leaderboard(tmp_path, db).values()) == {1.0}  # its variants ask the task
