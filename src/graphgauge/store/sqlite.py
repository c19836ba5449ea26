"""The run store: one SQLite file with runs and per-item results.

The response cache is the items table itself: an answered item keeps the hash of (model,
parameters, prompt, seed) that produced it, so a response is stored once and a new run
finds it by that key.

WAL mode with ``synchronous=NORMAL``: a commit reaches the write-ahead log before the call
returns, so a killed process loses at most the requests still in flight, and readers
(a report while a run goes on) never block the writer. Results are committed as they
arrive, one transaction per answered batch.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import starmap
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError
from graphgauge.store.leases import LEASE_SCHEMA, Leases, has_column
from graphgauge.store.records import ITEM_COLUMNS, ItemRecord, select_list

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    manifest TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS items (
    run_id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    encoding TEXT NOT NULL,
    variant TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    suite TEXT NOT NULL,
    task TEXT NOT NULL,
    difficulty TEXT,
    prompt TEXT,
    response TEXT,
    parsed TEXT,
    parse_ok INTEGER,
    scores TEXT,
    accuracy REAL,
    gold TEXT,
    meta TEXT,
    latency REAL,
    tokens_in INTEGER,
    tokens_out INTEGER,
    error TEXT,
    cached INTEGER NOT NULL DEFAULT 0,
    cache_key TEXT,
    created REAL NOT NULL,
    parsed_by TEXT,
    PRIMARY KEY (run_id, instance_id, encoding, variant, repeat)
);
CREATE INDEX IF NOT EXISTS items_task ON items (run_id, suite, task);
-- The response cache: scored answers by cache key (see CACHED). Its keys are random
-- hashes, so rows entered as answers arrive would rewrite most of its pages at every
-- commit; entered when scored, they are written once, in the scoring pass's transaction.
CREATE INDEX IF NOT EXISTS items_cache_scored ON items (cache_key)
    WHERE cache_key IS NOT NULL AND parse_ok IS NOT NULL;
"""
# Indexes of earlier graphgauge versions that opening a store replaces: ``items_cache``
# held every answer's key from the moment it was committed.
REPLACED_INDEXES = ("items_cache",)

# The write-ahead log's size (4 KB pages, so 40 MB) before a checkpoint, while answers are
# arriving (see Store.checkpoints_deferred): a 5,000-request run needs none.
WAL_PAGES_WHILE_ANSWERING = 10_000




@dataclass
class CachedResponse:
    text: str
    latency: float | None
    tokens_in: int | None
    tokens_out: int | None


