"""How large a graph each generated task can take: the basis of the tasks' ``max_nodes``.

For every task of the algorithmic and spectral suites, generates one instance at doubling
node counts (from the task's default maximum) until one takes longer than the budget,
each task in its own process with a wall-clock cap (an exponential solver never returns
at 4x its default size). Prints, per task, the seconds per size and the largest size
within budget, next to the task's declared ``max_nodes``.

    PYTHONPATH=src python benchmarks/task_sizes.py [--budget 2] [--cap 60] [--tasks a,b]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

PROBE = """
import json, sys, time
from graphgauge.registry import get_task
from graphgauge.suites.base import instance_rng
task = get_task(sys.argv[1], sys.argv[2])
n, budget, limit = task.nodes[1], float(sys.argv[3]), int(sys.argv[4])
while n <= limit:
    start = time.perf_counter()
    task.generate(instance_rng(0, task.name, 0), nodes=(n, n), seed=0)
    took = time.perf_counter() - start
    print(json.dumps([n, took]), flush=True)
    if took > budget:
        break
    n *= 2
"""


def probe(suite: str, name: str, budget: float, cap: float, limit: int) -> list:
    try:
        out = subprocess.run([sys.executable, "-c", PROBE, suite, name, str(budget),
                              str(limit)], capture_output=True, text=True, timeout=cap).stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    return [json.loads(line) for line in out.splitlines() if line.startswith("[")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per instance")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per task")
    parser.add_argument("--limit", type=int, default=4480, help="largest size tried")
    parser.add_argument("--tasks", default=None, help="comma list (default: all)")
    args = parser.parse_args()
    from graphgauge.registry import select_tasks

    wanted = set(args.tasks.split(",")) if args.tasks else None
    print(f"{'task':32} {'declared':>8} {'fits':>6}  seconds per size")
    for suite in ("algorithmic", "spectral"):
        for task in select_tasks(suite):
            if wanted and task.name not in wanted:
                continue
            rows = probe(suite, task.name, args.budget, args.cap, args.limit)
            fits = max((n for n, took in rows if took <= args.budget), default=0)
            sizes = " ".join(f"{n}:{took:.2f}" for n, took in rows)
            print(f"{task.name:32} {task.max_nodes!s:>8} {fits:>6}  {sizes}", flush=True)


if __name__ == "__main__":
    main()
