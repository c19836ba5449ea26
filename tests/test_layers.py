"""Layers point down: a module imports only from its own layer or the layers below it,
and no two packages import each other, directly or round a longer loop.

The check reads every ``import`` and ``from ... import`` statement in the package's source
(module level, function bodies and ``if TYPE_CHECKING`` blocks alike): a lazy import
inside a function is still a dependency, it only moves the moment it is paid. Lookups by
name (``importlib.import_module`` with a module path written in the code) are how a low
layer reaches code that registers itself above it; each one that points upward must be
listed in ``BY_NAME`` below, so a new one is a reviewed decision, not an accident.
Every module is also imported for real, so a moved file with a stale import fails here.
"""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict
from pathlib import Path

import pytest

import graphgauge

ROOT = Path(graphgauge.__file__).parent

# Bottom first. A unit is a top-level package or module of graphgauge; a module may import
# from units of its own layer (if that makes no cycle) and of lower layers.
LAYERS: list[tuple[str, ...]] = [
    # data, graphs, readers, storage, GNNs and the cross-cutting helpers
    ("__init__", "errors", "plugins", "params", "prices", "tokenizers", "gcpause", "progress",
     "extras", "instance", "graphs", "datasets", "scoring", "store", "perturb", "gnn"),
    ("render",),
    ("suites", "registry"),  # registry: the suites' catalog (names -> task objects)
    ("models", "runner", "baselines", "extraction", "exporters", "importers", "preflight",
     "results", "choices"),
    ("studies",),
    ("report",),
    ("api",),  # generate / evaluate / load_results: what the CLI and users call
    ("cli", "commands"),
]
# Units that are one package for the cycle check: the catalog belongs to the suites, the
# command modules are the CLI's sub-apps.
SAME_UNIT = {"registry": "suites", "commands": "cli"}
# Upward lookups by name, each one an inversion through a catalog: rendering finds an
# instance's task in the suites' catalog; GraphInfer's generation asks model judges.
BY_NAME = {
    ("graphgauge.render.prompt", "graphgauge.registry"),
    ("graphgauge.suites.inference.judges", "graphgauge.models"),
    ("graphgauge.suites.inference.judges", "graphgauge.models.base"),
}
# The package root re-exports the Python API lazily (``graphgauge.evaluate`` imports
# graphgauge.api on first use; its TYPE_CHECKING imports only name the types): a facade
# over the top layer, not a dependency of the bottom one.
FACADE = {("graphgauge", target) for target in graphgauge._LAZY.values()}
LEVEL = {unit: level for level, units in enumerate(LAYERS) for unit in units}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(("graphgauge", *parts))] = path
    return out


MODULES = _modules()


def _package(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _imports(module: str, path: Path) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(statement imports, literal by-name imports) of graphgauge modules, with lines."""
    statements, by_name = [], []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            statements += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package(module, path).split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # "from graphgauge.x import y" may name module y or an attribute of x
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                statements.append((sub if sub in MODULES else target, node.lineno))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            by_name.append((node.args[0].value, node.lineno))
    keep = lambda pairs: [(name, line) for name, line in pairs  # noqa: E731
                          if name == "graphgauge" or name.startswith("graphgauge.")]
    return keep(statements), keep(by_name)


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _level(module: str) -> int:
    unit = _unit(module)
    if unit not in LEVEL:
        pytest.fail(f"{module}: add {unit!r} to LAYERS in {__file__}")
    return LEVEL[unit]


def test_every_unit_has_a_layer():
    missing = sorted({_unit(m) for m in MODULES} - set(LEVEL))
    assert not missing, f"add these to LAYERS in {__file__}: {missing}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if not m.endswith(".__main__")))
def test_module_imports(module):
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:  # an optional extra (torch, ...) not installed here
        if (exc.name or "").split(".")[0] == "graphgauge":
            raise
        pytest.skip(f"{module} needs {exc.name}, not installed")


def test_imports_point_down():
    upward, by_name_seen = [], set()
    for module, path in MODULES.items():
        statements, by_name = _imports(module, path)
        for target, line in statements:
            if (module, target) in FACADE:
                continue
            if _level(target) > _level(module):
                upward.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
        for target, line in by_name:
            if _level(target) > _level(module):
                if (module, target) in BY_NAME:
                    by_name_seen.add((module, target))
                else:
                    upward.append(f"{path.relative_to(ROOT)}:{line} looks up {target} by name")
    assert not upward, "imports pointing up a layer:\n" + "\n".join(upward)
    assert by_name_seen == BY_NAME, f"stale BY_NAME entries: {BY_NAME - by_name_seen}"


def _package_graph() -> dict[str, dict[str, str]]:
    """package -> {imported package: one importing statement}, across packages only.

    A package is a directory with its modules (sub-packages are packages of their own);
    a top-level module is a package by itself, merged as ``SAME_UNIT`` says."""
    def node(module: str) -> str:
        path = MODULES[module]
        top_level = module.count(".") == 1 and path.name != "__init__.py"
        name = module if top_level else _package(module, path)
        merged = SAME_UNIT.get(name.removeprefix("graphgauge."))
        return f"graphgauge.{merged}" if merged else name

    graph: dict[str, dict[str, str]] = defaultdict(dict)
    for module, path in MODULES.items():
        for target, line in _imports(module, path)[0]:
            if target not in MODULES or (module, target) in FACADE:
                continue
            a, b = node(module), node(target)
            if a != b:
                graph[a].setdefault(b, f"{path.relative_to(ROOT)}:{line}")
    return graph


def _cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """Strongly connected components with more than one package (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def test_no_package_cycles():
    graph = _package_graph()
    cycles = _cycles(graph)
    lines = []
    for component in cycles:
        lines.append(" <-> ".join(component))
        lines += [f"    {a} -> {b} ({where})" for a in component
                  for b, where in graph[a].items() if b in component]
    assert not cycles, "packages importing each other:\n" + "\n".join(lines)


def test_moved_scripted_models_keep_their_old_spec_for_one_release():
    from graphgauge.models.python_callable import load_callable
    from graphgauge.studies.gteval import models

    assert load_callable("graphgauge.analysis.gteval_models:oracle") is models.oracle
    assert load_callable("graphgauge.studies.gteval.models:oracle") is models.oracle


def test_the_checks_catch_an_upward_import_and_a_cycle(tmp_path):
    """The analysis itself: a function-local upward import and a two-package loop."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from graphgauge.report import html\n"
                   "import importlib\nimportlib.import_module('graphgauge.cli')\n")
    statements, by_name = _imports("graphgauge.render.bad", bad)
    assert ("graphgauge.report.html", 2) in statements
    assert by_name == [("graphgauge.cli", 4)]
    assert _cycles({"a": {"b": ""}, "b": {"c": ""}, "c": {"a": ""}, "d": {"a": ""}}) \
        == [["a", "b", "c"]]
