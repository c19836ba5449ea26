"""``ItemRecord``: one answer to one prompt, as the runner writes it, the store keeps it
and the reports, the studies and ``graphgauge.api.load_results`` read it.

A reader that asks the store for a few columns (``Store.items(runs, columns)``: a report
on a big store must not read the prompts and responses it does not show) still gets an
``ItemRecord``: the key fields are always read, the others it did not ask for keep their
defaults, so a missing column is ``None`` rather than a ``KeyError`` somewhere else.

The JSON columns (``parsed``, ``gold``, ``scores``, ``meta``) stay JSON text, as stored,
so a record goes to and from SQLite without re-encoding; the ``*_value`` accessors decode
them for readers that want Python values.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from typing import Any


@dataclass(slots=True)
class ItemRecord:
    run_id: str
    instance_id: str
    encoding: str
    variant: str
    repeat: int
    suite: str
    task: str
    difficulty: str | None = None
    prompt: str | None = None
    response: str | None = None
    parsed: str | None = None  # JSON: the answer the reader read (or why it read none)
    parse_ok: int | None = None  # None until scored; 1 read, 0 no answer
    scores: str | None = None  # JSON: {metric: value}
    accuracy: float | None = None
    gold: str | None = None  # JSON
    meta: str | None = None  # JSON: the instance's family, size, split, dataset …
    latency: float | None = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    error: str | None = None  # the request failed: no response
    cached: int = 0  # the response came from the response cache
    cache_key: str | None = None
    created: float = 0.0
    parsed_by: str | None = None  # "reader", "json", "extractor" or "none"

    @property
    def key(self) -> tuple[str, str, str, int]:
        """(instance, encoding, variant, repeat): the item within its run."""
        return (self.instance_id, self.encoding, self.variant, self.repeat)

    def values(self) -> tuple:
        """The record's columns in ``ITEM_COLUMNS`` order (the store's insert order)."""
        return _ALL(self)

    def __getitem__(self, column: str) -> Any:
        """``record["encoding"]``: plugins and scripts written when the store handed out
        dict rows (report sections, ``Store.items``) keep working; new code reads
        attributes."""
        if column not in _COLUMN_SET:
            raise KeyError(column)
        return getattr(self, column)

    @property
    def gold_value(self) -> Any:
        return _decoded(self.gold)

    @property
    def parsed_value(self) -> Any:
        return _decoded(self.parsed)

    @property
    def score_values(self) -> dict[str, Any]:
        return _decoded(self.scores) or {}

    @property
    def meta_values(self) -> dict[str, Any]:
        return _decoded(self.meta) or {}


def _decoded(text: str | None) -> Any:
    return None if text is None else json.loads(text)


ITEM_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(ItemRecord))
# Always read: they name the item, so every record has them (the fields with no default).
KEY_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(ItemRecord) if f.default is MISSING)
# What a column nobody asked for holds.
DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(ItemRecord)
                            if f.default is not MISSING}
_COLUMN_SET = frozenset(ITEM_COLUMNS)


def select_list(columns: Iterable[str]) -> str:
    """An SQL select list over the items table in ``ITEM_COLUMNS`` order, so each result
    row is ``ItemRecord``'s positional arguments (no dict per row): the key columns and
    ``columns`` as stored, a literal default for the rest (SQLite never reads them)."""
    wanted = set(columns) | set(KEY_COLUMNS)
    return ", ".join(name if name in wanted else _sql_literal(DEFAULTS[name])
                     for name in ITEM_COLUMNS)


def _sql_literal(value: Any) -> str:
    return "NULL" if value is None else repr(value)
_ALL = attrgetter(*ITEM_COLUMNS)
