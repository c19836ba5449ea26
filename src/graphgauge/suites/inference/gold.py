"""Gold answers: the statement a perfect model writes, and template reasoning.

The gold of an instance is ``{"answer": structured, "statement": str, "reasoning": str}``;
the reference model, the SFT export and the L1 gate all read the text
``Answer: <statement>`` / ``Reasoning: <reasoning>``. Template reasoning cites real
neighbours by id and title, so it is grounded (C1) and agrees with the answer (C2);
a model can write it instead (``-p reasoning=MODEL``).
"""

from __future__ import annotations

from typing import Any

from graphgauge.suites.inference.vocab import DomainTerms

CITED = 3


def statement(task: str, answer: Any, query: dict, n: int, words: DomainTerms) -> str:
    if task in ("masked_node", "theme"):
        return str(answer)
    if task == "relation":
        a, b = query["a"], query["b"]
        if answer["has_edge"]:
            return f"Yes, Node {a} {words.verb} Node {b}."
        return f"No, Node {a} and Node {b} do not have a {words.edge}."
    if task == "outlier":
        return "\n" + "\n".join(f"Node {i}: {'outlier' if i == answer else 'not outlier'}"
                                for i in range(n))
    return "\n" + "\n".join(f"Node {i}: Community {c}"
                            for i, c in enumerate(answer["communities"]))


def full_text(gold: dict) -> str:
    return f"Answer: {gold['statement']}\nReasoning: {gold['reasoning']}"


def _cite(ids: list[int], titles: list[str]) -> str:
    return ", ".join(f'Node {i} ("{titles[i]}")' for i in ids[:CITED])


def template_reasoning(task: str, answer: Any, query: dict, titles: list[str],
                       edges: list[tuple[int, int]], words: DomainTerms) -> str:
    n = len(titles)
    if task == "masked_node":
        hub = query["hub"]
        nbrs = sorted({v for u, v in edges if u == hub} | {u for u, v in edges if v == hub})
        return (f"The masked {words.noun} is linked to {_cite(nbrs, titles)}. These "
                f"neighbours share the {words.topic} {answer}, so Node {hub} most likely "
                f"belongs to {answer} as well.")
    if task == "relation":
        a, b = query["a"], query["b"]
        link = (f"The edge list contains Node {a} {words.verb} Node {b}" if answer["has_edge"]
                else f"No edge joins Node {a} and Node {b} in the edge list")
        return (f"{link}. Node {b} (\"{titles[b]}\") is about {answer['label_b']}, and Node "
                f"{a} (\"{titles[a]}\") is read in that light.")
    if task == "theme":
        return (f"Titles such as {_cite(list(range(n)), titles)} all concern {answer}. The "
                f"{n} {words.nouns} form one connected group with this common {words.theme}.")
    if task == "outlier":
        others = [i for i in range(n) if i != answer]
        return (f"Nodes such as {_cite(others, titles)} share one coherent {words.theme}. "
                f"Node {answer} (\"{titles[answer]}\") is about a different {words.topic} "
                f"and does not fit the group.")
    parts = []
    for k, label in enumerate(answer["labels"]):
        members = [i for i, c in enumerate(answer["communities"]) if c == k]
        parts.append(f"Community {k}: {label}; for example {_cite(members, titles)}.")
    return "\n".join(parts)
