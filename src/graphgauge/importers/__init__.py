"""Importers: the field's benchmarks as ordinary graphgauge instances.

Each format module reads its source into instances of an imported suite (see
``graphgauge.suites.imported``); ``FORMATS`` maps the CLI's format names to them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.instance import Instance

# format -> (module, reader function)
FORMATS = {
    "nlgraph": ("graphgauge.importers.nlgraph", "read_nlgraph"),
    "graphwalks": ("graphgauge.importers.graphwalks", "read_graphwalks"),
    "questions": ("graphgauge.importers.questions", "read_questions"),
}


def reader(fmt: str) -> Callable[..., list[Instance]]:
    if fmt not in FORMATS:
        raise UserError(f"unknown import format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    module, name = FORMATS[fmt]
    return getattr(importlib.import_module(module), name)


def import_benchmark(fmt: str, source: str | Path, **options) -> list[Instance]:
    """The instances of ``source`` read as ``fmt``."""
    instances = reader(fmt)(source, **options)
    if not instances:
        raise UserError(f"{source}: no items to import")
    return instances
