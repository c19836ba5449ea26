"""A C-speed check run before a case-insensitive pattern that cannot match without one of
a few words: such a pattern tries every word of a long answer (~0.1-0.5 us a character,
tens of milliseconds on a 200k-character one), ``str.lower`` and ``in`` do not."""

from __future__ import annotations


def mentions(text: str, words: tuple[str, ...]) -> bool:
    """Does ``text`` hold one of ``words`` (lower case), in any case?"""
    lowered = text.lower()
    if not text.isascii():  # three letters lower() keeps that such patterns match to s and i
        lowered = lowered.replace("\u017f", "s").replace("\u0131", "i").replace("i\u0307", "i")
    return any(word in lowered for word in words)
