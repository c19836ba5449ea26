"""The classify suite on the real DBLP and WebKB data, and scripted models through the
whole run → store → GTEval metrics path.

Gold labels and neighbourhoods are checked against the raw files read here (titles →
paper ids → conference → area, from the MANIFEST's map; shared authors for edges), not
through the dataset loader the suite uses.
"""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from dataclasses import replace

import pytest

from graphgauge.datasets.loader import data_root
from graphgauge.errors import UserError
from graphgauge.instance import write_jsonl
from graphgauge.models import load_model
from graphgauge.registry import render
from graphgauge.render.variants import expand_variants
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.gteval.rows import gteval_rows
from graphgauge.suites import classify
from graphgauge.suites.classify.relabel import coarse_labels
from tests.support.data import needs_shared_data

DATA = data_root()
pytestmark = needs_shared_data("dblp", "webkb")
SCRIPTED = "python:graphgauge.studies.gteval.models:"


def _generate(count=12, seed=0, tasks=None, **options):
    options.setdefault("dataset", "dblp")
    return classify.generate_suite(tasks=tasks, count=count, seed=seed, nodes=None,
                                   options=options, progress=False)


@pytest.fixture(scope="module")
def dblp_raw():
    """title -> set of areas, and paper title -> set of authors, from the raw files."""
    folder = DATA / "dblp"
    conf_label = dict(
        (int(c), int(l)) for c, l in re.findall(r"(\d+):(\d)", (folder / "MANIFEST.txt")
                                                 .read_text().split("conf->label:")[1])
    )
    with open(folder / "categories.csv", newline="") as handle:
        areas = [row["name"] for row in csv.DictReader(handle)]
    titles = {}
    text = (folder / "paper.txt").read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():
        pid, _, title = line.partition("\t")
        titles[int(pid)] = " ".join(title.split())
    conf = {}
    for line in (folder / "paper_conf.txt").read_text().splitlines():
        p, c = line.split("\t")
        conf[int(p)] = int(c)
    authors = defaultdict(set)
    for line in (folder / "paper_author.txt").read_text().splitlines():
        p, a = line.split("\t")
        authors[int(p)].add(int(a))
    by_title_area, by_title_authors = defaultdict(set), defaultdict(set)
    for pid, title in titles.items():
        by_title_area[title].add(areas[conf_label[conf[pid]]])
        by_title_authors[title] |= authors[pid]
    return by_title_area, by_title_authors


def test_gold_labels_and_neighbourhoods_match_the_raw_files(dblp_raw):
    by_title_area, by_title_authors = dblp_raw
    instances = _generate(count=15, tasks=["neighbors"], max_neighbors=6)
    assert len(instances) == 15
    for inst in instances:
        nodes = inst.graphs["G"]["nodes"]
        centre = nodes[0]["text"]
        assert inst.answer in by_title_area[centre]
        assert "label" not in nodes[0]  # the centre's label is never stored
        assert 1 <= len(nodes) <= 7 and inst.meta["split"] == "test"
        for node in nodes[1:]:
            parent = nodes[node["parent"]]["text"]
            assert by_title_authors[node["text"]] & by_title_authors[parent], node
            if "label" in node:
                assert node["label"] in by_title_area[node["text"]]


