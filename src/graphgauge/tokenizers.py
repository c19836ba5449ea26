"""Hugging Face tokenizers named on the command line (``--tokenizer``), for real prompt
token counts."""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError


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
