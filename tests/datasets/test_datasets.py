"""TAG loaders on the real shared data and on fixtures written in each on-disk layout,
plus the embedding cache.

Edge counts on DBLP are recomputed here from the raw author file with a set of frozensets
(the loader groups by author and deduplicates with integer keys).
"""

from __future__ import annotations

import gzip
import json
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from graphgauge.datasets import build_tag, data_root, embed_texts, load_tag
from graphgauge.errors import UserError
from tests.support.data import needs_shared_data

DATA = data_root()
needs_data = needs_shared_data("dblp", "webkb")


def edge_set(tag) -> set[tuple[int, int]]:
    return set(zip(tag.edge_index[0].tolist(), tag.edge_index[1].tolist(), strict=True))


@needs_data
def test_dblp_matches_raw_files():
    tag = load_tag("dblp")
    assert tag.num_nodes() == 14376 and not tag.directed and tag.domain == "coauthor"
    assert tag.label_names == ["Database", "Data Mining", "AI", "Information Retrieval"]
    assert tag.labels.min() >= 0 and tag.labels.max() == 3
    papers = [line.split("\t")[0] for line in (DATA / "dblp/paper.txt").read_text().splitlines()]
    position = {p: i for i, p in enumerate(papers)}
    authors: dict[str, list[str]] = {}
    for line in (DATA / "dblp/paper_author.txt").read_text().splitlines():
        paper, author = line.split("\t")
        authors.setdefault(author, []).append(paper)
    expected = {frozenset((position[a], position[b])) for group in authors.values()
                for a, b in combinations(group, 2) if a != b}
    assert len(expected) == 215663
    got = edge_set(tag)
    assert len(got) == 2 * len(expected)
    assert all((b, a) in got for a, b in got)
    assert {frozenset(pair) for pair in got} == expected
    degree = np.bincount(tag.edge_index[0], minlength=tag.num_nodes())
    assert int((degree >= 3).sum()) == 12571
    # conference 36 is an AI venue (area 2) per the TSGFM map
    conf36 = next(line.split("\t")[0] for line in
                  (DATA / "dblp/paper_conf.txt").read_text().splitlines()
                  if line.split("\t")[1] == "36")
    assert tag.labels[position[conf36]] == 2


@needs_data
@pytest.mark.parametrize("university,n", [("cornell", 191), ("texas", 187),
                                          ("washington", 229), ("wisconsin", 265)])
def test_webkb(university, n):
    tag = load_tag(f"webkb:{university}")
    assert tag.num_nodes() == n and tag.directed and tag.domain == "webpage"
    assert sorted(tag.label_names) == ["course", "faculty", "project", "staff", "student"]
    assert tag.texts is not None and all(tag.titles)
    assert tag.edge_index.max() < n and (tag.edge_index[0] != tag.edge_index[1]).all()


def test_unknown_and_missing_specs(tmp_path):
    with pytest.raises(UserError, match="unknown dataset"):
        load_tag("nonsense")
    with pytest.raises(UserError, match="needs a path"):
        load_tag("cora")
    with pytest.raises(UserError, match="does not exist"):
        load_tag(f"cora:{tmp_path / 'nope'}")
    with pytest.raises(UserError, match="cora.content"):
        load_tag(f"cora:{tmp_path}")


@needs_data
def test_unknown_webkb_university():
    with pytest.raises(UserError, match="unknown WebKB"):
        load_tag("webkb:harvard")


def write_generic(folder: Path, jsonl: bool = False) -> None:
    folder.mkdir()
    nodes = [("a", "Graph neural nets", "ml"), ("b", "Query optimizers", "db"),
             ("c", "Attention is all", "ml"), ("d", "Unlabelled thing", "")]
    if jsonl:
        (folder / "nodes.jsonl").write_text("".join(
            json.dumps({"id": i, "title": t, "label": lab}) + "\n" for i, t, lab in nodes))
    else:
        (folder / "nodes.csv").write_text("id,title,label\n" + "".join(
            f"{i},{t},{lab}\n" for i, t, lab in nodes))
    (folder / "edges.csv").write_text("source,target\na,c\nc,a\nb,d\na,a\n")
    (folder / "labels.csv").write_text("name,description\nml,Machine learning\ndb,Databases\n")
    (folder / "tag.json").write_text('{"name": "toy", "domain": "paper"}')


@pytest.mark.parametrize("jsonl", [False, True])
def test_generic_layout(tmp_path, jsonl):
    write_generic(tmp_path / "toy", jsonl)
    tag = load_tag(str(tmp_path / "toy"))
    assert tag.name == "toy" and tag.domain == "paper" and not tag.directed
    assert tag.labels.tolist() == [0, 1, 0, -1]
    assert tag.label_descriptions == ["Machine learning", "Databases"]
    assert edge_set(tag) == {(0, 2), (2, 0), (1, 3), (3, 1)}  # deduplicated, loop dropped
    assert tag.to_networkx().number_of_edges() == 2


def test_generic_errors(tmp_path):
    write_generic(tmp_path / "toy")
    (tmp_path / "toy/edges.csv").write_text("source,target\na,zz\n")
    with pytest.raises(UserError, match=r"edges.csv: edge endpoint 'zz'"):
        load_tag(f"generic:{tmp_path / 'toy'}")
    (tmp_path / "toy/edges.csv").write_text("source,target\n")
    (tmp_path / "toy/nodes.csv").write_text("id,title,label\na,T,physics\n")
    with pytest.raises(UserError, match=r"nodes.csv: label 'physics'"):
        load_tag(f"generic:{tmp_path / 'toy'}")
    (tmp_path / "toy/tag.json").write_text("{oops")
    with pytest.raises(UserError, match="tag.json"):
        load_tag(f"generic:{tmp_path / 'toy'}")


