"""Importers: the field's benchmarks as ordinary graphgauge instances.

Each format module reads its source into instances of an imported suite (see
``graphgauge.suites.imported``); ``FORMATS`` is the registry of the CLI's format names
(a ``graphgauge.plugins.Registry`` like the models', so a plugin can add a format).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.plugins import Registry

# format -> reader(source, **options) -> instances, imported when the format is used
FORMATS: Registry[Callable[..., list[Instance]]] = Registry("import format")
FORMATS.lazy("nlgraph", "graphgauge.importers.nlgraph:read_nlgraph",
             summary="NLGraph's task folders (or one task folder / json file)")
FORMATS.lazy("graphwalks", "graphgauge.importers.graphwalks:read_graphwalks",
             summary="GraphWalks rows as JSONL or Parquet")
FORMATS.lazy("questions", "graphgauge.importers.questions:read_questions",
             summary="your own questions, one JSON object per line")


def import_benchmark(fmt: str, source: str | Path, **options) -> list[Instance]:
    """The instances of ``source`` read as ``fmt``."""
    instances = FORMATS[fmt](source, **options)
    if not instances:
        raise UserError(f"{source}: no items to import")
    return instances
