"""The registries and the ``graphgauge.plugins`` entry points.

The end-to-end tests install tests/plugins/demo_plugin (a real package with a pyproject)
into a temporary folder with ``pip install --target`` and put that folder on PYTHONPATH of
the real ``graphgauge`` command: the plugin's model backend, its suite and its report
section are each one file, and graphgauge learns of them only through the entry points.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from graphgauge import plugins
from graphgauge.errors import UserError
from graphgauge.instance import read_jsonl
from graphgauge.plugins import Registry
from graphgauge.store import Store
from tests.support.paths import PLUGINS
from tests.support.registries import scratch

DEMO = PLUGINS / "demo_plugin"


# --- the Registry itself ----------------------------------------------------------------


@pytest.fixture
def probe_module(tmp_path, monkeypatch):
    """A module on sys.path that records being imported (in ``IMPORTED``)."""
    (tmp_path / "gg_probe.py").write_text(
        '"""Probe module. Counts its imports."""\nIMPORTED = True\n\n'
        "class Thing:\n    \"\"\"A thing to find. More words.\"\"\"\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "gg_probe", raising=False)
    yield "gg_probe"
    sys.modules.pop("gg_probe", None)


def test_lazy_entry_is_imported_on_first_lookup_only(probe_module):
    things = Registry("thing")
    things.lazy("probe", f"{probe_module}:Thing", usage="probe:X")
    things.lazy("whole", probe_module)
    assert probe_module not in sys.modules
    assert things.choices() == "probe:X | whole"  # listing names imports nothing
    assert probe_module not in sys.modules
    thing = things["probe"]
    assert probe_module in sys.modules
    assert thing is sys.modules[probe_module].Thing
    assert things["whole"] is sys.modules[probe_module]
    assert things.summary("probe") == "A thing to find"  # docstring's first sentence


def test_decorator_registration_and_mapping_reads():
    things = Registry("thing")

    @things.register("double", summary="twice its input")
    def double(x):
        return 2 * x

    assert things["double"](4) == 8
    assert "double" in things and "triple" not in things
    assert list(things) == ["double"] and len(things) == 1
    assert things.get("triple") is None
    assert things.entry("double").summary == "twice its input"


def test_unknown_name_lists_the_choices():
    things = Registry("thing")
    things.add("alpha", 1)
    things.add("beta", 2)
    with pytest.raises(UserError, match=r"unknown thing 'gamma'; choose from: alpha, beta$"):
        things["gamma"]
    with pytest.raises(UserError, match=r"unknown thing 'z'; choose from: none$"):
        Registry("thing")["z"]


def test_a_name_is_taken_once_but_a_lazy_declaration_can_be_completed(probe_module):
    things = Registry("thing")
    things.add("alpha", 1)
    with pytest.raises(ValueError, match="registered twice"):
        things.add("alpha", 2)
    with pytest.raises(ValueError, match="registered twice"):
        things.lazy("alpha", probe_module)
    things.lazy("later", "gg_not_imported_yet", summary="declared early")
    things.add("later", 3)  # what the named module does when it is imported
    assert things["later"] == 3 and things.summary("later") == "declared early"


def test_a_lazy_target_that_cannot_be_imported_is_a_user_error():
    things = Registry("backend")
    things.lazy("ghost", "gg_no_such_module_anywhere:Ghost")
    with pytest.raises(UserError, match="backend 'ghost' cannot be loaded: No module named"):
        things["ghost"]


def test_a_registered_syntax_is_a_valid_encoding_and_writes_the_graph(monkeypatch):
    from graphgauge.render.encoding import Encoding
    from graphgauge.render.serialize import graph_text
    from graphgauge.render.syntaxes import SYNTAX_REGISTRY, Syntax

    scratch(SYNTAX_REGISTRY, monkeypatch)
    with pytest.raises(UserError, match="unknown encoding token 'arrows'"):
        Encoding.parse("edge_list+arrows")

    def arrows(layout):
        return "\n".join(f"{layout.labels[u]} -> {layout.labels[v]}" for u, v in layout.edges)

    SYNTAX_REGISTRY.add("arrows", Syntax({"edge_list": arrows}), summary="one arc per line")
    encoding = Encoding.parse("edge_list+arrows+offset")
    assert encoding.name == "edge_list+arrows+offset"
    graph = {"directed": True, "nodes": [{"id": 0}, {"id": 1}, {"id": 2}],
             "edges": [{"source": 0, "target": 1}, {"source": 2, "target": 0}]}
    assert graph_text(graph, encoding, "arrows-test") == "1 -> 2\n3 -> 1"
    with pytest.raises(UserError, match="syntax 'arrows' cannot write a adjacency_list; "
                       "supported structures: edge_list"):
        Encoding.parse("adjacency_list+arrows")


def _dist_info(folder: Path, name: str, entry_points: str) -> None:
    """A minimal installed distribution: what pip leaves in site-packages."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_a_plugin_that_fails_to_import_is_named(tmp_path, monkeypatch):
    _dist_info(tmp_path, "gg_broken", "[graphgauge.plugins]\nbroken = gg_broken_plugin\n")
    (tmp_path / "gg_broken_plugin.py").write_text("raise RuntimeError('half-installed')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(plugins, "_plugins_loaded", False)
    with pytest.raises(UserError, match=r"plugin 'broken' \(gg_broken_plugin, from gg_broken\) "
                       "failed to load: RuntimeError: half-installed"):
        Registry("thing")["anything"]


def test_entry_point_modules_are_imported_at_the_first_lookup(tmp_path, monkeypatch):
    _dist_info(tmp_path, "gg_adds", "[graphgauge.plugins]\nadds = gg_adds_plugin\n")
    (tmp_path / "gg_adds_plugin.py").write_text(
        "from graphgauge.perturb.catalog import PERTURBATIONS\n"
        "PERTURBATIONS.add('Identity', lambda setting, seed: (lambda data: data))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(plugins, "_plugins_loaded", False)
    from graphgauge.perturb import catalog

    scratch(catalog.PERTURBATIONS, monkeypatch)
    assert "gg_adds_plugin" not in sys.modules
    assert catalog.expand("NoEdges,Identity") == ["NoEdges", "Identity"]
    graphs = ["g1", "g2"]
    assert catalog.perturb_dataset(graphs, "Identity") == graphs
    sys.modules.pop("gg_adds_plugin", None)


# --- the demo plugin, installed, through the real command ---------------------------------


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory):
    """Environment for a ``graphgauge`` subprocess that sees the demo plugin installed."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "src"
    shutil.copytree(DEMO, source)  # pip builds in the source folder: keep tests/ clean
    target = work / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (target / "graphgauge_demo_plugin-0.1.0.dist-info" / "entry_points.txt").is_file()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(target), env.get("PYTHONPATH")) if p)
    return env


def graphgauge(env, cwd, *args) -> str:
    done = subprocess.run([sys.executable, "-m", "graphgauge.cli", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def accuracy_line(output: str, suite: str) -> str:
    return next(line for line in output.splitlines() if line.strip().startswith(f"{suite}:"))


@pytest.mark.slow
def test_plugin_model_backend_runs_end_to_end(plugin_env, tmp_path):
    assert "constant:TEXT" in graphgauge(plugin_env, tmp_path, "list", "models")
    assert "constant:TEXT" in graphgauge(plugin_env, tmp_path, "run", "--help")
    graphgauge(plugin_env, tmp_path, "generate", "algorithmic", "-o", "bench.jsonl",
               "--tasks", "node_number", "-n", "30", "--nodes", "5-7", "--seed", "3")
    golds = Counter(inst.answer for inst in read_jsonl(tmp_path / "bench.jsonl"))
    guess = golds.most_common(1)[0][0]
    assert 0 < golds[guess] < 30  # the constant answer is right on some items only
    out = graphgauge(plugin_env, tmp_path, "run", "bench.jsonl", "-m", f"constant:{guess}",
                     "-p", 'prefix="The graph has "', "-s", "runs.db")
    assert f"accuracy {100 * golds[guess] / 30:.1f}%" in accuracy_line(out, "algorithmic")
    with Store(tmp_path / "runs.db", write=False) as db:
        rows = list(db.items())
    assert len(rows) == 30
    assert {row["response"] for row in rows} == {f"The graph has {guess}"}
    assert sum(row["accuracy"] for row in rows) == golds[guess]


@pytest.mark.slow
def test_plugin_model_options_are_checked_like_built_in_ones(plugin_env, tmp_path):
    graphgauge(plugin_env, tmp_path, "generate", "algorithmic", "-o", "b.jsonl",
               "--tasks", "node_number", "-n", "2")
    done = subprocess.run([sys.executable, "-m", "graphgauge.cli", "run", "b.jsonl", "-m",
                           "constant:5", "-p", "suffix=x"], env=plugin_env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert "model 'constant:5' has no option 'suffix'; its options (-p key=value): prefix" \
        in done.stderr


def _leaves(graph: dict) -> int:
    """Independent of the task's solver: count endpoint occurrences in the edge list."""
    ends = Counter()
    for link in graph.get("links", graph.get("edges", [])):
        ends[link["source"]] += 1
        ends[link["target"]] += 1
    return sum(1 for node in graph["nodes"] if ends[node["id"]] == 1)


@pytest.mark.slow
def test_plugin_suite_generates_and_runs(plugin_env, tmp_path):
    assert "leaf_count" in graphgauge(plugin_env, tmp_path, "list", "demo")
    assert "demo" in graphgauge(plugin_env, tmp_path, "generate", "--help")
    graphgauge(plugin_env, tmp_path, "generate", "demo", "-o", "demo.jsonl", "-n", "12")
    instances = read_jsonl(tmp_path / "demo.jsonl")
    assert len(instances) == 12 and {inst.task for inst in instances} == {"leaf_count"}
    assert [inst.answer for inst in instances] == [_leaves(inst.graphs["G"])
                                                   for inst in instances]
    assert len({inst.answer for inst in instances}) > 1
    out = graphgauge(plugin_env, tmp_path, "run", "demo.jsonl", "-m", "reference",
                     "-s", "demo.db")
    assert "accuracy 100.0%" in accuracy_line(out, "demo")
    report = graphgauge(plugin_env, tmp_path, "report", "-s", "demo.db", "--html", "r.html")
    assert "demo plugin: 12 leaf-count items" in report  # the plugin's suite report
    assert "<p id='demo-leaves'>12 items</p>" in (tmp_path / "r.html").read_text()


# --- help texts and listings read the registries -----------------------------------------


def test_help_and_list_name_every_registered_choice():
    from typer.testing import CliRunner

    from graphgauge.cli import app
    from graphgauge.models import MODELS
    from graphgauge.perturb.catalog import PERTURBATIONS
    from graphgauge.registry import SUITES

    def invoke(*args):
        result = CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})
        assert result.exit_code == 0, result.output
        return " ".join(result.output.split())  # undo the help's line wrapping

    run_help = invoke("run", "--help")
    for entry in MODELS.entries():
        assert f"{entry.usage or entry.name}: {MODELS.summary(entry.name)}" in run_help
    assert "{model" not in run_help and "{models}" not in invoke("robustness", "--help")
    taxonomy_help = "".join(invoke("taxonomy", "run", "--help").split())  # wraps at "-"
    assert all(name in taxonomy_help for name in PERTURBATIONS)
    assert " | ".join(SUITES) in invoke("generate", "--help")
    listed = invoke("list", "perturbations")
    assert all(f"{name} " in listed for name in PERTURBATIONS)
