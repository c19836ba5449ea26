"""The graphgauge command end to end, and its one-line user errors."""

import csv
import os
import subprocess
import sys

import pytest

from graphgauge.cli import main


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_generate_run_report(tmp_path, capsys):
    assert main(["generate", "algorithmic", "-o", "b.jsonl", "--count", "2",
                 "--tasks", "triangles,diameter,shortest_path", "--seed", "5"]) == 0
    assert len((tmp_path / "b.jsonl").read_text().splitlines()) == 6
    assert main(["run", "b.jsonl", "-m", "reference", "-m", "random", "-q"]) == 0
    out = capsys.readouterr().out
    assert "reference: run reference-" in out and "random: run random-" in out
    # the same command again resumes and sends nothing
    assert main(["run", "b.jsonl", "-m", "reference", "-q"]) == 0
    assert "6 already done" in capsys.readouterr().out
    assert main(["report", "--csv", "r.csv"]) == 0
    out = capsys.readouterr().out
    assert "shortest_path" in out and "100.0" in out
    rows = list(csv.DictReader((tmp_path / "r.csv").read_text().splitlines()))
    reference = [r for r in rows if r["model"] == "reference" and r["level"] == "task"]
    assert {r["group"] for r in reference} == {"triangles", "diameter", "shortest_path"}
    assert all(float(r["accuracy"]) == 1.0 and r["n"] == "2" for r in reference)


def test_runs_and_show(capsys):
    main(["generate", "spectral", "-o", "s.jsonl", "--count", "2"])
    assert main(["run", "s.jsonl", "-m", "mean", "-q"]) == 0
    capsys.readouterr()
    assert main(["runs"]) == 0
    out = capsys.readouterr().out
    assert "mean-" in out and "24" in out
    assert main(["show", "mean"]) == 0
    out = capsys.readouterr().out
    assert '"git_commit"' in out and '"sha256"' in out and "Accuracy % per task" in out


def test_list_shows_tasks(capsys):
    assert main(["list", "algorithmic"]) == 0
    out = capsys.readouterr().out
    assert "triangles" in out and "challenging" in out and "verified" in out


def test_python_callable_model(tmp_path, capsys):
    (tmp_path / "mymodel.py").write_text(
        "def answer(prompt):\n    return 'Let me think. The answer is 3'\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        main(["generate", "algorithmic", "-o", "b.jsonl", "--count", "3", "--tasks", "triangles"])
        assert main(["run", "b.jsonl", "-m", "python:mymodel:answer", "-q"]) == 0
        assert "3 answered" in capsys.readouterr().out
    finally:
        sys.path.remove(str(tmp_path))


BAD = [
    (["generate", "nosuite", "-o", "x.jsonl"], "unknown suite"),
    (["generate", "algorithmic", "-o", "x.jsonl", "--tasks", "nope"], "unknown task"),
    (["generate", "algorithmic", "-o", "x.jsonl", "--nodes", "ten"], "--nodes"),
    (["generate", "algorithmic", "-o", "x.jsonl", "--count", "0"], "--count"),
    (["generate", "algorithmic", "-o", "nodir/x.jsonl", "--count", "1"], "does not exist"),
    (["generate", "algorithmic"], "Missing option"),
    (["run", "missing.jsonl", "-m", "reference"], "not found"),
    (["run", "bad.jsonl", "-m", "reference"], "not valid JSON"),
    (["run", "good.jsonl", "-m", "gpt-17"], "unknown model"),
    (["run", "good.jsonl", "-m", "python:nosuchmodule:f"], "cannot import"),
    (["run", "good.jsonl", "-m", "python:oops"], "python:package.module:function"),
    (["run", "good.jsonl", "-m", "reference", "--store", "nodir/x.db"], "does not exist"),
    (["report", "--store", "none.db"], "store not found"),
    (["report", "--store", "good.db", "--run", "zzz"], "no run matching"),
    (["run", "--bogus"], "No such option"),
    (["run", "good.jsonl", "-m", "reference", "-p", "novalue"], "key=value"),
    (["run", "good.jsonl", "-m", "reference", "--prices", "none.yaml"], "price table"),
    (["run", "good.jsonl", "-m", "openai:m", "-p", "mode=shout"], "mode must be"),
    (["run", "good.jsonl", "-m", "openai:m", "-p", "api_key_env=GG_NOT_SET"], "GG_NOT_SET"),
    (["run", "good.jsonl", "-m", "openai:m", "-p", "base_url=localhost:1"], "http://"),
    (["run", "good.jsonl", "-m", "openai:m", "-p", "colour=red"], "no option 'colour'"),
    (["show", "zzz", "--store", "good.db"], "no run matching"),
    (["runs", "--store", "none.db"], "store not found"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a[:3]) for a, _ in BAD])
