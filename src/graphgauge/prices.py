"""What a model's tokens cost: a YAML table of USD per 1,000 tokens, or the run's own
``-p price_in=… -p price_out=…``. Prices are recorded in a run's manifest and never
change its identity."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from graphgauge.errors import UserError

Price = dict[str, float]


def read_price_table(path: Path | None) -> dict[str, Price]:
    """``model: {input: USD, output: USD}`` per 1k tokens; empty without a file."""
    if path is None:
        return {}
    import yaml

    path = Path(path)
    if not path.is_file():
        raise UserError(f"price table not found: {path}")
    try:
        table = yaml.safe_load(path.read_text()) or {}
        return {str(name): {"input": float(p.get("input", 0)), "output": float(p.get("output", 0))}
                for name, p in table.items()}
    except (yaml.YAMLError, AttributeError, TypeError, ValueError) as exc:
        raise UserError(f"{path}: expected 'model: {{input: USD, output: USD}}' ({exc})") from None


def take_price_params(params: dict[str, Any]) -> dict[str, float]:
    """Remove ``price_in``/``price_out`` from model options (they are not the model's) and
    return them as ``{"in": x, "out": y}``."""
    given = [k for k in ("in", "out") if f"price_{k}" in params]
    if len(given) == 1:  # the other side would silently cost nothing
        missing = "out" if given == ["in"] else "in"
        raise UserError(f"-p price_{given[0]} needs -p price_{missing} too (USD per 1k tokens; "
                        "write 0 if that side is free)")
    try:
        return {k: float(params.pop(f"price_{k}")) for k in given}
    except (TypeError, ValueError):
        raise UserError("-p price_in / price_out must be numbers (USD per 1k tokens)") from None


def model_price(spec: str, table: dict[str, Price], override: dict[str, float]) -> Price | None:
    """USD per 1k tokens for ``spec``: ``-p price_in/price_out`` when given, else the
    table's entry for the model's name (``gpt-4o`` of ``openai:gpt-4o``) or full spec."""
    if override:
        return {"input": override.get("in", 0.0), "output": override.get("out", 0.0)}
    return table.get(spec.partition(":")[2]) or table.get(spec)
