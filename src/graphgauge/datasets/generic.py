"""The generic on-disk layout anyone can fill with their own text-attributed graph.

    FOLDER/nodes.csv | nodes.jsonl   id, title, label [, text]   (label: name or index;
                                     empty = unknown)
    FOLDER/edges.csv                 source,target  (header row; node ids)
    FOLDER/labels.csv   (optional)   name,description  (row order = label index)
    FOLDER/tag.json     (optional)   {"name": ..., "domain": "paper", "directed": false}
"""

from __future__ import annotations

import json
from pathlib import Path

from graphgauge.datasets.files import (
    checked_edges,
    find_file,
    index_of,
    maybe_file,
    read_dicts,
    read_rows,
)
from graphgauge.datasets.tag import TAG, build_tag
from graphgauge.errors import UserError


def load_generic(folder: Path) -> TAG:
    settings = _settings(folder)
    nodes_path = find_file(folder, "nodes.csv", "nodes.jsonl")
    nodes = read_dicts(nodes_path, ("id", "title"))
    ids = [str(node["id"]) for node in nodes]
    index = index_of(ids)
    if len(index) != len(ids):
        raise UserError(f"{nodes_path}: node ids are not unique")

    labels_path = maybe_file(folder, "labels.csv")
    if labels_path is not None:
        rows = list(read_rows(labels_path, header=True))
        names = [row[0].strip() for row in rows]
        descriptions = [row[1].strip() if len(row) > 1 and row[1].strip() else row[0]
                        for row in rows]
    else:
        raw = {str(node.get("label", "")).strip() for node in nodes} - {""}
        names = sorted(raw, key=lambda v: (not v.lstrip("-").isdigit(), int(v)
                                            if v.lstrip("-").isdigit() else 0, v))
        descriptions = list(names)
    label_ids = [_label_id(node.get("label"), names, nodes_path) for node in nodes]

    edges_path = find_file(folder, "edges.csv")
    raw_edges = [(row[0].strip(), row[1].strip()) for row in read_rows(edges_path, header=True)
                 if len(row) >= 2]
    texts = [str(node.get("text") or "") for node in nodes]
    return build_tag(
        str(settings.get("name", folder.name)), [str(node["title"]) for node in nodes],
        label_ids, names, checked_edges(raw_edges, index, edges_path),
        directed=bool(settings.get("directed", False)),
        domain=str(settings.get("domain", "generic")), label_descriptions=descriptions,
        texts=texts if any(texts) else None,
    )


def _settings(folder: Path) -> dict:
    path = folder / "tag.json"
    if not path.is_file():
        return {}
    try:
        value = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise UserError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(value, dict):
        raise UserError(f"{path}: expected a JSON object")
    return value


def _label_id(value: object, names: list[str], path: Path) -> int:
    text = "" if value is None else str(value).strip()
    if text in ("", "-1"):
        return -1
    if text in names:
        return names.index(text)
    if text.isdigit() and int(text) < len(names):
        return int(text)
    raise UserError(f"{path}: label {text!r} is not one of the label names")
