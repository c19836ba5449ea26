"""The ``graphgauge`` command.

Imports stay inside the commands so that ``graphgauge --help`` and small commands start
fast. Every user mistake surfaces as one line on stderr and exit code 2.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Annotated

import typer

from graphgauge.commands.rescore import ExtractorOpt, ExtractorParamOpt, load_extractor
from graphgauge.errors import UserError
from graphgauge.extras import require

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


def parse_params(pairs: list[str] | None) -> dict:
    """``key=value`` options; values read as YAML scalars/lists (0.2, true, [a, b])."""
    import yaml

    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--param must look like key=value, got {pair!r}")
        try:
            out[key.strip()] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "not valid YAML"
            raise UserError(f"-p {pair}: malformed value ({problem}); quote text that "
                            f"starts with [ {{ or *, e.g. -p '{key.strip()}=\"...\"'") from None
    return out


def _price_table(path: Path | None) -> dict[str, dict[str, float]]:
    if path is None:
        return {}
    import yaml

    if not path.is_file():
        raise UserError(f"price table not found: {path}")
    try:
        table = yaml.safe_load(path.read_text()) or {}
        return {str(name): {"input": float(p.get("input", 0)), "output": float(p.get("output", 0))}
                for name, p in table.items()}
    except (yaml.YAMLError, AttributeError, TypeError, ValueError) as exc:
        raise UserError(f"{path}: expected 'model: {{input: USD, output: USD}}' ({exc})") from None


def model_price(spec: str, table: dict[str, dict[str, float]],
                override: dict[str, float]) -> dict[str, float] | None:
    """USD per 1k tokens for ``spec``: ``-p price_in/price_out`` when given, else the
    table's entry for the model's name (``gpt-4o`` of ``openai:gpt-4o``) or full spec."""
    if override:
        return {"input": override.get("in", 0.0), "output": override.get("out", 0.0)}
    return table.get(spec.partition(":")[2]) or table.get(spec)


@app.command("list")
def list_tasks(
    suite: Annotated[str | None, typer.Argument(help="Show only this suite.")] = None,
) -> None:
    """List suites and their tasks with difficulty and answer type."""
    from rich.console import Console
    from rich.table import Table

    from graphgauge.registry import select_tasks, suite_names

    console = Console()
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


@app.command()
def generate(
    suite: Annotated[str, typer.Argument(help="Suite name, e.g. algorithmic or spectral.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="JSONL file to write.")],
    tasks: Annotated[
        str | None, typer.Option(help="Comma-separated task names (default: all).")
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
                     "suite's README section), e.g. -p patterns=[scale_up_3,cap25]."),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Generate a benchmark file: COUNT instances of each task, gold answers included."""
    from graphgauge.commands import preflight
    from graphgauge.instance import write_jsonl
    from graphgauge.registry import generate as make

    options = parse_params(param)
    if dataset is not None:
        options["dataset"] = dataset
    preflight.output_file(output, "--output")
    preflight.suite_extras([suite], f"generate {suite}")
    instances = make(suite, _split(tasks), count=count, seed=seed, nodes=_node_range(nodes),
                     options=options, progress=not quiet)
    written = write_jsonl(instances, output)
    typer.echo(f"wrote {written} instances to {output}")


