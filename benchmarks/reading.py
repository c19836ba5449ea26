"""Answer reading: agreement with the hand-graded corpus, and time per answer.

Run on demand: ``python benchmarks/reading.py [--repeat 3]``. Prints the figure of merit
of the core readers on tests/data/answers (agreement with the grader, no-answer entries
read as a value, values of the wrong type) and the p50/p99/max CPU time per answer over
the corpus and over hostile inputs (200k-character answers, huge ranges, repeated
markers, deep brackets, 5,000-digit integers, NaN). Targets: agreement >= 98%, false
commits <= 1%, p99 <= 10 ms. Times are CPU seconds of this process
(``time.process_time``): the machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from graphgauge.scoring import answers, region
from graphgauge.scoring.answers import Context
from graphgauge.studies.reading.answer_corpus import CORE, evaluate, load, read

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "answers"
KINDS = (answers.INT, answers.FLOAT, answers.BOOL, answers.NODE_SET, answers.NODE_LIST,
         answers.EDGE_SET, answers.EDGE_SEQUENCE)


def hostile() -> dict[str, str]:
    rng = random.Random(0)
    numbers = " ".join(str(rng.randint(0, 10**6)) for _ in range(6000))
    return {
        "200k prose": "Node 3 has degree 4, and (1, 2) is an edge. " * 4545,
        "40k numbers": numbers[:40_000],
        "huge ranges": "nodes 0 to 99999 " * 100,
        "answer is x2000": "answer is " * 2000,
        "answer: x5000": "answer: " * 5000,
        "4000 blank lines": "Answer:" + "\n" * 4000 + "5",
        "deep brackets": "[" * 10_000 + "1" + "]" * 10_000,
        "deep boxes": "\\boxed{" * 3000 + "1" + "}" * 3000,
        "5000 digits": "Answer: " + "9" * 5000,
        "NaN": "Answer: NaN inf -inf 1e99999",
        "open think": "<think>" + "x 1 " * 20_000,
        "3000 tags": "<answer>1</answer>" * 3000,
        "10000 bullets": "- 1\n" * 10_000,
        "corrections": "wait 1 actually 2 " * 3000,
        "JSON 10k items": '{"answer": [' + "1," * 10_000 + "1]}",
        "letters": "A B C " * 20_000,
        "open mapping": "{1:" + "1" * 20_000,
        "spaced measures": "length" + " " * 20_000 + "is" + " " * 20_000 + "x 1",
    }


def timed(call) -> float:
    """CPU time of one cold read (the region layer caches the last few answers it saw)."""
    region._prepare.cache_clear()
    start = time.process_time()
    call()
    return time.process_time() - start


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    entries = [e for e in load(CORPUS) if e["type"] in CORE]
    result = evaluate(entries)
    print(f"corpus: {result.total} answers in {CORPUS}")
    print(f"  agreement with the grader  {100 * result.agreement:6.2f}%  "
          f"({result.agreed}/{result.total})")
    print(f"  false commits              {100 * result.false_commit_rate:6.2f}%  "
          f"({result.false_commits} of {result.no_answer} no-answer entries read as a value)")
    print(f"  values of the wrong type   {result.wrong_type}")
    for entry, prediction in result.misses:
        got = prediction.value if prediction.ok else "no answer"
        print(f"    miss {entry['where']}: expected {entry['expected']}, read {got}")

    times = [min(timed(lambda e=e: read(e)) for _ in range(args.repeat)) for e in entries]
    print(f"  time per answer            p50 {1000 * percentile(times, 0.5):.2f} ms, "
          f"p99 {1000 * percentile(times, 0.99):.2f} ms, max {1000 * max(times):.2f} ms")

    labels = [chr(65 + i) for i in range(20)]
    print("hostile inputs (every core type, plain ids and alphabetic labels): worst CPU time")
    worst_all = []
    for name, text in hostile().items():
        worst = 0.0
        for kind in KINDS:
            for names in (None, labels) if kind.names_nodes else (None,):
                context = Context("Is the graph connected?", 20)
                worst = max(worst, min(timed(lambda k=kind, t=text, n=names, c=context:
                                             k.read(t, n, c)) for _ in range(args.repeat)))
        worst_all.append(worst)
        print(f"  {name:18s} {len(text):>8,} chars  {1000 * worst:7.2f} ms")
    print(f"  p99 over hostile inputs   {1000 * percentile(worst_all, 0.99):.2f} ms")


if __name__ == "__main__":
    main()
