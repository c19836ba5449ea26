"""Letters that ``re.I`` matches to an ASCII letter but ``str.lower`` keeps apart (long s
"ſ", dotless "ı", dotted "İ", the Kelvin sign "K"): a reader's pattern matched "ſeven",
then the table looked up by the lower-cased match missed, and the item recorded "reader
failed" (or, for GraphInfer's template check, an echoed template read as an answer).
Readers now spell these letters as the ASCII ones before matching, so a text reads the
same whichever of the two it uses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graphgauge.instance import Instance
from graphgauge.registry import get_task
from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.guards import LOOKALIKES, mentions, plain_letters

SWAPS = {"s": "\u017f", "i": "\u0131", "I": "\u0130", "k": "\u212a", "K": "\u212a"}
CATEGORIES = ["Databases", "Machine Learning", "Information Retrieval", "Theory"]


def test_each_lookalike_is_a_letter_re_i_matches_to_ascii():
    import re

    for letter, ascii_letter in LOOKALIKES.items():
        assert re.fullmatch(ascii_letter, letter, re.I)
        assert not letter.isascii()  # a case-sensitive pattern ("[A-Z]", a name) misses
    assert plain_letters("Thıs ſum İS 6 K") == "This sum IS 6 K"
    assert mentions("It iſ SIX", ("is",)) and mentions("FİVE", ("five",))


def test_number_words_with_lookalikes_read_as_the_number():
    assert answers.INT.read("Counting again, I get ſixteen edges.").value == 16
    assert answers.INT.read("The graph haſ exactly FİVE triangles.").value == 5
    assert answers.INT.read("So the diameter comes to ſıx.").value == 6
    assert answers.INT.read("The count comes to eıghty-two.").value == 82
    assert round(answers.FLOAT.read("The clustering coefficient is two thırds.").value, 3) \
        == 0.667
    assert answers.FLOAT.read("The density iſ one quarter.").value == 0.25


def test_yes_no_and_names_with_lookalikes():
    assert answers.BOOL.read("Yeſ, the graph iſ bipartite.").value is True
    assert answers.BOOL.read("No, thıs graph has no cycle.").value is False
    names = ["Mika", "Oskar", "Kirsi", "Ilse"]
    read = answers.NODE_LIST.read("Route: O\u017fkar → \u212airsi → \u0130lse", names)
    assert read.value == [1, 2, 3]
    assert committed_label("The paper belongs to Machıne Learnıng.", CATEGORIES) == \
        "Machine Learning"


def _infer(task: str) -> Instance:
    graph = {"directed": False, "nodes": [{"id": i, "title": f"t{i}"} for i in range(4)],
             "edges": [], "graph": {"domain": "coauthor", "k": 2, "label_names": CATEGORIES}}
    return Instance(id=f"infer/{task}/0", suite="infer", task=task, graphs={"G": graph},
                    query={"k": 2, "a": 0, "b": 1, "hub": 0}, answer=None,
                    meta={"domain": "coauthor"})


def test_graphinfer_template_echoed_with_lookalikes_is_no_answer():
    echo = "Answer:\nNode 0: <outlıer | not outlıer>\nNode 1: <outlıer | not outlıer>"
    read = get_task("infer", "outlier").parse(echo, _infer("outlier"))
    assert not read.ok and "placeholder" in read.error
    relation = get_task("infer", "relation").parse("Yeſ, they ſhare an author.",
                                                  _infer("relation"))
    assert relation.ok and relation.value["answer"] is True


ANSWERS = [
    ("int", "The answer is seven."), ("int", "So there are sixteen such nodes."),
    ("int", "Final answer: twenty-six"), ("int", "It has six bridges; I checked twice."),
    ("int", "In total, KEY count: eleven"), ("int", "There is no isolated node, so zero."),
    ("float", "The density is one third."), ("float", "It is six tenths, i.e. 0.6."),
    ("float", "Half of the edges: the ratio is one half."),
    ("bool", "Yes, it is a tree."), ("bool", "No, there is no such path."),
    ("bool", "The graph is not bipartite."), ("bool", "Is it connected? Yes."),
    ("node_set", "The isolated nodes are 1, 4 and 6."), ("node_set", "Nodes 2 to 5."),
    ("node_list", "Path: 3 -> 1 -> 4, which is the shortest."),
    ("edge_set", "The bridges are (1, 2) and (4, 5)."),
    ("label", "This is a Theory paper, since it proves bounds."),
    ("label", "It belongs in Information Retrieval."),
]
TYPES = {"int": answers.INT, "float": answers.FLOAT, "bool": answers.BOOL,
         "node_set": answers.NODE_SET, "node_list": answers.NODE_LIST,
         "edge_set": answers.EDGE_SET}


def _reading(kind: str, text: str):
    if kind == "label":
        found = committed_label(text, CATEGORIES)
        return found if isinstance(found, str) else None
    read = TYPES[kind].read(text, None, Context(nodes=8))
    assert not (read.error or "").startswith("reader failed"), (text, read.error)
    return read.value if read.ok else None


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(ANSWERS), st.lists(st.booleans(), min_size=80, max_size=80))
def test_fuzz_a_lookalike_anywhere_reads_as_its_ascii_letter(answer, swap):
    kind, text = answer
    swapped = "".join(SWAPS[c] if c in SWAPS and swap[i % len(swap)] else c
                      for i, c in enumerate(text))
    assert _reading(kind, swapped) == _reading(kind, text)



SUITE_TEXTS = ["There are seven blue nodes.", "Final answer: six", "The maximum flow is sixteen.",
               "Answer: Information Retrieval\nReasoning: it ranks search results.",
               "Yes, the papers share an author.", "The count is thirty-six."]


@given(st.sampled_from(SUITE_TEXTS), st.lists(st.booleans(), min_size=60, max_size=60))
@settings(max_examples=60, deadline=None)
def test_fuzz_suite_readers_read_lookalikes_as_ascii(text, swap):
    from graphgauge.suites.arc.tasks import ANSWER
    from graphgauge.suites.classify.labels import LABEL

    swapped = "".join(SWAPS[c] if c in SWAPS and swap[i % len(swap)] else c
                      for i, c in enumerate(text))

    def readings(t):
        flow = get_task("nlgraph", "flow").parse(t, _nlgraph("flow"))
        relation = get_task("infer", "relation").parse(t, _infer("relation"))
        found = [ANSWER.read(t), LABEL.parse_labels(t, CATEGORIES), flow, relation]
        assert not any((p.error or "").startswith("reader failed") for p in found)
        return [(p.ok, p.value) for p in found]

    assert readings(swapped) == readings(text)


def _nlgraph(task: str) -> Instance:
    graph = {"directed": True, "nodes": [{"id": i} for i in range(4)], "edges": [],
             "graph": {}}
    return Instance(id=f"nlgraph/{task}/0", suite="nlgraph", task=task, graphs={"G": graph},
                    query={"source": 0, "target": 3}, answer=None, meta={})
