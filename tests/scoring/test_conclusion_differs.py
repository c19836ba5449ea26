"""An answer stated first, then working that closes on a different value of the same
quantity with no correction cue: two final answers, no answer (core_blind_s3b:26's rule;
a marked correction still wins, and a conclusion about another quantity is the answer)."""

from __future__ import annotations

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context


def read(kind, text, question=None):
    found = kind.read(text, None, Context(question))
    return found.value if found.ok else None


def test_working_that_concludes_differently_is_two_answers():
    assert read(answers.FLOAT, "The closeness centrality of node 3 is 0.5. Its distances "
                "sum to 7 over 4 other nodes, so the closeness is 0.57.") is None
    assert read(answers.INT, "Node 6 has degree 3. Its neighbours are 1, 2, 4 and 9, "
                "therefore the degree is 4.") is None


def test_working_that_agrees_or_is_corrected_keeps_the_last_value():
    assert read(answers.FLOAT, "The average degree is 2.5. There are 10 edges on 8 nodes, "
                "so the average degree is 2.5.") == 2.5
    assert read(answers.FLOAT, "The average degree is 2. Wait, 10 edges on 8 nodes, so the "
                "average degree is 2.5.") == 2.5


def test_a_conclusion_about_another_quantity_is_not_a_second_answer():
    assert read(answers.FLOAT, "The graph has 5 nodes. It has 4 edges, so the density "
                "is 0.4.", "What is the density of the graph?") == 0.4


def test_a_quantity_restated_by_its_definition_with_another_value_is_two_answers():
    # "the diameter" and "the longest shortest path" are one quantity (core_blind_s3b:5's
    # rule); the radius and the girth likewise by their definitions
    assert read(answers.INT, "The diameter is 6.\n\nThe longest shortest path goes from node 1 "
                "to node 9 and has length 7.") is None
    assert read(answers.INT, "The girth of this graph is 3.\n\nThe shortest cycle is "
                "0-4-7-2-0, of length 4: 4.") is None
    assert read(answers.INT, "The radius is 2.\n\nThe smallest eccentricity: 3") is None


def test_a_definition_that_agrees_or_another_quantity_keeps_the_answer():
    assert read(answers.INT, "The diameter is 6.\n\nThe longest shortest path goes from node "
                "1 to node 9 and has length 6.") == 6
    assert read(answers.INT, "The radius is 2.\n\nThe longest shortest path has length 4.",
                "What is the diameter of the graph?") == 4
