"""Finding suites and tasks by name, importing only the suites asked for.

Suites register their tasks when their module is imported. The CLI must start fast, so
nothing scans the package: a suite's module is imported the first time it is named.
``SUITES`` maps each name to a ``Suite`` (``graphgauge.suites.contract``: the suite's own
generator, the extras it needs); another package adds a suite by registering one from a
``graphgauge.plugins`` entry point (see graphgauge.plugins and docs/extending.md).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.plugins import Registry
from graphgauge.render import prompt
from graphgauge.render.encoding import Encoding
from graphgauge.suites.base import DIFFICULTIES, REGISTRY, Task, instance_rng, suite_tasks
from graphgauge.suites.contract import GenerateSuite, Suite

# Each built-in suite module defines SUITE; importing it registers the suite's tasks.
SUITES: Registry[Suite] = Registry("suite")
for _name, _module in {
    "algorithmic": "graphgauge.suites.algorithmic",
    "spectral": "graphgauge.suites.spectral",
    "arc": "graphgauge.suites.arc",
    "classify": "graphgauge.suites.classify",
    "infer": "graphgauge.suites.inference",
    # imported benchmarks (graphgauge import FORMAT SOURCE)
    "nlgraph": "graphgauge.suites.imported.nlgraph",
    "graphwalks": "graphgauge.suites.imported.graphwalks",
    "questions": "graphgauge.suites.imported.questions",
}.items():
    SUITES.lazy(_name, f"{_module}:SUITE")
del _name, _module


def suite_names() -> list[str]:
    return list(SUITES)


def get_suite(name: str) -> Registry[Task]:
    SUITES[name]  # importing the suite's module registers its tasks
    return suite_tasks(name)


def get_task(suite: str, name: str) -> Task:
    task = REGISTRY.get(suite, {}).get(name)
    if task is not None:  # the hot path: once per item while running and scoring
        return task
    tasks = get_suite(suite)
    if name not in tasks:
        raise UserError(
            f"unknown task {name!r} in suite {suite!r}; run 'graphgauge list {suite}' to see them"
        )
    return tasks[name]


def select_tasks(suite: str, names: Iterable[str] | None = None) -> list[Task]:
    """Tasks of ``suite`` by difficulty then name, or the named ones in the order given."""
    if not names:
        tasks = get_suite(suite).values()
        return sorted(tasks, key=lambda t: (DIFFICULTIES.index(t.difficulty), t.name))
    return [get_task(suite, name) for name in names]


def find_suite(name: str) -> Suite:
    """The ``Suite`` registered as ``name`` (its tasks registered too).

    A module registered in place of a ``Suite`` (the style of earlier releases:
    ``SUITES.lazy(name, "pkg.module")`` with ``generate_suite`` and ``REQUIRES`` as module
    attributes) is read into one, with a warning once: accepted for one release."""
    value = SUITES[name]
    if isinstance(value, Suite):
        return value
    if isinstance(value, ModuleType):
        return _module_suite(name, value)
    raise UserError(f"suite {name!r} is registered as a {type(value).__name__}, not a "
                    "graphgauge.registry.Suite")


_from_modules: dict[str, Suite] = {}


def _module_suite(name: str, module: ModuleType) -> Suite:
    if name not in _from_modules:
        _from_modules[name] = Suite(doc=module.__doc__ or "",
                                    generate=getattr(module, "generate_suite", None),
                                    requires=tuple(getattr(module, "REQUIRES", ())))
        print(f"graphgauge: warning: suite {name!r} is registered as a module "
              f"({module.__name__}), which is deprecated; register a graphgauge.registry."
              f"Suite: SUITES.add({name!r}, Suite(doc=__doc__, generate=..., requires=...))",
              file=sys.stderr)
    return _from_modules[name]


def generate(
    suite: str,
    tasks: Iterable[str] | None = None,
    count: int = 100,
    seed: int = 0,
    nodes: tuple[int, int] | None = None,
    options: dict[str, Any] | None = None,
    progress: bool = False,
    ask: Callable[..., Any] | None = None,
    on_report: Callable[[Any], None] | None = None,
) -> list[Instance]:
    """``count`` instances of each selected task; deterministic in (seed, task, index).

    A suite that builds instances from a dataset or a shared design (samples, gates,
    splits) registers a ``Suite`` whose ``generate`` (``GenerateSuite``) receives the
    suite ``options`` (``--dataset``, ``-p key=value``). A generator that also takes
    ``ask`` gets how to ask a model named by a spec
    (``graphgauge.models.asking.ask_texts``), for a generation that consults models: the
    layer that loads models passes it. A generator that takes ``on_report`` hands what it
    admitted (GraphInfer's gate report) to that callback instead of printing it: showing
    it is presentation, which the layer above does."""
    if count < 1:
        raise UserError(f"--count must be at least 1, got {count}")
    if nodes is not None and not (1 <= nodes[0] <= nodes[1]):
        raise UserError(f"bad node range {nodes[0]}-{nodes[1]}: need 1 <= low <= high")
    own = find_suite(suite).generate
    if own is not None:
        given = {"ask": ask, "on_report": on_report}
        extra = {key: value for key, value in given.items()
                 if value is not None and _takes(own, key)}
        return own(tasks=list(tasks) if tasks else None, count=count, seed=seed, nodes=nodes,
                   options=dict(options or {}), progress=progress, **extra)
    if options:
        raise UserError(f"suite {suite!r} takes no options, got: {', '.join(options)}")
    selected = select_tasks(suite, tasks)
    too_large = [task for task in selected if nodes is not None and task.too_large(nodes)]
    if too_large:  # refused before generating: such a graph takes minutes or gigabytes
        limits = ", ".join(f"{task.name} {task.max_nodes}" for task in too_large)
        raise UserError(f"--nodes {nodes[0]}-{nodes[1]} is more than these tasks handle (at "
                        f"most, in nodes): {limits}; lower --nodes or leave them out of --tasks")
    out = []
    for task in selected:
        for index in range(count):
            rng = instance_rng(seed, task.name, index)
            out.append(task.generate(rng, index=index, nodes=nodes, seed=seed))
    return out


def _takes(hook: GenerateSuite | Callable[..., Any], name: str) -> bool:
    """Whether ``hook`` accepts the keyword ``name`` (generators written before it was
    added, in other packages too, keep working)."""
    parameters = inspect.signature(hook).parameters.values()
    return any(p.name == name or p.kind is p.VAR_KEYWORD for p in parameters)


def task_of(instance: Instance) -> Task:
    return get_task(instance.suite, instance.task)


def reply_schema(instance: Instance, rendered: prompt.Prompt) -> dict:
    """The JSON schema of a reply to the prompt ``rendered`` (``-p answer_format=json``):
    the task's answer type in the prompt's node labels and label space, and ``null``
    allowed where the variant's right response is no answer. The prompt's instruction and
    the server's ``response_format`` are both built from it, so they never disagree."""
    from graphgauge.render.variants import ABSTAIN
    from graphgauge.scoring.structured import item_schema

    expected = rendered.asked.expected(instance)
    return item_schema(task_of(instance), instance, rendered.labels, expected.labels,
                       abstain=expected.answer == ABSTAIN)


def render(instance: Instance, encoding: str | Encoding | None = None,
           variant: str | None = None) -> prompt.Prompt:
    """The prompt of ``instance`` (``graphgauge.render.prompt.render``), its task found
    in this catalog: rendering sits below the suites and takes the task from its caller."""
    return prompt.render(instance, encoding, variant, task=task_of(instance))


def check_prompts(instances: Iterable[Instance], encodings: Sequence[str],
                  variants: Sequence[str]) -> None:
    """Render one instance of every task in every encoding and variant, so a name no
    suite can render (an unknown variant, a label variant on a suite without labels, an
    encoding a layout refuses) is a UserError before anything is stored."""
    from graphgauge.render.variants import check_variants

    check_variants(variants)
    first: dict[tuple[str, str], Instance] = {}
    for inst in instances:
        first.setdefault((inst.suite, inst.task), inst)
    for inst in first.values():
        for encoding in encodings:
            for variant in variants:
                render(inst, encoding, variant)
