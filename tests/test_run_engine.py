"""The run engine's promises (issue 17): one writer per run, concurrency that means what it
says, answers vs faults, failing fast, pacing under 429s, threads for sync python models,
one request per distinct prompt, no key in anything stored or printed, and scoring that
survives a reader bug. Real `graphgauge` processes against the fake OpenAI server."""

import asyncio
import dataclasses
import os
import socket
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter

import pytest

from graphgauge.errors import UserError
from graphgauge.instance import write_jsonl
from graphgauge.models import load_model
from graphgauge.models.ratelimit import Pacer
from graphgauge.models.redact import redact
from graphgauge.registry import generate, task_of
from graphgauge.runner import RunOptions, error_kinds, run_benchmark, score_response
from graphgauge.store import ItemRecord, Store
from graphgauge.store.leases import RunBusy
from tests.support.openai_server import FakeOpenAIServer, FaultPlan
from tests.support.paths import SRC
from tests.support.reference_policy import reference_policy

LOCAL = "127.0.0.1,localhost"
os.environ["NO_PROXY"] = os.environ["no_proxy"] = LOCAL
FAST = {"backoff": 0.01, "max_backoff": 0.05}


def _env(**extra):
    path = os.pathsep.join(p for p in (str(SRC), os.environ.get("PYTHONPATH")) if p)
    no_proxy = {name: "" for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")}
    return {**os.environ, **no_proxy, "NO_PROXY": LOCAL, "no_proxy": LOCAL, "PYTHONPATH": path,
            **extra}


def _gg(*argv, **popen):
    return ["graphgauge", *map(str, argv)], {"env": _env(), **popen}


def _run_cli(*argv, timeout=120, env=None):
    args, kw = _gg(*argv)
    if env:
        kw["env"] = {**kw["env"], **env}
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


@pytest.fixture(scope="module")
def bench():
    return generate("algorithmic", count=3, seed=17)  # 147 instances, distinct prompts


def _write(instances, path):
    write_jsonl(instances, path)
    return path


def _rows(store_path):
    with Store(store_path) as db:
        return list(db.items())


# --- 1. one writer per run --------------------------------------------------------------


def test_two_joined_processes_answer_each_prompt_once_and_scores_match(bench, tmp_path):
    items = bench[:120]
    path = _write(items, tmp_path / "b.jsonl")
    store = tmp_path / "s.db"
    with FakeOpenAIServer(reference_policy(items, wrong_every=4), latency=0.08) as server:
        argv = ("run", path, "-m", "openai:fake-model", "-q", "-s", store, "--join",
                "--concurrency", "4", "-p", f"base_url={server.base_url}")
        procs = []
        for _ in range(2):
            args, kw = _gg(*argv)
            procs.append(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True, **kw))
        outputs = [p.communicate(timeout=120) for p in procs]
        answered = server.answered_prompts()
    assert [p.returncode for p in procs] == [0, 0], outputs
    said = [int(out.split(" answered")[0].rsplit(" ", 1)[1]) for out, _ in outputs]
    assert sum(said) == len(items)  # each counts only what it sent
    # a process that leaves while the other still holds items says the run is not finished
    # and prints no accuracy; one that leaves when every item is stored (the last, or both
    # when they finish together) prints the whole run's counts and table
    wholes = [out for out, _ in outputs if "the whole run" in out]
    assert wholes
    for whole in wholes:
        assert f"{len(items)} of {len(items)} items stored" in whole
        assert f"over {len(items)} items" in whole
    for share in (out for out, _ in outputs if "the whole run" not in out):
        assert "(shared, not finished)" in share
        assert "accuracy" not in share.replace("no accuracy yet", "")
        assert "still held by process " in share and "graphgauge report -s" in share
    rows = _rows(store)
    assert len(rows) == len(items) and all(r["error"] is None for r in rows)
    assert set(answered.values()) == {1} and len(answered) == len(items)
    by_id = {inst.id: inst for inst in items}
    for row in rows:  # each stored score is the score of the response stored beside it
        parsed, ok, scores, accuracy = score_response(row["response"], by_id[row["instance_id"]])
        assert (row["parsed"], row["parse_ok"], row["accuracy"]) == (parsed, ok, accuracy)
    assert sum(r["accuracy"] == 0.0 for r in rows) == len(range(0, len(items), 4))
    with sqlite3.connect(store) as db:  # both left: no lease, no claim remains
        assert db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0


