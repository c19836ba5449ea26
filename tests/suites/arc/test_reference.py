"""arc gold answers against independent solvers, and the reference model at 100%.

The solvers here work on the instances' node-link JSON with plain dicts and BFS, written
apart from the suite's networkx rules (different algorithms where it matters: parent
walks for the common ancestor, parity of BFS layers, explicit renumbering maps).
"""

from __future__ import annotations

import json
from collections import Counter, deque
from itertools import combinations

import pytest

from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.suites.arc import generate_suite
from graphgauge.suites.arc.families import FAMILIES
from graphgauge.suites.arc.generate import compatible
from graphgauge.suites.arc.patterns import DEFAULT_PATTERNS, PATTERNS
from graphgauge.suites.arc.rules import RULES
from graphgauge.suites.arc.tasks import QUESTION_SUFFIX


def _parts(graph):
    colour = {n["id"]: n.get("color", "grey") for n in graph["nodes"]}
    adj = {v: set() for v in colour}
    for e in graph["edges"]:
        adj[e["source"]].add(e["target"])
        adj[e["target"]].add(e["source"])
    return colour, adj


def _bfs(adj, source):
    dist, parent, queue = {source: 0}, {source: None}, deque([source])
    while queue:
        v = queue.popleft()
        for u in sorted(adj[v]):
            if u not in dist:
                dist[u], parent[u] = dist[v] + 1, v
                queue.append(u)
    return dist, parent


def _graph(colour, edges, renumber=False):
    ids = sorted(colour)
    new = {v: i for i, v in enumerate(ids)} if renumber else {v: v for v in ids}
    pairs = sorted({tuple(sorted((new[u], new[v]))) for u, v in edges})
    return {"directed": False, "nodes": [{"id": new[v], "color": colour[v]} for v in ids],
            "edges": [{"source": u, "target": v} for u, v in pairs]}


def _edges(adj):
    return {(u, v) for u in adj for v in adj[u] if u < v}


def _of(colour, name):
    return sorted(v for v, c in colour.items() if c == name)


def _paint(colour, nodes, name):
    out = dict(colour)
    out.update({v: name for v in nodes})
    return out


def expected_output(rule, params, graph):  # noqa: C901 - one branch per rule, on purpose
    colour, adj = _parts(graph)
    edges = _edges(adj)
    if rule.startswith("colorDegree"):
        k = int(rule[-1])
        return _graph(_paint(colour, [v for v in adj if len(adj[v]) == k], "blue"), edges)
    if rule.startswith("removeDegree"):
        k = int(rule[-1])
        keep = {v: c for v, c in colour.items() if len(adj[v]) != k}
        return _graph(keep, {e for e in edges if e[0] in keep and e[1] in keep}, True)
    if rule in ("colorNeighbors", "colorDistance2"):
        dist, _ = _bfs(adj, _of(colour, "orange")[0])
        want = 1 if rule == "colorNeighbors" else 2
        return _graph(_paint(colour, [v for v, d in dist.items() if d == want], "blue"), edges)
    if rule == "colorPath":
        a, b = _of(colour, "blue")
        _, parent = _bfs(adj, a)
        path, v = [], parent[b]
        while v != a:
            path.append(v)
            v = parent[v]
        return _graph(_paint(colour, path, "blue"), edges)
    if rule == "colorComponents":
        dist, _ = _bfs(adj, _of(colour, "blue")[0])
        return _graph(_paint(colour, dist, "blue"), edges)
    if rule == "colorEquidistant":
        a, b = _of(colour, "blue")
        da, db = _bfs(adj, a)[0], _bfs(adj, b)[0]
        same = [v for v in da if v in db and da[v] == db[v]]
        return _graph(_paint(colour, same, "red"), edges)
    if rule == "bipartitionCompletion":
        dist, _ = _bfs(adj, _of(colour, "blue")[0])
        out = _paint(colour, [v for v, d in dist.items() if d % 2 == 0], "blue")
        return _graph(_paint(out, [v for v, d in dist.items() if d % 2], "red"), edges)
    if rule == "colorMaxDegree":
        top = max(len(n) for n in adj.values())
        return _graph(_paint(colour, [v for v in adj if len(adj[v]) == top], "red"), edges)
    if rule == "colorTriangles":
        on = [v for v in adj if any(w in adj[u] for u, w in combinations(adj[v], 2))]
        return _graph(_paint(colour, on, "green"), edges)
    if rule == "colorCommonAncestor":
        _, parent = _bfs(adj, _of(colour, "orange")[0])
        a, b = _of(colour, "blue")
        above = set()
        while a is not None:
            above.add(a)
            a = parent[a]
        while b not in above:
            b = parent[b]
        return _graph(_paint(colour, [b], "red"), edges)
    if rule == "blueSubgraph":
        keep = {v: c for v, c in colour.items() if c == "blue"}
        return _graph(keep, {e for e in edges if e[0] in keep and e[1] in keep}, True)
    if rule == "mergeAtBlue":
        a, b = _of(colour, "blue")
        moved = {(a if u == b else u, a if v == b else v) for u, v in edges}
        keep = {v: c for v, c in colour.items() if v != b}
        return _graph(keep, {e for e in moved if e[0] != e[1]}, True)
    if rule == "addHub":
        hub = len(colour)
        return _graph({**colour, hub: "blue"}, edges | {(v, hub) for v in colour})
    if rule == "removeMixedEdges":
        return _graph(colour, {(u, v) for u, v in edges if colour[u] == colour[v]})
    if rule == "completeBlueClique":
        return _graph(colour, edges | set(combinations(_of(colour, "blue"), 2)))
    if rule == "isolateOrange":
        o = _of(colour, "orange")[0]
        return _graph(colour, {e for e in edges if o not in e})
    raise AssertionError(f"no independent solver for {rule}")


