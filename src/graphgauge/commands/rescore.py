"""``graphgauge rescore``: read and score stored answers again with today's readers.

Answers are stored as the model wrote them, so a reader or verifier fix (or a store
written by an older graphgauge) never needs the model again: the readings and scores of
the chosen runs are cleared and rebuilt from the stored texts. Scoring needs the
benchmark's instances (gold answers, graphs for the verifiers); the run's manifest names
the file it came from, and its SHA-256 proves the file is still the one that was answered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge.errors import UserError

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


def load_extractor(spec: str | None, pairs: list[str] | None):
    """The extractor model of ``--extractor`` and ``--extractor-param``, or None."""
    from graphgauge.extraction import load_extractor as build
    from graphgauge.params import parse_params

    return build(spec, parse_params(pairs))


def run_instances(store, run_id: str, benchmark: Path | None, loaded: dict) -> list:
    """The instances ``run_id`` answered: from ``benchmark`` or the path in its manifest,
    checked against the SHA-256 the manifest records (of the file, or of the instances a
    ``--split`` run answered)."""
    from graphgauge.instance import file_digest, read_jsonl
    from graphgauge.runner import benchmark_digest

    recorded = store.manifest(run_id).get("benchmark") or {}
    path = benchmark or (Path(recorded["path"]) if recorded.get("path") else None)
    if path is None:
        raise UserError(f"run {run_id} does not record its benchmark file; pass it: "
                        "graphgauge rescore BENCHMARK --run RUN")
    if not path.is_file():
        raise UserError(f"benchmark {path} of run {run_id} not found; pass the file: "
                        "graphgauge rescore BENCHMARK --run RUN")
    if path not in loaded:
        loaded[path] = (file_digest(path), read_jsonl(path))
    digest, instances = loaded[path]
    sha = recorded.get("sha256")
    if sha is None or digest == sha:
        return instances
    answered = {row["instance_id"] for row in store.items([run_id], columns=("instance_id",))}
    subset = [inst for inst in instances if inst.id in answered]
    if benchmark_digest(subset) != sha:
        raise UserError(f"{path} is not the benchmark run {run_id} answered (SHA-256 "
                        f"{digest[:12]}…, the run's manifest says {sha[:12]}…)")
    return subset


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
    from graphgauge.models.base import ServiceUnreachable
    from graphgauge.render.variants import SCORED_BY_VARIANT
    from graphgauge.report.reading import path_counts, paths_text
    from graphgauge.runner import score_pending
    from graphgauge.store import Store

    if not store.is_file():
        raise UserError(f"store not found: {store} (run 'graphgauge run' first)")
    model = load_extractor(extractor, extractor_param)
    loaded: dict = {}
    with Store(store) as db:
        runs = [db.resolve_run(r) for r in run_ids] if run_ids else [r["id"] for r in db.runs()]
        if not runs:
            raise UserError(f"no runs in {store}")
        plan = [(run, run_instances(db, run, benchmark, loaded)) for run in runs]
        for run, instances in plan:
            before = db.run_stats().get(run, {})
            lease = db.take_lease(run)
            try:
                cleared = db.clear_scores(run)
                score_pending(db, run, instances, progress=not quiet)
                db.annotate_run(run, {SCORED_BY_VARIANT: True})
                if model is not None:
                    from graphgauge.extraction import extract_unread

                    extract_unread(db, run, instances, model, progress=not quiet)
                else:  # earlier extractor readings were cleared with the rest
                    db.annotate_run(run, {"extractor": None})
            except ServiceUnreachable as exc:
                typer.echo(f"graphgauge: error: {extractor}: {exc}", err=True)
                raise typer.Exit(1) from None
            finally:
                db.release(lease)
            after = db.run_stats().get(run, {})
            typer.echo(f"{run}: re-read {cleared} answers; accuracy "
                       f"{_share(before.get('accuracy'))} -> {_share(after.get('accuracy'))}, "
                       f"unparsed {_count(before.get('unparsed'))} -> "
                       f"{_count(after.get('unparsed'))}; read by "
                       f"{paths_text(path_counts(db, [run]).get(run, {}))}")


def _share(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _count(value) -> str:
    return "0" if value is None else str(int(value))


def register(app: typer.Typer) -> None:
    app.command()(rescore)
