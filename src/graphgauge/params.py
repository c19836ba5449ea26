"""``key=value`` options as the command line writes them (``-p temperature=0``).

Every command that takes model, suite or extractor options reads them here, so a value
means the same thing wherever it is given.
"""

from __future__ import annotations

import re
from typing import Any

from graphgauge.errors import UserError


def parse_params(pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` options; values read as YAML scalars/lists (0.2, true, [a, b])."""
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--param must look like key=value, got {pair!r}")
        out[key.strip()] = _value(pair, key, value)
    return out


# A URL (base_url=http://host:8000/v1), which YAML reads as that very text: no YAML
# indicator can start it, no number, boolean, null or date matches it, and without
# spaces, '#', flow brackets or a final ':' nothing in it starts a comment or a mapping.
# Printable ASCII only. Read without the YAML parser, whose import (~35 ms) is a tenth
# of what a plain ``graphgauge run`` spends importing.
_PLAIN_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:(?![#,\[\]{}])[!-~])*(?<!:)")


def _value(pair: str, key: str, value: str) -> Any:
    if _PLAIN_URL.fullmatch(value):
        return value
    if not value.strip():
        return ""
    import yaml

    try:
        return yaml.safe_load(value)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise UserError(f"-p {pair}: malformed value ({problem}); quote text that "
                        f"starts with [ {{ or *, e.g. -p '{key.strip()}=\"...\"'") from None