def test_second_process_without_join_refuses_naming_the_holder(bench, tmp_path):
    items = bench[:40]
    path = _write(items, tmp_path / "b.jsonl")
    store = tmp_path / "s.db"
    with FakeOpenAIServer(reference_policy(items), latency=0.2) as server:
        argv = ("run", path, "-m", "openai:fake-model", "-q", "-s", store, "--concurrency", "2",
                "-p", f"base_url={server.base_url}")
        args, kw = _gg(*argv)
        first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 **kw)
        deadline = time.monotonic() + 60
        while server.count() == 0 and time.monotonic() < deadline:
            time.sleep(0.05)  # the first one is sending: it holds the lease
        second = _run_cli(*argv)
        first_out = first.communicate(timeout=120)
        answered = server.answered_prompts()
    assert first.returncode == 0, first_out
    assert second.returncode == 2 and second.stdout == ""
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("graphgauge: error: run ")
    assert f"process {first.pid} on {socket.gethostname()}" in lines[0] and "--join" in lines[0]
    assert set(answered.values()) == {1} and len(answered) == len(items)


def test_stale_leases_are_taken_over_and_live_ones_refuse(bench, tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    with Store(tmp_path / "s.db") as db:
        run_id = "r1"
        stuck = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        stale = [(dead.pid, socket.gethostname(), time.time()),  # dead process, this host
                 (os.getpid(), "elsewhere", time.time() - 3600),  # silent for an hour
                 (stuck.pid, socket.gethostname(), time.time() - 3600)]  # alive but stuck
        for i, (pid, host, beat) in enumerate(stale):
            db.db.execute("INSERT INTO leases (run_id, holder, pid, host, started, heartbeat) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          (run_id, f"old{i}", pid, host, beat, beat))
            db.db.execute("INSERT INTO claims (run_id, instance_id, encoding, variant, repeat, "
                          "holder) VALUES (?, ?, 'e', 'v', 0, ?)", (run_id, f"item{i}", f"old{i}"))
        mine = db.take_lease(run_id)
        stuck.kill()
        wanted = [(f"item{i}", "e", "v", 0) for i in range(3)]
        assert db.claim(mine, wanted) == wanted
        db.db.execute("INSERT INTO leases (run_id, holder, pid, host, started, heartbeat) "
                      "VALUES ('r2', 'other', 1, 'elsewhere', ?, ?)",
                      (time.time(), time.time()))
        with pytest.raises(RunBusy, match="process 1 on elsewhere"):
            db.take_lease("r2")
        joined = db.take_lease("r2", join=True)
        db.release(joined)
        db.release(mine)
        assert db.db.execute("SELECT holder FROM leases").fetchall() == [("other",)]
    assert issubclass(RunBusy, UserError)


def test_a_claim_takes_only_items_nobody_holds_or_answered(tmp_path):
    """The claim's fast path (every key inserted, nothing read back) and its partial path
    (keys another holder has, answered ones, a repeated key) return the same thing."""
    with Store(tmp_path / "s.db") as db:
        db.begin_run("r", "m", {})
        mine, other = db.take_lease("r"), db.take_lease("r", join=True)
        keys = [(f"i{i}", "e", "v", 0) for i in range(6)]
        assert db.claim(mine, keys[:2]) == keys[:2]  # all new: the fast path
        assert db.claim(other, keys[1:4]) == keys[2:4]  # i1 is held by `mine`
        db.write_items([ItemRecord("r", "i4", "e", "v", 0, "s", "t", response="x",
                                   created=1.0)])
        assert db.claim(mine, [keys[4], keys[5], keys[5], keys[0]]) == [keys[5], keys[5]]
        assert db.claim(mine, keys) == []
        held = dict(db.db.execute("SELECT instance_id, holder FROM claims").fetchall())
        assert held == {"i0": mine.holder, "i1": mine.holder, "i2": other.holder,
                        "i3": other.holder, "i5": mine.holder}
        chunks = db.db.execute("SELECT DISTINCT chunk FROM claims WHERE holder = ? "
                               "ORDER BY chunk", (mine.holder,)).fetchall()
        assert chunks == [(1,), (2,)]


def test_checkpoints_wait_while_answers_arrive_and_resume_after(tmp_path):
    """While a run's answers arrive the write-ahead log is not copied back every 1,000
    pages (a checkpoint holds the store's lock, and the claims behind it); afterwards the
    first commit does it."""
    from graphgauge.store.sqlite import WAL_PAGES_WHILE_ANSWERING

    def autocheckpoint(db):
        return db.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]

    def wal_frames(db):  # the log's length; a passive checkpoint also copies it back
        return db.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]

    def write(db, rows):
        for i in range(0, len(rows), 10):
            db.write_items(rows[i:i + 10])

    with Store(tmp_path / "s.db") as db:
        db.begin_run("r", "m", {})
        before = autocheckpoint(db)
        rows = [ItemRecord("r", f"i{i}", "e", "v", 0, "s", "t", prompt="p" * 3000,
                           response="x", created=1.0) for i in range(3000)]
        db.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with db.checkpoints_deferred():
            assert autocheckpoint(db) == WAL_PAGES_WHILE_ANSWERING
            write(db, rows[:1500])
            assert wal_frames(db) > 1.5 * before  # grew past the default without a checkpoint
        assert autocheckpoint(db) == before
        write(db, rows[1500:])
        assert wal_frames(db) < 1.2 * before  # checkpointed as usual again
        assert db.db.execute("SELECT COUNT(*) FROM items").fetchone()[0] == 3000


