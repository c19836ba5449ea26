"""Plan → respond → score, committing each answer as it arrives, then scoring.

A run is identified by what determines its answers (benchmark content, model and its
parameters, encoding, variant, repeats, seed), so running the same command again resumes
the same run: items already answered are skipped, answers in the response cache are
reused, and only the rest is sent to the model.

A process writes a run only while it holds the run's lease in the store, and sends an item
only after claiming it there, so two processes on one store (a second terminal, a job
submitted twice) never pay for the same item: without ``join`` the second one refuses, with
it the two split what is left. A process that leaves a shared run while others still hold
items says so in its result (``RunResult.partial``, with who holds what), so that a share
is never read as the run's result; the last one to leave answers what a dead one left.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import platform
import sqlite3
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from graphgauge import __version__
from graphgauge.baselines import Baselines, judged_later
from graphgauge.gcpause import frozen_gc, paused_gc
from graphgauge.instance import Instance, canonical_json, content_hash
from graphgauge.models.base import Model, Request, Response
from graphgauge.registry import check_prompts, reply_schema, task_of
from graphgauge.render.prompt import (
    DEFAULT_ENCODING,
    DEFAULT_VARIANT,
    Asked,
    Prompt,
    asked_for,
    encoding_of,
    render,
)
from graphgauge.render.variants import SCORED_BY_VARIANT
from graphgauge.scoring.answers import Prediction
from graphgauge.scoring.structured import (
    NotJSON,
    answer_texts,
    json_answer,
    json_instruction,
)
from graphgauge.store.leases import Lease, Writer
from graphgauge.store.records import ItemRecord
from graphgauge.store.sqlite import Store

HEARTBEAT_SECONDS = 5.0
# How often a process that waits for the others sharing its run (``wait``) looks again.
WAIT_POLL_SECONDS = 2.0
# Passes the last process makes over items that processes which died left unanswered.
ORPHAN_PASSES = 3


@dataclass
class RunOptions:
    # One or more encodings (spec names such as "edge_list+shuffled+random3"); every
    # instance is asked in each, within one run that shares the response cache.
    encodings: tuple[str, ...] = (DEFAULT_ENCODING,)
    # Instruction variants (GTEval's transformations); every instance is asked in each.
    variants: tuple[str, ...] = (DEFAULT_VARIANT,)
    repeats: int = 1
    seed: int = 0
    # Requests (batches) in flight; sizes the model's connection or thread pool too. None:
    # the model's own default (its ``-p concurrency``).
    concurrency: int | None = None
    # Share a run another live process is writing, taking only the items nobody holds.
    join: bool = False
    # With ``join``: once its own share is done, stay (holding no item) until every other
    # process has left, then answer what a dead one left, so the run is whole on return.
    wait: bool = False
    # With ``wait``: seconds to wait at most for the others (None: as long as they work);
    # then leave, the run unfinished (``RunResult.gave_up``), like a process without wait.
    wait_limit: float | None = None
    # USD per 1,000 tokens, {"input": x, "output": y}: recorded, never part of the run id.
    prices: dict[str, float] | None = None


@dataclass
class RunResult:
    run_id: str
    resumed: bool
    total: int
    skipped: int = 0
    from_cache: int = 0
    answered: int = 0
    errors: int = 0
    elapsed: float = 0.0
    # Wall time of the request phase alone: first request sent to last answer committed.
    respond_seconds: float = 0.0
    # Answers parsed and scored by this call (including any a killed run left unscored).
    scored: int = 0
    # Requests not sent because an identical one (prompt, parameters, seed) was in flight.
    shared: int = 0
    # Items other processes sharing the run (--join) took while this one ran; counted in
    # ``skipped`` too.
    taken_elsewhere: int = 0
    # The whole run when this process left it: items answered and failed, by every process.
    run_answered: int = 0
    run_failed: int = 0
    # The other processes still working on the run when this one left (--join; those that
    # only wait are left out). Empty: the run's stored items are all it will get.
    writers: list[Writer] = field(default_factory=list)
    joined: bool = False  # run with --join: other processes may have answered some items
    # Seconds it waited (``wait``) before ``wait_limit`` ran out while others still worked
    # on the run; 0: it did not give up.
    gave_up: float = 0.0

    @property
    def partial(self) -> bool:
        """Other processes still hold items of the run, or are alive while some have no
        row: its scores so far are not its result. (One that joined late and found
        everything answered holds nothing: the run is whole.)"""
        return any(w.held for w in self.writers) or bool(self.writers and self.missing)

    @property
    def missing(self) -> int:
        """Items of the run with no stored row (held by others, or left by one that died)."""
        return max(0, self.total - self.run_answered - self.run_failed)

    def add(self, later: RunResult) -> None:
        """Count a later pass over the same run (items a dead process left) into this one."""
        taken = later.answered + later.errors + later.from_cache
        self.answered += later.answered
        self.errors += later.errors
        self.from_cache += later.from_cache
        self.scored += later.scored
        self.shared += later.shared
        self.respond_seconds += later.respond_seconds
        self.skipped -= taken
        self.taken_elsewhere = max(0, self.taken_elsewhere - taken)


def benchmark_digest(instances: Sequence[Instance]) -> str:
    digest = hashlib.sha256()
    for inst in instances:
        digest.update(inst.to_json().encode())
        digest.update(b"\n")
    return digest.hexdigest()


def run_id_for(model: Model, options: RunOptions, bench_sha: str) -> str:
    identity = {
        "benchmark": bench_sha, "model": model.name, "params": model.params,
        "encodings": list(options.encodings), "variants": list(options.variants),
        "repeats": options.repeats, "seed": options.seed,
    }
    return f"{_slug(model.name)}-{content_hash(identity, 10)}"


def _slug(name: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_." else "-" for c in name)
    return keep.strip("-")[:40] or "model"


def cache_keys(model: Model, requests: Sequence[Request]) -> list[str]:
    """Same model, parameters, prompt and sampling seed → same response (same key)."""
    prefix = canonical_json([model.name, model.params]).encode()
    return [
        hashlib.sha256(prefix + f"|{r.prompt.key}|{r.seed}".encode()).hexdigest()
        for r in requests
    ]


def build_manifest(
    model: Model, options: RunOptions, bench_sha: str, source: str | None, n: int
) -> dict[str, Any]:
    import networkx
    import numpy
    import scipy

    return {
        "graphgauge": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "libraries": {"networkx": networkx.__version__, "numpy": numpy.__version__,
                      "scipy": scipy.__version__},
        "benchmark": {"path": source, "sha256": bench_sha, "instances": n},
        "model": {"name": model.name, "params": model.params},
        "encodings": list(options.encodings),
        "variants": list(options.variants),
        SCORED_BY_VARIANT: True,
        "repeats": options.repeats,
        "seed": options.seed,
        "prices": options.prices,
        "git_commit": _git_commit(),
        "command": sys.argv,
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def _git_commit() -> str | None:
    """The commit of the graphgauge checkout in use, when it is one."""
    import subprocess
    from pathlib import Path

    try:
        out = subprocess.run(
            ["git", "-C", str(Path(__file__).parent), "rev-parse", "HEAD"],
            capture_output=True, text=True, timeout=5,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() or None


def response_row(
    request: Request, response: Response, run_id: str, cached: bool, key: str | None = None,
    columns: tuple | None = None,
) -> ItemRecord:
    """The store record of a response, written the moment it arrives; scored later by
    :func:`score_pending`, so the request phase does no parsing. ``columns`` are the
    instance's :func:`instance_columns` when the caller has them at hand."""
    inst, prompt = request.instance, request.prompt
    suite, task, difficulty, gold, meta = columns or instance_columns(inst)
    error = response.error
    return ItemRecord(
        run_id=run_id, instance_id=inst.id, encoding=prompt.encoding,
        variant=prompt.variant, repeat=request.repeat, suite=suite, task=task,
        difficulty=difficulty, prompt=prompt.text, response=response.text, gold=gold,
        meta=meta, latency=response.latency, tokens_in=response.tokens_in,
        tokens_out=response.tokens_out, error=error, cached=int(cached),
        cache_key=key if error is None else None, created=time.time(),
    )