def gz(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt") as handle:
        handle.write(text)


def test_ogbn_arxiv_layout(tmp_path):
    root = tmp_path / "ogbn_arxiv"
    gz(root / "raw/edge.csv.gz", "0,1\n1,2\n")
    gz(root / "raw/node-label.csv.gz", "1\n0\n1\n")
    gz(root / "mapping/nodeidx2paperid.csv.gz", "node idx,paper id\n0,9\n1,200\n2,31\n")
    gz(root / "mapping/labelidx2arxivcategeory.csv.gz",
       "label idx,arxiv category\n0,arxiv cs ai\n1,arxiv cs lg\n")
    (root / "titleabs.tsv").write_text("9\tNine\tabs9\n200\tTwo hundred\tabs\n31\tThirty\tx\n")
    tag = load_tag(f"ogbn-arxiv:{root}")
    assert tag.titles == ["Nine", "Two hundred", "Thirty"]
    assert tag.label_names == ["cs.AI", "cs.LG"] and tag.labels.tolist() == [1, 0, 1]
    assert edge_set(tag) == {(0, 1), (1, 0), (1, 2), (2, 1)}
    (root / "titleabs.tsv").write_text("9\tNine\tabs9\n")
    with pytest.raises(UserError, match="no title"):
        from graphgauge.datasets.ogb import load_ogb
        load_ogb("ogbn-arxiv", root)


def test_ogbn_products_layout(tmp_path):
    root = tmp_path / "products"
    gz(root / "raw/edge.csv.gz", "0,1\n")
    gz(root / "raw/node-label.csv.gz", "0\n1\n")
    gz(root / "mapping/nodeidx2asin.csv.gz", "node idx,asin\n0,B01\n1,B02\n")
    gz(root / "mapping/labelidx2productcategory.csv.gz",
       "label idx,product category\n0,Books\n1,Toys & Games\n")
    (root / "titles.jsonl").write_text('{"uid": "B01", "title": "A book", "content": "c"}\n'
                                       '{"uid": "B02", "title": "A toy"}\n')
    tag = load_tag(f"ogbn-products:{root}")
    assert tag.titles == ["A book", "A toy"] and tag.domain == "product"
    assert tag.label_names == ["Books", "Toys & Games"]


def test_cora_pubmed_wikics_layouts(tmp_path):
    cora = tmp_path / "cora"
    cora.mkdir()
    (cora / "cora.content").write_text("31\t0\t1\tNeural_Networks\n7\t1\t0\tTheory\n"
                                       "5\t1\t1\tTheory\n")
    (cora / "cora.cites").write_text("31\t7\n5\t31\n")
    (cora / "titles.tsv").write_text("31\tDeep nets\n7\tProofs\tabstract\n5\tBounds\n")
    tag = load_tag(f"cora:{cora}")
    assert tag.label_names == ["Neural Networks", "Theory"]
    assert tag.labels.tolist() == [0, 1, 1] and edge_set(tag) == {(0, 1), (1, 0), (0, 2),
                                                                  (2, 0)}
    pubmed = tmp_path / "pubmed"
    pubmed.mkdir()
    (pubmed / "Pubmed-Diabetes.NODE.paper.tab").write_text(
        "NODE\tpaper\nheader\n12\tlabel=1\tw-a=0.1\tsummary=x\n13\tlabel=3\tw-b=0.2\n")
    (pubmed / "Pubmed-Diabetes.DIRECTED.cites.tab").write_text(
        "DIRECTED\tcites\nNO_FEATURES\n1\tpaper:12\t|\tpaper:13\n")
    (pubmed / "titles.tsv").write_text("12\tInsulin in mice\n13\tType two\n")
    tag = load_tag(f"pubmed:{pubmed}")
    assert tag.labels.tolist() == [0, 2] and edge_set(tag) == {(0, 1), (1, 0)}
    wiki = tmp_path / "wikics"
    wiki.mkdir()
    (wiki / "data.json").write_text(json.dumps({"labels": [0, 1], "links": [[1], []]}))
    (wiki / "metadata.json").write_text(json.dumps({
        "labels": {"0": "Databases", "1": "Operating systems"},
        "nodes": [{"id": 5, "title": "SQL_Server", "label": 0, "tokens": ["sql"]},
                  {"id": 8, "title": "Linux", "label": 1, "tokens": []}]}))
    tag = load_tag(f"wikics:{wiki}")
    assert tag.titles == ["SQL Server", "Linux"] and edge_set(tag) == {(0, 1), (1, 0)}
    (wiki / "metadata.json").write_text("{}")
    from graphgauge.datasets.citation import load_wikics
    with pytest.raises(UserError, match="metadata.json"):
        load_wikics(wiki)


def test_build_tag_directed_keeps_direction():
    tag = build_tag("t", ["a", "b", "c"], [0, 0, 1], ["x", "y"], [(0, 1), (0, 1), (2, 2)],
                    directed=True, domain="generic")
    assert edge_set(tag) == {(0, 1)}
    data = tag.to_pyg(np.eye(3))
    assert data.num_nodes == 3 and data.x.shape == (3, 3)


def test_embed_texts_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHGAUGE_CACHE", str(tmp_path))
    texts = ["graph neural networks", "relational query optimization", "graph neural nets"]
    vectors = embed_texts(texts)
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[2] > vectors[0] @ vectors[1]
    files = list((tmp_path / "embeddings").glob("*.npy"))
    assert len(files) == 1
    np.save(files[0], np.ones((3, 384), dtype=np.float32))  # the cache is what is read
    assert np.all(embed_texts(texts) == 1.0)
    assert embed_texts([]).shape == (0, 384)
