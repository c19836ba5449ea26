"""Exports of an imported benchmark carry its own metric beside graphgauge's accuracy:
the real lm_eval and inspect_ai report ``graphwalks_f1`` per item exactly as
``graphgauge run`` stores it (answers with reasoning, partial sets, chatter after the
answer line, unreadable replies), next to graphgauge's own tasks in the same export."""

import json
import os

import pytest

from graphgauge.cli import main
from graphgauge.exporters.records import build_records
from graphgauge.importers.graphwalks import read_graphwalks
from graphgauge.instance import write_jsonl
from graphgauge.registry import generate
from graphgauge.store import Store
from tests.importers.test_graphwalks import make_rows
from tests.support.openai_server import FakeOpenAIServer

os.environ["NO_PROXY"] = "127.0.0.1,localhost"
os.environ["no_proxy"] = "127.0.0.1,localhost"


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    folder = tmp_path_factory.mktemp("src")
    rows = folder / "gw.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in make_rows(8, seed=3)))
    instances = read_graphwalks(rows) + generate("algorithmic", ["degree"], count=4, seed=2)
    path = folder / "bench.jsonl"
    write_jsonl(instances, path)
    return instances, path


def _answers(instances) -> dict[str, str]:
    """prompt -> answer: reasoning then the answer line; half the set; the answer
    followed by chatter (GraphWalks reads nothing); an unreadable reply."""
    answers = {}
    for i, record in enumerate(build_records(instances, ["edge_list"], ["original"])):
        target = record["target"]
        half = target.split(",")[0].rstrip("]") + "]" if "," in target else target
        answers[record["prompt"]] = (f"Following the edges from the start...\n{target}",
                                     half, f"{target}\n\nHappy to help further!",
                                     "I am not sure.")[i % 4]
    return answers


def _graphgauge(path, base_url, store) -> dict[str, dict]:
    assert main(["run", str(path), "-m", "openai:fake", "-p", f"base_url={base_url}",
                 "--store", str(store), "-q"]) == 0
    with Store(store) as db:
        rows = list(db.items(columns=("instance_id", "scores", "parse_ok")))
    return {r["instance_id"]: {**json.loads(r["scores"]), "unparsed": float(not r["parse_ok"])}
            for r in rows}


def _check(ours: dict, theirs: dict) -> None:
    assert theirs == ours
    f1 = [s["graphwalks_f1"] for s in ours.values() if "graphwalks_f1" in s]
    assert len(f1) == 8 and 0 < sum(f1) < 8 and any(0 < x < 1 for x in f1)
    # chatter after the answer line: graphgauge reads it, GraphWalks' grader does not
    assert any(s["accuracy"] == 1.0 and s["graphwalks_f1"] == 0.0 for s in ours.values()
               if "graphwalks_f1" in s)


def test_lm_eval_reports_the_source_metric(bench, tmp_path):
    lm_eval = pytest.importorskip("lm_eval")
    from lm_eval.tasks import TaskManager

    instances, path = bench
    out = tmp_path / "lm"
    assert main(["export-task", "lm-eval", str(path), "-o", str(out)]) == 0
    answers = _answers(instances)
    with FakeOpenAIServer(lambda prompt, request: answers[prompt]) as server:
        ours = _graphgauge(path, server.base_url, tmp_path / "gg.db")
        result = lm_eval.simple_evaluate(
            model="local-chat-completions",
            model_args={"base_url": f"{server.base_url}/chat/completions", "model": "fake",
                        "num_concurrent": 2, "max_retries": 1},
            tasks=["graphgauge_graphwalks", "graphgauge_algorithmic"],
            task_manager=TaskManager(include_path=str(out), include_defaults=False),
            apply_chat_template=True, log_samples=True)
    metrics = ("accuracy", "unparsed", "graphwalks_f1")
    theirs = {s["doc"]["id"]: {m: s[m] for m in metrics if m in s}
              for samples in result["samples"].values() for s in samples}
    _check(ours, theirs)
    f1 = [s["graphwalks_f1"] for s in ours.values() if "graphwalks_f1" in s]
    assert result["results"]["graphgauge_graphwalks"]["graphwalks_f1,none"] == pytest.approx(
        sum(f1) / len(f1))
    assert "graphwalks_f1,none" not in result["results"]["graphgauge_algorithmic"]


