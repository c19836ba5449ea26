"""Pausing Python's cyclic garbage collector around allocation-heavy work.

Reading a benchmark, planning a run's prompts and building a large GraphARC task each
allocate hundreds of thousands of containers that hold no reference cycles. Every so many
allocations the collector rescans all live tracked objects, caches included, and at that
scale the rescans cost as much as the work itself. Reference counting still frees
everything those blocks drop; the rare cycle waits for the collector's next pass.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Run a block with the cyclic collector off, restoring its previous state."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