class Store(Leases):
    """A graphgauge results database. Open one per process. A run's commit thread shares
    the connection with the event loop: every transaction holds ``lock``."""

    def __init__(self, path: str | Path, *, write: bool = True):
        """Open (or, with ``write``, create) a store. Every check that can refuse the file
        runs before anything is written, so a refused file is left byte for byte as it was.
        ``write=False`` is for commands that only report: it creates nothing, and reads a
        store that cannot be written (a read-only file or folder) through a read-only
        connection."""
        self.path = Path(path)
        if self.path.is_dir():
            raise UserError(f"store path is a directory, not a database file: {self.path}")
        if not self.path.parent.exists():
            raise UserError(f"folder for the store does not exist: {self.path.parent}")
        if write:
            _check_writable(self.path)
        try:
            self.db = _connect(self.path, write)
            self.lock = threading.RLock()
            self._chunks: dict[str, int] = {}  # the last claim chunk of each lease's holder
            self._left: set[str] = set()  # leases this process gave up
            # First, so that a second process creating or migrating the same store waits
            # for the first one instead of failing at once with "database is locked".
            self.db.execute("PRAGMA busy_timeout=10000")
            _check_ours(self.db, self.path)
            if write:
                _use_wal(self.db)
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.executescript(SCHEMA)
                self.db.executescript(LEASE_SCHEMA)
                for index in REPLACED_INDEXES:
                    self.db.execute(f"DROP INDEX IF EXISTS {index}")
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(items)")}
            if columns and "meta" not in columns:  # stores from before items kept meta
                _add_column(self.db, "meta TEXT")
            if columns and "parsed_by" not in columns:  # stores before answers kept their path
                _add_column(self.db, "parsed_by TEXT")
            if write and not has_column(self.db, "leases", "waiting"):  # before --wait
                _add_column(self.db, "waiting INTEGER NOT NULL DEFAULT 0", table="leases")
        except sqlite3.DatabaseError as exc:
            raise UserError(f"{self.path} is not a graphgauge store: not an SQLite database "
                            f"or damaged ({exc})") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- runs -------------------------------------------------------------------------
    def begin_run(self, run_id: str, model: str, manifest: dict[str, Any]) -> bool:
        """Record a run; returns False when the run already exists (a resume)."""
        cur = self.db.execute(
            "INSERT OR IGNORE INTO runs (id, model, created, manifest) VALUES (?, ?, ?, ?)",
            (run_id, model, time.time(), json.dumps(manifest, sort_keys=True)),
        )
        return cur.rowcount == 1

    def finish_run(self, run_id: str, manifest_updates: dict[str, Any]) -> None:
        manifest = self.manifest(run_id)
        manifest.update(manifest_updates)
        self.db.execute(
            "UPDATE runs SET finished = ?, manifest = ? WHERE id = ?",
            (time.time(), json.dumps(manifest, sort_keys=True), run_id),
        )

    def manifest(self, run_id: str) -> dict[str, Any]:
        row = self.db.execute("SELECT manifest FROM runs WHERE id = ?", (run_id,)).fetchone()
        if row is None:
            raise UserError(f"no run {run_id!r} in {self.path}")
        return json.loads(row[0])

    def runs(self) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT id, model, created, finished FROM runs ORDER BY created, id"
        ).fetchall()
        return [dict(zip(("id", "model", "created", "finished"), r, strict=True)) for r in rows]

    def run_stats(self) -> dict[str, dict[str, Any]]:
        """Per run: items, errors, unparsed, mean accuracy, tokens — one SQL pass."""
        rows = self.db.execute(
            "SELECT run_id, COUNT(*), SUM(error IS NOT NULL), "
            "SUM(error IS NULL AND parse_ok = 0), AVG(CASE WHEN error IS NULL THEN accuracy END),"
            " SUM(tokens_in), SUM(tokens_out), SUM(cached) FROM items GROUP BY run_id"
        )
        keys = ("items", "errors", "unparsed", "accuracy", "tokens_in", "tokens_out", "cached")
        return {row[0]: dict(zip(keys, row[1:], strict=True)) for row in rows}

    def resolve_run(self, prefix: str) -> str:
        """A full run id from a unique prefix, as people type them."""
        matches = [r["id"] for r in self.runs() if r["id"].startswith(prefix)]
        if not matches:
            raise UserError(f"no run matching {prefix!r} in {self.path}")
        if len(matches) > 1:
            raise UserError(f"run prefix {prefix!r} is ambiguous: {', '.join(matches[:5])}")
        return matches[0]

    # --- items ------------------------------------------------------------------------
    def item_counts(self, run_id: str) -> tuple[int, int]:
        """(answered, failed) items of a run stored so far."""
        answered, failed = self.db.execute(
            "SELECT COALESCE(SUM(error IS NULL), 0), COALESCE(SUM(error IS NOT NULL), 0) "
            "FROM items WHERE run_id = ?", (run_id,)).fetchone()
        return answered, failed

    def done_keys(self, run_id: str, failed_too: bool = False) -> set[tuple[str, str, str, int]]:
        """Items of a run already answered without error (errors are retried on resume);
        ``failed_too``: every item stored, failed or not."""
        rows = self.db.execute(
            "SELECT instance_id, encoding, variant, repeat FROM items WHERE run_id = ?"
            + ("" if failed_too else " AND error IS NULL"),
            (run_id,),
        )
        return {tuple(r) for r in rows}

    def write_items(self, rows: Iterable[ItemRecord], scores: Sequence[tuple] = ()) -> None:
        """Commit item records, and ``scores`` for rows stored earlier (see
        ``update_scores``), in one transaction. A record replaces an earlier one only when
        that one is an error: an answer, once stored, is never overwritten (two writers, a
        retry that failed after another process succeeded)."""
        values = [row.values() for row in rows]
        with self.transaction():
            self.db.executemany(_GUARDED_INSERT, values)
            if scores:
                self.db.executemany(_GUARDED_SCORE, scores)

    def unscored(self, run_id: str) -> list[tuple[str, str, str, int, str]]:
        """Answered items of a run not yet parsed and scored: their keys and response."""
        return self.db.execute(
            "SELECT instance_id, encoding, variant, repeat, response FROM items "
            "WHERE run_id = ? AND error IS NULL AND parse_ok IS NULL",
            (run_id,),
        ).fetchall()

    def update_scores(self, updates: list[tuple]) -> None:
        """(parsed, parse_ok, scores, accuracy, parsed_by, run, instance, encoding, variant,
        repeat, response): a score lands only on the row still holding the response it was read
        from, so a score never sits beside a different answer."""
        if updates:
            with self.transaction():
                self.db.executemany(_GUARDED_SCORE, updates)

    # --- reading paths and rescoring --------------------------------------------------
    def annotate_run(self, run_id: str, updates: dict[str, Any]) -> None:
        """Add keys to a run's manifest (what read its answers) without touching its
        times."""
        manifest = {**self.manifest(run_id), **updates}
        self.db.execute("UPDATE runs SET manifest = ? WHERE id = ?",
                        (json.dumps(manifest, sort_keys=True), run_id))

    def unread(self, run_id: str) -> list[tuple[str, str, str, int, str, str, str]]:
        """Scored answers of a run that no path could read: keys, prompt, response and
        what ``parsed`` says about them."""
        return self.db.execute(
            "SELECT instance_id, encoding, variant, repeat, prompt, response, parsed "
            "FROM items WHERE run_id = ? AND error IS NULL AND parse_ok = 0",
            (run_id,),
        ).fetchall()

    def clear_scores(self, run_id: str) -> int:
        """Forget a run's readings and scores so that the next scoring pass reads every
        answer again; returns how many answers wait for it."""
        cur = self.db.execute(
            "UPDATE items SET parsed = NULL, parse_ok = NULL, scores = NULL, accuracy = NULL,"
            " parsed_by = NULL WHERE run_id = ? AND error IS NULL", (run_id,))
        return cur.rowcount

    def errors(self, run_id: str) -> list[str]:
        """The error of every failed item of a run."""
        rows = self.db.execute(
            "SELECT error FROM items WHERE run_id = ? AND error IS NOT NULL", (run_id,)
        )
        return [r[0] for r in rows]

    def items(
        self, run_ids: Iterable[str] | None = None, columns: Sequence[str] = ITEM_COLUMNS
    ) -> Iterator[ItemRecord]:
        """The items of ``run_ids`` (None: all) as ``ItemRecord``s, ordered by run, suite,
        task and item. Only the key columns and ``columns`` are read (prompts and responses
        are most of a row); the other fields keep their defaults."""
        unknown = set(columns) - set(ITEM_COLUMNS)
        if unknown:
            raise ValueError(f"unknown item columns: {sorted(unknown)}")
        query = f"SELECT {select_list(columns)} FROM items"
        args: tuple = ()
        if run_ids is not None:
            run_ids = list(run_ids)
            query += f" WHERE run_id IN ({', '.join('?' for _ in run_ids)})"
            args = tuple(run_ids)
        query += " ORDER BY run_id, suite, task, instance_id, encoding, variant, repeat"
        yield from starmap(ItemRecord, self.db.execute(query, args))

    def records(self, run_ids: Iterable[str] | None = None) -> Iterator[ItemRecord]:
        """Every column of the items of ``run_ids`` (None: all), in the order of ``items``."""
        return self.items(run_ids)

    # --- cache ------------------------------------------------------------------------
    def cached(self, keys: Iterable[str]) -> dict[str, CachedResponse]:
        """Earlier answers (from any run) for these cache keys: the scored ones, those the
        cache index holds. An answer is scored in the run that received it (a killed run's
        when it is resumed), so only a run stopped between its answers and their scoring
        leaves answers the cache does not offer until then."""
        out: dict[str, CachedResponse] = {}
        keys = list(keys)
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            rows = self.db.execute(
                "SELECT cache_key, response, latency, tokens_in, tokens_out FROM items "
                "WHERE cache_key IN "
                f"({', '.join('?' for _ in chunk)}) AND parse_ok IS NOT NULL AND error IS NULL",
                chunk,
            )
            for key, text, latency, t_in, t_out in rows:
                out[key] = CachedResponse(text, latency, t_in, t_out)
        return out

    @contextmanager
    def checkpoints_deferred(self, pages: int = WAL_PAGES_WHILE_ANSWERING):
        """Let the write-ahead log grow to ``pages`` before SQLite copies it into the
        database (a checkpoint), instead of its default 1,000, until the block ends; the
        first commit after it checkpoints as usual.

        For a run's request phase: a checkpoint runs inside a commit, holding the store's
        lock, and took up to 0.3 s beside other work; a claim queued behind it held up
        every request (0.3-0.5 s of 5,000 requests' 3 s). Fewer, later checkpoints also
        copy each often-rewritten index page fewer times."""
        with self.lock:
            (before,) = self.db.execute("PRAGMA wal_autocheckpoint").fetchone()
            self.db.execute(f"PRAGMA wal_autocheckpoint={int(pages)}")
        try:
            yield
        finally:
            with self.lock:
                self.db.execute(f"PRAGMA wal_autocheckpoint={int(before)}")

    def transaction(self, immediate: bool = False):
        return _Transaction(self.db, self.lock, immediate)