def test_only_the_last_process_to_leave_a_shared_run_stamps_it_finished(bench, tmp_path):
    from graphgauge.models import load_model
    from graphgauge.runner import RunOptions, run_benchmark

    items = bench[:10]
    with Store(tmp_path / "s.db") as db:
        first = run_benchmark(items, load_model("reference"), db, RunOptions(join=True),
                              progress=False)
        assert db.runs()[0]["finished"] is not None
        db.db.execute("UPDATE runs SET finished = NULL")
        db.db.execute("DELETE FROM items")
        other = db.take_lease(first.run_id, join=True)  # a second process, still working
        db.claim(other, [(items[0].id, "edge_list", "original", 0)])
        share = run_benchmark(items, load_model("reference"), db, RunOptions(join=True),
                              progress=False)
        assert db.runs()[0]["finished"] is None  # the other one still holds the run
        # the share knows it is one: who holds the rest, and how far the run is
        assert share.partial and share.answered == 9 and share.taken_elsewhere == 1
        assert [(w.pid, w.host, w.held) for w in share.writers] == [
            (os.getpid(), socket.gethostname(), 1)]
        assert (share.run_answered, share.run_failed, share.missing) == (9, 0, 1)
        assert db.release(other) == []


def test_the_lease_is_renewed_from_a_thread_until_released(tmp_path, monkeypatch):
    import graphgauge.runner as runner

    monkeypatch.setattr(runner, "HEARTBEAT_SECONDS", 0.05)
    with Store(tmp_path / "s.db") as db:
        lease = db.take_lease("r")
        (first,) = db.db.execute("SELECT heartbeat FROM leases").fetchone()
        beating = runner._Heartbeat(db, lease)
        time.sleep(0.3)  # no event loop, no request: a model loading, say
        (later,) = db.db.execute("SELECT heartbeat FROM leases").fetchone()
        beating.stop()
        db.release(lease)
        assert later > first
        assert db.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0


