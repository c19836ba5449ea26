"""Generation throughput: the full algorithmic and spectral suites, 100 instances per task.

Run on demand: ``python benchmarks/generate.py [--count 100] [--seed 0]``. Prints
instances/second per suite, the slowest tasks, and whether the algorithmic suite met the
target of <= 20 s with gold answers on a 2-core machine.
"""

from __future__ import annotations

import argparse
import time

from graphgauge.registry import generate, select_tasks

TARGET_SECONDS = 20.0


def time_suite(suite: str, count: int, seed: int) -> tuple[float, list[tuple[float, str]]]:
    per_task = []
    total = 0.0
    for task in select_tasks(suite):
        start = time.perf_counter()
        generate(suite, [task.name], count=count, seed=seed)
        elapsed = time.perf_counter() - start
        per_task.append((elapsed, task.name))
        total += elapsed
    return total, sorted(per_task, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for suite in ("algorithmic", "spectral"):
        n_tasks = len(select_tasks(suite))
        total, per_task = time_suite(suite, args.count, args.seed)
        n = n_tasks * args.count
        print(f"{suite}: {n_tasks} tasks x {args.count} = {n} instances in {total:.2f} s "
              f"({n / total:,.0f} instances/s)")
        slowest = ", ".join(f"{name} {1000 * t / args.count:.1f} ms" for t, name in per_task[:5])
        print(f"  slowest per instance: {slowest}")
        if suite == "algorithmic" and args.count == 100:
            verdict = "meets" if total <= TARGET_SECONDS else "MISSES"
            print(f"  target <= {TARGET_SECONDS:.0f} s for {n_tasks} x 100: {verdict} "
                  f"({total / TARGET_SECONDS:.2f} of the budget)")


if __name__ == "__main__":
    main()
