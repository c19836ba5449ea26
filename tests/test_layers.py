"""Layers point down: a module imports only from its own layer or the layers below it,
and no two packages import each other, directly or round a longer loop.

The check reads every ``import`` and ``from ... import`` statement in the package's source
(module level, function bodies and ``if TYPE_CHECKING`` blocks alike): a lazy import
inside a function is still a dependency, it only moves the moment it is paid. A lookup
by name (``importlib.import_module`` with a module path written in the code) is an import
too, and fails the same way when it points up: a low layer that needs something from
above receives it from its caller (rendering takes the task, GraphInfer's generation the
``ask`` function that reaches the models).
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
    ("studies", "analysis"),  # analysis: old module paths kept loadable for one release
    ("report",),
    ("api",),  # generate, evaluate, load_results, estimate, rescore: what the CLI and users call
    ("cli",),
]
# Units that are one package for the cycle check: the catalog belongs to the suites.
SAME_UNIT = {"registry": "suites"}
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


def _named_module(text: str) -> str | None:
    """The graphgauge module a string names (``pkg.mod`` or ``pkg.mod:attr``), if any."""
    name = text.partition(":")[0]
    return name if name in MODULES else None


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def _imports(module: str, path: Path) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(statement imports, by-name references) of graphgauge modules, with lines.

    A by-name reference is any string in the code (not a docstring) that names a module:
    what ``importlib.import_module``, a registry's lazy entry or a rename table would
    import, written ``"graphgauge.x.y"`` or ``"graphgauge.x.y:attr"``, or an f-string
    ``f"graphgauge.x.{...}"`` (a module of package ``graphgauge.x``)."""
    statements, by_name = [], []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
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
        elif isinstance(node, ast.JoinedStr):
            first = node.values[0] if node.values else None
            if isinstance(first, ast.Constant) and str(first.value).startswith("graphgauge."):
                named = _named_module(str(first.value).rpartition(".")[0])
                if named:
                    by_name.append((named, node.lineno))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            named = _named_module(node.value)
            if named:
                by_name.append((named, node.lineno))
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
    upward = []
    for module, path in MODULES.items():
        statements, by_name = _imports(module, path)
        for target, line in statements:
            if (module, target) in FACADE:
                continue
            if _level(target) > _level(module):
                upward.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
        for target, line in by_name:
            if (module, target) not in FACADE and _level(target) > _level(module):
                upward.append(f"{path.relative_to(ROOT)}:{line} looks up {target} by name")
    assert not upward, "imports pointing up a layer:\n" + "\n".join(upward)


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


def test_moved_scripted_models_keep_their_old_spec_for_one_release(capsys):
    from graphgauge.models.python_callable import load_callable
    from graphgauge.studies.gteval import models

    assert load_callable("graphgauge.studies.gteval.models:oracle") is models.oracle
    assert capsys.readouterr().err == ""
    assert load_callable("graphgauge.analysis.gteval_models:oracle") is models.oracle
    assert capsys.readouterr().err == (
        "graphgauge: warning: 'python:graphgauge.analysis.gteval_models:oracle' is deprecated;"
        " use 'python:graphgauge.studies.gteval.models:oracle'\n")


def test_the_checks_catch_an_upward_import_and_a_cycle(tmp_path):
    """The analysis itself: a function-local upward import, lookups by name (a literal, a
    registry's lazy entry, an f-string) and a two-package loop; a docstring naming a
    module is no lookup."""
    bad = tmp_path / "bad.py"
    bad.write_text('"""Uses graphgauge.cli."""\n'
                   "def f():\n    from graphgauge.report import html\n"
                   "import importlib\nimportlib.import_module('graphgauge.cli')\n"
                   "X.lazy('run', 'graphgauge.runner:run')\n"
                   "def g(m):\n    '''graphgauge.api'''\n"
                   "    return importlib.import_module(f'graphgauge.studies.{m}')\n")
    statements, by_name = _imports("graphgauge.render.bad", bad)
    assert ("graphgauge.report.html", 3) in statements
    assert sorted(by_name) == [("graphgauge.cli", 5), ("graphgauge.runner", 6),
                               ("graphgauge.studies", 9)]
    assert _cycles({"a": {"b": ""}, "b": {"c": ""}, "c": {"a": ""}, "d": {"a": ""}}) \
        == [["a", "b", "c"]]
