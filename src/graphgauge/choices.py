"""What the registries hold (suites, models, perturbations, variants, syntaxes, import and
export formats, report sections), for help texts and ``graphgauge list``.

The lists are filled in when help is shown, not when the CLI starts: reading them imports
the registries' modules and any installed plugins, which every other command would pay
for. A command opts in with ``cls=ChoicesHelp`` and writes ``{models}``, ``{suites}``,
``{export-formats}`` ... (a list's name in braces: its names), ``{lists}`` (the lists
'graphgauge list' shows) or ``{model_list}`` (one line per model with what it is) in its
help or its options' help.

``REGISTRIES`` is itself a registry (name -> a function returning the registry), so a
layer above this one adds a list it alone can fill: the CLI adds the report sections,
which only exist once the studies are imported.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import typer.core

from graphgauge.plugins import Registry


def _models() -> Registry:
    from graphgauge.models import MODELS

    return MODELS


def _suites() -> Registry:
    from graphgauge.registry import SUITES

    return SUITES


def _perturbations() -> Registry:
    from graphgauge.perturb.catalog import PERTURBATIONS

    return PERTURBATIONS


def _syntaxes() -> Registry:
    from graphgauge.render.syntaxes import SYNTAX_REGISTRY

    return SYNTAX_REGISTRY


def _variants() -> Registry:
    from graphgauge.render.variants import VARIANTS

    return VARIANTS


def _import_formats() -> Registry:
    from graphgauge.importers import FORMATS

    return FORMATS


def _export_formats() -> Registry:
    from graphgauge.exporters import FORMATS

    return FORMATS


REGISTRIES: Registry[Callable[[], Registry]] = Registry("list")
REGISTRIES.add("models", _models, summary="model backends (-m)")
REGISTRIES.add("suites", _suites, summary="task suites (generate SUITE)")
REGISTRIES.add("perturbations", _perturbations, summary="dataset perturbations (taxonomy -P)")
REGISTRIES.add("syntaxes", _syntaxes, summary="graph syntaxes (-e structure+SYNTAX)")
REGISTRIES.add("variants", _variants, summary="instruction variant kinds (-v)")
REGISTRIES.add("import-formats", _import_formats, summary="import FORMAT")
REGISTRIES.add("export-formats", _export_formats, summary="export-task FORMAT")


def listing(registry: Registry) -> str:
    """One entry per line, ``usage: summary`` wrapped under it, kept as lines by click."""
    lines = []
    for entry in registry.entries():
        line = f"{entry.usage or entry.name}: {registry.summary(entry.name)}".rstrip(": ")
        lines.append(textwrap.fill(line, width=76, initial_indent="  ",
                                   subsequent_indent="      "))
    return "\b\n" + "\n".join(lines)


def print_registry(kind: str, console) -> None:  # noqa: ANN001 - a rich Console
    """``graphgauge list models`` (or any list of ``REGISTRIES``): every name and what it
    is."""
    from rich.table import Table

    registry = REGISTRIES[kind]()
    table = Table(title=f"{kind} ({len(registry)})", title_justify="left", header_style="bold")
    table.add_column("name", no_wrap=True)
    table.add_column("what it is", ratio=1)
    for entry in registry.entries():
        table.add_row(entry.usage or entry.name, registry.summary(entry.name))
    console.print(table)


def syntax_groups() -> str:
    """The registered syntaxes grouped by the structures they can write (for 'encodings')."""
    from graphgauge.render.encoding import STRUCTURES

    groups: dict[tuple[str, ...], list[str]] = {}
    for name, syntax in _syntaxes().items():
        groups.setdefault(syntax.structures, []).append(name)
    return "; ".join(f"{', '.join(names)} ({_structures(writes, STRUCTURES)})"
                     for writes, names in groups.items())


def _structures(writes: tuple[str, ...], every: tuple[str, ...]) -> str:
    return "any structure" if set(writes) == set(every) else ", ".join(writes)


def fill(text: str | None) -> str | None:
    """``text`` with every ``{kind}``, ``{lists}`` and ``{model_list}`` marker replaced
    (other braces, such as ``{input: USD}``, are left alone)."""
    if text is None:
        return None
    for kind, registry in REGISTRIES.items():
        if f"{{{kind}}}" in text:
            text = text.replace(f"{{{kind}}}", registry().choices())
    if "{lists}" in text:
        text = text.replace("{lists}", ", ".join(REGISTRIES))
    if "{model_list}" in text:
        text = text.replace("{model_list}", listing(_models()))
    return text


class ChoicesHelp(typer.core.TyperCommand):
    """A command whose help names the registered choices as of the moment it is shown."""

    def format_help(self, ctx, formatter) -> None:  # noqa: ANN001 - click's own types
        self.help = fill(self.help)
        for param in self.params:
            if getattr(param, "help", None):
                param.help = fill(param.help)
        super().format_help(ctx, formatter)
