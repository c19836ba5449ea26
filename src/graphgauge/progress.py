"""Progress bars for long work, silenced by ``--quiet`` or when output is not a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(label: str, total: int, enabled: bool = True) -> Iterator[Callable[[int], None]]:
    """Yield an ``advance(n)`` callable; a no-op when disabled."""
    if not enabled or total <= 0:
        yield lambda n=1: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as progress:
        handle = progress.add_task(label, total=total)
        yield lambda n=1: progress.advance(handle, n)
