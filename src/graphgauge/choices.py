"""What the registries hold (suites, models, perturbations, variants, syntaxes, import and
export formats, report sections), for help texts and ``graphgauge list``.

The lists are filled in when help is shown, not when the CLI starts: reading them imports
the registries' modules and any installed plugins, which every other command would pay
for. A command opts in with ``cls=ChoicesHelp`` and writes ``{models}``, ``{suites}``,
``{export-formats}`` ... (a list's name in braces: its names), ``{lists}`` (the lists
'graphgauge list' shows) or ``{model_list}`` (one line per model with what it is) in its
help or its options' help.

``REGISTRIES`` is itself a registry (a list's name -> its registry), so a layer above
this one adds a list it alone can fill: the CLI adds the report sections, which only
exist once the studies are imported.
"""

from __future__ import annotations

import textwrap

import typer.core

from graphgauge.plugins import Registry

# Each list is a registry, declared lazily ("module:NAME") so that nothing is imported
# before a help text or 'graphgauge list' asks for it.
REGISTRIES: Registry[Registry] = Registry("list")
for _name, _target, _summary in (
    ("models", "graphgauge.models:MODELS", "model backends (-m)"),
    ("suites", "graphgauge.registry:SUITES", "task suites (generate SUITE)"),
    ("perturbations", "graphgauge.perturb.catalog:PERTURBATIONS",
     "dataset perturbations (taxonomy run -P)"),
    ("syntaxes", "graphgauge.render.syntaxes:SYNTAX_REGISTRY",
     "graph syntaxes (-e structure+SYNTAX)"),
    ("variants", "graphgauge.render.variants:VARIANTS", "instruction variant kinds (-v)"),
    ("import-formats", "graphgauge.importers:FORMATS", "import FORMAT"),
    ("export-formats", "graphgauge.exporters:FORMATS", "export-task FORMAT"),
):
    REGISTRIES.lazy(_name, _target, summary=_summary)
del _name, _target, _summary


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

    registry = REGISTRIES[kind]
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
    for name, syntax in REGISTRIES["syntaxes"].items():
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
    for kind in REGISTRIES:
        if f"{{{kind}}}" in text:
            text = text.replace(f"{{{kind}}}", REGISTRIES[kind].choices())
    if "{lists}" in text:
        text = text.replace("{lists}", ", ".join(REGISTRIES))
    if "{model_list}" in text:
        text = text.replace("{model_list}", listing(REGISTRIES["models"]))
    return text


class ChoicesHelp(typer.core.TyperCommand):
    """A command whose help names the registered choices as of the moment it is shown."""

    def format_help(self, ctx, formatter) -> None:  # noqa: ANN001 - click's own types
        self.help = fill(self.help)
        for param in self.params:
            if getattr(param, "help", None):
                param.help = fill(param.help)
        super().format_help(ctx, formatter)
