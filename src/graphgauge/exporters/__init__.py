"""Exporters: a graphgauge benchmark as another harness's task, scored by graphgauge.

Every exporter writes the same records (:mod:`graphgauge.exporters.records`): the
prompt ``graphgauge run`` would send and the instance itself, so the exported code can
hand each answer back to graphgauge's own reader and verifier.

``FORMATS`` is a ``graphgauge.plugins.Registry`` like the models' and the import
formats': the list in ``--help``, ``graphgauge list export-formats`` and the error for a
wrong name all come from it, and a plugin adds a format by registering an object (a
module will do) with the two functions of :class:`Exporter`.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from graphgauge.errors import UserError
from graphgauge.plugins import Registry


class Exporter(Protocol):
    """A format: ``export`` writes ``records`` into the folder ``out`` and returns the names
    another harness knows them by; ``how_to_use`` says how to run the first. ``license``
    and ``source`` are for formats with a dataset card (the others ignore them). An
    optional ``NEEDS`` names the packages the format imports, checked before anything is
    written."""

    def export(self, records: Sequence[dict[str, str]], out: Path, *,
               license: str | None = None, source: str | None = None) -> list[str]: ...

    def how_to_use(self, out: Path, first: str) -> str: ...


# format name -> its module, imported when the format is used
FORMATS: Registry[Any] = Registry("export format")
FORMATS.lazy("lm-eval", "graphgauge.exporters.lm_eval_harness",
             summary="an lm-evaluation-harness task folder")
FORMATS.lazy("inspect", "graphgauge.exporters.inspect_task",
             summary="an inspect_ai task file")
FORMATS.lazy("hf", "graphgauge.exporters.hf_dataset",
             summary="a Hugging Face dataset (Parquet + card)")
# Other spellings users reach for.
ALIASES = {"lm_eval": "lm-eval", "lm-evaluation-harness": "lm-eval", "inspect_ai": "inspect",
           "inspect-ai": "inspect", "datasets": "hf", "huggingface": "hf", "parquet": "hf"}


@dataclass
class Exported:
    """What ``export_task`` wrote: a description, the files' names, the item count and
    how another harness uses it."""

    what: str
    names: list[str]
    items: int
    how_to_use: str


def export_task(fmt: str, benchmark: Path, output: Path, encodings: Sequence[str] = (),
                variants: Sequence[str] = (), split: str | None = None,
                license: str | None = None) -> Exported:
    """Write ``benchmark`` (only ``split`` when given) as a task of format ``fmt`` into the
    folder ``output`` (created; must be empty if it exists), prompts rendered in each of
    ``encodings`` and ``variants`` (edge_list, original by default). Every check is made
    before the folder is created."""
    from graphgauge.exporters.records import build_records
    from graphgauge.instance import read_jsonl
    from graphgauge.render.prompt import encoding_of

    name = ALIASES.get(fmt.lower(), fmt.lower())
    exporter = FORMATS[name]
    missing = [package for package in getattr(exporter, "NEEDS", ())
               if importlib.util.find_spec(package) is None]
    if missing:
        raise UserError(f"the {name} export needs {', '.join(missing)}: "
                        "pip install 'graphgauge[interop]'")
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise UserError(f"output folder is not empty: {output}")
    encodings = [encoding_of(spec).name for spec in encodings or ["edge_list"]]
    variants = variants or ["original"]
    instances = read_jsonl(benchmark)
    if split is not None:
        instances = [inst for inst in instances if inst.meta.get("split") == split]
    if not instances:
        raise UserError(f"no instance to export in {benchmark}"
                        + (f" (split {split!r})" if split else ""))
    records = build_records(instances, list(dict.fromkeys(encodings)),
                            list(dict.fromkeys(variants)))
    output.mkdir(parents=True, exist_ok=True)
    names = exporter.export(records, output, license=license, source=str(benchmark))
    return Exported(FORMATS.summary(name), names, len(records),
                    exporter.how_to_use(output, names[0]))
