"""GraphARC throughput: the main dataset, the cap250 scaling set, 1,000-node test tasks,
and colour-preserving isomorphism checks at 250 nodes.

Run on demand: ``python benchmarks/arc.py [--count 10] [--seed 0] [--all-rules]``. Times
are CPU seconds of this process (``time.process_time``): the machine is shared, and
wall-clock times swing by 2x with its load. The main dataset is every rule x family x
{scale_up_3, scale_up_4}, ``count`` tasks per cell, both paths (full output and the two
parallel questions), rendered in both encodings; the target is <= 30 s. A 1,000-node test
task (examples of 10 nodes) should take <= 1 s: six representative rules by default,
every compatible rule (one seed each) with ``--all-rules``.
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
from graphgauge.render.prompt import render
from graphgauge.suites.arc import generate_suite
from graphgauge.suites.arc.build import task_instances
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.generate import Unsatisfiable, compatible
from graphgauge.suites.arc.match import isomorphic
from graphgauge.suites.arc.rules import RULES

MAIN_TARGET, BIG_TARGET = 30.0, 1.0


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--all-rules", action="store_true",
                        help="time 1,000-node tasks of every rule (one seed each)")
    args = parser.parse_args()

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


if __name__ == "__main__":
    main()
