"""Shortcut baselines (``shortcut:NAME``) and ``graphgauge audit``.

Hand-built instances with known degrees, titles and gold answers pin what each shortcut
answers and scores; the audit is checked to flag a planted shortcut and to pass the
default GraphInfer construction on real DBLP.
"""

from __future__ import annotations

import asyncio
import json

import numpy as np
import pytest

from graphgauge.cli import main
from graphgauge.datasets import data_root
from graphgauge.errors import UserError
from graphgauge.instance import Instance, write_jsonl
from graphgauge.models import load_model
from graphgauge.models.base import Request
from graphgauge.registry import render
from graphgauge.runner import score_response
from graphgauge.suites import shortcuts
from graphgauge.suites.inference import generate_suite
from graphgauge.suites.inference.gold import statement
from graphgauge.suites.inference.vocab import terms_for

TITLES = ["Query optimisation", "Index structures for joins", "Deep nets",
          "Transaction logs", "B-trees"]
# Node 2 has degree 1 (the outlier, gold); node 0 has degree 4.
EDGES = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 3), (1, 4), (3, 4)]
LABELS = ["Database", "Data Mining", "AI", "Information Retrieval"]


def infer_instance(task: str, answer, query=None, index: int = 0, edges=EDGES) -> Instance:
    query = query or {}
    graph = {"directed": False, "nodes": [{"id": i, "title": t} for i, t in enumerate(TITLES)],
             "edges": [{"source": u, "target": v} for u, v in edges],
             "graph": {"domain": "paper", "k": query.get("k", 0), "label_names": LABELS}}
    gold = {"answer": answer, "reasoning": "",
            "statement": statement(task, answer, query, len(TITLES), terms_for("paper"))}
    return Instance(id=f"infer/{task}/{index}", suite="infer", task=task, graphs={"G": graph},
                    query=query, answer=gold, meta={"domain": "paper", "split": "test"})


def answer_of(spec: str, inst: Instance, prepared=None) -> str:
    model = load_model(spec)
    model.prepare(prepared or [inst])
    prompt = render(inst)
    [response] = asyncio.run(model.respond([Request(prompt, inst)]))
    return response.text if response.error is None else f"ERROR {response.error}"


def score(inst: Instance, text: str, metric: str = "accuracy") -> float:
    _, _, scores, _ = score_response(text, inst)
    return json.loads(scores)[metric]


def test_node_shortcuts_answer_the_extreme_node_and_score_through_the_parser():
    inst = infer_instance("outlier", 2)
    assert score(inst, answer_of("shortcut:min-degree", inst)) == 1.0
    assert score(inst, answer_of("shortcut:max-degree", inst)) == 0.0
    text = answer_of("shortcut:max-degree", inst)
    assert "Node 0: outlier" in text and "Node 2: not outlier" in text
    # titles: node 4 "B-trees" is shortest, node 1 longest
    assert "Node 4: outlier" in answer_of("shortcut:shortest-title", inst)
    assert "Node 1: outlier" in answer_of("shortcut:longest-title", inst)
    assert "Node 4: outlier" in answer_of("shortcut:last", inst)


def test_partition_shortcut_blocks_the_node_order():
    inst = infer_instance("community", {"communities": [0, 0, 1, 0, 1], "labels": LABELS[:2]},
                          {"k": 2})
    text = answer_of("shortcut:first", inst)
    # ids 0..4 in two equal blocks: {0, 1, 2} and {3, 4}
    assert [line.split(": ")[1] for line in text.splitlines() if line.startswith("Node")] \
        == ["Community 0"] * 3 + ["Community 1"] * 2
    # degrees 4,3,1,3,3: ascending order 2,1,3,4,0 -> blocks {2,1,3}, {4,0}
    value = shortcuts.SHORTCUTS["min-degree"].pick("partition", inst, shortcuts.Context([]))
    assert value == [1, 0, 0, 0, 1]


def test_yes_no_and_majority_label():
    yes = infer_instance("relation", {"has_edge": True, "label_b": "AI"}, {"a": 0, "b": 1})
    assert score(yes, answer_of("shortcut:always-yes", yes)) == 1.0
    assert score(yes, answer_of("shortcut:always-no", yes)) == 0.0
    themes = [infer_instance("theme", label, index=i)
              for i, label in enumerate(["AI", "AI", "Database"])]
    text = answer_of("shortcut:majority-label", themes[2], prepared=themes)
    assert text.startswith("Answer: AI")
    assert score(themes[2], text) == 0.0 and score(themes[0], text) == 1.0


def test_inapplicable_shortcut_is_an_item_error_and_unknown_name_a_user_error():
    inst = infer_instance("outlier", 2)
    assert answer_of("shortcut:always-yes", inst).startswith("ERROR")
    with pytest.raises(UserError, match="unknown shortcut"):
        load_model("shortcut:lucky-guess")


def test_audit_flags_a_planted_shortcut_and_not_a_fair_task():
    # Outlier always the min-degree node: min-degree scores 1 against chance 1/5.
    planted = [infer_instance("outlier", 2, index=i) for i in range(30)]
    # Relation half yes, half no: neither fixed answer beats chance.
    fair = [infer_instance("relation", {"has_edge": i % 2 == 0, "label_b": "AI"},
                           {"a": 0, "b": 1}, index=i) for i in range(30)]
    rows = {(r.task, r.shortcut): r for r in shortcuts.audit(planted + fair)}
    assert rows["outlier", "min-degree"].score == 1.0
    assert rows["outlier", "min-degree"].random == pytest.approx(0.2, abs=0.08)
    assert rows["outlier", "max-degree"].score == 0.0
    assert rows["relation", "always-yes"].score == 0.5
    assert rows["relation", "always-yes"].random == pytest.approx(0.5, abs=0.1)
    flags = {key for key, row in rows.items() if row.above() > 0.10}
    assert flags == {("outlier", "min-degree")}
    cells = shortcuts.audit_cells(list(rows.values()))
    assert sum(c[-1] == "SHORTCUT" for c in cells) == 1


def test_audit_command_on_any_suite(tmp_path, capsys):
    from graphgauge.registry import generate

    path = tmp_path / "alg.jsonl"
    write_jsonl(generate("algorithmic", None, count=3, seed=1), path)
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    assert "always-yes" in out and "min-degree" in out and "beat random" in out
    assert main(["audit", str(path), "--margin", "1.0"]) == 0
    assert "0 of" in capsys.readouterr().out
    assert main(["audit", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["audit", str(path), "--split", "test"]) == 2
    spectral = tmp_path / "spectral.jsonl"  # numeric answers only: nothing to audit
    write_jsonl(generate("spectral", None, count=2, seed=1), spectral)
    capsys.readouterr()
    assert main(["audit", str(spectral)]) == 0
    assert "no shortcut applies" in capsys.readouterr().out


@pytest.mark.skipif(not (data_root() / "dblp").is_dir(), reason="shared data absent")
def test_no_shortcut_beats_random_on_graphinfer_dblp(tmp_path):
    report = tmp_path / "gates.json"
    items = generate_suite(None, 0, 0, None, {
        "dataset": "dblp", "candidates": 400, "train": 200, "val": 40, "test": 120,
        "gate_report": str(report)})
    rows = shortcuts.audit(items)
    assert {row.task for row in rows} == {"masked_node", "relation", "theme", "outlier",
                                          "community"}
    worst = max(rows, key=lambda row: row.above())
    assert worst.above() <= 0.10, worst

    written = json.loads(report.read_text())["shortcuts"]
    assert len(written) == len(rows) and all("random" in row for row in written)
    assert np.isfinite([row["score"] for row in written]).all()
