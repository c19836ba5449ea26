"""The ``graphgauge`` command.

Imports stay inside the commands so that ``graphgauge --help`` and small commands start
fast. Every user mistake surfaces as one line on stderr and exit code 2.
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from graphgauge.choices import ChoicesHelp
from graphgauge.cli.rescore import ExtractorOpt, ExtractorParamOpt
from graphgauge.errors import UserError
from graphgauge.extras import require
from graphgauge.params import parse_params

app = typer.Typer(
    name="graphgauge",
    help=(
        "Measure how well models reason about graphs.\n\n"
        "Typical session: 'graphgauge list' to see suites and tasks, 'graphgauge generate "
        "algorithmic -o bench.jsonl' to build a benchmark, 'graphgauge run bench.jsonl "
        "--model reference' to answer and score it, 'graphgauge report' to read the results. "
        "'graphgauge runs' and 'graphgauge show RUN' list runs and their manifests. "
        "'graphgauge quickstart' does all of it on a small benchmark."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

StoreOpt = Annotated[
    Path, typer.Option("--store", "-s", help="SQLite results file (created if missing).")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")]


def _print_version(value: bool) -> None:
    if value:
        from graphgauge import __version__

        typer.echo(f"graphgauge {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option(
        "--version", "-V", callback=_print_version, is_eager=True,
        help="Print graphgauge's version and exit.")] = False,
) -> None:
    """The options of ``graphgauge`` itself, before any command (the app's help is above)."""


def _split(value: str | None) -> list[str] | None:
    if not value:
        return None
    return [part.strip() for part in value.split(",") if part.strip()]


def _node_range(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        low, _, high = value.partition("-")
        return int(low), int(high or low)
    except ValueError:
        raise UserError(f"--nodes must look like 5-35 or 20, got {value!r}") from None


@app.command("list", cls=ChoicesHelp)
def list_tasks(
    suite: Annotated[str | None, typer.Argument(
        help="Show only this suite ({suites}), or list one of: {lists}.")
    ] = None,
) -> None:
    """List suites and their tasks with difficulty and answer type (or another registry)."""
    from rich.console import Console
    from rich.table import Table

    from graphgauge.choices import REGISTRIES, print_registry
    from graphgauge.registry import SUITES, select_tasks, suite_names

    console = Console()
    if suite in REGISTRIES:
        print_registry(suite, console)
        return
    if suite is not None and suite not in SUITES:
        raise UserError(f"unknown suite or list {suite!r}; suites: {SUITES.choices(', ')}; "
                        f"lists: {REGISTRIES.choices(', ')}")
    for name in [suite] if suite else suite_names():
        tasks = select_tasks(name)
        table = Table(title=f"{name} ({len(tasks)} tasks)", title_justify="left",
                      header_style="bold")
        for column in ("task", "difficulty", "answer", "scoring"):
            table.add_column(column, no_wrap=True)
        table.add_column("what it asks", ratio=1)
        for task in tasks:
            if task.verifiable:
                scoring = "verified"
            elif task.answer.name == "float":
                scoring = "±1%/0.01"
            else:
                scoring = "exact"
            table.add_row(task.name, task.difficulty, task.answer.name, scoring,
                          task.description)
        console.print(table)
    console.print("scoring: verified = any valid (and optimal, where asked) answer counts; "
                  "exact = equals the gold; ±1%/0.01 = float within 1% or 0.01.")
    console.print(f"also: {', '.join(f'graphgauge list {kind}' for kind in REGISTRIES)}")


@app.command(cls=ChoicesHelp)
def generate(
    suite: Annotated[str, typer.Argument(help="Suite: {suites}.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="JSONL file to write.")],
    tasks: Annotated[
        str | None, typer.Option("--tasks", "-t", help="Comma-separated task names (default: "
                                 "all).")
    ] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="Instances per task.")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed; same seed, same file.")] = 0,
    nodes: Annotated[
        str | None, typer.Option(help="Node-count range, e.g. 5-35 (default: per task).")
    ] = None,
    dataset: Annotated[
        str | None, typer.Option(help="Dataset for suites built on real data (infer, "
                                 "classify): a name such as dblp or webkb, or a folder.")
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option("--param", "-p", help="Suite option key=value, repeatable (see the "
                     "suite's page under docs/), e.g. -p patterns=[scale_up_3,cap25]."),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Generate a benchmark file: COUNT instances of each task, gold answers included."""
    from graphgauge.api import generate as make

    options = parse_params(param)
    if dataset is not None:
        options["dataset"] = dataset
    instances = make(suite, _split(tasks), count=count, seed=seed, nodes=_node_range(nodes),
                     options=options, output=output, progress=not quiet)
    typer.echo(f"wrote {len(instances)} instances to {output}")


@app.command(cls=ChoicesHelp)
def run(
    benchmark: Annotated[Path, typer.Argument(help="Benchmark JSONL from 'generate'.")],
    model: Annotated[
        list[str],
        typer.Option("--model", "-m", help="{models}. Repeat to run several."),
    ],
    store: StoreOpt = Path("graphgauge.db"),
    encoding: Annotated[
        list[str] | None,
        typer.Option("--encoding", "-e", help="How graphs are written, e.g. edge_list, "
                     "adjacency_list+shuffled, edge_list+json+random3; repeatable (see "
                     "'graphgauge encodings'). Default: edge_list."),
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", "-v", help="Instruction variant, repeatable: original, or "
                     "a GTEval transformation such as rephrase:3 (see 'graphgauge variants')."),
    ] = None,
    split: Annotated[
        str | None, typer.Option(help="Answer only instances of this split (train, val, "
                                 "test); models that learn see every split first.")
    ] = None,
    repeats: Annotated[int, typer.Option(help="Answers per item (sampling seeds seed+r).")] = 1,
    seed: Annotated[int, typer.Option(help="Base sampling seed.")] = 0,
    concurrency: Annotated[
        int | None, typer.Option(min=1, help="Requests in flight, and the size of the "
                                 "connection (or python: thread) pool. Wins over -p "
                                 "concurrency, which is only the model's default.")
    ] = None,
    join: Annotated[
        bool, typer.Option(help="Share a run another live process is writing: take only "
                           "the items nobody holds (without it the second process refuses). "
                           "A process that ends while others still hold items says so and "
                           "prints no accuracy; the last one to leave prints the run's.")
    ] = False,
    wait: Annotated[
        bool, typer.Option(help="With --join: once this process's share is done, wait for "
                           "the others to leave, then print the whole run's report.")
    ] = False,
    wait_limit: Annotated[
        str | None, typer.Option(help="With --wait: wait at most this long for the others "
                                 "(e.g. 90s, 30m, 2h); then leave, the run unfinished, "
                                 "naming who holds the rest (exit 1). Default: no limit.")
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option("--param", "-p", help="Model option key=value, repeatable, e.g. -p "
                     "base_url=http://localhost:8000/v1 -p temperature=0 -p max_tokens=512."),
    ] = None,
    prices: Annotated[
        Path | None,
        typer.Option(help="YAML cost table: model name -> {input: USD, output: USD} per 1k "
                     "tokens (or use -p price_in=… -p price_out=…)."),
    ] = None,
    extractor: ExtractorOpt = None,
    extractor_param: ExtractorParamOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Answer and score a benchmark; resumes where an earlier identical run stopped.

    Models (a wrong -p option is refused with the model's own list):

    {model_list}"""
    from graphgauge.gcpause import paused_gc, settle_process

    with paused_gc():
        from graphgauge import api
        from graphgauge.models.base import ServiceUnreachable

        bench = api.load_benchmark(benchmark, split)
        settle_process()  # before the collector resumes: it never scans what is loaded
    try:
        api.evaluate(
            bench, model, store=store, params=parse_params(param),
            encodings=encoding or ["edge_list"], variants=variant or ["original"],
            repeats=repeats, seed=seed, concurrency=concurrency, join=join, wait=wait,
            wait_limit=wait_limit, prices=prices,
            extractor=extractor, extractor_params=parse_params(extractor_param),
            progress=not quiet,
            on_done=partial(_print_evaluation, extractor=extractor, store=store))
    except ServiceUnreachable as exc:
        typer.echo(f"graphgauge: error: {exc}", err=True)
        raise typer.Exit(1) from None


def _print_evaluation(done, extractor: str | None, store: Path) -> None:
    """One model's run as ``graphgauge run`` reports it: counts, the extractor's pass,
    accuracy per suite, failures by kind; a run whose every item failed ends the command
    (exit 1) before the next model starts. A process that left a shared run (--join) while
    others still held items prints its share and who holds the rest, never a table that
    could be read as the run's result."""
    result = done.run
    if result.partial:
        _print_share(done, store, extractor)
        return
    state = "resumed" if result.resumed else "new"
    typer.echo(
        f"{done.model}: run {result.run_id} ({state}) — {result.answered} answered, "
        f"{result.from_cache} from cache, {result.skipped - result.taken_elsewhere} already "
        f"done, " + (f"{result.taken_elsewhere} by the processes that joined it, "
                     if result.taken_elsewhere else "")
        + f"{result.errors} errors, {result.elapsed:.1f}s"
    )
    if result.joined or result.taken_elsewhere:
        typer.echo(f"  the whole run, with the processes that joined it: {_run_counts(result)}")
    if result.missing:
        typer.echo(f"  {result.missing} of {result.total} items were never answered (a process "
                   "that held them stopped): run the same command again to answer them")
    extracted = done.extraction
    if extracted is not None and extracted.asked:
        typer.echo(f"  extractor {extractor}: asked about {extracted.asked} unread answers, read "
                   f"{extracted.read}"
                   + (f", {extracted.failed} requests failed" if extracted.failed else ""))
    for cell in done.suites:
        typer.echo(f"  {cell.suite}: accuracy {_percent(cell.accuracy)} "
                   f"[{_percent(cell.ci_low)}, {_percent(cell.ci_high)}] "
                   f"over {cell.n} items, {_percent(cell.wrong)} wrong, "
                   f"{_percent(cell.unparsed)} unparsed (no answer)")
    for kind, (count, example) in done.failures.items():
        typer.echo(f"  {count} failed with {kind}, e.g. {example}")
    if done.all_failed:
        typer.echo(f"graphgauge: error: {done.model}: every item failed; run the same "
                   "command again to retry them", err=True)
        raise typer.Exit(1)


def _run_counts(result) -> str:
    return (f"{result.run_answered + result.run_failed} of {result.total} items stored "
            f"({result.run_answered} answered, {result.run_failed} failed)")


def _print_share(done, store: Path, extractor: str | None) -> None:
    """What a process that leaves a run others still write did, how far the run is, who
    holds the rest, and where its result will be: no accuracy (a share is not a sample
    of the run: its items are whichever were free)."""
    from graphgauge.runner import describe_writers

    result = done.run
    typer.echo(
        f"{done.model}: run {result.run_id} (shared, not finished) — this process: "
        f"{result.answered} answered, {result.from_cache} from cache, {result.errors} errors, "
        f"{result.elapsed:.1f}s; the run so far: {_run_counts(result)}"
    )
    typer.echo(f"  still held by {describe_writers(result.writers)}")
    later = f"'graphgauge report -s {store} -r {result.run_id}'"
    if result.gave_up:
        typer.echo(f"  no accuracy yet: waited {_duration(result.gave_up)} for them "
                   f"(--wait-limit); the last process to leave prints the run's report; or, "
                   f"once they have finished, {later}")
    else:
        typer.echo(f"  no accuracy yet: the last process to leave prints the run's report; "
                   f"or, once they have finished, {later} (--wait makes this process wait "
                   "for them)")
    if extractor:
        typer.echo(f"  extractor {extractor}: left to the last process to leave (it asks about "
                   "every unread answer of the run)")
    if result.gave_up:
        typer.echo(f"graphgauge: error: {done.model}: gave up waiting after "
                   f"{_duration(result.gave_up)} (--wait-limit): {result.missing} of "
                   f"{result.total} items are not stored yet, still held by "
                   f"{_pids(result.writers)}; the run is not finished. If a holder is stuck, "
                   "stop it, then run the same command again to answer what it held",
                   err=True)
        raise typer.Exit(1)
    if result.errors and not result.answered and not result.from_cache:
        typer.echo(f"graphgauge: error: {done.model}: every item this process sent failed; "
                   "run the same command again to retry them", err=True)
        raise typer.Exit(1)


def _pids(writers) -> str:
    """The processes holding a run, as briefly as a one-line error names them."""
    return ", ".join(f"process {w.pid} on {w.host}" for w in writers)


def _duration(seconds: float) -> str:
    """A wait as a person reads it: 45s, 30m, 2.5h."""
    if seconds < 90:
        return f"{seconds:.0f}s"
    return f"{seconds / 60:.0f}m" if seconds < 5400 else f"{seconds / 3600:.1f}h"


def _percent(value: float) -> str:
    """A share as a percentage; "n/a" when there was nothing to take a share of."""
    return "n/a" if math.isnan(value) else f"{100 * value:.1f}%"


@app.command(cls=ChoicesHelp)
def report(
    store: StoreOpt = Path("graphgauge.db"),
    run_ids: Annotated[
        list[str] | None, typer.Option("--run", "-r", help="Run id (prefix); repeatable.")
    ] = None,
    csv: Annotated[Path | None, typer.Option(help="Also write all cells to this CSV.")] = None,
    tasks: Annotated[bool, typer.Option(help="Include the per-task tables.")] = True,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report (figures, "
                                  "item browser; works offline) to this file.")
    ] = None,
    figures: Annotated[
        Path | None, typer.Option(help="Also write the report's figures (PNG, SVG) and "
                                  "tables (CSV, Markdown, LaTeX) into this folder.")
    ] = None,
) -> None:
    """Print the runs (items, errors, tokens, cost) and accuracy per suite, difficulty and
    task, with 95% bootstrap CIs; then the studies' own tables (suites: {suite-reports};
    sections: {sections})."""
    from rich.console import Console

    from graphgauge import preflight
    from graphgauge.report.console import print_reading, print_report, print_suite_reports
    from graphgauge.report.runs import run_rows, runs_table, still_written
    from graphgauge.results.cells import summarize, write_csv
    from graphgauge.store import Store
    from graphgauge.studies.gteval.report import print_variant_tables

    if not store.exists():
        raise UserError(f"store not found: {store} (run 'graphgauge run' first)")
    for path, option in ((csv, "--csv"), (html, "--html")):
        if path is not None:
            preflight.output_file(path, option)
    if figures is not None:
        preflight.output_folder(figures, "--figures")
    if html is not None or figures is not None:
        require("plots", "report --html/--figures")
    console = Console()
    with Store(store, write=False) as db:
        runs = [db.resolve_run(r) for r in run_ids] if run_ids else None
        cells = summarize(db, runs)
        run_list = run_rows(db, runs)
        if run_list:
            console.print(runs_table(run_list))
        for note in still_written(db, run_list):
            typer.echo(f"note: {note}", err=True)
        print_report(cells, console=console, tasks=tasks)
        print_reading(db, runs, cells, console)
        print_suite_reports(db, runs, cells, console)
        # accuracy per instruction variant, when a run has several
        print_variant_tables(db, runs, console, tasks=tasks)
        if csv is not None:
            write_csv(cells, csv)
            typer.echo(f"wrote {csv}")
        if html is not None:
            from graphgauge.report.html import write_html_report

            write_html_report(db, runs, html)
            typer.echo(f"wrote {html}")
        if figures is not None:
            from graphgauge.report.figures import write_figures

            written = write_figures(db, runs, figures)
            typer.echo(f"wrote {len(written)} files to {figures}")


@app.command()
def runs(store: StoreOpt = Path("graphgauge.db")) -> None:
    """List the runs in a store: model, size, errors, accuracy, tokens and cost."""
    from rich.console import Console

    from graphgauge.report.runs import run_rows, runs_table, still_written
    from graphgauge.store import Store

    if not store.exists():
        raise UserError(f"store not found: {store}")
    with Store(store, write=False) as db:
        rows = run_rows(db)
        notes = still_written(db, rows)
    if not rows:
        typer.echo(f"no runs in {store}")
        return
    Console().print(runs_table(rows))
    for note in notes:
        typer.echo(f"note: {note}", err=True)


@app.command()
def show(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix of it.")],
    store: StoreOpt = Path("graphgauge.db"),
) -> None:
    """Print one run's manifest (everything needed to reproduce it) and its results."""
    import json

    from rich.console import Console

    from graphgauge.report.console import print_reading, print_report
    from graphgauge.report.runs import run_rows, runs_table
    from graphgauge.results.cells import summarize
    from graphgauge.store import Store

    if not store.exists():
        raise UserError(f"store not found: {store}")
    console = Console()
    with Store(store, write=False) as db:
        full_id = db.resolve_run(run_id)
        console.print_json(json.dumps(db.manifest(full_id)))
        console.print(runs_table(run_rows(db, [full_id])))
        cells = summarize(db, [full_id])
        print_report(cells, console=console)
        print_reading(db, [full_id], cells, console)


@app.command()
def encodings() -> None:
    """List the parts an encoding name is made of, with examples."""
    from graphgauge.choices import syntax_groups
    from graphgauge.render.encoding import (
        LABELING_TOKENS,
        ORDERS,
        PRESETS,
        STRUCTURES,
    )
    from graphgauge.studies.robustness.study import DEFAULT_ENCODINGS, PAPER_ENCODINGS

    typer.echo("An encoding is written structure[+order][+syntax][+labeling]; defaults: "
               "edge_list, sorted, plain, identity.")
    typer.echo(f"  structures: {', '.join(STRUCTURES)}")
    typer.echo(f"  orders:     {', '.join(ORDERS)} (matrices: sorted only)")
    typer.echo(f"  syntaxes:   {syntax_groups()}")
    typer.echo(f"  labelings:  {LABELING_TOKENS}")
    typer.echo("Examples: edge_list, adjacency_list+shuffled, edge_list+json+random3")
    typer.echo(f"Presets: {', '.join(f'{k} = {v.name}' for k, v in PRESETS.items())} "
               "(later tokens replace a preset's parts: erdos+json)")
    typer.echo(f"The robustness study's default grid: {', '.join(DEFAULT_ENCODINGS)}")
    typer.echo(f"Its paper grid (--grid paper): {', '.join(PAPER_ENCODINGS)}")


@app.command(cls=ChoicesHelp)
def robustness(
    suite: Annotated[str, typer.Argument(help="Suite to generate (ignored with --benchmark): "
                                         "{suites}.")],
    model: Annotated[list[str], typer.Option("--model", "-m", help="{models}; repeatable.")],
    benchmark: Annotated[
        Path | None, typer.Option(help="Use this benchmark file instead of generating one.")
    ] = None,
    count: Annotated[int, typer.Option(min=1, help="Instances per task when generating.")] = 10,
    seed: Annotated[int, typer.Option(help="Generation seed.")] = 0,
    tasks: Annotated[
        str | None, typer.Option("--tasks", "-t", help="Comma-separated task names.")
    ] = None,
    grid: Annotated[
        str, typer.Option(help="Named grid: 'default' (one axis at a time against "
                          "edge_list) or 'paper' (the serialization paper's, against its "
                          "Erdős baseline 'erdos' = edge_list+bfs+offset).")
    ] = "default",
    encodings: Annotated[
        str | None,
        typer.Option(help="Comma-separated encodings (default: the --grid's, see "
                     "'graphgauge encodings')."),
    ] = None,
    labelings: Annotated[
        int, typer.Option(help="Random relabelings of the baseline (the labeling study).")
    ] = 10,
    baseline: Annotated[
        str | None,
        typer.Option(help="Encoding the deltas are taken against (default: the --grid's)."),
    ] = None,
    out: Annotated[Path, typer.Option(
        "--out", "--output", "-o", help="Folder for the CSV tables and PNG plots.")] = Path(
        "graphgauge-out/robustness"
    ),
    store: StoreOpt = Path("graphgauge.db"),
    param: Annotated[
        list[str] | None, typer.Option("--param", "-p", help="Model option key=value.")
    ] = None,
    concurrency: Annotated[int | None, typer.Option(min=1, help="Requests in flight.")] = None,
    tokenizer: Annotated[
        str | None,
        typer.Option(help="A Hugging Face tokenizer (path or name) for real prompt token "
                     "counts; needs the hf extra."),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Run the serialization-robustness study: accuracy per encoding with deltas to the
    baseline and paired 95% CIs, the output span across relabelings, per-task variability
    and prompt lengths; CSV tables and PNG plots in --out."""
    from rich.console import Console

    from graphgauge import preflight
    from graphgauge.instance import read_jsonl
    from graphgauge.registry import generate as make
    from graphgauge.runner import RunOptions
    from graphgauge.store import Store
    from graphgauge.studies.robustness.console import print_study
    from graphgauge.studies.robustness.study import grid_preset, run_study
    from graphgauge.tokenizers import load_tokenizer

    require("plots", "robustness")
    preflight.output_folder(out, "--out")
    params = parse_params(param)
    grid_encodings, grid_baseline = grid_preset(grid)
    if benchmark is not None:
        instances, source = read_jsonl(benchmark), str(benchmark)
        preflight.check_benchmark(instances, benchmark)
    else:
        preflight.suite_extras([suite], f"robustness {suite}")
        instances, source = make(suite, _split(tasks), count=count, seed=seed), None
    preflight.suite_extras({inst.suite for inst in instances}, "robustness on these instances")
    chosen = _split(encodings) or list(grid_encodings)
    baseline = baseline or grid_baseline
    models = preflight.load_models(model, params, instances)
    counter = load_tokenizer(tokenizer)
    console = Console()
    with Store(store) as db:
        for spec, loaded in models:
            folder = out / "".join(c if c.isalnum() or c in "-_." else "_" for c in spec)
            result = run_study(instances, loaded, db, folder, encodings=chosen,
                               baseline=baseline, labelings=labelings,
                               options=RunOptions(concurrency=concurrency),
                               tokenizer=counter, progress=not quiet, source=source)
            print_study(result, spec, console)
            console.print(f"tables and plots in {folder}")


@app.command()
def quickstart(
    store: StoreOpt = Path("graphgauge.db"),
    out: Annotated[Path, typer.Option(
        "--out", "--output", "-o", help="Folder for the benchmark and the CSV.")] = Path(
        "graphgauge-out"
    ),
    count: Annotated[int, typer.Option(min=1, help="Instances per task.")] = 10,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    quiet: QuietOpt = False,
) -> None:
    """Generate a small algorithmic + spectral benchmark, run the reference solver and the
    baselines on it, and print the report."""
    from graphgauge import api, preflight
    from graphgauge.instance import write_jsonl
    from graphgauge.models import BUILTIN
    from graphgauge.report.console import print_report
    from graphgauge.results.cells import write_csv
    from graphgauge.store import Store

    preflight.output_folder(out, "--out")
    Store(store).close()  # refuses a store it cannot use before the work starts
    out.mkdir(parents=True, exist_ok=True)
    instances = api.generate("algorithmic", count=count, seed=seed) + api.generate(
        "spectral", count=count, seed=seed
    )
    bench = out / "quickstart.jsonl"
    write_jsonl(instances, bench)
    typer.echo(f"wrote {len(instances)} instances to {bench}")
    done = api.evaluate(bench, list(BUILTIN), store=store, progress=not quiet)
    cells = api.load_results(store, [e.run_id for e in done]).cells
    print_report(cells, tasks=True)
    write_csv(cells, out / "quickstart_report.csv")
    typer.echo(f"results in {store}; table in {out / 'quickstart_report.csv'}")


def _register_commands() -> None:
    """The commands of the suites and analyses, each module adding its own; the methods'
    commands as groups (``graphgauge gteval run``)."""
    from graphgauge.cli import (
        audit,
        estimate,
        export_task,
        gteval,
        importers,
        infer,
        reports,
        rescore,
        taxonomy,
    )

    for module in (reports, gteval, infer, taxonomy, importers, export_task, estimate, rescore,
                   audit):
        module.register(app)


_register_commands()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app; a user mistake ends in one line and exit code 2."""
    import sys

    from graphgauge.cli.failures import run_app

    return run_app(_app_for(sys.argv[1:] if argv is None else argv), argv)


def _app_for(args: list[str]) -> typer.Typer:
    """The app as it runs ``args``: when they start with the name of a command (not a
    group), a copy of the app holding only that command.

    Typer builds every command it holds at each start, reading each one's signature and
    type hints: for the thirty-odd commands, a tenth of a second or more of a command
    such as ``run``, on every start. A copy with one command parses, helps and fails
    exactly as that command does in the whole app; anything else (``--help``, a group, a
    mistyped name, nothing) gets the whole app."""
    from copy import copy

    from typer.main import get_command_name

    if not args:
        return app
    named = [info for info in app.registered_commands
             if (info.name or get_command_name(info.callback.__name__)) == args[0]]
    if len(named) != 1:
        return app
    alone = copy(app)
    alone.registered_commands, alone.registered_groups = named, []
    return alone

