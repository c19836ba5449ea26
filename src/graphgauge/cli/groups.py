"""Command groups (``graphgauge gteval run|structure|export``) and the old spellings
they replace, kept working for one release.

A method's commands used to be one command each with a hyphenated name
(``gteval-structure``) or a single command (``gteval``, ``taxonomy``) whose short flags
meant other things than elsewhere (``-o`` a suite option, ``-p`` the perturbations). The
old names stay as hidden aliases; they read the old short flags as the long options they
meant, so a script written for the old command still runs unchanged.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup


def renamed_flags(args: Sequence[str], flags: Mapping[str, str]) -> list[str]:
    """``args`` with each old short flag of ``flags`` written as its long option: ``-o
    x`` and ``-ox`` become ``--option x`` and ``--option=x``. Nothing after ``--``."""
    out: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            return out + list(args[i:])
        head = arg[:2]
        if arg in flags:
            out.append(flags[arg])
        elif not arg.startswith("--") and len(arg) > 2 and head in flags:
            out.append(f"{flags[head]}={arg[2:]}")
        else:
            out.append(arg)
    return out


def legacy_command(flags: Mapping[str, str]) -> type[TyperCommand]:
    """A command class that reads the old short ``flags`` as their long options."""

    class LegacyCommand(TyperCommand):
        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            return super().parse_args(ctx, renamed_flags(args, flags))

    return LegacyCommand


def default_group(default: str, flags: Mapping[str, str]) -> type[TyperGroup]:
    """A group that runs ``default`` when its first argument names no command of it: the
    old single command (``graphgauge taxonomy -d MUTAG``) is ``taxonomy run`` with the
    old short ``flags``."""

    class DefaultGroup(TyperGroup):
        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
                args = [default, *renamed_flags(args, flags)]
            return super().parse_args(ctx, args)

    return DefaultGroup


def command_group(name: str, help: str, default: str | None = None,
                  legacy_flags: Mapping[str, str] | None = None) -> typer.Typer:
    """The sub-app of one method's commands; with ``default``, its old single-command
    form keeps working (see ``default_group``)."""
    extra: dict[str, Any] = {}
    if default is not None:
        extra["cls"] = default_group(default, legacy_flags or {})
    return typer.Typer(name=name, help=help, no_args_is_help=True, rich_markup_mode=None,
                       **extra)


def hidden_aliases(app: typer.Typer, group: typer.Typer, names: Mapping[str, str],
                   legacy_flags: Mapping[str, str] | None = None) -> None:
    """Register each ``old-name: command`` of ``group`` on ``app`` under its old name,
    hidden from ``--help``, reading the old short flags."""
    callbacks = {info.name: info.callback for info in group.registered_commands}
    cls = legacy_command(legacy_flags or {})
    for old, new in names.items():
        app.command(old, hidden=True, cls=cls)(callbacks[new])


def option_as_argument(callback: Callable[..., Any], name: str, argument: Any,
                       doc: str) -> Callable[..., Any]:
    """``callback`` as a command whose option ``name`` is given as the positional
    ``argument`` instead (``taxonomy place DATASETS`` is ``taxonomy run --place
    DATASETS``), with every other option as it is and ``doc`` as its help."""
    signature = inspect.signature(callback, eval_str=True)
    parameters = []
    for parameter in signature.parameters.values():
        if parameter.name == name:
            base = typing.get_args(parameter.annotation)[0]
            parameter = parameter.replace(annotation=Annotated[base, argument],
                                          default=inspect.Parameter.empty)
        parameters.append(parameter.replace(kind=inspect.Parameter.KEYWORD_ONLY))

    def command(**options: Any) -> Any:
        return callback(**options)

    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    command.__doc__ = doc
    return command
