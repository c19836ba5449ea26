"""The suite readers the core fuzz test (tests/scoring/test_reading_hostile.py) and the
GraphInfer and GraphARC fuzz tests do not reach: GraphInfer T3, GraphARC questions
(integer and colour), GTEval labels, NLGraph's own readers and GraphWalks' grader. Whatever
a model writes, each never raises and returns its own type or no answer (timing targets:
benchmarks/reading.py, which times the same readers)."""

from __future__ import annotations

from hypothesis import given, settings

from graphgauge.instance import Instance
from graphgauge.registry import get_task
from graphgauge.scoring.answers import Prediction
from graphgauge.suites.arc.rule import COLOURS
from graphgauge.suites.arc.tasks import ANSWER
from graphgauge.suites.classify.labels import LABEL, mentioned_labels
from graphgauge.suites.imported.graphwalks import final_answer
from tests.scoring.test_reading_hostile import HOSTILE, texts

N = 12
LABELS = ["Database", "Data Mining", "AI", "Information Retrieval", "Case_Based"]
NAMES = [f"{i:04x}" for i in range(N)]


def instance(suite: str, task: str, **meta) -> Instance:
    graph = {"directed": False, "nodes": [{"id": i, "title": f"t{i}"} for i in range(N)],
             "edges": [], "graph": {"domain": "coauthor", "k": 2, "label_names": LABELS}}
    return Instance(id=f"{suite}/{task}/0", suite=suite, task=task, graphs={"G": graph},
                    query={"k": 2, "a": 0, "b": 1, "hub": 0, "source": 0, "target": 1,
                           "applicants": N // 2, "jobs": N // 2, "start": 0, "depth": 1,
                           "node": 0},
                    answer=None, meta={"domain": "coauthor", **meta})


def ids(value) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def check_every_reader(text: str) -> None:
    theme = get_task("infer", "theme").parse(text, instance("infer", "theme"))
    assert not theme.ok or theme.value["answer"] in LABELS

    count, colour = ANSWER.read(text), ANSWER.parse_color(text)
    assert not count.ok or type(count.value) is int
    assert not colour.ok or colour.value in COLOURS

    label = LABEL.parse_labels(text, LABELS)
    assert not label.ok or (len(label.value) == 1 and label.value[0] in LABELS)
    assert set(mentioned_labels(text, LABELS)) <= set(LABELS)

    for name in ("connectivity", "cycle"):
        read = get_task("nlgraph", name).parse(text, instance("nlgraph", name))
        assert isinstance(read, Prediction) and (not read.ok or type(read.value) is bool)
    flow = get_task("nlgraph", "flow").parse(text, instance("nlgraph", "flow"))
    assert not flow.ok or type(flow.value) in (int, float)
    matching = get_task("nlgraph", "matching").parse(text, instance("nlgraph", "matching"))
    assert not matching.ok or all(ids(list(edge)) and len(edge) == 2 for edge in matching.value)

    walk = get_task("graphwalks", "bfs").parse(text, instance("graphwalks", "bfs",
                                                              node_names=NAMES))
    assert not walk.ok or ids(walk.value)
    graded = final_answer(text, NAMES)
    assert graded is None or ids(graded)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_suite_readers_never_raise_and_return_their_type(text):
    check_every_reader(text)


def test_suite_readers_on_hostile_answers():
    for text in HOSTILE:
        check_every_reader(text)
