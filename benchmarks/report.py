"""HTML report speed on a large store: 100,000 items must render in 10 s or less.

Run on demand: ``python benchmarks/report.py [--items 100000] [--models 4] [--seed 0]
[--chromium]``. Builds a synthetic store with ``Store.write_items`` (the algorithmic and
spectral task names, so the report's numeric tables and predicted-vs-true plots are
drawn; prompts of ~600 characters shared by the models, as in a real run; a few unparsed
answers and failed requests), then times ``write_html_report`` and its parts and prints
the file size. Times are this process's CPU time (wall time beside it), so other work
on a shared machine inflates them less. With ``--chromium`` it also opens the page at
``#browser`` in headless Chromium and prints how long the page took to parse the item
data and draw the first page of items, as a check that the page stays usable.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from graphgauge.registry import select_tasks
from graphgauge.report.html import section_html, write_html_report
from graphgauge.report.html_items import items_payload, script_json
from graphgauge.report.html_sections import build_sections
from graphgauge.results.sections import load_context
from graphgauge.store import Store

TARGET_SECONDS = 10.0
FAMILIES = ("erdos_renyi", "watts_strogatz", "barabasi_albert")


def build_store(path: Path, items: int, models: int, seed: int) -> int:
    rng = np.random.default_rng(seed)
    tasks = [(t.suite, t.name, t.difficulty, t.answer.numeric)
             for suite in ("algorithmic", "spectral") for t in select_tasks(suite)]
    per_task = max(1, items // (models * len(tasks)))
    words = np.array(["node", "edge", "graph", "path", "cycle", "tree", "degree", "weight"])
    written = 0
    with Store(path) as store:
        for m in range(models):
            run = f"model{m}-{seed:04d}"
            store.begin_run(run, f"model{m}", {"encodings": ["edge_list"], "seed": seed})
            skill = 0.3 + 0.6 * m / max(1, models - 1)
            rows = []
            for suite, task, difficulty, numeric in tasks:
                task_rng = np.random.default_rng([seed, len(task), per_task])
                for i in range(per_task):
                    gold = round(float(task_rng.gamma(2.0, 5.0)), 3) if numeric else int(i % 7)
                    right = rng.random() < skill
                    unparsed = rng.random() < 0.03
                    answer = gold if right else (round(gold * rng.uniform(0.5, 1.5), 3)
                                                 if numeric else gold + 1)
                    error = "HTTP 500" if rng.random() < 0.005 else None
                    prompt = f"{task} #{i}: " + " ".join(task_rng.choice(words, 90))
                    rows.append({
                        "run_id": run, "instance_id": f"{suite}/{task}/{i:05d}",
                        "encoding": "edge_list", "variant": "original", "repeat": 0,
                        "suite": suite, "task": task, "difficulty": difficulty,
                        "prompt": prompt, "response": f"The answer is {answer}.",
                        "parsed": None if unparsed else json.dumps(answer),
                        "parse_ok": None if error else int(not unparsed),
                        "scores": json.dumps({"accuracy": float(right and not unparsed)}),
                        "accuracy": float(right and not unparsed), "gold": json.dumps(gold),
                        "meta": json.dumps({"family": FAMILIES[i % 3], "index": i}),
                        "error": error, "created": 0.0,
                    })
            store.write_items(rows)
            written += len(rows)
    return written


def timed(label: str, fn):
    start = time.process_time()
    value = fn()
    print(f"  {label:<28} {time.process_time() - start:6.2f} s CPU")
    return value


def open_in_chromium(page: Path) -> None:
    """Open the page at #browser in headless Chromium and print how long the item browser
    took to parse the items and render its first page, as the page itself measured it
    (``data-load-ms``), beside the wall time of the whole Chromium call (which includes
    starting the browser and writing the DOM, 10^5 items of it, back out)."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is None:
        print("chromium not found: skipping the page-load check")
        return
    with tempfile.TemporaryDirectory() as profile:
        start = time.perf_counter()
        dom = subprocess.run(
            [binary, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--no-first-run", f"--user-data-dir={profile}",
             "--dump-dom", f"{page.resolve().as_uri()}#browser"],
            capture_output=True, text=True, timeout=600, check=False).stdout
        elapsed = time.perf_counter() - start
    found = re.search(r'data-load-ms="(\d+)"', dom)
    inside = f"{int(found.group(1)) / 1000:.2f} s" if found else "? (not measured)"
    shown = dom.count('class="item"')
    print(f"chromium: item browser opened (items parsed, first page drawn) in {inside}; "
          f"{shown} items shown; whole call {elapsed:.1f} s wall")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--models", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chromium", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db, page = Path(folder) / "big.db", Path(folder) / "report.html"
        count = build_store(db, args.items, args.models, args.seed)
        print(f"synthetic store: {count:,} items, {args.models} models")
        with Store(db) as store:
            print("parts (each timed on its own):")
            ctx = timed("summary + item rows", lambda: load_context(store, None))
            timed("sections and figures", lambda: [section_html(s) for s in build_sections(ctx)])
            timed("item browser data", lambda: script_json(items_payload(store, None,
                                                                         ctx.labels)))
            wall, cpu = time.perf_counter(), time.process_time()
            write_html_report(store, None, page)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        size = page.stat().st_size / 1e6
        verdict = "meets" if cpu <= TARGET_SECONDS else "MISSES"
        print(f"write_html_report: {cpu:.2f} s CPU ({wall:.2f} s wall) for {count:,} items, "
              f"{size:.1f} MB ({verdict} the {TARGET_SECONDS:.0f} s target)")
        if args.chromium:
            open_in_chromium(page)
    return 0 if cpu <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
