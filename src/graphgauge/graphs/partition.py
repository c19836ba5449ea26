"""Community assignments in one spelling, so two partitions compare as lists."""

from __future__ import annotations

from collections.abc import Sequence


def canonical_partition(assignment: Sequence[int]) -> list[int]:
    """Community ids renumbered by first appearance (the gold's convention)."""
    first: dict[int, int] = {}
    return [first.setdefault(int(c), len(first)) for c in assignment]
