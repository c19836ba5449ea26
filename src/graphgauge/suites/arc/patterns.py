"""Size patterns: how many example pairs a task shows, how big they are, and how big the
test input is. The last size is the test's; the ones before are the examples'."""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError
from graphgauge.suites.arc.families import MIN_NODES

PATTERNS: dict[str, tuple[int, ...]] = {
    "scale_up_3": (5, 10, 15),
    "scale_up_4": (5, 10, 15, 15),
    "cap10": (10, 10, 10),
    "cap25": (10, 10, 25),
    "cap50": (10, 10, 50),
    "cap100": (10, 10, 100),
    "cap250": (10, 10, 250),
}
DEFAULT_PATTERNS = ("scale_up_3", "scale_up_4")


def pattern_name(sizes: tuple[int, ...]) -> str:
    """A known pattern's name, else 'sizes_5_5_5_500'."""
    for name, known in PATTERNS.items():
        if known == sizes:
            return name
    return "sizes_" + "_".join(map(str, sizes))


def _sizes(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) < 2 or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in value):
        raise UserError(f"{where}: a size pattern is a list of at least two node counts "
                        f"(examples then test), e.g. [5,5,5,500]; got {value!r}")
    if min(value) < MIN_NODES:
        raise UserError(f"{where}: arc graphs need at least {MIN_NODES} nodes; got {value!r}")
    return tuple(value)


def resolve_patterns(patterns: Any = None, sizes: Any = None,
                     examples: Any = None) -> dict[str, tuple[int, ...]]:
    """The patterns asked for: names (or inline lists) from ``patterns``, plus one
    user pattern from ``sizes``; ``examples`` resizes every pattern to that many example
    pairs (dropping the extra ones or repeating the last example size)."""
    chosen: dict[str, tuple[int, ...]] = {}
    if patterns is None and sizes is None:
        patterns = list(DEFAULT_PATTERNS)
    if isinstance(patterns, str):
        patterns = [patterns]
    if patterns is not None and not isinstance(patterns, list):
        raise UserError(f"option 'patterns' must be a name or a list such as "
                        f"[scale_up_3,cap25], got {patterns!r}")
    for item in patterns or []:
        if isinstance(item, str):
            if item not in PATTERNS:
                raise UserError(f"unknown arc size pattern {item!r} in option 'patterns'; "
                                f"available: {', '.join(PATTERNS)} (or sizes=[...])")
            chosen[item] = PATTERNS[item]
        else:
            found = _sizes(item, "option 'patterns'")
            chosen[pattern_name(found)] = found
    if sizes is not None:
        found = _sizes(sizes, "option 'sizes'")
        chosen[pattern_name(found)] = found
    if examples is not None:
        if not isinstance(examples, int) or isinstance(examples, bool) or examples < 1:
            raise UserError(f"option 'examples' must be a positive integer, got {examples!r}")
        resized = {}
        for old in chosen.values():
            shown = list(old[:-1][:examples])
            shown += [shown[-1]] * (examples - len(shown))
            new = (*shown, old[-1])
            resized[pattern_name(new)] = new
        chosen = resized
    if not chosen:
        raise UserError("option 'patterns' is empty: name at least one size pattern")
    return chosen
