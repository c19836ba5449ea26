"""arc examples pin their rule against the whole catalog, not only declared alternatives.

The grid test enumerates rivals on its own (every rule, every degree 0..15, every colour)
and compares outputs with plain node-link equality or networkx's VF2, apart from the
suite's catalog and matcher.
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from graphgauge.graphs.nodelink import from_node_link, to_node_link
from graphgauge.suites.arc import generate_suite
from graphgauge.suites.arc.catalog import rivals
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.generate import Pair, blockers, build, pinned
from graphgauge.suites.arc.rule import COLOURS
from graphgauge.suites.arc.rules import RULES


def _graph(colours: dict[int, str], edges) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from((v, {"color": c}) for v, c in colours.items())
    graph.add_edges_from(edges)
    return graph


def _same(got: nx.Graph, want: nx.Graph, keeps_ids: bool) -> bool:
    if keeps_ids:
        return to_node_link(got) == to_node_link(want)
    return nx.is_isomorphic(got, want, node_match=lambda x, y: x["color"] == y["color"])


def _outputs(rule, params, inputs):
    try:
        return [rule.apply(graph, params) for graph in inputs]
    except Exception:  # noqa: BLE001 - a rule that cannot run explains nothing
        return None


def _independent_rivals(task_rule, pairs):
    found = []
    for rule in RULES.values():
        options = [range(16) if "degree" in rule.variable else [None],
                   COLOURS if "color" in rule.variable else [None]]
        for degree, colour in itertools.product(*options):
            params = dict(rule.params)
            if degree is not None:
                params["degree"] = degree
            if colour is not None:
                params["color"] = colour
            same_rule = (rule.group == task_rule.group and params == task_rule.params)
            if same_rule:
                continue
            got = _outputs(rule, params, [given for given, _ in pairs])
            if got is not None and all(_same(g, want, task_rule.keeps_ids)
                                       for g, (_, want) in zip(got, pairs, strict=True)):
                found.append(f"{rule.name}{params}")
    return found


@pytest.mark.slow
def test_no_task_of_the_default_grid_is_explained_by_a_second_rule():
    bench = generate_suite(None, count=4, seed=11, nodes=None, options={"strict": True},
                           progress=False)
    full = [inst for inst in bench if inst.query["mode"] == "full"]
    assert len(full) == 2 * (21 * 6 - 29) * 4
    explained = []
    for inst in full:
        rule = RULES[inst.query["rule"]]
        pairs = [(from_node_link(inst.graphs[f"example{i}_input"]),
                  from_node_link(inst.graphs[f"example{i}_output"]))
                 for i in range(1, inst.query["examples"] + 1)]
        found = _independent_rivals(rule, pairs)
        if found:
            explained.append((inst.meta["rule"], inst.meta["family"], found[0]))
    assert explained == []


def test_isolate_orange_examples_are_never_explained_by_remove_mixed_edges():
    rule, rival = RULES["isolateOrange"], RULES["removeMixedEdges"]
    for family, seed in itertools.product(FAMILIES.values(), range(3)):
        draft = build(rule, family, (5, 10, 15), np.random.default_rng(seed))
        assert not all(_same(rival(p.input), p.output, True) for p in draft.examples)
        assert rule(draft.test.input).number_of_nodes() == 15


def test_catalog_finds_the_rivals_the_audit_found():
    # One orange node on grey: removing its edges is removing every mixed edge.
    path = _graph({0: "grey", 1: "orange", 2: "grey", 3: "grey"}, [(0, 1), (1, 2), (2, 3)])
    isolate = RULES["isolateOrange"]
    assert [v.rule.name for v in rivals(isolate, [(path, isolate(path))])] == [
        "removeMixedEdges"]
    # Root and pair on a star: the common ancestor is the centre, the max-degree node.
    star = _graph({0: "grey", 1: "orange", 2: "blue", 3: "blue", 4: "grey"},
                  [(0, 1), (0, 2), (0, 3), (0, 4)])
    ancestor = RULES["colorCommonAncestor"]
    assert "colorMaxDegree" in {v.rule.name for v in rivals(ancestor,
                                                             [(star, ancestor(star))])}
    # The orange node's neighbours are exactly the degree-3 nodes.
    graph = _graph({0: "orange", 1: "grey", 2: "grey", 3: "grey", 4: "grey"},
                   [(0, 1), (0, 2), (1, 3), (1, 4), (2, 3), (2, 4)])
    neighbours = RULES["colorNeighbors"]
    labels = {v.label for v in rivals(neighbours, [(graph, neighbours(graph))])}
    assert "colorDegree(color=blue, degree=3)" in labels
    assert not pinned(neighbours, (Pair(graph, neighbours(graph)),))


def test_a_rule_is_never_its_own_rival_under_another_name_or_an_unused_parameter():
    # colorDegree3 is colorDegree2 with degree 3; bipartitionCompletion ignores "color".
    for name in ("colorDegree3", "bipartitionCompletion", "removeDegree1"):
        rule = RULES[name]
        draft = build(rule, FAMILIES["tree"], (10, 10), np.random.default_rng(4))
        pairs = [(p.input, p.output) for p in draft.examples]
        assert all(v.key[0] != rule.group or v.params != rule.params for v in rivals(rule, pairs))
        assert not [v for v in rivals(rule, pairs) if v.rule is rule]


@pytest.mark.parametrize("name", sorted(RULES))
def test_declared_variable_parameters_are_the_ones_the_rule_uses(name):
    """``variable`` drives the catalog: a parameter listed there must change the output
    somewhere, and a ``color`` parameter left out must change nothing."""
    rule = RULES[name]
    family = next(f for f in FAMILIES.values()
                  if f.name in ("erdos_renyi", "tree", "two_components")
                  and not blockers(rule, f, (5, 10, 10)))
    draft = build(rule, family, (5, 10, 10), np.random.default_rng(1))
    given = draft.examples[0].input
    if "color" in rule.params:
        other = "green" if rule.params["color"] != "green" else "orange"
        changed = not _same(rule.apply(given, {**rule.params, "color": other}),
                            rule(given), True)
        assert changed == ("color" in rule.variable)