def test_an_answer_is_never_replaced_and_a_score_needs_its_response(tmp_path):
    base = {"run_id": "r", "instance_id": "i", "encoding": "e", "variant": "v", "repeat": 0,
            "suite": "s", "task": "t", "created": 0.0, "cached": 0}
    with Store(tmp_path / "s.db") as db:
        db.write_items([ItemRecord(**base, error="HTTP 503: busy")])
        db.write_items([ItemRecord(**base, response="Answer: 3")])  # replaces an error
        db.write_items([ItemRecord(**base, error="timeout: late")])  # never replaces it
        db.update_scores([("7", 1, "{}", 1.0, "reader", "r", "i", "e", "v", 0, "Answer: 4")])
        (row,) = db.items()
        assert (row["response"], row["error"], row["parse_ok"]) == ("Answer: 3", None, None)
        db.update_scores([("3", 1, "{}", 1.0, "reader", "r", "i", "e", "v", 0, "Answer: 3")])
        assert next(db.items())["parsed"] == "3"


# --- 2. concurrency ---------------------------------------------------------------------


def test_concurrency_64_puts_64_requests_in_flight_without_timeouts(bench, tmp_path):
    items = bench[:128]
    path = _write(items, tmp_path / "b.jsonl")
    with FakeOpenAIServer(reference_policy(items), latency=0.6) as server:
        # -p concurrency is the model's default; --concurrency wins. A request waiting for a
        # slot must not use up its 1.5 s timeout while 64 others take 0.6 s each.
        proc = _run_cli("run", path, "-m", "openai:fake-model", "-q", "-s", tmp_path / "s.db",
                        "--concurrency", "64", "-p", "concurrency=8", "-p", "timeout=1.5",
                        "-p", f"base_url={server.base_url}")
        requests = server.count()
        peak = server.max_in_flight
    assert proc.returncode == 0, proc.stderr
    assert peak == 64
    assert requests == len(items), "a request was abandoned and sent again"
    assert "128 answered" in proc.stdout


def test_help_says_which_concurrency_wins():
    proc = _run_cli("run", "--help", env={"COLUMNS": "200"})
    assert "Wins over -p concurrency" in " ".join(proc.stdout.split())


# --- 3. answers vs faults ---------------------------------------------------------------


def test_answers_without_text_are_stored_scored_and_never_resent(bench, tmp_path):
    items = bench[:12]
    kinds = ["empty", "blank", "reasoning_only", "length"]
    plan = FaultPlan(script=kinds)  # the first four requests get the textless answers
    store = tmp_path / "s.db"
    with FakeOpenAIServer(reference_policy(items), faults=plan) as server:
        for _ in range(2):
            with Store(store) as db:
                model = load_model("openai:fake-model", base_url=server.base_url,
                                   concurrency=1, **FAST)
                result = run_benchmark(items, model, db, progress=False)
        sent = server.count()
    assert sent == len(items)  # one request each: none retried, none bought again
    assert result.skipped == len(items) and result.answered == 0
    rows = _rows(store)
    assert all(r["error"] is None for r in rows)
    textless = [r for r in rows if not r["response"].strip() or "First, the" in r["response"]]
    assert len(textless) == 4
    assert all(r["parse_ok"] == 0 and r["accuracy"] == 0.0 for r in textless)
    from graphgauge.results.cells import summarize

    with Store(store) as db:
        (cell,) = summarize(db, levels=("suite",))
    assert cell.n == len(items) and cell.errors == 0
    assert cell.accuracy == pytest.approx((len(items) - 4) / len(items))


# --- 4. fail fast and say why -----------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize(("host", "cause"), [
    (None, "connection refused"),
    ("graphgauge-no-such-host.invalid", "unknown host"),  # .invalid never resolves
])
def test_unreachable_server_exits_1_within_10_s_naming_the_url(bench, tmp_path, host, cause):
    path = _write(bench[:30], tmp_path / "b.jsonl")
    url = f"http://{host}/v1" if host else f"http://127.0.0.1:{_closed_port()}/v1"
    start = time.monotonic()
    proc = _run_cli("run", path, "-m", "openai:fake-model", "-q", "-s", tmp_path / "s.db",
                    "-p", f"base_url={url}", timeout=60)
    elapsed = time.monotonic() - start
    assert proc.returncode == 1 and elapsed < 10
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and url in lines[0] and cause in lines[0]
    assert "nan" not in proc.stdout + proc.stderr


