"""What a suite offers the commands, as one typed object registered in ``SUITES``.

A suite's tasks register themselves (``@task``); everything else a command needs from a
suite (how to build its instances when the tasks cannot each build their own, which
extras it needs) is a field of its ``Suite``, so the registry hands out a checked object
rather than module attributes looked up by name (``generate_suite``, ``REQUIRES``, the
style of earlier releases, still read for one release: ``graphgauge.registry.find_suite``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from graphgauge.instance import Instance


class GenerateSuite(Protocol):
    """A suite's own generator, called with keywords only.

    It receives the suite ``options`` (``--dataset``, ``-p key=value``) and validates
    them; ``tasks`` is None for all. Two further keywords are passed only to a generator
    whose signature names them (or takes ``**kwargs``), so one written before they
    existed keeps working: ``ask`` (``graphgauge.models.asking.ask_texts``, for a
    generation that consults models) and ``on_report`` (a callback taking what the
    generator admitted, which the layer above prints: a suite prints nothing)."""

    def __call__(self, *, tasks: list[str] | None, count: int, seed: int,
                 nodes: tuple[int, int] | None, options: dict[str, Any],
                 progress: bool) -> list[Instance]: ...


@dataclass(frozen=True)
class Suite:
    """A suite as the commands see it, each part optional.

    ``generate``: builds the suite's instances from a dataset or a shared design (samples,
    gates, splits); without it every task generates its own, and the suite takes no
    options. ``requires``: extras (``graphgauge.extras``) checked before generation or a
    run starts, so a missing package stops the command with nothing done. ``doc``: what
    the suite is, usually the module's ``__doc__``; its first sentence is the suite's line
    in ``graphgauge list suites``."""

    doc: str = ""
    generate: GenerateSuite | Callable[..., list[Instance]] | None = None
    requires: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The registries summarise an object by its docstring (graphgauge.plugins.first_line):
        # a suite's is the suite's own, not this class's.
        object.__setattr__(self, "doc", self.doc or "")
        object.__setattr__(self, "__doc__", self.doc)
        object.__setattr__(self, "requires", tuple(self.requires))
