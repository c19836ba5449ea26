"""The node names of GraphQA's encoders (Fatemi et al., "Talk like a Graph", ICLR 2024),
as graphgauge labelings, and the names of its edge phrasings as syntaxes.

Kept free of imports so that ``encoding`` and ``labeling`` can use the token names
without a cycle through the writers in ``graphqa``.
"""

from __future__ import annotations

from functools import lru_cache

_POPULAR = (
    "James Robert John Michael David Mary Patricia Jennifer Linda Elizabeth William Richard "
    "Joseph Thomas Christopher Barbara Susan Jessica Sarah Karen Daniel Lisa Matthew Nancy "
    "Anthony Betty Mark Margaret Donald Sandra Steven Ashley Paul Kimberly Andrew Emily Joshua "
    "Donna Kenneth Michelle Kevin Carol Brian Amanda George Melissa Edward Deborah Ronald "
    "Stephanie Timothy Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Dorothy Gary "
    "Olivia Nicholas Emma Eric Sophia Jonathan Ava Stephen Isabella Scott Mia Justin Abigail "
    "Brandon Madison Frank Chloe Benjamin Victoria Samuel Lauren Gregory Hannah Alexander "
    "Grace Alexis Raymond Alice Patrick Samantha Jack Natalie Dennis Anna Jerry Taylor Tyler "
    "Kayla Henry Hailey Douglas Jasmine Peter Nicole Adam Amy Nathan Christina Zachary Andrea "
    "Jose Leah Walter Angelina Harold Valerie Kyle Veronica Ethan Carl Arthur Roger Noah"
)
_SOUTH_PARK = ("Eric Kenny Kyle Stan Tolkien Heidi Bebe Liane Sharon Linda Gerald Veronica "
               "Michael Jimbo Herbert Malcolm Gary Steve Chris Wendy")
_GOT = ("Ned Cat Daenerys Jon Bran Sansa Arya Cersei Jaime Petyr Robert Jorah Viserys Joffrey "
        "Maester Theon Rodrik Lysa Stannis Osha")
_POLITICIAN = ("Barack Jimmy Arnold Bernie Bill Kamala Hillary Elizabeth John Ben Joe "
               "Alexandria George Nancy Pete Madeleine Elijah Gabrielle Al")
# GraphQA's "alphabet" names: A..Z, then AA, BB, .., ZZ (not graphgauge's A..Z, AA, AB)
_ALPHABET = " ".join([chr(65 + i) for i in range(26)] + [chr(65 + i) * 2 for i in range(26)])

# labeling token -> GraphQA's name list, in its order (GraphQA's one repeated "Frank" is
# dropped: two nodes with one name could not be told apart in an answer)
NAME_LISTS: dict[str, tuple[str, ...]] = {
    token: tuple(dict.fromkeys(words.split()))
    for token, words in (("popular", _POPULAR), ("south_park", _SOUTH_PARK), ("got", _GOT),
                         ("politician", _POLITICIAN), ("alphabet", _ALPHABET))
}

# GraphQA's edge phrasings, as syntax tokens: "graphqa" is its adjacency encoder on an edge
# list and its incident encoder on an adjacency list; the others phrase each edge as a
# relation between people (edge lists of undirected graphs).
PHRASINGS = ("graphqa", "friendship", "coauthorship", "social_network", "expert")

# GraphQA's named graph encoders as graphgauge encodings
GRAPHQA_ENCODERS = {
    "adjacency": "edge_list+graphqa",
    "incident": "adjacency_list+graphqa",
    "friendship": "edge_list+friendship+popular",
    "coauthorship": "edge_list+coauthorship+popular",
    "social_network": "edge_list+social_network+popular",
    "politician": "edge_list+social_network+politician",
    "expert": "edge_list+expert+alphabet",
    "south_park": "edge_list+friendship+south_park",
    "got": "edge_list+friendship+got",
}


@lru_cache(maxsize=64)
def graphqa_names(token: str, n: int) -> tuple[str, ...]:
    """Names for nodes 0..n-1. GraphQA's graphs have at most 20 nodes; larger graphs reuse
    the list with a round number appended (Eric, …, Wendy, Eric2, …), so names stay
    distinct."""
    names = NAME_LISTS[token]
    return tuple(names[i % len(names)] + (str(i // len(names) + 1) if i >= len(names) else "")
                 for i in range(n))
