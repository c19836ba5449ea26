"""Every registry is listed by ``graphgauge list`` and named in the help that takes its
names, from the registry itself: a registry nobody can list, or a help text with a
hand-written list, fails here."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import typer
from typer.testing import CliRunner

import graphgauge
from graphgauge.choices import REGISTRIES, ChoicesHelp
from graphgauge.cli import app
from graphgauge.plugins import Registry

ROOT = Path(graphgauge.__file__).parent
# The help that takes each list's names (command path -> a list's marker in its help).
HELP_OF = {
    ("run",): "models", ("generate",): "suites", ("taxonomy", "run"): "perturbations",
    ("import",): "import-formats", ("export-task",): "export-formats",
    ("report",): "sections",
}


def _module_registries() -> dict[str, Registry]:
    """Every ``NAME = Registry(...)`` at module level in graphgauge, by dotted name."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
            value = getattr(node, "value", None)
            if (isinstance(target, ast.Name) and isinstance(value, ast.Call)
                    and getattr(value.func, "id", None) == "Registry"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                parts = parts[:-1] if parts[-1] == "__init__" else parts
                module = ".".join(("graphgauge", *parts))
                found[f"{module}.{target.id}"] = getattr(importlib.import_module(module),
                                                         target.id)
    return found


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_every_registry_is_a_list_of_graphgauge_list():
    registries = _module_registries()
    assert len(registries) >= 10  # the scan found them (models, suites, formats, ...)
    listed = {id(registry) for registry in REGISTRIES.values()}
    unlisted = [name for name, registry in registries.items()
                if id(registry) not in listed and registry is not REGISTRIES]
    assert not unlisted, f"add to graphgauge.choices.REGISTRIES: {unlisted}"
    assert {"models", "suites", "perturbations", "syntaxes", "variants", "import-formats",
            "export-formats", "sections", "suite-reports"} <= set(REGISTRIES)


def test_list_shows_every_entry_of_every_registry():
    also = _invoke("list", "algorithmic")
    for kind, registry in REGISTRIES.items():
        assert f"graphgauge list {kind}" in also
        listed = _invoke("list", kind)
        assert listed.startswith(f"{kind} ({len(registry)})")
        for entry in registry.entries():
            assert f"│ {entry.usage or entry.name} │" in listed, (kind, entry.name)


def test_the_tasks_of_every_suite_are_listed():
    from graphgauge.registry import get_suite

    for suite in ("algorithmic", "spectral", "arc", "infer", "classify"):
        listed = _invoke("list", suite)
        for name in get_suite(suite):
            assert f" {name} " in listed, (suite, name)


def _command(path: tuple[str, ...]):
    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    return command


def test_help_names_each_list_from_its_registry():
    for path, kind in HELP_OF.items():
        assert isinstance(_command(path), ChoicesHelp), path
        text = "".join(_invoke(*path, "--help").split())  # the help wraps even at a hyphen
        assert "".join(REGISTRIES[kind].choices().split()) in text, (path, kind)


def test_no_help_keeps_a_marker_unfilled():
    def walk(command, path=()):
        yield path, command
        for name, child in (getattr(command, "commands", None) or {}).items():
            yield from walk(child, (*path, name))

    for path, command in walk(typer.main.get_command(app)):
        if not isinstance(command, ChoicesHelp):
            continue
        text = _invoke(*path, "--help")
        for kind in [*REGISTRIES, "lists", "model_list"]:
            assert f"{{{kind}}}" not in text, (path, kind)


def test_variants_and_encodings_list_their_registries():
    """The two lists with a command of their own: every variant kind in 'graphgauge
    variants', every syntax in 'graphgauge encodings'."""
    listed = _invoke("variants")
    assert all(f" {kind}" in listed for kind in REGISTRIES["variants"])
    syntaxes = _invoke("encodings").split("syntaxes:", 1)[1].split("labelings:")[0]
    assert all(f" {name}" in syntaxes for name in REGISTRIES["syntaxes"])


def test_an_unknown_list_names_the_suites_and_the_lists(capsys):
    from graphgauge.cli import main

    assert main(["list", "formats"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("graphgauge: error: unknown suite or list 'formats'; suites: "
                          "algorithmic, spectral")
    assert "; lists: models, suites" in err and "export-formats" in err
