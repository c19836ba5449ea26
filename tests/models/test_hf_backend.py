"""The hf: backend on a tiny random GPT-2 built here (no downloads).

Greedy answers are checked against a hand-written decoding loop (plain forward passes, no
``generate``, no padding, no cache); the sampler against numpy's softmax.
"""

import asyncio
import json
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from graphgauge.errors import UserError  # noqa: E402
from graphgauge.models.base import Request  # noqa: E402
from graphgauge.models.hf_local import GumbelSampler, HFModel  # noqa: E402
from graphgauge.registry import generate, render, select_tasks  # noqa: E402
from graphgauge.render.prompt import Prompt  # noqa: E402

TEMPLATE = (
    "{% for m in messages %}<|{{ m.role }}|> {{ m.content }} {% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


NEW = 12  # max_new_tokens in most tests: enough to see padding and stopping matter


#: The tokenizer's vocabulary (and so the random model's behaviour) comes from this corpus:
#: it is pinned to the tasks it was tuned on, so adding a task to the suite moves nothing.
CORPUS_TASKS = [t.name for t in select_tasks("algorithmic") if t.name != "reachability"]


def _corpus() -> list[str]:
    instances = generate("algorithmic", CORPUS_TASKS, count=2, seed=3, nodes=(5, 8))
    return [render(inst).text for inst in instances] + ["poison", "stop here now"]


@pytest.fixture(scope="module")
def dirs(tmp_path_factory):
    """Three folders with the same weights: a plain tokenizer, one with a chat template and
    one without a padding token."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    words = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    words.pre_tokenizer = pre_tokenizers.Whitespace()
    words.train_from_iterator(
        _corpus(), trainers.WordLevelTrainer(special_tokens=["[UNK]", "[PAD]", "[EOS]"])
    )
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=words, unk_token="[UNK]", pad_token="[PAD]", eos_token="[EOS]"
    )
    torch.manual_seed(0)
    config = transformers.GPT2Config(
        n_layer=1, n_head=2, n_embd=32, vocab_size=len(tokenizer), n_positions=512,
        initializer_range=0.6,  # random but not flat: varied, non-repeating answers
        bos_token_id=tokenizer.eos_token_id, eos_token_id=tokenizer.eos_token_id,
    )
    model = transformers.GPT2LMHeadModel(config)
    # Output embeddings are tied to the input ones: EOS now wins wherever "Find" would have
    # won, so some answers stop early and the end-of-sequence handling is exercised.
    with torch.no_grad():
        table = model.get_input_embeddings().weight
        table[tokenizer.eos_token_id] = 1.05 * table[tokenizer.convert_tokens_to_ids("Find")]
    root = tmp_path_factory.mktemp("hf")
    plain, chat, unpadded = root / "plain", root / "chat", root / "unpadded"
    for folder in (plain, chat, unpadded):
        model.save_pretrained(folder)
        tokenizer.save_pretrained(folder)
    tokenizer.chat_template = TEMPLATE
    tokenizer.save_pretrained(chat)
    transformers.PreTrainedTokenizerFast(
        tokenizer_object=words, unk_token="[UNK]", eos_token="[EOS]"
    ).save_pretrained(unpadded)
    return plain, chat, unpadded


@pytest.fixture(scope="module")
def greedy(dirs):
    return HFModel(str(dirs[0]), max_new_tokens=NEW)


def _prompts() -> list[Prompt]:
    """Prompts of different lengths, so a batch needs padding."""
    texts = [t[: 40 + 90 * k] for k, t in enumerate(_corpus()[:4])] + ["stop here now"]
    return [Prompt(text=t) for t in texts]


def _requests(prompts, seed=0):
    inst = generate("algorithmic", ["node_number"], count=1, seed=0)[0]
    return [Request(p, inst, seed=seed) for p in prompts]


def _ask(model, requests):
    return asyncio.run(model.respond(requests))


def _texts(responses):
    return [r.text for r in responses]


def reference_greedy(model, text: str, chat_ids: bool = False) -> tuple[str, int]:
    """Greedy decoding by hand: one full forward pass per token, argmax, stop at EOS."""
    tok, net = model.tokenizer, model.model
    ids = tok(text, add_special_tokens=not chat_ids)["input_ids"]
    eos = tok.eos_token_id
    new: list[int] = []
    with torch.no_grad():
        for _ in range(NEW):
            logits = net(torch.tensor([ids + new])).logits[0, -1]
            new.append(int(np.argmax(logits.numpy())))
            if new[-1] == eos:
                break
    return tok.decode(new, skip_special_tokens=True).strip(), len(new)


# --- greedy decoding -----------------------------------------------------------------------


def test_greedy_matches_hand_decoding_batched_and_alone(greedy):
    prompts = _prompts()
    batched = _ask(greedy, _requests(prompts))
    assert _texts(_ask(greedy, _requests(prompts))) == _texts(batched)  # deterministic
    alone = [_ask(greedy, _requests([p]))[0] for p in prompts]
    assert _texts(alone) == _texts(batched)  # left padding changes nothing
    for prompt, response in zip(prompts, batched, strict=True):
        assert response.error is None
        assert (response.text, response.tokens_out) == reference_greedy(greedy, prompt.text)
        assert response.tokens_in == len(greedy.tokenizer(prompt.text)["input_ids"])
        assert response.latency > 0
    assert any(r.tokens_out < NEW for r in batched)  # some stopped at EOS


def test_missing_pad_token_falls_back_to_eos(dirs, greedy):
    model = HFModel(str(dirs[2]), max_new_tokens=NEW)
    assert model.tokenizer.pad_token == "[EOS]"
    prompts = _prompts()
    assert _texts(_ask(model, _requests(prompts))) == _texts(_ask(greedy, _requests(prompts)))


def test_batches_larger_than_batch_size_and_reversed_order(dirs, greedy):
    small = HFModel(str(dirs[0]), max_new_tokens=NEW, batch_size=2)
    prompts = _prompts()
    expected = _texts(_ask(greedy, _requests(prompts)))
    assert _texts(_ask(small, _requests(prompts[::-1]))) == expected[::-1]


def test_system_prompt_is_prepended_without_chat(greedy):
    prompt = Prompt(text="what is the answer", system="stop here now")
    assert greedy.chat is False
    assert greedy.render(prompt) == "stop here now\n\nwhat is the answer"
    response = _ask(greedy, _requests([prompt]))[0]
    assert response.text == reference_greedy(greedy, "stop here now\n\nwhat is the answer")[0]


# --- sampling ------------------------------------------------------------------------------


def test_sampling_is_reproducible_per_seed_and_varies_across_seeds(dirs, greedy):
    model = HFModel(str(dirs[0]), max_new_tokens=NEW, temperature=1.0)
    prompts = _prompts()[:3]
    by_seed = {s: _texts(_ask(model, _requests(prompts, seed=s))) for s in range(6)}
    for seed in (0, 4):
        assert _texts(_ask(model, _requests(prompts, seed=seed))) == by_seed[seed]
        # The same item sampled alone, or in a batch in another order, draws the same.
        assert _ask(model, _requests(prompts[1:2], seed=seed))[0].text == by_seed[seed][1]
        assert _texts(_ask(model, _requests(prompts[::-1], seed=seed))) == by_seed[seed][::-1]
    for i in range(len(prompts)):
        assert len({by_seed[s][i] for s in by_seed}) >= 4
    greedy_texts = _texts(_ask(greedy, _requests(prompts)))
    assert all(texts != greedy_texts for texts in by_seed.values())
    assert model.params["temperature"] == 1.0 and greedy.params["temperature"] == 0.0


def _softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()


@pytest.mark.parametrize(("top_p", "nucleus"), [(None, 5), (0.6, 2), (0.9, 3)])
def test_gumbel_sampler_draws_from_softmax(top_p, nucleus):
    logits = np.array([2.0, 1.5, 0.3, -1.0, 0.9])
    temperature, rows = 0.7, 6000
    seeds = list(range(1000, 1000 + rows))
    sampler = GumbelSampler(torch, seeds, temperature, top_p)
    scores = torch.tensor(np.tile(logits, (rows, 1)), dtype=torch.float32)
    draws = sampler(None, scores).argmax(dim=-1).numpy()
    probs = _softmax(logits / temperature)
    if top_p is not None:  # the nucleus, by hand: most likely first until mass >= top_p
        keep, mass = [], 0.0
        for k in np.argsort(-probs):
            if mass >= top_p:
                break
            keep.append(k)
            mass += probs[k]
        probs = np.where(np.isin(np.arange(len(probs)), keep), probs, 0.0)
        probs /= probs.sum()
    assert np.count_nonzero(probs) == nucleus
    freq = np.bincount(draws, minlength=len(logits)) / rows
    assert np.abs(freq - probs).max() < 0.03  # ~4.5 standard errors
    assert freq[probs == 0].sum() == 0
    # A row's draw depends on its own seed only.
    alone = GumbelSampler(torch, seeds[7:8], temperature, top_p)(None, scores[:1])
    assert int(alone.argmax()) == draws[7]


# --- chat templates ------------------------------------------------------------------------


def test_chat_template_is_used_when_present(dirs, greedy):
    model = HFModel(str(dirs[1]), max_new_tokens=NEW)
    assert model.chat is True and model.params["chat"] is True
    prompt = Prompt(text="what is the answer", system="stop here now")
    rendered = model.render(prompt)
    assert rendered == "<|system|> stop here now <|user|> what is the answer <|assistant|>"
    assert model.render(Prompt(text="q")) == "<|user|> q <|assistant|>"
    response = _ask(model, _requests([prompt]))[0]
    assert (response.text, response.tokens_out) == reference_greedy(model, rendered, True)
    fed = model.tokenizer(rendered, add_special_tokens=False)["input_ids"]
    assert response.tokens_in == len(fed)
    assert model.params["chat_template"] and "chat_template" not in greedy.params
    assert model.params != greedy.params


def test_chat_can_be_forced_off_and_cannot_be_forced_on_without_template(dirs):
    off = HFModel(str(dirs[1]), max_new_tokens=NEW, chat=False)
    assert off.render(Prompt(text="q", system="s")) == "s\n\nq"
    with pytest.raises(UserError, match="no chat template"):
        HFModel(str(dirs[0]), chat=True)


# --- failures ------------------------------------------------------------------------------


def test_template_error_fails_only_its_item(dirs):
    model = HFModel(str(dirs[1]), max_new_tokens=NEW)
    model.tokenizer.chat_template = (
        "{% if messages[0].role == 'system' %}{{ raise_exception('no system role') }}"
        "{% endif %}" + TEMPLATE
    )
    out = _ask(model, _requests([Prompt(text="q", system="s"), Prompt(text="q")]))
    assert out[0].text is None and "no system role" in out[0].error
    assert out[0].error.startswith("chat template failed")
    assert out[1].error is None
    assert out[1].text == reference_greedy(model, "<|user|> q <|assistant|>", True)[0]


def test_too_long_prompt_fails_alone(greedy):
    prompts = _prompts()[:2]
    good = _texts(_ask(greedy, _requests(prompts)))
    long = Prompt(text="stop " * 600)
    borderline = Prompt(text="stop " * (512 - NEW + 1))  # fits, but not with NEW tokens more
    fits = Prompt(text="stop " * (512 - NEW))
    out = _ask(greedy, _requests([prompts[0], long, borderline, prompts[1], fits]))
    assert [out[0].text, out[3].text] == good
    for bad in (out[1], out[2]):
        assert bad.text is None and "too long" in bad.error
    assert out[4].error is None and out[4].tokens_in == 512 - NEW


def test_failed_batch_is_retried_item_by_item(dirs, monkeypatch):
    model = HFModel(str(dirs[0]), max_new_tokens=NEW)
    prompts = _prompts()[:2]
    good = _texts(_ask(model, _requests(prompts)))
    poison = model.tokenizer.convert_tokens_to_ids("poison")
    real, calls = model.model.generate, []

    def flaky(*args, **kwargs):
        calls.append(kwargs["input_ids"].shape[0])
        if (kwargs["input_ids"] == poison).any():
            raise RuntimeError("poisoned\nsecond line")
        return real(*args, **kwargs)

    monkeypatch.setattr(model.model, "generate", flaky)
    out = _ask(model, _requests([prompts[0], Prompt(text="poison"), prompts[1]]))
    assert calls == [3, 1, 1, 1]
    assert [out[0].text, out[2].text] == good
    assert out[1].text is None and out[1].error == "generation failed: RuntimeError: poisoned"


def test_missing_or_invalid_models_are_user_errors(tmp_path):
    with pytest.raises(UserError, match="missing-model"):
        HFModel(str(tmp_path / "missing-model"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(UserError, match="empty"):
        HFModel(str(tmp_path / "empty"))
    for bad in ({"temperature": -1}, {"dtype": "int3"}, {"top_p": 0}, {"chat": "maybe"},
                {"max_new_tokens": 0}, {"batch_size": "eight"}):
        with pytest.raises(UserError, match=next(iter(bad))):
            HFModel(str(tmp_path / "empty"), **bad)


def test_missing_libraries_give_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "transformers", None)
    with pytest.raises(UserError, match=r"pip install torch==2\.13\.0 && pip install -e"):
        HFModel("any/model")


# --- params, load_model and the runner -----------------------------------------------------


def test_params_identify_model_and_decoding(dirs, greedy):
    params = greedy.params
    assert json.loads(json.dumps(params)) == params
    assert params["model"] == str(dirs[0].resolve())
    assert params["max_new_tokens"] == NEW and params["chat"] is False
    weights = params["weights"]
    assert weights["parameters"] == sum(p.numel() for p in greedy.model.parameters())
    assert weights["name_or_path"] == str(dirs[0].resolve())
    assert weights["dtype"] == "float32"
    assert "device" not in params and "batch_size" not in params
    sampled = HFModel(str(dirs[0]), max_new_tokens=NEW, temperature=0.5, top_p=0.9)
    assert sampled.params["top_p"] == 0.9 and "top_p" not in greedy.params
    assert greedy.cacheable and greedy.concurrency == 1 and greedy.batch_size == 8
    half = HFModel(str(dirs[0]), max_new_tokens=NEW, dtype="bfloat16")
    assert half.params["weights"]["dtype"] == "bfloat16" and half.params != greedy.params
    assert _ask(half, _requests(_prompts()[:2]))[0].error is None


def test_unusable_device_is_a_user_error(dirs):
    with pytest.raises(UserError, match="device 'nonsense'"):
        HFModel(str(dirs[0]), device="nonsense")


def test_load_model_knows_the_hf_prefix(dirs):
    from graphgauge.models import load_model

    try:
        model = load_model(f"hf:{dirs[0]}", max_new_tokens=4)
    except UserError as exc:
        if "unknown model" in str(exc):
            pytest.skip("hf: is not registered in graphgauge.models.load_model yet")
        raise
    assert isinstance(model, HFModel) and model.params["max_new_tokens"] == 4


def test_runner_end_to_end(dirs, tmp_path):
    from graphgauge.runner import run_benchmark
    from graphgauge.store import Store

    instances = generate("algorithmic", ["node_number"], count=3, nodes=(5, 9))
    model = HFModel(str(dirs[0]), max_new_tokens=8)
    with Store(tmp_path / "r.db") as store:
        result = run_benchmark(instances, model, store, progress=False)
        assert (result.answered, result.errors) == (3, 0)
        rows = list(store.items([result.run_id]))
        again = run_benchmark(instances, model, store, progress=False)
    assert again.resumed and again.skipped == 3
    assert len(rows) == 3
    for row in rows:
        assert row["error"] is None and row["response"] is not None
        assert row["tokens_in"] > 0 and 1 <= row["tokens_out"] <= 8
        assert row["parse_ok"] in (0, 1) and row["accuracy"] is not None
