"""The Hugging Face datasets export: Parquet per suite and split with a card, loaded
offline by the real ``datasets.load_dataset`` and turned back into the exact instances."""

import os

os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import pytest  # noqa: E402
import yaml  # noqa: E402

from graphgauge.cli import main  # noqa: E402
from graphgauge.exporters.records import instance_of, score_record  # noqa: E402
from graphgauge.instance import Instance, write_jsonl  # noqa: E402
from graphgauge.registry import generate, render  # noqa: E402

datasets = pytest.importorskip("datasets", reason="datasets not installed (pip install "
                               "'graphgauge[interop]')")


@pytest.fixture(scope="module")
def bench():
    algorithmic = generate("algorithmic", ["shortest_path", "triangles", "jaccard_coefficient",
                                           "maximum_flow"], count=3, seed=2)
    # some items of a split: they go to their own split of the suite's config
    spectral = [Instance(**{**inst.to_dict(), "meta": {**inst.meta, "split": split}})
                for inst, split in zip(generate("spectral", ["heat_trace"], count=4, seed=2),
                                       ["train", "train", "test", "val"], strict=True)]
    return algorithmic + spectral


def _card(folder):
    text = (folder / "README.md").read_text()
    _, header, body = text.split("---\n", 2)
    return yaml.safe_load(header), body


def test_loads_offline_and_round_trips(bench, tmp_path):
    path = tmp_path / "bench.jsonl"
    write_jsonl(bench, path)
    out = tmp_path / "hf"
    assert main(["export-task", "hf", str(path), "-o", str(out)]) == 0
    header, body = _card(out)
    assert header["license"] == "apache-2.0"
    assert [c["config_name"] for c in header["configs"]] == ["algorithmic", "spectral"]
    spectral_info = header["dataset_info"][1]
    assert {s["name"]: s["num_examples"] for s in spectral_info["splits"]} == {
        "train": 2, "test": 1, "val": 1}
    assert "answer" in [f["name"] for f in spectral_info["features"]]
    assert "| algorithmic | shortest_path | node_list | verified | 3 |" in body
    assert "tolerance (±1% or ±0.01)" in body
    assert f"reference answer of {len(bench)} of {len(bench)} rows scored 1.0" in body

    cache = tmp_path / "cache"
    default = datasets.load_dataset(str(out), cache_dir=str(cache))  # the first config
    assert default["test"].num_rows == 12
    rows = list(default["test"])
    for suite in ("spectral",):
        loaded = datasets.load_dataset(str(out), suite, cache_dir=str(cache))
        assert set(loaded) == {"train", "test", "val"}
        rows += [row for split in loaded.values() for row in split]
    originals = {inst.id: inst.to_json() for inst in bench}
    assert sorted(r["id"] for r in rows) == sorted(originals)
    assert all(instance_of(row).to_json() == originals[row["id"]] for row in rows)
    assert all(score_record(row, row["target"])["accuracy"] == 1.0 for row in rows)
    # the row carries all it takes to rebuild its prompt
    assert all(render(instance_of(row), row["encoding"], row["variant"]).text == row["prompt"]
               for row in rows)
    assert all(score_record(row, "no idea") == {"accuracy": 0.0, "unparsed": 1.0}
               for row in rows)


def test_licence_of_items_built_on_a_dataset(tmp_path):
    inst = generate("algorithmic", ["triangles"], count=1, seed=0)[0]
    borrowed = Instance(**{**inst.to_dict(), "meta": {**inst.meta, "dataset": "cora"}})
    path = tmp_path / "bench.jsonl"
    write_jsonl([borrowed], path)
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "a")]) == 0
    header, body = _card(tmp_path / "a")
    assert header["license"] == "other" and "cora" in body
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "b"),
                 "--license", "cc-by-4.0"]) == 0
    assert _card(tmp_path / "b")[0]["license"] == "cc-by-4.0"
    stated = Instance(**{**inst.to_dict(), "meta": {**inst.meta, "source": "nlgraph",
                                                      "license": "mit"}})
    write_jsonl([stated], path)
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "c")]) == 0
    header, body = _card(tmp_path / "c")
    assert header["license"] == "mit" and "nlgraph" in body


def test_user_errors(bench, tmp_path, capsys):
    path = tmp_path / "bench.jsonl"
    write_jsonl(bench, path)
    assert main(["export-task", "csv", str(path), "-o", str(tmp_path / "x")]) == 2
    assert ("unknown export format 'csv'; choose from: lm-eval, inspect, hf"
            in capsys.readouterr().err)
    assert main(["export-task", "hf", str(path), "-o", str(tmp_path / "y"),
                 "--split", "nope"]) == 2
    assert "no instance to export" in capsys.readouterr().err
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()