def expected_value(spec, graph):
    colour, adj = _parts(graph)
    kind = spec["kind"]
    if kind == "nodes":
        return len(colour)
    if kind == "edges":
        return len(_edges(adj))
    if kind == "color_count":
        return len(_of(colour, spec["color"]))
    if kind == "degree":
        return len(adj[spec["node"]])
    return colour[spec["node"]]


@pytest.fixture(scope="module")
def bench():
    """The default grid; strict: any task that exhausts its retries is an error."""
    return generate_suite(None, count=4, seed=11, nodes=None, options={"strict": True},
                          progress=False)


def test_the_default_grid_has_every_compatible_cell_and_no_skip(bench):
    cells = Counter((i.meta["rule"], i.meta["family"], i.meta["pattern"]) for i in bench
                    if i.meta["mode"] == "full")
    expected = {(rule.name, family.name, pattern) for rule in RULES.values()
                for family in FAMILIES.values() for pattern, sizes in PATTERNS.items()
                if pattern in DEFAULT_PATTERNS and compatible(rule, family, sizes)}
    assert set(cells) == expected and set(cells.values()) == {4}
    assert len(expected) == 2 * (21 * 6 - 29)  # the 29 pairs the docs table lists


def test_every_rule_and_both_paths_are_generated(bench):
    tasks = {inst.task for inst in bench}
    rules = {t for t in tasks if not t.endswith(QUESTION_SUFFIX)}
    assert len(rules) >= 21
    assert {r + QUESTION_SUFFIX for r in rules} <= tasks
    assert len(bench) > 2000


def test_gold_matches_independent_solvers(bench):
    for inst in bench:
        q = inst.query
        output = expected_output(q["rule"], q["params"], inst.graphs["G"])
        if q["mode"] == "full":
            assert inst.answer == output, inst.id
        else:
            graph = inst.graphs["G"] if q["target"] == "input" else output
            assert inst.answer == expected_value(q["question"], graph), inst.id
            other = output if q["target"] == "input" else inst.graphs["G"]
            assert inst.meta["opposite"] == expected_value(q["question"], other), inst.id


def test_example_outputs_follow_the_rule(bench):
    for inst in bench[::7]:
        for i in range(1, inst.query["examples"] + 1):
            got = expected_output(inst.query["rule"], inst.query["params"],
                                  inst.graphs[f"example{i}_input"])
            assert got == inst.graphs[f"example{i}_output"], inst.id


@pytest.mark.slow
def test_reference_model_scores_100_in_both_paths_and_encodings(bench, tmp_path):
    from graphgauge.models import load_model

    options = RunOptions(encodings=("edge_list", "adjacency_list"),
                         variants=("original", "system:analyst"))
    with Store(tmp_path / "arc.db") as store:
        run = run_benchmark(bench, load_model("reference"), store, options, progress=False)
        items = list(store.items([run.run_id], ("task", "accuracy", "parse_ok", "scores")))
    assert len(items) == 4 * len(bench)
    assert all(i["parse_ok"] == 1 and i["accuracy"] == 1.0 for i in items)
    biased = [json.loads(i["scores"]).get("bias") for i in items]
    assert {b for b in biased if b is not None} == {0.0}  # the reference never drifts


def test_parser_reads_every_gold_output_back_in_both_encodings(bench):
    from graphgauge.suites.arc import prompts
    from graphgauge.suites.base import REGISTRY

    for inst in bench:
        if inst.query["mode"] != "full":
            continue
        task = REGISTRY["arc"][inst.task]
        for style in ("adjacency", "incidence"):
            text = f"Reasoning first.\n<answer>\n{prompts.encode(inst.answer, style)}\n</answer>"
            prediction = task.parse(text, inst)
            assert prediction.ok and prediction.value == inst.answer, (inst.id, style)
