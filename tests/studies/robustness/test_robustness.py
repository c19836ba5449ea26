"""The serialization-robustness study end to end: invariance of the reference solver across
every encoding and labeling, and detection of a model that reads only part of the graph."""

import math
import re

import pytest

from graphgauge.cli import main
from graphgauge.models import load_model
from graphgauge.registry import generate
from graphgauge.render.encoding import all_encodings
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.robustness.measures import accuracy_by_encoding, output_span, variability

PAIR = re.compile(r"\((\d+), (\d+)\)")


def neighbors_from_first_half(prompt: str) -> str:
    """A scripted model that reads only the first half of the listed edges: its answers
    depend on the order edges are written in, which the study must detect."""
    graph, _, question = prompt.partition("Question:")
    edges = [(int(a), int(b)) for a, b in PAIR.findall(graph)]
    seen = edges[: len(edges) // 2]
    node = int(re.search(r"node (\d+)", question).group(1))
    found = sorted({b for a, b in seen if a == node} | {a for a, b in seen if b == node})
    return "Answer: [" + ", ".join(map(str, found)) + "]"


# by this module's own import name, so the spec survives a move of the file
PARTIAL = f"python:{__name__}:neighbors_from_first_half"


def _grid() -> list[str]:
    """Every supported structure x order x syntax, each also under a random relabeling,
    plus the baseline under ten relabelings, ids from 1 and alphabetic names."""
    names = [e.name for e in all_encodings()]
    relabeled = [f"{name}+random{i % 10}" for i, name in enumerate(names)]
    labelings = [f"edge_list+random{k}" for k in range(10)]
    named = ["edge_list+offset", "edge_list+alpha", "adjacency_list+alpha",
             "adjacency_matrix+alpha", "edge_list+dot+alpha", "edge_list+pyg+offset"]
    return list(dict.fromkeys(names + relabeled + labelings + named))


@pytest.mark.slow
def test_reference_is_invariant_across_every_encoding_and_labeling(tmp_path):
    instances = generate("algorithmic", count=1, seed=17)
    grid = _grid()
    with Store(tmp_path / "r.db") as store:
        run = run_benchmark(instances, load_model("reference"), store,
                            RunOptions(encodings=tuple(grid)), progress=False)
        rows = list(store.items([run.run_id]))
    assert len(rows) == len(instances) * len(grid) and run.errors == 0
    wrong = [(r.task, r.encoding, r.response) for r in rows if r.accuracy != 1.0]
    assert wrong == []
    spans = output_span(rows)
    assert spans and all(s.span == 0.0 for s in spans)
    assert {s.task for s in spans} >= {"triangles", "diameter", "betweenness_centrality"}


def test_partial_reader_is_caught_and_reference_is_not(tmp_path):
    instances = generate("algorithmic", ["neighbor"], count=120, seed=5)
    grid = ("edge_list", "edge_list+replicated", "edge_list+shuffled", "edge_list+bfs")
    results = {}
    with Store(tmp_path / "r.db") as store:
        for spec in (PARTIAL, "reference"):
            run = run_benchmark(instances, load_model(spec), store,
                                RunOptions(encodings=grid), progress=False)
            results[spec] = list(store.items([run.run_id]))
    partial = {r.encoding: r for r in accuracy_by_encoding(results[
        PARTIAL], baseline="edge_list")}
    # Listing each edge twice puts more of a node's edges into the first half: the study
    # must find a significant gain, with a paired CI that excludes zero.
    replicated = partial["edge_list+replicated"]
    assert replicated.delta > 0.1 and replicated.delta_low > 0
    (spread,) = variability(results[PARTIAL])
    assert spread.std > 0.05 and spread.best == "edge_list+replicated"
    control = accuracy_by_encoding(results["reference"], baseline="edge_list")
    assert all(r.accuracy == 1.0 and (math.isnan(r.delta) or r.delta == 0) for r in control)
    (flat,) = variability(results["reference"])
    assert flat.std == 0.0


def test_robustness_command_writes_tables_and_plots(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = main(["robustness", "spectral", "-m", "reference", "--count", "2",
                 "--labelings", "3", "--encodings", "edge_list,adjacency_matrix,edge_list+alpha",
                 "--out", "study", "-q"])
    assert code == 0
    out = capsys.readouterr().out
    assert "edge_list+random2" in out and "Output span" in out
    folder = tmp_path / "study" / "reference"
    for name in ("accuracy_overall.csv", "accuracy_by_task.csv", "span.csv",
                 "variability.csv", "prompt_lengths.csv", "heatmap_task_encoding.png",
                 "span_per_task.png"):
        assert (folder / name).stat().st_size > 0, name
    assert (folder / "heatmap_task_encoding.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_study_options_are_user_errors(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for argv, message in (
        (["--encodings", "edge_list+sideways"], "unknown"),
        (["--baseline", "edge_list+random1"], "baseline"),
        (["--labelings", "-1"], "labelings"),
        (["--encodings", "adjacency_matrix+shuffled"], "adjacency_matrix"),
    ):
        assert main(["robustness", "algorithmic", "-m", "reference", "--count", "1",
                     "--tasks", "triangles", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err