# json.dumps(value, sort_keys=True) without building an encoder on every call
_sorted_json = json.JSONEncoder(sort_keys=True).encode


def instance_columns(inst: Instance) -> tuple[str, str, str | None, str, str]:
    """(suite, task, difficulty, gold JSON, meta JSON): the columns every stored answer to
    ``inst`` repeats, whatever its encoding, variant or repeat. A run computes them once
    per instance while it plans, so the request loop only looks them up. ``meta`` holds
    the family, size, split, dataset …: what suite tables group by, without the benchmark."""
    return (inst.suite, inst.task, task_of(inst).difficulty, json.dumps(inst.answer),
            _sorted_json(inst.meta))


def score_response(
    text: str, inst: Instance, asked: Asked | None = None
) -> tuple[str, int, str, float | None]:
    """(parsed JSON, parsed ok, scores JSON, accuracy) of one response to ``inst`` asked as
    ``asked`` says: node names read back through the encoding's labels, the answer judged
    by what the instruction variant expects."""
    asked = asked or Asked()
    task = task_of(inst)
    prediction = task.parse_asked(text, inst, asked)
    scores = task.score(prediction, inst, asked)
    return (json.dumps(prediction.value), int(prediction.ok), json.dumps(scores),
            scores.get("accuracy"))


