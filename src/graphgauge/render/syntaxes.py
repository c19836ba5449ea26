"""Syntaxes by name, and the graph structures each one can write (and read back).

An encoding may name any registered syntax, for exactly the structures that syntax has a
writer for. The built-in syntaxes are declared by the module that registers them, so
naming one imports only that module; another package adds a syntax by registering a
``Syntax`` (readers are optional: only the round-trip tooling reads graphs back).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from graphgauge.plugins import Registry


@dataclass(frozen=True)
class Syntax:
    writers: Mapping[str, Callable[[Any], str]]  # structure -> writer of a syntax_common.Layout
    readers: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)

    @property
    def structures(self) -> tuple[str, ...]:
        return tuple(self.writers)


SYNTAX_REGISTRY: Registry[Syntax] = Registry("syntax")
for _module, _names in {
    "graphgauge.render.syntax_text": ("plain", "markdown"),
    "graphgauge.render.syntax_json": ("json",),
    "graphgauge.render.syntax_code": ("networkx", "pyg", "graphml", "dot"),
    # GraphQA's encoders (usable in any encoding, outside the robustness study's grid)
    "graphgauge.render.graphqa": ("graphqa", "friendship", "coauthorship", "social_network",
                                  "expert"),
}.items():
    for _name in _names:
        SYNTAX_REGISTRY.lazy(_name, _module)
del _module, _names, _name


def register_tables(writers: Mapping[tuple[str, str], Callable[[Any], str]],
                    readers: Mapping[tuple[str, str], Callable[[str], Any]],
                    summaries: Mapping[str, str]) -> None:
    """Register every syntax of a module's (syntax, structure)-keyed writer/reader tables."""
    for name in dict.fromkeys(syntax for syntax, _ in writers):
        SYNTAX_REGISTRY.add(name, Syntax(
            {structure: w for (syntax, structure), w in writers.items() if syntax == name},
            {structure: r for (syntax, structure), r in readers.items() if syntax == name},
        ), summary=summaries.get(name, ""))
