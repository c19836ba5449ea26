"""Committed answers the realistic blind batches (core_blind_s9a/b, s10a/b) read as no
answer: a statement of another quantity before a marked answer, an answer given first and
then justified, an explanation cut off after the answer. Each family is pinned here on
texts of its own, and so are its neighbours that must stay no answer."""

from __future__ import annotations

import pytest

from graphgauge.scoring import answers
from graphgauge.scoring.answers import Context
from graphgauge.scoring.categories import committed_label
from graphgauge.scoring.region import NoAnswer

CORA = ["Database", "Data Mining", "AI", "Information Retrieval"]


def nodes(text, kind=answers.NODE_LIST, n=12, labels=None):
    got = kind.read(text, labels, Context(None, n))
    return got.value if got.ok else None


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # a bare number stating a length, weight or radius before the marked list
    ("| Tour | Cost |\n|---|---|\n| 0-2-1-3 | 19 |\n\nThe shortest total is 19.\n\n"
     "**Final answer:** [0, 2, 1, 3]", answers.NODE_LIST, [0, 2, 1, 3]),
    ("Eccentricities: 2 for nodes 1, 4 and 7; 3 elsewhere.\n\nThe radius is 2.\n\n"
     "**Final Answer:** {1, 4, 7}", answers.NODE_SET, [1, 4, 7]),
    # one node of the path named as a step on the way
    ("Both routes were compared by weight.\n\nThe lighter one goes via node 5.\n\n"
     "**Answer:** [2, 5, 9]", answers.NODE_LIST, [2, 5, 9]),
])
def test_another_quantity_before_a_marked_list_is_no_rival(text, kind, expected):
    assert nodes(text, kind) == expected


@pytest.mark.parametrize(("text", "kind"), [
    # the answer's own subject, stated otherwise: two answers
    ("The center is node 3.\n\n**Answer: {3, 8}**", answers.NODE_SET),
    ("The path is 2 → 4 → 9.\n\n**Final answer:** [2, 5, 9]", answers.NODE_LIST),
    # a bare number that is not a quantity word's value, or is one of the answer's nodes
    ("The center is 6.\n\n**Final Answer:** {1, 4, 7}", answers.NODE_SET),
    ("The minimum is 4.\n\n**Final Answer:** {1, 4, 7}", answers.NODE_SET),
])
def test_a_rival_statement_before_a_marked_list_still_conflicts(text, kind):
    assert nodes(text, kind) is None


def test_a_label_named_of_the_neighbours_is_evidence_not_a_rival():
    text = ("Most neighbours are about query processing.\n\n* Two cited papers are labelled "
            "AI.\n\n**Final Answer:** the paper is **Database**.")
    assert committed_label(text, CORA) == "Database"
    rival = "The paper is labelled AI.\n\n**Final Answer:** the paper is **Database**."
    assert isinstance(committed_label(rival, CORA), NoAnswer)


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # the answer first, then the "we" of a proof
    ("No, the graph is not bipartite. We can find an odd cycle: 1 → 4 → 6 → 1.",
     answers.BOOL, False),
    ("Maximum independent set:\n\n{0, 3, 5}\n\nNo two of them share an edge, and we found "
     "no larger set.", answers.NODE_SET, [0, 3, 5]),
    # a bound in a justification without an edge in it is no hedge of the edge set
    ("A minimum edge cover is: (0, 1), (2, 3), (4, 5)\n\nThere are 6 nodes and each edge "
     "covers at most 2 of them, so we need at least 3 edges.", answers.EDGE_SET,
     [(0, 1), (2, 3), (4, 5)]),
])
def test_an_answer_first_then_its_justification_commits(text, kind, expected):
    got = kind.read(text, None, Context("Is the graph bipartite?", 8))
    assert got.ok and kind.equals(got.value, expected)


