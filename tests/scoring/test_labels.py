"""Answers given in a prompt's node labels are read back to the instance's ids."""

from graphgauge.scoring.answers import (
    EDGE_SEQUENCE,
    EDGE_SET,
    INT,
    NODE_LIST,
    NODE_SET,
    Context,
)
from graphgauge.scoring.labels import label_reader

PERMUTED = ("3", "0", "4", "1", "2")  # node 0 is called "3", node 1 "0", ...
ALPHA = ("A", "B", "C", "D", "E")


def test_integer_labels_map_back_and_unknown_names_are_wrong():
    assert NODE_LIST.parse("Answer: [3, 4, 2]", PERMUTED).value == [0, 2, 4]
    assert NODE_SET.parse("The answer is [2, 0]", PERMUTED).value == [1, 4]
    assert NODE_LIST.parse("Answer: [3, 9]", PERMUTED).value == [0, -1]
    assert EDGE_SET.parse("[(3, 0), (4, 1)]", PERMUTED).value == [[0, 1], [2, 3]]


def test_offset_labels():
    offset = ("1", "2", "3", "4", "5")
    assert NODE_LIST.parse("Answer: [1, 5]", offset).value == [0, 4]
    assert NODE_LIST.parse("Answer: [0]", offset).value == [-1]  # there is no node "0"


def test_name_labels_map_back_and_prose_numbers_are_not_nodes():
    assert NODE_LIST.parse("So the path is [C, A, E].", ALPHA).value == [2, 0, 4]
    assert EDGE_SEQUENCE.parse("Answer: [(A, B), (B, D)]", ALPHA).value == [[0, 1], [1, 3]]
    # "2" is not a name of any node: it must not turn into node 2
    assert NODE_SET.parse("Answer: [B, 2]", ALPHA).value == [-1, 1]
    # a made-up name is an unknown node, never silently dropped
    assert NODE_LIST.parse("Answer: [Z]", ALPHA).value == [-1]
    assert NODE_SET.parse("Answer: [B, Z]", ALPHA).value == [-1, 1]
    assert NODE_LIST.parse("Answer (BFS order): [A, B]", ALPHA).value == [0, 1]


def test_labels_do_not_touch_non_node_answers():
    assert INT.parse("Answer: 3", ALPHA).value == 3
    assert INT.parse("Answer: 3", PERMUTED).value == 3


def test_format_writes_labels_and_round_trips():
    for labels in (PERMUTED, ALPHA, None):
        for answer, value in ((NODE_LIST, [4, 0, 2]), (NODE_SET, [1, 3]),
                              (EDGE_SEQUENCE, [[0, 1], [1, 4]]), (EDGE_SET, [[0, 3], [2, 4]])):
            text = answer.format(value, labels)
            assert answer.equals(answer.parse(f"Answer: {text}", labels).value, value), text


def test_reader_leaves_words_alone():
    text, lookup = label_reader("NOTE: Bob is not a label, B is", ("A", "B"))
    assert text.startswith("NOTE: Bob is") and lookup(int(text.split()[-2])) == 1


def test_unknown_names_and_ids_make_the_answer_wrong_not_shorter():
    thirteen = tuple(chr(65 + i) for i in range(13))  # A .. M
    # "ZZ" is longer than every label: it is still a (made-up) node name, never dropped
    assert NODE_SET.parse("Answer: [I, M, ZZ]", thirteen).value == [-1, 8, 12]
    assert NODE_LIST.parse("Answer: [AB, A]", ("A", "B")).value == [-1, 0]
    # plain ids past the graph's last node are unknown nodes too
    ten = Context(nodes=10)
    assert NODE_SET.parse("Answer: [1, 2, 40]", None, ten).value == [-1, 1, 2]
    assert EDGE_SET.parse("Answer: [(0, 1), (1, 12)]", None, ten).value == [[0, 1], [1, -1]]
    # a range never grows past the graph: its end stays, as an unknown node
    assert NODE_SET.parse("Answer: nodes 0 to 99999", None, ten).value == [-1, 0]
    assert NODE_SET.parse("Answer: nodes 2–4", None, ten).value == [2, 3, 4]
    assert NODE_SET.parse("Answer: 0–99999 " * 100, None, ten).value == [-1, 0]
