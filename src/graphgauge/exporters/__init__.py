"""Exporters: a graphgauge benchmark as another harness's task, scored by graphgauge.

Every exporter writes the same records (:mod:`graphgauge.exporters.records`): the
prompt ``graphgauge run`` would send and the instance itself, so the exported code can
hand each answer back to graphgauge's own reader and verifier.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graphgauge.errors import UserError

# format name -> (module, what it writes, packages writing it needs)
FORMATS = {
    "lm-eval": ("lm_eval_harness", "an lm-evaluation-harness task folder", ()),
    "inspect": ("inspect_task", "an inspect_ai task file", ()),
    "hf": ("hf_dataset", "a Hugging Face dataset (Parquet + card)", ("pyarrow",)),
}
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
    if name not in FORMATS:
        raise UserError(f"unknown export format {fmt!r}; use {', '.join(FORMATS)}")
    module, what, needs = FORMATS[name]
    missing = [package for package in needs if importlib.util.find_spec(package) is None]
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
    exporter = importlib.import_module(f"graphgauge.exporters.{module}")
    records = build_records(instances, list(dict.fromkeys(encodings)),
                            list(dict.fromkeys(variants)))
    output.mkdir(parents=True, exist_ok=True)
    if name == "hf":
        names = exporter.export(records, output, license=license, source=str(benchmark))
    else:
        names = exporter.export(records, output)
    return Exported(what, names, len(records), exporter.how_to_use(output, names[0]))
