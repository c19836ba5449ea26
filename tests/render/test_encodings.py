"""Graph encodings: every supported encoding writes exactly the graph it was given.

The round trip (render, read back, compare with the instance graph) runs for every
structure × order × syntax × labeling on a pool of random graphs of every family, weighted,
with capacities, with both, with isolated nodes, without edges and with a single node. The
readers are ours, so the code syntaxes are also checked by their own tools (networkx runs
the NetworkX code, networkx's GraphML parser reads the XML, torch builds the PyG tensors),
and orders are checked against independent references (networkx BFS, plain sorting).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from graphgauge.errors import UserError
from graphgauge.graphs import FAMILIES, add_weights, make_graph, to_node_link
from graphgauge.render.encoding import (
    ORDERS,
    STRUCTURES,
    SYNTAXES,
    Encoding,
    all_encodings,
)
from graphgauge.render.labeling import alpha_label, node_labels, stable_hash
from graphgauge.render.readers import read_graph, read_literal
from graphgauge.render.serialize import graph_text
from tests.support.erdos_text import describe_graph
from tests.support.paths import REPO

LABELINGS = [("identity", 0), ("offset", 0), ("alpha", 0), ("random", 0), ("random", 3),
             ("random", 9)]
PER_ENCODING = 40  # pool graphs per encoding, on top of the special graphs


def _with_isolated(graph: nx.Graph, extra: int) -> nx.Graph:
    graph.add_nodes_from(range(graph.number_of_nodes(), graph.number_of_nodes() + extra))
    return graph


def _special_graphs() -> list[dict]:
    """Edge cases every encoding must survive."""
    rng = np.random.default_rng(7)
    one, two = nx.Graph(), nx.DiGraph()
    one.add_node(0)
    two.add_nodes_from([0, 1])
    floats = make_graph("erdos_renyi", rng, 9, p=0.5, shuffle=False)
    for i, (u, v) in enumerate(sorted(floats.edges)):
        floats.edges[u, v]["weight"] = 0.25 + i / 2
    both = make_graph("flow_network", rng, 12)
    add_weights(both, rng)
    specials = [
        one, two, nx.empty_graph(6), nx.empty_graph(5, create_using=nx.DiGraph),
        _with_isolated(make_graph("random_tree", rng, 8, shuffle=False), 4),
        _with_isolated(make_graph("random_dag", rng, 8, weighted=True, shuffle=False), 3),
        floats, both, nx.complete_graph(30),
    ]
    return [to_node_link(graph) for graph in specials]


def _pool(count: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    families = sorted(FAMILIES)
    out = []
    for i in range(count):
        family = families[i % len(families)]
        n = int(rng.integers(2 if family == "barabasi_albert" else 1, 36))
        graph = make_graph(family, rng, n, weighted=bool(rng.random() < 0.3))
        if family == "flow_network" and rng.random() < 0.3:
            add_weights(graph, rng)
        out.append(to_node_link(graph))
    return out


POOL = _pool(1600, seed=2024)
SPECIALS = _special_graphs()
ENCODINGS = [
    Encoding(e.structure, e.order, e.syntax, labeling, seed)
    for e in all_encodings() for labeling, seed in LABELINGS
    if not (e.syntax == "pyg" and labeling == "alpha")
]


def _graphs_for(index: int) -> list[tuple[str, dict]]:
    """A slice of the pool per encoding (rotating, so the pool is covered many times over)."""
    start = (index * PER_ENCODING * 7) % len(POOL)
    chosen = [POOL[(start + k) % len(POOL)] for k in range(PER_ENCODING)]
    return [(f"test/{index}/{k}", graph) for k, graph in enumerate(chosen + SPECIALS)]


def _expected(graph: dict) -> dict:
    """The rendered part of a graph: everything but graph attributes (source/sink)."""
    return {key: value for key, value in graph.items() if key != "graph"}


def _natural(label: str) -> tuple[int, str]:
    return len(label), label


# --- the round trip ----------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(ENCODINGS)), ids=[e.name for e in ENCODINGS])
def test_round_trip(index: int) -> None:
    encoding = ENCODINGS[index]
    for instance_id, graph in _graphs_for(index):
        text = graph_text(graph, encoding, instance_id)
        labels = node_labels(len(graph["nodes"]), encoding, instance_id)
        assert read_graph(text, encoding, labels) == _expected(graph), (encoding.name, text)


def test_round_trip_covers_every_combination_and_many_graphs() -> None:
    combos = {(e.structure, e.order, e.syntax, e.labeling) for e in ENCODINGS}
    assert len(combos) == 75 * 4 - 6  # pyg cannot use letters
    assert len({e.seed for e in ENCODINGS if e.labeling == "random"}) == 3
    covered = {id(graph) for index in range(len(ENCODINGS)) for _, graph in _graphs_for(index)}
    assert len(covered) >= 1500
    kinds = Counter((g["directed"], tuple(k for k in ("weight", "capacity")
                                          if g["edges"] and k in g["edges"][0])) for g in POOL)
    assert all(kinds[kind] >= 40 for kind in [(False, ()), (True, ()), (False, ("weight",)),
                                             (True, ("weight",)), (True, ("capacity",))])
    assert kinds[(True, ("weight", "capacity"))] >= 10
    assert sum(1 for g in POOL if len(g["nodes"]) == 1) >= 5


def test_explicit_labels_are_used_and_read_back() -> None:
    graph = POOL[3]
    n = len(graph["nodes"])
    encoding = Encoding("adjacency_list", "shuffled", "json", "random", 4)
    labels = node_labels(n, encoding, "x")
    assert graph_text(graph, encoding, "x", labels) == graph_text(graph, encoding, "x")
    custom = [str(100 + n - i) for i in range(n)]  # reversed, not 0-based
    text = graph_text(graph, encoding, "x", custom)
    assert read_graph(text, encoding, custom) == _expected(graph)


# --- each code syntax checked by its own tool ---------------------------------------------

def _label_value(label: str) -> int | str:
    return int(label) if label.isdigit() else label


def _reference_edges(graph: dict, labels: list[str]) -> Counter:
    """Edge multiset in label space; undirected edges as frozensets."""
    out: Counter = Counter()
    for edge in graph["edges"]:
        u, v = _label_value(labels[edge["source"]]), _label_value(labels[edge["target"]])
        attrs = tuple(sorted((k, edge[k]) for k in ("weight", "capacity") if k in edge))
        out[(u, v) if graph["directed"] else frozenset((u, v)), attrs] += 1
    return out


def _as_listed(expected: Counter, graph: dict, encoding: Encoding) -> Counter:
    """Replicated undirected listings hold every edge twice, self-loops once."""
    if encoding.order != "replicated" or graph["directed"]:
        return expected
    return Counter({key: count * (2 if len(key[0]) == 2 else 1)
                    for key, count in expected.items()})


def _tool_encodings(syntax: str) -> list[Encoding]:
    return [e for e in ENCODINGS if e.syntax == syntax and e.seed in (0, 3)]


def _nx_edges(built: nx.Graph) -> Counter:
    out: Counter = Counter()
    for u, v, data in built.edges(data=True):
        key = (u, v) if built.is_directed() else frozenset((u, v))
        out[key, tuple(sorted(data.items()))] += 1
    return out


def test_networkx_code_builds_the_graph() -> None:
    for index, encoding in enumerate(_tool_encodings("networkx")):
        for instance_id, graph in _graphs_for(index)[::3]:
            labels = node_labels(len(graph["nodes"]), encoding, instance_id)
            code = graph_text(graph, encoding, instance_id).split("\n", 1)[1]
            scope: dict = {}
            exec(code, scope)  # our own rendering: running it is the test
            built = scope["G"]
            assert built.is_directed() == graph["directed"]
            assert sorted(built.nodes, key=str) == sorted(map(_label_value, labels), key=str)
            assert _nx_edges(built) == _reference_edges(graph, labels), encoding.name


def test_graphml_is_read_by_networkx() -> None:
    for index, encoding in enumerate(_tool_encodings("graphml")):
        for instance_id, graph in _graphs_for(index)[::3]:
            labels = node_labels(len(graph["nodes"]), encoding, instance_id)
            xml = graph_text(graph, encoding, instance_id).split("\n", 1)[1]
            built = nx.parse_graphml(xml)  # a multigraph when an edge is listed twice
            built = nx.relabel_nodes(built, {label: _label_value(label) for label in built})
            assert built.is_directed() == graph["directed"]
            assert len(built) == len(labels)
            expected = _reference_edges(graph, labels)
            if built.is_multigraph():
                expected = _as_listed(expected, graph, encoding)
            assert _nx_edges(built) == expected, encoding.name


def _pyg_graph(text: str, graph: dict, labels: list[str]) -> Counter:
    """Run rendered PyG code with the real torch_geometric and return the graph its
    ``data`` holds, in label space, as listed: every node, every arc with attributes."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("torch_geometric")
    from torch_geometric.utils import is_undirected

    scope: dict = {}
    exec(text.split("\n", 1)[1], scope)  # our own rendering: running it is the test
    data = scope["data"]
    data.validate(raise_on_error=True)  # indices within num_nodes, long dtype
    assert data.edge_index.dtype == torch.long
    assert data.num_nodes == len(graph["nodes"])  # isolated nodes kept, no phantom node
    names = (data.n_id.tolist() if "n_id" in data else list(range(data.num_nodes)))
    assert sorted(names) == sorted(map(_label_value, labels))
    if not graph["directed"]:
        assert is_undirected(data.edge_index, data.edge_attr, num_nodes=data.num_nodes)
    sources, targets = data.edge_index.tolist()
    attrs = [()] * len(sources)
    keys = [k for k in ("weight", "capacity") if graph["edges"] and k in graph["edges"][0]]
    if keys:
        values = data.edge_attr.tolist()
        rows = values if len(keys) == 2 else [[value] for value in values]
        attrs = [tuple(sorted(zip(keys, row, strict=True))) for row in rows]
    got: Counter = Counter()
    for u, v, attr in zip(sources, targets, attrs, strict=True):
        u, v = names[u], names[v]
        got[(u, v) if graph["directed"] else frozenset((u, v)), attr] += 1
    return got


