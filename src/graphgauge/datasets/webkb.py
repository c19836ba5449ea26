"""WebKB university web pages (Cornell, Texas, Washington, Wisconsin), TAG-Benchmark CSVs.

A page's title is the first ``;``-separated segment of its raw text (the HTML title);
the whole text is kept as ``texts``. Hyperlinks are directed.
"""

from __future__ import annotations

import json
from pathlib import Path

from graphgauge.datasets.files import find_file, read_dicts, to_int
from graphgauge.datasets.tag import TAG, build_tag
from graphgauge.errors import UserError

UNIVERSITIES = ("cornell", "texas", "washington", "wisconsin")

DESCRIPTIONS = {
    "student": "Personal home page of a graduate or undergraduate student.",
    "faculty": "Personal home page of a professor or other faculty member.",
    "course": "Home page of a university course: syllabus, lectures, assignments.",
    "project": "Page of a research project or research group.",
    "staff": "Home page of a staff member such as a research scientist or administrator.",
}


def load_webkb(folder: Path, university: str) -> TAG:
    if university not in UNIVERSITIES:
        raise UserError(f"unknown WebKB university {university!r}; use one of "
                        f"{', '.join(UNIVERSITIES)}")
    path = find_file(folder, f"{university.capitalize()}.csv", f"{university}.csv")
    rows = read_dicts(path, ("raw_text", "category", "node_id", "label"))
    rows.sort(key=lambda row: to_int(row["node_id"], path, "node_id"))
    if [to_int(row["node_id"], path, "node_id") for row in rows] != list(range(len(rows))):
        raise UserError(f"{path}: node_id must run 0..n-1")
    names: dict[int, str] = {}
    for row in rows:
        names.setdefault(to_int(row["label"], path, "label"), row["category"].strip())
    if sorted(names) != list(range(len(names))):
        raise UserError(f"{path}: labels must run 0..k-1, got {sorted(names)}")
    label_names = [names[i] for i in range(len(names))]
    edges = []
    for row in rows:
        try:
            targets = json.loads(row.get("neighbor_ids") or "[]")
        except json.JSONDecodeError:
            raise UserError(f"{path}: node {row['node_id']} has bad neighbor_ids") from None
        edges += [(int(row["node_id"]), int(t)) for t in targets if 0 <= int(t) < len(rows)]
    texts = [" ".join(part.strip() for part in row["raw_text"].split(";") if part.strip())
             for row in rows]
    titles = [_title(row["raw_text"]) for row in rows]
    return build_tag(
        f"webkb-{university}", titles, [int(row["label"]) for row in rows], label_names,
        edges, directed=True, domain="webpage",
        label_descriptions=[DESCRIPTIONS.get(name, name) for name in label_names],
        texts=texts,
    )


def _title(raw: str) -> str:
    for part in raw.split(";"):
        if part.strip():
            return " ".join(part.split())[:200]
    return ""
