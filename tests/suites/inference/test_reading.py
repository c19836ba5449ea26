"""GraphInfer's human-mode readers against a hand-written answer corpus, hand-picked
cases per answer class, the faithful (paper) mode, and hostile text.

The corpus (tests/data/answers/infer_graphinfer.jsonl) holds realistic answers with the
reading a careful grader gives under the grading rule; the target is >= 98% agreement and
at most 1% of no-answer cases read as a value.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphgauge.instance import Instance
from graphgauge.registry import get_task
from graphgauge.suites.inference import reading
from tests.support.paths import ANSWERS

CORPUS = ANSWERS / "infer_graphinfer.jsonl"
LABELS = ["Database", "Data Mining", "AI", "Information Retrieval"]


def instance(task: str, n: int, k: int = 2, labels=None, reader: str | None = None,
             domain: str = "coauthor") -> Instance:
    graph = {"directed": False, "nodes": [{"id": i, "title": f"t{i}"} for i in range(n)],
             "edges": [], "graph": {"domain": domain, "k": k,
                                    "label_names": labels or LABELS}}
    meta = {"domain": domain, **({"reader": reader} if reader else {})}
    return Instance(id=f"infer/{task}/0", suite="infer", task=task, graphs={"G": graph},
                    query={"k": k, "a": 0, "b": 1, "hub": 0}, answer=None, meta=meta)


def reading_of(row: dict, reader: str | None = None):
    task = get_task("infer", row["task"])
    inst = instance(row["task"], row["n"], row.get("k", 2), row.get("labels"), reader,
                    row.get("domain", "coauthor"))
    prediction = task.parse(row["text"], inst)
    if not prediction.ok:
        return None
    value = prediction.value["answer"]
    if row["task"] == "community":
        return canonical([value.get(str(i)) for i in range(row["n"])])
    return value


def canonical(assignment: list) -> list:
    first: dict = {}
    return [None if c is None else first.setdefault(c, len(first)) for c in assignment]


def expected_of(row: dict):
    if row["task"] == "community" and row["expected"] is not None:
        return canonical(row["expected"])
    return row["expected"]


def corpus() -> list[dict]:
    rows = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    return [row for row in rows if "_format" not in row]


def test_corpus_agreement_and_no_false_commits():
    rows = corpus()
    assert len(rows) >= 120
    assert {row["task"] for row in rows} == {"masked_node", "relation", "theme", "outlier",
                                             "community"}
    misses = [(row["class"], reading_of(row), expected_of(row)) for row in rows
              if reading_of(row) != expected_of(row)]
    agreement = 1 - len(misses) / len(rows)
    no_answer = [row for row in rows if row["expected"] is None]
    false_commits = [row["class"] for row in no_answer if reading_of(row) is not None]
    assert len(no_answer) >= 15
    assert agreement >= 0.98, misses
    assert len(false_commits) <= 0.01 * len(no_answer), false_commits


@pytest.mark.parametrize(("text", "expected"), [
    ("They do share an author, no doubt about it.", True),
    ("The papers are unrelated.", False),
    ("Node 3 and Node 5 are not connected.", False),
    ("Yes.", True),
    ("There is a shared author between them.", True),
    ("No direct link exists between the two papers.", False),
])
def test_t2_polarity_reads_the_statement_not_any_negation_word(text, expected):
    assert reading.read_relation(text) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Both papers were authored by one and the same common author.", True),
    ("They have an author in common.", True),
    ("The two papers do not have a common author.", False),
    ("Réponse : non, aucun auteur commun.", False),
    ("Antwort: Ja.", True),
    ("Non-overlapping topics, yet Node 0 and Node 1 share an author.", True),
])
def test_t2_reads_common_author_statements_and_foreign_verdicts(text, expected):
    assert reading.read_relation(text, (0, 1)) is expected


@pytest.mark.parametrize("text", [
    "Answer: Unknown; with the title masked I can't tell.",
    "Answer: Not enough information to infer the topic.",
    "Answer: N/A — the neighbours are too diverse.",
])
def test_t1_a_free_text_non_answer_is_not_projected_onto_a_label(text):
    row = {"task": "masked_node", "n": 5, "labels": LABELS, "text": text}
    assert reading_of(row) is None


def test_t4_a_final_answer_after_a_verdict_listing_decides():
    text = ("Node 0: ranking — fits.\nNode 1: indexing — fits.\nNode 2: query logs — fits."
            "\n\nFinal answer: Node 4 is the outlier.")
    assert reading_of({"task": "outlier", "n": 6, "text": text}) == [4]
    listing = "Node 0: fits\nNode 1: doesn't belong here\nNode 2: fits\nNode 3: fits"
    assert reading_of({"task": "outlier", "n": 4, "text": listing}) == [1]


def test_t5_several_node_first_clauses_on_one_line():
    text = "Nodes 3 and 4 form Community 1, while nodes 0 to 2 make up Community 0."
    assert reading_of({"task": "community", "n": 5, "text": text}) == [0, 0, 0, 1, 1]


def test_faithful_mode_keeps_the_paper_protocol(monkeypatch):
    prose = {"task": "outlier", "n": 8, "text": "The outlier is Node 4."}
    assert reading_of(prose) == [4]
    assert reading_of(prose, reader="faithful") is None  # no Answer: block, no Node lines
    paper = {"task": "outlier", "n": 3,
             "text": "Answer:\nNode 0: not outlier\nNode 1: outlier\nNode 2: not outlier"}
    assert reading_of(paper, reader="faithful") == [1] == reading_of(paper)
    monkeypatch.setenv("GRAPHGAUGE_INFER_READER", "faithful")
    assert reading_of(prose) is None
    t2 = {"task": "relation", "n": 4, "text": "Answer: They do share an author, no doubt."}
    assert reading_of(t2) is False  # the paper's rule: any negation word reads as no


def test_ranges_are_never_expanded_past_the_graph():
    assert reading.node_ids("nodes 0-3 and 5", 8) == [0, 1, 2, 3, 5]
    assert reading.node_ids("nodes 0 to 99999", 8) == []
    assert reading.node_ids("nodes 6-2", 8) == []


@pytest.mark.parametrize("text", [
    "9" * 5000,
    "Node " + "9" * 5000 + ": Community " + "7" * 5000,
    "Community 1: nodes 0 to 99999999\n" * 100,
    "answer is " * 2000,
    "\n" * 4000,
    "[" * 3000 + "]" * 3000,
    "{" * 3000,
    "Outliers: " + ", ".join(str(i) for i in range(20000)),
    "Node 1: outlier\n" * 5000,
    "Yes no " * 20000,
    "nan NaN inf",
    # blank runs that a pattern opening on a blank or non-word run re-read from every
    # position (a T5 label line, a T2 concession, a T4 "no outlier": 0.3-0.8 s at half
    # these sizes)
    "length" + " " * 40_000 + "is" + " " * 40_000 + "x 1",
    "The answer is 1" + " " * 10_000 + "2.",
    "Answer:" + "\n" * 12_000 + "5",
], ids=lambda text: f"{text[:12]!r}x{len(text)}")
def test_hostile_text_never_raises_and_stays_fast(text):
    for task, n in (("relation", 10), ("outlier", 10), ("community", 10), ("theme", 10)):
        inst = instance(task, n, labels=LABELS)
        get_task("infer", task).parse("Answer: 1", inst)  # loads the encoder outside the clock
        start = time.process_time()  # CPU time: other processes' load does not count
        get_task("infer", task).parse(text, inst)
        assert time.process_time() - start < 2.0, (task, text[:40])


def test_reader_option_is_fixed_per_file_and_checked():
    from graphgauge.datasets import data_root
    from graphgauge.errors import UserError
    from graphgauge.suites.inference import generate_suite

    with pytest.raises(UserError, match="reader"):
        generate_suite(["relation"], 0, 0, None, {"dataset": "dblp", "reader": "loose"})
    if not (data_root() / "dblp").is_dir():
        return
    items = generate_suite(["relation"], 0, 0, None, {
        "dataset": "dblp", "candidates": 10, "train": 0, "val": 0, "test": 4,
        "reader": "faithful"})
    assert items and all(inst.meta["reader"] == "faithful" for inst in items)
    task = get_task("infer", "relation")
    assert not task.parse("The papers are unrelated.", items[0]).ok  # no Answer: block


def test_faithful_mode_and_gate_survive_huge_ids():
    from graphgauge.suites.inference import parsing

    huge = "9" * 5000
    text = f"Answer:\nNode {huge}: outlier\nNode {huge}: Community {huge}\nReasoning: x"
    for task in ("outlier", "community", "relation", "theme"):
        prediction = get_task("infer", task).parse(text, instance(task, 5, reader="faithful"))
        assert task not in ("outlier", "community") or not prediction.ok  # no such node
    assert parsing.node_refs(f"Node {huge} and Node 3") == [10**9, 3]


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("Node 0123456789:-–,|{}[]\"'\n yesnoutlierCmyGrpAB"
                                             "()*#<>thinkanswer.")), max_size=400))
def test_readers_never_raise_and_return_their_own_type(text):
    for task, n in (("relation", 6), ("outlier", 6), ("community", 6), ("masked_node", 6)):
        prediction = get_task("infer", task).parse(text, instance(task, n, labels=LABELS))
        if not prediction.ok:
            continue
        value = prediction.value["answer"]
        if task == "relation":
            assert isinstance(value, bool)
        elif task == "outlier":
            assert isinstance(value, list) and all(0 <= v < n for v in value)
        elif task == "community":
            assert all(0 <= int(k) < n and isinstance(c, int) for k, c in value.items())
        else:
            assert value in LABELS


@pytest.mark.parametrize("text", [
    "Nodes " + ", ".join(str(i) for i in range(20000)) + " form",
    "Community 1: nodes " + ", ".join(str(i) for i in range(20000)),
    ", ".join(str(i) for i in range(20000)) + " → A",
    "Databases: " + ", ".join(str(i) for i in range(20000)) + " x",
    "Nodes " + " and ".join(str(i) for i in range(5000)) + " are outliers",
], ids=["nodes-first", "grouped", "arrow", "named", "plural"])
def test_long_node_lists_read_in_linear_time(text):
    # these took minutes when a list pattern could backtrack over every split point
    for task in ("community", "outlier"):
        start = time.process_time()
        get_task("infer", task).parse(text, instance(task, 9, 3))
        assert time.process_time() - start < 3.0, task


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: Negative.", False), ("Yep — the edge is listed.", True),
    ("Answer: Absent.", False), ("Answer: Present.", True),
    # a sentence ending on a plural noun without a full stop is finished, not cut off
    ("nah, they aren't linked anywhere in the listed edges", False),
])
def test_t2_other_words_for_yes_and_no(text, expected):
    assert reading.read_relation(text, (0, 1)) is expected


def test_t5_everything_else_names_the_last_community():
    text = "Group B: nodes 1 and 3. Every other node belongs to Group A."
    assert reading_of({"task": "community", "n": 5, "text": text}) == [0, 1, 0, 1, 0]


def test_t1_a_settling_clause_picks_between_two_named_labels():
    row = {"task": "theme", "n": 5, "labels": LABELS,
           "text": "Some titles are about databases, yet on balance the theme is data mining."}
    assert reading_of(row) == "Data Mining"
    row["text"] = "It is Data Mining, but with some AI flavour."
    assert reading_of(row) == "Data Mining"


def test_t4_t5_corrections_clauses_and_repeated_node_words():
    text = "Outlier: Node 2.\nHmm, Node 2 fits after all; the outlier is actually Node 6."
    assert reading_of({"task": "outlier", "n": 8, "text": text}) == [6]
    text = "Group 1 has nodes 0 to 2 and Group 2 has nodes 3 to 5."
    assert reading_of({"task": "community", "n": 6, "text": text}) == [0, 0, 0, 1, 1, 1]
    text = "a) Retrieval: Paper 1, Paper 3 and Paper 4\nb) Mining: Paper 0 & Paper 2"
    assert reading_of({"task": "community", "n": 5, "text": text}) == [0, 1, 0, 1, 1]


def test_t5_doubt_with_another_assignment_offered_is_no_answer():
    text = ("Community 0: 0, 1, 2\nCommunity 1: 3, 4, 5\n\n"
            "Not sure about node 2 though, it could just as well go into Community 1.")
    assert reading_of({"task": "community", "n": 6, "text": text}) is None
    doubt_only = "Community 0: 0, 1, 2\nCommunity 1: 3, 4, 5\n\nI'm not fully sure about this."
    assert reading_of({"task": "community", "n": 6, "text": doubt_only}) == [0, 0, 0, 1, 1, 1]


def test_batch4_classes_indirect_links_parentheses_and_two_outliers():
    assert reading.read_relation("Only through Node 5; not with each other.", (0, 1)) is False
    row = {"task": "masked_node", "n": 5, "labels": ["course", "faculty", "student"],
           "text": "Answer: A student's page (it lists the courses she takes)."}
    assert reading_of(row) == "student"
    two = {"task": "outlier", "n": 9, "text": "Node 2 is the outlier. Node 8 is the outlier."}
    assert reading_of(two) is None
    revised = {"task": "outlier", "n": 9,
               "text": "At first Node 2 seemed the outlier, but Node 8 is the outlier."}
    assert reading_of(revised) == [8]


# --- rules added for the s3 blind batch (each pinned on text not in the corpus) -----------

@pytest.mark.parametrize(("text", "expected"), [
    # an intermediary named in passing is not another pair
    ("Node 0 and Node 1 are linked only through Node 6 (via Node 6), so they are not "
     "adjacent.", False),
    ("Node 0 and Node 1 are three hops apart via nodes 4 and 8 but not connected.", False),
    # a clause about the asked pair decides; the clause about another pair reports
    ("Node 0 and Node 1 share no author, whereas Node 0 shares one with Node 9.", False),
    ("Node 1 and Node 0 are co-authored, while Node 4 is unrelated to both.", True),
    # a table row with a yes/no cell
    ("| Pair | Co-authored? |\n|---|---|\n| Node 0 & Node 1 | No ❌ |", False),
    ("| Papers | Verdict |\n|--|--|\n| 0 and 1 | ✔ |", True),
])
def test_t2_pair_clauses_intermediaries_and_table_cells(text, expected):
    assert reading.read_relation(text, (0, 1)) is expected


@pytest.mark.parametrize("text", [
    "Answer: No, they share no author.\nReasoning: The list contains Node 0 shares an author "
    "with Node 1, therefore they are co-authors.",
    "Answer: Yes.\nReasoning: I found no line joining them, hence they are not connected.",
])
def test_t2_reasoning_that_concludes_the_opposite_is_no_answer(text):
    assert not reading.read_relation(text, (0, 1))  # a NoAnswer, not a bool


def test_t2_reasoning_that_agrees_keeps_the_answer():
    text = "Answer: No.\nReasoning: No edge joins them, so they do not share an author."
    assert reading.read_relation(text, (0, 1)) is False


@pytest.mark.parametrize(("text", "n", "expected"), [
    ("The odd title out is Node 4.", 6, [4]),
    ("Answer: Node 2 (the outlier); the rest fit.", 5, [2]),
    ("Node 3 is the one that doesn't belong.", 5, [3]),
    ("None of those papers really stands out; all are on retrieval.", 5, []),
])
def test_t4_outlier_phrasings(text, n, expected):
    assert reading_of({"task": "outlier", "n": n, "text": text}) == expected


def test_t4_two_outliers_stated_without_a_correction_is_no_answer():
    text = ("The outlier is Node 1 because it is about robotics.\n\nOverall, Node 4 is the "
            "paper that does not fit.")
    assert reading_of({"task": "outlier", "n": 6, "text": text}) is None


@pytest.mark.parametrize(("text", "n", "expected"), [
    ("node;cluster\n0;1\n1;0\n2;1\n3;0", 4, [0, 1, 0, 1]),
    ("Community 0: 0, 1\nCommunity 1: 2, 3, 4\n\nWait, node 4 really belongs to Community 0.",
     5, [0, 0, 1, 1, 0]),
    ("Cluster X: 0, 1, 2\nCluster Y: 3, 4\n\nLet me reconsider: node 2 is about joins, so "
     "it is cluster Y.\nCluster X: 0, 1\nCluster Y: 2, 3, 4", 5, [0, 0, 1, 1, 1]),
    ("Community 0: 0, 2\nCommunity 1: 3, 4\n(Node 1 fits neither, so I left it out.)", 5,
     [0, None, 0, 1, 1]),
])
def test_t5_csv_adverb_moves_recounts_and_a_node_left_out(text, n, expected):
    assert reading_of({"task": "community", "n": n, "text": text}) == expected


def test_t3_a_minor_second_label_after_with_a_few_does_not_compete():
    row = {"task": "theme", "n": 9, "labels": LABELS,
           "text": "Answer: Largely AI, with a handful of Database papers."}
    assert reading_of(row) == "AI"


@pytest.mark.parametrize(("task", "text"), [
    ("relation", "Answer: Yes.\nReasoning: " + "so they are not linked, " * 8000),
    ("relation", "| Node 0 | Node 1 | " + "yes | " * 20000),
    ("relation", "Node 0 and Node 1, " + "via Node 7, " * 10000 + "are not connected."),
    ("community", "node,community\n" + "0,1\n" * 20000),
    ("outlier", "The odd paper out is " + "Node 3 (outlier) " * 8000),
], ids=lambda value: str(value)[:20])
def test_s3_rules_stay_fast_on_hostile_text(task, text):
    start = time.process_time()
    reading_of({"task": task, "n": 10, "text": text})
    assert time.process_time() - start < 1.0


def test_a_python_dict_with_a_sentence_per_node_still_reads_as_a_dict():
    # dicts are compiled only up to ~200 characters a node (a longer chunk is not one)
    why = "fits the cluster: its title is about query optimisation like the others " * 2
    text = "{" + ", ".join(f"{i}: 'not an outlier, {why}'" if i != 3 else
                       f"{i}: 'outlier, the title is about protein folding'"
                       for i in range(6)) + "}"
    assert get_task("infer", "outlier").parse(text, instance("outlier", 6)).value[
        "answer"] == [3]
