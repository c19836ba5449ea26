"""graphgauge: measure how well models reason about graphs.

The public surface is small on purpose; heavy modules are imported lazily so that
``import graphgauge`` and the CLI start fast. ``generate``, ``evaluate``,
``load_results``, ``estimate`` and ``rescore`` (see :mod:`graphgauge.api`) load their
module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from graphgauge.errors import UserError
from graphgauge.instance import Instance, read_jsonl, write_jsonl

if TYPE_CHECKING:
    from graphgauge.api import (
        Benchmark,
        Estimate,
        Evaluation,
        Rescored,
        Results,
        estimate,
        evaluate,
        generate,
        load_benchmark,
        load_results,
        rescore,
    )
    from graphgauge.store.records import ItemRecord

# name -> module it lives in, imported when the name is first asked for
_LAZY = {
    "generate": "graphgauge.api", "evaluate": "graphgauge.api",
    "load_results": "graphgauge.api", "load_benchmark": "graphgauge.api",
    "Benchmark": "graphgauge.api", "Evaluation": "graphgauge.api",
    "Results": "graphgauge.api", "ItemRecord": "graphgauge.store.records",
    "estimate": "graphgauge.api", "Estimate": "graphgauge.api",
    "rescore": "graphgauge.api", "Rescored": "graphgauge.api",
}

__all__ = ["Benchmark", "Estimate", "Evaluation", "Instance", "ItemRecord", "Rescored",
           "Results", "UserError", "__version__", "estimate", "evaluate", "generate",
           "load_benchmark", "load_results", "read_jsonl", "rescore", "write_jsonl"]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'graphgauge' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found once, then an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
