"""Who is writing a run right now: leases (one per process, kept alive by a heartbeat) and
claims (the items each has taken), so that one process writes a run, or several that split
its items (``--join``) and know, when they leave, who still holds the rest.

``Leases`` is a part of ``Store``: its methods use the store's connection and lock.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from graphgauge.errors import UserError

# Who is writing a run right now, and which of its items each writer has taken. A lease is
# kept alive by a heartbeat; claims live exactly as long as their holder's lease.
LEASE_SCHEMA = """
CREATE TABLE IF NOT EXISTS leases (
    run_id TEXT NOT NULL,
    holder TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    started REAL NOT NULL,
    heartbeat REAL NOT NULL,
    waiting INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, holder)
);
CREATE TABLE IF NOT EXISTS claims (
    run_id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    encoding TEXT NOT NULL,
    variant TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    holder TEXT NOT NULL,
    chunk INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, instance_id, encoding, variant, repeat)
);
"""
# A lease whose heartbeat is older than this is abandoned (it is renewed every 5 s).
STALE_AFTER = 60.0


@dataclass(frozen=True)
class Lease:
    run_id: str
    holder: str


@dataclass(frozen=True)
class Writer:
    """Another live process writing a run: what a process leaving a shared run (``--join``)
    names so that its reader knows whose items the run still waits for."""

    pid: int
    host: str
    heartbeat_age: float  # seconds since its last heartbeat
    held: int  # items it has claimed and not yet answered (a failed one it may retry)
    waiting: bool = False  # done with its share, it waits for the others (--wait)


class RunBusy(UserError):
    """Another live process holds the run (and this one did not ask to join it)."""


class Leases:
    """The lease methods of ``Store`` (one writer per run, or several that split its items).
    They run on the store's connection, inside its ``transaction``."""

    db: sqlite3.Connection
    _chunks: dict[str, int]  # the last claim chunk of each lease's holder
    _left: set[str]  # holders of the leases this process has given up (never taken back)

    def take_lease(self, run_id: str, join: bool = False) -> Lease:
        """Become a writer of ``run_id``. Abandoned leases (a dead process on this host, or
        no heartbeat for ``STALE_AFTER`` seconds) are removed with their claims first; a
        live one makes this raise ``RunBusy`` unless ``join``."""
        host, pid, now = socket.gethostname(), os.getpid(), time.time()
        lease = Lease(run_id, f"{pid}@{host}#{uuid.uuid4().hex[:8]}")
        with self.transaction(immediate=True):
            live = []
            for holder, other_pid, other_host, beat in self.db.execute(
                "SELECT holder, pid, host, heartbeat FROM leases WHERE run_id = ?", (run_id,)
            ).fetchall():
                if _abandoned(other_pid, other_host, beat, now, host):
                    self._drop_lease(Lease(run_id, holder))
                else:
                    live.append((other_pid, other_host, now - beat))
            if live and not join:
                other_pid, other_host, age = live[0]
                raise RunBusy(
                    f"run {run_id} is being written by process {other_pid} on {other_host} "
                    f"(heartbeat {age:.0f} s ago); wait for it, or add --join to share the "
                    "items nobody holds"
                )
            self.db.execute(
                "INSERT INTO leases (run_id, holder, pid, host, started, heartbeat) "
                "VALUES (?, ?, ?, ?, ?, ?)", (run_id, lease.holder, pid, host, now, now),
            )
        return lease

    def heartbeat(self, lease: Lease) -> None:
        """Show the lease is alive; a lease another process took over is taken back (its
        claims are gone, but answered rows are never overwritten)."""
        with self.transaction():
            self._beat(lease)

    def _beat(self, lease: Lease) -> None:
        if lease.holder in self._left:  # a last beat racing the release: stay gone
            return
        cur = self.db.execute("UPDATE leases SET heartbeat = ? WHERE run_id = ? AND holder = ?",
                              (time.time(), lease.run_id, lease.holder))
        if cur.rowcount == 0:
            pid, host = lease.holder.split("#")[0].split("@", 1)
            self.db.execute(
                "INSERT OR REPLACE INTO leases (run_id, holder, pid, host, started, heartbeat) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (lease.run_id, lease.holder, int(pid), host, time.time(), time.time()),
            )

    def claim(self, lease: Lease, keys: Sequence[tuple[str, str, str, int]]) -> list[tuple]:
        """Take the items in ``keys`` that nobody holds and nobody has answered; returns
        those taken, in order.

        When every key was inserted (the common case: one process, nothing answered) the
        insert count says so and nothing is read back; only a partial claim reads its chunk
        back. A lease's chunks are numbered in memory after its first claim, since only
        its own process writes them."""
        run, holder = lease.run_id, lease.holder
        with self.transaction(immediate=True):
            chunk = self._chunks.get(holder)
            if chunk is None:
                (chunk,) = self.db.execute(
                    "SELECT COALESCE(MAX(chunk), 0) FROM claims WHERE run_id = ? AND holder = ?",
                    (run, holder)).fetchone()
            chunk += 1
            self._chunks[holder] = chunk
            taken = self.db.executemany(
                _CLAIM, [(run, *key, holder, chunk, run, *key) for key in keys]).rowcount
            if taken == len(keys):
                return list(keys)
            mine = {tuple(row) for row in self.db.execute(
                "SELECT instance_id, encoding, variant, repeat FROM claims "
                "WHERE run_id = ? AND holder = ? AND chunk = ?", (run, holder, chunk))}
        return [key for key in keys if key in mine]

    def release(self, lease: Lease) -> list[Writer]:
        """Leave the run; returns the other live writers still holding it (``--join``), so
        that only the last one to leave stamps the run finished. Abandoned leases are
        dropped first, with their claims: a process that died holding items does not keep
        the run open for ever."""
        with self.transaction(immediate=True):
            self._leave(lease)
            return self._writers(lease.run_id, None, drop_abandoned=True)

    def leave_unless_last(self, lease: Lease) -> list[Writer] | None:
        """Leave the run if another live process is still working on it (holding its lease
        and not waiting): returns the live writers, this lease gone. Otherwise keep the
        lease and return None: this process is the last, and finishes the run (answers
        what a dead process left). One write transaction decides and leaves, so of two
        processes finishing at once exactly one sees the other gone and stays, instead of
        both seeing the other and leaving with a dead holder's items unanswered."""
        with self.transaction(immediate=True):
            others = self._writers(lease.run_id, lease, drop_abandoned=True)
            if not any(not w.waiting for w in others):
                return None
            self._leave(lease)
            return others

    def set_waiting(self, lease: Lease, waiting: bool) -> None:
        """Mark the lease as done with its share and waiting for the others (or working
        again): others do not wait for a waiter, so two waiters never wait for each other."""
        with self.transaction():
            self.db.execute("UPDATE leases SET waiting = ? WHERE run_id = ? AND holder = ?",
                            (int(waiting), lease.run_id, lease.holder))

    def writers(self, run_id: str, besides: Lease | None = None,
                drop_abandoned: bool = False) -> list[Writer]:
        """The live processes writing ``run_id`` (not ``besides``, the caller's own lease),
        each with the items it holds. ``drop_abandoned`` removes dead leases and frees
        their items for others (only a store opened for writing may); without it they
        are only left out. A store from before leases existed has no writers."""
        if drop_abandoned:
            with self.transaction(immediate=True):
                return self._writers(run_id, besides, drop_abandoned=True)
        try:
            return self._writers(run_id, besides, drop_abandoned=False)
        except sqlite3.OperationalError as exc:  # no leases table (an old store)
            if "no such table" not in str(exc):
                raise
            return []

    def _writers(self, run_id: str, besides: Lease | None,
                 drop_abandoned: bool) -> list[Writer]:
        now, here = time.time(), socket.gethostname()
        # a store opened read-only may come from before --wait
        waiting = "l.waiting" if has_column(self.db, "leases", "waiting") else "0"
        rows = self.db.execute(
            f"SELECT l.holder, l.pid, l.host, l.heartbeat, {waiting}, COUNT(c.holder) "
            "FROM leases l LEFT JOIN claims c ON c.run_id = l.run_id AND c.holder = l.holder "
            "AND NOT EXISTS (SELECT 1 FROM items i WHERE i.run_id = c.run_id AND "
            "i.instance_id = c.instance_id AND i.encoding = c.encoding AND i.variant = "
            "c.variant AND i.repeat = c.repeat AND i.error IS NULL) "
            "WHERE l.run_id = ? AND l.holder != ? GROUP BY l.holder ORDER BY l.started",
            (run_id, besides.holder if besides else "")).fetchall()
        live = []
        for holder, pid, host, beat, wait, held in rows:
            if _abandoned(pid, host, beat, now, here):
                if drop_abandoned:
                    self._drop_lease(Lease(run_id, holder))
                continue
            live.append(Writer(pid, host, max(0.0, now - beat), held, bool(wait)))
        return live

    def _leave(self, lease: Lease) -> None:
        self._left.add(lease.holder)
        self._drop_lease(lease)

    def _drop_lease(self, lease: Lease) -> None:
        self.db.execute("DELETE FROM claims WHERE run_id = ? AND holder = ?",
                        (lease.run_id, lease.holder))
        self.db.execute("DELETE FROM leases WHERE run_id = ? AND holder = ?",
                        (lease.run_id, lease.holder))


_CLAIM = (
    "INSERT OR IGNORE INTO claims (run_id, instance_id, encoding, variant, repeat, holder, "
    "chunk) SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM items WHERE run_id = ? AND "
    "instance_id = ? AND encoding = ? AND variant = ? AND repeat = ? AND error IS NULL)"
)


def has_column(db: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in db.execute(f"PRAGMA table_info({table})"))


def _abandoned(pid: int, host: str, heartbeat: float, now: float, this_host: str) -> bool:
    """A lease is abandoned when its heartbeat is old (its process is gone or stuck), or at
    once when it comes from this host and its process no longer exists."""
    if now - heartbeat > STALE_AFTER:
        return True
    if host != this_host or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, owned by someone else
        return False
    return False
