"""The method commands as groups, one meaning per short flag, and the old names and flags
kept as hidden aliases for one release: each warns once on stderr, then does what the new
name does."""

from __future__ import annotations

import json
import re

import pytest
import typer
from typer.testing import CliRunner

from graphgauge.cli import app, main
from graphgauge.cli.groups import renamed_flags
from graphgauge.errors import UserError
from tests.support.data import needs_shared_data

# What each short flag means: the long option every command that has the flag also
# spells it with (a command may keep an older long name beside it: --out, --csv, --datasets).
MEANINGS = {
    "-o": "--output", "-p": "--param", "-m": "--model", "-s": "--store", "-q": "--quiet",
    "-e": "--encoding", "-v": "--variant", "-r": "--run", "-n": "--count", "-t": "--tasks",
    "-d": "--dataset", "-f": "--format", "-k": "--clusters", "-w": "--workers",
    "-P": "--perturbations", "-V": "--version",
}


def _commands(command, path=()):
    """(path, click command or group) of every command under ``command``, the groups
    themselves (their own options) and the hidden old names included."""
    yield path, command
    for name, child in (getattr(command, "commands", None) or {}).items():
        yield from _commands(child, (*path, name))


def _short_flags() -> dict[str, list[tuple[str, set[str]]]]:
    """short flag -> (command path, long options of the parameter) for every use."""
    uses: dict[str, list[tuple[str, set[str]]]] = {}
    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            names = [*param.opts, *param.secondary_opts]
            longs = {name for name in names if name.startswith("--")}
            for short in (name for name in names if len(name) == 2):
                uses.setdefault(short, []).append((" ".join(path) or "graphgauge", longs))
    return uses


def test_each_short_flag_means_one_thing_everywhere():
    """Derived from the commands themselves: every parameter a short flag opens shares one
    long option with all the others (the old hidden names are walked too: they read
    their old short flags by rewriting them before click sees them)."""
    uses = _short_flags()
    for short, found in uses.items():
        common = set.intersection(*(longs for _, longs in found))
        meanings = sorted({f"{' '.join(sorted(longs))} ({path})" for path, longs in found})
        assert common, f"{short} means different things: {'; '.join(meanings)}"
        assert MEANINGS.get(short) in common, f"{short} = {common}: say so in MEANINGS"
    assert set(uses) == set(MEANINGS)
    assert len(uses["-o"]) >= 15 and len(uses["-d"]) >= 7  # the walk reached them all


def test_the_short_flag_check_catches_a_second_meaning(monkeypatch):
    """The check above can fail: a command that gives -o another meaning is named."""
    extra = typer.Typer()

    @extra.command("clash")
    def clash(order: str = typer.Option("x", "--order", "-o")) -> None:
        """A made-up command whose -o is not an output."""

    command = typer.main.get_command(app)  # built anew on each call: a private copy
    command.commands["clash"] = typer.main.get_command(extra)
    monkeypatch.setattr(typer.main, "get_command", lambda _app: command)
    found = _short_flags()["-o"]
    assert not set.intersection(*(longs for _, longs in found))
    assert ("clash", {"--order"}) in found


def test_groups_list_their_commands_and_hide_the_old_names():
    runner = CliRunner()
    top = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    for group in ("gteval", "infer", "taxonomy"):
        assert f"\n  {group} " in top
    for old in ("gteval-structure", "gteval-export", "infer-export", "infer-gates",
                "infer-judge", "infer-kappa"):
        assert old not in top
    expected = {"gteval": ("run", "structure", "export"),
                "infer": ("gates", "judge", "kappa", "export"),
                "taxonomy": ("run", "place")}
    for group, commands in expected.items():
        listed = runner.invoke(app, [group, "--help"], env={"COLUMNS": "200"}).output
        for name in commands:
            assert f"\n  {name} " in listed, (group, name, listed)


GATES = {"dataset": "toyset", "domain": "toys", "tasks": {"relation": {
    "candidates": 5, "L1": {"C1": 2}, "L2": {}, "L4": {"exact": 1}, "L4_admitted": 0,
    "released": {"train": 2, "test": 1}}}}
