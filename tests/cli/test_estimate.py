"""``graphgauge estimate`` on a hand-written benchmark: token counts and cost worked out
by hand (tokenizer-free estimate) and with a local Hugging Face tokenizer."""

import re

import pytest

from graphgauge.api import tally
from graphgauge.cli import main
from graphgauge.exporters.records import build_records
from graphgauge.instance import Instance, write_jsonl
from graphgauge.tokenizers import ESTIMATE_NAME, token_counter

PATH_GRAPH = {"directed": False, "nodes": [{"id": 0}, {"id": 1}, {"id": 2}],
              "edges": [{"source": 0, "target": 1}, {"source": 1, "target": 2}]}
HAND = [Instance(id="hand/degree", suite="algorithmic", task="degree",
                 graphs={"G": PATH_GRAPH}, query={"node": 1}, answer=2),
        Instance(id="hand/cycle", suite="algorithmic", task="has_cycle",
                 graphs={"G": PATH_GRAPH}, query={}, answer=False)]
# Counted by hand, one token per letter run, digit group and punctuation mark:
# "Here is an undirected graph with nodes 0..2. The edges are: (0, 1), (1, 2)." = 28,
# "Question:" = 2, then "What is the degree of node 1?" = 8 and "Give your final answer
# as a single integer." = 9; or "Does the graph contain a cycle?" = 7 and "Answer Yes or
# No." = 5. The answers "2" and "No" are one token each.
PROMPT_TOKENS = {"integer": 47, "bool": 42}


@pytest.fixture
def bench(tmp_path):
    path = tmp_path / "hand.jsonl"
    write_jsonl(HAND, path)
    return path


def test_hand_counts_without_a_tokenizer():
    count, name = token_counter("openai:some-served-model", None)
    assert name == ESTIMATE_NAME
    lines = tally(build_records(HAND, ["edge_list"], ["original"]), count, repeats=3)
    assert [(x.answer_type, x.requests, x.prompt_tokens, x.output_tokens) for x in lines] == [
        ("integer", 3, 3 * 47, 3), ("bool", 3, 3 * 42, 3), ("total", 6, 3 * 89, 6)]
    fixed = tally(build_records(HAND, ["edge_list"], ["original"]), count, output_tokens=50)
    assert fixed[-1].output_tokens == 100


def test_cost_from_prices_before_anything_is_sent(bench, tmp_path, capsys):
    prices = tmp_path / "prices.yaml"
    prices.write_text("served-model: {input: 1.0, output: 2.0}\n")
    # no server at this address: estimate must not send anything
    assert main(["estimate", str(bench), "-m", "openai:served-model", "--repeats", "2",
                 "--prices", str(prices), "-p", "max_tokens=10",
                 "-p", "base_url=http://127.0.0.1:9/v1"]) == 0
    out = capsys.readouterr().out
    assert "4 requests (2 items x 1 encodings x 1 variants x 2 repeats)" in out
    # (2 * 89 prompt tokens * $1 + 2 * 2 output tokens * $2) / 1000
    assert "expected cost: $0.1860" in out
    # every answer at max_tokens: (178 * 1 + 4 * 10 * 2) / 1000
    assert "at most: $0.2580 if every answer uses max_tokens=10" in out
    # -p prices win over the table; a model missing from the table gets no cost
    assert main(["estimate", str(bench), "-m", "openai:served-model", "-p", "price_in=0.5",
                 "-p", "price_out=0", "--prices", str(prices)]) == 0
    assert "expected cost: $0.0445" in capsys.readouterr().out
    assert main(["estimate", str(bench), "-m", "openai:other", "--prices", str(prices)]) == 0
    assert "no price for openai:other" in capsys.readouterr().out


def test_the_api_gives_what_the_command_prints(bench):
    """``graphgauge.api.estimate`` is what the command prints: the hand counts, a price
    from ``-p``-style params, and the worst case at max_tokens."""
    from graphgauge.api import estimate

    done = estimate(bench, ["reference", "openai:x"], repeats=2,
                    params={"price_in": 1.0, "price_out": 2.0, "max_tokens": 10})
    assert [e.model for e in done] == ["reference", "openai:x"]
    total = done[0].total
    assert (total.requests, total.prompt_tokens, total.output_tokens) == (4, 2 * 89, 4)
    assert done[0].price == {"input": 1.0, "output": 2.0} and done[0].max_tokens == 10
    assert (done[0].items, done[0].encodings, done[0].variants) == (2, ["edge_list"],
                                                                  ["original"])


def test_two_encodings_count_both_prompts(bench, capsys):
    assert main(["estimate", str(bench), "-m", "reference", "-e", "edge_list",
                 "-e", "adjacency_list", "-p", "price_in=1", "-p", "price_out=0"]) == 0
    out = capsys.readouterr().out
    assert "4 requests (2 items x 2 encodings x 1 variants x 1 repeats)" in out


def test_local_hf_tokenizer_is_used(bench, tmp_path, capsys):
    transformers = pytest.importorskip("transformers", reason="transformers not installed")
    from tokenizers import Tokenizer, models, pre_tokenizers

    words = Tokenizer(models.WordLevel({"[UNK]": 0, "graph": 1}, unk_token="[UNK]"))
    words.pre_tokenizer = pre_tokenizers.Whitespace()
    folder = tmp_path / "tok"
    transformers.PreTrainedTokenizerFast(tokenizer_object=words,
                                         unk_token="[UNK]").save_pretrained(folder)
    count, name = token_counter(f"hf:{folder}", None)
    assert name == f"the tokenizer of hf:{folder}"
    records = build_records(HAND, ["edge_list"], ["original"])
    # the Whitespace pre-tokenizer's pieces: word runs and punctuation runs
    expected = sum(len(re.findall(r"\w+|[^\w\s]+", r["prompt"])) for r in records)
    assert tally(records, count)[-1].prompt_tokens == expected != 89
    assert main(["estimate", str(bench), "-m", "openai:x", "--tokenizer", str(folder)]) == 0
    assert f"counted with tokenizer {folder}\n" in capsys.readouterr().out


def test_user_errors(bench, capsys):
    pytest.importorskip("tiktoken", reason="tiktoken not installed")
    assert main(["estimate", str(bench), "-m", "openai:my-llama", "--tokenizer", "tiktoken"]) == 2
    assert "tiktoken knows no encoding for 'my-llama'" in capsys.readouterr().err
    assert main(["estimate", str(bench), "-m", "openai:x", "--tokenizer", "tiktoken:nope"]) == 2
    assert main(["estimate", str(bench), "-m", "reference", "--repeats", "0"]) == 2
    assert main(["estimate", str(bench), "-m", "reference", "--split", "train"]) == 2
    assert main(["estimate", str(bench), "-m", "reference", "-p", "price_in=cheap"]) == 2
    assert "no instance" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["abc", "0", "-3", "2.5"])
def test_max_tokens_must_be_a_positive_integer(bench, capsys, value):
    code = main(["estimate", str(bench), "-m", "openai:m", "-p", "price_in=1",
                 "-p", "price_out=1", "-p", f"max_tokens={value}"])
    assert code == 2
    assert "max_tokens must be a positive integer" in capsys.readouterr().err


def test_model_names_are_printed_as_given(bench, capsys):
    """A spec such as openai:x followed by a colon is not a rich emoji code (:x:), and
    brackets in a name are not markup."""
    assert main(["estimate", str(bench), "-m", "openai:x", "-m", "openai:[bold]m"]) == 0
    out = capsys.readouterr().out
    assert "openai:x: 2 requests" in out and "no price for openai:x:" in out
    assert "openai:[bold]m: 2 requests" in out