def test_generation_is_deterministic_and_styles_share_nodes(tmp_path):
    a, b = _generate(seed=3), _generate(seed=3)
    write_jsonl(a, tmp_path / "a.jsonl")
    write_jsonl(b, tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    by_task = defaultdict(list)
    for inst in a:
        by_task[inst.task].append((inst.meta["node"], inst.answer))
    assert set(by_task) == {"zero_shot", "neighbors", "neighbors_labels"}
    assert by_task["zero_shot"] == by_task["neighbors"] == by_task["neighbors_labels"]
    smaller = _generate(count=5, seed=3, tasks=["neighbors"])
    assert [i.to_json() for i in smaller] == [i.to_json() for i in a if i.task == "neighbors"][:5]
    assert {i.meta["node"] for i in _generate(seed=4)} != {i.meta["node"] for i in a}


def test_variants_never_leak_the_gold_label():
    instances = _generate(count=8)
    labels = instances[0].meta["labels"]
    for inst in instances:
        other = next(label for label in labels if label != inst.answer)
        swapped = replace(inst, answer=other)
        for name in expand_variants(["all"]):
            prompt = render(inst, None, name)
            assert prompt.text == render(swapped, None, name).text, (inst.id, name)
            instruction = prompt.text.rsplit("\n\n", 1)[1]
            asked = coarse_labels(inst.meta["relabel"]) if name.startswith("relabel") else labels
            # every label is listed once, in the dataset's order: none is singled out
            assert [instruction.count(label) for label in asked] == [1] * len(asked)
            assert inst.meta["relabel"][inst.answer] not in instruction or name.startswith(
                "relabel")


def test_prompt_styles_differ_as_documented():
    zero, hood, known = (_generate(count=3, tasks=[t])[1]
                         for t in ("zero_shot", "neighbors", "neighbors_labels"))
    z, n, k = render(zero).text, render(hood).text, render(known).text
    assert "Node 2" not in z and "Node 2" in n and "known label" not in n
    shown = [node for node in known.graphs["G"]["nodes"] if "label" in node]
    assert k.count("known label") == len(shown)
    relabeled = render(known, None, "relabel:0").text
    for node in shown:  # shown labels speak the coarse space under relabel
        assert f"known label: {known.meta['relabel'][node['label']]}" in relabeled


def test_webkb_and_options():
    insts = _generate(count=4, dataset="webkb:texas", hops=2, max_neighbors=3,
                      tasks=["neighbors"])
    assert all(i.meta["labels"] == ["course", "project", "student", "faculty", "staff"]
               for i in insts)
    assert max(n["hop"] for i in insts for n in i.graphs["G"]["nodes"]) <= 2
    removed = _generate(count=2, remove_text=True, tasks=["zero_shot"])
    assert "[text removed]" in render(removed[0]).text
    for bad in ({"hops": 0}, {"split": "dev"}, {"colour": 1}, {"remove_text": "yes"},
                {"dataset": ""}):
        with pytest.raises(UserError):
            _generate(**bad)


def test_custom_relabel_map(tmp_path):
    good = tmp_path / "map.yaml"
    good.write_text("Database: Systems\nData Mining: Learning\nAI: Learning\n"
                    "Information Retrieval: Systems\n")
    inst = _generate(count=1, relabel=str(good), tasks=["zero_shot"])[0]
    assert "Learning, Systems" in render(inst, None, "relabel:0").text or \
        "Systems, Learning" in render(inst, None, "relabel:0").text
    bad = tmp_path / "bad.yaml"
    bad.write_text("Database: Data Mining Systems\nData Mining: x\nAI: y\n"
                   "Information Retrieval: z\n")
    with pytest.raises(UserError, match="other label space"):
        _generate(count=1, relabel=str(bad))
    missing = tmp_path / "missing.yaml"
    missing.write_text("Database: x\n")
    with pytest.raises(UserError, match="no coarse label for"):
        _generate(count=1, relabel=str(missing))
    nomap = replace(inst, meta={**inst.meta, "relabel": None})
    with pytest.raises(UserError, match="relabel=FILE"):
        render(nomap, None, "relabel:1")


# --- scripted models through run → store → metrics -------------------------------------
EXPECTED = {  # model -> (Ori, Rep, Relabel, Reverse, Random); None: data-dependent
    "reference": (1.0, 1.0, 0.0, 0.0, 0.0),
    SCRIPTED + "always_original": (1.0, 1.0, 0.0, 0.0, 0.0),
    SCRIPTED + "oracle": (1.0, 1.0, 1.0, 1.0, 1.0),
    SCRIPTED + "refuse": (0.0, 0.0, 0.0, 0.0, 1.0),
    SCRIPTED + "echo_first": (None, None, None, 0.0, 0.0),
}
DIAGNOSIS = {
    "reference": "stable under wording; over-insensitive",
    SCRIPTED + "always_original": "stable under wording; over-insensitive",
    SCRIPTED + "oracle": "understands the instructions",
    SCRIPTED + "refuse": "does not answer",
    SCRIPTED + "echo_first": "stable under wording; over-insensitive",
}


@pytest.fixture(scope="module")
def signature_rows(tmp_path_factory):
    instances = _generate(count=20, tasks=["neighbors_labels"], seed=1)
    variants = expand_variants(["all"])
    with Store(tmp_path_factory.mktemp("gt") / "gt.db") as store:
        run_ids = [run_benchmark(instances, load_model(spec), store,
                                 RunOptions(variants=tuple(variants)), progress=False).run_id
                   for spec in EXPECTED]
        rows = gteval_rows(store, run_ids)
        stored = defaultdict(lambda: defaultdict(list))
        for item in store.items(run_ids, ("run_id", "variant", "accuracy")):
            stored[item.run_id][item.variant.split(":")[0]].append(item.accuracy)
    means = {run: {kind: sum(v) / len(v) for kind, v in kinds.items()}
             for run, kinds in stored.items()}
    return instances, {row.model: row for row in rows}, means


@pytest.mark.parametrize("model", list(EXPECTED))
def test_scripted_models_have_their_signatures(signature_rows, model):
    instances, rows, _ = signature_rows
    row = rows[model]
    labels = instances[0].meta["labels"]
    coarse = coarse_labels(instances[0].meta["relabel"])
    expected = list(EXPECTED[model])
    if model.endswith("echo_first"):  # share of golds that happen to be the first label
        first = sum(i.answer == labels[0] for i in instances) / len(instances)
        first_coarse = sum(i.meta["relabel"][i.answer] == coarse[0]
                           for i in instances) / len(instances)
        expected[:3] = [first, first, first_coarse]
    got = [row.original, row.rephrase.mean, row.relabel.mean, row.reverse.mean, row.random.mean]
    assert got == pytest.approx(expected)
    assert row.rephrase.templates == 11 and row.relabel.std == pytest.approx(0.0)
    assert row.diagnosis.startswith(DIAGNOSIS[model]) or DIAGNOSIS[model] in row.diagnosis


def test_stored_accuracy_is_the_gteval_metric_of_each_variant(signature_rows):
    """The per-item accuracy a run stores is GTEval's metric of the item's variant, for
    every transformation and scripted model (all templates have the same items, so the
    mean over items is the mean over templates)."""
    _, rows, stored = signature_rows
    for row in rows.values():
        got = stored[row.run_id]
        assert got["original"] == pytest.approx(row.original)
        for kind, spread in (("rephrase", row.rephrase), ("relabel", row.relabel),
                             ("reverse", row.reverse), ("randomize", row.random)):
            assert got[kind] == pytest.approx(spread.mean), (row.model, kind)


def test_neighbor_vote_reads_the_known_labels_from_the_prompt():
    from collections import Counter
    from types import SimpleNamespace

    from graphgauge.studies.gteval.models import REFUSAL, neighbor_vote

    for inst in _generate(count=10, tasks=["neighbors_labels"], seed=2):
        prompt = render(inst)
        counts = Counter(n["label"] for n in inst.graphs["G"]["nodes"][1:] if "label" in n)
        answer = neighbor_vote(prompt.text, SimpleNamespace(prompt=prompt, instance=inst))
        if not counts:
            assert answer == REFUSAL
        else:
            assert counts[answer] == max(counts.values())


def test_registry_path():
    from graphgauge import registry

    insts = registry.generate("classify", ["zero_shot"], count=3, seed=0,
                              options={"dataset": "webkb:cornell"})
    assert [i.task for i in insts] == ["zero_shot"] * 3
    from graphgauge.results.sections import SUITE_REPORTS
    from graphgauge.studies import gteval

    assert SUITE_REPORTS["classify"].console is gteval.suite_report
    assert SUITE_REPORTS["classify"].html is gteval.html_section
    with pytest.raises(UserError, match="--nodes"):
        registry.generate("classify", count=1, nodes=(5, 9), options={"dataset": "dblp"})


def test_fragile_model_is_diagnosed_over_sensitive(tmp_path):
    instances = _generate(count=10, tasks=["zero_shot"], seed=5)
    variants = expand_variants(["original", "rephrase", "randomize"])
    with Store(tmp_path / "f.db") as store:
        run = run_benchmark(instances, load_model(SCRIPTED + "fragile"), store,
                            RunOptions(variants=tuple(variants)), progress=False)
        [row] = gteval_rows(store, [run.run_id])
    first = sum(i.answer == i.meta["labels"][0] for i in instances) / len(instances)
    # 2 of the 11 rephrasings say "class": those get the gold, the rest the first label
    assert row.original == 1.0
    assert row.rephrase.mean == pytest.approx((2 + 9 * first) / 11)
    assert row.rephrase.std > 0 and row.random.mean == 0.0
    assert row.diagnosis.startswith("over-sensitive to wording; over-insensitive")
