"""GraphInfer validity: the audit's findings, each with a test that would have caught it.

T4's outlier must not be findable by degree, T1's prompt must never show the masked
title, T2 must be balanced on every split, and T5 is scored on the instance's nodes.
Degrees and prompts are recomputed here from the instance JSON, not from suite code.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
import pytest

from graphgauge.datasets import data_root, load_tag
from graphgauge.instance import Instance
from graphgauge.runner import score_response
from graphgauge.suites.inference import construct, gates, generate_suite, metrics
from graphgauge.suites.inference.pipeline import to_instance
from graphgauge.suites.inference.prompts import render_prompt
from graphgauge.suites.inference.sampling import Sampler
from graphgauge.suites.inference.vocab import terms_for

needs_dblp = pytest.mark.skipif(not (data_root() / "dblp").is_dir(),
                                reason="shared data absent")


def degrees(inst: Instance) -> np.ndarray:
    graph = inst.graphs["G"]
    out = np.zeros(len(graph["nodes"]))
    for edge in graph["edges"]:
        out[edge["source"]] += 1
        out[edge["target"]] += 1
    return out


def expected_hit(values: np.ndarray, gold: int, pick) -> float:
    """Hit@1 of "pick the extreme node", ties broken uniformly (its expectation)."""
    best = np.flatnonzero(values == pick(values))
    return float(gold in best) / len(best)


@needs_dblp
def test_t4_outlier_degree_is_no_shortcut_on_dblp():
    items = generate_suite(["outlier"], 0, 0, None, {
        "dataset": "dblp", "candidates": 600, "train": 400, "val": 50, "test": 150})
    assert len(items) >= 450
    chance = np.mean([1 / len(i.graphs["G"]["nodes"]) for i in items])
    low = np.mean([expected_hit(degrees(i), i.answer["answer"], np.min) for i in items])
    high = np.mean([expected_hit(degrees(i), i.answer["answer"], np.max) for i in items])
    # Before: lowest degree found the outlier 69% of the time against 6% chance.
    assert abs(low - chance) < 0.04 and abs(high - chance) < 0.04, (low, high, chance)
    # The outlier's degree rank is spread like a member's: mean percentile near 1/2.
    ranks = []
    for inst in items:
        d, gold = degrees(inst), inst.answer["answer"]
        ranks.append(((d < d[gold]).sum() + 0.5 * ((d == d[gold]).sum() - 1)) / (len(d) - 1))
    assert 0.42 < np.mean(ranks) < 0.58
    # Every outlier is still attached, and real edges are used where they exist.
    assert all(degrees(i)[i.answer["answer"]] >= 1 for i in items)
    assert sum(i.meta["real_links"] > 0 for i in items) > len(items) / 2


@needs_dblp
def test_t1_never_shows_the_masked_title_for_hubs_with_duplicate_titles():
    tag = load_tag("dblp")
    sampler = Sampler(tag)
    folded = [construct.folded(t) for t in tag.titles]
    counts = Counter(folded)
    hubs = [int(h) for h in sampler.hubs if counts[folded[int(h)]] > 1]
    assert len(hubs) >= 20
    ctx = construct.Context(tag, sampler, None)
    words, built = terms_for(tag.domain), 0
    for hub in hubs:
        for draw in range(3):
            rng = np.random.default_rng([hub, draw])
            ego = sampler.ego(hub, rng)
            cand = construct.masked_node(ctx, ego, rng)
            if cand is None:
                continue
            inst = to_instance(ctx, cand, 0, words, "dblp", 0)
            text = construct.folded(render_prompt(inst, None, "original").text)
            assert folded[hub] not in text, (hub, tag.titles[hub])
            built += 1
    assert built >= 20


@needs_dblp
def test_t1_generated_prompts_never_contain_the_masked_title():
    tag = load_tag("dblp")
    items = generate_suite(["masked_node"], 0, 1, None, {
        "dataset": "dblp", "candidates": 2200, "train": 1000, "val": 100, "test": 300})
    for inst in items:
        hidden = tag.titles[inst.meta["global_ids"][0]].casefold()
        assert hidden not in render_prompt(inst, None, "original").text.casefold()


@needs_dblp
def test_t2_always_yes_scores_half_on_every_split():
    items = generate_suite(["relation"], 0, 3, None, {
        "dataset": "dblp", "candidates": 400, "train": 200, "val": 41, "test": 60})
    per_split: dict[str, Counter] = defaultdict(Counter)
    for inst in items:
        per_split[inst.meta["split"]][inst.answer["answer"]["has_edge"]] += 1
    assert set(per_split) == {"train", "val", "test"}
    for split, count in per_split.items():
        assert abs(count[True] - count[False]) <= 1, (split, count)


def fake(stratum: str, index: int) -> Instance:
    return Instance(id=f"infer/relation/{index}", suite="infer", task="relation",
                    graphs={"G": {"directed": False, "nodes": [], "edges": []}},
                    meta={"identity": str(index), "stratum": stratum, "index": index})


def test_split_keeps_each_stratum_in_proportion():
    # 40 "yes" and 32 "no", all kept (within the skew cap): every split keeps 5:4.
    items = [fake("yes" if i < 40 else "no", i) for i in range(72)]
    for seed in range(5):
        out = gates.cap_and_split(items, {"train": 45, "val": 9, "test": 18},
                                  np.random.default_rng(seed))
        count = Counter((split, inst.meta["stratum"]) for inst, split in out)
        assert count == {("train", "yes"): 25, ("train", "no"): 20, ("val", "yes"): 5,
                         ("val", "no"): 4, ("test", "yes"): 10, ("test", "no"): 8}


def test_partition_scores_only_on_the_instance_nodes():
    gold = [0, 0, 1, 1]
    exact = {0: 0, 1: 0, 2: 1, 3: 1}
    # An exact partition plus a line for a node that does not exist: still exact.
    s = metrics.partition_scores({**exact, 113: 5}, gold, 2)
    assert s == {"ari": 1.0, "nmi": 1.0, "purity": 1.0, "count_accuracy": 1.0}
    # Node 3 left out, a phantom node added: node 3 becomes a singleton, so the
    # prediction is {0,1} {2} {3}. ARI from pair counts: index 1, expected 2*1/6 = 1/3,
    # max (2+1)/2 = 3/2, so 4/7; purity 3/4 (the missing node is misplaced).
    s = metrics.partition_scores({0: 0, 1: 0, 2: 1, 113: 1}, gold, 2)
    assert s["ari"] == pytest.approx((1 - 1 / 3) / (1.5 - 1 / 3))
    assert s["purity"] == pytest.approx(3 / 4)
    assert s["count_accuracy"] == 1.0
    assert not metrics.complete({0: 0, 1: 0, 2: 1, 113: 1}, 4)
    assert metrics.partition_scores({9: 0}, gold, 2)["ari"] == 0.0


@needs_dblp
def test_t5_item_accuracy_needs_every_node():
    items = generate_suite(["community"], 0, 0, None, {
        "dataset": "dblp", "candidates": 20, "train": 0, "val": 0, "test": 5})
    inst = items[0]
    gold = inst.answer["answer"]["communities"]
    n = len(gold)
    lines = [f"Node {i}: Community {c}" for i, c in enumerate(gold)]
    full = "Answer:\n" + "\n".join(lines) + f"\nNode {n + 100}: Community 7\nReasoning: x"
    _, ok, _, accuracy = score_response(full, inst)
    assert ok and accuracy == 1.0
    dropped = "Answer:\n" + "\n".join(lines[:-1]) + f"\nNode {n + 100}: Community 0\n" \
        "Reasoning: x"
    _, ok, _, accuracy = score_response(dropped, inst)
    assert ok and accuracy == 0.0


def test_short_cells_release_no_dominant_stratum():
    # DBLP's T3 pool before the cap: 614 Database, 326 AI, 207 IR, 189 DM; cap 1400.
    # Largest q with q <= 1.25 * mean: q = 328 (taken 1050, 1.25 * 1050 / 4 = 328.1).
    assert gates.stratum_sizes([614, 326, 207, 189], 1400) == [328, 326, 207, 189]
    # A full cell: the same q from each, the remainder one each in the order given.
    assert gates.stratum_sizes([500, 500, 400], 1000) == [334, 333, 333]
    # q = 300 would fill 700 but put 300 > 1.25 * 700 / 3 = 291.7 in one stratum.
    assert gates.stratum_sizes([500, 500, 100], 700) == [250, 250, 100]
    assert gates.stratum_sizes([7], 20) == [7]
    assert gates.stratum_sizes([], 20) == []


def test_partition_metrics_match_sklearn_on_random_partitions():
    from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

    rng = np.random.default_rng(0)
    for trial in range(400):
        n = int(rng.integers(1, 30))
        gold = rng.integers(0, int(rng.integers(1, 4)), n).tolist()
        predicted = list(gold) if trial % 4 == 0 else \
            rng.integers(0, int(rng.integers(1, 5)), n).tolist()
        s = metrics.partition_scores(dict(enumerate(predicted)), gold, 2)
        assert s["ari"] == pytest.approx(adjusted_rand_score(gold, predicted), abs=1e-12)
        assert s["nmi"] == pytest.approx(normalized_mutual_info_score(gold, predicted),
                                         abs=1e-12)
