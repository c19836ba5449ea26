"""The lm-evaluation-harness export, run by the real lm_eval against the fake OpenAI
server: its per-item scores and suite accuracies equal ``graphgauge run``'s."""

import os

import pytest
import yaml

from graphgauge.cli import main
from graphgauge.instance import write_jsonl
from graphgauge.registry import generate
from tests.support.export_policy import graphgauge_scores, policy, scripted_answers
from tests.support.openai_server import FakeOpenAIServer

lm_eval = pytest.importorskip("lm_eval", reason="lm_eval not installed (pip install "
                              "'graphgauge[interop]')")

os.environ["NO_PROXY"] = "127.0.0.1,localhost"
os.environ["no_proxy"] = "127.0.0.1,localhost"

ENCODING = "adjacency_list+random3"  # answers name nodes by labels: read back by graphgauge


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    tasks = "shortest_path,bfs,degree,has_cycle,density,neighbor,topological_sort"
    instances = (generate("algorithmic", tasks.split(","), count=3, seed=4)
                 + generate("spectral", ["spectral_radius", "connected_components"], count=3,
                            seed=4))
    path = tmp_path_factory.mktemp("lm") / "bench.jsonl"
    write_jsonl(instances, path)
    return instances, path


def test_folder_layout(bench, tmp_path):
    _, path = bench
    out = tmp_path / "tasks"
    assert main(["export-task", "lm-eval", str(path), "-o", str(out), "-e", ENCODING]) == 0
    group = yaml.safe_load((out / "graphgauge_algorithmic.yaml").read_text())
    assert len(group["task"]) == 7
    assert group["aggregate_metric_list"][0] == {"metric": "accuracy", "aggregation": "mean",
                                                  "weight_by_size": True}
    text = (out / "graphgauge_algorithmic_degree.yaml").read_text()
    assert "output_type: generate_until" in text
    assert "process_results: !function 'utils.process_results'" in text
    assert "score_record" in (out / "utils.py").read_text()
    # a second export into the same folder is refused: nothing is overwritten
    assert main(["export-task", "lm-eval", str(path), "-o", str(out)]) == 2


def _lm_eval_against_graphgauge(instances, path, tmp_path, encoding, variant):
    """(graphgauge run's per-item scores, lm_eval's result) on the same scripted answers."""
    from lm_eval.tasks import TaskManager

    out = tmp_path / "tasks"
    assert main(["export-task", "lm-eval", str(path), "-o", str(out), "-e", encoding,
                 "-v", variant]) == 0
    suites = sorted({inst.suite for inst in instances})
    with FakeOpenAIServer(policy(scripted_answers(instances, encoding, variant))) as server:
        ours = graphgauge_scores(path, server.base_url, tmp_path / "gg.db", encoding, variant)
        result = lm_eval.simple_evaluate(
            model="local-chat-completions",
            model_args={"base_url": f"{server.base_url}/chat/completions",
                        "model": "fake-model", "num_concurrent": 4, "max_retries": 1},
            tasks=[f"graphgauge_{suite}" for suite in suites],
            task_manager=TaskManager(include_path=str(out), include_defaults=False),
            apply_chat_template=True,
            log_samples=True)
        requests = server.requests
    theirs = {sample["doc"]["id"]: (sample["accuracy"], sample["unparsed"])
              for samples in result["samples"].values() for sample in samples}
    assert theirs == ours  # item by item: same answers, same scores
    assert len(ours) == len(instances)
    for suite in suites:
        items = [ours[i.id][0] for i in instances if i.suite == suite]
        assert result["results"][f"graphgauge_{suite}"]["accuracy,none"] == pytest.approx(
            sum(items) / len(items))
    return ours, requests


@pytest.mark.slow
def test_lm_eval_scores_equal_graphgauge_run(bench, tmp_path):
    instances, path = bench
    ours, _ = _lm_eval_against_graphgauge(instances, path, tmp_path, ENCODING, "original")
    accuracy = sum(a for a, _ in ours.values()) / len(ours)
    assert 0.2 < accuracy < 0.6 and sum(u for _, u in ours.values()) >= len(ours) // 3


def test_system_prompts_reach_the_model(tmp_path):
    """The arc suite's system-prompt variants: lm_eval sends them as system messages."""
    from graphgauge.suites.arc.prompts import system_prompt

    instances = generate("arc", ["colorDegree1", "addHub", "removeDegree3"], count=3, seed=1)
    path = tmp_path / "arc.jsonl"
    write_jsonl(instances, path)
    ours, requests = _lm_eval_against_graphgauge(instances, path, tmp_path, "edge_list",
                                                 "system:teacher")
    lm_eval_requests = requests[len(instances):]  # graphgauge run asked first
    assert {r.body["messages"][0]["content"] for r in lm_eval_requests} == {
        system_prompt("system:teacher")}
    assert 0 < sum(a for a, _ in ours.values()) < len(ours)
