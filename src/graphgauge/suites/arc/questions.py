"""The question path: one property of the test input or of the output the rule gives.

Questions come in parallel pairs (the same property asked about the input the model can
see and about the output it must infer), which separates failing to read a graph from
failing to infer or execute the rule. When the two values differ, answering the input
question with the output's value is *transformation bias*.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx
import numpy as np

from graphgauge.suites.arc.rule import Rule, color_of, nodes_colored

INPUT, OUTPUT = "input", "output"
_WHERE = {INPUT: "the test input graph",
          OUTPUT: "the output graph of the transformation applied to the test input"}


@dataclass(frozen=True)
class Kind:
    name: str
    answer: str  # "integer" or "color"
    # Does it make sense for this rule? (node ids only survive where the rule keeps them)
    fits: Callable[[Rule], bool]
    # The spec (node or colour asked about), drawn from the test pair.
    spec: Callable[[Rule, nx.Graph, nx.Graph, np.random.Generator], dict[str, Any]]
    value: Callable[[nx.Graph, dict[str, Any]], Any]
    text: Callable[[dict[str, Any], str], str]


def _always(rule: Rule) -> bool:
    return True


def _keeps_ids(rule: Rule) -> bool:
    return rule.keeps_ids


def _no_spec(rule, x, y, rng) -> dict[str, Any]:
    return {}


def _changed_node(rule: Rule, x: nx.Graph, y: nx.Graph, rng: np.random.Generator):
    """A node whose degree or colour the rule changes when there is one (so the pair
    of questions can show bias), else any node."""
    changed = [v for v in sorted(x) if color_of(x, v) != color_of(y, v)
               or x.degree(v) != y.degree(v)]
    pool = changed or sorted(x)
    return {"node": pool[int(rng.integers(len(pool)))]}


KINDS = {k.name: k for k in (
    Kind("nodes", "integer", _always, _no_spec, lambda g, s: g.number_of_nodes(),
         lambda s, where: f"How many nodes are in {where}?"),
    Kind("edges", "integer", _always, _no_spec, lambda g, s: g.number_of_edges(),
         lambda s, where: f"How many edges are in {where}?"),
    Kind("color_count", "integer", _always, lambda rule, x, y, rng: {"color": rule.color},
         lambda g, s: len(nodes_colored(g, s["color"])),
         lambda s, where: f"How many {s['color']} nodes are in {where}?"),
    Kind("degree", "integer", _keeps_ids, _changed_node, lambda g, s: g.degree(s["node"]),
         lambda s, where: f"What is the degree of node {s['node']} in {where}?"),
    Kind("node_color", "color", _keeps_ids, _changed_node,
         lambda g, s: color_of(g, s["node"]),
         lambda s, where: f"What is the color of node {s['node']} in {where}?"),
)}

def choose(rule: Rule, x: nx.Graph, y: nx.Graph, rng: np.random.Generator) -> dict[str, Any]:
    """A random question spec ({"kind", ...}) among the fitting kinds whose input and
    output values differ (so bias can show); any fitting kind when none differ."""
    specs = [{"kind": k.name, **k.spec(rule, x, y, rng)} for k in KINDS.values() if k.fits(rule)]
    differing = [s for s in specs if value(s, x) != value(s, y)]
    pool = differing or specs
    return pool[int(rng.integers(len(pool)))]


def value(spec: dict[str, Any], graph: nx.Graph) -> Any:
    return KINDS[spec["kind"]].value(graph, spec)


def question_text(spec: dict[str, Any], target: str) -> str:
    return KINDS[spec["kind"]].text(spec, _WHERE[target])


def instruction(spec: dict[str, Any]) -> str:
    if KINDS[spec["kind"]].answer == "color":
        return ("Answer with one color name (grey, blue, red, orange or green) between "
                "<answer> and </answer>.")
    return "Answer with a single integer between <answer> and </answer>."
