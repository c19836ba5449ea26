"""GraphInfer sampling throughput on DBLP: candidates per second for each of the five
tasks, including gates L1 and L4 (target: 2,200 candidates per task in <= 60 s).

    python benchmarks/infer.py [--candidates 2200] [--seed 0]

The dataset load and the (cached) title embeddings are timed separately: they are paid
once per generate, not per candidate.
"""

from __future__ import annotations

import argparse
import time

from graphgauge.datasets import embed_texts, load_tag
from graphgauge.suites.inference import construct, gates
from graphgauge.suites.inference.pipeline import EgoPool, candidates
from graphgauge.suites.inference.sampling import Sampler
from graphgauge.suites.inference.tasks import TASK_ORDER


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=2200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dataset", default="dblp")
    args = parser.parse_args()

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
