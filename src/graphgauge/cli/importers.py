"""``graphgauge import``: the field's benchmarks as graphgauge benchmark files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from graphgauge.choices import ChoicesHelp
from graphgauge.errors import UserError


def register(app: typer.Typer) -> None:
    @app.command("import", cls=ChoicesHelp)
    def import_(
        fmt: Annotated[str, typer.Argument(
            metavar="FORMAT", help="{import-formats} (graphgauge list import-formats).")],
        source: Annotated[Path, typer.Argument(help=(
            "nlgraph: its folder (or one task folder / json file); graphwalks: rows as "
            "JSONL or Parquet; questions: your JSONL file."))],
        output: Annotated[Path, typer.Option("--output", "-o", help="Benchmark JSONL.")],
        split: Annotated[str, typer.Option(help="nlgraph only: which <task>/SPLIT.json "
                                           "files to read (test, main or train).")] = "test",
    ) -> None:
        """Import a benchmark as graphgauge instances (graph, query, verified gold), to
        render in any encoding, run with any model and score by verification."""
        from graphgauge.importers import import_benchmark
        from graphgauge.instance import write_jsonl

        if fmt != "nlgraph" and split != "test":
            raise UserError(f"--split is for nlgraph files; {fmt} reads one file")
        if not output.parent.exists():
            raise UserError(f"output folder does not exist: {output.parent}")
        options = {"split": split} if fmt == "nlgraph" else {}
        instances = import_benchmark(fmt, source, **options)
        written = write_jsonl(instances, output)
        tasks = Counter(f"{inst.suite}/{inst.task}" for inst in instances)
        typer.echo(f"wrote {written} instances to {output} "
                   f"({', '.join(f'{t} {n}' for t, n in sorted(tasks.items()))})")
        disagree = [inst.id for inst in instances
                    if inst.meta.get("source_gold_verified") is False]
        if disagree:
            typer.echo(f"{len(disagree)} source gold answers fail graphgauge's verifier "
                       f"(kept; scored against the verified gold), e.g. {disagree[0]}")
