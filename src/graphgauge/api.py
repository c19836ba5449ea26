"""graphgauge from Python: build a benchmark, evaluate models on it, read the results.

The ``graphgauge`` command is a thin layer over these functions (it parses arguments,
shows progress and prints), so a script and the command produce the same runs, with the
same ids, in the same store::

    import graphgauge as gg

    gg.generate("algorithmic", tasks=["triangles"], count=20, output="bench.jsonl")
    for evaluation in gg.evaluate("bench.jsonl", ["reference", "random"], store="r.db"):
        print(evaluation.model, evaluation.run_id, evaluation.accuracy)
    results = gg.load_results("r.db")

Every check that can fail is made before the store is opened: a bad benchmark, model or
price table raises ``UserError`` with the store untouched.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphgauge.errors import UserError

if TYPE_CHECKING:
    from graphgauge.extraction import Extraction
    from graphgauge.instance import Instance
    from graphgauge.models.base import Model
    from graphgauge.results.cells import Cell
    from graphgauge.runner import RunOptions, RunResult
    from graphgauge.store import Store
    from graphgauge.store.records import ItemRecord

PathLike = str | Path


@dataclass
class Benchmark:
    """The instances a run answers, and the whole file they came from (models that learn
    fit on every split of it, then answer the chosen one)."""

    instances: list[Instance]
    everything: list[Instance]
    source: str | None = None  # the file, recorded in each run's manifest
    digest: str | None = None  # the file's SHA-256 when the run answers all of it


@dataclass
class Evaluation:
    """One model's run over a benchmark: what happened, and its accuracy per suite."""

    model: str
    run: RunResult
    suites: list[Cell]
    # failed items by kind ("HTTP 503", "timeout" …): (count, an example message)
    failures: dict[str, tuple[int, str]] = field(default_factory=dict)
    failed: int = 0
    extraction: Extraction | None = None

    @property
    def run_id(self) -> str:
        return self.run.run_id

    @property
    def accuracy(self) -> float:
        """Accuracy over every item of the run (NaN when nothing was scored)."""
        scored = [(c.accuracy, c.n) for c in self.suites if c.n and not math.isnan(c.accuracy)]
        total = sum(n for _, n in scored)
        return sum(a * n for a, n in scored) / total if total else float("nan")

    @property
    def partial(self) -> bool:
        """Other processes sharing the run (``join``) still held items when this one left:
        ``suites`` cover the items stored so far, not the run's result."""
        return self.run.partial

    @property
    def all_failed(self) -> bool:
        """Every item failed (nothing answered): the run should be retried."""
        return self.failed > 0 and self.failed >= self.run.total


@dataclass
class Results:
    """What a store holds: its runs (id, model, manifest), every item as a typed record,
    and the accuracy cells ``graphgauge report`` prints (per task, difficulty, suite)."""

    runs: list[dict[str, Any]]
    items: list[ItemRecord]
    cells: list[Cell]


def generate(
    suite: str,
    tasks: Sequence[str] | None = None,
    *,
    count: int = 100,
    seed: int = 0,
    nodes: tuple[int, int] | None = None,
    options: dict[str, Any] | None = None,
    output: PathLike | None = None,
    progress: bool = False,
    on_report: Callable[[Any], None] | None = None,
) -> list[Instance]:
    """``count`` instances of each task of ``suite`` (all tasks unless ``tasks``), gold
    answers included; the same seed gives the same instances. ``options`` are the suite's
    (``dataset``, and what its documentation lists); ``output`` also writes them as JSONL.

    A suite whose generator reports what it admitted (GraphInfer: the gate report, the
    dict ``-p gate_report=PATH`` writes) hands it to ``on_report``; without one, and with
    ``progress``, it is printed to stderr as ``graphgauge generate`` does."""
    from graphgauge import preflight
    from graphgauge.instance import write_jsonl
    from graphgauge.models.asking import ask_texts
    from graphgauge.registry import generate as make

    if output is not None:
        preflight.output_file(Path(output), "--output")
    preflight.suite_extras([suite], f"generate {suite}")
    if on_report is None and progress:
        on_report = _print_generation_report(suite)
    instances = make(suite, list(tasks) if tasks else None, count=count, seed=seed,
                     nodes=nodes, options=options, progress=progress, ask=ask_texts,
                     on_report=on_report)
    if output is not None:
        write_jsonl(instances, output)
    return instances


