"""An answer followed by its explanation: the explanation's numbers (a hop-by-hop account
of the path, a bold total weight, arithmetic on the way) are no second answer, while the
same quantity stated twice differently still is (issue #15, realistic blind batches
core_blind_s14a / s14b)."""

from __future__ import annotations

from graphgauge.scoring import answers

NAMES = ["James", "Robert", "John", "Michael", "David", "Mary", "Patricia", "Jennifer",
         "Linda", "Elizabeth", "William", "Richard"]


def read(kind, text, labels=None):
    found = kind.read(text, labels, None)
    return found.value if found.ok else None


def test_a_hop_by_hop_account_of_the_path_is_no_second_answer():
    # (s14a:70: every name label stands in as 100000x, whose first four digits made any
    # two sentences about nodes look like statements of the same quantity)
    assert read(answers.NODE_LIST, "The shortest path between 5 and 2 is: [5, 0, 9, 2]\n\n"
                "5 is adjacent to 0, 0 is adjacent to 9, and 9 is adjacent to 2.") == [5, 0, 9, 2]
    assert read(answers.NODE_LIST, "The shortest path between Mary and John is: [Mary, James, "
                "Elizabeth, John]\n\nMary is friends with James, James is friends with "
                "Elizabeth, and Elizabeth is friends with John.", NAMES) == [5, 0, 9, 2]


def test_the_path_stated_twice_differently_stays_two_answers():
    assert read(answers.NODE_LIST, "The shortest path from 5 to 2 is [5, 0, 9, 2].\n\n"
                "The shortest path from 5 to 2 is [5, 1, 2].") is None
    assert read(answers.NODE_LIST, "The shortest path between Mary and John is: [Mary, James, "
                "John]\n\nThe shortest path between Mary and John is: [Mary, Linda, John]",
                NAMES) is None


def test_a_bold_total_weight_is_not_a_node():
    # (s14a:68: "**Total weight:** 7" read as node 7, an unknown name)
    assert read(answers.NODE_LIST, "**Shortest path:** [0, 3, 7]\n\n**Total weight:** 12 "
                "(0–3: 5, 3–7: 7)") == [0, 3, 7]
    assert read(answers.NODE_LIST, "**Shortest path:** [0, 3, 7]\n\n**Total cost:** 12") == [
        0, 3, 7]
    assert read(answers.NODE_LIST, "**Shortest path:** [Richard, Mary, James]\n\n**Total "
                "weight:** 7 (Richard–Mary: 3, Mary–James: 4)", NAMES) == [11, 5, 0]


def test_bold_labelled_ids_are_still_read():
    assert read(answers.NODE_LIST, "**Shortest path:** [0, 3, 7]\n\n**Total:** 4, 8") == [4, 8]
    assert read(answers.NODE_LIST, "**Shortest path:** [0, 3, 7]\n\n**Shortest path:** "
                "[0, 5, 7]") is None


MIS_STEPS = ("Starting from node 1 and adding nodes that are not adjacent to any node already "
             "in the set:\n\n1. Add node 1. Remove its neighbors 2, 3, 5.\n2. Add node 4. Remove "
             "6.\n3. Add node 7.\n\n")


def test_an_opening_definition_is_no_first_answer():
    # (s14b:62: "no two nodes" in the definition read as the empty set, against the list)
    text = ("A maximal independent set is a set of nodes where no two nodes are adjacent, and "
            "no other node can be added.\n\n" + MIS_STEPS
            + "No more nodes can be added, so a maximal independent set is [1, 4, 7].")
    assert read(answers.NODE_SET, text) == [1, 4, 7]


def test_an_opening_set_then_a_different_closing_set_stays_two_answers():
    text = ("A maximal independent set is {2, 6}.\n\n" + MIS_STEPS
            + "No more nodes can be added, so a maximal independent set is [1, 4, 7].")
    assert read(answers.NODE_SET, text) is None


CODE = ("You can use the following Python code:\n\n```python\nimport numpy as np\n"
        "print(round(np.sum(np.exp(-vals)), 2))\n```\n\n")


