"""One way to make things findable by name: suites, tasks, models, perturbations, variants
and syntaxes, built in or added by another installed package.

Why a registry rather than an if/elif per kind: the list of choices, the error for a
wrong name and the ``--help`` text all come from one place, and a third-party package
adds a choice without editing graphgauge. Built-in entries are declared *lazily* (name
-> ``module`` or ``module:attribute``) so that naming one backend imports only that
backend and the CLI starts fast.

Plugins: a distribution declares entry points in the group ``graphgauge.plugins``, each
naming a module. Those modules are imported the first time any registry is asked for a
name it does not have or for its list of names, and register into the registries they
extend (a built-in name is found without them, so no plugin is imported while graphgauge
itself is still importing), e.g.::

    from graphgauge.models import MODELS

    @MODELS.register("echo", usage="echo:TEXT", summary="answers TEXT to everything")
    class Echo(Model): ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from graphgauge.errors import UserError

T = TypeVar("T")
ENTRY_POINT_GROUP = "graphgauge.plugins"


@dataclass(frozen=True)
class Entry:
    """What a registry knows about a name before (``target``) and after (``value``) import."""

    name: str
    summary: str = ""
    usage: str = ""
    target: str | None = None  # "module" or "module:attribute", imported on first use


class Registry(Mapping[str, T], Generic[T]):
    """Names -> objects of one kind; read like a dict, unknown names raise ``UserError``.

    ``kind`` is the word used in messages ("model", "perturbation")."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, Entry] = {}
        self._values: dict[str, T] = {}

    # --- registering ------------------------------------------------------------
    def add(self, name: str, value: T, summary: str = "", usage: str = "") -> T:
        """Register ``value`` under ``name``; a name can be taken once (a lazy declaration
        is completed by the module it points to registering the same name)."""
        entry = self._entries.get(name)
        if name in self._values or (entry is not None and entry.target is None):
            raise ValueError(f"{self.kind} {name!r} registered twice")
        self._entries[name] = Entry(name, summary or (entry.summary if entry else "")
                                    or first_line(value), usage or (entry.usage if entry else ""))
        self._values[name] = value
        return value

    def register(self, name: str, summary: str = "", usage: str = "") -> Callable[[T], T]:
        """Decorator form of ``add``: ``@MODELS.register("echo")`` above a class or function."""
        def decorate(value: T) -> T:
            return self.add(name, value, summary, usage)

        return decorate

    def lazy(self, name: str, target: str, summary: str = "", usage: str = "") -> None:
        """Declare ``name`` without importing it: ``target`` is ``"pkg.module"`` (the module
        itself is the value, or registers ``name`` when imported) or ``"pkg.module:attr"``."""
        if name in self._entries:
            raise ValueError(f"{self.kind} {name!r} registered twice")
        self._entries[name] = Entry(name, summary, usage, target)

    # --- looking up -------------------------------------------------------------
    def __getitem__(self, name: str) -> T:
        value = self._values.get(name)
        if value is not None:  # the hot path: a name already resolved
            return value
        return self._resolve(self.entry(name))

    def entry(self, name: str) -> Entry:
        """What is declared about ``name`` (summary, usage), without importing it."""
        if name not in self._entries:
            load_plugins()
        entry = self._entries.get(name)
        if entry is None:
            choices = ", ".join(self._entries) or "none"
            raise UserError(f"unknown {self.kind} {name!r}; choose from: {choices}")
        return entry

    def get(self, name: str, default: Any = None) -> Any:
        value = self._values.get(name)
        if value is not None:
            return value
        return self._resolve(self._entries[name]) if name in self else default

    def __contains__(self, name: object) -> bool:
        if name in self._entries:
            return True
        load_plugins()
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        load_plugins()
        return iter(list(self._entries))

    def __len__(self) -> int:
        load_plugins()
        return len(self._entries)

    def entries(self) -> list[Entry]:
        """Every name with its summary and usage, without importing lazy ones."""
        load_plugins()
        return list(self._entries.values())

    def summary(self, name: str) -> str:
        """What ``name`` is, in a line: declared, or else its docstring's first sentence
        (importing it; for listings, not for the hot path)."""
        entry = self.entry(name)
        if not entry.summary and name not in self._values:
            self._resolve(entry)
        return self._entries[name].summary

    def choices(self, sep: str = " | ") -> str:
        """The names as a user types them (``usage`` when given), for help texts."""
        return sep.join(entry.usage or entry.name for entry in self.entries())

    def _resolve(self, entry: Entry) -> T:
        if entry.name in self._values:  # registered while the plugins were loading
            return self._values[entry.name]
        module_name, _, attribute = (entry.target or "").partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # an uninstalled package, not a bug inside one
            raise UserError(f"{self.kind} {entry.name!r} cannot be loaded: {exc} (is the "
                            "package that provides it installed?)") from None
        if entry.name not in self._values:  # the module did not register it itself
            value = getattr(module, attribute) if attribute else module
            self._values[entry.name] = value
            if not entry.summary:
                self._entries[entry.name] = Entry(entry.name, first_line(value), entry.usage,
                                                  entry.target)
        return self._values[entry.name]


def first_line(value: Any) -> str:
    """A registered object's docstring's first sentence: the default summary."""
    doc = (getattr(value, "__doc__", None) or "").strip()
    return " ".join(doc.split("\n\n")[0].split()).split(". ")[0].rstrip(".").replace("``", "")


_plugins_loaded = False


def load_plugins() -> None:
    """Import every module named by a ``graphgauge.plugins`` entry point, once per process.

    A plugin that fails to import is named in a ``UserError`` rather than skipped: a
    silently missing backend would make a run fail later with a misleading message."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True  # set first: plugin modules look names up while importing
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            point.load()
        except Exception as exc:  # noqa: BLE001 - any failure in third-party code
            dist = point.dist.name if point.dist is not None else "an installed package"
            raise UserError(f"plugin {point.name!r} ({point.value}, from {dist}) failed to "
                            f"load: {type(exc).__name__}: {exc}") from None


__all__ = ["ENTRY_POINT_GROUP", "Entry", "Registry", "first_line", "load_plugins"]
