"""``graphgauge rescore``: read and score stored answers again with today's readers
(``graphgauge.api.rescore``), one line per run; and the ``--extractor`` options that
``run`` shares."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

ExtractorOpt = Annotated[
    str | None,
    typer.Option("--extractor", help="A second model (any -m spec, e.g. openai:gpt-4o-mini) "
                 "asked to extract the final answer as JSON, only for answers the reader "
                 "leaves unread or ambiguous."),
]
ExtractorParamOpt = Annotated[
    list[str] | None,
    typer.Option("--extractor-param", help="Extractor option key=value, repeatable (as -p "
                 "for the model, e.g. base_url=http://localhost:8000/v1)."),
]


def rescore(
    benchmark: Annotated[
        Path | None, typer.Argument(help="The benchmark file the runs answered (default: "
                                    "the path each run's manifest records).")
    ] = None,
    run_ids: Annotated[
        list[str] | None,
        typer.Option("--run", "-r", help="Run id (prefix); repeatable. Default: every run."),
    ] = None,
    store: Annotated[Path, typer.Option("--store", "-s", help="SQLite results file.")] = Path(
        "graphgauge.db"),
    extractor: ExtractorOpt = None,
    extractor_param: ExtractorParamOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
) -> None:
    """Read and score the stored answers of runs again with the current readers (and
    --extractor for what they leave unread): for stores written by older versions, or
    after a reader fix. The models are not asked again."""
    from graphgauge import api
    from graphgauge.models.base import ServiceUnreachable
    from graphgauge.params import parse_params
    from graphgauge.report.reading import paths_text

    def report(done: api.Rescored) -> None:
        before, after = done.before, done.after
        typer.echo(f"{done.run_id}: re-read {done.cleared} answers; accuracy "
                   f"{_share(before.get('accuracy'))} -> {_share(after.get('accuracy'))}, "
                   f"unparsed {_count(before.get('unparsed'))} -> "
                   f"{_count(after.get('unparsed'))}; read by {paths_text(done.read_by)}")

    try:
        api.rescore(store, run_ids, benchmark=benchmark, extractor=extractor,
                    extractor_params=parse_params(extractor_param), progress=not quiet,
                    on_done=report)
    except ServiceUnreachable as exc:
        typer.echo(f"graphgauge: error: {extractor}: {exc}", err=True)
        raise typer.Exit(1) from None


def _share(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _count(value) -> str:
    return "0" if value is None else str(int(value))


def register(app: typer.Typer) -> None:
    app.command()(rescore)
