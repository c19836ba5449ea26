"""Sampling one GraphARC task: example pairs that pin the rule down, then a test pair.

Each graph is drawn until it has the rule's MAYBE properties and the pre-step and rule
change something; each example set is redrawn while some nearby alternative rule, or any
other rule of the catalog (see ``catalog``), would explain all its pairs. Both loops are
bounded, and a cell (rule, family, sizes) that cannot be satisfied raises
``Unsatisfiable`` rather than looping or shipping a bad task.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np

from graphgauge.errors import UserError
from graphgauge.suites.arc.catalog import rivals
from graphgauge.suites.arc.families import Family
from graphgauge.suites.arc.match import same_graph
from graphgauge.suites.arc.properties import Tri, holds
from graphgauge.suites.arc.rule import Rule

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


def _needs(rule: Rule, example: bool) -> tuple[str, ...]:
    return rule.requires + rule.pin_requires if example else rule.requires


def blockers(rule: Rule, family: Family, sizes: Sequence[int]) -> list[str]:
    """The properties the rule needs that the family promises never to have at these
    sizes (the last one is the test's), e.g. ["tree"]."""
    return list(dict.fromkeys(
        p for i, n in enumerate(sizes) for p in _needs(rule, i < len(sizes) - 1)
        if family.promise(p, n) is Tri.FALSE))


def compatible(rule: Rule, family: Family, sizes: Sequence[int]) -> bool:
    """False when the family can never give the rule a valid task at these sizes:
    skipped by design (the table in docs/arc.md lists these pairs)."""
    return not blockers(rule, family, sizes)


def graph_tries(n: int) -> int:
    """Redraws allowed for one graph: many for small graphs, which cost microseconds,
    fewer for big ones (a MAYBE property that survives the promise table holds in at
    least a few percent of draws, so even 20 redraws rarely all miss)."""
    return max(20, min(200, 20_000 // n))


def sample_pair(rule: Rule, family: Family, n: int, rng: np.random.Generator,
                example: bool) -> Pair | None:
    checks = [p for p in _needs(rule, example) if family.promise(p, n) is Tri.MAYBE]
    for _ in range(graph_tries(n)):
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
    """True when neither a declared alternative nor any other rule of the catalog (with
    any of its parameters) reproduces every example output."""
    if any(all(same_graph(alt(pair.input, rule.params), pair.output, rule.keeps_ids)
               for pair in examples)
           for alt in rule.alternatives):
        return False
    return not rivals(rule, [(pair.input, pair.output) for pair in examples])


def _no_graph(rule: Rule, family: Family, n: int, what: str) -> Unsatisfiable:
    return Unsatisfiable(f"could not draw a {n}-node {family.name} {what} valid for "
                         f"{rule.name} in {graph_tries(n)} attempts")


def build(rule: Rule, family: Family, sizes: tuple[int, ...],
          rng: np.random.Generator) -> Draft:
    if not compatible(rule, family, sizes):
        raise Unsatisfiable(f"rule {rule.name} cannot run on family {family.name} "
                            f"at sizes {list(sizes)}")
    for _ in range(EXAMPLE_SET_TRIES):
        examples = []
        for n in sizes[:-1]:
            pair = sample_pair(rule, family, n, rng, example=True)
            if pair is None:  # the properties are too rare here: retrying the set won't help
                raise _no_graph(rule, family, n, "example graph")
            examples.append(pair)
        if pinned(rule, tuple(examples)):
            break
    else:
        raise Unsatisfiable(
            f"{rule.name} examples on {family.name} graphs of sizes {list(sizes[:-1])} never "
            f"pinned the rule down in {EXAMPLE_SET_TRIES} attempts (another rule always "
            "explained them too)")
    test = sample_pair(rule, family, sizes[-1], rng, example=False)
    if test is None:
        raise _no_graph(rule, family, sizes[-1], "test graph")
    return Draft(tuple(examples), test)
