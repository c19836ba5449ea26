"""Removing secrets from what a server says before it is stored or printed.

Servers echo requests back in their errors, headers included, and a key that reaches the
store travels on into HTML reports and exports. Known key values are cut out exactly;
anything shaped like an OpenAI-style key or a bearer token is cut out by its shape.
"""

from __future__ import annotations

import re

MASK = "[redacted]"
_SHAPES = re.compile(r"\bsk-[A-Za-z0-9_\-]{6,}|\bBearer\s+[A-Za-z0-9._~+/=\-]+", re.IGNORECASE)


def redact(text: str, secrets: tuple[str, ...] = ()) -> str:
    """``text`` without any of ``secrets`` (values of 4+ characters) or key-shaped token."""
    for secret in secrets:
        if len(secret) >= 4 and secret in text:
            text = text.replace(secret, MASK)
    if "sk-" in text or "earer" in text or "EARER" in text:
        text = _SHAPES.sub(MASK, text)
    return text
