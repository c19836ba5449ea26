"""Mapping a pure function over many items with a second core, by ``fork``.

A run's scoring pass reads thousands of answers after the requests end, in pure Python:
one core works while the other, which ran the model server's side, idles. A forked child
starts with the parent's memory (the benchmark, the compiled readers), so it needs
neither imports nor pickled inputs: it maps its share and sends the results back through
a pipe, and the parent maps the rest meanwhile.

The child only computes: it never touches a store, a lock or an output stream, and ends
with ``os._exit``, so nothing the parent holds (a SQLite connection, buffered output,
atexit handlers) runs twice. Where forking is not safe or not worth it (not Linux, one
usable core, few items) everything is mapped here, in order; a child that fails for any
reason leaves its share to the parent, so the results never depend on the child.
"""

from __future__ import annotations

import os
import pickle
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

# Below this many items the fork (page tables of a large process, copy-on-write faults)
# costs more than the child saves.
MIN_ITEMS = 1000


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def forked_map(fn: Callable[[T], Any], items: Sequence[T],
               advance: Callable[[int], None] = lambda n: None) -> list[Any]:
    """``[fn(item) for item in items]``, a second share of it computed by a forked child
    when that can pay off. ``fn`` must return picklable values and have no side effects
    the parent needs; ``advance(n)`` reports progress (the child's share at once, when it
    arrives)."""
    if len(items) < MIN_ITEMS or sys.platform != "linux" or usable_cores() < 2:
        return _mapped(fn, items, advance)
    half = len(items) // 2
    mine, theirs = items[:half], items[half:]
    read_end, write_end = os.pipe()
    with warnings.catch_warnings():
        # Python 3.12+ warns when a process with threads forks (a lock another thread
        # holds stays held in the child); the child here takes no lock of the parent's.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: map, send, leave without running the parent's cleanups
        status = 1
        try:
            os.close(read_end)
            payload = pickle.dumps([fn(item) for item in theirs], pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    payload = b""
    pipe = os.fdopen(read_end, "rb")
    try:
        out = _mapped(fn, mine, advance)
        payload = pipe.read()  # the child's write blocks until this reads
    finally:
        pipe.close()  # first: a child still writing then fails (EPIPE) and exits
        _, status = os.waitpid(pid, 0)
    try:
        share = pickle.loads(payload) if status == 0 else None
    except Exception:  # noqa: BLE001 - a cut-off payload: the parent does the share
        share = None
    if not isinstance(share, list) or len(share) != len(theirs):
        return out + _mapped(fn, theirs, advance)
    advance(len(theirs))
    return out + share


def _mapped(fn: Callable[[T], Any], items: Sequence[T],
            advance: Callable[[int], None]) -> list[Any]:
    out = []
    for item in items:
        out.append(fn(item))
        advance(1)
    return out
