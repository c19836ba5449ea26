"""``graphgauge export-task``: a benchmark as an lm-eval, inspect_ai or HF dataset task."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge.errors import UserError


def register(app: typer.Typer) -> None:
    @app.command("export-task")
    def export_task(
        fmt: Annotated[str, typer.Argument(metavar="FORMAT",
                                           help="lm-eval, inspect or hf (datasets).")],
        benchmark: Annotated[Path, typer.Argument(help="Benchmark JSONL from 'generate'.")],
        output: Annotated[Path, typer.Option("--output", "-o", help="Folder to write "
                                             "(created; must be empty if it exists).")],
        encoding: Annotated[
            list[str] | None,
            typer.Option("--encoding", "-e", help="Graph encoding of the prompts, "
                         "repeatable, as in 'run'. Default: edge_list."),
        ] = None,
        variant: Annotated[
            list[str] | None,
            typer.Option("--variant", "-v", help="Instruction variant, repeatable, as in "
                         "'run'. Default: original."),
        ] = None,
        split: Annotated[str | None, typer.Option(help="Export only this split.")] = None,
        license: Annotated[
            str | None, typer.Option("--license", help="hf: the licence id for the card "
                                     "(default: apache-2.0 for generated suites).")
        ] = None,
    ) -> None:
        """Export a benchmark so another harness runs it with graphgauge's scoring: an
        lm-evaluation-harness task folder, an inspect_ai task file, or a Hugging Face
        dataset (Parquet per suite with a dataset card)."""
        import importlib
        import importlib.util

        from graphgauge.exporters import ALIASES, FORMATS
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
        encodings = [encoding_of(spec).name for spec in encoding or ["edge_list"]]
        variants = variant or ["original"]
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
        typer.echo(f"wrote {what} with {len(records)} items to {output}: {', '.join(names)}")
        typer.echo(f"use it with: {exporter.how_to_use(output, names[0])}")
