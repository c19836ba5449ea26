"""Planetoid-era citation graphs with a title file: Cora, PubMed; and WikiCS.

    cora:PATH     PATH/cora.content  paper_id <TAB> features... <TAB> class name
                  PATH/cora.cites    cited <TAB> citing
                  PATH/titles.tsv    paper_id <TAB> title [<TAB> abstract]
    pubmed:PATH   PATH/Pubmed-Diabetes.NODE.paper.tab   (two header lines, then
                  pmid <TAB> label=K <TAB> features ...)
                  PATH/Pubmed-Diabetes.DIRECTED.cites.tab  (two header lines, then
                  id <TAB> paper:PMID <TAB> | <TAB> paper:PMID)
                  PATH/titles.tsv    pmid <TAB> title [<TAB> abstract]
    wikics:PATH   PATH/data.json (labels, links) and PATH/metadata.json (nodes: id,
                  title, label, tokens; labels: index -> name), as in the WikiCS repo
Citations are treated as undirected, as the usual benchmarks do.
"""

from __future__ import annotations

import json
from pathlib import Path

from graphgauge.datasets.files import checked_edges, find_file, index_of, read_rows
from graphgauge.datasets.tag import TAG, build_tag
from graphgauge.errors import UserError

PUBMED_LABELS = ("Diabetes Mellitus Experimental", "Diabetes Mellitus Type 1",
                 "Diabetes Mellitus Type 2")


def _titles(folder: Path, ids: list[str]) -> tuple[list[str], list[str]]:
    path = find_file(folder, "titles.tsv")
    titles, texts = {}, {}
    for row in read_rows(path, delimiter="\t"):
        if len(row) < 2:
            raise UserError(f"{path}: expected id <TAB> title [<TAB> abstract]")
        titles[row[0].strip()] = row[1].strip()
        texts[row[0].strip()] = " ".join(part.strip() for part in row[1:])
    missing = [raw for raw in ids if raw not in titles]
    if missing:
        raise UserError(f"{path}: no title for node {missing[0]!r} ({len(missing)} missing)")
    return [titles[raw] for raw in ids], [texts[raw] for raw in ids]


def load_cora(folder: Path) -> TAG:
    content = find_file(folder, "cora.content")
    rows = list(read_rows(content, delimiter="\t"))
    ids = [row[0].strip() for row in rows]
    names = sorted({row[-1].strip() for row in rows})
    labels = [names.index(row[-1].strip()) for row in rows]
    cites = find_file(folder, "cora.cites")
    pairs = [(row[1].strip(), row[0].strip()) for row in read_rows(cites, delimiter="\t")]
    titles, texts = _titles(folder, ids)
    return build_tag(
        "cora", titles, labels, [name.replace("_", " ") for name in names],
        checked_edges(pairs, index_of(ids), cites), directed=False, domain="paper",
        texts=texts,
    )


def load_pubmed(folder: Path) -> TAG:
    nodes = find_file(folder, "Pubmed-Diabetes.NODE.paper.tab")
    ids, labels = [], []
    for row in list(read_rows(nodes, delimiter="\t"))[2:]:
        label = next((cell for cell in row[1:] if cell.startswith("label=")), None)
        if label is None:
            raise UserError(f"{nodes}: paper {row[0]} has no label=K column")
        ids.append(row[0].strip())
        labels.append(int(label.split("=")[1]) - 1)
    cites = find_file(folder, "Pubmed-Diabetes.DIRECTED.cites.tab")
    pairs = []
    for row in list(read_rows(cites, delimiter="\t"))[2:]:
        if len(row) < 4:
            raise UserError(f"{cites}: expected id, paper:A, |, paper:B")
        pairs.append((row[1].split(":")[-1], row[3].split(":")[-1]))
    titles, texts = _titles(folder, ids)
    return build_tag(
        "pubmed", titles, labels, list(PUBMED_LABELS),
        checked_edges(pairs, index_of(ids), cites), directed=False, domain="clinical",
        texts=texts,
    )


def load_wikics(folder: Path) -> TAG:
    data_path, meta_path = find_file(folder, "data.json"), find_file(folder, "metadata.json")
    data, meta = _json(data_path), _json(meta_path)
    try:
        nodes = meta["nodes"]
        names = [meta["labels"][str(k)] for k in range(len(meta["labels"]))]
        links = data["links"]
        labels = [int(node["label"]) for node in nodes]
        titles = [str(node["title"]).replace("_", " ") for node in nodes]
        texts = [" ".join(node.get("tokens", [])) for node in nodes]
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{meta_path}: unexpected WikiCS structure ({exc})") from None
    if len(links) != len(nodes):
        raise UserError(f"{data_path}: {len(links)} link lists for {len(nodes)} nodes")
    edges = [(i, int(j)) for i, targets in enumerate(links) for j in targets]
    return build_tag("wikics", titles, labels, names, edges, directed=False, domain="article",
                     texts=texts)


def _json(path: Path) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: not valid JSON ({exc.msg})") from None
