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


# One "<number><unit>" of a duration (units s, m, h, d); a duration is one or more of them.
_PART = r"(\d+(?:\.\d*)?|\.\d+)\s*([smhd])"
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str | float | None, option: str) -> float | None:
    """Seconds in a duration as a person writes one: ``90`` (seconds), ``90s``, ``30m``,
    ``2h``, ``1h30m``, ``1.5d``. None stays None; anything else, or no time at all, is a
    user error naming ``option``."""
    if text is None:
        return None
    spoken = str(text).strip()
    try:
        seconds = float(spoken)
    except ValueError:
        whole = re.fullmatch(rf"(?:\s*{_PART})+", spoken, re.IGNORECASE)
        seconds = sum(float(n) * _SECONDS[unit.lower()]
                      for n, unit in re.findall(_PART, spoken, re.IGNORECASE)) if whole else 0
    if not 0 < seconds < float("inf"):
        raise UserError(f"{option} {spoken}: give a duration more than 0, such as 90s, 30m, "
                        "2h or 1h30m (a bare number is seconds)")
    return seconds
