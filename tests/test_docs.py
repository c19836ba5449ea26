"""The documentation: the README and the mkdocs pages under docs/.

The site must build with ``mkdocs build --strict`` (a broken link, a missing anchor or a
page left out of the navigation fails), the README must stay short and point only at
files that exist, and every ``graphgauge`` command the README or a page shows must still
be a command that takes every option shown, and every ``graphgauge.*`` name they mention
must exist. Every bash or Python block is run (against a fake model server, on small
counts; tests/support/doc_blocks.py) or says why it cannot be, so the README's workflow
and every page's examples are proved end to end.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import doc_blocks

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.glob("*.md"))
FENCE = doc_blocks.FENCE


def shell_blocks(path: Path) -> list[str]:
    """The bash blocks of a page, and the command lines of its other blocks."""
    text = path.read_text()
    blocks = []
    for match in FENCE.finditer(text):
        if match.group(2) not in ("bash", "console", "sh", ""):
            continue
        body = "\n".join(line[len(match.group(1)):] for line in match.group(3).splitlines())
        if match.group(2) not in ("bash", "sh"):  # output, maybe with commands: lines that
            body = "\n".join(re.findall(  # start with one, "$ " or not
                r"^(?:\$ )?graphgauge (?:.*\\\n)*.*", body, re.M))
        blocks.append(body)
    return blocks


def graphgauge_commands(block: str) -> list[list[str]]:
    """Each ``graphgauge ...`` invocation in a shell block, as argv after the program name."""
    joined = re.sub(r"\\\n\s*", " ", block)
    commands = []
    for line in joined.splitlines():
        line = line.strip().removeprefix("$ ")
        if line.startswith("#"):
            continue
        try:
            tokens = shlex.split(line, comments=True)
        except ValueError:
            continue
        current: list[str] | None = None
        for token in tokens:
            if token in ("&&", "||", "|", ";", "&"):
                current = None
            elif current is not None:
                current.append(token)
            elif token == "graphgauge":
                current = []
                commands.append(current)
    return commands


def documented_commands() -> list[tuple[str, list[str]]]:
    found = []
    for path in [README, *PAGES]:
        for block in shell_blocks(path):
            for argv in graphgauge_commands(block):
                found.append((path.name, argv))
    return found


def test_mkdocs_builds_strict(tmp_path):
    pytest.importorskip("mkdocs", reason="mkdocs is not installed (pip install -e '.[dev]')")
    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
         "-d", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    for page in PAGES:
        built = "index.html" if page.stem == "index" else f"{page.stem}/index.html"
        assert (site / built).is_file(), page.name
        html = (site / built).read_text()
        assert not re.search(r'<(script|link)[^>]+(src|href)="https?://', html), page.name


def test_every_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    listed = set(re.findall(r":\s*([\w-]+\.md)\s*$", nav, re.M))
    assert listed == {p.name for p in PAGES}


def test_readme_is_short_and_links_only_to_files_that_exist():
    text = README.read_text()
    assert len(text.splitlines()) <= 300
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert local, "the README links to the docs pages"
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing
    linked_pages = {Path(t).name for t in local if t.startswith("docs/")}
    assert linked_pages >= {p.name for p in PAGES} - {"index.md"}


def test_no_sentence_is_in_two_places():
    """Each piece of prose lives in one page (the README included): a long sentence found
    twice means a copy that will drift."""
    where: dict[str, set[str]] = {}
    for path in [README, *PAGES]:
        for paragraph in re.split(r"\n\s*\n", FENCE.sub("", path.read_text())):
            lines = [line for line in paragraph.splitlines() if not line.startswith("#")]
            for sentence in re.split(r"(?<=[.!?])\s+", " ".join(" ".join(lines).split())):
                if len(sentence) >= 80 and "|" not in sentence:
                    where.setdefault(sentence, set()).add(path.name)
    copies = {s[:80]: sorted(names) for s, names in where.items() if len(names) > 1}
    assert not copies


def test_every_repository_file_the_docs_name_exists():
    """Test files, corpora and benchmark scripts the pages point readers at."""
    named = {path for page in [README, *PAGES]
             for path in re.findall(r"\b(?:tests|benchmarks)/[\w/.*-]*[\w*/]", page.read_text())}
    missing = sorted(path for path in named if not any(ROOT.glob(path.rstrip("/"))))
    assert not missing


def test_each_method_page_cites_its_paper():
    """Title, authors, year and a link, in the page that describes the method."""
    papers = {
        "robustness.md": "Lost in Serialization",
        "arc.md": "GraphARC: A Comprehensive Benchmark",
        "infer.md": "GraphInfer-Bench",
        "gteval.md": "Revisiting Graph-Tokenizing Large Language Models",
        "taxonomy.md": "Taxonomy of Benchmarks in Graph Representation Learning",
    }
    for page, title in papers.items():
        cite = next(line for line in (DOCS / page).read_text().splitlines()
                    if line.startswith("> **Paper.**"))
        assert title in cite and re.search(r"\b20\d\d\b", cite), page
        assert re.search(r"<https://arxiv\.org/abs/\d{4}\.\d{5}>", cite), page
        assert cite.count(",") >= 2, page  # authors listed, not only a title


def _command_tree():
    import typer.main

    from graphgauge.cli import app

    return typer.main.get_command(app)


def _subcommands(command) -> dict | None:
    """A group's subcommands by name; None for a plain command (typer vendors its own
    click, so this asks for the attribute rather than the class)."""
    return getattr(command, "commands", None)


def _resolve(root, argv: list[str]):
    """The command an argv names, and the tokens left for it."""
    command, rest = root, list(argv)
    while _subcommands(command) is not None and rest and not rest[0].startswith("-"):
        sub = _subcommands(command).get(rest[0])
        if sub is None:
            return None, rest
        command, rest = sub, rest[1:]
    return command, rest


def _options(command) -> dict[str, object]:
    """Every option name the command takes, with its parameter."""
    names: dict[str, object] = {"--help": None}
    for param in command.params:
        for name in [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]:
            if name.startswith("-"):
                names[name] = param
    return names


def _positionals_allowed(command) -> float:
    arguments = [p for p in command.params if getattr(p, "param_type_name", "") == "argument"]
    return float("inf") if any(p.nargs < 0 for p in arguments) else sum(
        p.nargs for p in arguments)


def _split_tokens(rest: list[str], options: dict) -> tuple[list[str], list[str]]:
    """The option names shown, and the positional arguments left once each option has
    taken its value."""
    shown, positional, tokens = [], [], iter(rest)
    for token in tokens:
        if token.startswith("-") and token != "-" and not re.fullmatch(r"-\d.*", token):
            name = token.split("=", 1)[0]
            shown.append(name)
            param = options.get(name)
            takes_value = param is not None and not getattr(param, "is_flag", False) and not \
                getattr(param, "count", False)
            if takes_value and "=" not in token:
                next(tokens, None)
        else:
            positional.append(token)
    return shown, positional


DOCUMENTED = documented_commands()


def test_the_docs_show_commands():
    pages = {page for page, _ in DOCUMENTED}
    assert len(DOCUMENTED) > 50 and {"README.md", "robustness.md", "arc.md"} <= pages


@pytest.mark.parametrize(("page", "argv"), DOCUMENTED,
                         ids=[f"{p}:{' '.join(a[:2])}" for p, a in DOCUMENTED])
def test_documented_command_exists_and_takes_its_options(page, argv):
    command, rest = _resolve(_command_tree(), argv)
    assert command is not None, f"{page}: 'graphgauge {' '.join(argv)}' names no command"
    assert _subcommands(command) is None or not rest, f"{page}: {argv}"
    known = _options(command)
    shown, positional = _split_tokens(rest, known)
    unknown = sorted(set(shown) - set(known))
    assert not unknown, f"{page}: 'graphgauge {' '.join(argv)}': {unknown} not in {sorted(known)}"
    assert len(positional) <= _positionals_allowed(command), (
        f"{page}: 'graphgauge {' '.join(argv)}' gives {positional}, more arguments than it takes")


BLOCKS = {path.name: doc_blocks.blocks(path) for path in [README, *PAGES]}
RUN_PAGES = sorted(page for page, found in BLOCKS.items()
                   if any(block.action == "run" for block in found))


def test_every_code_block_runs_or_says_why_not():
    """Each bash/Python block is run, is a file the blocks after it use, or names the
    reason it cannot run (``<!-- test: skip: REASON -->``)."""
    unmarked = [block.where for found in BLOCKS.values() for block in found
                if block.lang in doc_blocks.RUNNABLE
                and block.action not in ("run", "file", "skip")]
    assert not unmarked, f"blocks with no <!-- test: ... --> marker: {unmarked}"
    no_reason = [block.where for found in BLOCKS.values() for block in found
                 if block.action == "skip" and len(block.argument) < 15]
    assert not no_reason, f"skipped without a reason: {no_reason}"
    missing = [(block.where, name) for found in BLOCKS.values() for block in found
               for name in block.given if not (doc_blocks.GIVEN / name).is_file()]
    assert not missing


def test_the_readme_workflow_is_marked_to_run():
    marked = {(block.page, block.lang) for found in BLOCKS.values() for block in found
              if block.action == "run" and "graphgauge" in block.text}
    assert {("README.md", "bash"), ("README.md", "python")} <= marked


def test_what_the_test_changes_in_a_block():
    """A server address, the shared data path and large counts; an error comment makes
    its command expected to fail."""
    block = doc_blocks.Block("x.md", 1, "bash", (
        "graphgauge run b.jsonl -m openai:m -p base_url=http://localhost:11434/v1 -n 3\n"
        "graphgauge import nlgraph ../shared/data/nlgraph --count 100\n"
        "graphgauge import questions mine.jsonl\n"
        "# graphgauge: error: mine.jsonl:3: field 'answer'\n"))
    code = doc_blocks.as_tested(block, "http://127.0.0.1:9/v1", Path("/data"))
    assert "base_url=http://127.0.0.1:9/v1 -n 3\n" in code
    assert "nlgraph /data/nlgraph --count 3\n" in code
    assert ("expect_error 'graphgauge: error: mine.jsonl:3: field '\"'\"'answer'\"'\"'' "
            "graphgauge import questions mine.jsonl") in code


@pytest.fixture(scope="module")
def fake_server():
    from tests.support.openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as server:
        yield server


@pytest.mark.slow
@pytest.mark.parametrize("page", RUN_PAGES)
def test_marked_blocks_run(tmp_path, fake_server, page):
    """A page's marked blocks run in order in a fresh folder and exit 0 (model servers are
    the fake one; see tests/support/doc_blocks.py)."""
    from graphgauge.datasets.loader import data_root

    skipped = doc_blocks.run_page(BLOCKS[page], tmp_path, fake_server.base_url, data_root())
    if skipped:
        pytest.skip(f"the shared data these blocks read is absent: {skipped}")


def _resolves(dotted: str) -> bool:
    """Whether ``graphgauge.a.b.name`` names a module or an attribute of one."""
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as missing:
            if missing.name and not missing.name.startswith("graphgauge"):
                pytest.skip(f"{dotted} needs {missing.name}, which is not installed")
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


HISTORY = DOCS / "changes.md"  # names what used to be, on purpose
PY_NAMES = sorted({name for path in [README, *PAGES] if path != HISTORY
                   for name in re.findall(r"\bgraphgauge(?:\.[A-Za-z_]\w*)+",
                                          path.read_text())
                   if name != "graphgauge.db"}
                  | {f"{module}.{function}" for path in [README, *PAGES] if path != HISTORY
                     for module, function in re.findall(r"python:(graphgauge[\w.]*):([a-z_]\w*)",
                                                        path.read_text())})


@pytest.mark.parametrize("dotted", PY_NAMES)
def test_every_python_name_the_docs_mention_exists(dotted):
    """Modules and functions named in the docs (``-m python:graphgauge...``, "from Python:
    graphgauge.report.html.write_html_report") still exist, so a move breaks CI, not a
    reader's session."""
    assert _resolves(dotted), dotted


def test_the_readme_reading_examples_read_as_shown():
    """The README's worked example of the grading rule is what the integer reader does."""
    from graphgauge.scoring.parsing import parse_int

    section = README.read_text().split("## How answers are read", 1)[1]
    block = next(m.group(3) for m in FENCE.finditer(section) if m.group(2) == "text")
    rows = [line.rsplit("->", 1) for line in block.splitlines() if "->" in line]
    assert len(rows) >= 4
    for text, shown in rows:
        reading = parse_int(text.strip())
        expected = None if shown.strip() == "no answer" else int(shown.split(",")[0])
        assert reading == expected, text