def _both_ways(expected: Counter, graph: dict) -> Counter:
    """PyG lists an undirected edge in both directions, a self loop once."""
    if graph["directed"]:
        return expected
    return Counter({key: count * (2 if len(key[0]) == 2 else 1)
                    for key, count in expected.items()})


def test_pyg_code_builds_the_graph() -> None:
    for index, encoding in enumerate(e for e in ENCODINGS if e.syntax == "pyg"):
        for instance_id, graph in _graphs_for(index)[::3]:
            labels = node_labels(len(graph["nodes"]), encoding, instance_id)
            text = graph_text(graph, encoding, instance_id)
            expected = _both_ways(_reference_edges(graph, labels), graph)
            assert _pyg_graph(text, graph, labels) == expected, (encoding.name, text)


def _explicit_labels(n: int, seed: int) -> list[str]:
    """Distinct non-negative integer labels, neither 0..n-1 nor from 1, in random order."""
    rng = np.random.default_rng(seed)
    return [str(v) for v in rng.choice(10 * n + 10, size=n, replace=False)]


def test_code_syntaxes_build_the_graph_under_explicit_labels() -> None:
    encodings = [e for e in all_encodings() if e.syntax in ("pyg", "networkx")]
    for index, encoding in enumerate(encodings):
        for instance_id, graph in _graphs_for(index)[::4]:
            labels = _explicit_labels(len(graph["nodes"]), index)
            text = graph_text(graph, encoding, instance_id, labels)
            expected = _reference_edges(graph, labels)
            if encoding.syntax == "pyg":
                assert _pyg_graph(text, graph, labels) == _both_ways(expected, graph), text
                continue
            scope: dict = {}
            exec(text.split("\n", 1)[1], scope)
            built = scope["G"]
            assert sorted(built.nodes) == sorted(map(_label_value, labels))
            assert _nx_edges(built) == expected, text


