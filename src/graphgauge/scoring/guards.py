"""A C-speed check run before a case-insensitive pattern that cannot match without one of
a few words: such a pattern tries every word of a long answer (~0.1-0.5 us a character,
tens of milliseconds on a 200k-character one), ``str.lower`` and ``in`` do not.

Also the letters ``re.I`` matches to an ASCII letter that ``str.lower`` keeps apart (long s,
dotless i, dotted capital I, the Kelvin sign): a pattern matches "ſeven" or "fıve", then a
table looked up by the lower-cased match misses. Readers spell them as the ASCII letter
before matching, so the match and every lookup agree."""

from __future__ import annotations

LOOKALIKES = {"\u017f": "s", "\u0131": "i", "\u0130": "I", "\u212a": "K"}


def plain_letters(text: str) -> str:
    """``text`` with the ``LOOKALIKES`` spelled as the ASCII letters they match."""
    if text.isascii():
        return text
    for letter, ascii_letter in LOOKALIKES.items():
        if letter in text:
            text = text.replace(letter, ascii_letter)
    return text


def mentions(text: str, words: tuple[str, ...]) -> bool:
    """Does ``text`` hold one of ``words`` (lower case), in any case?"""
    lowered = plain_letters(text).lower()
    return any(word in lowered for word in words)