def _score_update(run_id: str, key: tuple[str, str, str, int], text: str,
                  inst: Instance, answer_format: str | None = None,
                  baseline: str | None = None) -> tuple:
    """The ``update_scores`` row for one stored answer, with the path that read it; a
    reader or scorer that crashes on it scores it as no answer, with the reason, so one
    odd response never stops a run or its resume."""
    asked = asked_for(inst, key[1], key[2], baseline)
    try:
        scored, path = read_response(text, inst, asked, answer_format)
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop the run
        scored, path = _unreadable(inst, f"{type(exc).__name__}: {exc}"[:300], asked), "none"
    return (*scored, path, run_id, *key, text)


def _unreadable(inst: Instance, why: str, asked: Asked) -> tuple[str, int, str, float | None]:
    """The score of an answer the reader or scorer crashed on: no answer, with the reason
    kept in ``parsed``."""
    try:
        scores = task_of(inst).score(Prediction.failed(why), inst, asked)
    except Exception:  # noqa: BLE001 - the scorer itself is what failed
        scores = {"accuracy": 0.0}
    return (json.dumps({"reader_error": why}), 0, json.dumps(scores), scores.get("accuracy"))


def score_pending(
    store: Store, run_id: str, instances: Sequence[Instance], progress: bool = False
) -> int:
    """Parse and score every answered, not yet scored item of a run; returns how many.

    Runs after the request phase, for answers the phase left unscored (all of them when
    the event loop was never idle, those a killed run had stored, and those judged against
    another variant's answer, once that one is stored: ``baselines``). Scoring reads only
    stored answers, so a parser or verifier fix can be applied to them without asking the
    model again.
    """
    from graphgauge.progress import progress_bar

    by_id = {inst.id: inst for inst in instances}
    rows = [r for r in store.unscored(run_id) if r[0] in by_id]
    answer_format = run_answer_format(store, run_id)
    baselines = Baselines(store, run_id, {row[2] for row in rows})
    updates = []
    # paused_gc: reading answers allocates much and frees nearly all of it at once
    with progress_bar("scoring", total=len(rows), enabled=progress) as advance, paused_gc():
        for instance_id, encoding, variant, repeat, text in rows:
            key = (instance_id, encoding, variant, repeat)
            ready, baseline = baselines.lookup(key)
            if ready:
                updates.append(_score_update(run_id, key, text, by_id[instance_id],
                                             answer_format, baseline))
            advance(1)
    store.update_scores(updates)
    return len(updates)