def test_json_renderings_are_json() -> None:
    for encoding in (e for e in ENCODINGS if e.syntax == "json"):
        for instance_id, graph in SPECIALS_WITH_IDS:
            body = graph_text(graph, encoding, instance_id).split("\n", 1)[1]
            assert json.loads(body)["directed"] is graph["directed"]


SPECIALS_WITH_IDS = [(f"special/{i}", graph) for i, graph in enumerate(SPECIALS)]


# --- the default encoding is the Erdős prompt ---------------------------------------------

def test_default_encoding_is_describe_graph() -> None:
    for graph in POOL + SPECIALS:
        assert graph_text(graph, Encoding(), "any/id") == describe_graph(graph)
    assert Encoding().name == "edge_list"


def test_layout_cache_never_mixes_graphs_sharing_an_instance_id() -> None:
    """The cache keys layouts by instance id but must only hit for the very same graph."""
    rng = np.random.default_rng(11)
    one = to_node_link(make_graph("erdos_renyi", rng, 12))
    other = to_node_link(make_graph("erdos_renyi", rng, 12))
    assert one != other
    for spec in ("adjacency_list+shuffled+random2", "edge_list+bfs+json", "incidence_list"):
        encoding = Encoding.parse(spec)
        first = graph_text(one, encoding, "shared/id")
        assert graph_text(other, encoding, "shared/id") != first
        again = graph_text(one, encoding, "shared/id")  # a hit: the same bytes
        copy = graph_text(json.loads(json.dumps(one)), encoding, "shared/id")  # a miss
        assert first == again == copy
        assert read_graph(first, encoding) == read_graph(copy, encoding)


