"""GraphInfer: construction rules on every sample, gates with crafted failures, L4 and
splits, parsing and metrics against sklearn / hand examples, prompts.

Construction checks recompute everything from the TAG with networkx (induced subgraphs,
BFS distances, connectivity) and numpy cosines, not with the suite's CSR code.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from itertools import combinations

import networkx as nx
import numpy as np
import pytest

from graphgauge.datasets import embed_texts, load_tag
from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.runner import score_response
from graphgauge.suites.inference import gates, generate_suite, metrics, parsing
from graphgauge.suites.inference.gold import full_text
from graphgauge.suites.inference.prompts import render_prompt
from tests.support.data import needs_shared_data

pytestmark = needs_shared_data("dblp")
OPTIONS = {"dataset": "dblp", "candidates": 60, "train": 20, "val": 5, "test": 15}


@pytest.fixture(scope="module")
def dblp():
    tag = load_tag("dblp")
    return tag, tag.to_networkx(), embed_texts(tag.titles)


@pytest.fixture(scope="module")
def bench():
    return generate_suite(None, 100, 7, None, dict(OPTIONS))


def by_task(instances, name):
    return [inst for inst in instances if inst.task == name]


def instance_edges(inst):
    return {(e["source"], e["target"]) for e in inst.graphs["G"]["edges"]}


def induced(graph, ids):
    sub = graph.subgraph(ids)
    where = {g: i for i, g in enumerate(ids)}
    return {tuple(sorted((where[u], where[v]))) for u, v in sub.edges}


def test_every_task_present_with_exact_splits(bench):
    counts = Counter((inst.task, inst.meta["split"]) for inst in bench)
    for name in ("masked_node", "relation", "theme", "outlier", "community"):
        assert counts[name, "train"] == 20 and counts[name, "val"] == 5
        assert counts[name, "test"] == 15


def test_titles_and_ego_shape(bench, dblp):
    tag, graph, _ = dblp
    for inst in bench:
        ids, nodes = inst.meta["global_ids"], inst.graphs["G"]["nodes"]
        assert len(set(ids)) == len(ids) <= 111
        for node, gid in zip(nodes, ids, strict=True):
            assert node["title"] in (tag.titles[gid], "[MASK]")
        if inst.task in ("masked_node", "relation"):  # the whole ego-graph
            hub = ids[0]
            assert graph.degree(hub) >= 3
            reach = nx.single_source_shortest_path_length(graph, hub, cutoff=2)
            assert all(g in reach for g in ids)
            assert instance_edges(inst) == induced(graph, ids)


def test_masked_node(bench, dblp):
    tag, _, _ = dblp
    for inst in by_task(bench, "masked_node"):
        hub = inst.meta["global_ids"][0]
        assert inst.graphs["G"]["nodes"][0]["title"] == "[MASK]"
        assert inst.answer["answer"] == tag.label_names[tag.labels[hub]]
        prompt = render_prompt(inst, None, "original").text
        assert tag.titles[hub] not in prompt
        assert not any(name in prompt.split("Node 1:")[0] for name in tag.label_names)


def test_relation_is_balanced_and_true(bench, dblp):
    tag, graph, _ = dblp
    items = by_task(bench, "relation")
    for inst in items:
        a, b = (inst.meta["global_ids"][inst.query[k]] for k in ("a", "b"))
        assert inst.answer["answer"]["has_edge"] == graph.has_edge(a, b)
        assert inst.answer["answer"]["label_b"] == tag.label_names[tag.labels[b]]
    share = np.mean([inst.answer["answer"]["has_edge"] for inst in items])
    assert 0.35 <= share <= 0.65


def test_theme_is_a_connected_same_label_cluster(bench, dblp):
    tag, graph, _ = dblp
    for inst in by_task(bench, "theme"):
        ids = inst.meta["global_ids"]
        assert len(ids) >= 5
        assert {tag.label_names[tag.labels[g]] for g in ids} == {inst.answer["answer"]}
        assert nx.is_connected(graph.subgraph(ids))
        assert instance_edges(inst) == induced(graph, ids)


def test_outlier_is_distant_other_category_and_attached(bench, dblp):
    tag, graph, vectors = dblp
    positions = []
    for inst in by_task(bench, "outlier"):
        ids, gold = inst.meta["global_ids"], inst.answer["answer"]
        labels = [tag.labels[g] for g in ids]
        others = [g for i, g in enumerate(ids) if i != gold]
        assert len({tag.labels[g] for g in others}) == 1
        assert labels[gold] != labels[(gold + 1) % len(ids)]
        centroid = vectors[others].mean(axis=0)
        cosine = vectors[ids[gold]] @ centroid / np.linalg.norm(centroid)
        assert cosine < 0.40
        assert any(gold in edge for edge in instance_edges(inst))
        positions.append(gold / len(ids))
    assert np.std(positions) > 0.1  # shuffled ids: the outlier is not always last


def test_community_partition_is_the_label_partition(bench, dblp):
    tag, _, _ = dblp
    unsorted = 0
    for inst in by_task(bench, "community"):
        gold = inst.answer["answer"]
        assignment = gold["communities"]
        labels = [tag.label_names[tag.labels[g]] for g in inst.meta["global_ids"]]
        assert [gold["labels"][c] for c in assignment] == labels
        sizes = Counter(assignment)
        assert len(sizes) == inst.query["k"] in (2, 3) and min(sizes.values()) >= 3
        unsorted += assignment != sorted(assignment)
    assert unsorted == len(by_task(bench, "community"))  # communities interleave


def test_same_seed_same_file_other_seed_differs(bench):
    again = generate_suite(None, 100, 7, None, dict(OPTIONS))
    assert [i.to_json() for i in again] == [i.to_json() for i in bench]
    other = generate_suite(["masked_node"], 100, 8, None, dict(OPTIONS))
    assert {i.id for i in other}.isdisjoint({i.id for i in bench})


def test_no_identity_in_two_splits_and_no_t3_near_duplicates(bench):
    splits = defaultdict(set)
    for inst in bench:
        splits[inst.meta["identity"]].add(inst.meta["split"])
    assert all(len(s) == 1 for s in splits.values())
    assert len(splits) == len(bench)
    themes = [set(i.meta["global_ids"]) for i in by_task(bench, "theme")]
    for a, b in combinations(themes, 2):
        assert len(a & b) / len(a | b) < 0.5


def test_reference_answers_score_perfectly_and_pass_l1(bench):
    for inst in bench:
        assert gates.layer1(inst) == []
        _, ok, scores, accuracy = score_response(full_text(inst.answer), inst)
        assert ok and accuracy == 1.0, (inst.task, scores)


def mutate(inst, **answer):
    return Instance(**{**inst.to_dict(), "answer": {**inst.answer, **answer}})


def test_layer1_rejects_crafted_samples(bench):
    first = {name: by_task(bench, name)[0] for name in
             ("masked_node", "relation", "theme", "outlier", "community")}
    t1 = first["masked_node"]
    assert gates.layer1(mutate(t1, reasoning="As Node 999 shows.")) == ["C1"]
    assert "C1" not in gates.layer1(mutate(t1, reasoning="as node 999 (lowercase) shows"))
    assert "C3" in gates.layer1(mutate(t1, answer='"Patio', statement='"Patio'))
    assert "C3" in gates.layer1(mutate(t1, answer="[MASK]", statement="[MASK]"))
    t2 = first["relation"]
    flipped = "No, they are unrelated." if t2.answer["answer"]["has_edge"] else "Yes, linked."
    assert gates.layer1(mutate(t2, statement=flipped)) == ["C2"]
    t4 = first["outlier"]
    n, gold = len(t4.graphs["G"]["nodes"]), t4.answer["answer"]
    wrong = (gold + 1) % n
    lines = "\n" + "\n".join(f"Node {i}: {'outlier' if i == wrong else 'not outlier'}"
                             for i in range(n))
    assert gates.layer1(mutate(t4, statement=lines)) == ["C2"]
    two = "\n" + "\n".join(f"Node {i}: {'outlier' if i in (gold, wrong) else 'not outlier'}"
                           for i in range(n))
    assert "FMT" in gates.layer1(mutate(t4, statement=two))
    t5 = first["community"]
    short = "\n".join(t5.answer["statement"].strip().splitlines()[:-1])
    assert gates.layer1(mutate(t5, statement="\n" + short)) == ["FMT"]
    merged = "\n" + "\n".join(f"Node {i}: Community 0"
                              for i in range(len(t5.graphs["G"]["nodes"])))
    assert gates.layer1(mutate(t5, statement=merged)) == ["FMT"]


def fake(task, identity, ids, stratum="a", index=0):
    return Instance(id=f"infer/{task}/{index}", suite="infer", task=task,
                    graphs={"G": {"directed": False, "nodes": [], "edges": []}},
                    meta={"identity": identity, "global_ids": ids, "stratum": stratum,
                          "index": index})


def test_dedup_exact_and_jaccard():
    items = [fake("theme", "T3:a", [1, 2, 3, 4]), fake("theme", "T3:a", [1, 2, 3, 4]),
             fake("theme", "T3:b", [1, 2, 3, 9]),      # Jaccard 3/5 = 0.6: near-dup
             fake("theme", "T3:c", [1, 2, 7, 8]),      # 2/6 = 0.33 with the first: kept
             fake("masked_node", "T1:5", [5]), fake("masked_node", "T1:5", [5])]
    kept, dropped = gates.dedup(items)
    assert [i.meta["identity"] for i in kept] == ["T3:a", "T3:c", "T1:5"]
    assert dropped == Counter({"exact": 2, "near": 1})


def test_cap_and_split_stratifies_and_fixes_sizes():
    items = [fake("masked_node", f"T1:{i}", [i], stratum="big" if i < 90 else "small",
                  index=i) for i in range(100)]
    out = gates.cap_and_split(items, {"train": 12, "val": 2, "test": 6},
                              np.random.default_rng(0))
    assert Counter(split for _, split in out) == {"train": 12, "val": 2, "test": 6}
    assert Counter(i.meta["stratum"] for i, _ in out) == {"big": 10, "small": 10}
    few = gates.cap_and_split(items[:7], {"train": 10, "val": 1, "test": 3},
                              np.random.default_rng(0))
    assert len(few) == 7 and Counter(s for _, s in few)["train"] == 5


def test_parsing_rules(bench):
    assert parsing.blocks("blah") is None
    assert parsing.blocks("x Answer: AI\nReasoning: because\nAnswer: DB") == ("AI", "because")
    assert parsing.polarity("Yes, they do.") is True
    assert parsing.polarity("They are not connected.") is False
    assert parsing.polarity("Node 1 cites Node 2.") is True
    t4 = by_task(bench, "outlier")[0]
    echo = "Answer:\nNode 0: <outlier | not outlier>\nNode 1: <outlier | not outlier>"
    _, ok, scores, _ = score_response(echo, t4)
    assert not ok and json.loads(scores)["hit1"] == 0.0
    t1 = by_task(bench, "masked_node")[0]
    _, ok, _, _ = score_response("Answer: <one sentence stating the research topic>", t1)
    assert not ok


def test_label_projection_by_sbert():
    labels = ["Database", "Data Mining", "AI", "Information Retrieval"]
    assert metrics.project_label("ai.", labels) == "AI"
    assert metrics.project_label("search engines and document ranking", labels) == \
        "Information Retrieval"
    assert metrics.project_label("relational query processing and SQL", labels) == "Database"


def test_outlier_metrics_by_hand():
    assert metrics.outlier_scores([3], 3) == {"hit1": 1.0, "precision": 1.0, "recall": 1.0,
                                              "f1": 1.0}
    s = metrics.outlier_scores([1, 3], 3)
    assert s["hit1"] == 0.0 and s["precision"] == 0.5 and s["recall"] == 1.0
    assert s["f1"] == pytest.approx(2 / 3)
    assert metrics.outlier_scores([], 3)["f1"] == 0.0


def test_partition_metrics_against_sklearn_and_hand():
    from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

    gold = [0, 0, 1, 1, 1, 2]
    predicted = {0: 1, 1: 1, 2: 0, 3: 0, 4: 1, 5: 0, 9: 2}  # node 9 does not exist
    s = metrics.partition_scores(predicted, gold, 3)
    p = [1, 1, 0, 0, 1, 0]
    assert s["ari"] == pytest.approx(adjusted_rand_score(gold, p))
    assert s["nmi"] == pytest.approx(normalized_mutual_info_score(gold, p))
    # predicted cluster 1 = {0,1,4}: majority gold 0 (2); cluster 0 = {2,3,5}: gold 1 (2)
    assert s["purity"] == pytest.approx(4 / 6)
    assert s["count_accuracy"] == 0.0  # community 2 is only on the phantom node 9
    assert metrics.partition_scores(predicted, gold, 2)["count_accuracy"] == 1.0
    assert metrics.partition_scores({0: 0}, gold, 2)["count_accuracy"] == 0.0


def test_prompts_and_graph_token_variants(bench):
    inst = by_task(bench, "masked_node")[0]
    text = render_prompt(inst, None, "original").text
    assert "co-authorship graph" in text and "Answer:" in text and "Reasoning:" in text
    assert "shares an author with" in text
    hops = inst.meta["hops"]
    gt = render_prompt(inst, None, "graph-tokens").text
    h1 = render_prompt(inst, None, "h1").text
    h2 = render_prompt(inst, None, "h2").text
    titled = [sum(1 for line in t.splitlines() if line.startswith("Node ") and "<gt_" in line
                  and ":" in line.split(">", 1)[1][:2]) for t in (gt, h1, h2)]
    assert titled == [0, 1 + hops.count(1), 1 + hops.count(1) + hops.count(2)]


def test_options_are_checked():
    with pytest.raises(UserError, match="unknown infer option"):
        generate_suite(None, 1, 0, None, {"dataset": "dblp", "bogus": 1})
    with pytest.raises(UserError, match="candidates"):
        generate_suite(None, 1, 0, None, {"dataset": "dblp", "candidates": 0})
    with pytest.raises(UserError, match="unknown infer task"):
        generate_suite(["nope"], 1, 0, None, {"dataset": "dblp"})


def test_registry_and_webkb(tmp_path):
    from graphgauge import registry

    report = tmp_path / "gates.json"
    out = registry.generate("infer", ["theme", "community", "outlier"], options={
        "dataset": "webkb:wisconsin", "candidates": 20, "train": 5, "val": 1, "test": 4,
        "gate_report": str(report)})
    assert out and all(inst.meta["domain"] == "webpage" for inst in out)
    gate = json.loads(report.read_text())
    assert set(gate["tasks"]) == {"theme", "community", "outlier"}
    assert all(cell["L4_admitted"] <= cell["candidates"] for cell in gate["tasks"].values())
    for inst in out:
        assert gates.layer1(inst) == []
