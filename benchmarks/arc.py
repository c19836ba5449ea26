"""GraphARC throughput: the main dataset, the cap250 scaling set, 1,000-node test tasks,
colour-preserving isomorphism checks at 250 nodes, and reading and scoring 1,000-node
answers for every family x rule.

Run on demand: ``python benchmarks/arc.py [--count 10] [--seed 0] [--all-rules]
[--answers-only]``. Times
are CPU seconds of this process (``time.process_time``): the machine is shared, and
wall-clock times swing by 2x with its load. The main dataset is every rule x family x
{scale_up_3, scale_up_4}, ``count`` tasks per cell, both paths (full output and the two
parallel questions), rendered in both encodings; the target is <= 30 s. A 1,000-node test
task (examples of 10 nodes) should take <= 1 s: six representative rules by default,
every compatible rule (one seed each) with ``--all-rules``. For every family x rule, a
correct and a wrong (one edge moved, or one node repainted) 1,000-node answer, written in
both of the paper's encodings, must each be read in <= 0.2 s and scored in <= 1 s; the
worst case per cell is printed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import statistics
import time

import networkx as nx
import numpy as np

from graphgauge.graphs.nodelink import from_node_link
from graphgauge.registry import render
from graphgauge.suites.arc import generate_suite
from graphgauge.suites.arc.build import task_instances
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.generate import Unsatisfiable, compatible
from graphgauge.suites.arc.match import isomorphic
from graphgauge.suites.arc.prompts import encode
from graphgauge.suites.arc.rules import RULES
from graphgauge.suites.base import REGISTRY

MAIN_TARGET, BIG_TARGET = 30.0, 1.0
READ_TARGET, SCORE_TARGET = 0.2, 1.0


def timed_suite(count: int, seed: int, options: dict) -> tuple[float, float, int, int]:
    """(generate seconds, render seconds, sampled tasks, instances)."""
    start = time.process_time()
    with contextlib.redirect_stderr(io.StringIO()):  # the skipped-cells warning
        bench = generate_suite(None, count, seed, None, options, progress=False)
    made = time.process_time() - start
    start = time.process_time()
    for inst in bench:
        for encoding in ("edge_list", "adjacency_list"):
            render(inst, encoding, "original")
    tasks = sum(1 for inst in bench if inst.query["mode"] == "full")
    return made, time.process_time() - start, tasks, len(bench)


BIG_RULES = ("colorNeighbors", "colorEquidistant", "removeDegree2", "mergeAtBlue",
             "colorPath", "colorComponents")


def big_tasks(n: int, first_seed: int, seeds: int = 3,
              names: tuple[str, ...] = BIG_RULES) -> dict[str, list[tuple[float, str]]]:
    """(seconds, rule) to sample, build and render one task with an ``n``-node test, per
    family (by default a local, a global and two structural rules, plus the
    tree/component rules), over ``seeds`` seeds."""
    out: dict[str, list[tuple[float, str]]] = {}
    for family in FAMILIES.values():
        for rule, seed in itertools.product((RULES[name] for name in names),
                                            range(first_seed, first_seed + seeds)):
            if not compatible(rule, family, (10, 10, n)):
                continue
            start = time.process_time()
            try:
                made = task_instances(rule, family, "big", (10, 10, n),
                                      np.random.default_rng(seed), 0, seed, ("full",))
            except Unsatisfiable:
                print(f"  ({rule.name} on {family.name}: no valid {n}-node test graph drawn "
                      f"in {time.process_time() - start:.1f} s)")
                continue
            render(made[0], "edge_list", "original")
            out.setdefault(family.name, []).append((time.process_time() - start, rule.name))
    return out


def iso_rate(seed: int, count: int = 40) -> tuple[float, float]:
    """Checks per second at 250 nodes: (isomorphic pairs, pairs differing in one edge)."""
    rng = np.random.default_rng(seed)
    pairs_same, pairs_diff = [], []
    cells = [("removeDegree1", "tree"), ("removeDegree2", "watts_strogatz"),
             ("mergeAtBlue", "bipartite"), ("addHub", "erdos_renyi")]
    for attempt in range(10 * count):
        if len(pairs_same) == count:
            break
        rule, family = (RULES[cells[attempt % 4][0]], FAMILIES[cells[attempt % 4][1]])
        try:
            made = task_instances(rule, family, "iso", (10, 250), rng, 0, seed, ("full",))
        except Unsatisfiable:
            continue
        gold = from_node_link(made[0].answer)
        if gold.number_of_edges() == 0 or gold.number_of_nodes() < 100:
            continue
        perm = dict(enumerate(rng.permutation(gold.number_of_nodes()).tolist()))
        moved = nx.relabel_nodes(gold, perm)
        pairs_same.append((gold, moved))
        broken = moved.copy()
        u, v = next(iter(broken.edges))
        broken.remove_edge(u, v)
        w = next(x for x in broken if x not in (u, v) and not broken.has_edge(u, x))
        broken.add_edge(u, w)
        pairs_diff.append((gold, broken))
    rates, verdicts = [], []
    for pairs in (pairs_same, pairs_diff):
        start = time.process_time()
        verdicts.append([isomorphic(a, b) for a, b in pairs])
        rates.append(len(pairs) / (time.process_time() - start))
    assert all(verdicts[0]), "a relabelled copy was judged different"
    return rates[0], rates[1]


def _wrong(answer: dict, rng: np.random.Generator) -> dict:
    """``answer`` with one edge moved to a non-edge, or (no edges) one node repainted."""
    edges = [dict(e) for e in answer["edges"]]
    nodes = [dict(n) for n in answer["nodes"]]
    if edges:
        gone = edges.pop(int(rng.integers(len(edges))))
        present = {(e["source"], e["target"]) for e in edges} | {
            (gone["source"], gone["target"])}
        ids = [n["id"] for n in nodes]
        while True:
            u, v = sorted(rng.choice(ids, size=2, replace=False).tolist())
            if (u, v) not in present:
                edges.append({"source": u, "target": v})
                break
    else:
        nodes[0]["color"] = "green" if nodes[0]["color"] != "green" else "blue"
    return {**answer, "nodes": nodes, "edges": edges}


def _relabelled(answer: dict, rng: np.random.Generator) -> dict:
    """The same graph under a random renumbering 0..m-1 (what a model may write for
    rules compared up to isomorphism)."""
    perm = rng.permutation(len(answer["nodes"]))
    where = {n["id"]: int(perm[i]) for i, n in enumerate(answer["nodes"])}
    return {**answer,
            "nodes": sorted(({**n, "id": where[n["id"]]} for n in answer["nodes"]),
                            key=lambda n: n["id"]),
            "edges": [{"source": where[e["source"]], "target": where[e["target"]]}
                      for e in answer["edges"]]}


def answer_times(n: int, seed: int) -> list[tuple[str, str, float, float]]:
    """(family, rule, worst reading seconds, worst scoring seconds) per compatible
    cell: a correct and a wrong answer with an ``n``-node test, in both encodings."""
    rows = []
    for family, rule in itertools.product(FAMILIES.values(), RULES.values()):
        if not compatible(rule, family, (10, 10, n)):
            continue
        rng = np.random.default_rng(seed)
        try:
            inst = task_instances(rule, family, "big", (10, 10, n), rng, 0, seed, ("full",))[0]
        except Unsatisfiable:
            print(f"  ({rule.name} on {family.name}: no {n}-node task drawn)")
            continue
        task = REGISTRY["arc"][rule.name]
        right = inst.answer if rule.keeps_ids else _relabelled(inst.answer, rng)
        reading, scoring = 0.0, 0.0
        for value, expected in ((right, 1.0), (_wrong(right, rng), 0.0)):
            for style in ("adjacency", "incidence"):
                text = f"<answer>\n{encode(value, style)}\n</answer>"
                start = time.process_time()
                prediction = task.parse(text, inst)
                middle = time.process_time()
                scores = task.score(prediction, inst)
                reading = max(reading, middle - start)
                scoring = max(scoring, time.process_time() - middle)
                assert scores["accuracy"] == expected, (family.name, rule.name, style, expected)
        rows.append((family.name, rule.name, reading, scoring))
    return rows


def print_answer_times(n: int, seed: int) -> None:
    rows = answer_times(n, seed)
    for family, rule, reading, scoring in rows:
        flag = "" if reading <= READ_TARGET and scoring <= SCORE_TARGET else "  <- over"
        print(f"  {family:14s} {rule:22s} read {reading:.3f} s  score {scoring:.3f} s{flag}")
    read_worst, score_worst = max(rows, key=lambda r: r[2]), max(rows, key=lambda r: r[3])
    print(f"{n:,}-node answers, {len(rows)} family x rule cells (correct and wrong, both "
          f"encodings): worst reading {read_worst[2]:.3f} s ({read_worst[0]}/{read_worst[1]}) "
          f"[{'OK' if read_worst[2] <= READ_TARGET else 'over'} target {READ_TARGET} s], "
          f"worst scoring {score_worst[3]:.3f} s ({score_worst[0]}/{score_worst[1]}) "
          f"[{'OK' if score_worst[3] <= SCORE_TARGET else 'over'} target {SCORE_TARGET:.0f} s]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--all-rules", action="store_true",
                        help="time 1,000-node tasks of every rule (one seed each)")
    parser.add_argument("--answers-only", action="store_true",
                        help="only time reading and scoring 1,000-node answers")
    args = parser.parse_args()
    if args.answers_only:
        print_answer_times(1000, args.seed)
        return

    made, rendered, tasks, instances = timed_suite(args.count, args.seed, {})
    total = made + rendered
    print(f"main dataset: {tasks} tasks ({instances} instances, both paths) generated in "
          f"{made:.1f} s ({tasks / made:.0f} tasks/s), rendered x2 encodings in "
          f"{rendered:.1f} s; total {total:.1f} s "
          f"[{'OK' if total <= MAIN_TARGET else 'over'} target {MAIN_TARGET:.0f} s]")
    cap = max(1, args.count // 5)
    made, rendered, tasks, instances = timed_suite(cap, args.seed, {"patterns": ["cap250"]})
    print(f"cap250: {tasks} tasks ({instances} instances) generated in {made:.1f} s "
          f"({tasks / made:.1f} tasks/s), rendered x2 in {rendered:.1f} s")
    same, diff = iso_rate(args.seed)
    print(f"isomorphism at 250 nodes: {same:.0f} checks/s (isomorphic), "
          f"{diff:.0f} checks/s (one edge moved)")
    big = (big_tasks(1000, args.seed, seeds=1, names=tuple(RULES)) if args.all_rules
           else big_tasks(1000, args.seed))
    for family, timed in sorted(big.items()):
        seconds = [t for t, _ in timed]
        worst = max(timed)
        verdict = "OK" if worst[0] <= BIG_TARGET else "over"
        print(f"1,000-node test task, {family:14s}: median {statistics.median(seconds):.2f} s, "
              f"max {worst[0]:.2f} s ({worst[1]}) over {len(seconds)} tasks "
              f"[{verdict} target 1 s]")
    print_answer_times(1000, args.seed)


if __name__ == "__main__":
    main()