def _print_generation_report(suite: str) -> Callable[[Any], None]:
    """Prints what ``suite``'s generator hands over with the tables its study registered
    (``SuiteReport.generation``); a suite no study prints for shows nothing. The studies
    are imported only when a report arrives, so a suite without one costs nothing."""
    def show(report: Any) -> None:
        from graphgauge import studies
        from graphgauge.results.sections import SUITE_REPORTS

        studies.load()
        printer = SUITE_REPORTS.get(suite)
        if printer is not None and printer.generation is not None:
            printer.generation(report)

    return show


def load_benchmark(path: PathLike, split: str | None = None) -> Benchmark:
    """A benchmark file, checked (every suite, task, graph and queried node known), with
    only the instances of ``split`` to answer when given."""
    from graphgauge import preflight
    from graphgauge.instance import file_digest, read_jsonl

    everything = read_jsonl(path)
    if not everything:
        raise UserError(f"benchmark file is empty: {path}")
    benchmark = _select(everything, split, path)
    preflight.check_benchmark(everything, path)
    benchmark.source = str(path)
    benchmark.digest = file_digest(path) if split is None else None
    return benchmark


def evaluate(
    benchmark: PathLike | Benchmark | Sequence[Instance],
    models: str | Model | Sequence[str | Model],
    *,
    store: PathLike = "graphgauge.db",
    params: dict[str, Any] | None = None,
    encodings: Sequence[str] = ("edge_list",),
    variants: Sequence[str] = ("original",),
    split: str | None = None,
    repeats: int = 1,
    seed: int = 0,
    concurrency: int | None = None,
    join: bool = False,
    wait: bool = False,
    wait_limit: str | float | None = None,
    prices: PathLike | dict[str, dict[str, float]] | None = None,
    extractor: str | None = None,
    extractor_params: dict[str, Any] | None = None,
    progress: bool = False,
    on_done: Callable[[Evaluation], None] | None = None,
) -> list[Evaluation]:
    """Answer and score ``benchmark`` with each model, one run per model (``on_done``
    hears of each as soon as it ends); running it again resumes the same runs.

    ``models`` are specs as on the command line (``reference``, ``openai:MODEL``,
    ``python:module:function`` …) or model objects; ``params`` are the specs' options
    (``-p``), ``price_in``/``price_out`` among them. ``prices`` is a YAML price table
    or the mapping it holds. ``extractor`` names a second model asked about the answers
    the reader leaves unread. A model that nothing answers for raises
    ``ServiceUnreachable`` naming it; the runs before it stay stored.

    ``join`` shares a run other processes are writing; an evaluation that left while they
    still held items is ``partial`` (its ``suites`` cover only what was stored then).
    ``wait`` stays until they have all left, so that the evaluation is whole, or for at
    most ``wait_limit`` (seconds, or a duration such as "30m"): then it leaves, and its
    run's ``gave_up`` says how long it waited.
    """
    from graphgauge.extraction import load_extractor
    from graphgauge.params import parse_duration
    from graphgauge.prices import read_price_table, take_price_params
    from graphgauge.registry import check_prompts
    from graphgauge.render.prompt import encoding_of
    from graphgauge.runner import RunOptions

    if repeats < 1:
        raise UserError(f"--repeats must be at least 1, got {repeats}")
    if wait and not join:
        raise UserError("--wait waits for the processes that share a run with --join; "
                        "add --join")
    if wait_limit is not None and not wait:
        raise UserError("--wait-limit bounds how long --wait waits; add --wait (and --join)")
    limit = parse_duration(wait_limit, "--wait-limit")
    bench = _benchmark(benchmark, split)
    _check_suites(bench.instances)
    options = dict(params or {})
    override = take_price_params(options)
    table = prices if isinstance(prices, dict) else read_price_table(
        Path(prices) if prices is not None else None)
    run_options = RunOptions(encodings=tuple(encoding_of(spec).name for spec in encodings),
                             variants=tuple(variants), repeats=repeats, seed=seed,
                             concurrency=concurrency, join=join, wait=wait,
                             wait_limit=limit)
    # an unknown variant or encoding is refused before a model loads or the store opens
    check_prompts(bench.instances, run_options.encodings, run_options.variants)
    loaded = _load_models(models, options, bench.instances)
    reader = load_extractor(extractor, extractor_params)
    done = []
    for evaluation in _evaluations(bench, loaded, Path(store), run_options, table, override,
                                   (extractor, reader), progress):
        done.append(evaluation)
        if on_done is not None:
            on_done(evaluation)
    return done


