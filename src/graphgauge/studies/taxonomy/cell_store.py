"""Finished taxonomy grid cells in SQLite, so an interrupted grid resumes where it stopped.

Its own table (``taxonomy_cells``) and its own connection: the run store's schema is not
involved. A cell is keyed by (dataset, perturbation, model, run, config hash); the hash
covers every training/model option, so changing one starts fresh cells instead of mixing.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS taxonomy_cells (
    dataset TEXT NOT NULL, perturbation TEXT NOT NULL, model TEXT NOT NULL,
    run INTEGER NOT NULL, config_hash TEXT NOT NULL, config TEXT NOT NULL,
    result TEXT NOT NULL, created REAL NOT NULL DEFAULT (julianday('now')),
    PRIMARY KEY (dataset, perturbation, model, run, config_hash)
)
"""


def config_hash(config: dict) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class CellKey:
    dataset: str
    perturbation: str
    model: str
    run: int
    config_hash: str


class CellStore:
    """Tiny key -> result-dict store; one short transaction per finished cell."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.conn = sqlite3.connect(self.path, timeout=60)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(SCHEMA)
        self.conn.commit()

    def close(self) -> None:
        self.conn.close()

    def done(self, keys: Iterable[CellKey]) -> set[CellKey]:
        keys = list(keys)
        hashes = {k.config_hash for k in keys}
        found = set()
        for h in hashes:
            rows = self.conn.execute(
                "SELECT dataset, perturbation, model, run, config_hash FROM taxonomy_cells "
                "WHERE config_hash = ?", (h,))
            found |= {CellKey(*r) for r in rows}
        return found & set(keys)

    def put(self, key: CellKey, config: dict, result: dict) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO taxonomy_cells (dataset, perturbation, model, run, "
            "config_hash, config, result) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key.dataset, key.perturbation, key.model, key.run, key.config_hash,
             json.dumps(config, sort_keys=True), json.dumps(result)))
        self.conn.commit()

    def results(self, config_hash_: str | None = None, model: str | None = None) -> list[dict]:
        """Every stored cell as a flat dict (key fields + result fields)."""
        query = "SELECT dataset, perturbation, model, run, config_hash, result FROM taxonomy_cells"
        clauses, args = [], []
        if config_hash_ is not None:
            clauses.append("config_hash = ?")
            args.append(config_hash_)
        if model is not None:
            clauses.append("model = ?")
            args.append(model)
        if clauses:
            query += " WHERE " + " AND ".join(clauses)
        out = []
        for ds, pert, mdl, run, h, res in self.conn.execute(query, args):
            out.append({"dataset": ds, "perturbation": pert, "model": mdl, "run": run,
                        "config_hash": h, **json.loads(res)})
        return out
