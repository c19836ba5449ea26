"""Processes sharing a run (``--join``) never misreport: one that leaves while others hold
items says so (its counts, the run's so far, who holds the rest) and prints no accuracy;
the last to leave prints the whole run and answers what a dead one left (even when two
finish at once), preparing its model once; ``--wait`` stays for the others, for at most
``--wait-limit``, and takes over what a dead one left. Real `graphgauge` processes with a
python model whose speed the test controls (a gate file the holder waits for)."""

import asyncio
import os
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from graphgauge import runner
from graphgauge.instance import write_jsonl
from graphgauge.models import load_model
from graphgauge.models.builtin import ReferenceModel
from graphgauge.registry import generate
from graphgauge.runner import (
    RunOptions,
    benchmark_digest,
    describe_writers,
    run_benchmark,
    run_id_for,
)
from graphgauge.store import Store
from graphgauge.store.leases import Lease
from tests.support.paths import SRC

HOST = socket.gethostname()

# Answers at once, or, when GG_GATE names a file, only once that file exists (after
# touching GG_STARTED): the test decides when the holder's items get answered.
GATED_MODEL = """
import os, pathlib, time

def answer(prompt):
    gate = os.environ.get("GG_GATE")
    if gate:
        pathlib.Path(os.environ["GG_STARTED"]).touch()
        while not os.path.exists(gate):
            time.sleep(0.02)
    return "Answer: 1"
"""


@pytest.fixture(scope="module")
def items():
    return generate("algorithmic", count=1, seed=5)[:40]


@pytest.fixture
def setup(items, tmp_path):
    (tmp_path / "gatedmodel.py").write_text(textwrap.dedent(GATED_MODEL))
    bench = tmp_path / "b.jsonl"
    write_jsonl(items, bench)
    return bench, tmp_path / "s.db"


def _env(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(SRC)])}
    env.pop("GG_GATE", None)
    return env


