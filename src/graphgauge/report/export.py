"""Per-item results out of the store, for pandas, polars or DuckDB.

One row per stored item with the run's model name beside it and every score as its own
``score_<metric>`` column, so a dataframe needs no JSON parsing to be filtered. In CSV and
Parquet the JSON columns (parsed, gold, scores, meta) stay JSON text; in JSONL they are
written as JSON values. The response-cache key is internal and left out.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from graphgauge.errors import UserError
from graphgauge.store.sqlite import ITEM_COLUMNS, Store

FORMATS = ("parquet", "csv", "jsonl")
COLUMNS = ("model",) + tuple(c for c in ITEM_COLUMNS if c != "cache_key")
_JSON_COLUMNS = ("parsed", "gold", "scores", "meta")
_INTEGER = {"repeat", "parse_ok", "tokens_in", "tokens_out", "cached"}
_FLOAT = {"accuracy", "latency", "created"}


def _score_names(store: Store, run_ids: list[str] | None) -> list[str]:
    names: set[str] = set()
    seen: set[str] = set()
    for row in store.items(run_ids, columns=("scores",)):
        text = row.scores
        if text and text not in seen:  # a few distinct score dicts repeat a lot
            seen.add(text)
            names.update(json.loads(text))
    return sorted(names)


def _rows(store: Store, run_ids: list[str] | None, scores: list[str]) -> Iterator[dict]:
    models = {run["id"]: run["model"] for run in store.runs()}
    for record in store.records(run_ids):
        out: dict[str, Any] = {"model": models.get(record.run_id)}
        out.update((column, getattr(record, column)) for column in COLUMNS[1:])
        values = record.score_values
        for name in scores:
            value = values.get(name)
            out[f"score_{name}"] = float(value) if isinstance(value, int | float) else None
        yield out


def export_items(store: Store, run_ids: list[str] | None, fmt: str, path: Path) -> int:
    """Write the items of ``run_ids`` (None: all) to ``path``; returns the row count."""
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    path = Path(path)
    if not path.parent.exists():
        raise UserError(f"output folder does not exist: {path.parent}")
    scores = _score_names(store, run_ids)
    columns = list(COLUMNS) + [f"score_{name}" for name in scores]
    rows = _rows(store, run_ids, scores)
    if fmt == "parquet":
        return _parquet(rows, columns, path)
    count = 0
    with open(path, "w", newline="", encoding="utf-8") as handle:
        if fmt == "csv":
            writer = csv.DictWriter(handle, columns)
            writer.writeheader()
            for row in rows:
                writer.writerow(row)
                count += 1
        else:
            for row in rows:
                for name in _JSON_COLUMNS:
                    if row[name] is not None:
                        row[name] = json.loads(row[name])
                handle.write(orjson.dumps(row).decode() + "\n")
                count += 1
    return count


def _parquet(rows: Iterator[dict], columns: list[str], path: Path) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UserError("Parquet export needs pyarrow: pip install 'graphgauge[parquet]' "
                        "(or pip install pyarrow), or use --format csv / jsonl") from None

    def kind(name: str):
        if name in _INTEGER:
            return pa.int64()
        if name in _FLOAT or name.startswith("score_"):
            return pa.float64()
        return pa.string()

    schema = pa.schema([(name, kind(name)) for name in columns])
    table = pa.Table.from_pylist(list(rows), schema=schema)
    pq.write_table(table, path)
    return table.num_rows