def run_answer_format(store: Store, run_id: str) -> str | None:
    """The answer format the run's model was asked for (``-p answer_format``)."""
    params = store.manifest(run_id).get("model", {}).get("params") or {}
    return params.get("answer_format")


def read_response(
    text: str, inst: Instance, asked: Asked | None = None,
    answer_format: str | None = None,
) -> tuple[tuple[str, int, str, float | None], str]:
    """``score_response`` plus the path that read the answer: "json" for a JSON reply of
    a run that asked for one, "reader" for text the deterministic reader read, "none".
    A JSON-format run whose reply is not JSON (a server without structured outputs) is
    read as prose."""
    if answer_format == "json":
        try:
            value = json_answer(text)
        except NotJSON:
            pass
        else:
            scored = score_json(value, inst, asked)
            return scored, "json" if scored[1] else "none"
    scored = score_response(text, inst, asked)
    return scored, "reader" if scored[1] else "none"


def score_json(value: Any, inst: Instance, asked: Asked | None = None
               ) -> tuple[str, int, str, float | None]:
    """``score_response`` of a JSON answer value: its first written form the item's reader
    can read (see ``answer_texts``), else no answer."""
    scored = score_response("", inst, asked)
    for text in answer_texts(value):
        scored = score_response(text, inst, asked)
        if scored[1]:
            break
    return scored


def answer_format_prompt(prompt: Prompt, model: Model, inst: Instance) -> Prompt:
    """The prompt with the JSON instruction added when the model was asked for JSON
    answers (``-p answer_format=json``); unchanged otherwise."""
    if model.params.get("answer_format") != "json":
        return prompt
    schema = reply_schema(inst, prompt)
    return replace(prompt, text=f"{prompt.text}\n\n{json_instruction(schema)}")


def run_benchmark(
    instances: Sequence[Instance],
    model: Model,
    store: Store,
    options: RunOptions | None = None,
    *,
    source: str | None = None,
    digest: str | None = None,
    progress: bool = True,
    prepare_on: Sequence[Instance] | None = None,
) -> RunResult:
    """Run ``model`` on ``instances`` into ``store`` and return what happened.

    ``digest`` is the benchmark's SHA-256 when the caller already has it (the CLI hashes
    the file's bytes, which equal the canonical serialization this would compute).
    ``prepare_on`` is what the model sees in ``prepare`` when that is more than it
    answers: a model that learns (a GNN) fits on every split, then answers one.
    """
    options = options or RunOptions()
    check_prompts(instances, options.encodings, options.variants)  # before the run row
    bench_sha = digest or benchmark_digest(instances)
    run_id = run_id_for(model, options, bench_sha)
    manifest = build_manifest(model, options, bench_sha, source, len(instances))
    resumed = not store.begin_run(run_id, model.name, manifest)
    started = time.perf_counter()
    lease = store.take_lease(run_id, join=options.join)
    beating = _Heartbeat(store, lease)
    prepare = _Once(lambda: model.prepare(prepare_on or instances))
    left = None  # the other writers, once this process has left the run
    try:
        with frozen_gc() as settle:
            def one_pass(failed_too: bool) -> RunResult:
                return _run_leased(instances, model, store, options, run_id, lease, progress,
                                   prepare, settle, failed_too)

            result = one_pass(False)
            left = _see_through(store, lease, options, result, one_pass, progress)
        result.resumed = resumed
    finally:
        beating.stop()
        others = store.release(lease) if left is None else left
    # others that only wait (--wait) add nothing more: the stored items are the run's
    result.writers = [w for w in others if not w.waiting]
    result.joined = options.join
    if result.taken_elsewhere:
        result.run_answered, result.run_failed = store.item_counts(run_id)
    else:  # it stored every item it did not find answered: the counts are its own
        result.run_answered = result.skipped + result.answered + result.from_cache
        result.run_failed = result.errors
    result.elapsed = time.perf_counter() - started
    if not others and not result.missing:  # sharing (--join): the last one out ends it
        store.finish_run(run_id, {"finished": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                            time.gmtime())})
    return result