ANNOTATIONS = "".join(json.dumps({"id": f"s{i}", "annotator": who, "qualified": i % 3 > 0})
                      + "\n" for i in range(6) for who in ("x", "y"))
WEBKB = needs_shared_data("webkb")
TEXAS = ["-d", "webkb:texas", "-q"]
# (old argv, new argv, what the warning names as old -> new); each pair must print the
# same output and end with the same exit code, in a folder of its own.
ALIASES = [
    pytest.param(["infer-gates", "gates.json"], ["infer", "gates", "gates.json"],
                 ("infer-gates", "infer gates"), id="infer-gates"),
    pytest.param(["infer-kappa", "ann.jsonl"], ["infer", "kappa", "ann.jsonl"],
                 ("infer-kappa", "infer kappa"), id="infer-kappa"),
    pytest.param(["infer-export", "none.jsonl", "-o", "sft.jsonl"],
                 ["infer", "export", "none.jsonl", "-o", "sft.jsonl"],
                 ("infer-export", "infer export"), id="infer-export"),
    pytest.param(["infer-judge", "none.jsonl", "--judge", "reference", "-o", "kept.jsonl"],
                 ["infer", "judge", "none.jsonl", "--judge", "reference", "-o", "kept.jsonl"],
                 ("infer-judge", "infer judge"), id="infer-judge"),
    pytest.param(["gteval-export", "--out", "ex", "--count", "8", *TEXAS],
                 ["gteval", "export", "--out", "ex", "--count", "8", *TEXAS],
                 ("gteval-export", "gteval export"), id="gteval-export", marks=WEBKB),
    pytest.param(["gteval-export", "--out", "ex", "-o", "hops"],
                 ["gteval", "export", "--out", "ex", "--option", "hops"],
                 ("gteval-export -o", "gteval export --option"), id="gteval-export-o"),
    pytest.param(["gteval-structure", "--attack", "flip", "-m", "reference", "-n", "4",
                  "--gnn", "none", "-s", "s.db", *TEXAS],
                 ["gteval", "structure", "--attack", "flip", "-m", "reference", "-n", "4",
                  "--gnn", "none", "-s", "s.db", *TEXAS],
                 ("gteval-structure", "gteval structure"), id="gteval-structure", marks=WEBKB),
    pytest.param(["gteval", "-m", "reference", "-n", "3", "-v", "original", "-o", "hops=1",
                  "-s", "s.db", *TEXAS],
                 ["gteval", "run", "-m", "reference", "-n", "3", "-v", "original", "--option",
                  "hops=1", "-s", "s.db", *TEXAS],
                 ("gteval -o", "gteval run --option"), id="gteval-o", marks=WEBKB),
    pytest.param(["gteval", "-m", "reference", "-d", "dblp", "-v", "flip:1", "-s", "x.db"],
                 ["gteval", "run", "-m", "reference", "-d", "dblp", "-v", "flip:1", "-s",
                  "x.db"], ("gteval", "gteval run"), id="gteval"),
    pytest.param(["taxonomy", "-d", "MUTAG", "-m", "gat", "-s", "t.db"],
                 ["taxonomy", "run", "-d", "MUTAG", "-m", "gat", "-s", "t.db"],
                 ("taxonomy", "taxonomy run"), id="taxonomy"),
    pytest.param(["taxonomy", "-d", "MUTAG", "-p", "Bogus", "-s", "t.db"],
                 ["taxonomy", "run", "-d", "MUTAG", "-P", "Bogus", "-s", "t.db"],
                 ("taxonomy -p", "taxonomy run --perturbations"), id="taxonomy-p"),
]


def _run_in(folder, argv, capsys, monkeypatch):
    """Exit code, stdout and stderr of ``graphgauge argv`` run in a fresh ``folder`` that
    holds the inputs the cases name."""
    folder.mkdir()
    (folder / "gates.json").write_text(json.dumps(GATES))
    (folder / "ann.jsonl").write_text(ANNOTATIONS)
    monkeypatch.chdir(folder)
    code = main(argv)
    out, err = capsys.readouterr()
    out = re.sub(r"\b\d+\.\d+s\b", "N.Ns", out)  # a run's elapsed time differs run to run
    return code, out, err, sorted(p.name for p in folder.rglob("*"))