@pytest.mark.parametrize(("text", "kind"), [
    # "we" at work: a plan, an open step, a doubt
    ("Maximum independent set:\n\n{0, 3, 5}\n\nWe still need to check node 7.",
     answers.NODE_SET),
    ("Maximum independent set:\n\n{0, 3, 5}\n\nWe can't be sure it is maximum.",
     answers.NODE_SET),
    ("Maximum independent set:\n\n{0, 3, 5}\n\nNext we should try adding node 7.",
     answers.NODE_SET),
    # a bound in the paragraph holding the value still hedges
    ("The count is at least 4.\n\nEach edge is listed once.", answers.INT),
])
def test_the_model_at_work_after_the_answer_still_voids_it(text, kind):
    assert not kind.read(text, None, Context(None, 8)).ok


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("The bridges:\n\n- (0, 4)\n- (2, 7)\n- (5, 6)\n\n**Final answer:** the three edges "
     "listed above.", answers.EDGE_SET, [(0, 4), (2, 7), (5, 6)]),
    ("Centre:\n\n1. node 2\n2. node 9\n\nAnswer: see the list above", answers.NODE_SET,
     [2, 9]),
])
def test_a_marked_answer_pointing_at_the_list_above_reads_that_list(text, kind, expected):
    got = kind.read(text, None, Context(None, 12))
    assert got.ok and kind.equals(got.value, expected)



@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("The graph has 4 bridges.\n\nChecking each: (0, 1) lies on no cycle because node 0 has",
     answers.INT, 4),
    ("There are 2 connected components: {0, 1, 2} and {3, 4}.\n\nThis is because from 0 we "
     "reach 1 and 2, and from 3 to", answers.INT, 2),
    ("BFS tree edges: [(0, 1), (0, 2), (1, 3)]\n\nTraversal: start at 0, visit 1 and 2, "
     "then from 1 go to", answers.EDGE_SEQUENCE, [(0, 1), (0, 2), (1, 3)]),
    ("The diameter is 4.\n\nThis is the distance between nodes 0 and 7: the path goes",
     answers.INT, 4),
    ("The density is 0.4.\n\nThat is 6 of the 15 possible edges, because with 6 nodes",
     answers.FLOAT, 0.4),
])
def test_an_explanation_cut_off_after_the_opening_answer_keeps_it(text, kind, expected):
    got = kind.read(text, None, Context(None, 8))
    assert got.ok and kind.equals(got.value, expected)


@pytest.mark.parametrize(("text", "kind"), [
    # the opening is a step of working, not the answer
    ("Start at node 0.\n\nThen go to 3, and then", answers.NODE_LIST),
    ("Greedy: take 1. Drop 0 and 3.\n\nSet so far: 1, 2,", answers.NODE_SET),
    # corrected, doubted or concluded otherwise before the cut
    ("There are 4 bridges.\n\nWait, (2, 5) lies on a cycle, so the count is", answers.INT),
    ("There are 4 bridges.\n\nCounting again, so there are 5 bridges. Each of them is",
     answers.INT),
    ("There are 4 bridges.\n\nI'm not sure about (2, 5), since node 2 has", answers.INT),
    # a question or a hedge as the opening
    ("Is it 4 or 5?\n\nLet me count the edges of", answers.INT),
    ("Either 4 or 5 bridges.\n\nThe edge (2, 5) is", answers.INT),
    # a fact of the input, then the next step of working
    ("Node 0 is adjacent to 1, 2.\n\nNode 1 is adjacent to", answers.NODE_SET),
    ("Edges: (0, 1), (1, 2), (2, 3)\n\nNow compute the degrees: node 0 has",
     answers.EDGE_SET),
    ("The graph has 7 edges.\n\nNow count the triangles: node 0 with", answers.INT),
    ("Degree of node 0 = 3.\n\nDegree of node 1 =", answers.INT),
    ("The sum of distances is 12.\n\nSo the closeness is 6/", answers.FLOAT),
    ("There are 12 edges in the graph.\n\nTo find the number of components, start at",
     answers.INT),
    ("The graph has 6 nodes: 0, 1, 2, 3, 4, 5.\n\nThis means the DFS from 0 goes to",
     answers.NODE_LIST),
])
def test_a_cut_off_reply_without_an_opening_answer_stays_no_answer(text, kind):
    assert not kind.read(text, None, Context(None, 8)).ok


WEBKB = ["student", "project", "course", "staff", "faculty"]


def test_a_label_alone_first_then_a_cut_explanation_commits():
    assert committed_label("faculty\n\nThe page lists publications and office hours of",
                           WEBKB) == "faculty"
    assert isinstance(committed_label("Student pages\n\nmostly link to", WEBKB), NoAnswer)


