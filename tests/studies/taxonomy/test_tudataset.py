"""TUDataset loader on the real shared files and on malformed files written here."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch_geometric")

from graphgauge.datasets.loader import data_root
from graphgauge.errors import UserError  # noqa: E402
from graphgauge.studies.taxonomy.tudataset import load_tudataset  # noqa: E402
from tests.support.data import needs_shared_data

ROOT = data_root() / "tudataset"
needs_data = needs_shared_data("tudataset/MUTAG", "tudataset/ENZYMES", "tudataset/IMDB-BINARY")


def lines(path: Path) -> list[str]:
    return [s.strip() for s in path.read_text().splitlines() if s.strip()]


@needs_data
def test_mutag_matches_a_plain_reading_of_the_files():
    ds = load_tudataset("MUTAG", ROOT)
    assert (len(ds.graphs), ds.num_classes, ds.num_features) == (188, 2, 7)
    raw_labels = [int(v) for v in lines(ROOT / "MUTAG" / "MUTAG_graph_labels.txt")]
    assert Counter(ds.labels.tolist()) == Counter(0 if v == -1 else 1 for v in raw_labels)
    indicator = [int(v) for v in lines(ROOT / "MUTAG" / "MUTAG_graph_indicator.txt")]
    assert [g.num_nodes for g in ds.graphs] == [indicator.count(i) for i in range(1, 189)]
    # graph 3's edges, read independently: 1-based global ids -> local ids
    offset = indicator.index(3)
    want = set()
    for row in lines(ROOT / "MUTAG" / "MUTAG_A.txt"):
        a, b = (int(v) - 1 for v in row.split(","))
        if indicator[a] == 3:
            want.add((a - offset, b - offset))
    assert set(map(tuple, ds.graphs[2].edge_index.t().tolist())) == want
    node_labels = [int(v) for v in lines(ROOT / "MUTAG" / "MUTAG_node_labels.txt")]
    x0 = ds.graphs[0].x.numpy()
    assert x0.argmax(axis=1).tolist() == node_labels[:ds.graphs[0].num_nodes]
    assert np.all(x0.sum(axis=1) == 1)


@needs_data
@pytest.mark.slow
def test_feature_choice_per_dataset():
    enz = load_tudataset("ENZYMES", ROOT)
    assert (len(enz.graphs), enz.num_classes, enz.num_features) == (600, 6, 21)  # 18 attr + 3
    first = lines(ROOT / "ENZYMES" / "ENZYMES_node_attributes.txt")[0].split(",")
    np.testing.assert_allclose(enz.graphs[0].x[0, :18].numpy(), [float(v) for v in first],
                               rtol=1e-6)
    assert load_tudataset("ENZYMES", ROOT, node_attributes=False).num_features == 3
    imdb = load_tudataset(ROOT / "IMDB-BINARY")
    assert (len(imdb.graphs), imdb.num_classes, imdb.num_features) == (1000, 2, 1)
    assert all(float(g.x.min()) == 1.0 for g in imdb.graphs[:20])
    for g in imdb.graphs[:50]:  # symmetric, no self loops, no duplicates
        e = set(map(tuple, g.edge_index.t().tolist()))
        assert len(e) == g.edge_index.shape[1] and all((b, a) in e for a, b in e)
        assert all(a != b for a, b in e)


def write_fixture(root: Path, name: str = "TOY", **override: str) -> Path:
    files = {
        "A": "1, 2\n2, 1\n2, 3\n3, 2\n3, 3\n4, 5\n5, 4\n4, 5\n",
        "graph_indicator": "1\n1\n1\n2\n2\n",
        "graph_labels": "-1\n1\n",
        "node_labels": "0\n1\n0\n2\n2\n",
    }
    files.update(override)
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    for key, text in files.items():
        if text is not None:
            (folder / f"{name}_{key}.txt").write_text(text)
    return folder


def test_fixture_loads_with_self_loops_and_duplicates_removed(tmp_path):
    ds = load_tudataset(write_fixture(tmp_path))
    assert ds.labels.tolist() == [0, 1] and ds.num_features == 3
    assert ds.graphs[0].edge_index.t().tolist() == [[0, 1], [1, 0], [1, 2], [2, 1]]
    assert ds.graphs[1].edge_index.t().tolist() == [[0, 1], [1, 0]]
    assert ds.graphs[1].x.argmax(dim=1).tolist() == [2, 2]


@pytest.mark.parametrize("override, message", [
    ({"A": "1, 2\n2, x\n"}, r"TOY_A\.txt:2: not a number"),
    ({"A": "1, 2, 3\n"}, r"TOY_A\.txt:1: expected 2 values"),
    ({"A": "1, 9\n"}, r"TOY_A\.txt: node id out of range"),
    ({"A": "1, 4\n"}, r"TOY_A\.txt: an edge joins nodes of different graphs"),
    ({"graph_labels": "1\n"}, r"graph_indicator\.txt: refers to 2 graphs"),
    ({"graph_indicator": "2\n1\n1\n2\n2\n"}, r"non-decreasing"),
    ({"node_labels": "0\n1\n"}, r"TOY_node_labels\.txt: 2 rows, expected 5"),
    ({"graph_labels": ""}, r"TOY_graph_labels\.txt: file is empty"),
])
def test_malformed_files_raise_one_line_user_errors(tmp_path, override, message):
    folder = write_fixture(tmp_path, **override)
    with pytest.raises(UserError, match=message) as info:
        load_tudataset(folder)
    assert "\n" not in str(info.value)


def test_missing_files_and_unknown_names(tmp_path):
    folder = write_fixture(tmp_path)
    (folder / "TOY_graph_labels.txt").unlink()
    with pytest.raises(UserError, match="TOY_graph_labels.txt: missing"):
        load_tudataset(folder)
    with pytest.raises(UserError, match="no NOPE_A.txt"):
        load_tudataset("NOPE", tmp_path)
