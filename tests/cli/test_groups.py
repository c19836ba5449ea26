"""The method commands as groups, one meaning per short flag, and the old names and flags
kept as hidden aliases."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from graphgauge.cli import app, main
from graphgauge.cli.groups import renamed_flags
from graphgauge.errors import UserError

# What each short flag means, in every command that has it: the long options listed are
# one meaning under the names each command had before (-o: an output file or folder).
MEANINGS = {
    "-o": {"--output", "--out", "--csv"}, "-p": {"--param"}, "-m": {"--model"},
    "-s": {"--store"}, "-q": {"--quiet"}, "-e": {"--encoding"}, "-v": {"--variant"},
    "-r": {"--run"}, "-n": {"--count"}, "-t": {"--tasks"}, "-d": {"--dataset", "--datasets"},
    "-f": {"--format"}, "-k": {"--clusters"}, "-w": {"--workers"},
    "-P": {"--perturbations"},
}


def _commands(command, path=()):
    """(path, click command) of every visible command under ``command``."""
    children = getattr(command, "commands", None)
    if children is None:
        yield path, command
        return
    for name, child in children.items():
        if not child.hidden:
            yield from _commands(child, (*path, name))


def test_each_short_flag_means_one_thing_everywhere():
    seen: dict[str, set[str]] = {}
    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            shorts = [o for o in param.opts if len(o) == 2]
            longs = {o for o in param.opts if o.startswith("--")}
            for short in shorts:
                assert short in MEANINGS, f"{' '.join(path)}: {short} is new: say what it means"
                assert longs <= MEANINGS[short], f"{' '.join(path)}: {short} = {longs}"
                seen.setdefault(short, set()).update(longs)
    assert seen["-p"] == {"--param"} and seen["-P"] == {"--perturbations"}
    assert {"--output", "--out", "--csv"} <= seen["-o"]


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


@pytest.mark.parametrize("argv", [["infer", "gates"], ["infer-gates"]])
def test_old_and_new_names_run_the_same_command(tmp_path, capsys, argv):
    report = tmp_path / "gates.json"
    cell = {"candidates": 5, "L1": {"C1": 2}, "L2": {}, "L4": {"exact": 1},
            "L4_admitted": 0, "released": {"train": 2, "test": 1}}
    report.write_text(json.dumps({"dataset": "toyset", "domain": "toys",
                                  "tasks": {"relation": cell}}))
    assert main([*argv, str(report)]) == 0
    assert "toyset" in capsys.readouterr().out
    report.write_text("[]")
    assert main([*argv, str(report)]) == 2
    assert "not a GraphInfer gate report" in capsys.readouterr().err


def test_renamed_flags():
    flags = {"-o": "--option"}
    assert renamed_flags(["-m", "x", "-o", "hops=2", "-ohops=3", "--out", "d"], flags) == [
        "-m", "x", "--option", "hops=2", "--option=hops=3", "--out", "d"]
    assert renamed_flags(["-o", "a", "--", "-o"], flags) == ["--option", "a", "--", "-o"]


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