def load_results(store: PathLike, runs: Sequence[str] | None = None) -> Results:
    """The runs of ``store`` (all, or those whose ids start with ``runs``), their items and
    accuracy cells, read without changing the file."""
    from graphgauge.results.cells import summarize
    from graphgauge.store import Store

    path = Path(store)
    if not path.is_file():
        raise UserError(f"store not found: {path} (run 'graphgauge run' first)")
    with Store(path, write=False) as db:
        ids = [db.resolve_run(r) for r in runs] if runs else [r["id"] for r in db.runs()]
        chosen = [{**run, "manifest": db.manifest(run["id"])} for run in db.runs()
                  if run["id"] in ids]
        return Results(chosen, list(db.records(ids)), summarize(db, ids))


@dataclass
class Line:
    """Requests of one answer type and their tokens (repeats included)."""

    answer_type: str
    requests: int = 0
    prompt_tokens: int = 0
    output_tokens: int = 0


@dataclass
class Estimate:
    """What running a benchmark would send one model: tokens per answer type (the total
    last), what counted them, and the price per 1k tokens when one is known."""

    model: str
    lines: list[Line]
    counted_with: str
    price: dict[str, float] | None
    max_tokens: int | None
    items: int
    encodings: list[str]
    variants: list[str]
    repeats: int

    @property
    def total(self) -> Line:
        return self.lines[-1]


def tally(records: Sequence[dict[str, str]], count: Callable[[str], int], repeats: int = 1,
          output_tokens: int | None = None) -> list[Line]:
    """Tokens per answer type, in order of first appearance, then the total line."""
    lines: dict[str, Line] = {}
    total = Line("total")
    for record in records:
        prompt = count(record["prompt"]) + (count(record["system"]) if record["system"] else 0)
        answer = output_tokens if output_tokens is not None else count(record["target"])
        for line in (lines.setdefault(record["answer_type"], Line(record["answer_type"])),
                     total):
            line.requests += repeats
            line.prompt_tokens += repeats * prompt
            line.output_tokens += repeats * answer
    return [*lines.values(), total]


def estimate(
    benchmark: PathLike,
    models: str | Sequence[str],
    *,
    encodings: Sequence[str] = ("edge_list",),
    variants: Sequence[str] = ("original",),
    split: str | None = None,
    repeats: int = 1,
    params: dict[str, Any] | None = None,
    prices: PathLike | dict[str, dict[str, float]] | None = None,
    tokenizer: str | None = None,
    output_tokens: int | None = None,
    on_done: Callable[[Estimate], None] | None = None,
) -> list[Estimate]:
    """Prompt tokens, expected output tokens and cost of running ``benchmark`` on each
    model, before anything is sent.

    Prompt tokens are counted on the prompts ``evaluate`` would send (same encodings,
    variants and repeats), with the model's own tokenizer when one is at hand (a local
    ``hf:`` model, or ``tokenizer``), else with graphgauge's tokenizer-free estimate.
    Expected output tokens are the tokens of the reference answer written as the prompt
    asks for it; ``output_tokens`` sets a per-answer figure instead, and ``max_tokens``
    in ``params`` adds the worst case. ``on_done`` sees each model's estimate as it is
    made."""
    from graphgauge.exporters.records import build_records
    from graphgauge.instance import read_jsonl
    from graphgauge.prices import model_price, read_price_table, take_price_params
    from graphgauge.render.prompt import encoding_of
    from graphgauge.tokenizers import token_counter

    if repeats < 1:
        raise UserError(f"--repeats must be at least 1, got {repeats}")
    if output_tokens is not None and output_tokens < 0:
        raise UserError(f"--output-tokens must be at least 0, got {output_tokens}")
    options = dict(params or {})
    override = take_price_params(options)
    table = prices if isinstance(prices, dict) else read_price_table(
        Path(prices) if prices is not None else None)
    instances = read_jsonl(benchmark)
    if split is not None:
        instances = [inst for inst in instances if inst.meta.get("split") == split]
    if not instances:
        raise UserError(f"no instance in {benchmark}" + (f" of split {split!r}"
                                                         if split else ""))
    encodings = list(dict.fromkeys(encoding_of(e).name for e in encodings or ["edge_list"]))
    variants = list(dict.fromkeys(variants or ["original"]))
    records = build_records(instances, encodings, variants)
    max_tokens = options.get("max_tokens", options.get("max_new_tokens"))
    if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(
            max_tokens, int) or max_tokens < 1):
        raise UserError(f"-p max_tokens must be a positive integer, got {max_tokens!r}")
    done = []
    for spec in [models] if isinstance(models, str) else models:
        count, counted_with = token_counter(spec, tokenizer)
        done.append(Estimate(spec, tally(records, count, repeats, output_tokens), counted_with,
                             model_price(spec, table, override), max_tokens, len(instances),
                             encodings, variants, repeats))
        if on_done is not None:
            on_done(done[-1])
    return done


