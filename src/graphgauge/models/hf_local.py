"""``hf:PATH_OR_NAME`` — a causal language model run in-process with Hugging Face
transformers.

Decoding is exactly what ``params`` say (the checkpoint's own ``generation_config`` sampling
defaults are ignored, only its special token ids are kept), so a run can be repeated and
cached. Greedy decoding is the default. Sampling (``temperature > 0``) uses the Gumbel-max
trick with one random stream per item, seeded by the request's seed and prompt: an item's
answer then depends only on (model, params, prompt, seed), never on which other items share
its batch, which is what the response cache and resumed runs assume. ``do_sample=True``
cannot give that: transformers draws every row of a batch from one global generator.

Items are left-padded and generated in batches in a worker thread, so the event loop stays
free. A prompt that cannot fit the model's context with ``max_new_tokens`` to spare is
refused up front; any other failure of a batch is retried item by item, so one bad item
costs only its own answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError
from graphgauge.models.base import Request, Response
from graphgauge.render.prompt import Prompt

INSTALL_HINT = "install the hf extra: pip install torch==2.13.0 && pip install -e '.[hf]'"
DTYPES = ("auto", "float32", "float16", "bfloat16")


class ItemError(Exception):
    """This item cannot be answered; the rest of its batch can."""


def _import_backend():
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise UserError(f"the hf: backend needs torch and transformers ({exc}); "
                        f"{INSTALL_HINT}") from None
    return torch, transformers


def _resolve(path: str) -> str:
    """An absolute folder for a local model; a hub name is passed on unchanged.

    Anything written as a filesystem path must exist: otherwise transformers would read it
    as a hub name and fail with a confusing message (or, worse, a network timeout).
    """
    local = Path(path).expanduser()
    if local.is_dir():
        return str(local.resolve())
    if path.startswith(("/", "./", "../", "~")) or local.exists():
        raise UserError(f"hf: no model folder at {path}")
    return path


def _number(name: str, value: Any, kind: type) -> Any:
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise UserError(f"hf: {name} must be a number, got {value!r}") from None


def _first_line(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0] if lines else ''}".rstrip(": ")


def item_seed(request: Request) -> int:
    """The sampling seed of one item: its request seed mixed with its prompt, so items of
    one repeat draw independent noise rather than one shared stream."""
    body = f"{request.seed}\x00{request.prompt.key}".encode()
    return int.from_bytes(hashlib.sha256(body).digest()[:8], "little") >> 1


class GumbelSampler:
    """A logits processor that turns greedy decoding into sampling.

    ``argmax(logits / T - log E)`` with ``E ~ Exp(1)`` i.i.d. is a draw from
    ``softmax(logits / T)`` (the Gumbel-max trick); tokens masked to ``-inf`` (top-p) are
    never drawn. Each row has its own generator, so a row's draws ignore the other rows.
    """

    def __init__(self, torch, seeds: Sequence[int], temperature: float, top_p: float | None):
        self.torch = torch
        self.temperature = temperature
        self.top_p = top_p
        self.generators = [torch.Generator().manual_seed(int(s)) for s in seeds]

    def _nucleus(self, scores):
        """Mask all but the smallest set of most likely tokens holding ``top_p`` mass."""
        torch = self.torch
        ordered, order = torch.sort(scores, dim=-1, descending=True)
        probs = torch.softmax(ordered, dim=-1)
        mass_before = torch.cumsum(probs, dim=-1) - probs
        drop = torch.zeros_like(mass_before, dtype=torch.bool)
        drop.scatter_(-1, order, mass_before >= self.top_p)
        return scores.masked_fill(drop, float("-inf"))

    def __call__(self, input_ids, scores):
        torch = self.torch
        scores = scores.float() / self.temperature
        if self.top_p is not None and self.top_p < 1.0:
            scores = self._nucleus(scores)
        width = scores.shape[-1]
        noise = torch.stack(
            [torch.empty(width).exponential_(generator=g) for g in self.generators]
        ).to(scores.device)
        tiny = torch.finfo(noise.dtype).tiny
        return scores - noise.clamp_min(tiny).log()


class HFModel:
    concurrency = 1  # one batch at a time: the model already uses every core (or the GPU)
    cacheable = True

    def __init__(
        self,
        path: str,
        *,
        max_new_tokens: int = 256,
        temperature: float = 0.0,
        top_p: float | None = None,
        batch_size: int = 8,
        device: str = "cpu",
        dtype: str | None = None,
        chat: bool | str | None = None,
        trust_remote_code: bool = False,
    ):
        if not path:
            raise UserError("hf: needs a model folder or hub name, e.g. hf:./my-model")
        max_new_tokens = _number("max_new_tokens", max_new_tokens, int)
        batch_size = _number("batch_size", batch_size, int)
        temperature = _number("temperature", temperature, float)
        top_p = None if top_p is None else _number("top_p", top_p, float)
        if max_new_tokens < 1 or batch_size < 1:
            raise UserError("hf: max_new_tokens and batch_size must be at least 1")
        if temperature < 0:
            raise UserError(f"hf: temperature must be >= 0, got {temperature}")
        if top_p is not None and not 0 < top_p <= 1:
            raise UserError(f"hf: top_p must be in (0, 1], got {top_p}")
        if dtype is not None and dtype not in DTYPES:
            raise UserError(f"hf: dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")
        if chat not in (None, "auto", True, False):
            raise UserError(f"hf: chat must be true, false or auto, got {chat!r}")

        self.name = f"hf:{path}"
        self.batch_size = batch_size
        self.max_new_tokens = max_new_tokens
        self.temperature = temperature
        self.top_p = top_p if temperature > 0 else None
        self._torch, self._transformers = _import_backend()
        self.source = _resolve(path)
        self.tokenizer, self.model = self._load(device, dtype, trust_remote_code)
        template = getattr(self.tokenizer, "chat_template", None)
        if chat is True and not template:
            raise UserError(f"hf: chat=true but the tokenizer of {path} has no chat template")
        self.chat = bool(template) if chat in (None, "auto") else bool(chat)
        self._special_ids()
        self.context = getattr(self.model.config, "max_position_embeddings", None)
        self.params = self._describe(template)

    # --- loading ----------------------------------------------------------------------
    def _load(self, device: str, dtype: str | None, trust_remote_code: bool):
        torch, transformers = self._torch, self._transformers
        trust = {"trust_remote_code": bool(trust_remote_code)}
        weights: dict[str, Any] = {}
        if dtype is not None:
            weights["dtype"] = dtype if dtype == "auto" else getattr(torch, dtype)
        try:
            tokenizer = transformers.AutoTokenizer.from_pretrained(self.source, **trust)
            model = transformers.AutoModelForCausalLM.from_pretrained(
                self.source, **trust, **weights
            )
        except (OSError, ValueError, KeyError, ImportError) as exc:
            raise UserError(f"hf: cannot load model {self.source!r}: {_first_line(exc)}") from None
        try:
            model.to(torch.device(device))
        except (RuntimeError, AssertionError) as exc:
            raise UserError(f"hf: cannot use device {device!r}: {_first_line(exc)}") from None
        model.eval()
        return tokenizer, model

    def _special_ids(self) -> None:
        """End-of-sequence ids (the checkpoint may list several) and a padding id."""
        eos = self.model.generation_config.eos_token_id
        if eos is None:
            eos = self.tokenizer.eos_token_id
        self.eos_ids = [eos] if isinstance(eos, int) else list(eos or [])
        if self.tokenizer.pad_token_id is None and self.tokenizer.eos_token is not None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        pad = self.tokenizer.pad_token_id
        # Padding is masked out, so any id serves when the tokenizer defines none at all.
        self.pad_id = pad if pad is not None else (self.eos_ids[0] if self.eos_ids else 0)

    def _describe(self, template: str | None) -> dict[str, Any]:
        """What changes the answers: the cache key and the manifest. No device, no batch
        size: they change speed, not text."""
        config = self.model.config
        weights: dict[str, Any] = {
            "name_or_path": getattr(config, "_name_or_path", None) or self.source,
            "parameters": int(self.model.num_parameters()),
            "dtype": str(self.model.dtype).removeprefix("torch."),
        }
        revision = getattr(config, "_commit_hash", None)
        if revision:
            weights["revision"] = revision
        params: dict[str, Any] = {
            "model": self.source, "weights": weights, "chat": self.chat,
            "max_new_tokens": self.max_new_tokens, "temperature": self.temperature,
        }
        if self.top_p is not None:
            params["top_p"] = self.top_p
        if self.chat:
            params["chat_template"] = hashlib.sha256(template.encode()).hexdigest()[:16]
        return params

    # --- prompts ----------------------------------------------------------------------
    def render(self, prompt: Prompt) -> str:
        """The exact text the model reads: the chat template applied, or the plain prompt
        with the system text (if any) in front."""
        if not self.chat:
            return f"{prompt.system}\n\n{prompt.text}" if prompt.system else prompt.text
        messages = [{"role": "system", "content": prompt.system}] if prompt.system else []
        messages.append({"role": "user", "content": prompt.text})
        return self.tokenizer.apply_chat_template(
            messages, tokenize=False, add_generation_prompt=True
        )

    def _encode(self, prompt: Prompt) -> list[int]:
        try:
            text = self.render(prompt)
        except Exception as exc:  # e.g. a template that rejects a system message
            raise ItemError(f"chat template failed: {_first_line(exc)}") from None
        # A chat template writes its own special tokens (BOS included); a plain prompt
        # gets the tokenizer's.
        ids = self.tokenizer(text, add_special_tokens=not self.chat)["input_ids"]
        if self.context is not None and len(ids) + self.max_new_tokens > self.context:
            raise ItemError(
                f"prompt too long: {len(ids)} tokens + max_new_tokens {self.max_new_tokens} "
                f"exceed the model's context of {self.context} tokens"
            )
        return list(ids)

    # --- the Model protocol -----------------------------------------------------------
    def prepare(self, instances) -> None:
        return None

    async def respond(self, requests: Sequence[Request]) -> list[Response]:
        return await asyncio.to_thread(self._respond, requests)

    def _respond(self, requests: Sequence[Request]) -> list[Response]:
        """Answer a batch: unencodable items fail alone; a failed generation is retried
        one item at a time."""
        out: list[Response | None] = [None] * len(requests)
        ready: list[tuple[int, list[int]]] = []
        for i, request in enumerate(requests):
            try:
                ready.append((i, self._encode(request.prompt)))
            except ItemError as exc:
                out[i] = Response(text=None, error=str(exc))
        seeds = [item_seed(request) for request in requests]
        answered = self._together(ready, seeds) if len(ready) > 1 else None
        if answered is None:
            answered = [self._alone(ids, seeds[i]) for i, ids in ready]
        for (i, _), response in zip(ready, answered, strict=True):
            out[i] = response
        return out

    def _together(self, ready, seeds) -> list[Response] | None:
        try:
            return self._timed([ids for _, ids in ready], [seeds[i] for i, _ in ready])
        except Exception:  # the culprit is found by going one item at a time
            return None

    def _alone(self, ids: list[int], seed: int) -> Response:
        try:
            return self._timed([ids], [seed])[0]
        except Exception as exc:  # this item's failure is its answer; the run goes on
            return Response(text=None, error=f"generation failed: {_first_line(exc)}")

    def _timed(self, batch: list[list[int]], seeds: list[int]) -> list[Response]:
        """Every item of a batch waited for the whole batch: that is its latency."""
        start = time.perf_counter()
        answers = self._generate(batch, seeds)
        latency = time.perf_counter() - start
        return [Response(text=text, latency=latency, tokens_in=len(ids), tokens_out=n)
                for ids, (text, n) in zip(batch, answers, strict=True)]

    # --- generation -------------------------------------------------------------------
    def _generate(self, batch: list[list[int]], seeds: list[int]) -> list[tuple[str, int]]:
        """Generate for left-padded token id lists; (decoded new text, new token count)."""
        torch, hf = self._torch, self._transformers
        width = max(len(ids) for ids in batch)
        input_ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(batch), width), dtype=torch.long)
        for row, ids in enumerate(batch):
            input_ids[row, width - len(ids):] = torch.tensor(ids, dtype=torch.long)
            mask[row, width - len(ids):] = 1
        config = hf.GenerationConfig(
            max_new_tokens=self.max_new_tokens, do_sample=False, num_beams=1,
            eos_token_id=self.eos_ids or None, pad_token_id=self.pad_id,
        )
        processors = hf.LogitsProcessorList()
        if self.temperature > 0:
            processors.append(GumbelSampler(torch, seeds, self.temperature, self.top_p))
        device = self.model.device
        with torch.inference_mode():
            output = self.model.generate(
                input_ids=input_ids.to(device), attention_mask=mask.to(device),
                generation_config=config, logits_processor=processors,
            )
        return [self._decode(row[width:].tolist()) for row in output]

    def _decode(self, new: list[int]) -> tuple[str, int]:
        """Cut at the first end-of-sequence token (counted: the model produced it)."""
        stops = set(self.eos_ids)
        end = next((k + 1 for k, tok in enumerate(new) if tok in stops), len(new))
        text = self.tokenizer.decode(new[:end], skip_special_tokens=True)
        return text.strip(), end
