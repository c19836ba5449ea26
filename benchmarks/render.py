"""Rendering throughput: the graph part of every algorithmic instance in every encoding.

Run on demand: ``python benchmarks/render.py [--count 100] [--seed 0] [--repeat 3]``.
Generates the 49-task algorithmic suite once, then times ``graph_text`` for each instance
in each supported (structure, order, syntax) combination, with identity labels and with
one random relabeling. Prints prompts/second overall, per syntax and per structure, the
slowest encodings, and whether the target (>= 20,000 graphs/s on one core) is met.

Labelings and shuffle seeds are cached per instance, as in a study that renders each
instance in many encodings; the first pass over all encodings is reported separately
("cold") from the best of the repeated passes. The generated suite is moved out of the
garbage collector's reach (``gc.freeze``) as a run does. Shared machines drift in speed,
so the Erdős baseline (``describe_graph``) is timed alongside as a yardstick.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections import defaultdict

from graphgauge.registry import generate
from graphgauge.render.encoding import Encoding, all_encodings
from graphgauge.render.prompt import describe_graph
from graphgauge.render.serialize import graph_text

TARGET_PER_SECOND = 20_000


def encodings() -> list[Encoding]:
    out = []
    for encoding in all_encodings():
        out.append(encoding)
        out.append(Encoding(encoding.structure, encoding.order, encoding.syntax, "random", 1))
    return out


def time_encoding(graphs: list[tuple[dict, str]], encoding: Encoding) -> float:
    start = time.perf_counter()
    for graph, instance_id in graphs:
        graph_text(graph, encoding, instance_id)
    return time.perf_counter() - start


def _time_baseline(graphs: list[tuple[dict, str]]) -> float:
    start = time.perf_counter()
    for graph, _ in graphs:
        describe_graph(graph)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    instances = generate("algorithmic", count=args.count, seed=args.seed)
    graphs = [(instance.graphs["G"], instance.id) for instance in instances]
    gc.freeze()
    chosen = encodings()
    cold = sum(time_encoding(graphs, encoding) for encoding in chosen)
    # Rounds over all encodings, best round kept per encoding: a slow spell of a shared
    # machine then costs one round, not every repeat of the encodings it hits.
    best = dict.fromkeys(chosen, float("inf"))
    baseline = float("inf")
    for _ in range(args.repeat):
        baseline = min(baseline, _time_baseline(graphs))
        for encoding in chosen:
            best[encoding] = min(best[encoding], time_encoding(graphs, encoding))
    renders = len(graphs) * len(chosen)
    total = sum(best.values())
    print(f"{len(graphs)} graphs x {len(chosen)} encodings = {renders:,} renders")
    print(f"cold (first pass, seeding caches): {renders / cold:,.0f} graphs/s")
    print(f"warm (best of {args.repeat}): {renders / total:,.0f} graphs/s "
          f"({1e6 * total / renders:.1f} us per graph)")
    print(f"yardstick describe_graph (default encoding, today's renderer): "
          f"{len(graphs) / baseline:,.0f} graphs/s; the encodings average "
          f"{total / len(chosen) / baseline:.2f}x its time")
    for field in ("syntax", "structure", "order", "labeling"):
        groups: dict[str, list[float]] = defaultdict(list)
        for encoding, seconds in best.items():
            groups[getattr(encoding, field)].append(seconds)
        line = ", ".join(f"{name} {len(times) * len(graphs) / sum(times):,.0f}"
                         for name, times in groups.items())
        print(f"  per {field} (graphs/s): {line}")
    slowest = sorted(best.items(), key=lambda item: -item[1])[:5]
    print("  slowest: " + ", ".join(f"{encoding.name} {1e6 * seconds / len(graphs):.0f} us"
                                    for encoding, seconds in slowest))
    verdict = "meets" if renders / total >= TARGET_PER_SECOND else "MISSES"
    print(f"target >= {TARGET_PER_SECOND:,} graphs/s on one core: {verdict}")


if __name__ == "__main__":
    main()