@dataclass
class Rescored:
    """One run read and scored again: the answers re-read, the run's accuracy and
    unparsed count before and after, and how many answers each reading path read."""

    run_id: str
    cleared: int
    before: dict[str, Any]
    after: dict[str, Any]
    read_by: dict[str, int]


def rescore(
    store: PathLike = "graphgauge.db",
    runs: Sequence[str] | None = None,
    *,
    benchmark: PathLike | None = None,
    extractor: str | None = None,
    extractor_params: dict[str, Any] | None = None,
    progress: bool = False,
    on_done: Callable[[Rescored], None] | None = None,
) -> list[Rescored]:
    """Read and score the stored answers of ``runs`` (all by default) again with the
    current readers, and ``extractor`` for what they leave unread; the models are not
    asked again.

    Answers are stored as the model wrote them, so a reader fix (or a store written by an
    older graphgauge) never needs the model again. Scoring needs the benchmark's instances
    (gold answers, graphs for the verifiers): ``benchmark``, or the file each run's
    manifest names, whose SHA-256 must match the one the manifest records. ``on_done``
    sees each run as it ends; an unreachable extractor raises ``ServiceUnreachable``."""
    from graphgauge.extraction import extract_unread, load_extractor
    from graphgauge.render.variants import SCORED_BY_VARIANT
    from graphgauge.report.reading import path_counts
    from graphgauge.runner import score_pending
    from graphgauge.store import Store

    path = Path(store)
    if not path.is_file():
        raise UserError(f"store not found: {path} (run 'graphgauge run' first)")
    model = load_extractor(extractor, dict(extractor_params or {}))
    source = Path(benchmark) if benchmark is not None else None
    loaded: dict = {}
    done = []
    with Store(path) as db:
        ids = [db.resolve_run(r) for r in runs] if runs else [r["id"] for r in db.runs()]
        if not ids:
            raise UserError(f"no runs in {path}")
        plan = [(run, _run_instances(db, run, source, loaded)) for run in ids]
        for run, instances in plan:
            before = db.run_stats().get(run, {})
            lease = db.take_lease(run)
            try:
                cleared = db.clear_scores(run)
                score_pending(db, run, instances, progress=progress)
                db.annotate_run(run, {SCORED_BY_VARIANT: True})
                if model is not None:
                    extract_unread(db, run, instances, model, progress=progress)
                else:  # earlier extractor readings were cleared with the rest
                    db.annotate_run(run, {"extractor": None})
            finally:
                db.release(lease)
            done.append(Rescored(run, cleared, before, db.run_stats().get(run, {}),
                                 path_counts(db, [run]).get(run, {})))
            if on_done is not None:
                on_done(done[-1])
    return done