class _Once:
    """The model's ``prepare``, called at most once per process: the passes over items a
    dead process left reuse what the first pass fitted (a ``gnn:`` model fits once)."""

    def __init__(self, prepare):
        self.prepare, self.done = prepare, False

    def __call__(self) -> None:
        if not self.done:
            self.prepare()
            self.done = True


def _see_through(store: Store, lease: Lease, options: RunOptions, result: RunResult,
                 one_pass, progress: bool) -> list[Writer] | None:
    """After this process's own pass over a run: leave it to the others while one of them
    still works on it; else, being the last, answer the items that processes which died
    left behind (their leases are dropped as abandoned, which frees those items). With
    ``wait`` it stays instead (others that wait do not count, so two waiters never wait
    for each other), for at most ``wait_limit`` seconds.

    Returns the other writers when it has left the run (its lease released), None when it
    still holds its lease for the caller to release."""
    if not result.taken_elsewhere and not options.wait:
        return None  # it took every item it did not find answered: nobody else holds one
    waiting_since, told, passes = None, False, 0
    while True:
        if options.wait:
            working = [w for w in store.writers(lease.run_id, besides=lease,
                                                drop_abandoned=True) if not w.waiting]
        else:  # decided and left in one transaction: whoever leaves last finishes the run
            left = store.leave_unless_last(lease)
            if left is not None:
                return left
            working = []
        if working:
            now = time.monotonic()
            if waiting_since is None:
                waiting_since = now
            waited = now - waiting_since
            if options.wait_limit is not None and waited >= options.wait_limit:
                result.gave_up = waited
                return store.release(lease)
            if not told:
                told = True
                store.set_waiting(lease, True)
                if progress:
                    print(f"waiting for {describe_writers(working)} to finish the run",
                          file=sys.stderr, flush=True)
            pause = WAIT_POLL_SECONDS
            if options.wait_limit is not None:
                pause = min(pause, options.wait_limit - waited)
            time.sleep(pause)
            continue
        answered, failed = store.item_counts(lease.run_id)
        if answered + failed >= result.total or passes == ORPHAN_PASSES:
            return None
        passes += 1
        if told:
            told = False
            store.set_waiting(lease, False)
        result.add(one_pass(True))


def describe_writers(writers: Sequence[Writer]) -> str:
    """Who still holds a run, as a person reads it: "process 41233 on node7 (16 items
    held, heartbeat 2 s ago)"."""
    return ", ".join(f"process {w.pid} on {w.host} ({w.held} item{'s' * (w.held != 1)} "
                     f"held, heartbeat {w.heartbeat_age:.0f} s ago"
                     f"{', waiting for the others' if w.waiting else ''})" for w in writers)


