"""Checks a command runs before it does any work.

A mistake found after an hour of generation, or after a run has begun writing to its
store, costs the hour and leaves the store changed; these checks find the mistakes that
can be known up front (an output that cannot be written, a malformed ``-p key=value``, a
task no suite has, a model that cannot answer a suite) and refuse them in one line with
nothing done.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.instance import Instance


def output_file(path: Path, option: str) -> None:
    """Refuse an output file that cannot be written: a directory, a missing or read-only
    folder, a read-only file."""
    if path.is_dir():
        raise UserError(f"{option} {path} is a directory; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise UserError(f"output folder does not exist: {folder} ({option} {path})")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UserError(f"{option} {path}: cannot write there (folder {folder} is read-only)")
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"{option} {path}: cannot write there (the file is read-only)")


def output_folder(path: Path, option: str) -> None:
    """Refuse an output folder that is a file, or that cannot be created or written."""
    if path.exists() and not path.is_dir():
        raise UserError(f"{option} {path} is a file; give a folder")
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise UserError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UserError(f"{option} {path}: cannot write there ({existing} is read-only)")


def check_benchmark(instances: Sequence[Instance], source: Path | str) -> None:
    """Refuse a benchmark whose items cannot be asked: a suite or task graphgauge does
    not have, no main graph ``G``, or a query naming a node the graph lacks (each would
    fail on its first prompt, or be scored against a gold for another question, after
    the run had begun)."""
    from graphgauge.registry import get_task

    tasks = {}
    for suite, task in {(inst.suite, inst.task) for inst in instances}:
        try:
            tasks[suite, task] = get_task(suite, task)
        except UserError as exc:
            raise UserError(f"{source}: {exc}") from None
    for inst in instances:
        if "G" not in inst.graphs:
            raise UserError(f"{source}: instance {inst.id} has no main graph 'G' in 'graphs'")
        named = [key for key in tasks[inst.suite, inst.task].node_params if key in inst.query]
        if named:
            ids = {node["id"] for node in inst.graphs["G"]["nodes"]}
            for key in named:
                value = inst.query[key]
                if not isinstance(value, int | str) or value not in ids:
                    raise UserError(f"{source}: instance {inst.id} asks about {key} "
                                    f"{value!r}, which is not a node of its graph")


def answerable(spec: str, model: object, instances: Sequence[Instance]) -> None:
    """Refuse a model that declares the suites it answers (``suites``) on a benchmark
    with others: it would store an error for each of their items."""
    suites = getattr(model, "suites", None)
    if suites is None:
        return
    other = Counter(inst.suite for inst in instances if inst.suite not in suites)
    if other:
        listed = ", ".join(f"{name} ({n})" for name, n in sorted(other.items()))
        raise UserError(f"model {spec!r} answers only {', '.join(suites)} instances, not "
                        f"{listed}; run it on a benchmark of those")


def suite_extras(suites, what: str) -> None:
    """Refuse before any work when a suite needs an extra that is not installed; a suite
    lists them in its ``Suite.requires`` (infer embeds titles with sentence-transformers)."""
    from graphgauge.extras import require
    from graphgauge.registry import find_suite

    for suite in sorted(set(suites)):
        for extra in find_suite(suite).requires:
            require(extra, f"{what} ({suite} suite)")


def load_models(specs: Sequence[str], params: dict, instances: Sequence[Instance]) -> list:
    """Every model of the command built and checked against the benchmark before the
    first one starts (and before the store is opened): (spec, model) pairs."""
    from graphgauge.extras import require
    from graphgauge.models import load_model

    models = [(spec, load_model(spec, **params)) for spec in specs]
    for spec, model in models:
        for extra in getattr(model, "requires", ()):
            require(extra, f"model {spec!r}")
        answerable(spec, model, instances)
    return models