def test_user_errors_are_one_line_and_exit_2(tmp_path, capsys, argv, message):
    (tmp_path / "bad.jsonl").write_text("{not json\n")
    main(["generate", "algorithmic", "-o", "good.jsonl", "--count", "1", "--tasks", "triangles"])
    main(["run", "good.jsonl", "-m", "majority", "--store", "good.db", "-q"])
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("graphgauge: error:") and message in err


@pytest.mark.slow
def test_installed_command_quickstart(tmp_path):
    """The README's main job, through the real console script."""
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.run(
        ["graphgauge", "quickstart", "--count", "2", "-q"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Accuracy % per difficulty" in proc.stdout
    report = tmp_path / "graphgauge-out" / "quickstart_report.csv"
    rows = list(csv.DictReader(report.read_text().splitlines()))
    suites = {r["suite"] for r in rows}
    assert suites == {"algorithmic", "spectral"}
    reference = [r for r in rows if r["model"] == "reference" and r["level"] == "task"]
    assert len(reference) == 50 + 12  # 49 Erdős tasks + reachability, 12 spectral
    assert all(float(r["accuracy"]) == 1.0 for r in reference)
    bad = subprocess.run(["graphgauge", "generate", "x", "-o", "y"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_is_the_package_version(flag, capsys):
    import tomllib
    from pathlib import Path

    import graphgauge

    pyproject = Path(__file__).parents[2] / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text())["project"]["version"]
    assert graphgauge.__version__ == declared  # the one the package and the wheel carry
    assert main([flag]) == 0
    assert capsys.readouterr().out == f"graphgauge {declared}\n"
    assert main([flag, "list", "algorithmic"]) == 0  # eager: prints and stops
    assert capsys.readouterr().out == f"graphgauge {declared}\n"


def _command_names():
    from typer.main import get_command_name

    from graphgauge.cli import app

    return [info.name or get_command_name(info.callback.__name__)
            for info in app.registered_commands]


@pytest.mark.parametrize("name", _command_names())
def test_a_command_started_alone_helps_and_fails_as_in_the_whole_app(name):
    """``main`` starts a command with an app that holds only it (typer builds every
    command it holds at each start): its help and its usage errors are the whole app's."""
    from typer.testing import CliRunner

    from graphgauge.cli import app
    from graphgauge.cli.workflow import _app_for

    alone = _app_for([name, "--help"])
    assert alone is not app and len(alone.registered_commands) == 1
    assert app.registered_commands and app.registered_groups  # the whole app is untouched
    for args in ([name, "--help"], [name, "--no-such-option"]):
        whole = CliRunner().invoke(app, args, env={"COLUMNS": "120"})
        single = CliRunner().invoke(alone, args, env={"COLUMNS": "120"})
        assert (single.exit_code, single.output) == (whole.exit_code, whole.output)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["gteval", "--help"],
                                  ["rnu"], ["-q", "run"]])
def test_anything_but_a_command_name_first_gets_the_whole_app(args):
    from graphgauge.cli import app
    from graphgauge.cli.workflow import _app_for

    assert _app_for(args) is app