_ITEM_KEY = ("run_id", "instance_id", "encoding", "variant", "repeat")
_GUARDED_INSERT = (
    f"INSERT INTO items ({', '.join(ITEM_COLUMNS)}) "
    # a row without "cached" is a fresh answer, as the column's default says
    f"VALUES ({', '.join('COALESCE(?, 0)' if c == 'cached' else '?' for c in ITEM_COLUMNS)}) "
    f"ON CONFLICT ({', '.join(_ITEM_KEY)}) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in ITEM_COLUMNS if c not in _ITEM_KEY)
    + " WHERE items.error IS NOT NULL"
)
_GUARDED_SCORE = (
    "UPDATE items SET parsed = ?, parse_ok = ?, scores = ?, accuracy = ?, parsed_by = ? "
    "WHERE run_id = ? AND instance_id = ? AND encoding = ? AND variant = ? AND repeat = ? "
    "AND error IS NULL AND response IS ?"
)
def _use_wal(db: sqlite3.Connection, patience: float = 10.0) -> None:
    """Switch a store to WAL. Switching takes the file exclusively and SQLite answers "database
    is locked" at once, without its busy timeout, while another process is opening the same
    new store: wait for it, as the busy timeout would."""
    deadline = time.monotonic() + patience
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _add_column(db: sqlite3.Connection, column: str, table: str = "items") -> None:
    """Add a column to a table; another process opening the same old store at the same
    moment may have added it first."""
    try:
        db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    except sqlite3.OperationalError as exc:
        if "duplicate column" not in str(exc):
            raise