def _run_instances(store: Store, run_id: str, benchmark: Path | None,
                   loaded: dict) -> list[Instance]:
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
    answered = {row.instance_id for row in store.items([run_id], columns=("instance_id",))}
    subset = [inst for inst in instances if inst.id in answered]
    if benchmark_digest(subset) != sha:
        raise UserError(f"{path} is not the benchmark run {run_id} answered (SHA-256 "
                        f"{digest[:12]}…, the run's manifest says {sha[:12]}…)")
    return subset


def _select(everything: list[Instance], split: str | None, source: Any) -> Benchmark:
    if split is None:
        return Benchmark(everything, everything)
    chosen = [inst for inst in everything if inst.meta.get("split") == split]
    if not chosen:
        raise UserError(f"no instance of split {split!r} in {source}")
    return Benchmark(chosen, everything)


def _benchmark(benchmark: PathLike | Benchmark | Sequence[Instance],
               split: str | None) -> Benchmark:
    """A ``Benchmark`` of whatever ``evaluate`` was given: a file, one already loaded, or
    instances built in Python."""
    from graphgauge import preflight

    if isinstance(benchmark, Benchmark):
        if split is not None:
            raise UserError("give split to load_benchmark, not to evaluate, with a Benchmark")
        return benchmark
    if isinstance(benchmark, str | Path):
        return load_benchmark(benchmark, split)
    everything = list(benchmark)
    if not everything:
        raise UserError("no instances to evaluate")
    preflight.check_benchmark(everything, "instances")
    return _select(everything, split, "the instances")


def _check_suites(instances: Sequence[Instance]) -> None:
    from graphgauge import preflight

    preflight.suite_extras({inst.suite for inst in instances}, "run on these instances")


def _load_models(models: str | Model | Sequence[str | Model], params: dict[str, Any],
                 instances: Sequence[Instance]) -> list[tuple[str, Model]]:
    """(name, model) pairs, every one built and checked before the first run starts."""
    from graphgauge import preflight

    given = [models] if isinstance(models, str) or not isinstance(models, Sequence) \
        else list(models)
    specs = [m for m in given if isinstance(m, str)]
    built = iter(preflight.load_models(specs, params, instances))
    out = []
    for model in given:
        if isinstance(model, str):
            out.append(next(built))
        else:
            preflight.answerable(model.name, model, instances)
            out.append((model.name, model))
    return out


def _evaluations(bench: Benchmark, models: list[tuple[str, Model]], store: Path,
                 options: RunOptions, table: dict[str, dict[str, float]],
                 override: dict[str, float], extractor: tuple[str | None, Model | None],
                 progress: bool) -> Iterator[Evaluation]:
    """Each model's run, in turn, in one store; yielded as it ends."""
    from dataclasses import replace

    from graphgauge.models.base import ServiceUnreachable
    from graphgauge.prices import model_price
    from graphgauge.results.cells import summarize
    from graphgauge.runner import error_kinds, run_benchmark
    from graphgauge.store import Store

    with Store(store) as db:
        for spec, model in models:
            priced = replace(options, prices=model_price(spec, table, override))
            try:
                result = run_benchmark(bench.instances, model, db, priced, source=bench.source,
                                       digest=bench.digest, progress=progress,
                                       prepare_on=bench.everything)
            except ServiceUnreachable as exc:
                raise ServiceUnreachable(f"{spec}: {exc}") from None
            # a share of a run others still write leaves the extractor's pass to the last
            # process to leave, which asks about every unread answer of the run once
            extraction = (None if result.partial else
                          _extract(db, result.run_id, bench.instances, extractor, progress))
            failed = db.errors(result.run_id)
            yield Evaluation(spec, result, summarize(db, [result.run_id], levels=("suite",)),
                             error_kinds(failed), len(failed), extraction)


def _extract(db: Store, run_id: str, instances: Sequence[Instance],
             extractor: tuple[str | None, Model | None], progress: bool) -> Extraction | None:
    """The extractor's pass over the answers of ``run_id`` the reader left unread."""
    from graphgauge.extraction import extract_unread
    from graphgauge.models.base import ServiceUnreachable

    spec, model = extractor
    if model is None:
        return None
    try:
        return extract_unread(db, run_id, instances, model, progress=progress)
    except ServiceUnreachable as exc:
        raise ServiceUnreachable(f"extractor {spec}: {exc}") from None