# --- orders ---------------------------------------------------------------------------------

def _listing(graph: dict, encoding: Encoding, instance_id: str) -> tuple[list, list[str]]:
    """Edges as written (label pairs, text order) and the node labels by id."""
    labels = node_labels(len(graph["nodes"]), encoding, instance_id)
    _, _, _, parsed = read_literal(graph_text(graph, encoding, instance_id), encoding)
    if parsed.edges is not None:
        return [(u, v) for u, v, _ in parsed.edges], labels
    return [(node, [item[0] for item in items]) for node, items in parsed.rows], labels


def _big_graphs(min_edges: int) -> list[tuple[str, dict]]:
    return [(f"order/{i}", g) for i, g in enumerate(POOL) if len(g["edges"]) >= min_edges]


@pytest.mark.parametrize("labeling", ["identity", "alpha", "random"])
def test_sorted_edges_follow_label_order(labeling: str) -> None:
    encoding = Encoding(labeling=labeling, seed=1 if labeling == "random" else 0)
    for instance_id, graph in _big_graphs(1)[:300]:
        edges, labels = _listing(graph, encoding, instance_id)
        keys = [(_natural(u), _natural(v)) for u, v in edges]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        if not graph["directed"]:
            assert all(a <= b for a, b in keys)  # equal: a self-loop


@pytest.mark.parametrize("order", ["source_shuffled", "target_shuffled"])
def test_grouped_shuffles(order: str) -> None:
    end = 0 if order == "source_shuffled" else 1
    changed = 0
    for instance_id, graph in _big_graphs(10)[:300]:
        edges, _ = _listing(graph, Encoding(order=order, labeling="random", seed=2),
                            instance_id)
        ranked, _ = _listing(graph, Encoding(labeling="random", seed=2), instance_id)
        assert Counter(edges) == Counter(ranked)
        groups = [_natural(edge[end]) for edge in edges]
        assert groups == sorted(groups)  # grouped, groups in label order
        by_group = Counter(_natural(edge[end]) for edge in edges)
        changed += edges != sorted(ranked, key=lambda e: (_natural(e[end]), _natural(e[1 - end])))
        if max(by_group.values()) >= 7:
            assert edges != ranked
    assert changed >= 150


