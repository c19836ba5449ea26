"""``graphgauge compare`` and ``graphgauge export``: two runs side by side, and the items
out of the store for dataframe users."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer

from graphgauge.choices import REGISTRIES
from graphgauge.errors import UserError
from graphgauge.extras import require
from graphgauge.preflight import output_file

StoreOpt = Annotated[Path, typer.Option("--store", "-s", help="SQLite results file.")]


# The report's registries are filled by the studies, which only this layer may import:
# graphgauge.studies.catalog imports them all, the first time a list is asked for.
REGISTRIES.lazy("sections", "graphgauge.studies.catalog:SECTIONS",
                summary="the report's sections after the suites' (report --html)")
REGISTRIES.lazy("suite-reports", "graphgauge.studies.catalog:SUITE_REPORTS",
                summary="suites whose report a study writes")


def _open(store: Path):
    from graphgauge.store import Store

    if not store.is_file():
        raise UserError(f"store not found: {store} (run 'graphgauge run' first)")
    return Store(store, write=False)


def _short(text: str | None, width: int = 40) -> str:
    if text is None:
        return "–"
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _points(value: float) -> str:
    return "–" if math.isnan(value) else f"{100 * value:+.1f}"


def compare(
    run_a: Annotated[str, typer.Argument(help="First run id (or a unique prefix).")],
    run_b: Annotated[str, typer.Argument(help="Second run id (or a unique prefix).")],
    store: StoreOpt = Path("graphgauge.db"),
    show: Annotated[int, typer.Option(help="Disagreeing items to print (0: none).")] = 20,
    disagreements: Annotated[
        Path | None, typer.Option(help="Write every disagreeing item to this CSV file.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Bootstrap seed.")] = 0,
) -> None:
    """Accuracy of RUN_A minus RUN_B per task and overall, with paired 95% bootstrap CIs
    over the items both answered, and the items where one is right and the other not."""
    import csv
    from dataclasses import asdict, fields

    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from graphgauge.report.compare import Disagreement, compare_runs

    if show < 0:
        raise UserError(f"--show must be 0 or more, got {show}")
    if disagreements is not None:
        output_file(disagreements, "--disagreements")
    with _open(store) as db:
        a, b = db.resolve_run(run_a), db.resolve_run(run_b)
        result = compare_runs(db, a, b, seed=seed)
    console = Console()
    # Rich reads [...] as markup: run ids, task names and model answers are escaped.
    table = Table(title=escape(f"A = {a}, B = {b}: accuracy %, A − B in points [paired 95% "
                               f"CI], paired on {result.paired_on}"),
                  title_justify="left", header_style="bold")
    for column in ("suite", "task", "paired", "A", "B", "A − B [95% CI]"):
        table.add_column(column, justify="left" if column in ("suite", "task") else "right")
    for d in result.differences:
        table.add_row(escape(d.suite), escape(d.task), str(d.n), f"{100 * d.accuracy_a:.1f}",
                      f"{100 * d.accuracy_b:.1f}",
                      escape(f"{_points(d.diff)} [{_points(d.low)}, {_points(d.high)}]"))
    console.print(table)
    if result.only_a or result.only_b:
        console.print(f"not paired: {result.only_a} only in A, {result.only_b} only in B")
    console.print(f"{len(result.disagreements)} disagreeing items")
    if show and result.disagreements:
        listing = Table(title="Disagreements (score A / B, parsed answers, gold)",
                        title_justify="left", header_style="bold")
        for column in ("task", "instance", "encoding", "A", "B", "parsed A", "parsed B",
                       "gold"):
            listing.add_column(column, overflow="fold")
        for d in result.disagreements[:show]:
            listing.add_row(*map(escape, (
                d.task, d.instance_id, d.encoding, f"{d.score_a:.2f}", f"{d.score_b:.2f}",
                _short(d.parsed_a), _short(d.parsed_b), _short(d.gold))))
        console.print(listing)
    if disagreements is not None:
        with open(disagreements, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, [f.name for f in fields(Disagreement)])
            writer.writeheader()
            writer.writerows(asdict(d) for d in result.disagreements)
        typer.echo(f"wrote {len(result.disagreements)} disagreements to {disagreements}")


def export(
    output: Annotated[Path, typer.Option("--output", "-o", help="File to write.")],
    store: StoreOpt = Path("graphgauge.db"),
    format: Annotated[
        str | None, typer.Option("--format", "-f", help="parquet (needs pyarrow), csv or "
                                 "jsonl. Default: the output's suffix (.parquet, .jsonl), "
                                 "else csv.")
    ] = None,
    run_ids: Annotated[
        list[str] | None, typer.Option("--run", "-r", help="Run id (prefix); repeatable. "
                                       "Default: every run.")
    ] = None,
) -> None:
    """Write per-item results (model, run, task, prompt, response, parsed and gold answer,
    scores as score_<metric> columns, meta, latency, tokens, error) for pandas or DuckDB."""
    from graphgauge.report.export import export_items

    output_file(output, "--output")
    if format is None:  # `-o items.jsonl` must not get CSV under a .jsonl name
        format = EXPORT_SUFFIXES.get(output.suffix.lower(), "csv")
    if format == "parquet":
        require("parquet", "export --format parquet")
    with _open(store) as db:
        runs = [db.resolve_run(r) for r in run_ids] if run_ids else None
        count = export_items(db, runs, format, output)
    typer.echo(f"wrote {count} items to {output}")


EXPORT_SUFFIXES = {".parquet": "parquet", ".jsonl": "jsonl", ".json": "jsonl"}


def register(app: typer.Typer) -> None:
    app.command()(compare)
    app.command()(export)