def test_labels_set_aside_in_the_explanation_are_not_a_second_answer():
    assert committed_label("**Category:** AI\n\nIt plans robot motion, so Database and Data "
                           "Mining are unlikely.", CORA) == "AI"
    # another label concluded on is not set aside
    assert committed_label("**Category:** AI\n\nIt indexes tables, so Database.", CORA) != "AI"


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # an explicit pick after the alternatives, later in the closing sentence
    ("{1, 3} is one minimum vertex cover and {2, 3} is another. Either is fine, so I'll "
     "take the first: {1, 3}.", answers.NODE_SET, [1, 3]),
    ("Two routes weigh 8: 1 → 4 → 7 and 1 → 5 → 7. Both are shortest; I'll give [1, 4, 7].",
     answers.NODE_LIST, [1, 4, 7]),
    # a closing commitment in the model's own words after a caveat
    ("Tour found: [0, 2, 5, 1, 3, 4], weight 31. I can't prove it is optimal, but that's my "
     "answer.", answers.NODE_LIST, [0, 2, 5, 1, 3, 4]),
    # a bracketed aside in its own paragraph that turns the other reading down
    ("Closeness = 5/8\n\n(If you meant the unnormalised sum it would be 8, but the question "
     "asks for closeness itself.)", answers.FLOAT, 0.625),
])
def test_an_explicit_pick_or_a_turned_down_reading_commits(text, kind, expected):
    got = kind.read(text, None, Context(None, 8))
    assert got.ok and kind.equals(got.value, expected)


@pytest.mark.parametrize(("text", "kind"), [
    ("{1, 3} is one minimum vertex cover and {2, 3} is another. Either is fine.",
     answers.NODE_SET),
    ("Two routes weigh 8: 1 → 4 → 7 and 1 → 5 → 7. I'll give it more thought.",
     answers.NODE_LIST),
    ("Closeness = 5/8\n\n(If you meant the unnormalised sum it would be 8.)", answers.FLOAT),
])
def test_alternatives_without_a_pick_stay_no_answer(text, kind):
    assert not kind.read(text, None, Context(None, 8)).ok


def test_a_json_field_naming_the_node_is_the_input_even_without_the_question():
    from graphgauge.scoring.parsing import parse_float, parse_int
    assert parse_float('{"vertex": 12, "closeness": 0.4}') == pytest.approx(0.4)
    assert parse_int('{"node": 6, "degree": 5}') == 5
    assert parse_int('{"node": 6, "degree": 5, "eccentricity": 3}') is None  # which one?


def test_a_list_of_bold_fields_is_finished():
    assert nodes("**Center:** {2, 9}\n**Confidence:** high", answers.NODE_SET) == [2, 9]
    assert nodes("**Center:** {2, 9}\n**Confidence:** high\n**Why:** both have eccentricity "
                 "2.", answers.NODE_SET) == [2, 9]
    # one bold field under a line of prose is no list of fields
    assert nodes("The center is what we want.\n**Confidence:** high", answers.NODE_SET) is None


@pytest.mark.parametrize(("text", "expected"), [
    # corrected, then cut off announcing a restatement: the correction stands
    ("The graph has 3 bridges.\n\nHmm, wait, (2, 5) is on a cycle. So there are 2 bridges. "
     "Let me restate:", 2),
    ("There are 6 triangles. To summarise,", 6),
    # retracted before the cut: nothing to restate
    ("I count 4 triangles. Hmm, that is wrong. Let me restate:", None),
    ("5\n\nWait, I missed node 7. Let me restate:", None),
])
def test_a_reply_cut_off_announcing_a_restatement(text, expected):
    from graphgauge.scoring.parsing import parse_int
    assert parse_int(text) == expected


def test_a_label_corrected_then_cut_off_while_restating():
    text = ("staff\n\nHmm, wait. That was the label of a neighbour. The page itself, a "
            "syllabus, is a course page. Let me restate:")
    assert committed_label(text, WEBKB) == "course"


def test_a_pointer_to_one_of_the_listed_items_picks_none():
    text = "Candidates:\n- (0, 1)\n- (2, 3)\n\n**Final answer:** one of the edges listed above."
    assert not answers.EDGE_SET.read(text, None, Context(None, 8)).ok


@pytest.mark.parametrize(("text", "kind", "question", "expected"), [
    # a check announced after the answer that finds no fault
    ("No, the graph has an odd cycle. Let me check: 0-1, 1-2 and 2-0 are all in the list.",
     answers.BOOL, "Is the graph bipartite?", False),
    ("Yes, the graph is bipartite. Let me verify: 0-1 ok, 1-2 ok, 2-3 ok.", answers.BOOL,
     "Is the graph bipartite?", True),
    # a maximality claim in the "we" of a proof
    ("The maximal clique is {1, 2, 6}.\n\nWe cannot extend it, because node 4 misses 6.",
     answers.NODE_SET, None, [1, 2, 6]),
])
def test_a_quiet_check_or_a_maximality_claim_after_the_answer_keeps_it(
        text, kind, question, expected):
    got = kind.read(text, None, Context(question, 8))
    assert got.ok and kind.equals(got.value, expected)