def test_shuffled_edges_differ_and_keep_the_edges() -> None:
    flipped = 0
    for instance_id, graph in _big_graphs(8)[:300]:
        encoding = Encoding(order="shuffled")
        edges, _ = _listing(graph, encoding, instance_id)
        ranked, _ = _listing(graph, Encoding(), instance_id)
        assert edges != ranked
        if graph["directed"]:
            assert Counter(edges) == Counter(ranked)
        else:
            assert Counter(map(frozenset, edges)) == Counter(map(frozenset, ranked))
            flipped += sum(_natural(u) > _natural(v) for u, v in edges)
    assert flipped > 1000  # undirected edges are written in random directions


def test_shuffled_lists() -> None:
    for instance_id, graph in _big_graphs(15)[:200]:
        rows = {}
        for order in ("sorted", "source_shuffled", "target_shuffled", "shuffled"):
            rows[order], _ = _listing(graph, Encoding("adjacency_list", order), instance_id)
        nodes = [node for node, _ in rows["sorted"]]
        assert nodes == sorted(nodes, key=_natural)
        assert all(items == sorted(items, key=_natural) for _, items in rows["sorted"])
        for order in ("source_shuffled", "target_shuffled", "shuffled"):
            assert sorted((n, sorted(i)) for n, i in rows[order]) == \
                sorted((n, sorted(i)) for n, i in rows["sorted"])
        assert [n for n, _ in rows["source_shuffled"]] == nodes
        assert rows["source_shuffled"] != rows["sorted"]
        assert [n for n, _ in rows["target_shuffled"]] != nodes
        assert all(i == sorted(i, key=_natural) for _, i in rows["target_shuffled"])
        assert rows["shuffled"] != rows["target_shuffled"]


def test_replicated_lists_each_undirected_edge_twice() -> None:
    for instance_id, graph in _big_graphs(1)[:300]:
        for syntax in ("plain", "json", "pyg"):
            edges, labels = _listing(graph, Encoding(order="replicated", syntax=syntax),
                                     instance_id)
            ranked, _ = _listing(graph, Encoding(syntax=syntax), instance_id)
            if graph["directed"]:
                assert edges == ranked
                continue
            if syntax == "pyg":  # PyG lists undirected edges both ways in any order
                assert Counter(edges) == Counter(ranked)
            else:
                assert Counter(edges) == Counter(ranked + [(v, u) for u, v in ranked if u != v])
            keys = [(_natural(u), _natural(v)) for u, v in edges]
            assert keys == sorted(keys)
    text = graph_text(POOL[0], Encoding(order="replicated"), "x")
    assert POOL[0]["directed"] or "listed in both directions" in text


def _reference_bfs(graph: dict, labels: list[str]) -> list[str]:
    """Discovery order by networkx: searches restart at the smallest unseen label and do
    not re-enter nodes an earlier search found."""
    built = nx.DiGraph() if graph["directed"] else nx.Graph()
    built.add_nodes_from(labels)
    built.add_edges_from((labels[e["source"]], labels[e["target"]]) for e in graph["edges"])
    order: list[str] = []
    for start in sorted(labels, key=_natural):
        if start in order:
            continue
        rest = built.subgraph(set(labels) - set(order))
        order.append(start)
        order += [v for _, v in nx.bfs_edges(rest, start,
                                             sort_neighbors=lambda ns: sorted(ns, key=_natural))]
    return order


