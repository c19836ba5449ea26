"""Every rule of the catalog, with every parameter, as a rival explanation of examples.

A rule's declared alternatives are the near misses its author thought of; the audit of
the first release found rivals nobody declared (``removeMixedEdges`` reproduced every
``isolateOrange`` task, "colour the maximum-degree node red" some ``colorCommonAncestor``
ones, ``colorDegree3`` some single ``colorNeighbors`` ones). So an example set is also
checked against every other rule of the catalog under each value of its ``variable``
parameters: any colour for rules that paint, any degree present in the examples for
degree rules. A variant "explains" the examples when its output on every example input
would score as correct against the example output.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from graphgauge.suites.arc.match import same_graph
from graphgauge.suites.arc.rule import COLOURS, Params, Rule
from graphgauge.suites.arc.rules import RULES


@dataclass(frozen=True)
class Variant:
    rule: Rule
    params: Params

    @property
    def key(self) -> tuple:
        return key_of(self.rule, self.params)

    @property
    def label(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items())
                          if k in self.rule.variable)
        return f"{self.rule.group}({shown})" if shown else self.rule.name

    def apply(self, graph: nx.Graph) -> nx.Graph | None:
        """The variant's output, or None when it does not apply to ``graph`` (no orange
        node, three blue nodes where it needs two, no path between them, ...): a rule
        that cannot run on an input cannot explain its output."""
        try:
            return self.rule.apply(graph, self.params)
        except Exception:  # noqa: BLE001 - any failure means "not applicable", by design
            return None


def key_of(rule: Rule, params: Params) -> tuple:
    """What identifies a rule with its parameters: colorDegree2 run with degree 3 is
    colorDegree3."""
    return rule.group, tuple(sorted(params.items()))


def _choices(rule: Rule, degrees: set[int]) -> list[Params]:
    options = {"degree": sorted(degrees), "color": list(COLOURS)}
    names = [name for name in rule.variable if name in options]
    return [{**rule.params, **dict(zip(names, values, strict=True))}
            for values in itertools.product(*(options[name] for name in names))]


def variants(inputs: Sequence[nx.Graph]) -> list[Variant]:
    """Every distinct (rule, parameters) of the catalog worth trying on ``inputs``: a
    degree rule only with degrees every input has (otherwise it changes nothing there,
    and each example pair shows a change)."""
    degrees = set.intersection(*({d for _, d in g.degree} for g in inputs)) if inputs else set()
    seen: dict[tuple, Variant] = {}
    for rule in RULES.values():
        for params in _choices(rule, degrees):
            seen.setdefault(key_of(rule, params), Variant(rule, params))
    return list(seen.values())


def rivals(rule: Rule, pairs: Sequence[tuple[nx.Graph, nx.Graph]]) -> list[Variant]:
    """The catalog variants other than ``rule`` itself that map every example input to
    its output (outputs compared the way ``rule``'s answers are scored)."""
    own = key_of(rule, rule.params)
    found = []
    for variant in variants([given for given, _ in pairs]):
        if variant.key == own:
            continue
        for given, wanted in pairs:
            got = variant.apply(given)
            if got is None or not same_graph(got, wanted, rule.keeps_ids):
                break
        else:
            found.append(variant)
    return found