@app.command()
def run(
    benchmark: Annotated[Path, typer.Argument(help="Benchmark JSONL from 'generate'.")],
    model: Annotated[
        list[str],
        typer.Option("--model", "-m", help="reference | random | majority | mean | "
                     "openai:MODEL | hf:PATH | python:module:function. Repeat to run several."),
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
                           "the items nobody holds (without it the second process refuses).")
    ] = False,
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

    Models: reference, random, majority, mean (built in); python:module:function (your
    function, prompt text in, answer text out); openai:MODEL (any OpenAI-compatible server,
    options with -p: base_url, api_key_env, mode=chat|completions, temperature, max_tokens,
    stop, top_p, extra_body, concurrency, timeout, max_retries, retry_budget, rpm, tpm);
    hf:PATH_OR_NAME (a local transformers model; options max_new_tokens, temperature,
    top_p, batch_size, device, dtype, chat)."""
    from graphgauge.commands import preflight
    from graphgauge.instance import file_digest, read_jsonl
    from graphgauge.models.base import ServiceUnreachable
    from graphgauge.render.prompt import check_prompts, encoding_of
    from graphgauge.report.tables import summarize
    from graphgauge.runner import RunOptions, error_kinds, run_benchmark
    from graphgauge.store import Store

    if repeats < 1:
        raise UserError(f"--repeats must be at least 1, got {repeats}")
    everything = read_jsonl(benchmark)
    if not everything:
        raise UserError(f"benchmark file is empty: {benchmark}")
    instances = everything
    if split is not None:
        instances = [inst for inst in everything if inst.meta.get("split") == split]
        if not instances:
            raise UserError(f"no instance of split {split!r} in {benchmark}")
    preflight.check_benchmark(everything, benchmark)
    preflight.suite_extras({inst.suite for inst in instances}, "run on these instances")
    digest = file_digest(benchmark) if split is None else None
    import gc

    gc.freeze()  # the instances live for the whole run: spare the collector rescanning them
    encodings = [encoding_of(spec).name for spec in encoding or ["edge_list"]]
    variants = tuple(variant or ["original"])
    check_prompts(instances, encodings, variants)  # before a model loads or the store opens
    params = parse_params(param)
    price_override = {k: params.pop(f"price_{k}") for k in ("in", "out") if f"price_{k}" in params}
    table = _price_table(prices)
    models = preflight.load_models(model, params, instances)
    reader_model = load_extractor(extractor, extractor_param)
    with Store(store) as db:
        for spec, loaded in models:
            if hasattr(loaded, "prepare"):  # models that learn (GNNs) fit on the train split
                loaded.prepare(everything)
            price = model_price(spec, table, price_override)
            options = RunOptions(encodings=tuple(encodings),
                                 variants=variants, repeats=repeats,
                                 seed=seed, concurrency=concurrency, join=join, prices=price)
            try:
                result = run_benchmark(instances, loaded, db, options, source=str(benchmark),
                                       digest=digest, progress=not quiet)
            except ServiceUnreachable as exc:
                typer.echo(f"graphgauge: error: {spec}: {exc}", err=True)
                raise typer.Exit(1) from None
            state = "resumed" if result.resumed else "new"
            typer.echo(
                f"{spec}: run {result.run_id} ({state}) — {result.answered} answered, "
                f"{result.from_cache} from cache, {result.skipped} already done, "
                f"{result.errors} errors, {result.elapsed:.1f}s"
            )
            if reader_model is not None:
                _extract(db, result.run_id, instances, reader_model, extractor, quiet)
            for cell in summarize(db, [result.run_id], levels=("suite",)):
                typer.echo(f"  {cell.suite}: accuracy {_percent(cell.accuracy)} "
                           f"[{_percent(cell.ci_low)}, {_percent(cell.ci_high)}] "
                           f"over {cell.n} items, {_percent(cell.wrong)} wrong, "
                           f"{_percent(cell.unparsed)} unparsed (no answer)")
            failed = db.errors(result.run_id)
            for kind, (count, example) in error_kinds(failed).items():
                typer.echo(f"  {count} failed with {kind}, e.g. {example}")
            if failed and len(failed) >= result.total:
                typer.echo(f"graphgauge: error: {spec}: every item failed; run the same "
                           "command again to retry them", err=True)
                raise typer.Exit(1)


def _extract(db, run_id: str, instances, reader_model, spec: str, quiet: bool) -> None:
    """The --extractor pass over the answers of ``run_id`` the reader left unread."""
    from graphgauge.extraction import extract_unread
    from graphgauge.models.base import ServiceUnreachable

    try:
        done = extract_unread(db, run_id, instances, reader_model, progress=not quiet)
    except ServiceUnreachable as exc:
        typer.echo(f"graphgauge: error: extractor {spec}: {exc}", err=True)
        raise typer.Exit(1) from None
    if done.asked:
        typer.echo(f"  extractor {spec}: asked about {done.asked} unread answers, read "
                   f"{done.read}" + (f", {done.failed} requests failed" if done.failed else ""))


def _percent(value: float) -> str:
    """A share as a percentage; "n/a" when there was nothing to take a share of."""
    return "n/a" if math.isnan(value) else f"{100 * value:.1f}%"


@app.command()
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
    task, with 95% bootstrap CIs."""
    from rich.console import Console

    from graphgauge.analysis.gteval_report import print_variant_tables
    from graphgauge.commands import preflight
    from graphgauge.registry import suite_hook
    from graphgauge.report.console import print_reading, print_report
    from graphgauge.report.runs import run_rows, runs_table
    from graphgauge.report.tables import summarize, write_csv
    from graphgauge.store import Store

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
        print_report(cells, console=console, tasks=tasks)
        print_reading(db, runs, cells, console)
        for suite in sorted({cell.suite for cell in cells}):
            extra = suite_hook(suite, "suite_report")
            if extra is not None:  # tables only that suite has (per rule, gate, variant)
                extra(db, runs, console)
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

    from graphgauge.report.runs import run_rows, runs_table
    from graphgauge.store import Store

    if not store.exists():
        raise UserError(f"store not found: {store}")
    with Store(store, write=False) as db:
        rows = run_rows(db)
    if not rows:
        typer.echo(f"no runs in {store}")
        return
    Console().print(runs_table(rows))


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
    from graphgauge.report.tables import summarize
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
    from graphgauge.analysis.study import DEFAULT_ENCODINGS, PAPER_ENCODINGS
    from graphgauge.render.encoding import (
        LABELING_TOKENS,
        ORDERS,
        PRESETS,
        STRUCTURES,
        SYNTAXES,
    )

    typer.echo("An encoding is written structure[+order][+syntax][+labeling]; defaults: "
               "edge_list, sorted, plain, identity.")
    typer.echo(f"  structures: {', '.join(STRUCTURES)}")
    typer.echo(f"  orders:     {', '.join(ORDERS)} (matrices: sorted only)")
    typer.echo(f"  syntaxes:   {', '.join(SYNTAXES)} (networkx, pyg, graphml, dot: edge_list)")
    typer.echo(f"  labelings:  {LABELING_TOKENS}")
    typer.echo("Examples: edge_list, adjacency_list+shuffled, edge_list+json+random3")
    typer.echo(f"Presets: {', '.join(f'{k} = {v.name}' for k, v in PRESETS.items())} "
               "(later tokens replace a preset's parts: erdos+json)")
    typer.echo(f"The robustness study's default grid: {', '.join(DEFAULT_ENCODINGS)}")
    typer.echo(f"Its paper grid (--grid paper): {', '.join(PAPER_ENCODINGS)}")