def test_inspect_reports_the_source_metric(bench, tmp_path):
    pytest.importorskip("inspect_ai")
    from inspect_ai import eval as inspect_eval

    from tests.exporters.test_inspect_task import _mock_model

    instances, path = bench
    out = tmp_path / "inspect"
    assert main(["export-task", "inspect", str(path), "-o", str(out)]) == 0
    answers = _answers(instances)
    with FakeOpenAIServer(lambda prompt, request: answers[prompt]) as server:
        ours = _graphgauge(path, server.base_url, tmp_path / "gg.db")
    theirs = {}
    for suite in ("graphwalks", "algorithmic"):
        [log] = inspect_eval(f"{out / 'graphgauge_tasks.py'}@graphgauge_{suite}",
                             model=_mock_model(answers), log_dir=str(tmp_path / "logs"),
                             display="none")
        assert log.status == "success", log.error
        for sample in log.samples:
            [score] = sample.scores.values()
            theirs[sample.id] = score.value
        names = {score.name for score in log.results.scores}
        assert ("graphwalks_f1" in names) == (suite == "graphwalks")
    _check(ours, theirs)


def test_hf_rows_score_with_the_source_metric(bench, tmp_path):
    datasets = pytest.importorskip("datasets")
    from graphgauge.exporters.records import score_record

    instances, path = bench
    out = tmp_path / "hf"
    assert main(["export-task", "hf", str(path), "-o", str(out)]) == 0
    rows = datasets.load_dataset(str(out), "graphwalks")["test"]
    assert len(rows) == 8
    for row in rows:
        assert score_record(row, row["target"]) == {"accuracy": 1.0, "unparsed": 0.0,
                                                    "graphwalks_f1": 1.0}
        assert score_record(row, "no idea")["graphwalks_f1"] == 0.0


def test_hf_card_says_how_imported_golds_were_made(bench, tmp_path):
    """An imported suite's gold is recomputed from the source's question, not generated:
    the card says so, with how many source golds graphgauge's verifier accepted."""
    from graphgauge.importers.questions import read_questions

    instances, _ = bench
    mine = tmp_path / "mine.jsonl"
    mine.write_text(
        '{"graph": [[0, 1], [1, 2]], "query": {"source": 0, "target": 2}, "answer": true, '
        '"task": "reachability"}\n'
        '{"graph": [[0, 1]], "question": "Is it a tree?", "answer": true, '
        '"answer_type": "bool"}\n')
    path = tmp_path / "all.jsonl"
    write_jsonl([*instances, *read_questions(mine)], path)
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "hf")]) == 0
    card = (tmp_path / "hf" / "README.md").read_text()
    gold = card.split("## How each gold was computed and verified")[1].split("## Tasks")[0]
    assert "`graphwalks`: imported from graphwalks" in gold
    assert "accepted the source's own gold for 8 of 8 items" in gold
    assert "source_text" not in gold  # GraphWalks has no gold text, only its node list
    assert "`graphwalks_f1`" in gold
    assert "`questions`: your own questions" in gold
    assert "1 row naming a graphgauge task" in gold and "1 row with only an answer type" in gold
    assert "`algorithmic`: imported" not in gold


def test_hf_card_states_the_source_licence(bench, tmp_path):
    """GraphWalks (like NLGraph) is MIT-licensed: an export of its items says so, where an
    unknown source would get 'other'."""
    import yaml

    instances, _ = bench
    path = tmp_path / "gw.jsonl"
    write_jsonl([i for i in instances if i.suite == "graphwalks"], path)
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "hf")]) == 0
    card = (tmp_path / "hf" / "README.md").read_text()
    assert yaml.safe_load(card.split("---")[1])["license"] == "mit"
