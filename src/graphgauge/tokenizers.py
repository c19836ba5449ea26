"""Counting prompt tokens: with a tokenizer named on the command line (``--tokenizer``: a
Hugging Face tokenizer, or tiktoken), a local ``hf:`` model's own, or graphgauge's
tokenizer-free estimate. Shared by ``graphgauge estimate`` and the robustness study's
prompt lengths."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from graphgauge.errors import UserError

ESTIMATE_NAME = ("graphgauge's tokenizer-free estimate (one token per letter run, per "
                 "group of up to 3 digits, per punctuation mark)")
# Pieces a BPE tokenizer rarely merges across: a run of letters (or underscores), at most
# three digits (GPT-4/Llama-3 style tokenizers split digit runs into groups of three), or
# one punctuation character. Whitespace is free: it mostly rides on the next piece.
_TOKEN_PIECE = re.compile(r"\d{1,3}|[^\W\d]+|[^\w\s]")


def estimate_tokens(text: str) -> int:
    """Tokenizer-free token count: the number of ``_TOKEN_PIECE`` matches (letter runs,
    digit groups of up to three, single punctuation marks). Close to BPE counts on graph
    prompts, which are mostly short numbers and punctuation, where chars/4 undercounts."""
    return len(_TOKEN_PIECE.findall(text))


def count_tokens(tokenizer: Any, text: str) -> int:
    """Token count from a tokenizer object: ``encode(text)`` when it has one (tiktoken,
    transformers, tokenizers), else ``tokenizer(text)``; a mapping result is read at
    ``input_ids`` and an object result at ``.ids``."""
    encode = getattr(tokenizer, "encode", None)
    ids = encode(text) if callable(encode) else tokenizer(text)
    if isinstance(ids, Mapping):
        ids = ids["input_ids"]
    return len(getattr(ids, "ids", ids))


def load_tokenizer(name: str | None) -> Any:
    """The tokenizer of a path or hub name (None for None); needs the ``hf`` extra."""
    if name is None:
        return None
    try:
        from transformers import AutoTokenizer
    except ImportError:
        raise UserError("--tokenizer needs the 'hf' extra: pip install 'graphgauge[hf]'") \
            from None
    try:
        return AutoTokenizer.from_pretrained(name)
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot load tokenizer {name!r}: {exc}") from None


def token_counter(spec: str, tokenizer: str | None) -> tuple[Callable[[str], int], str]:
    """(count function, the name of what counts): ``--tokenizer`` when given (a Hugging
    Face tokenizer, or ``tiktoken[:ENCODING]``), else a local ``hf:`` model's own, else
    the tokenizer-free estimate. Nothing is downloaded unless ``--tokenizer`` asks."""
    prefix, _, name = spec.partition(":")
    if tokenizer is not None:
        return partial(count_tokens, _named_tokenizer(tokenizer, name)), f"tokenizer {tokenizer}"
    if prefix == "hf" and name:
        try:
            from transformers import AutoTokenizer

            found = AutoTokenizer.from_pretrained(name, local_files_only=True)
            return partial(count_tokens, found), f"the tokenizer of {spec}"
        except (ImportError, OSError, ValueError):
            pass
    return estimate_tokens, ESTIMATE_NAME


def _named_tokenizer(tokenizer: str, model_name: str):
    """``tiktoken`` (the encoding of the model's name), ``tiktoken:ENCODING``, or a Hugging
    Face tokenizer's path or name."""
    kind, _, encoding = tokenizer.partition(":")
    if kind != "tiktoken":
        return load_tokenizer(tokenizer)
    try:
        import tiktoken
    except ImportError:
        raise UserError("--tokenizer tiktoken needs tiktoken: pip install tiktoken") from None
    try:
        if encoding:
            return tiktoken.get_encoding(encoding)
        return tiktoken.encoding_for_model(model_name)
    except (KeyError, ValueError):
        raise UserError(f"tiktoken knows no encoding for {encoding or model_name!r}; name "
                        "one: --tokenizer tiktoken:o200k_base") from None
    except Exception as exc:  # noqa: BLE001 - tiktoken fetches its vocabulary on first use
        raise UserError(f"tiktoken could not load its vocabulary ({type(exc).__name__}); "
                        "it downloads it once, then works offline") from None
