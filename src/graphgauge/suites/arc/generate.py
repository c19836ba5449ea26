"""Sampling one GraphARC task: example pairs that pin the rule down, then a test pair.

Each graph is drawn until it has the rule's MAYBE properties and the pre-step and rule
change something; each example set is redrawn while some nearby alternative rule would
explain all its pairs. Both loops are bounded, and a cell (rule, family, sizes) that
cannot be satisfied raises ``Unsatisfiable`` rather than looping or shipping a bad task.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import numpy as np

from graphgauge.errors import UserError
from graphgauge.suites.arc.families import Family
from graphgauge.suites.arc.match import same_graph
from graphgauge.suites.arc.properties import Tri, holds
from graphgauge.suites.arc.rule import Rule

GRAPH_TRIES = 40
EXAMPLE_SET_TRIES = 25


class Unsatisfiable(UserError):
    """No valid task for a (rule, family, sizes) cell within the retry budget."""


@dataclass(frozen=True)
class Pair:
    input: nx.Graph
    output: nx.Graph


@dataclass(frozen=True)
class Draft:
    examples: tuple[Pair, ...]
    test: Pair


def compatible(rule: Rule, family: Family) -> bool:
    """False when the family can never give the rule a valid input."""
    return all(family.promise(p) is not Tri.FALSE for p in rule.requires)


def sample_pair(rule: Rule, family: Family, n: int, rng: np.random.Generator,
                tries: int = GRAPH_TRIES) -> Pair | None:
    checks = [p for p in rule.requires if family.promise(p) is Tri.MAYBE]
    for _ in range(tries):
        graph = family.sample(rng, n)
        if not all(holds(p, graph) for p in checks):
            continue
        prepared = rule.prepared(graph, rng)
        if prepared is None:
            continue
        output = rule(prepared)
        if not same_graph(prepared, output, keep_ids=True):  # the rule must do something
            return Pair(prepared, output)
    return None


def pinned(rule: Rule, examples: tuple[Pair, ...]) -> bool:
    """True when no alternative rule reproduces every example output."""
    return not any(
        all(same_graph(alt(pair.input, rule.params), pair.output, rule.keeps_ids)
            for pair in examples)
        for alt in rule.alternatives
    )


def build(rule: Rule, family: Family, sizes: tuple[int, ...],
          rng: np.random.Generator) -> Draft:
    if not compatible(rule, family):
        raise Unsatisfiable(f"rule {rule.name} cannot run on family {family.name}")
    for _ in range(EXAMPLE_SET_TRIES):
        examples = []
        for n in sizes[:-1]:
            pair = sample_pair(rule, family, n, rng)
            if pair is None:  # the properties are too rare here: retrying the set won't help
                raise Unsatisfiable(
                    f"could not draw a {n}-node {family.name} graph valid for {rule.name} "
                    f"in {GRAPH_TRIES} attempts")
            examples.append(pair)
        if pinned(rule, tuple(examples)):
            break
    else:
        raise Unsatisfiable(
            f"{rule.name} examples on {family.name} graphs of sizes {list(sizes[:-1])} never "
            f"pinned the rule down in {EXAMPLE_SET_TRIES} attempts (a nearby rule always "
            "explained them too)")
    test = sample_pair(rule, family, sizes[-1], rng, tries=test_tries(sizes[-1]))
    if test is None:
        raise Unsatisfiable(
            f"could not draw a {sizes[-1]}-node {family.name} test graph valid for "
            f"{rule.name} in {test_tries(sizes[-1])} attempts")
    return Draft(tuple(examples), test)


def test_tries(n: int) -> int:
    """Fewer redraws for big test graphs: each costs more, and a property that fails
    five times at that size is one the family almost never has there."""
    return max(5, min(GRAPH_TRIES, GRAPH_TRIES * 50 // n))