def _check_writable(path: Path) -> None:
    """Refuse a store graphgauge could read but not write (it would fail at the first
    answer, after the run had begun); SQLite also writes ``-wal``/``-shm`` files beside it."""
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"store {path} is read-only: 'report' can read it, but this command "
                        "writes to it; copy it or give another --store")
    if not os.access(path.parent, os.W_OK):
        raise UserError(f"store {path}: folder {path.parent} is read-only; give another "
                        "--store")


def _connect(path: Path, write: bool) -> sqlite3.Connection:
    """A connection; for reading only, a read-only one when the store cannot be written
    (an ordinary connection that only reads changes nothing, and unlike a read-only one it
    removes the ``-wal``/``-shm`` files it made when it closes)."""
    if not write and not path.is_file():
        raise UserError(f"store not found: {path} (run 'graphgauge run' first)")
    _check_header(path)
    if write or (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        db.execute("SELECT 1 FROM sqlite_master").fetchall()
        return db
    except sqlite3.OperationalError:
        # A WAL store in a folder we cannot write has no -shm to coordinate through;
        # nobody can be writing to it either, so it is read as an immutable file.
        return sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None,
                               check_same_thread=False)


def _check_header(path: Path) -> None:
    """Refuse a file that is not an SQLite database, or one cut short, from its 100-byte
    header alone: SQLite would open it and leave ``-wal``/``-shm`` files beside it."""
    if not path.is_file() or path.stat().st_size == 0:
        return  # a new store
    with open(path, "rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        raise UserError(f"{path} is not a graphgauge store (not an SQLite database)")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if header[24:28] == header[92:96] and path.stat().st_size < pages * page_size:
        raise UserError(f"{path} is damaged: {path.stat().st_size} of its "
                        f"{pages * page_size} bytes are there; restore a copy or give "
                        "another --store")


# Tables graphgauge creates in a store: its own (above) and the taxonomy grid's cells.
OWN_TABLES = {*re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA), "taxonomy_cells"}
# Columns an older store may lack: opening it adds them.
MIGRATED_COLUMNS = {"meta", "parsed_by"}


def _required_columns() -> dict[str, set[str]]:
    """The columns of ``runs`` and ``items`` that graphgauge reads and writes, read from
    SCHEMA by SQLite itself, so a column added there is required (or migrated) at once."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        return {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                - MIGRATED_COLUMNS for table in ("runs", "items")}
    finally:
        db.close()


REQUIRED_COLUMNS = _required_columns()


def _check_ours(db: sqlite3.Connection, path: Path) -> None:
    """Refuse an SQLite database of another program before graphgauge adds tables to it:
    one with tables but none of graphgauge's, or a ``runs``/``items`` table of another
    shape."""
    tables = {name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if tables and not tables & OWN_TABLES:
        shown = ", ".join(sorted(tables)[:5])
        raise UserError(f"{path} is another program's SQLite database (tables: {shown}); "
                        "graphgauge leaves it untouched: give another --store")
    for table, needed in REQUIRED_COLUMNS.items():
        if table in tables:
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            if not needed <= columns:
                # Another program's table, or a graphgauge version with another layout:
                # either way, creating indexes or writing rows would fail half-way.
                lacks = ", ".join(sorted(needed - columns)[:5])
                raise UserError(f"{path}: its '{table}' table is not this graphgauge's "
                                f"(it lacks {lacks}); graphgauge leaves it untouched: give "
                                "another --store")


class _Transaction:
    def __init__(self, db: sqlite3.Connection, lock: threading.RLock, immediate: bool = False):
        self.db, self.lock = db, lock
        self.begin = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    def __enter__(self):
        self.lock.acquire()
        try:
            self.db.execute(self.begin)
        except BaseException:
            self.lock.release()
            raise

    def __exit__(self, exc_type, exc, tb):
        try:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self.lock.release()