@pytest.mark.parametrize(("server_options", "params", "cause"), [
    ({"api_key": "right"}, ("-p", "api_key_env=GG_TEST_KEY"), "API key was rejected"),
    ({"strict_model": True}, (), "not found"),
])
def test_wrong_key_or_model_stops_the_run(bench, tmp_path, server_options, params, cause):
    path = _write(bench[:30], tmp_path / "b.jsonl")
    with FakeOpenAIServer(**server_options) as server:
        proc = _run_cli("run", path, "-m", "openai:other-model", "-q", "-s", tmp_path / "s.db",
                        "-p", f"base_url={server.base_url}", *params,
                        env={"GG_TEST_KEY": "wrong"})
        sent = server.count()
    assert proc.returncode == 1 and cause in proc.stderr and server.base_url in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert sent <= 16  # the first wave only


def test_a_run_where_every_item_failed_counts_kinds_and_exits_1(bench, tmp_path):
    path = _write(bench[:6], tmp_path / "b.jsonl")
    plan = FaultPlan(rate=1.0, kinds=("500",))
    with FakeOpenAIServer(faults=plan) as server:
        proc = _run_cli("run", path, "-m", "openai:fake-model", "-q", "-s", tmp_path / "s.db",
                        "-p", f"base_url={server.base_url}", "-p", "max_retries=1",
                        "-p", "backoff=0.01")
    assert proc.returncode == 1
    assert "6 failed with HTTP 500, e.g. HTTP 500: The server had an error" in proc.stdout
    assert "every item failed" in proc.stderr
    assert "nan" not in proc.stdout + proc.stderr and "n/a" in proc.stdout


def test_error_kinds_rank_and_keep_an_example():
    kinds = error_kinds(["HTTP 503: busy", "timeout: late", "HTTP 503: again", "ValueError: x"])
    assert kinds == {"HTTP 503": (2, "HTTP 503: busy"), "timeout": (1, "timeout: late"),
                     "ValueError": (1, "ValueError: x")}


# --- 5. pacing --------------------------------------------------------------------------


def test_a_mostly_rate_limited_server_still_gets_every_item(bench, tmp_path):
    items = bench[:25]
    plan = FaultPlan(rate=0.9, kinds=("429",), retry_after=0.01, seed=5)
    with FakeOpenAIServer(reference_policy(items), faults=plan) as server, \
            Store(tmp_path / "s.db") as db:
        model = load_model("openai:fake-model", base_url=server.base_url, concurrency=8,
                           max_retries=2, **FAST)
        result = run_benchmark(items, model, db, progress=False)
        throttled = server.count("429")
        rows = list(db.items())
    assert throttled > 5 * len(items)  # far more 429s than max_retries would have allowed
    assert result.errors == 0 and result.answered == len(items)
    assert all(r["error"] is None and r["accuracy"] == 1.0 for r in rows)


def test_pacer_halves_its_window_and_pauses_everyone_for_retry_after():
    async def scenario():
        pacer = Pacer(8)
        for _ in range(8):
            await pacer.acquire()
        pacer.release()
        pacer.throttled(0.2)
        assert pacer.window == 4.0
        for _ in range(7):
            pacer.release()
        start = time.monotonic()
        await pacer.acquire()  # the window has room, but Retry-After holds everyone
        waited = time.monotonic() - start
        for _ in range(40):
            pacer.answered()
        return waited, pacer.window

    waited, window = asyncio.run(scenario())
    assert waited >= 0.18
    assert window == 8.0  # grows back to the full concurrency, never beyond


def test_the_retry_budget_is_time(bench):
    plan = FaultPlan(rate=1.0, kinds=("429",), retry_after=0.05)
    with FakeOpenAIServer(faults=plan) as server:
        model = load_model("openai:fake-model", base_url=server.base_url, retry_budget=0.5,
                           **FAST)

        async def one():
            from graphgauge.models.base import Request
            from graphgauge.registry import render

            try:
                return (await model.respond([Request(render(bench[0]), bench[0])]))[0]
            finally:
                await model.aclose()

        start = time.monotonic()
        response = asyncio.run(one())
        elapsed = time.monotonic() - start
    assert response.error.startswith("HTTP 429") and "gave up after" in response.error
    assert 0.5 <= elapsed < 2.0 and server.count() > 3