def _run_leased(instances, model, store, options, run_id, lease, progress,
                prepare, settle, failed_too=False) -> RunResult:
    """One pass over the run's items nobody has answered (``failed_too``: nor failed);
    ``prepare`` readies the model (once per process) when some must be sent."""
    started = time.perf_counter()
    done = store.done_keys(run_id, failed_too=failed_too)
    encodings = [encoding_of(spec) for spec in options.encodings]
    requests = []
    with paused_gc():  # rendering allocates much and frees nearly all of it at once
        for encoding, variant in itertools.product(encodings, options.variants):
            for inst in instances:
                keys = [(inst.id, encoding.name, variant, r) for r in range(options.repeats)]
                if all(key in done for key in keys):
                    continue
                prompt = answer_format_prompt(
                    render(inst, encoding, variant, task=task_of(inst)), model, inst)
                for repeat, key in enumerate(keys):
                    if key not in done:
                        requests.append(Request(prompt, inst, repeat, options.seed + repeat))
        settle()  # the requests live for the whole run (see frozen_gc)
    result = RunResult(run_id, False,
                       len(instances) * len(encodings) * len(options.variants) * options.repeats)
    result.skipped = result.total - len(requests)

    keys = cache_keys(model, requests) if model.cacheable else []
    hits = store.cached(keys) if keys else {}
    pending: list[tuple[Request, str | None]] = []
    cached_rows = []
    columns: dict[str, tuple] = {}  # instance id -> instance_columns, once per instance
    for i, request in enumerate(requests):
        key = keys[i] if keys else None
        inst = request.instance
        if inst.id not in columns:
            columns[inst.id] = instance_columns(inst)
        if key in hits:
            hit = hits[key]
            response = Response(hit.text, None, hit.latency or 0.0, hit.tokens_in, hit.tokens_out)
            cached_rows.append(response_row(request, response, run_id, cached=True,
                                            columns=columns[inst.id]))
        else:
            pending.append((request, key))
    if cached_rows:
        store.write_items(cached_rows)
        result.from_cache = len(cached_rows)

    if pending:
        if options.concurrency:
            model.concurrency = options.concurrency
        prepare()
    # No request waits behind a checkpoint, and the scoring pass, which rewrites every row
    # the requests wrote, does not copy them into the database (with two fsyncs) first:
    # the first commit after the block checkpoints once (measured: 0.05-0.1 s of fsync).
    with store.checkpoints_deferred():
        if pending:
            phase = time.perf_counter()
            asyncio.run(_respond_all(pending, model, store, lease, result, progress, columns))
            result.respond_seconds = time.perf_counter() - phase
        result.scored += score_pending(store, run_id, instances, progress)
    result.elapsed = time.perf_counter() - started
    return result


def _item_key(request: Request) -> tuple[str, str, str, int]:
    return (request.instance.id, request.prompt.encoding, request.prompt.variant,
            request.repeat)


def _shared_requests(pending: list[tuple[Request, str | None]]) -> list[list]:
    """Requests grouped so that each group is sent once: identical (model, parameters,
    prompt, seed) — the same cache key — get one request whose answer is stored for all."""
    groups: dict[str, list] = {}
    units = []
    for request, key in pending:
        if key is None:
            units.append([(request, key)])
        elif key in groups:
            groups[key].append((request, key))
        else:
            groups[key] = [(request, key)]
            units.append(groups[key])
    return units


class _ClaimFeed:
    """Hands out groups of requests, claiming their items in the store a chunk at a time,
    so that processes sharing a run (``--join``) each take only what nobody holds, and a
    process that joins late still finds work."""

    def __init__(self, store: Store, lease: Lease, units: list[list], chunk: int, advance):
        self.store, self.lease, self.chunk, self.advance = store, lease, chunk, advance
        self.units, self.next, self.ready = units, 0, deque()
        self.taken_elsewhere = 0

    def take(self, size: int) -> list[list]:
        while not self.ready and self.next < len(self.units):
            chunk = self.units[self.next : self.next + self.chunk]
            self.next += len(chunk)
            wanted = [_item_key(request) for unit in chunk for request, _ in unit]
            mine = self.store.claim(self.lease, wanted)
            if len(mine) == len(wanted):  # all of it: nobody else holds or answered any
                self.ready.extend(chunk)
                continue
            mine = set(mine)
            skipped = len(wanted) - len(mine)
            self.taken_elsewhere += skipped
            self.advance(skipped)
            for unit in chunk:
                kept = [pair for pair in unit if _item_key(pair[0]) in mine]
                if kept:
                    self.ready.append(kept)
        ready = self.ready
        return [ready.popleft() for _ in range(min(size, len(ready)))]


