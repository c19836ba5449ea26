"""DBLP four-area papers: titles, labels from the conference's area, co-author edges.

The conference -> area map is TSGFM's (see ``data/dblp/MANIFEST.txt``); it is fixed data,
so it lives here rather than being re-derived.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np

from graphgauge.datasets.files import find_file, read_rows, to_int
from graphgauge.datasets.tag import TAG, build_tag
from graphgauge.errors import UserError

CONFERENCE_AREA = {
    36: 2, 597: 3, 755: 2, 1194: 3, 1201: 2, 1234: 0, 1798: 0, 1801: 1, 1902: 2, 2180: 2,
    2504: 1, 2934: 1, 3011: 1, 3027: 0, 3230: 1, 3318: 3, 3329: 0, 3594: 0, 3771: 3, 4096: 3,
}


def load_dblp(folder: Path) -> TAG:
    papers = find_file(folder, "paper.txt")
    ids, titles = [], []
    for row in read_rows(papers, delimiter="\t"):
        ids.append(to_int(row[0], papers, "paper id"))
        titles.append(row[1].strip() if len(row) > 1 else "")
    index = {paper: position for position, paper in enumerate(ids)}

    conf_file = find_file(folder, "paper_conf.txt")
    labels = np.full(len(ids), -1, dtype=np.int64)
    for row in read_rows(conf_file, delimiter="\t"):
        paper, conf = to_int(row[0], conf_file, "paper id"), to_int(row[1], conf_file, "conf")
        if paper in index:
            labels[index[paper]] = CONFERENCE_AREA.get(conf, -1)

    author_file = find_file(folder, "paper_author.txt")
    by_author: dict[int, list[int]] = defaultdict(list)
    for row in read_rows(author_file, delimiter="\t"):
        paper = to_int(row[0], author_file, "paper id")
        if paper in index:
            by_author[to_int(row[1], author_file, "author id")].append(index[paper])
    edges = [(a, b) for group in by_author.values() for i, a in enumerate(group)
             for b in group[i + 1:]]

    categories = find_file(folder, "categories.csv")
    areas = list(read_rows(categories, header=True))
    if len(areas) != 4 or any(len(row) < 2 for row in areas):
        raise UserError(f"{categories}: expected 4 rows of name,description")
    return build_tag(
        "dblp", titles, labels, [row[0] for row in areas], edges, directed=False,
        domain="coauthor", label_descriptions=[row[1] for row in areas],
    )