@pytest.mark.parametrize(("old", "new", "named"), ALIASES)
def test_each_old_name_warns_once_then_runs_as_the_new_one(tmp_path, capsys, monkeypatch,
                                                            old, new, named):
    code, out, err, files = _run_in(tmp_path / "old", old, capsys, monkeypatch)
    new_code, new_out, new_err, new_files = _run_in(tmp_path / "new", new, capsys, monkeypatch)
    warning = (f"graphgauge: warning: 'graphgauge {named[0]}' is deprecated; use "
               f"'graphgauge {named[1]}'")
    assert err.splitlines()[0] == warning
    assert err.splitlines()[1:] == new_err.splitlines() and "warning" not in new_err
    assert (code, out, files) == (new_code, new_out, new_files)


def test_the_old_names_run_real_work(tmp_path, capsys, monkeypatch):
    """The pairs above are not all error paths: gates and kappa print their tables."""
    code, out, _, _ = _run_in(tmp_path / "g", ["infer-gates", "gates.json"], capsys,
                              monkeypatch)
    assert code == 0 and "toyset" in out
    code, out, _, _ = _run_in(tmp_path / "k", ["infer-kappa", "ann.jsonl"], capsys, monkeypatch)
    assert code == 0 and "kappa 1.000" in out


def test_help_of_a_group_or_a_new_name_warns_of_nothing(capsys):
    for argv in (["gteval", "--help"], ["taxonomy", "run", "--help"], ["gteval"],
                 ["infer", "gates", "--help"]):
        main(argv)
        out, err = capsys.readouterr()
        assert "Usage:" in out + err and "deprecated" not in err


def test_renamed_flags():
    flags = {"-o": "--option"}
    assert renamed_flags(["-m", "x", "-o", "hops=2", "-ohops=3", "--out", "d"], flags) == (
        ["-m", "x", "--option", "hops=2", "--option=hops=3", "--out", "d"], ["-o"])
    assert renamed_flags(["-o", "a", "--", "-o"], flags) == (["--option", "a", "--", "-o"],
                                                             ["-o"])
    assert renamed_flags(["--out", "d"], flags) == (["--out", "d"], [])


def test_old_gteval_flags_keep_their_meaning(tmp_path, capsys):
    """-o was gteval's suite option: the old names still read it so (a malformed option
    is refused before any data is read), the new commands read it as the output."""
    out = tmp_path / "tuning"
    for argv in (["gteval-export", "--out", str(out), "-o", "hops"],
                 ["gteval", "-m", "reference", "--dataset", "dblp", "-o", "hops",
                  "-s", str(tmp_path / "s.db")]):
        assert main(argv) == 2
        assert "must look like key=value, got 'hops'" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "s.db").exists()
    assert main(["gteval", "run", "-m", "reference", "--dataset", "dblp", "-o",
                 str(tmp_path), "-s", str(tmp_path / "s.db")]) == 2
    assert "--csv" in capsys.readouterr().err  # -o is the CSV output, here a directory


def test_old_taxonomy_p_is_perturbations_and_place_takes_datasets(tmp_path):
    runner = CliRunner()
    common = ["--model", "gat", "-s", str(tmp_path / "s.db"), "--no-plots"]
    for argv in (["taxonomy", "-d", "MUTAG", "-p", "NoEdges", *common],
                 ["taxonomy", "run", "-d", "MUTAG", "-P", "NoEdges", *common],
                 ["taxonomy", "place", "synthetic:smallworld", *common]):
        result = runner.invoke(app, argv)
        assert isinstance(result.exception, UserError), (argv, result.output)
        assert "--model must be gcn or gin" in str(result.exception)
    bad = runner.invoke(app, ["taxonomy", "run", "-d", "MUTAG", "-p", "NoEdges", *common])
    assert bad.exit_code == 2 and "No such option: -p" in bad.output
    place = runner.invoke(app, ["taxonomy", "place", "--help"], env={"COLUMNS": "200"})
    assert "DATASETS" in place.output and "--place" not in place.output
