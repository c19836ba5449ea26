"""arc generation: determinism, property promises, rule pinning, size patterns, options."""

from __future__ import annotations

import dataclasses

import networkx as nx
import numpy as np
import pytest

from graphgauge import registry
from graphgauge.errors import UserError
from graphgauge.graphs.nodelink import from_node_link
from graphgauge.instance import write_jsonl
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.generate import (
    Pair,
    Unsatisfiable,
    blockers,
    build,
    compatible,
    pinned,
)
from graphgauge.suites.arc.match import same_graph
from graphgauge.suites.arc.patterns import PATTERNS
from graphgauge.suites.arc.rules import RULES
from tests.support.paths import REPO


def gen(tasks=None, count=1, seed=0, **options):
    return registry.generate("arc", tasks, count=count, seed=seed, options=options)


def test_same_seed_same_bytes_and_subsets_reproduce(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    names = ["colorPath", "mergeAtBlue", "removeMixedEdges.q"]
    write_jsonl(gen(names, count=2, seed=3), first)
    write_jsonl(gen(names, count=2, seed=3), second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != (write_jsonl(gen(names, 2, 4), second) and second.read_bytes())
    alone = {i.id for i in gen(["mergeAtBlue"], count=2, seed=3)}
    assert alone <= {i.id for i in gen(names, count=2, seed=3)}


def test_instances_record_the_cell_and_share_graphs_across_paths():
    bench = gen(["colorNeighbors", "colorNeighbors.q"], count=1, families=["tree"],
                patterns=["scale_up_4"])
    full, q_in, q_out = bench
    assert full.meta["mode"] == "full" and q_in.meta["target"] == "input"
    assert q_out.meta["target"] == "output" and q_in.query["question"] == q_out.query["question"]
    assert full.graphs == q_in.graphs == q_out.graphs
    assert full.meta["family"] == "tree" and full.meta["pattern"] == "scale_up_4"
    assert full.meta["kind"] == "colour" and full.query["examples"] == 3
    sizes = [len(full.graphs[f"example{i}_input"]["nodes"]) for i in (1, 2, 3)]
    assert [*sizes, len(full.graphs["G"]["nodes"])] == [5, 10, 15, 15]


def test_incompatible_pairs_are_skipped_and_required_properties_hold():
    bench = gen(["colorPath", "colorTriangles", "colorComponents", "bipartitionCompletion"],
                count=2)
    seen = {(i.task, i.meta["family"]) for i in bench}
    assert not {f for t, f in seen if t == "colorTriangles"} & {"tree", "star", "bipartite"}
    assert {f for t, f in seen if t == "colorComponents"} <= {"erdos_renyi", "bipartite",
                                                               "two_components"}
    for inst in bench:
        for name, graph in inst.graphs.items():
            if not name.endswith("output"):
                g = from_node_link(graph)
                if inst.task == "colorPath":
                    assert nx.is_tree(g)
                if inst.task == "colorTriangles":
                    assert sum(nx.triangles(g).values()) > 0
                if inst.task == "bipartitionCompletion":
                    assert nx.is_connected(g) and nx.is_bipartite(g)
                if inst.task == "colorComponents":
                    assert not nx.is_connected(g)


def test_examples_pin_the_rule_down():
    for inst in gen(["colorDegree2", "colorNeighbors", "removeDegree1", "colorEquidistant",
                     "removeMixedEdges"], count=3):
        rule = RULES[inst.query["rule"]]
        pairs = [(from_node_link(inst.graphs[f"example{i}_input"]),
                  from_node_link(inst.graphs[f"example{i}_output"]))
                 for i in range(1, inst.query["examples"] + 1)]
        for alt in rule.alternatives:
            assert not all(same_graph(alt(x, rule.params), y, rule.keeps_ids)
                           for x, y in pairs)


def test_an_ambiguous_example_set_is_rejected():
    rule = RULES["colorDegree1"]
    path = nx.path_graph(5)  # degrees 1 2 2 2 1: "degree >= 1" would colour all, fine
    nx.set_node_attributes(path, "grey", "color")
    star = nx.star_graph(1)  # one edge: every node has degree exactly 1
    nx.set_node_attributes(star, "grey", "color")
    assert pinned(rule, (Pair(path, rule(path)),))
    assert not pinned(rule, (Pair(star, rule(star)),))  # = 1 and >= 1 agree here


def test_impossible_pairs_are_declared_and_skipped_silently(capsys):
    scale_up = PATTERNS["scale_up_3"]
    assert blockers(RULES["colorDegree2"], FAMILIES["star"], scale_up) == ["has_degree_2"]
    # a star's diameter is 2: "exactly 2 steps" = "2 or more", examples cannot pin it
    assert blockers(RULES["colorDistance2"], FAMILIES["star"], scale_up) == ["has_distance_3"]
    assert blockers(RULES["colorMaxDegree"], FAMILIES["star"], scale_up) == [
        "has_near_max_degree"]
    # 10+-node Watts-Strogatz nodes keep the two lattice edges they rewire: degree >= 2
    assert blockers(RULES["colorDegree1"], FAMILIES["watts_strogatz"], scale_up) == [
        "has_degree_1"]
    assert compatible(RULES["colorDegree1"], FAMILIES["watts_strogatz"], (5, 5, 8))
    # size-dependent: G(n, 0.3) has degree-3 nodes at 25 nodes, not at 50
    assert compatible(RULES["colorDegree3"], FAMILIES["erdos_renyi"], PATTERNS["cap25"])
    assert not compatible(RULES["colorDegree3"], FAMILIES["erdos_renyi"], PATTERNS["cap50"])
    # pinning properties bind the examples only: a 250-node test may have diameter 2
    assert compatible(RULES["colorDistance2"], FAMILIES["erdos_renyi"], (10, 10, 250))
    bench = gen(["colorDistance2", "colorDegree1"], count=2, families=["star", "tree",
                                                                      "watts_strogatz"])
    assert {(i.task, i.meta["family"]) for i in bench} == {
        ("colorDistance2", "tree"), ("colorDistance2", "watts_strogatz"),
        ("colorDegree1", "tree"), ("colorDegree1", "star")}
    assert capsys.readouterr().err == ""  # skipped by design: no warning
    with pytest.raises(UserError, match="no rule is compatible"):
        gen(["colorDistance2"], families=["star"])


def test_exhausted_retries_warn_or_fail(capsys, monkeypatch):
    from graphgauge.suites.arc import generate

    hub = RULES["addHub"]
    itself = dataclasses.replace(hub, alternatives=(hub.apply,))  # explains every example
    with pytest.raises(Unsatisfiable, match="never pinned the rule down in 25 attempts"):
        build(itself, FAMILIES["tree"], (5, 10, 15), np.random.default_rng(0))
    # no budget for graphs of 15+ nodes: cells with such a graph fail, the others don't
    monkeypatch.setattr(generate, "graph_tries", lambda n: 0 if n >= 15 else 200)
    with pytest.raises(Unsatisfiable, match="could not draw a 15-node tree test graph"):
        build(RULES["addHub"], FAMILIES["tree"], (5, 10, 15), np.random.default_rng(0))
    bench = gen(["addHub"], count=3, families=["tree"], patterns=["scale_up_3"],
                sizes=[5, 10, 10])
    assert {i.meta["pattern"] for i in bench} == {"sizes_5_10_10"} and len(bench) == 3
    err = capsys.readouterr().err  # the failing cell's first task, then the cell is dropped
    assert "skipped 1 task(s)" in err and "addHub/tree/scale_up_3#0" in err
    with pytest.raises(UserError, match="addHub"):
        gen(["addHub"], families=["tree"], strict=True)
    with pytest.raises(UserError, match="no arc task could be generated: addHub/tree"):
        gen(["addHub"], families=["tree"])


def test_size_patterns_and_options():
    bench = gen(["addHub"], patterns=["cap25", [6, 7, 8, 9]], sizes=[5, 5, 5, 40],
                examples=2)
    got = {i.meta["pattern"]: [len(i.graphs[k]["nodes"]) for k in sorted(i.graphs)]
           for i in bench if i.meta["family"] == "star"}
    # graphs sorted by name: G, example1_input, example1_output, example2_input, ...
    # (addHub outputs have one node more than their inputs)
    assert got == {"cap25": [25, 10, 11, 10, 11], "sizes_6_7_9": [9, 6, 7, 7, 8],
                   "sizes_5_5_40": [40, 5, 6, 5, 6]}
    assert PATTERNS["cap250"] == (10, 10, 250) and PATTERNS["scale_up_4"] == (5, 10, 15, 15)
    modes = {i.meta["mode"] for i in gen(["addHub", "addHub.q"], modes=["question"])}
    assert modes == {"question"}


@pytest.mark.parametrize(("options", "message"), [
    ({"patterns": ["cap1000"]}, "unknown arc size pattern"),
    ({"sizes": [5, 3]}, "at least 5 nodes"),
    ({"sizes": 12}, "list of at least two"),
    ({"families": ["grid"]}, "unknown value 'grid'"),
    ({"modes": ["essay"]}, "unknown value 'essay'"),
    ({"examples": 0}, "positive integer"),
    ({"colour": "blue"}, "unknown arc option"),
])
def test_bad_options_are_user_errors(options, message):
    with pytest.raises(UserError, match=message):
        gen(["addHub"], **options)


def test_bad_task_and_node_range_are_user_errors():
    with pytest.raises(UserError, match="unknown task"):
        gen(["colourDegree1"])
    with pytest.raises(UserError, match="size patterns"):
        registry.generate("arc", ["addHub"], count=1, nodes=(5, 10))


def test_a_task_generates_on_its_own():
    task = registry.get_task("arc", "colorComponents.q")
    inst = task.generate(np.random.default_rng(1), index=1, seed=0)
    assert inst.task == "colorComponents.q" and inst.meta["target"] == "output"
    assert inst.meta["family"] in ("erdos_renyi", "bipartite", "two_components")
    assert task.solve(inst) == inst.answer


def test_the_docs_table_lists_exactly_the_pairs_skipped_by_design():
    import re

    text = (REPO / "docs/arc.md").read_text()
    table = text.split("checked against the code by a test):", 1)[1].split("\n\n", 2)[1]
    documented = set()
    for line in table.splitlines()[2:]:
        rules_cell, families_cell = line.strip("|").split("|")
        for part in families_cell.split(";"):
            prop = re.search(r"`(\w+)`", part).group(1)
            families = re.findall(r"\b(" + "|".join(FAMILIES) + r")\b",
                                  re.sub(r"`\w+`", "", part))
            documented |= {(rule, family, prop) for rule in re.findall(r"`(\w+)`", rules_cell)
                           for family in families}
    declared = {(rule.name, family.name, found[0]) for rule in RULES.values()
                for family in FAMILIES.values()
                if (found := blockers(rule, family, PATTERNS["scale_up_4"]))}
    assert documented == declared and len(declared) == 29
