"""GraphARC prompts: example pairs then the test input, in the paper's two encodings,
under one of its four system prompts.

The graphgauge encoding names map onto the paper's: ``edge_list`` is its *adjacency*
format (edges as pairs), ``adjacency_list`` its *incidence* format (neighbours per node).
Rendering works on node-link dicts directly; a 1,000-node test graph renders in
milliseconds.
"""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError

ENCODINGS = {"edge_list": "adjacency", "adjacency_list": "incidence"}
GREY = "grey"

# Our wording of the paper's three role prompts (analysis, algorithms, explanation).
SYSTEM_PROMPTS = {
    "analyst": (
        "You are a graph analyst. Study the example graphs systematically: compare each "
        "input with its output node by node and edge by edge, state the rule that explains "
        "every example, and apply it exactly to the new input."
    ),
    "programmer": (
        "You are a graph algorithm developer. Treat the examples as test cases of an "
        "unknown graph algorithm: work out the precise procedure that turns each input into "
        "its output, then run that procedure on the new input."
    ),
    "teacher": (
        "You are a mathematics teacher. Explain, as you would to a student, which pattern "
        "turns each example input into its output, then apply the pattern carefully to the "
        "new input."
    ),
}
VARIANTS = ("original", *(f"system:{role}" for role in SYSTEM_PROMPTS))

_INTRO = ("The following examples show one transformation of undirected graphs, each "
          "from an input graph to an output graph. Infer the transformation rule from the "
          "examples and apply it to the test input.")
_PAIRS = ("In an undirected graph, (i,j) means that node i and node j are connected with "
          "an undirected edge. ")
_GREY = "Every node is grey unless it is listed as colored."
FULL_INSTRUCTION = ("Give the output graph for the test input in the same format as the "
                    "examples, between <answer> and </answer>.")


def style_of(encoding: Any) -> str:
    """The paper's encoding name for a graphgauge Encoding; UserError for the others."""
    if encoding.structure not in ENCODINGS:
        raise UserError(f"arc prompts support encodings edge_list (adjacency pairs) and "
                        f"adjacency_list (incidence lists); got {encoding.name!r}")
    if encoding.name != encoding.structure:
        raise UserError(f"arc prompts take plain encodings (edge_list or adjacency_list) "
                        f"without order, syntax or labeling options; got {encoding.name!r}")
    return ENCODINGS[encoding.structure]


def system_prompt(variant: str) -> str | None:
    if variant not in VARIANTS:
        raise UserError(f"unknown arc variant {variant!r}; available: {', '.join(VARIANTS)}")
    return None if variant == "original" else SYSTEM_PROMPTS[variant.split(":", 1)[1]]


def _colored(graph: dict) -> str:
    items = [f"{n['id']} ({n['color']})" for n in graph["nodes"]
             if n.get("color", GREY) != GREY]
    if not items:
        return "No nodes are colored."
    return "The following nodes are colored: " + ", ".join(items) + "."


def encode(graph: dict, style: str) -> str:
    """One graph in the ``adjacency`` or ``incidence`` style, colored-node line last."""
    ids = [n["id"] for n in graph["nodes"]]
    head = f"G describes a graph among nodes {', '.join(map(str, ids))}."
    edges = graph["edges"]
    if style == "adjacency":
        body = ("The edges in G are: "
                + " ".join([f"({e['source']},{e['target']})" for e in edges]) + "."
                if edges else "G has no edges.")
    else:
        neighbours: dict[int, list[int]] = {v: [] for v in ids}
        for e in edges:
            neighbours[e["source"]].append(e["target"])
            neighbours[e["target"]].append(e["source"])
        lines = [f"Node {v} is connected to nodes {', '.join(map(str, sorted(ns)))}."
                 if ns else f"Node {v} is connected to no other node."
                 for v, ns in neighbours.items()]
        body = "In this graph: " + " ".join(lines)
    return f"{head} {body} {_colored(graph)}"


def task_text(graphs: dict[str, dict], examples: int, style: str, ending: str) -> str:
    """Intro, example pairs, the test input, then ``ending`` (instruction or question)."""
    intro = _INTRO + " " + (_PAIRS if style == "adjacency" else "") + _GREY
    parts = [intro]
    for i in range(1, examples + 1):
        parts.append(f"Example {i}:\nInput: {encode(graphs[f'example{i}_input'], style)}\n"
                     f"Output: {encode(graphs[f'example{i}_output'], style)}")
    parts.append(f"Test input: {encode(graphs['G'], style)}")
    parts.append(ending)
    return "\n\n".join(parts)
