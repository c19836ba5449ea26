"""OGB node-property folders with a title mapping: ogbn-arxiv and ogbn-products.

Layout (as ``ogb`` unpacks it, plus the public text files):

    PATH/raw/edge.csv[.gz]          src,dst per line, no header (node indices)
    PATH/raw/node-label.csv[.gz]    one label index per line
    PATH/mapping/nodeidx2paperid.csv[.gz]  (arxiv)  or  nodeidx2asin.csv[.gz] (products)
    PATH/mapping/labelidx2arxivcategeory.csv[.gz] | labelidx2productcategory.csv[.gz]
    arxiv titles:    PATH/titleabs.tsv[.gz]           paper id <TAB> title <TAB> abstract
    products titles: PATH/titles.jsonl[.gz] or trn.json/tst.json  {"uid", "title", "content"}
"""

from __future__ import annotations

from pathlib import Path

from graphgauge.datasets.files import find_file, int_pairs, jsonl_objects, read_rows, to_int
from graphgauge.datasets.tag import TAG, build_tag
from graphgauge.errors import UserError

KINDS = {
    "ogbn-arxiv": ("nodeidx2paperid.csv", "labelidx2arxivcategeory.csv", "paper", False),
    "ogbn-products": ("nodeidx2asin.csv", "labelidx2productcategory.csv", "product", False),
}


def load_ogb(kind: str, folder: Path) -> TAG:
    id_map, label_map, domain, directed = KINDS[kind]
    edges = int_pairs(find_file(folder / "raw", "edge.csv"))
    label_file = find_file(folder / "raw", "node-label.csv")
    labels = [to_int(row[0], label_file, "label") for row in read_rows(label_file)]
    mapping = find_file(folder / "mapping", id_map)
    raw_ids = [row[1].strip() for row in read_rows(mapping, header=True)]
    if len(raw_ids) != len(labels):
        raise UserError(f"{mapping}: {len(raw_ids)} nodes but {len(labels)} labels")
    names_file = find_file(folder / "mapping", label_map)
    names = [row[1].strip() for row in read_rows(names_file, header=True)]
    titles_by_id, texts_by_id = (_arxiv_titles(folder) if kind == "ogbn-arxiv"
                                 else _product_titles(folder))
    missing = [raw for raw in raw_ids if raw not in titles_by_id]
    if missing:
        raise UserError(f"{folder}: no title for {len(missing)} node(s), e.g. {missing[0]!r}")
    return build_tag(
        kind, [titles_by_id[raw] for raw in raw_ids], labels,
        [_pretty(name) for name in names], edges, directed=directed, domain=domain,
        texts=[texts_by_id.get(raw, "") for raw in raw_ids],
    )


def _arxiv_titles(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    path = find_file(folder, "titleabs.tsv")
    titles, texts = {}, {}
    for row in read_rows(path, delimiter="\t"):
        if len(row) < 2:
            raise UserError(f"{path}: expected paper id <TAB> title <TAB> abstract")
        key = str(int(row[0])) if row[0].strip().isdigit() else row[0].strip()
        titles[key] = row[1].strip()
        texts[key] = " ".join(row[1:]).strip()
    return titles, texts


def _product_titles(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    paths = [p for p in (folder / "titles.jsonl", folder / "titles.jsonl.gz",
                         folder / "trn.json", folder / "tst.json") if p.is_file()]
    if not paths:
        raise UserError(f"{folder}: missing titles.jsonl (or trn.json/tst.json)")
    titles, texts = {}, {}
    for path in paths:
        for number, record in jsonl_objects(path):
            if not isinstance(record.get("uid"), int | str) or "title" not in record:
                raise UserError(f"{path}: line {number} needs JSON with uid and title")
            titles[record["uid"]] = record["title"]
            texts[record["uid"]] = f"{record['title']} {record.get('content', '')}".strip()
    return titles, texts


def _pretty(name: str) -> str:
    """``arxiv cs ai`` -> ``cs.AI``; product categories are already readable."""
    parts = name.split()
    if len(parts) == 3 and parts[0] == "arxiv":
        return f"{parts[1]}.{parts[2].upper()}"
    return name
