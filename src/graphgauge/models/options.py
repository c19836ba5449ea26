"""Check ``-p key=value`` model options against the backend's own signature.

A backend declares its options as typed keyword arguments; reading them from there means a
new backend or option is checked without a table to keep in step. A value of the wrong
type (``-p seed=abc``, ``-p temperature=hot``, ``-p seed=1.5``) or a key the backend does
not take is refused before the model is built, instead of failing deep inside it (or, for
a float where an integer belongs, being silently truncated into a different run).
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable
from typing import Any

from graphgauge.errors import UserError

_KINDS: dict[Any, tuple[str, Callable[[Any], bool]]] = {
    int: ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    float: ("a number", lambda v: isinstance(v, int | float) and not isinstance(v, bool)),
    bool: ("true or false", lambda v: isinstance(v, bool)),
    str: ("a string", lambda v: isinstance(v, str)),
    list: ("a list such as [a, b]", lambda v: isinstance(v, list)),
    dict: ("a mapping such as {key: value}", lambda v: isinstance(v, dict)),
    type(None): ("nothing", lambda v: v is None),
}


def check_options(spec: str, factory: type, params: dict[str, Any], *, skip: int = 0) -> None:
    """Refuse ``params`` that ``factory`` (a model class) does not take or of the wrong
    type. ``skip`` leading arguments come from the spec itself (``openai:NAME``)."""
    accepted = _options(factory, skip)
    if accepted is None:
        return
    for key, value in params.items():
        if key not in accepted:
            takes = ", ".join(sorted(accepted)) or "none"
            raise UserError(f"model {spec!r} has no option {key!r}; its options (-p "
                            f"key=value): {takes}")
        kinds = _alternatives(accepted[key])
        if kinds is not None and not any(_KINDS[kind][1](value) for kind in kinds):
            wanted = " or ".join(_KINDS[kind][0] for kind in kinds if kind is not type(None))
            raise UserError(f"-p {key}={_show(value)}: model {spec!r} needs {wanted} there")


def _options(factory: type, skip: int) -> dict[str, Any] | None:
    """Keyword options and their annotations, following ``**params`` up the class's
    bases to the root ``__init__``, whose ``**params`` only stores what it is given.
    None when an annotation cannot be resolved (then nothing is checked)."""
    accepted: dict[str, Any] = {}
    inits = [vars(c)["__init__"] for c in factory.__mro__[:-1] if "__init__" in vars(c)]
    for position, init in enumerate(inits):
        try:
            hints = typing.get_type_hints(init)
            parameters = list(inspect.signature(init).parameters.values())[1:]
        except (NameError, TypeError, ValueError):
            return None
        if position == 0:
            parameters = parameters[skip:]
        for parameter in parameters:
            if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
                accepted.setdefault(parameter.name, hints.get(parameter.name, Any))
        if not any(p.kind is p.VAR_KEYWORD for p in parameters):
            break
    return accepted


def _alternatives(hint: Any) -> list[Any] | None:
    """The checkable kinds a hint allows (``int | None`` -> [int, NoneType]); None when
    any value may do."""
    if hint is Any:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_alternatives(arg) for arg in typing.get_args(hint)]
        if any(part is None for part in parts):
            return None
        return [kind for part in parts for kind in part]
    kind = origin or hint
    return [kind] if kind in _KINDS else None


def _show(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:39] + "…"


def check_bounds(spec: str, bounds: dict[str, tuple[Any, float, bool]]) -> None:
    """Refuse engine options no run can use (``-p concurrency=0``, ``-p timeout=-1``,
    ``-p rpm=-5``). They have the right type, so ``check_options`` lets them through, and
    the engine would take them silently: a pool of no threads, a limit of 0 read as no
    limit. ``bounds`` maps an option to (value, lowest, whether the lowest is allowed);
    a value of None (not set) passes."""
    for key, (value, lowest, allowed) in bounds.items():
        if value is None or value > lowest or (allowed and value == lowest):
            continue
        wanted = f"at least {lowest:g}" if allowed else f"more than {lowest:g}"
        raise UserError(f"-p {key}={_show(value)}: model {spec!r} needs a number {wanted} "
                        "there")