# --- 6. sync python models, dedup, redaction ---------------------------------------------


SLOW_MODEL = """
import os, threading, time
calls = 0
lock = threading.Lock()

def answer(prompt):
    global calls
    with lock:
        calls += 1
        n = calls
    with open(os.environ["GG_CALLS"], "a") as log:
        log.write(threading.current_thread().name + "\\n")
    if os.environ.get("GG_CRASH_AT") and n >= int(os.environ["GG_CRASH_AT"]):
        os._exit(3)
    time.sleep(0.03)
    return "Answer: 1"
"""


def test_sync_python_model_runs_in_threads_and_a_crash_keeps_committed_answers(bench, tmp_path):
    (tmp_path / "slowmodel.py").write_text(textwrap.dedent(SLOW_MODEL))
    items = bench[:60]
    path = _write(items, tmp_path / "b.jsonl")
    calls = tmp_path / "calls.txt"
    env = _env(GG_CALLS=str(calls), GG_CRASH_AT="40",
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(SRC)]))
    argv = ["graphgauge", "run", str(path), "-m", "python:slowmodel:answer", "-q", "-s",
            str(tmp_path / "s.db"), "--concurrency", "4"]
    crashed = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert crashed.returncode == 3
    kept = _rows(tmp_path / "s.db")
    assert 20 <= len(kept) < 40 and all(r["response"] == "Answer: 1" for r in kept)
    threads = calls.read_text().split()
    assert all(name.startswith("python-model") for name in threads)
    assert len(set(threads)) == 4
    calls.write_text("")
    resumed = subprocess.run(argv, env={**env, "GG_CRASH_AT": ""}, capture_output=True,
                             text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert len(calls.read_text().split()) == len(items) - len(kept)  # only what was lost
    assert len(_rows(tmp_path / "s.db")) == len(items)


def test_identical_requests_are_sent_once_and_fanned_out(bench, tmp_path):
    items = bench[:10]
    twins = [dataclasses.replace(inst, id=f"{inst.id}-twin") for inst in items]
    with FakeOpenAIServer(reference_policy(items)) as server, Store(tmp_path / "s.db") as db:
        model = load_model("openai:fake-model", base_url=server.base_url)
        result = run_benchmark(items + twins, model, db, RunOptions(repeats=2), progress=False)
        sent = Counter(r.prompt for r in server.requests)
        rows = list(db.items())
    assert sum(sent.values()) == 2 * len(items)  # one per (prompt, seed), not per item
    assert set(sent.values()) == {2}
    assert len(rows) == 4 * len(items) and result.shared == 2 * len(items)
    assert all(r["accuracy"] == 1.0 for r in rows)


def test_a_key_the_server_echoes_is_redacted_everywhere(bench, tmp_path):
    secret = "sk-proj-9f8e7d6c5b4a39281706"
    items = bench[:4]
    path = _write(items, tmp_path / "b.jsonl")
    plan = FaultPlan(rate=1.0, kinds=("echo_key",))
    with FakeOpenAIServer(faults=plan) as server:
        proc = _run_cli("run", path, "-m", "openai:fake-model", "-s", tmp_path / "s.db",
                        "-p", f"base_url={server.base_url}", "-p", "api_key_env=GG_SECRET",
                        env={"GG_SECRET": secret})
        echoed = [r for r in server.requests if r.outcome == "echo_key"]
    assert echoed and proc.returncode == 1
    rows = _rows(tmp_path / "s.db")
    assert all("Invalid header" in r["error"] and "[redacted]" in r["error"] for r in rows)
    assert secret not in proc.stdout + proc.stderr
    assert secret.encode() not in (tmp_path / "s.db").read_bytes()
    assert "[redacted]" in proc.stdout


def test_redact_removes_known_secrets_and_key_shapes():
    said = "key abc123456 then sk-live_ABCdef0123456789 and Authorization: Bearer tok.en-99"
    clean = redact(said, ("abc123456",))
    assert clean == "key [redacted] then [redacted] and Authorization: [redacted]"
    assert redact("Answer: 3 (skip sk-1)") == "Answer: 3 (skip sk-1)"


# --- 7. a reader bug never stops a run ----------------------------------------------------


def test_a_reader_that_raises_is_recorded_and_resume_does_not_crash(bench, tmp_path,
                                                                    monkeypatch):
    numeric = [inst for inst in bench if task_of(inst).answer.numeric]
    task_class = type(task_of(numeric[0]))
    items = [inst for inst in numeric if type(task_of(inst)) is task_class][:3]
    huge = "Answer: " + "7" * 5000
    module = tmp_path / "hugemodel.py"
    module.write_text(f"def answer(prompt):\n    return {huge!r}\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def broken_reader(self, text, inst, labels=None):
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(task_class, "parse", broken_reader)
    for _ in range(2):  # the second call is a resume over the same store
        with Store(tmp_path / "s.db") as db:
            result = run_benchmark(items, load_model("python:hugemodel:answer"), db,
                                   progress=False)
    rows = _rows(tmp_path / "s.db")
    assert result.skipped == len(items) and len(rows) == len(items)
    for row in rows:
        assert row["error"] is None and row["parse_ok"] == 0 and row["accuracy"] == 0.0
        assert "4300 digits" in row["parsed"] and row["response"] == huge


def test_content_parts_are_read_as_text_and_a_body_without_choices_is_retried(bench):
    from aiohttp import web

    from graphgauge.models.base import Request
    from graphgauge.registry import render

    replies = iter([
        {"choices": []},  # a protocol failure: retried
        {"choices": [{"message": {"content": [{"type": "text", "text": "Answer: "},
                                              {"type": "text", "text": "5"}]}}]},
    ])
    seen = []

    async def handler(request):
        seen.append(await request.json())
        return web.json_response(next(replies))

    async def scenario():
        app = web.Application()
        app.router.add_post("/v1/chat/completions", handler)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        model = load_model("openai:m", base_url=f"http://127.0.0.1:{port}/v1", **FAST)
        try:
            return (await model.respond([Request(render(bench[0]), bench[0])]))[0]
        finally:
            await model.aclose()
            await runner.cleanup()

    response = asyncio.run(scenario())
    assert response.error is None and response.text == "Answer: 5"
    assert len(seen) == 2


_OPEN_AT = """
import sys, time
from graphgauge.store import Store
start = float(sys.argv[2])
while time.time() < start:
    pass
with Store(sys.argv[1]) as store:
    store.runs()
"""


@pytest.mark.parametrize("old_store", [False, True], ids=["new", "old"])
def test_processes_opening_one_store_at_the_same_moment_all_succeed(tmp_path, old_store):
    """Several processes creating (or migrating) one store at once wait for each other: none
    may fail with 'database is locked' or a duplicate column (it did under load)."""
    path = tmp_path / "s.db"
    if old_store:  # a store from before items kept meta and their reading path, and
        # before the cache index held only scored answers
        with Store(path):
            pass
        with sqlite3.connect(path) as db:
            db.execute("ALTER TABLE items DROP COLUMN meta")
            db.execute("ALTER TABLE items DROP COLUMN parsed_by")
            db.execute("DROP INDEX items_cache_scored")
            db.execute("CREATE INDEX items_cache ON items (cache_key) WHERE cache_key IS NOT NULL")
    start = time.time() + 1.5
    procs = [subprocess.Popen([sys.executable, "-c", _OPEN_AT, str(path), str(start)],
                              stderr=subprocess.PIPE, text=True) for _ in range(6)]
    errors = [p.communicate(timeout=60)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    with sqlite3.connect(path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(items)")}
        indexes = {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'items_cache%'")}
    assert {"meta", "parsed_by"} <= columns
    assert indexes == {"items_cache_scored"}