@app.command()
def robustness(
    suite: Annotated[str, typer.Argument(help="Suite to generate (ignored with --benchmark).")],
    model: Annotated[list[str], typer.Option("--model", "-m", help="Model spec; repeatable.")],
    benchmark: Annotated[
        Path | None, typer.Option(help="Use this benchmark file instead of generating one.")
    ] = None,
    count: Annotated[int, typer.Option(min=1, help="Instances per task when generating.")] = 10,
    seed: Annotated[int, typer.Option(help="Generation seed.")] = 0,
    tasks: Annotated[str | None, typer.Option(help="Comma-separated task names.")] = None,
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
    out: Annotated[Path, typer.Option(help="Folder for the CSV tables and PNG plots.")] = Path(
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

    from graphgauge.analysis.study import grid_preset, run_study
    from graphgauge.commands import preflight
    from graphgauge.instance import read_jsonl
    from graphgauge.registry import generate as make
    from graphgauge.report.console import print_study
    from graphgauge.runner import RunOptions
    from graphgauge.store import Store

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
    counter = _load_tokenizer(tokenizer)
    console = Console()
    with Store(store) as db:
        for spec, loaded in models:
            if hasattr(loaded, "prepare"):  # models that learn (GNNs) fit on the train split
                loaded.prepare(instances)
            folder = out / "".join(c if c.isalnum() or c in "-_." else "_" for c in spec)
            result = run_study(instances, loaded, db, folder, encodings=chosen,
                               baseline=baseline, labelings=labelings,
                               options=RunOptions(concurrency=concurrency),
                               tokenizer=counter, progress=not quiet, source=source)
            print_study(result, spec, console)
            console.print(f"tables and plots in {folder}")


def _load_tokenizer(name: str | None):
    if name is None:
        return None
    try:
        from transformers import AutoTokenizer
    except ImportError:
        raise UserError("--tokenizer needs the 'hf' extra: pip install 'graphgauge[hf]'") \
            from None
    try:
        return AutoTokenizer.from_pretrained(name)
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot load tokenizer {name!r}: {exc}") from None


@app.command()
def quickstart(
    store: StoreOpt = Path("graphgauge.db"),
    out: Annotated[Path, typer.Option(help="Folder for the benchmark and the CSV.")] = Path(
        "graphgauge-out"
    ),
    count: Annotated[int, typer.Option(min=1, help="Instances per task.")] = 10,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    quiet: QuietOpt = False,
) -> None:
    """Generate a small algorithmic + spectral benchmark, run the reference solver and the
    baselines on it, and print the report."""
    from graphgauge.commands import preflight
    from graphgauge.instance import write_jsonl
    from graphgauge.models import BUILTIN, load_model
    from graphgauge.registry import generate as make
    from graphgauge.report.console import print_report
    from graphgauge.report.tables import summarize, write_csv
    from graphgauge.runner import RunOptions, run_benchmark
    from graphgauge.store import Store

    preflight.output_folder(out, "--out")
    Store(store).close()  # refuses a store it cannot use before the work starts
    out.mkdir(parents=True, exist_ok=True)
    instances = make("algorithmic", count=count, seed=seed) + make(
        "spectral", count=count, seed=seed
    )
    bench = out / "quickstart.jsonl"
    write_jsonl(instances, bench)
    typer.echo(f"wrote {len(instances)} instances to {bench}")
    with Store(store) as db:
        run_ids = []
        for spec in BUILTIN:
            result = run_benchmark(instances, load_model(spec), db, RunOptions(),
                                   source=str(bench), progress=not quiet)
            run_ids.append(result.run_id)
        cells = summarize(db, run_ids)
    print_report(cells, tasks=True)
    write_csv(cells, out / "quickstart_report.csv")
    typer.echo(f"results in {store}; table in {out / 'quickstart_report.csv'}")


def _register_commands() -> None:
    """The commands of the suites and analyses, each module adding its own."""
    from graphgauge.commands import (
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
    from graphgauge.commands.failures import run_app

    return run_app(app, argv)


if __name__ == "__main__":
    sys.exit(main())
