"""``graphgauge export-task``: a benchmark as an lm-eval, inspect_ai or HF dataset task
(``graphgauge.exporters.export_task``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge.choices import ChoicesHelp


def register(app: typer.Typer) -> None:
    @app.command("export-task", cls=ChoicesHelp)
    def export_task(
        fmt: Annotated[str, typer.Argument(
            metavar="FORMAT", help="{export-formats} (graphgauge list export-formats).")],
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
        from graphgauge.exporters import export_task as export

        done = export(fmt, benchmark, output, encoding or [], variant or [], split, license)
        typer.echo(f"wrote {done.what} with {done.items} items to {output}: "
                   f"{', '.join(done.names)}")
        typer.echo(f"use it with: {done.how_to_use}")
