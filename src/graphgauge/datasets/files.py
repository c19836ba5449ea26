"""Reading the small text files datasets come in, with one-line errors naming the file.

Users point loaders at folders they assembled by hand; a missing or malformed file must
say which file and what was expected, not raise a parser traceback.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError


def find_file(folder: Path, *names: str) -> Path:
    """The first of ``names`` present in ``folder`` (also as ``.gz``)."""
    for name in names:
        for candidate in (folder / name, folder / f"{name}.gz"):
            if candidate.is_file():
                return candidate
    raise UserError(f"{folder}: missing file {' or '.join(names)}")


def maybe_file(folder: Path, *names: str) -> Path | None:
    try:
        return find_file(folder, *names)
    except UserError:
        return None


def open_text(path: Path) -> io.TextIOBase:
    try:
        if path.suffix == ".gz":
            return io.TextIOWrapper(gzip.open(path), encoding="utf-8", errors="replace")
        return open(path, encoding="utf-8", errors="replace")
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None


def read_rows(path: Path, delimiter: str = ",", header: bool = False) -> Iterator[list[str]]:
    """Rows of a CSV/TSV file (header skipped when ``header``)."""
    csv.field_size_limit(1 << 30)
    with open_text(path) as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        try:
            if header:
                next(reader, None)
            for row in reader:
                if row:
                    yield row
        except csv.Error as exc:
            raise UserError(f"{path}: malformed line {reader.line_num}: {exc}") from None


def read_dicts(path: Path, required: tuple[str, ...]) -> list[dict[str, Any]]:
    """Records of a CSV with a header or of a JSONL file; ``required`` columns checked."""
    if path.name.endswith((".jsonl", ".jsonl.gz")):
        records = [record for _, record in jsonl_objects(path)]
    else:
        csv.field_size_limit(1 << 30)
        with open_text(path) as handle:
            records = list(csv.DictReader(handle))
    for number, record in enumerate(records, 1):
        missing = [column for column in required if record.get(column) in (None, "")]
        if missing:
            raise UserError(f"{path}: record {number} lacks {', '.join(missing)}")
    return records


def jsonl_objects(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) of each non-blank line of a JSON-lines file (gzip or not);
    a line that is not a JSON object is a one-line error naming the file and line."""
    with open_text(path) as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UserError(f"{path}: line {number} is not JSON ({exc.msg})") from None
            if not isinstance(record, dict):
                raise UserError(f"{path}: line {number} is not a JSON object")
            yield number, record


def to_int(value: Any, path: Path, what: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise UserError(f"{path}: {what} {value!r} is not an integer") from None


def int_pairs(path: Path, delimiter: str = ",", header: bool = False) -> list[tuple[int, int]]:
    """Two-column integer rows (edge lists)."""
    pairs = []
    for row in read_rows(path, delimiter, header):
        if len(row) < 2:
            raise UserError(f"{path}: expected two columns, got {row!r}")
        pairs.append((to_int(row[0], path, "id"), to_int(row[1], path, "id")))
    return pairs


def index_of(ids: list[str]) -> dict[str, int]:
    """Raw id -> dense node index, rejecting duplicates."""
    index: dict[str, int] = {}
    for position, raw in enumerate(ids):
        index.setdefault(raw, position)
    return index


def checked_edges(
    pairs: list[tuple[str, str]], index: dict[str, int], path: Path
) -> list[tuple[int, int]]:
    """Edges in dense indices; an unknown endpoint is an error naming the file."""
    out = []
    for source, target in pairs:
        if source not in index or target not in index:
            bad = source if source not in index else target
            raise UserError(f"{path}: edge endpoint {bad!r} is not a node id")
        out.append((index[source], index[target]))
    return out