@pytest.mark.parametrize(("text", "kind", "question"), [
    ("Yes, the graph is bipartite. Let me check: the edge 2-4 joins two red nodes.",
     answers.BOOL, "Is the graph bipartite?"),
    ("(0, 1), (2, 3)\n\nWe need at least 3 edges to cover all 6 nodes, so this is not enough.",
     answers.EDGE_SET, None),
    ("{1, 2, 6}\n\nWe don't know whether it is maximal.", answers.NODE_SET, None),
])
def test_a_failing_check_or_a_verdict_against_the_answer_still_voids_it(text, kind, question):
    assert not kind.read(text, None, Context(question, 8)).ok


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # a number stated first, then explained with ids, a path or the counts behind it
    ("**Radius: 2**\n\nEvery node is within two hops of node 5 (for example 5-3-9).",
     answers.INT, 2),
    ("Running BFS from every node, the eccentricity of node 4 is 3. The farthest node is 8, "
     "reached by 4 → 1 → 6 → 8.", answers.INT, 3),
    ("The average shortest path length is 1.6.\n\nFrom node 0 the distances are 1, 1, 2 and "
     "from node 3 they are 2, 1, 1.", answers.FLOAT, 1.6),
    ("The maximum flow has value 9.\n\nSaturating (0, 3) with capacity 4 and (2, 5) with "
     "capacity 5 blocks every path.", answers.INT, 9),
])
def test_a_number_stated_first_then_explained_is_the_answer(text, kind, expected):
    got = kind.read(text, None, Context(None, 10))
    assert got.ok and got.value == pytest.approx(expected)


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # the later text concludes or states a number of its own: read as before
    ("The farthest node from 0 is 7 at distance 3. So the eccentricity of node 0 is 3.",
     answers.INT, 3),
    ("The total distance from node 4 is 12.\n\ncloseness(4) = 6 / 12 = 0.5", answers.FLOAT,
     0.5),
    ("The diameter is 4.\n\nRecounting every pair, the diameter is 5.", answers.INT, 5),
    # working first, then the statement
    ("To count the triangles I summed (1 + 2 + 3 = 6) and divided by 3. The graph has 2 "
     "triangles.", answers.INT, 2),
])
def test_an_opening_number_does_not_outrank_a_later_statement(text, kind, expected):
    got = kind.read(text, None, Context(None, 10))
    assert got.ok and got.value == pytest.approx(expected)


@pytest.mark.parametrize(("labels", "text", "expected"), [
    # a first sentence that commits, then a reason naming other labels
    (CORA, "The best fit is **Information Retrieval**. A few neighbours are Database papers, "
     "but the paper ranks documents.", "Information Retrieval"),
    (WEBKB, "Given the syllabus links, this is most likely a **course** page. Student pages "
     "rarely list lecture slides.", "course"),
    (CORA, "I'd classify this paper as Data Mining. Two neighbours are AI papers.",
     "Data Mining"),
    # other labels in the same sentence after a clause break
    (WEBKB, "This looks like a **faculty** page: it lists grants and advised students.",
     "faculty"),
    # a label alone first, and a commitment word with no other label after it
    (WEBKB, "staff\n\nThe page lists office duties; a student page would hardly do so.",
     "staff"),
])
def test_a_label_committed_first_then_a_reason_naming_others(labels, text, expected):
    assert committed_label(text, labels) == expected


@pytest.mark.parametrize(("labels", "text"), [
    (CORA, "It is most likely AI or Database. The neighbours are split."),
    (WEBKB, "Probably **staff** — though faculty is equally likely."),
    (WEBKB, "It is most likely **course** and project at once."),
    (CORA, "The best fit is AI. However, Database might fit better."),
])
def test_a_first_label_with_another_offered_stays_no_answer(labels, text):
    assert isinstance(committed_label(text, labels), NoAnswer)


def test_an_aside_that_asks_for_the_other_reading_is_no_turn_down():
    text = ("Density = 0.5\n\n(If the graph is directed it would be 0.25, but the question "
            "asks for the directed case.)")
    assert not answers.FLOAT.read(text, None, Context(None, 8)).ok
