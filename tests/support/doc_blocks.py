"""Running the code blocks of the README and the docs pages, as a reader would.

Each bash or Python block carries a marker, an HTML comment on the line before it (not
shown on the site), saying what the test does with it:

- ``<!-- test: run -->``: run it. Options follow ``;``: ``data: nlgraph dblp`` (the
  shared data folders it reads; skipped when absent), ``given: a.jsonl b.py`` (files the
  text assumes the reader has, copied from tests/data/docs first), ``count: 1`` (the
  largest count, instead of ``SMALL``, for a generator whose count is per cell).
- ``<!-- test: file NAME -->``: the block is the file NAME (a model function, a writer,
  an input); it is written into the folder before the page's blocks run.
- ``<!-- test: skip: REASON -->``: not run, and why (it installs packages, needs a GPU
  model download, trains for hours). Every bash/Python block has one of the three.

A page's blocks run in order in one fresh folder, so a block uses what the blocks above
it wrote. The test changes what a reader would change and nothing else: the address of
a model server (``http://localhost:8000/v1`` and the like, and the hosted API's default)
becomes the test suite's fake OpenAI server, ``../shared/data`` the shared data folder,
and counts above ``SMALL`` (``--count 100``, ``-n 200``, ``--labelings 10``) become
``SMALL``. A command
followed by a comment ``# graphgauge: error: MESSAGE`` must fail with exit code 2 and
that message, as the page says it does.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GIVEN = ROOT / "tests" / "data" / "docs"
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.M | re.S)
MARK = re.compile(r"<!--\s*test:\s*([^\n]*?)\s*-->$")
RUNNABLE = ("bash", "sh", "python")
SMALL = 3
SERVER = re.compile(r"https?://(?:localhost|127\.0\.0\.1):\d+/v1")
COUNT = re.compile(r"(--count|-n|--labelings)(\s+|=)(\d+)\b")
EXPECTED_ERROR = re.compile(r"^\s*# (graphgauge: error: .*?)\s*$")
# A bash function the rewritten commands call: exit code 2 and the message, or fail.
PRELUDE = r"""expect_error() {
  local message=$1 code=0; shift
  "$@" 2>.docs_err || code=$?
  if [ "$code" -ne 2 ] || ! grep -qF -- "$message" .docs_err; then
    echo "expected exit 2 and '$message' from: $*; got $code: $(cat .docs_err)" >&2
    return 1
  fi
}
"""


@dataclass
class Block:
    page: str
    line: int
    lang: str
    text: str
    action: str = ""  # run, file, skip; "" when unmarked
    argument: str = ""  # file name or skip reason
    data: list[str] = field(default_factory=list)
    given: list[str] = field(default_factory=list)
    count: int = SMALL

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a page with its marker (the comment right above it)."""
    text = path.read_text()
    found = []
    for match in FENCE.finditer(text):
        indent = len(match.group(1))
        body = "\n".join(line[indent:] for line in match.group(3).splitlines()) + "\n"
        block = Block(path.name, text[:match.start()].count("\n") + 1, match.group(2), body)
        mark = MARK.search(text[:match.start()].rstrip())
        if mark is not None:
            _read_mark(block, mark.group(1))
        found.append(block)
    return found


def _read_mark(block: Block, mark: str) -> None:
    if mark.startswith("skip"):  # the reason is free text, semicolons included
        block.action, block.argument = "skip", mark.partition(":")[2].strip()
        return
    head, *options = [part.strip() for part in mark.split(";")]
    action, _, argument = head.partition(" ")
    block.action, block.argument = action, argument.strip()
    for option in options:
        key, _, value = (part.strip() for part in option.partition(":"))
        if key in ("data", "given"):
            getattr(block, key).extend(value.split())
        elif key == "count":
            block.count = int(value)
        else:
            raise ValueError(f"{block.where}: unknown marker option {option!r}")


def as_tested(block: Block, server_url: str, data_root: Path) -> str:
    """The block as the test runs it (see the module docstring for what changes)."""
    text = SERVER.sub(server_url, block.text)
    text = text.replace("../shared/data", str(data_root))
    text = COUNT.sub(lambda m: f"{m[1]}{m[2]}{min(int(m[3]), block.count)}", text)
    if block.lang == "python":
        return text
    lines = text.splitlines()
    for i, line in enumerate(lines[1:], 1):
        expected = EXPECTED_ERROR.match(line)
        if expected and lines[i - 1].strip().startswith("graphgauge "):
            lines[i - 1] = f"expect_error {shlex.quote(expected.group(1))} {lines[i - 1]}"
    return PRELUDE + "\n".join(lines) + "\n"


def run_page(page_blocks: list[Block], folder: Path, server_url: str,
             data_root: Path) -> list[str]:
    """Run a page's marked blocks in order in ``folder``; the blocks skipped for want of
    shared data (their places). A failing block fails the test, naming the block."""
    env = {**os.environ, "COLUMNS": "200", "NO_PROXY": "127.0.0.1,localhost",
           "no_proxy": "127.0.0.1,localhost", "OPENAI_BASE_URL": server_url,
           "OPENAI_API_KEY": "docs-test-key", "GRAPHGAUGE_DATA": str(data_root)}
    for block in page_blocks:  # a file the page shows exists before any command runs
        if block.action == "file":
            (folder / block.argument).parent.mkdir(parents=True, exist_ok=True)
            (folder / block.argument).write_text(block.text)
    skipped = []
    for block in page_blocks:
        if block.action != "run":
            continue
        if any(not (data_root / name).is_dir() for name in block.data):
            skipped.append(block.where)
            continue
        for name in block.given:
            shutil.copy(GIVEN / name, folder / name)
        code = as_tested(block, server_url, data_root)
        argv = ([sys.executable, "-c", code] if block.lang == "python"
                else ["bash", "-euo", "pipefail", "-c", code])
        proc = subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True,
                              timeout=900)
        assert proc.returncode == 0, f"{block.where}:\n{code}\n{proc.stderr[-3000:]}"
        assert "Traceback" not in proc.stderr, f"{block.where}:\n{proc.stderr[-3000:]}"
    return skipped
