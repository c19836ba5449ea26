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
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError

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
    PRIMARY KEY (run_id, instance_id, encoding, variant, repeat)
);
CREATE INDEX IF NOT EXISTS items_task ON items (run_id, suite, task);
CREATE INDEX IF NOT EXISTS items_cache ON items (cache_key) WHERE cache_key IS NOT NULL;
"""

ITEM_COLUMNS = (
    "run_id", "instance_id", "encoding", "variant", "repeat", "suite", "task", "difficulty",
    "prompt", "response", "parsed", "parse_ok", "scores", "accuracy", "gold", "meta",
    "latency", "tokens_in", "tokens_out", "error", "cached", "cache_key", "created",
)


@dataclass
class CachedResponse:
    text: str
    latency: float | None
    tokens_in: int | None
    tokens_out: int | None


class Store:
    """A graphgauge results database. Open one per process; not shared across threads."""

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
            _check_ours(self.db, self.path)
            if write:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA busy_timeout=10000")
            if write:
                self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(items)")}
            if columns and "meta" not in columns:  # stores from before items kept meta
                self.db.execute("ALTER TABLE items ADD COLUMN meta TEXT")
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
    def done_keys(self, run_id: str) -> set[tuple[str, str, str, int]]:
        """Items of a run already answered without error (errors are retried on resume)."""
        rows = self.db.execute(
            "SELECT instance_id, encoding, variant, repeat FROM items "
            "WHERE run_id = ? AND error IS NULL",
            (run_id,),
        )
        return {tuple(r) for r in rows}

    def write_items(self, rows: Iterable[dict[str, Any]]) -> None:
        """Commit item rows in one transaction."""
        placeholders = ", ".join("?" for _ in ITEM_COLUMNS)
        values = [tuple(row.get(c) for c in ITEM_COLUMNS) for row in rows]
        with self.transaction():
            self.db.executemany(
                f"INSERT OR REPLACE INTO items ({', '.join(ITEM_COLUMNS)}) "
                f"VALUES ({placeholders})",
                values,
            )

    def unscored(self, run_id: str) -> list[tuple[str, str, str, int, str]]:
        """Answered items of a run not yet parsed and scored: their keys and response."""
        return self.db.execute(
            "SELECT instance_id, encoding, variant, repeat, response FROM items "
            "WHERE run_id = ? AND error IS NULL AND parse_ok IS NULL",
            (run_id,),
        ).fetchall()

    def update_scores(self, updates: list[tuple]) -> None:
        """(parsed, parse_ok, scores, accuracy, run, instance, encoding, variant, repeat)."""
        with self.transaction():
            self.db.executemany(
                "UPDATE items SET parsed = ?, parse_ok = ?, scores = ?, accuracy = ? "
                "WHERE run_id = ? AND instance_id = ? AND encoding = ? AND variant = ? "
                "AND repeat = ?",
                updates,
            )

    def items(
        self, run_ids: Iterable[str] | None = None, columns: Sequence[str] = ITEM_COLUMNS
    ) -> Iterator[dict[str, Any]]:
        """Item rows as dicts; ``columns`` narrows the read (prompts are most of a row)."""
        unknown = set(columns) - set(ITEM_COLUMNS)
        if unknown:
            raise ValueError(f"unknown item columns: {sorted(unknown)}")
        query = f"SELECT {', '.join(columns)} FROM items"
        args: tuple = ()
        if run_ids is not None:
            run_ids = list(run_ids)
            query += f" WHERE run_id IN ({', '.join('?' for _ in run_ids)})"
            args = tuple(run_ids)
        query += " ORDER BY run_id, suite, task, instance_id, encoding, variant, repeat"
        for row in self.db.execute(query, args):
            yield dict(zip(columns, row, strict=True))

    # --- cache ------------------------------------------------------------------------
    def cached(self, keys: Iterable[str]) -> dict[str, CachedResponse]:
        """Earlier answers (from any run) for these cache keys."""
        out: dict[str, CachedResponse] = {}
        keys = list(keys)
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            rows = self.db.execute(
                "SELECT cache_key, response, latency, tokens_in, tokens_out FROM items "
                f"WHERE cache_key IN ({', '.join('?' for _ in chunk)}) AND error IS NULL",
                chunk,
            )
            for key, text, latency, t_in, t_out in rows:
                out[key] = CachedResponse(text, latency, t_in, t_out)
        return out

    def transaction(self):
        return _Transaction(self.db)


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
        return sqlite3.connect(path, isolation_level=None)
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
        db.execute("SELECT 1 FROM sqlite_master").fetchall()
        return db
    except sqlite3.OperationalError:
        # A WAL store in a folder we cannot write has no -shm to coordinate through;
        # nobody can be writing to it either, so it is read as an immutable file.
        return sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None)


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
REQUIRED_COLUMNS = {"runs": {"id", "model", "manifest"},
                    "items": {"run_id", "instance_id", "encoding", "variant", "repeat"}}


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
                raise UserError(f"{path} has a '{table}' table that is not graphgauge's; "
                                "graphgauge leaves it untouched: give another --store")


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN")

    def __exit__(self, exc_type, exc, tb):
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