def test_a_value_left_to_code_the_reader_runs_is_no_answer():
    # (s14a:24: "t = 1" of the closing sentence read as the heat trace)
    assert read(answers.FLOAT, CODE + "Running this code will give you the heat trace at "
                "\\( t = 1 \\), rounded to 2 decimal places.") is None
    assert read(answers.FLOAT, CODE + "If you run this script, it will print the entropy for "
                "12 nodes.") is None


def test_the_output_of_the_code_reported_is_an_answer():
    assert read(answers.FLOAT, CODE + "Running this code will give you the heat trace: 4.27") \
        == 4.27
    assert read(answers.FLOAT, CODE + "Running this code gives 4.27.") == 4.27
    assert read(answers.FLOAT, CODE + "Running this code, the heat trace is approximately "
                "4.27.") == 4.27


ENTROPY = ("The von Neumann entropy of the graph is approximately 2.89.\n\nTo calculate it, "
           "divide L by its trace (2 times the number of edges, here 2 x 33 = 66) to get the "
           "density matrix.")


def test_arithmetic_in_an_aside_and_quantified_items_are_the_working():
    # (s14b:31: "approximately" kept the opening from reading as a stated number, then
    # "= 66" in brackets and "some eigenvalues are 0" passed for results of their own)
    assert read(answers.FLOAT, ENTROPY + " Since the graph has 30 nodes and several "
                "components, some eigenvalues are 0 and contribute nothing.") == 2.89


def test_a_number_the_explanation_states_in_its_own_sentence_still_counts():
    assert read(answers.FLOAT, ENTROPY + " The sum -Σ p ln p then equals 2.75.") == 2.75
    # (outside brackets a result of the working is weighed as the end, as before)
    assert read(answers.FLOAT, "The von Neumann entropy of the graph is approximately 2.89."
                "\n\nTo calculate it, divide L by its trace, here 2 x 33 = 66.") != 2.89


DISTANCES = ("To calculate it, we find the distances from node 2 to every other node: node 11 "
             "is at distance 1, nodes 5 and 17 at distance 2, and so on, up to node 13 at "
             "distance 12.")


def test_a_run_of_the_working_cut_short_leaves_the_answer_standing():
    # (s14a:32: "and so on" in the working read as an answer left undecided)
    value = read(answers.FLOAT, "The closeness centrality of node 2 is approximately 0.19."
                 "\n\n" + DISTANCES + " The sum of the distances is 86, and 16 / 86 = 0.186.")
    assert value is not None and answers.FLOAT.equals(value, 0.19)


def test_an_answer_cut_short_stays_undecided():
    assert read(answers.NODE_SET, "The nodes at distance 2 from node 0 are 3, 4, 5, and so "
                "on.") is None
    assert read(answers.FLOAT, "The closeness centrality of node 2 is approximately 0.19.\n\n"
                "The distances sum to 86, and 16 / 86 = 0.186, 0.19, and so on.") is None


STEPS = ("To find a Hamiltonian path, we visit each character once.\n\n1. Start with **Arya** "
         "→ go to **Jon**\n2. **Jon** → **Daenerys**\n3. **Daenerys** → **Ned**\n\nAll 4 nodes "
         "are visited exactly once.\n\n")
CHARACTERS = ["Ned", "Cat", "Daenerys", "Jon", "Bran", "Sansa", "Arya"]


def test_bold_names_in_numbered_steps_are_the_working_before_a_bold_answer_line():
    # (s14b:76: "9. **Jaime** → **Petyr**" read as the path against the closing line)
    assert read(answers.NODE_LIST, STEPS + "**Hamiltonian Path:** [Arya, Jon, Daenerys, Ned]",
                CHARACTERS) == [6, 3, 2, 0]
    numbered = STEPS
    for name, node in (("Arya", "0"), ("Jon", "3"), ("Daenerys", "2"), ("Ned", "1")):
        numbered = numbered.replace(name, node)
    assert read(answers.NODE_LIST, numbered + "**Hamiltonian Path:** [0, 3, 2, 1]") == [
        0, 3, 2, 1]


def test_a_bold_value_in_a_numbered_line_is_read_without_a_bold_answer_after():
    assert read(answers.NODE_LIST, "The path goes 0, 3, 2, 1.\n\n1. **[0, 3, 2, 1]**") == [
        0, 3, 2, 1]