@pytest.mark.parametrize("labeling", ["identity", "random"])
def test_bfs_order(labeling: str) -> None:
    for instance_id, graph in _big_graphs(1)[:250]:
        encoding = Encoding(order="bfs", labeling=labeling, seed=5)
        edges, labels = _listing(graph, encoding, instance_id)
        visit = _reference_bfs(graph, labels)
        position = {node: i for i, node in enumerate(visit)}
        assert [u for u, _ in edges] == sorted((u for u, _ in edges), key=position.get)
        for u, v in edges:  # each edge from the end the search reaches first
            assert graph["directed"] or position[u] <= position[v]
        neighbors: dict[str, list[str]] = {}
        for u, v in edges:
            neighbors.setdefault(u, []).append(v)
        assert all(vs == sorted(vs, key=_natural) for vs in neighbors.values())
        rows, _ = _listing(graph, Encoding("incidence_list", "bfs", "markdown", labeling, 5),
                           instance_id)
        assert [node for node, _ in rows] == visit


# --- labels, determinism ------------------------------------------------------------------

def test_labelings() -> None:
    assert node_labels(3, Encoding(), "x") == ["0", "1", "2"]
    assert node_labels(3, Encoding(labeling="offset"), "x") == ["1", "2", "3"]
    letters = ["".join(p) for k in (1, 2, 3)
               for p in itertools.product("ABCDEFGHIJKLMNOPQRSTUVWXYZ", repeat=k)]
    assert [alpha_label(i) for i in range(len(letters))] == letters
    assert node_labels(30, Encoding(labeling="alpha"), "x") == letters[:30]
    expected = int.from_bytes(hashlib.sha256(b"algorithmic/bfs/00001").digest()[:8], "big")
    assert stable_hash("algorithmic/bfs/00001") == expected
    perm = np.random.default_rng([4, expected]).permutation(20)
    random4 = Encoding(labeling="random", seed=4)
    assert node_labels(20, random4, "algorithmic/bfs/00001") == [str(p) for p in perm]


def test_random_seeds_give_different_labelings() -> None:
    for n in (8, 20, 35):
        seen = {tuple(node_labels(n, Encoding(labeling="random", seed=k), "inst/1"))
                for k in range(10)}
        assert len(seen) == 10
        assert all(sorted(map(int, labels)) == list(range(n)) for labels in seen)
    other = node_labels(20, Encoding(labeling="random", seed=1), "inst/2")
    assert other != node_labels(20, Encoding(labeling="random", seed=1), "inst/1")


DIGEST_SCRIPT = """
import hashlib, sys
from tests.render.test_encodings import POOL, ENCODINGS
from graphgauge.render.serialize import graph_text
digest = hashlib.sha256()
for k, encoding in enumerate(ENCODINGS[::7]):
    for i, graph in enumerate(POOL[k:k + 5]):
        digest.update(graph_text(graph, encoding, f"det/{i}").encode())
print(digest.hexdigest())
"""


def sys_path_of_package() -> str:
    """Where this process imports graphgauge from, so the subprocess runs the same code, and
    the repository root, so it imports this module's graphs and encodings."""
    import graphgauge

    return os.pathsep.join([str(Path(graphgauge.__file__).parents[1]), str(REPO)])


def test_rendering_is_deterministic_across_processes() -> None:
    import graphgauge.render.labeling as labeling

    digest = hashlib.sha256()
    for k, encoding in enumerate(ENCODINGS[::7]):
        for i, graph in enumerate(POOL[k:k + 5]):
            text = graph_text(graph, encoding, f"det/{i}")
            labeling._random_labeling.cache_clear()
            labeling._stream_state.cache_clear()
            assert graph_text(graph, encoding, f"det/{i}") == text
            digest.update(text.encode())
    other = subprocess.run([sys.executable, "-c", DIGEST_SCRIPT], capture_output=True,
                           text=True, check=True, env={"PYTHONHASHSEED": "123",
                                                       "PATH": "/usr/bin:/bin",
                                                       "PYTHONPATH": sys_path_of_package()})
    assert other.stdout.strip() == digest.hexdigest()


# --- the Encoding spec ----------------------------------------------------------------------

