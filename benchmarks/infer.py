"""GraphInfer sampling throughput on DBLP: candidates per second for each of the five
tasks, including gates L1 and L4 (target: 2,200 candidates per task in <= 60 s), and the
time to read one answer per task over the hand-written answer corpus plus hostile texts
(target: p99 <= 10 ms; T1/T3 free text goes through the sentence encoder).

    python benchmarks/infer.py [--candidates 2200] [--seed 0] [--reading-only]

The dataset load and the (cached) title embeddings are timed separately: they are paid
once per generate, not per candidate.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from graphgauge.datasets import embed_texts, load_tag
from graphgauge.instance import Instance
from graphgauge.registry import get_task
from graphgauge.suites.inference import construct, gates
from graphgauge.suites.inference.pipeline import EgoPool, candidates
from graphgauge.suites.inference.sampling import Sampler
from graphgauge.suites.inference.tasks import TASK_ORDER

CORPUS = Path(__file__).parent.parent / "tests" / "data" / "answers" / "infer_graphinfer.jsonl"
HOSTILE = ["9" * 5000, "answer is " * 2000, "\n" * 4000, "[" * 3000,
           "Community 1: nodes 0 to 99999999\n" * 100, "Node 1: outlier\n" * 5000,
           "Yes no " * 20000, "x" * 200_000]


def _read_ms(task, inst, texts: list[str]) -> list[float]:
    times = []
    for text in texts:
        start = time.perf_counter()
        task.parse(text, inst)
        times.append((time.perf_counter() - start) * 1000)
    return times


def reading_times() -> None:
    rows = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    rows = [row for row in rows if "_format" not in row]
    labels = ["Database", "Data Mining", "AI", "Information Retrieval"]
    print(f"{'task':<12} {'answers':>8} {'median ms':>10} {'p99 ms':>8} "
          f"{'hostile max ms':>15} (hostile: {len(HOSTILE)} texts up to 200k characters)")
    for name in TASK_ORDER:
        task = get_task("infer", name)
        inst = Instance(id=f"infer/{name}/0", suite="infer", task=name, graphs={"G": {
            "directed": False, "nodes": [{"id": i, "title": "t"} for i in range(9)],
            "edges": [], "graph": {"label_names": labels, "domain": "coauthor", "k": 3}}},
            query={"k": 3, "a": 0, "b": 1, "hub": 0}, meta={"domain": "coauthor"})
        task.parse("warm up the encoder", inst)
        corpus = _read_ms(task, inst, [row["text"] for row in rows if row["task"] == name])
        hostile = _read_ms(task, inst, HOSTILE)
        print(f"{name:<12} {len(corpus):>8} {np.median(corpus):>10.2f} "
              f"{np.percentile(corpus, 99):>8.2f} {max(hostile):>15.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=2200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dataset", default="dblp")
    parser.add_argument("--reading-only", action="store_true")
    args = parser.parse_args()
    reading_times()
    if args.reading_only:
        return

    start = time.perf_counter()
    tag = load_tag(args.dataset)
    sampler = Sampler(tag)
    vectors = embed_texts(tag.titles)
    setup = time.perf_counter() - start
    print(f"setup (load {tag.name}, CSR, cached embeddings): {setup:.1f} s")
    ctx, pool = construct.Context(tag, sampler, vectors), EgoPool(sampler, args.seed)
    total_time, total, worst = 0.0, 0, 0.0
    print(f"{'task':<12} {'candidates':>10} {'L1 kept':>8} {'L4 kept':>8} {'wall s':>7} "
          f"{'cpu s':>6} {'cand/s':>7}")
    for name in TASK_ORDER:
        start, cpu = time.perf_counter(), time.process_time()
        made = candidates(ctx, pool, name, args.candidates, args.seed, args.dataset)
        passed = [inst for inst in made if not gates.layer1(inst)]
        kept, _ = gates.dedup(passed)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        total_time, total = total_time + seconds, total + len(made)
        worst = max(worst, seconds)
        print(f"{name:<12} {len(made):>10} {len(passed):>8} {len(kept):>8} {seconds:>7.1f} "
              f"{cpu:>6.1f} {len(made) / seconds:>7.0f}")
    verdict = "meets" if worst <= 60 else "misses"
    print(f"all tasks: {total} candidates in {total_time:.1f} s "
          f"({total / total_time:.0f}/s); slowest task {worst:.1f} s: {verdict} the 60 s target "
          f"(the ego pool is shared, so the first task pays for most ego sampling)")


if __name__ == "__main__":
    main()
