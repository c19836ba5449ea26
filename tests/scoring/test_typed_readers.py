"""The typed readers on classes of phrasing found by blind batches (tests/data/answers/
typed_blind_*.jsonl): each case stands for a way models write, with a variant or two so
that a fix for one literal text does not pass."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.parsing import (
    parse_bool,
    parse_edge_list,
    parse_float,
    parse_int,
    parse_node_list,
)
from graphgauge.scoring.region import NoAnswer

CORA = ["Database", "Data Mining", "AI", "Information Retrieval"]
PAPERS = ["Neural_Networks", "Rule_Learning", "Theory", "Genetic_Algorithms"]


@pytest.mark.parametrize(("text", "expected"), [
    ("The global clustering coefficient is one third.", 1 / 3),
    ("Exactly two-thirds of the edges lie on a cycle, so the ratio is two thirds.", 2 / 3),
    ("The density is a quarter.", 0.25),
    ("Three quarters.", 0.75),
    ("Visit a third node, and the ratio is 0.5.", 0.5),  # "a third node" is no fraction
])
def test_fractions_in_words(text, expected):
    assert parse_float(text) == pytest.approx(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("Jaccard similarity: they share 1 neighbour out of 4 distinct ones, so 1/4.", 0.25),
    ("It has 2 triangles out of 6 connected triples, therefore the coefficient is 0.33.",
     0.33),
    ("The max flow is 11, which equals the capacity of the cut between node 0 and node 2.",
     11),
])
def test_a_conclusion_after_a_trailing_clause_is_the_answer(text, expected):
    assert parse_float(text) == pytest.approx(expected)


def test_a_trailing_clause_without_a_conclusion_still_drops_its_numbers():
    assert parse_int("The distance is 3, because node 0 reaches node 7 via node 4.") == 3


@pytest.mark.parametrize(("text", "labels", "expected"), [
    ("It discusses query optimization and indexing, so **Databases**.", CORA, "Database"),
    ("This is a neural network paper.", PAPERS, "Neural_Networks"),
    ("Mostly about learning theories of generalisation: theories.", PAPERS, "Theory"),
    ("Genetic algorithm.", PAPERS, "Genetic_Algorithms"),
    ("Either Databases or AI.", CORA, None),
])
def test_labels_in_the_singular_or_plural(text, labels, expected):
    found = committed_label(text, labels)
    assert (None if isinstance(found, NoAnswer) else found) == expected


BIPARTITE = "Is this graph bipartite?"


@pytest.mark.parametrize(("question", "text", "expected"), [
    (BIPARTITE, "The graph contains the odd cycle 0-1-2-0, so it cannot be 2-colored.", False),
    (BIPARTITE, "It has an odd cycle through nodes 1, 4 and 6.", False),
    (BIPARTITE, "There is no odd cycle in the graph.", True),
    (BIPARTITE, "The graph can be coloured with two colours.", True),
    (BIPARTITE, "The graph is not bipartite even though it has an odd cycle.", False),
    ("Is the graph a tree?", "The graph contains a cycle: 1-2-3-1.", False),
    ("Is the graph disconnected?", "The graph is connected.", False),
    ("Is the graph disconnected?", "The graph is not connected.", True),
    ("Is the graph acyclic?", "There is a cycle: 0-1-2-0.", False),
    ("Is the graph acyclic?", "There is no cycle in this graph.", True),
    ("Is the graph 2-colorable?", "The graph is bipartite.", True),
    # colouring the nodes one by one is working, not a claim; "whether" asks, not asserts
    (BIPARTITE, "Let's try: color node 0 red, node 1 blue, node 2 red, node 3", None),
    (BIPARTITE, "We check whether a 2-coloring exists. Start with node 0", None),
])
def test_declaratives_through_a_synonym_or_a_denying_fact(question, text, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("| Node | In cover? |\n|---|---|\n| 0 | yes |\n| 1 | no |\n| 2 | yes |\n| 3 | no |",
     [0, 2]),
    ("| Vertex | Selected |\n|---|---|\n| 4 | ✓ |\n| 5 | ✗ |\n| 6 | ✓ |", [4, 6]),
    ("| Node | Degree |\n|---|---|\n| 1 | 3 |\n| 4 | 3 |", [1, 4]),
])
def test_a_table_row_flagged_no_leaves_its_node_out(text, expected):
    assert parse_node_list(text) == expected


EDGES = "How many edges does the graph have?"


@pytest.mark.parametrize(("text", "question", "expected"), [
    ("Answer: The graph has 9 nodes. The number of edges is 13.", EDGES, 13),
    ("There are 13 edges. The graph has 9 vertices.", EDGES, 13),
    ("The graph has 9 nodes and 13 edges.", EDGES, 13),
    ("The graph has 9 nodes and 13 edges.", "How many vertices are there?", 9),
    ("Nodes with degree 3: 1, 4, 6. So 3 nodes.", "How many nodes have degree 3?", 3),
    ("Answer: The graph has 9 nodes. The number of edges is 13.", None, 9),
])
def test_the_count_of_the_thing_asked_for(text, question, expected):
    assert parse_int(text, question) == expected


@pytest.mark.parametrize("text", [
    "The graph has 9 nodes.",
    "I see 4 components here, with 9 vertices in total.",
])
def test_a_bare_count_of_other_things_answers_nothing(text):
    assert parse_int(text, EDGES) is None
    assert parse_int(text + "\n\nFinal answer: 13", EDGES) == 13


PATHS = ("What is the edge connectivity between node 1 and node 6, that is, the number of "
         "paths between them that share no edge?")


@pytest.mark.parametrize(("text", "expected"), [
    # (s18b:1: "between node 2 and node 4 is 2" read as a count of nodes, not of paths)
    ("The edge connectivity between node 1 and node 6 is 3.", 3),
    ("Between vertex 1 and vertex 6 there are 2 edge-disjoint paths.", 2),
    ("Paths: 1-2-6 and 1-5-6.\n\nSo the value for node 1 and node 6 is 2.", 2),
])
def test_the_question_s_node_pair_restated_is_no_count_of_nodes(text, expected):
    assert parse_int(text, PATHS) == expected


def test_a_count_of_nodes_is_still_no_count_of_the_paths_asked_for():
    assert parse_int("The graph has 7 nodes.", PATHS) is None
    assert parse_int("Nodes 1 and 6 are 2 nodes apart.", PATHS) is None


@pytest.mark.parametrize(("text", "expected"), [
    ("The shortest path is 2 → 7 → 3; its length is 2.", [2, 7, 3]),
    ("The shortest path is 2 → 7 → 3. Its total weight is 9.", [2, 7, 3]),
    ("Route 0, 4, 5, reached in 2 hops.", [0, 4, 5]),
    ("The path of length 3 is 0, 1, 2, 3.", [0, 1, 2, 3]),
    ("Hamiltonian path: does not exist.", []),
    ("Such an ordering is impossible.", []),
])
def test_a_measurement_after_a_path_is_not_a_node(text, expected):
    assert parse_node_list(text) == expected


@pytest.mark.parametrize(("question", "text", "expected"), [
    ("Is the graph connected?", "The graph is connected except for node 9, which is isolated.",
     False),
    ("Is the graph connected?", "All nodes are connected except node 4.", False),
    ("Is the graph regular?", "Every node except node 3 has degree 2, yet it is regular.", True),
    ("Is there an edge between node B and node E?", "B is adjacent to E.", True),
    ("Is there an edge between node 2 and node 7?", "2 is not adjacent to 7.", False),
    ("Is there a cycle in the graph?", "yes no", None),
])
def test_more_declaratives(question, text, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The strongly connected component is {1, 2, 3}; nodes 0 and 4 are each alone.",
     [1, 2, 3]),
    ("BFS order: 0, 1, 2. Node 3 is unreachable from the start.", [0, 1, 2]),
    ("BFS order: 0, 1, 2. 3 is unreachable from the start.", [0, 1, 2]),
    ("3 is the only neighbour.", [3]),
    ("Shortest path from 3 to 8: 3 -> 5 -> 8 (total weight 6). Alternative path 3 -> 4 -> 8 "
     "has weight 7.", [3, 5, 8]),
    ("I first thought 0, 2, 5 but node 5 isn't adjacent. The neighbours are 0 and 2.", [0, 2]),
    ("Nodes 1, 2 and 3 are the neighbours.", [1, 2, 3]),
])
def test_a_closing_remark_does_not_outrank_the_stated_list(text, expected):
    assert parse_node_list(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Matching: {0: 4, 1: 5, 2: 3}", [(0, 4), (1, 5), (2, 3)]),
    ('{"0": "4", "1": "5"}', [(0, 4), (1, 5)]),
    ("Answer: {0 - 1} and {2 - 5}", [(0, 1), (2, 5)]),
])
def test_a_matching_written_as_a_mapping(text, expected):
    assert parse_edge_list(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The answer is between 3 and 5.", None),
    ("It lies somewhere between 0.2 and 0.4.", None),
    ("The ratio is 2:3", None),
    ("The distance between 3 and 5 is 2.", 2),
    ("Density ≈ 0,35", 0.35),
    ("Nodes 0, 1 and 2: 3 of them.", 3),
])
def test_ranges_ratios_and_decimal_commas(text, expected):
    got = parse_float(text)
    assert got == (None if expected is None else pytest.approx(expected))


CONNECTED_TO_1 = "Can node 1 reach node 8?"


@pytest.mark.parametrize(("text", "expected"), [
    ("Node 8 cannot be reached from node 1 because node 8 has no incoming edges.", False),
    ("Since node 8 has no incoming edges, node 8 cannot be reached from node 1.", False),
    ("Node 8 can be reached since there is no missing link.", True),
])
def test_a_reason_backs_the_claim_and_does_not_replace_it(text, expected):
    assert parse_bool(text, CONNECTED_TO_1) is expected


TWO_FIELDS = '{"components": 2, "largest_component_size": 5}'


@pytest.mark.parametrize(("text", "question", "expected"), [
    (TWO_FIELDS, "How many connected components does the graph have?", 2),
    (TWO_FIELDS, "What is the size of the largest component?", 5),
    (TWO_FIELDS, None, None),  # two quantities and no way to tell which is asked
    ('{"num_triangles": 3}', None, 3),
    ("Node 5 has the most neighbours.", None, None),  # a node, not a count
    ("Removing nodes 3 and 6 disconnects the graph.", None, None),
])
def test_numbers_in_json_fields_and_node_names(text, question, expected):
    assert parse_int(text, question) == expected


def test_a_root_after_to_is_a_value():
    assert parse_float("The Euclidean distance works out to √6.") == pytest.approx(6 ** 0.5)


@pytest.mark.parametrize(("text", "labels", "expected"), [
    ("All nodes except 4.", None, [0, 1, 2, 3, 5]),
    ("Every node is reachable.", None, [0, 1, 2, 3, 4, 5]),
    ("All nodes have degree 2.", None, [0, 1, 2, 3, 4, 5]),
    ("Every vertex other than 2 and 5", None, [0, 1, 3, 4]),
    ("All nodes except D and B.", "alpha", [0, 2, 4, 5]),
    ("All of them except node 1 and node 3", "offset", [1, 3, 4, 5]),
    ("All nodes reachable from 3 are 4 and 5.", None, [4, 5]),
    ("All nodes have a neighbour, so there are no isolated nodes: []", None, []),
])
def test_all_nodes_and_all_but_some(text, labels, expected):
    names = {"alpha": list("ABCDEF"), "offset": [str(i + 1) for i in range(6)]}.get(labels)
    assert answers.NODE_SET.read(text, names, Context(None, 6)).value == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Start: 2\nNext: 5\nNext: 1\nEnd: 6", [2, 5, 1, 6]),
    ("Step 1: node 0\nStep 2: node 4\nStep 3: node 2", [0, 4, 2]),
    ("- **Step 1:** 3\n- **Step 2:** 1 (weight 2)\n- **Step 3:** 0", [3, 1, 0]),
    ("Step 1: count degrees.\nStep 2: 5 nodes have degree 3.\nSo the answer is 1, 2.", [1, 2]),
])
def test_a_walk_written_one_stop_a_line(text, expected):
    assert parse_node_list(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The matching: applicant 0 gets job 5, applicant 1 gets job 3, applicant 2 gets job 4.",
     [(0, 5), (1, 3), (2, 4)]),
    ("Node 0 is matched with node 5 and node 1 is paired with node 3.", [(0, 5), (1, 3)]),
    ("0 is assigned to 4; 2 is assigned to 3", [(0, 4), (2, 3)]),
])
def test_a_matching_in_words(text, expected):
    assert parse_edge_list(text) == expected


def test_nobody_is_the_empty_set():
    names = ["Ned", "Cat", "Jon", "Cersei"]
    read = answers.NODE_SET.read("Nobody is connected to Cersei.", names, Context(None, 4))
    assert read.value == []


def test_impossible_denies_the_predicate():
    question = "Is there a path in this graph that visits every node exactly once?"
    text = "It's impossible to visit every node exactly once since nodes 5 and 6 are dead ends."
    assert parse_bool(text, question) is False


@pytest.mark.parametrize(("text", "expected"), [
    ("Neural networks are mentioned, but the paper is mainly about probabilistic inference "
     "→ Probabilistic_Methods.", "Probabilistic_Methods"),
    ("Theory and Rule Learning both fit; the paper is really about rule induction, i.e. "
     "Rule Learning.", "Rule_Learning"),
    ("Theory and Rule Learning both fit.", None),
])
def test_a_label_committed_after_others_are_named(text, expected):
    found = committed_label(text, [*PAPERS, "Probabilistic_Methods"])
    assert (None if isinstance(found, NoAnswer) else found) == expected


@pytest.mark.parametrize(("question", "text", "expected"), [
    ("Is node 2 connected to node 5?", "They're not linked.", False),  # either sense asked
    ("Is there an edge between node 4 and node 9?",
     "Node 4 and node 9 are not adjacent; the closest connection goes through node 6.", False),
    ("Is the directed graph acyclic?", "It is a DAG — a topological order exists.", True),
    ("Is the graph a DAG?", "There is a directed cycle 1 → 4 → 2 → 1.", False),
])
def test_concepts_shared_between_question_and_answer(question, text, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The number of edges is twice the number of nodes minus 2, i.e. 2n - 2.", None),
    ("The count is n(n-1)/2 = 10.", 10),
])
def test_an_answer_that_ends_as_a_formula_is_no_number(text, expected):
    assert parse_int(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The answer should be Theory. Though it could also be Probabilistic Methods.", None),
    ("The answer should be Theory. Neural networks might be mentioned, but no.", None),
    ("It could be Rule Learning, but I'm going with Theory.", "Theory"),
    ("The answer is Theory. It might be worth reading the abstract again.", "Theory"),
])
def test_a_label_with_another_offered_afterwards(text, expected):
    found = committed_label(text, [*PAPERS, "Probabilistic_Methods"])
    assert (None if isinstance(found, NoAnswer) else found) == expected


@pytest.mark.parametrize(("question", "text", "expected"), [
    ("Is the graph a tree?", "I'd say yes, though there's a cycle through nodes 2, 4, 7.", None),
    ("Is the graph connected?", "Yes, but node 5 is only connected through node 2.", True),
    ("Is there an edge between node 3 and node 5?",
     "No, but they are connected via node 4.", False),
    ("Is the graph connected?", "Yes, although node 4 has no edge to node 5.", True),
])
def test_a_claim_after_but_that_denies_the_verdict_voids_it(question, text, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "question", "expected"), [
    ("Closeness of node 2: 0.4\nCloseness of node 6: 0.55", "What is the closeness of node 4?",
     None),
    ("Closeness of node 2: 0.4\nCloseness of node 6: 0.55", "What is the closeness of node 6?",
     0.55),
    ("| Quantity | Value |\n|---|---|\n| Average degree | 2.5 |\n| Density | 0.25 |",
     "What is the average degree of the graph?", 2.5),
])
def test_values_named_per_node_or_in_a_table_answer_only_the_one_asked(text, question, expected):
    assert parse_float(text, question) == expected


@pytest.mark.parametrize(("text", "question", "expected"), [
    ("Each of the 3 nodes has an odd degree, so there are no Euler circuits.",
     "How many Euler circuits does the graph have?", 0),
    ("Every node sits on at least one cycle, therefore the graph has no cut vertices.", None, 0),
    ("So far none; with one more pass, so 2 bridges.", None, 2),
])
def test_a_conclusion_that_there_is_none_is_zero(text, question, expected):
    assert parse_int(text, question) == expected


@pytest.mark.parametrize(("text", "question", "expected"), [
    ("Vertex 7 is isolated.", "Is the graph connected?", False),
    ("Node 2 is isolated, so no.", "Is node 2 connected to node 6?", False),
])
def test_an_isolated_node_denies_connectivity(text, question, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I think the Estrada index is about 14.2, but I haven't verified it.", 14.2),
    ("Values: 0.2 for node 1, 0.5 for node 3 — I haven't verified node 3 yet.", None),
])
def test_unverified_whole_answer_stands_but_an_unverified_part_does_not(text, expected):
    assert parse_float(text) == expected


def test_values_for_several_nodes_answer_no_single_question():
    text = "**Closeness of node 1:** 0.5\n**Closeness of node 3:** 0.75"
    assert parse_float(text) is None
    assert parse_float(text, "What is the closeness centrality of node 3?") == 0.75


@pytest.mark.parametrize(("text", "expected"), [
    ("λ_max - λ_min = 3.41 - 0.59 = 2.82", 2.82),
    ("Somewhere in 0.41-0.45.", None),
])
def test_a_subtraction_of_decimals_is_not_a_range(text, expected):
    assert parse_float(text) == expected


def test_edge_lists_with_bracketed_weights_and_backtracking_prose():
    text = "Tree: (2,5) [w=4], (5,1) [w=2], (1,0) [weight=7]. Total 13."
    assert answers.EDGE_SET.read(text, None, Context(None, 6)).value == [[2, 5], [5, 1], [1, 0]]
    text = "DFS edges: 5-2, 2-0, then backtrack to node 5 and take 5-3."
    assert answers.EDGE_SEQUENCE.read(text, None, Context(None, 6)).value == [
        [5, 2], [2, 0], [5, 3]]
    text = "Pairs: node 4 with 1 and node 2 with 0."
    assert answers.EDGE_SET.read(text, None, Context(None, 6)).value == [[4, 1], [2, 0]]


def test_a_path_concluded_after_checking_alternatives():
    text = ("Best route 1 → 4 → 6 at cost 5. Others: 1 → 2 → 6 costs 8, 1 → 3 → 6 costs 9. "
            "Hence 1 → 4 → 6 is the cheapest.")
    assert answers.NODE_LIST.read(text, None, Context(None, 7)).value == [1, 4, 6]


@pytest.mark.parametrize(("text", "expected"), [
    ("Theory. It cites some Neural_Networks work, but the results are proofs.", "Theory"),
    ("**Genetic Algorithms** — evolved rule sets, not Rule_Learning in the usual sense.",
     "Genetic_Algorithms"),
    ("Theory. On reflection, it's Neural_Networks.", "Neural_Networks"),
    ("Theory. Though Rule_Learning might fit better.", None),
    ("Theory, Rule_Learning.", None),
])
def test_a_label_answered_first_then_explained(text, expected):
    found = committed_label(text, ["Theory", "Neural_Networks", "Rule_Learning",
                                   "Genetic_Algorithms"])
    assert (None if isinstance(found, NoAnswer) else found) == expected


def test_a_table_read_by_its_node_column():
    text = "| # | Vertex | Dist |\n|---|---|---|\n| 1 | 4 | 0 |\n| 2 | 7 | 1 |\n| 3 | 2 | 2 |"
    assert answers.NODE_LIST.read(text, None, Context(None, 8)).value == [4, 7, 2]


@pytest.mark.parametrize(("text", "expected"), [
    ("Each vertex has exactly 4 edges.", True),
    ("All nodes have the same degree.", True),
    ("Not every node has two neighbours: node 3 has one.", False),
])
def test_the_same_degree_everywhere_answers_regular(text, expected):
    assert parse_bool(text, "Is the graph regular?") is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Closeness is undefined for the isolated node 4, so by convention I'd report 0.", 0.0),
    ("The ratio is undefined here: node 4 has 1 neighbour.", None),
])
def test_undefined_settled_by_a_convention(text, expected):
    assert parse_float(text) == expected


def test_a_firm_verdict_with_a_concession_after_it_stands():
    assert parse_bool("No, although it is close to bipartite.", "Is the graph bipartite?") is False


def test_edge_items_with_weights_or_in_code_spans_are_one_list():
    ctx = Context(None, 10)
    text = "Tree edges:\n* (4, 2) cost 3\n* (2, 7) cost 1\n* (7, 9) cost 6"
    assert answers.EDGE_SET.read(text, None, ctx).value == [[4, 2], [2, 7], [7, 9]]
    text = "Order of discovery:\n1. `(3, 1)`\n2. `(1, 6)`\n3. `(6, 8)`"
    assert answers.EDGE_SEQUENCE.read(text, None, ctx).value == [[3, 1], [1, 6], [6, 8]]


@pytest.mark.parametrize(("kind", "text", "expected"), [
    (answers.NODE_SET, "Les sommets communs sont 1, 6 et 8.", [1, 6, 8]),
    (answers.NODE_SET, "Gemeinsame Nachbarn: 2 und 9", [2, 9]),
    (answers.EDGE_SET, "Las aristas puente son (0, 5) y (5, 6).", [[0, 5], [5, 6]]),
    (answers.NODE_SET, "答案：3、4 和 9", [3, 4, 9]),
])
def test_and_in_other_languages_joins_a_list(kind, text, expected):
    assert kind.read(text, None, Context(None, 10)).value == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Oui, il existe un chemin.", True),
    ("Nein — es gibt keinen Kreis.", False),
    ("Sí.", True),
    ("Vielleicht ja, ich bin mir nicht sicher.", None),
])
def test_yes_and_no_in_other_languages(text, expected):
    read = answers.BOOL.read(text, None, Context("Is there a path from 0 to 4?", 6))
    assert (read.value if read.ok else None) == expected


def test_values_named_for_labelled_nodes_answer_only_their_node():
    text = "Closeness of node Ann: 0.75\nCloseness of node Cy: 0.6"
    context = Context("What is the closeness centrality of node Dee?", 4)
    assert not answers.FLOAT.read(text, None, context).ok
    context = Context("What is the closeness centrality of node Cy?", 4)
    assert answers.FLOAT.read(text, None, context).value == 0.6


def test_doubt_about_one_node_voids_a_set_but_not_doubt_about_an_edge():
    ctx = Context(None, 10)
    text = "Cut vertices: 2, 5. I'm not sure about 8 though."
    assert not answers.NODE_SET.read(text, None, ctx).ok
    text = "Final answer: 9. Hmm, I'm not sure about the edge 4-6."
    assert answers.INT.read(text, None, ctx).value == 9


def test_a_majority_vote_commits_to_its_label():
    labels = ["Sports", "Politics", "Tech"]
    text = "Three neighbours are Tech papers and one is Politics. The majority label: Tech."
    assert committed_label(text, labels) == "Tech"
    assert isinstance(committed_label("Tech and Politics both fit.", labels), NoAnswer)


@pytest.mark.parametrize(("question", "text", "expected"), [
    # a clause about other nodes does not answer for the asked pair
    ("Is there an edge between node 4 and node 9?",
     "4 and 9 are not neighbours; 9 only links to 1, 2 and 6.", False),
    ("Is there an edge between node 4 and node 9?",
     "There's no edge joining 4 and 9. Node 4 is adjacent to 3 and 7.", False),
    ("Is there a path between node 4 and node 9?",
     "They are connected, via 4 → 2 → 9.", True),
    # a verdict before a dash, then a reason with its own negation
    ("Is the graph bipartite?", "Not bipartite – the cycle 1-2-3 has no even length.", False),
    ("Is the graph regular?", "Regular — no node has a degree other than 3.", True),
])
def test_the_claim_about_the_asked_pair_or_before_the_dash(question, text, expected):
    assert parse_bool(text, question) is expected


@pytest.mark.parametrize(("text", "question", "expected"), [
    # "i.e." before words opens a remark; before a value it restates the answer
    ("Betweenness of node 6 is 0.25, i.e. the share of the 28 shortest paths through it.",
     None, 0.25),
    ("Jaccard = 2 of 8, i.e. 0.25.", None, 0.25),
    # a JSON object echoing the asked node: the field with the fuller matching name
    ('{"vertex": 7, "clustering coefficient": 0.4}',
     "What is the clustering coefficient of vertex 7?", 0.4),
])
def test_restatements_and_echoed_fields(text, question, expected):
    assert parse_float(text, question) == pytest.approx(expected)


def test_a_closing_none_of_the_asked_thing_is_zero():
    question = "How many bridges does the graph have?"
    text = "Edges 2-5 and 5-9 both sit on the cycle 2-5-9-2. Hence no bridges here."
    assert parse_int(text, question) == 0
    # ... but none of another thing leaves the count stated before it
    assert parse_int("The graph has 3 bridges. There are no isolated nodes.", question) == 3


@pytest.mark.parametrize(("text", "expected"), [
    ("N(2) = {1, 4} and N(7) = {3, 5}. They share no neighbours.", []),
    ("Empty — nodes 2 and 7 have disjoint neighbourhoods.", []),
])
def test_the_empty_set_closing_or_opening_with_its_reason(text, expected):
    assert answers.NODE_SET.read(text, None, Context(None, 10)).value == expected


@pytest.mark.parametrize(("kind", "text", "expected"), [
    (answers.EDGE_SET, "Two bridges: the edge between 1 and 4, and the edge between 4 and 6.",
     [[1, 4], [4, 6]]),
    (answers.EDGE_SET, "Nothing — every edge of this 3-regular graph is on a cycle.", []),
    (answers.EDGE_SEQUENCE, "Starting at 3: first 3 to 1, then 1 to 0, then back up to 3 and "
                            "take 3 to 5.", [[3, 1], [1, 0], [3, 5]]),
    (answers.EDGE_SEQUENCE, "From 2 to 6, from 6 to 8, then back up and from 2 to 4.",
     [[2, 6], [6, 8], [2, 4]]),
    (answers.EDGE_SEQUENCE, '[{"parent": 3, "child": 1}, {"parent": 3, "child": 5}]',
     [[3, 1], [3, 5]]),
])
def test_edges_in_prose_and_json(kind, text, expected):
    assert kind.read(text, None, Context(None, 10)).value == expected


def test_none_in_two_words_and_pairs_joined_by_and():
    assert parse_int("No cycles.") == 0
    assert parse_int("**No bridges**") == 0
    assert parse_int("No, there are 3 cycles.") == 3
    assert answers.EDGE_SET.read("Cut edges: those joining 1 to 4 and 4 to 8.", None,
                                 Context(None, 10)).value == [[1, 4], [4, 8]]


def test_edges_with_bare_weights_step_notes_ordinals_and_match_with():
    ctx = Context(None, 10)
    assert answers.EDGE_SET.read("Tree: (2, 8) 4, (8, 9) 1, (0, 2) 3 — weight 8.", None,
                                 ctx).value == [[2, 8], [8, 9], [0, 2]]
    assert answers.EDGE_SEQUENCE.read("- 3 → 7 (new node 7)\n- 3 → 1 (new node 1)\n- 7 → 9 "
                                      "(new node 9)", None, ctx).value == [[3, 7], [3, 1], [7, 9]]
    assert answers.EDGE_SEQUENCE.read("It takes the edge from 5 to 2 first, then the one from "
                                      "2 to 8.", None, ctx).value == [[5, 2], [2, 8]]
    assert answers.EDGE_SET.read("Pair 0 with 9 and 4 with 6.", None, ctx).value == [
        [0, 9], [4, 6]]
    # a count after "with" is no partner, and a bare number between chains is no weight
    assert answers.EDGE_SET.read("Bridges: 3-4, 4-8, the edge 4-8 with 2 endpoints of "
                                 "degree 1.", None, ctx).value == [[3, 4], [4, 8], [4, 8]]
    # an alternative in brackets is no step note
    assert not answers.EDGE_SET.read("Matching: (1, 2) (or (1, 3)), (4, 5)", None, ctx).ok


def test_a_walk_with_first_between_its_steps():
    assert answers.NODE_LIST.read("Walk from 6 to 1 first, then on to 4.", None,
                                  Context(None, 8)).value == [6, 1, 4]


def test_none_stated_before_its_reason_and_a_value_summed_to():
    ctx = Context(None, 10)
    assert answers.INT.read("The graph has no bridges, since every edge lies on the cycle "
                            "0-1-2-3-0 or on 2-4-5-2.", None, ctx).value == 0
    assert answers.INT.read("There are no cycles — it is a tree with 9 edges on 10 nodes.",
                            None, ctx).value == 0
    # "no isolated nodes" counts no nodes; a number before the reason is the count
    assert answers.INT.read("The graph has no isolated nodes, since each of the 10 nodes "
                            "has degree 1 or more.", None,
                            Context("How many nodes are in the graph?", 10)).value != 0
    assert answers.INT.read("There are 2 triangles — (0, 1, 2) and (2, 3, 4).", None,
                            ctx).value == 2
    assert answers.FLOAT.read("With mean degree 8/3 ≈ 2.667, the absolute deviations from "
                              "it add up to 3.7.", None, ctx).value == 3.7


def test_named_pairs_in_json_and_tables_that_number_their_rows():
    names = ["Ann", "Bo", "Cy", "Di"]
    assert answers.EDGE_SEQUENCE.read('{"dfs": [["Cy", "Ann"], ["Ann", "Di"]]}', names,
                                      Context(None, 4)).value == [[2, 0], [0, 3]]
    table = "| # | From | To |\n|---|---|---|\n| 1 | 3 | 2 |\n| 2 | 2 | 0 |\n| 3 | 0 | 1 |"
    assert answers.EDGE_SEQUENCE.read(table, None, Context(None, 5)).value == [
        [3, 2], [2, 0], [0, 1]]
    # a table without a row-number column keeps its first two ids
    plain = "| u | v | w |\n|---|---|---|\n| 1 | 3 | 2 |\n| 2 | 4 | 7 |"
    assert answers.EDGE_SET.read(plain, None, Context(None, 5)).value == [[1, 3], [2, 4]]
    # JSON adjacency with quoted keys is still an adjacency
    assert answers.EDGE_SET.read('{"0": [2, 3], "1": [4]}', None, Context(None, 5)).value == [
        [0, 2], [0, 3], [1, 4]]
