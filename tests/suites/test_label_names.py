"""One reader of "which labels does this text name" (``scoring.categories.mentioned_labels``)
for GTEval's label answers and GraphInfer's T1/T3 labels and T5 label-named communities.

GraphInfer kept a private variant until 2026-11-27; each case below is a way the two
differed, pinned on the shared reader both ways (the reading it gives and a near text
that reads otherwise), then end to end through both suites' readers, which must agree.
"""

from __future__ import annotations

import pytest

from graphgauge.scoring.categories import committed_label, mentioned_labels
from graphgauge.scoring.region import NoAnswer
from graphgauge.suites.inference import reading
from graphgauge.suites.inference.assignments import read_assignment
from tests.suites.inference.test_reading import canonical

DBLP = ["Database", "Data Mining", "AI", "Information Retrieval"]
CORA = ["Neural_Networks", "Theory", "Rule_Learning", "Reinforcement_Learning"]
AMAZON = ["Toys & Games", "Sports & Outdoors", "Books", "Toy"]


@pytest.mark.parametrize(("labels", "text", "named"), [
    # a denial reaches over up to two words ...
    (DBLP, "It is not about databases; it is about data mining.", ["Data Mining"]),
    (DBLP, "It is about databases, not data mining.", ["Database"]),
    (CORA, "Theory: it proves bounds rather than proposing a Neural_Networks model.",
     ["Theory"]),
    (CORA, "Theory: it proves bounds while proposing a Neural_Networks model.",
     ["Theory", "Neural_Networks"]),
    # ... "than", "as opposed to" and "non-" deny too
    (DBLP, "More Data Mining than Database.", ["Data Mining"]),
    (DBLP, "More Data Mining and Database.", ["Data Mining", "Database"]),
    (DBLP, "Data Mining, as opposed to Database.", ["Data Mining"]),
    (DBLP, "A non-AI paper about Database indexing.", ["Database"]),
    # ... but "than" after "less", "fewer" or "worse" points at the label preferred
    (DBLP, "Database is less likely than Data Mining here.", ["Database", "Data Mining"]),
    (DBLP, "It fits AI worse than Information Retrieval.", ["AI", "Information Retrieval"]),
    (DBLP, "An AI paper about Database indexing.", ["AI", "Database"]),
    # doubt or addition after the denial word denies nothing
    (DBLP, "I'm not sure between AI and Data Mining.", ["AI", "Data Mining"]),
    (DBLP, "Not AI and not Data Mining.", []),
    (DBLP, "Not only AI but also Data Mining.", ["AI", "Data Mining"]),
    (DBLP, "Not AI but Data Mining.", ["Data Mining"]),
    (DBLP, "There is no doubt AI fits.", ["AI"]),
    (DBLP, "There is no AI here.", []),
    # spelling: "and" for "&", plurals of short words and acronyms
    (AMAZON, "Toys and Games", ["Toys & Games"]),
    (AMAZON, "Toys or Games", ["Toy"]),
    (AMAZON, "Toys for toddlers", ["Toy"]),
    (AMAZON, "Toyota parts", []),
    (DBLP, "Papers about AIs that play games.", ["AI"]),
    # a derived acronym in capitals only ("it" is no Information Theory), the initials
    # of the label spelled out in any case
    (DBLP, "0 db, 1 ir, 2 dm: the pattern repeats.", []),
    (DBLP, "0 DB, 1 IR, 2 DM", ["Information Retrieval", "Data Mining"]),
    (DBLP, "a topic in artificial intelligence", ["AI"]),
    # singular for a plural label, the longest name first, hyphenated compounds
    (CORA, "It trains a neural network.", ["Neural_Networks"]),
    (DBLP, "Data Mining", ["Data Mining"]),
    (DBLP, "core database-systems work", ["Database"]),
])
def test_the_shared_reader_names(labels, text, named):
    assert mentioned_labels(text, labels) == named


def _gteval(text: str, labels: list[str]):
    found = committed_label(text, labels)
    return None if isinstance(found, NoAnswer) else found


def _graphinfer(text: str, labels: list[str]):
    found = reading.read_label(text, labels)
    return None if isinstance(found, NoAnswer) else found


@pytest.mark.parametrize(("labels", "text", "expected"), [
    # GraphInfer read these two as Data Mining: the first label was taken as denied
    (DBLP, "Answer: I'm not sure between AI and Data Mining.", None),
    (DBLP, "Answer: It is not only AI but also Data Mining.", None),
    (DBLP, "Answer: It is not AI but Data Mining.", "Data Mining"),
    # GTEval read Database: "not really about" denied nothing
    (DBLP, "Answer: It isn't really about databases. It's data mining.", "Data Mining"),
    (DBLP, "Answer: It is really about databases.", "Database"),
    # a hyphenated label names it; the "so" clause concludes
    (DBLP, "Answer: AI-based ranking, so Information Retrieval.", "Information Retrieval"),
    (DBLP, "Answer: AI-based ranking and Information Retrieval.", None),
    # GTEval named no label here
    (AMAZON, "Answer: Toys and Games", "Toys & Games"),
    (AMAZON, "Answer: Sports and Outdoors gear.", "Sports & Outdoors"),
])
def test_graphinfer_and_gteval_read_the_same_label(labels, text, expected):
    assert _gteval(text, labels) == expected
    assert _graphinfer(text, labels) == expected


def test_lowercase_initials_are_named_in_graphinfer_not_projected():
    # GraphInfer projected "artificial intelligence" with the encoder (the private
    # variant wanted capitals); now named, as GTEval always did
    assert _graphinfer("Answer: artificial intelligence", DBLP) == "AI"
    assert _graphinfer("Answer: Artificial Intelligence", DBLP) == "AI"
    # lowercase derived acronyms are words, not labels: free text for the encoder
    assert _graphinfer("Answer: 0 db, 1 ir, 2 dm", DBLP)[0] == "free"


@pytest.mark.parametrize(("labels", "text", "expected"), [
    # per-node label lines in the label's variants are one community (the private variant
    # named none of "Neural Network", "Theories", "Toys and Games", "Book": no answer)
    (CORA, "Answer:\nNode 0: Neural Network\nNode 1: Theory\nNode 2: Neural Networks\n"
     "Node 3: Theories", [0, 1, 0, 1]),
    (CORA, "Answer:\nNode 0: Neural Networks\nNode 1: Theory\nNode 2: Rule Learning\n"
     "Node 3: Theory", [0, 1, 2, 1]),
    (AMAZON, "Answer:\nNode 0: Toys and Games\nNode 1: Books\nNode 2: Toys & Games\n"
     "Node 3: Book", [0, 1, 0, 1]),
])
def test_t5_label_named_lines_read_through_the_shared_reader(labels, text, expected):
    found = read_assignment(text, 4, "community", labels)
    assert canonical([found.get(i) for i in range(4)]) == expected
