"""The GraphInfer prompt: a node list, an edge list, the task question and the
``Answer:`` / ``Reasoning:`` frame, worded through the domain vocabulary.

Models see titles only (a masked hub reads ``[MASK]``), never labels. Variants
``graph-tokens``, ``h1`` and ``h2`` give the paper's graph-token templates: one
``Node i <gt_i>`` line per node, with titles for none, the 1-hop, or the 1- and 2-hop
neighbours of the centre; a graph-token model substitutes its embeddings for ``<gt_i>``.
"""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.suites.inference.vocab import DomainTerms, terms_for

MASK = "[MASK]"
TOKEN_VARIANTS = {"graph-tokens": 0, "h1": 1, "h2": 2}
SYSTEM = ("You reason over text-attributed graphs. Answer exactly in the requested "
          "format: an 'Answer:' block followed by a 'Reasoning:' block.")

FRAMES = {
    "masked_node": ("Answer: <one sentence stating the {topic}>\n"
                    "Reasoning: <2-4 sentences explaining why>"),
    "relation": ("Answer: <one sentence stating whether the {edge} exists>\n"
                 "Reasoning: <2-3 sentences explaining why>"),
    "theme": ("Answer: <one sentence naming the common {theme}>\n"
              "Reasoning: <2-4 sentences explaining why>"),
    "outlier": ("Answer:\nNode 0: <outlier | not outlier>\nNode 1: <outlier | not outlier>\n"
                "... (one line per node, exactly one must be 'outlier')\n"
                "Reasoning: <2-3 sentences explaining why the outlier does not fit>"),
    "community": ("Answer:\nNode 0: Community <k>\nNode 1: Community <k>\n"
                  "... (one line per node; every node assigned to exactly one community)\n"
                  "Reasoning:\nCommunity 0: <2-3 sentence description of its {theme}>\n"
                  "Community 1: <2-3 sentence description of its {theme}>\n"
                  "... (one block per community)"),
}


def question(instance: Instance, words: DomainTerms) -> str:
    graph = instance.graphs["G"]
    n, m, q = len(graph["nodes"]), len(graph["edges"]), instance.query
    head = f"This {words.graph_kind} contains {n} {words.nouns} connected by {m} {words.edge}s."
    if instance.task == "masked_node":
        degree = sum(1 for e in graph["edges"] if q["hub"] in (e["source"], e["target"]))
        return (f"The {words.graph_kind} contains {n} {words.nouns}. Node {q['hub']} is the "
                f"central {words.noun} and its title is masked. Based on the graph structure "
                f"and the titles of its {degree} neighbours, what is the masked {words.noun} "
                f"most likely about?")
    if instance.task == "relation":
        return (f"Consider Node {q['a']} and Node {q['b']} in this {words.graph_kind}. First, "
                f"determine whether they have a {words.edge}. Then explain the relationship "
                f"(or lack thereof).")
    if instance.task == "theme":
        return f"{head} What is this group of {words.nouns} collectively about?"
    if instance.task == "outlier":
        return (f"{head} Most {words.nouns} share a coherent {words.theme}; exactly ONE "
                f"{words.noun} is the semantic outlier (its {words.topic} does not fit). "
                f"Identify the outlier and explain why.")
    return (f"This {words.graph_kind} contains {n} {words.nouns} from {q['k']} distinct "
            f"communities. Partition the nodes into {q['k']} communities labelled "
            f"Community 0..{q['k'] - 1}. Describe each community.")


def graph_lines(instance: Instance, words: DomainTerms, variant: str) -> list[str]:
    graph = instance.graphs["G"]
    titles = [node.get("title", "") for node in graph["nodes"]]
    if variant in TOKEN_VARIANTS:
        hops, reach = instance.meta.get("hops") or [0] * len(titles), TOKEN_VARIANTS[variant]
        where = {1: "1-hop neighbour of the centre", 2: "2-hop neighbour of the centre"}
        lines = []
        for i, title in enumerate(titles):
            hop = hops[i]
            shown = hop == 0 or (hop is not None and 0 < hop <= reach)
            suffix = f" ({where[hop]})" if shown and hop in where else ""
            lines.append(f"Node {i} <gt_{i}>: {title}{suffix}" if shown and reach
                         else f"Node {i} <gt_{i}>")
        return lines
    lines = [f"Node {i}: {title}" for i, title in enumerate(titles)]
    lines.append("")
    lines.append("Edges:" if graph["edges"] else "Edges: none")
    lines += [f"Node {e['source']} {words.verb} Node {e['target']}" for e in graph["edges"]]
    return lines


def render_prompt(instance: Instance, encoding: Any, variant: str) -> Any:
    from graphgauge.render.prompt import Prompt

    if variant != "original" and variant not in TOKEN_VARIANTS:
        raise UserError(f"unknown infer variant {variant!r}; available: original, "
                        f"{', '.join(TOKEN_VARIANTS)}")
    words = terms_for(instance.meta.get("domain", "generic"))
    frame = FRAMES[instance.task].format(topic=words.topic, edge=words.edge,
                                         theme=words.theme)
    text = "\n".join([*graph_lines(instance, words, variant), "", question(instance, words),
                      "", "Provide your answer in the format:", frame])
    return Prompt(text=text, system=SYSTEM, encoding=getattr(encoding, "name", "edge_list"),
                  variant=variant)