class _Heartbeat:
    """Renews a lease every few seconds from a thread, so that a lease stays alive through
    long phases without an event loop (loading a model, scoring) and goes stale only when
    its process is gone or stuck."""

    def __init__(self, store: Store, lease: Lease):
        self.store, self.lease = store, lease
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._beat, name="graphgauge-lease", daemon=True)
        self.thread.start()

    def _beat(self) -> None:
        while not self.stopped.wait(HEARTBEAT_SECONDS):
            try:
                self.store.heartbeat(self.lease)
            except sqlite3.Error:  # a busy or closed store: try again at the next beat
                continue

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()


async def _respond_all(pending, model, store, lease, result, show_progress, columns):
    """Send every group of requests from ``slots`` workers, committing answers as they come
    (``columns``: each instance's :func:`instance_columns`, computed while planning).

    A worker holds one batch at a time, so ``concurrency`` batches are in flight and none
    waits inside the model for a free connection. A ``ServiceUnreachable`` from the model
    (nothing answers at that address, wrong key or model) cancels every worker at once.
    """
    from graphgauge.progress import progress_bar

    size = max(1, model.batch_size)
    slots = max(1, model.concurrency)
    units = _shared_requests(pending)
    result.shared = len(pending) - len(units)
    with progress_bar(f"{model.name}", total=len(pending), enabled=show_progress) as advance:
        scorer = _IdleScorer(lease.run_id, model.params.get("answer_format"))
        writer = _GroupCommit(store, advance, scorer)
        feed = _ClaimFeed(store, lease, units, max(16, 4 * slots * size), advance)

        async def worker():
            while batch := feed.take(size):
                responses = await model.respond([unit[0][0] for unit in batch])
                scorer.last_answer = time.perf_counter()
                rows, asked = [], []
                for unit, response in zip(batch, responses, strict=True):
                    for request, key in unit:
                        rows.append(response_row(request, response, lease.run_id,
                                                 cached=False, key=key,
                                                 columns=columns[request.instance.id]))
                        asked.append(request.instance)
                    if response.error is None:
                        result.answered += len(unit)
                    else:
                        result.errors += len(unit)
                writer.add(rows, asked)

        scoring = asyncio.create_task(scorer.run())
        workers = [asyncio.create_task(worker()) for _ in range(slots)]
        try:
            await asyncio.gather(*workers)
        finally:  # the first failure stops the others (requests in flight are abandoned)
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            scoring.cancel()
            await asyncio.gather(scoring, return_exceptions=True)
            writer.close()
            result.scored += scorer.count
            result.skipped += feed.taken_elsewhere
            result.taken_elsewhere += feed.taken_elsewhere
            close = getattr(model, "aclose", None)
            if close is not None:
                await close()


