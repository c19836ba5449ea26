"""What graphgauge costs on top of the model server.

5,000 distinct prompts (algorithmic instances, a few hundred tokens each) at concurrency
32 against an instant-reply local server (the fake OpenAI server of the test suite, run as
a separate process). Prints

  (a) a bare asyncio + aiohttp loop posting the same chat requests,
  (b) graphgauge's request phase with every safeguard on: the run's lease and item claims,
      the 429 pacer, one request per distinct prompt, the key redactor, every answer
      committed as it arrives, answers scored while the loop waits,
  (c) the whole ``graphgauge run`` command, from process start to every answer committed,
      scored and summarised, with the CPU seconds it used; the command is the console
      script installed beside this Python (``graphgauge`` on PATH only when there is none
      there), so a launcher in front of it (a pyenv shim is a bash script, ~0.1 s) is not
      counted as graphgauge's; graphgauge's modules are byte-compiled first, as installing
      a wheel does (a machine that sets PYTHONDONTWRITEBYTECODE, as CI sandboxes do, would
      otherwise compile every module again at each start, ~0.1 s of CPU),

and the ratios (medians of --rounds repetitions). The machine's load average is printed
before and after: on a shared machine the wall times follow the load, the CPU seconds of
(c) much less so. Targets: (b) <= 1.5 x (a), (c) <= 3 s.
Run: ``python benchmarks/overhead.py [--prompts 5000] [--concurrency 32]``; with
``--profile FILE`` the last round's (b) is profiled (its time then includes the profiler's).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")


def start_server() -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "support" / "openai_server.py"), "--port", "0"],
        stdout=subprocess.PIPE, text=True,
    )
    line = proc.stdout.readline().strip()
    if not line.startswith("READY "):
        proc.kill()
        raise SystemExit(f"fake server did not start: {line!r}")
    return proc, line.split()[1]


async def bare_loop(prompts: list[str], url: str, concurrency: int) -> float:
    import aiohttp

    limit = asyncio.Semaphore(concurrency)
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def one(text: str) -> str:
            body = {"model": "fake-model", "messages": [{"role": "user", "content": text}]}
            async with limit, session.post(f"{url}/chat/completions", json=body) as resp:
                data = await resp.json()
                return data["choices"][0]["message"]["content"]

        start = time.perf_counter()
        await asyncio.gather(*(one(p) for p in prompts))
        return time.perf_counter() - start


def graphgauge_command() -> str:
    """The ``graphgauge`` entry point of this Python's environment, as installed next to
    the interpreter; ``graphgauge`` on PATH when there is none."""
    for name in ("graphgauge", "graphgauge.exe"):
        script = Path(sys.executable).parent / name
        if script.is_file():
            return str(script)
    return "graphgauge"


def compile_package() -> None:
    """Byte-compile graphgauge where it is installed, as pip does for a wheel; with the
    bytecode cache missing, every start of (c) would compile the package again."""
    import compileall

    import graphgauge

    compileall.compile_dir(Path(graphgauge.__file__).parent, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3, help="repeat and report medians")
    parser.add_argument("--profile", metavar="FILE",
                        help="write a cProfile of the last round's (b) (the whole "
                             "run_benchmark call, event loop thread) to FILE, for pstats")
    args = parser.parse_args()

    from graphgauge.instance import write_jsonl
    from graphgauge.models import load_model
    from graphgauge.registry import generate, render, select_tasks
    from graphgauge.runner import RunOptions, run_benchmark
    from graphgauge.store import Store

    per_task = -(-args.prompts // len(select_tasks("algorithmic")))
    # 20-35 nodes: prompts of ~300 tokens, as in the target's definition.
    instances = generate("algorithmic", count=per_task, seed=123, nodes=(20, 35))
    instances = instances[: args.prompts]
    prompts = [render(i).text for i in instances]
    tokens = sum(len(p) for p in prompts) / len(prompts) / 4
    print(f"{len(prompts)} distinct prompts, ~{tokens:.0f} tokens each, "
          f"concurrency {args.concurrency}")

    command = graphgauge_command()
    print(f"(c) runs {command}")
    compile_package()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    server, url = start_server()
    rounds = max(1, args.rounds)
    try:
        a_times, b_times, c_times, c_cpu = [], [], [], []
        with tempfile.TemporaryDirectory() as tmp:
            bench = Path(tmp) / "bench.jsonl"
            write_jsonl(instances, bench)
            gc.freeze()  # as the run command does once the benchmark is loaded
            for r in range(rounds):
                a_times.append(asyncio.run(bare_loop(prompts, url, args.concurrency)))
                with Store(Path(tmp) / f"b{r}.db") as store:
                    model = load_model("openai:fake-model", base_url=url,
                                       concurrency=args.concurrency)
                    profiler = None
                    if args.profile and r == rounds - 1:
                        import cProfile

                        profiler = cProfile.Profile()
                        profiler.enable()
                    result = run_benchmark(instances, model, store,
                                           RunOptions(concurrency=args.concurrency),
                                           progress=False)
                    if profiler is not None:
                        profiler.disable()
                        profiler.dump_stats(args.profile)
                assert result.answered == len(prompts), result
                b_times.append(result.respond_seconds)
                start = time.perf_counter()
                proc = subprocess.Popen(
                    [command, "run", str(bench), "-m", "openai:fake-model", "-q",
                     "-s", str(Path(tmp) / f"c{r}.db"), "-p", f"base_url={url}",
                     "--concurrency", str(args.concurrency)],
                    stdout=subprocess.DEVNULL,
                )
                _, status, usage = os.wait4(proc.pid, 0)
                c_times.append(time.perf_counter() - start)
                c_cpu.append(usage.ru_utime + usage.ru_stime)
                proc.returncode = os.waitstatus_to_exitcode(status)
                if proc.returncode != 0:
                    raise SystemExit(f"graphgauge run failed with exit code {proc.returncode}")
    finally:
        server.terminate()
        server.wait()
    a, b, c, cpu = (statistics.median(t) for t in (a_times, b_times, c_times, c_cpu))
    print("load average after:  {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"medians of {rounds} rounds:")
    print(f"(a) bare asyncio + aiohttp loop:        {a:6.2f} s  ({len(prompts) / a:,.0f} req/s)")
    print(f"(b) graphgauge request phase:           {b:6.2f} s  ({b / a:.2f} x (a))")
    print(f"(c) whole 'graphgauge run' command:     {c:6.2f} s  ({cpu:.2f} s CPU)")
    print(f"targets: (b) <= 1.5 x (a): {'met' if b <= 1.5 * a else 'MISSED'} ({b / a:.2f}); "
          f"(c) <= 3 s: {'met' if c <= 3 else 'MISSED'} ({c:.2f} s)")


if __name__ == "__main__":
    main()
