"""``key=value`` options as the command line writes them (``-p temperature=0``).

Every command that takes model, suite or extractor options reads them here, so a value
means the same thing wherever it is given.
"""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError


def parse_params(pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` options; values read as YAML scalars/lists (0.2, true, [a, b])."""
    import yaml

    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--param must look like key=value, got {pair!r}")
        try:
            out[key.strip()] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "not valid YAML"
            raise UserError(f"-p {pair}: malformed value ({problem}); quote text that "
                            f"starts with [ {{ or *, e.g. -p '{key.strip()}=\"...\"'") from None
    return out