class _GroupCommit:
    """Commits answered rows on the event loop, ``WINDOW`` (10 ms) after the first of them
    arrived: every answer of that window, with the scores the ``_IdleScorer`` has ready,
    shares one transaction.

    A killed run loses only what was in flight or in the open window. Committing on the
    loop itself, with no thread, is the cheaper way on a 2-core machine: a commit thread
    traded the GIL with the loop at every row SQLite stepped through and woke up for a
    dozen rows at a time (some 400 commits for 5,000 fast answers), and that trading cost
    the request loop more than the inserts themselves. Fewer, larger commits also write
    fewer pages (each rewrites the last pages of the table and of its indexes); the
    cache-key index, whose keys are random, takes an answer only once it is scored (see
    ``store.sqlite.SCHEMA``), mostly in the scoring pass. The request phase defers checkpoints
    (``Store.checkpoints_deferred``), so a commit is an append to the write-ahead log, a
    millisecond or two for a window's rows at thousands of answers a second.
    """

    WINDOW = 0.01  # seconds

    def __init__(self, store: Store, advance, scorer: _IdleScorer):
        self.store, self.advance, self.scorer = store, advance, scorer
        self.loop = asyncio.get_running_loop()
        self.rows: list[ItemRecord] = []
        self.instances: list[Instance] = []
        self.timer: asyncio.TimerHandle | None = None
        self.failed: Exception | None = None  # a commit the timer could not make

    def add(self, rows: list[ItemRecord], instances: list[Instance]) -> None:
        if self.failed is not None:  # the store refused a commit: stop the run with it
            raise self.failed
        if self.timer is None:
            self.timer = self.loop.call_later(self.WINDOW, self._on_timer)
        self.rows.extend(rows)
        self.instances.extend(instances)

    def _on_timer(self) -> None:
        """The window closed. An error here would only be logged by the loop: it is kept,
        the rows with it, and raised to the next worker with an answer (and by close)."""
        self.timer = None
        try:
            self.commit()
        except Exception as exc:  # noqa: BLE001 - re-raised in add() and close()
            self.failed = exc

    def commit(self) -> None:
        """Commit what arrived since the last commit; on an error the rows stay."""
        if self.rows:
            self.store.write_items(self.rows, self.scorer.take())
            rows, instances = self.rows, self.instances
            self.rows, self.instances = [], []
            self.scorer.add(zip(rows, instances, strict=True))
            self.advance(len(rows))

    def close(self) -> None:
        """Commit what is left, and every score still waiting."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.commit()
        self.store.update_scores(self.scorer.take())


class _IdleScorer:
    """Scores committed answers while the event loop has nothing else to do.

    Waiting for a server leaves the loop idle most of the time; scoring in those gaps, a
    millisecond at a time, takes the scoring pass off the end of the run without
    delaying any request. Whatever is not scored when the requests end is scored by
    :func:`score_pending`. The loop's queue of ready callbacks is CPython's private
    ``_ready``; on a loop without it nothing is scored here.
    """

    SLICE = 0.001  # seconds of scoring before the loop looks at its sockets again

    def __init__(self, run_id: str, answer_format: str | None = None):
        self.run_id, self.answer_format = run_id, answer_format
        self.todo: list[tuple[ItemRecord, Instance]] = []
        self.updates: list[tuple] = []
        self.count = 0
        self.more = asyncio.Event()
        self.last_answer = 0.0  # when a worker last got a response (perf_counter)

    def add(self, rows: Iterable[tuple[ItemRecord, Instance]]) -> None:
        self.todo.extend(pair for pair in rows if pair[0].error is None
                         and not judged_later(pair[0].variant))
        if self.todo:
            self.more.set()

    def take(self) -> list[tuple]:
        updates, self.updates = self.updates, []
        return updates

    async def run(self) -> None:
        ready = getattr(asyncio.get_running_loop(), "_ready", None)
        if ready is None:
            return
        clock = time.perf_counter
        while True:
            if not self.todo:
                self.more.clear()
                await self.more.wait()
            if ready or clock() - self.last_answer < self.SLICE:
                await asyncio.sleep(self.SLICE)  # busy, or answers still streaming in
                continue
            until = clock() + self.SLICE
            while self.todo and clock() < until:
                row, inst = self.todo.pop()
                self.updates.append(_score_update(self.run_id, row.key, row.response, inst,
                                                  self.answer_format))
                self.count += 1
            await asyncio.sleep(0)


def error_kinds(errors: Sequence[str]) -> dict[str, tuple[int, str]]:
    """Failed items by kind — the text before the first colon ("HTTP 503", "timeout",
    "connection", "ValueError") — most common first, each with its count and an example."""
    kinds: dict[str, list] = {}
    for error in errors:
        kind = error.split(":", 1)[0].strip() or "error"
        entry = kinds.setdefault(kind, [0, error])
        entry[0] += 1
    ranked = sorted(kinds.items(), key=lambda item: -item[1][0])
    return {kind: (count, example[:160]) for kind, (count, example) in ranked}