def test_names_round_trip() -> None:
    for encoding in ENCODINGS:
        assert Encoding.parse(encoding.name) == encoding
    assert Encoding.parse("json+adjacency_list+random3+shuffled").name == \
        "adjacency_list+shuffled+json+random3"
    assert Encoding.parse("edge_list+sorted+plain+identity") == Encoding()
    assert Encoding.parse("random").name == "edge_list+random0"
    assert Encoding(labeling="alpha", seed=5).name == "edge_list+alpha"
    assert Encoding(labeling="alpha", seed=5) == Encoding(labeling="alpha")
    assert len(all_encodings()) == 75
    assert len({(e.structure, e.order, e.syntax) for e in all_encodings()}) == 75


@pytest.mark.parametrize("spec, fragment", [
    ("edge_list+bogus", "unknown encoding token 'bogus'"),
    ("edge_list+json+dot", "two syntaxs"),
    ("adjacency_list+edge_list", "two structures"),
    ("adjacency_matrix+shuffled", "supported orders: sorted"),
    ("adjacency_list+replicated", "is not supported by adjacency_list"),
    ("adjacency_list+networkx", "cannot write a adjacency_list"),
    ("edge_list+pyg+alpha", "needs integer node labels"),
    ("edge_list+random-1", "unknown encoding token"),
    ("", "unknown encoding token ''"),
])
def test_bad_specs(spec: str, fragment: str) -> None:
    with pytest.raises(UserError) as error:
        Encoding.parse(spec)
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)


def test_bad_fields() -> None:
    with pytest.raises(UserError, match="structures|choose one of"):
        Encoding(structure="tree")
    with pytest.raises(UserError, match="seed"):
        Encoding(labeling="random", seed=-1)
    message = ""
    try:
        Encoding.parse("nonsense")
    except UserError as error:
        message = str(error)
    for word in (*STRUCTURES, *ORDERS, *SYNTAXES, "random<K>"):
        assert word in message


# --- strict readers -------------------------------------------------------------------------

def test_readers_reject_corrupted_renderings() -> None:
    graph = next(g for g in POOL if not g["directed"] and len(g["edges"]) >= 5
                 and "weight" not in g["edges"][0])
    plain = graph_text(graph, Encoding(), "c")
    first = plain.split("The edges are: ")[1].split("), ")[0] + ")"
    with pytest.raises(ValueError, match="twice"):
        read_graph(plain.replace(first, f"{first}, {first}", 1), Encoding())
    with pytest.raises(ValueError, match="unknown node"):
        read_graph(plain.replace(first, "(0, 99)", 1), Encoding())
    dropped = plain.replace(f"{first}, ", "", 1)
    assert read_graph(dropped, Encoding(), [str(i) for i in range(len(graph["nodes"]))]) \
        != _expected(graph)
    replicated = Encoding(order="replicated")
    text = graph_text(graph, replicated, "c")
    u, v = first[1:-1].split(", ")
    with pytest.raises(ValueError, match="both ends"):
        read_graph(text.replace(f"({v}, {u}), ", "", 1), replicated)
    listing = Encoding("adjacency_list")
    text = graph_text(graph, listing, "c")
    line = next(line for line in text.split("\n") if line.startswith(f"Node {u} "))
    with pytest.raises(ValueError, match="both ends"):
        read_graph(text.replace(line, f"Node {u} is connected to no node."), listing)
    matrix = Encoding("adjacency_matrix", syntax="json")
    text = graph_text(graph, matrix, "c")
    with pytest.raises(ValueError):
        read_graph(text.replace('"directed": false', '"directed": true'), matrix)


def test_matrix_refuses_zero_weights() -> None:
    graph = {"directed": False, "nodes": [{"id": 0}, {"id": 1}],
             "edges": [{"source": 0, "target": 1, "weight": 0}]}
    with pytest.raises(ValueError, match="weight 0"):
        graph_text(graph, Encoding("adjacency_matrix"), "z")
    assert read_graph(graph_text(graph, Encoding(syntax="json"), "z"), Encoding(syntax="json"),
                      ["0", "1"]) == graph
