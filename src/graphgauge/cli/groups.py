"""Command groups (``graphgauge gteval run|structure|export``) and the old spellings
they replace, kept working for one release.

A method's commands used to be one command each with a hyphenated name
(``gteval-structure``) or a single command (``gteval``, ``taxonomy``) whose short flags
meant other things than elsewhere (``-o`` a suite option, ``-p`` the perturbations). The
old names stay for one release as hidden aliases: each prints one warning line on stderr
naming what to type instead, then reads the old short flags as the long options they
meant and runs as the new command, so a script written for the old command still runs
(same output, same exit code).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup


def renamed_flags(args: Sequence[str], flags: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """``args`` with each old short flag of ``flags`` written as its long option (``-o x``
    and ``-ox`` become ``--option x`` and ``--option=x``; nothing after ``--``), and the
    old flags that were used, each once."""
    out: list[str] = []
    used: dict[str, None] = {}
    for i, arg in enumerate(args):
        if arg == "--":
            return out + list(args[i:]), list(used)
        head = arg[:2]
        if arg in flags:
            out.append(flags[arg])
            used[arg] = None
        elif not arg.startswith("--") and len(arg) > 2 and head in flags:
            out.append(f"{flags[head]}={arg[2:]}")
            used[head] = None
        else:
            out.append(arg)
    return out, list(used)


def warn_deprecated(old: str, new: str, used: Sequence[str] = (),
                    flags: Mapping[str, str] | None = None) -> None:
    """The one line on stderr every old spelling prints before it runs as ``new``: the
    old command with the old flags it was given, and what to type instead."""
    old_flags = "".join(f" {flag}" for flag in used)
    new_flags = "".join(f" {(flags or {})[flag]}" for flag in used)
    typer.echo(f"graphgauge: warning: 'graphgauge {old}{old_flags}' is deprecated; use "
               f"'graphgauge {new}{new_flags}'", err=True)


def _alias_command(new: str, flags: Mapping[str, str]) -> type[TyperCommand]:
    """A hidden command class: warns that its name is old, then reads the old short
    ``flags`` as their long options and runs as command ``new``."""

    class AliasCommand(TyperCommand):
        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            args, used = renamed_flags(args, flags)
            warn_deprecated(ctx.info_name, new, used, flags)
            return super().parse_args(ctx, args)

    return AliasCommand


def _default_group(default: str, flags: Mapping[str, str]) -> type[TyperGroup]:
    """A group that runs ``default`` when its first argument names no command of it: the
    old single command (``graphgauge taxonomy -d MUTAG``) is ``taxonomy run`` with the
    old short ``flags``, after a warning."""

    class DefaultGroup(TyperGroup):
        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
                renamed, used = renamed_flags(args, flags)
                warn_deprecated(ctx.info_name, f"{ctx.info_name} {default}", used, flags)
                args = [default, *renamed]
            return super().parse_args(ctx, args)

    return DefaultGroup


def method_group(app: typer.Typer, name: str, help: str, fill: Callable[[typer.Typer], None],
                 old_default: str | None = None, old_names: Mapping[str, str] | None = None,
                 old_flags: Mapping[str, str] | None = None) -> typer.Typer:
    """Mount one method's commands on ``app`` as the group ``name`` (``fill`` adds them),
    with the spellings they replace kept for one release, each warning when used:
    ``old_default``, the command the bare group name used to be (``graphgauge gteval -m
    ...`` is ``gteval run``); ``old_names``, hidden top-level aliases (``gteval-structure:
    structure``); ``old_flags``, short flags that meant another option before
    (``-o: --option``), read so by the old spellings only."""
    flags = old_flags or {}
    extra: dict[str, Any] = {}
    if old_default is not None:
        extra["cls"] = _default_group(old_default, flags)
    group = typer.Typer(name=name, help=help, no_args_is_help=True, rich_markup_mode=None,
                        **extra)
    fill(group)
    app.add_typer(group)
    callbacks = {info.name: info.callback for info in group.registered_commands}
    for old, new in (old_names or {}).items():
        app.command(old, hidden=True, cls=_alias_command(f"{name} {new}", flags))(
            callbacks[new])
    return group


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
