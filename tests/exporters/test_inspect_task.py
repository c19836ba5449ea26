"""The inspect_ai export, run by the real inspect_ai with its mockllm model answering from
the same script as the fake OpenAI server: per-item scores equal ``graphgauge run``'s."""

import os

import pytest

from graphgauge.cli import main
from graphgauge.instance import write_jsonl
from graphgauge.registry import generate
from tests.support.export_policy import graphgauge_scores, policy, scripted_answers
from tests.support.openai_server import FakeOpenAIServer

pytest.importorskip("inspect_ai", reason="inspect_ai not installed (pip install "
                    "'graphgauge[interop]')")

os.environ["NO_PROXY"] = "127.0.0.1,localhost"
os.environ["no_proxy"] = "127.0.0.1,localhost"


def _mock_model(answers):
    """inspect's mockllm answering each prompt from ``answers`` (token usage given, so
    inspect does not reach for a tokenizer download)."""
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def reply(messages, tools, tool_choice, config):
        output = ModelOutput.from_content(model="mockllm", content=answers[messages[-1].text])
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    return get_model("mockllm/model", custom_outputs=reply)


@pytest.mark.parametrize("encoding,variant", [("edge_list", "original"),
                                              ("edge_list+json+random3", "rephrase:1")])
def test_inspect_scores_equal_graphgauge_run(tmp_path, encoding, variant):
    from inspect_ai import eval as inspect_eval

    instances = (generate("algorithmic", ["shortest_path", "dfs", "edge_number", "is_bipartite",
                                          "common_neighbor"], count=3, seed=9)
                 + generate("spectral", ["spectral_gap"], count=3, seed=9))
    bench = tmp_path / "bench.jsonl"
    write_jsonl(instances, bench)
    out = tmp_path / "inspect"
    # two encodings and variants exported; the task parameters pick one
    assert main(["export-task", "inspect", str(bench), "-o", str(out), "-e", "edge_list",
                 "-e", "edge_list+json+random3", "-v", "original", "-v", "rephrase:1"]) == 0
    answers = scripted_answers(instances, encoding, variant)
    with FakeOpenAIServer(policy(answers)) as server:
        ours = graphgauge_scores(bench, server.base_url, tmp_path / "gg.db", encoding, variant)
    theirs = {}
    for suite in ("algorithmic", "spectral"):
        [log] = inspect_eval(f"{out / 'graphgauge_tasks.py'}@graphgauge_{suite}",
                             model=_mock_model(answers), log_dir=str(tmp_path / "logs"),
                             display="none", task_args={"encoding": encoding,
                                                        "variant": variant})
        assert log.status == "success", log.error
        scored = {s.id: s.scores["graphgauge_scorer"].value for s in log.samples}
        theirs.update({i: (v["accuracy"], v["unparsed"]) for i, v in scored.items()})
        metrics = {score.name: score.metrics for score in log.results.scores}
        items = [ours[i.id][0] for i in instances if i.suite == suite]
        assert metrics["accuracy"]["accuracy"].value == pytest.approx(sum(items) / len(items))
    assert theirs == ours
    accuracy = sum(a for a, _ in ours.values()) / len(ours)
    assert 0.2 < accuracy < 0.6 and sum(u for _, u in ours.values()) >= len(ours) // 3


def test_unknown_encoding_is_named(tmp_path):
    from inspect_ai import eval as inspect_eval

    bench = tmp_path / "bench.jsonl"
    write_jsonl(generate("spectral", ["spectral_gap"], count=2, seed=1), bench)
    out = tmp_path / "inspect"
    assert main(["export-task", "inspect", str(bench), "-o", str(out)]) == 0
    with pytest.raises(ValueError, match="in encoding 'incident'.*exported: edge_list original"):
        inspect_eval(f"{out / 'graphgauge_tasks.py'}@graphgauge_spectral",
                     model=_mock_model({}), log_dir=str(tmp_path / "logs"), display="none",
                     task_args={"encoding": "incident"})