def _start(tmp_path, bench, store, *flags, gate=None, started="started"):
    env = _env(tmp_path)
    if gate is not None:
        env.update(GG_GATE=str(gate), GG_STARTED=str(tmp_path / started))
    argv = ["graphgauge", "run", str(bench), "-m", "python:gatedmodel:answer", "-s", str(store),
            "--concurrency", "1", "-q", *flags]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _until(predicate, what, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@pytest.mark.slow
def test_processes_that_leave_early_say_so_and_the_last_prints_the_whole_run(setup, tmp_path):
    bench, store = setup
    gate = tmp_path / "gate"
    holder = _start(tmp_path, bench, store, gate=gate)  # claims its first 16, then blocks
    try:
        _until((tmp_path / "started").exists, "the holder's first answer")
        joiners = [_start(tmp_path, bench, store, "--join") for _ in range(2)]
        shares = [p.communicate(timeout=120) for p in joiners]
        # a report read meanwhile says whose run it is and how much of it is stored
        report = subprocess.run(["graphgauge", "report", "-s", str(store)], env=_env(tmp_path),
                                capture_output=True, text=True, timeout=120)
    finally:
        gate.touch()
    last = holder.communicate(timeout=120)
    assert [p.returncode for p in (*joiners, holder)] == [0, 0, 0], (shares, last)
    answered = []
    for out, err in shares:
        assert err == ""
        lines = out.splitlines()
        assert len(lines) == 3 and "(shared, not finished)" in lines[0]
        answered.append(int(lines[0].split(" answered")[0].rsplit(" ", 1)[1]))
        # who holds the rest, and how many: the holder's chunk, untouched while it is blocked
        assert f"still held by process {holder.pid} on {HOST} (16 items held" in lines[1]
        assert f"graphgauge report -s {store} -r " in lines[2]
        assert "accuracy " not in out.replace("no accuracy yet", "")  # no table that looks final
        assert " of 40 items stored" in lines[0]
    assert sum(answered) == 24  # the joiners split what the holder did not hold
    assert report.returncode == 0
    assert report.stderr.startswith("note: run python-gatedmodel-answer-")
    assert f"still being written by process {holder.pid} on {HOST} (16 items held" in \
           " ".join(report.stderr.split())
    assert "cover the 24 of 40 items stored so far, not its result" in report.stderr
    # the last of the joiners to leave had seen all 24 of theirs stored
    assert max(int(out.split("the run so far: ")[1].split(" of")[0]) for out, _ in shares) == 24
    out = last[0]
    assert "16 answered, 0 from cache, 0 already done, 24 by the processes that joined it" in out
    assert "the whole run, with the processes that joined it: 40 of 40 items stored " \
           "(40 answered, 0 failed)" in out
    assert "over 40 items" in out and "shared, not finished" not in out
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT finished IS NOT NULL FROM runs").fetchall() == [(1,)]
        assert db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0


@pytest.mark.slow
def test_processes_that_wait_print_the_whole_run_and_never_wait_for_each_other(
        setup, tmp_path):
    bench, store = setup
    gate = tmp_path / "gate"
    holder = _start(tmp_path, bench, store, gate=gate)
    try:
        _until((tmp_path / "started").exists, "the holder's first answer")
        waiters = [_start(tmp_path, bench, store, "--join", "--wait") for _ in range(2)]
        with sqlite3.connect(store) as db:  # the waiters have answered their 24 and stay
            _until(lambda: db.execute("SELECT COUNT(*) FROM items").fetchone()[0] >= 24,
                   "the waiters' shares")
            _until(lambda: db.execute("SELECT SUM(waiting) FROM leases").fetchone()[0] == 2,
                   "both waiters waiting")
        assert all(w.poll() is None for w in waiters)
    finally:
        gate.touch()
    outputs = [p.communicate(timeout=120) for p in (holder, *waiters)]
    assert [p.returncode for p in (holder, *waiters)] == [0, 0, 0], outputs
    # the holder left last of those working: the waiters add nothing, so its report is
    # whole; the waiters print the whole run too, and do not wait for one another
    own = [int(out.split(" answered")[0].rsplit(" ", 1)[1]) for out, _ in outputs]
    assert own[0] == 16 and sum(own) == 40
    for out, _ in outputs:
        assert "shared, not finished" not in out
        assert "40 of 40 items stored (40 answered, 0 failed)" in out and "over 40 items" in out
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT finished IS NOT NULL FROM runs").fetchall() == [(1,)]


@pytest.mark.slow
def test_the_last_process_answers_what_a_killed_one_left_and_finishes_the_run(setup, tmp_path):
    bench, store = setup
    gate = tmp_path / "gate"
    doomed = _start(tmp_path, bench, store, gate=tmp_path / "never")
    try:
        _until((tmp_path / "started").exists, "the first holder's first answer")
        last = _start(tmp_path, bench, store, "--join", gate=gate, started="started2")
        _until((tmp_path / "started2").exists, "the second holder's first answer")
        doomed.kill()  # kill -9 while it holds 16 items: nothing of it is stored
        doomed.wait()
    finally:
        gate.touch()
    out, err = last.communicate(timeout=120)
    assert last.returncode == 0, (out, err)
    # its own 24, then the 16 the dead one held, freed once its process was gone
    assert "(new)" not in out and "40 answered, 0 from cache, 0 already done, 0 errors" in out
    assert "40 of 40 items stored (40 answered, 0 failed)" in out and "over 40 items" in out
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT finished IS NOT NULL FROM runs").fetchall() == [(1,)]
        assert db.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0


@pytest.mark.slow
def test_a_waiter_gives_up_at_its_wait_limit_naming_the_stuck_holder(setup, tmp_path):
    """The holder is stuck (alive, heartbeat fresh, answering nothing): without a limit the
    waiter would stay for ever; with --wait-limit 2s it leaves 2 s after its share, says
    what is unfinished, who holds it and how to go on, and exits 1. The stuck holder, once
    it moves again, is the last to leave and finishes the run."""
    bench, store = setup
    gate = tmp_path / "gate"
    holder = _start(tmp_path, bench, store, gate=gate)  # claims its first 16, then blocks
    try:
        _until((tmp_path / "started").exists, "the holder's first answer")
        began = time.monotonic()
        waiter = _start(tmp_path, bench, store, "--join", "--wait", "--wait-limit", "2s")
        with sqlite3.connect(store) as db:
            _until(lambda: db.execute("SELECT SUM(waiting) FROM leases").fetchone()[0] == 1,
                   "the waiter waiting")
            waiting_from = time.monotonic()
            out, err = waiter.communicate(timeout=120)
            gave_up = time.monotonic()
            assert holder.poll() is None  # still stuck: the waiter did not wait for it
            assert db.execute("SELECT COUNT(*) FROM items").fetchone()[0] == 24
            assert db.execute("SELECT finished FROM runs").fetchall() == [(None,)]
            assert db.execute("SELECT pid FROM leases").fetchall() == [(holder.pid,)]
    finally:
        gate.touch()
    last = holder.communicate(timeout=120)
    assert waiter.returncode == 1, (out, err)
    assert gave_up - waiting_from >= 1.5 and gave_up - began < 30
    lines = out.splitlines()
    assert "(shared, not finished) — this process: 24 answered" in lines[0]
    assert "the run so far: 24 of 40 items stored" in lines[0]
    assert f"still held by process {holder.pid} on {HOST} (16 items held" in lines[1]
    assert lines[2].startswith("  no accuracy yet: waited 2s for them (--wait-limit);")
    assert "accuracy " not in out.replace("no accuracy yet", "")
    (error,) = err.splitlines()
    assert error == (
        "graphgauge: error: python:gatedmodel:answer: gave up waiting after 2s (--wait-limit): "
        f"16 of 40 items are not stored yet, still held by process {holder.pid} on {HOST}; "
        "the run is not finished. If a holder is stuck, stop it, then run the same command "
        "again to answer what it held")
    assert holder.returncode == 0, last
    assert "40 of 40 items stored (40 answered, 0 failed)" in last[0]
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT finished IS NOT NULL FROM runs").fetchall() == [(1,)]


class _GatedReference(ReferenceModel):
    """The reference model, one item per request (so a claim chunk is 16 items), answering
    only once ``go`` is set; it counts how often it is prepared."""

    batch_size = 1

    def __init__(self, go: threading.Event):
        super().__init__()
        self.go, self.prepared = go, 0

    def prepare(self, instances) -> None:
        self.prepared += 1

    async def respond(self, requests):
        await asyncio.to_thread(self.go.wait, 60)
        return await super().respond(requests)


def test_of_two_processes_finishing_at_once_the_last_finishes_what_a_dead_one_left(
        items, tmp_path, monkeypatch):
    """A holder dies with 16 items; two processes sharing the run finish their own shares
    at the same moment, and each is slow to leave (0.5 s between its last look and its
    release, where deciding and leaving were two steps, both saw the other still there and
    both left, the dead holder's items unanswered). Exactly one leaves; the other, the
    last, answers the 16 (its model prepared once for both passes) and finishes the run."""
    release = Store.release

    def slow_release(self, lease):
        time.sleep(0.5)
        return release(self, lease)

    monkeypatch.setattr(Store, "release", slow_release)
    go = threading.Event()
    options = RunOptions(join=True)
    models = [_GatedReference(go), _GatedReference(go)]
    run_id = run_id_for(models[0], options, benchmark_digest(items))
    path = tmp_path / "s.db"
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    found = {}
    try:
        with Store(path) as db:
            db.begin_run(run_id, "reference", {})
            lease = _add_writer(db, run_id, holder.pid)
            db.claim(lease, [(inst.id, "edge_list", "original", 0) for inst in items[:16]])

        def share(i):
            with Store(path) as db:
                found[i] = run_benchmark(items, models[i], db, options, progress=False)

        threads = [threading.Thread(target=share, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        with Store(path, write=False) as db:  # both have claimed their chunk (16 and 8)
            _until(lambda: db.db.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 40,
                   "both claims")
    finally:
        holder.kill()
        holder.wait()
        go.set()
    for thread in threads:
        thread.join(timeout=60)
    left, last = sorted(found.values(), key=lambda r: r.missing == 0)
    assert (left.partial, last.partial) == (True, False)
    assert last.missing == 0 and last.writers == [] and left.missing > 0
    assert left.answered + last.answered == 40  # the dead one's 16 answered once
    assert last.answered - 16 in (8, 16) and left.answered in (8, 16)
    assert [m.prepared for m in models] == [1, 1]
    with Store(path, write=False) as db:
        assert db.item_counts(run_id) == (40, 0)
        assert db.runs()[0]["finished"] is not None
        assert db.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _add_writer(db: Store, run_id: str, pid: int, heartbeat: float | None = None) -> Lease:
    lease = Lease(run_id, f"{pid}@{HOST}#test")
    now = time.time()
    db.db.execute("INSERT INTO leases (run_id, holder, pid, host, started, heartbeat) "
                  "VALUES (?, ?, ?, ?, ?, ?)",
                  (run_id, lease.holder, pid, HOST, now, heartbeat or now))
    return lease


def test_writers_are_the_live_holders_with_the_items_they_still_hold(tmp_path):
    keys = [("i1", "e", "v", 0), ("i2", "e", "v", 0), ("i3", "e", "v", 0)]
    with Store(tmp_path / "s.db") as db:
        db.begin_run("r", "m", {})
        mine = db.take_lease("r", join=True)
        alive = _add_writer(db, "r", os.getppid())  # a live process on this host
        db.claim(alive, keys[:2])
        dead = _add_writer(db, "r", _dead_pid())
        db.claim(dead, keys[2:])
        stale = _add_writer(db, "r", os.getppid() + 10**6, heartbeat=time.time() - 3600)
        db.db.execute("UPDATE leases SET host = 'elsewhere' WHERE holder = ?", (stale.holder,))
        # an item the live one answered is no longer held
        db.db.execute("INSERT INTO items (run_id, instance_id, encoding, variant, repeat, suite, "
                      "task, prompt, created) VALUES ('r', 'i1', 'e', 'v', 0, 's', 't', 'p', 0)")
        # one that failed is still held: its holder may retry it
        db.db.execute("INSERT INTO items (run_id, instance_id, encoding, variant, repeat, suite, "
                      "task, prompt, created, error) VALUES ('r', 'i2', 'e', 'v', 0, 's', 't', "
                      "'p', 0, 'HTTP 503')")
        (other,) = db.writers("r", besides=mine)
        assert (other.pid, other.host, other.held) == (os.getppid(), HOST, 1)
        assert other.heartbeat_age < 5
        assert describe_writers([other]) == (
            f"process {os.getppid()} on {HOST} (1 item held, heartbeat 0 s ago)")
        db.set_waiting(alive, True)
        (other,) = db.writers("r", besides=mine)
        assert other.waiting and describe_writers([other]).endswith(", waiting for the others)")
        assert len(db.writers("r")) == 2  # without ``besides``: this process too
        # left out, but kept until dropped: a read-only reader changes nothing
        assert db.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 4
        db.writers("r", besides=mine, drop_abandoned=True)
        assert db.db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 2
        # the dead one's item is free again
        assert db.claim(mine, keys[2:]) == keys[2:]
        assert [w.pid for w in db.release(mine)] == [os.getppid()]
        assert db.release(alive) == []


def test_writers_of_a_store_without_leases_are_none(tmp_path):
    path = tmp_path / "old.db"
    with Store(path) as db:
        db.db.execute("DROP TABLE leases")
    with Store(path, write=False) as db:
        assert db.writers("r") == []


def test_a_store_from_before_wait_is_read_as_is_and_gains_the_column_when_written(tmp_path):
    path = tmp_path / "old.db"
    with Store(path) as db:
        db.db.execute("ALTER TABLE leases DROP COLUMN waiting")
        _add_writer(db, "r", os.getppid())
    with Store(path, write=False) as db:  # read-only: nothing changes, the writer is seen
        assert [(w.pid, w.waiting) for w in db.writers("r")] == [(os.getppid(), False)]
    with sqlite3.connect(path) as raw:
        assert "waiting" not in {row[1] for row in raw.execute("PRAGMA table_info(leases)")}
    with Store(path) as db:
        lease = db.take_lease("r", join=True)
        db.set_waiting(lease, True)
        assert [w.waiting for w in db.writers("r")] == [False, True]


def test_a_waiting_process_takes_over_what_a_dead_holder_left(items, tmp_path, monkeypatch):
    """The other process holds 3 items, then dies: the waiter, left alone, answers them
    (its model prepared once for both passes), so the run it returns is whole and stamped
    finished."""
    monkeypatch.setattr(runner, "WAIT_POLL_SECONDS", 0.05)
    go = threading.Event()
    go.set()
    model, options = _GatedReference(go), RunOptions(join=True, wait=True)
    run_id = run_id_for(model, options, benchmark_digest(items))
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    path = tmp_path / "s.db"
    try:
        with Store(path) as db:
            db.begin_run(run_id, model.name, {})
            lease = _add_writer(db, run_id, other.pid)
            db.claim(lease, [(inst.id, "edge_list", "original", 0) for inst in items[:3]])
        found = {}

        def wait_in_thread():
            with Store(path) as db:
                found["result"] = run_benchmark(items, model, db, options, progress=False)

        thread = threading.Thread(target=wait_in_thread)
        thread.start()
        with Store(path, write=False) as db:
            _until(lambda: db.item_counts(run_id)[0] == len(items) - 3, "the waiter's share")
        time.sleep(0.2)
        assert thread.is_alive()  # it waits for the holder
    finally:
        other.kill()
        other.wait()
    thread.join(timeout=60)
    result = found["result"]
    assert not result.partial and result.writers == []
    assert result.answered == len(items) and result.skipped == 0
    assert (result.run_answered, result.run_failed, result.missing) == (len(items), 0, 0)
    assert model.prepared == 1
    with Store(path) as db:
        assert db.runs()[0]["finished"] is not None


def test_a_lone_run_counts_the_whole_run_without_asking_the_store(items, tmp_path):
    """Nothing taken elsewhere: the run's counts are this process's own, and equal the
    store's (a resume that retries failed items, and finds the rest answered)."""
    with Store(tmp_path / "s.db") as db:
        first = run_benchmark(items[:12], load_model("reference"), db, RunOptions(),
                              progress=False)
        db.db.execute("UPDATE items SET error = 'HTTP 503', response = NULL "
                      "WHERE rowid IN (SELECT rowid FROM items LIMIT 3)")
        again = run_benchmark(items[:12], load_model("reference"), db, RunOptions(),
                              progress=False)
        assert (first.run_answered, first.run_failed) == (12, 0) == db.item_counts(first.run_id)
        assert (again.skipped, again.answered, again.taken_elsewhere) == (9, 3, 0)
        assert (again.run_answered, again.run_failed, again.partial) == (12, 0, False)


def test_a_process_that_joined_and_holds_nothing_leaves_the_report_whole(items, tmp_path):
    """Another live process that holds no item (it joined after everything was taken)
    changes nothing: the run's report is whole, though the run is not stamped finished
    until that process leaves too."""
    model = load_model("reference")
    run_id = run_id_for(model, RunOptions(), benchmark_digest(items[:12]))
    with Store(tmp_path / "s.db") as db:
        db.begin_run(run_id, model.name, {})
        late = _add_writer(db, run_id, os.getppid())
        result = run_benchmark(items[:12], model, db, RunOptions(join=True), progress=False)
        assert [w.held for w in result.writers] == [0] and not result.partial
        assert db.runs()[0]["finished"] is None
        db.claim(late, [(items[0].id, "edge_list", "original", 0)])  # answered: not taken
        assert [w.held for w in db.writers(run_id)] == [0]


def test_a_process_leaves_only_while_another_works_and_a_left_lease_stays_gone(tmp_path):
    """``leave_unless_last``: with another live, working writer it leaves (and names it);
    the other, then alone, stays; a waiter does not count as working; a dead holder is
    dropped and its items freed. A heartbeat after leaving does not bring the lease back."""
    keys = [("i1", "e", "v", 0), ("i2", "e", "v", 0)]
    with Store(tmp_path / "s.db") as a, Store(tmp_path / "s.db") as b:
        a.begin_run("r", "m", {})
        first, second = a.take_lease("r"), b.take_lease("r", join=True)
        dead = _add_writer(a, "r", _dead_pid())
        a.claim(dead, keys)
        assert [w.held for w in a.leave_unless_last(first)] == [0]  # second, alive
        a.heartbeat(first)  # a beat racing the release
        assert b.leave_unless_last(second) is None  # the last: it stays, and finishes
        assert [w.pid for w in b.writers("r")] == [os.getpid()]  # the dead one is dropped
        assert b.claim(second, keys) == keys
        waiter = a.take_lease("r", join=True)
        a.set_waiting(waiter, True)
        assert b.leave_unless_last(second) is None  # a waiter adds nothing: still last
        assert a.leave_unless_last(waiter)[0].held == 2  # the waiter may leave to it
        assert b.release(second) == []
