"""GraphInfer reading rules added after the s4, s5, s6 and s7 blind batches
(tests/data/answers/infer_blind_s4.jsonl, infer_blind_s5.jsonl, infer_blind_s6.jsonl,
infer_blind_s7*.jsonl):
each class they missed, pinned on texts written apart from the batch."""

from __future__ import annotations

import time

import pytest

from graphgauge.scoring.region import NoAnswer
from graphgauge.suites.inference.assignments import read_assignment, read_outliers
from graphgauge.suites.inference.reading import read_relation
from tests.suites.inference.test_reading import canonical, instance


def partition(text: str, n: int):
    found = read_assignment(text, n, "community")
    return None if isinstance(found, NoAnswer) else canonical([found.get(i) for i in range(n)])


def outliers(text: str, n: int = 8):
    found = read_outliers(text, n)
    return None if isinstance(found, NoAnswer) else found


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: The two papers are not unrelated; Node 0 and Node 1 have an author in common.",
     True),
    ("Node 0 and Node 1 aren't unconnected: the pair is in the list.", True),
    ("Answer: Node 0 and Node 1 are disconnected.", False),
    ("Answer: The papers are unrelated.", False),
])
def test_a_double_negative_about_the_link_is_a_yes(text, expected):
    assert read_relation(text, (0, 1)) is expected


@pytest.mark.parametrize("text", [
    "No outlier: every title is about query processing.",
    "Answer: no obvious outliers; all of them are database papers.",
    "**Answer:** No semantic outlier.\n**Reasoning:** Each paper studies indexing.",
    "Answer: None — no outlier in this group.",
    "Answer: None\nReasoning: every title is about ranking.",
])
def test_no_outlier_said_plainly_is_the_empty_answer(text):
    assert outliers(text) == []


@pytest.mark.parametrize("text", ["No outliers besides Node 4, which is about robotics.",
                                  "Answer: none of them, except maybe Node 4"])
def test_no_outlier_but_one_is_not_the_empty_answer(text):
    assert outliers(text) != []


def test_a_reasoning_that_names_another_outlier_contradicts_the_answer():
    text = ("Answer: Node 2 is the outlier.\nReasoning: Node 2 is about XML storage. All "
            "things considered, Node 7 is the outlier.")
    assert outliers(text) is None


def test_a_reasoning_that_explains_the_same_outlier_keeps_it():
    text = ("Answer: Node 2 is the outlier.\nReasoning: Node 2 (\"XML storage\") does not "
            "fit the learning theme of the others.")
    assert outliers(text) == [2]


@pytest.mark.parametrize("text", ["Outliers: [3]", "result: outliers = [3]  # the IR paper",
                                  "outlier = (3)", "outlier_node = [3]"])
def test_an_outlier_list_in_brackets(text):
    assert outliers(text) == [3]


def test_anomalous_and_typical_are_verdicts():
    text = "\n".join(f"Node {i}: {'anomalous' if i == 5 else 'typical'}" for i in range(8))
    assert outliers(text) == [5]
    text = "\n".join(f"Node {i}: {'off-topic' if i == 1 else 'not anomalous'}" for i in range(8))
    assert outliers(text) == [1]


def test_a_legend_after_named_groups_names_no_node():
    text = "Theory: 0, 1, 2\nSystems: 3, 4, 5\n\n(Theory = Community 0, Systems = Community 1)"
    assert partition(text, 6) == [0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize("rest", ["everything else", "every other node", "all the others"])
def test_a_community_of_everything_else(rest):
    assert partition(f"Group 0: nodes 1 and 3\nGroup 1: {rest}", 5) == [0, 1, 0, 1, 0]


@pytest.mark.parametrize("sep", [" — ", ": ", " - "])
def test_a_community_heading_with_its_name_after_a_dash_or_colon(sep):
    text = (f"**Cluster A{sep}Databases**\nNodes: 0, 2\n\n**Cluster B{sep}Retrieval**\n"
            "Nodes: 1, 3")
    assert partition(text, 4) == [0, 1, 0, 1]


# --- found by probing the same families after the s4 fixes ---------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: Node 0 and Node 1 never appear together in an edge, so no.", False),
    ("Answer: I went through every line naming Node 0: yes.", True),
    ("Answer: The pair is missing from the list; the answer is no", False),
    # low confidence about a stated link commits to it (the s6 doubt rule, as everywhere)
    ("Answer: I think they share an author, but I'm not certain.", True),
    ("Answer: I'm not certain they share an author.", None),  # the link itself doubted
])
def test_a_verdict_closing_the_statement_and_an_uncertain_one(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: Node 6 — the only paper on query languages.", [6]),
    ("Answer: Node 6, since it is about query languages.", [6]),
    ("Answer: Node 6: unlike Node 2 it is about query languages.", None),  # names another
    ("Answer: Node 6: not outlier", None),  # a verdict line, not a pick
    ("Answer: Node 6, a typical learning paper.", None),
])
def test_an_answer_opening_on_one_node_then_explaining(text, expected):
    assert outliers(text) == expected


def test_a_labelled_bare_list_of_communities():
    assert partition("Answer: [1, 0, 0, 1]", 4) == [0, 1, 1, 0]


def test_a_note_after_the_assignment_that_offers_another_community():
    lines = "\n".join(f"Node {i}: Community {i % 2}" for i in range(4))
    assert partition(f"Answer:\n{lines}\n\nNote: not fully sure about Node 3; it could be in "
                     "Community 0 as well.", 4) is None
    assert partition(f"Answer:\n{lines}\n\nNote: not entirely sure the names matter.", 4) \
        == [0, 1, 0, 1]


# --- rules added after the s5 blind batch (tests/data/answers/infer_blind_s5.jsonl) -------

@pytest.mark.parametrize(("text", "expected"), [
    # the link negated with each domain's own verb
    ("Answer: Customers did not buy these two items together.", False),
    ("Answer: The two listings are not co-purchased with each other.", False),
    ("Answer: Node 1 does not link to Node 0.", False),
    ("Answer: The pages don't have a hyperlink between them.", False),
    ("Answer: Node 0 and Node 1 are not hyperlinked.", False),
    ("Answer: Yes, shoppers often purchased them together.", True),
    ("Answer: Node 1 does link to Node 0.", True),
    ("Answer: Node 1 references Node 0.", True),
    ("Answer: Node 0 is not referenced by Node 1.", False),
    ("Answer: The page of Node 1 includes a hyperlink to Node 0.", True),
    # a common topic is no common author
    ("Answer: They lack a common research area, yet they have a shared author.", True),
])
def test_t2_negation_of_the_domain_verb(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: While one is a course page and the other a student page, Node 1 links to "
     "Node 0.", True),
    ("Answer: Node 1 cites Node 0, even though their topics are unrelated.", True),
    ("Answer: Node 0 and Node 1 are not linked, although both are faculty pages.", False),
    # sharing (or not) a topic says nothing about the link
    ("Answer: The pages don't share a subject area, yet Node 1 links to Node 0.", True),
    ("Answer: They share a research field, but no hyperlink joins them.", False),
])
def test_t2_a_concession_clause_does_not_decide(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: node 0 might be linked to node 1 since both are course pages but the edge list "
     "only has node 0 links to node 4 so they are not linked.", False),
    ("Answer: they could look unrelated but the list has node 1 links to node 0, so they are "
     "linked.", True),
    ("Answer: they could be linked, so maybe they are connected.", None),  # still unsure
])
def test_t2_a_rambling_sentence_that_weighs_then_concludes(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize("text", [
    "Answer: There's no single topic I can see in these pages.",
    "Answer: No clear theme emerges from the titles.",
    "Answer: I find no common category here.",
])
def test_t1_t3_saying_there_is_no_theme_is_not_projected(text):
    from tests.suites.inference.test_reading import reading_of
    assert reading_of({"task": "theme", "n": 5, "text": text,
                       "labels": ["student", "faculty", "course"]}) is None


def test_t5_per_node_lines_naming_the_task_labels():
    labels = ["Books", "Home & Kitchen", "Toys & Games"]
    text = ("Answer:\nNode 0: Toys and Games\nNode 1: Books\nNode 2: toys & games\n"
            "Node 3: Books.")
    found = read_assignment(text, 4, "community", labels)
    assert canonical([found.get(i) for i in range(4)]) == [0, 1, 0, 1]
    # a title that names no label, or names two, is not a community
    titled = ("Answer:\nNode 0: Toys and Games\nNode 1: Lego City Set\nNode 2: Books\n"
              "Node 3: Books or Toys & Games")
    found = read_assignment(titled, 4, "community", labels)
    assert isinstance(found, NoAnswer) or not {1, 3} & set(found)


def test_t4_per_node_check_marks_without_a_separator():
    marks = "\n".join(f"- Node {i} {'✅ (odd one out)' if i == 3 else '✗'}" for i in range(6))
    assert outliers(f"Answer:\n{marks}", 6) == [3]


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: The web page that doesn't fit is Node 5 (a course page).", [5]),
    ("Answer: The anomaly here is Node 2.", [2]),
    ("Answer: Node 6 is clearly off-topic; all others are about kernels.", [6]),
    ("Answer: Node 6 is not atypical, but Node 1 is the outlier.", [1]),
])
def test_t4_domain_nouns_and_anomalous_statements(text, expected):
    assert outliers(text) == expected


def test_t5_described_groups_and_a_late_move_with_its_reason():
    assert partition("Answer: Nodes 0 and 2 are course pages (Community 1); nodes 1, 3 are "
                     "project pages (Community 0).", 4) == [0, 1, 0, 1]
    assert partition("Answer:\nCommunity 1 (projects): 1, 3\nCommunity 0 (courses): all the "
                     "rest", 4) == [0, 1, 0, 1]
    lines = "\n".join(f"Node {i}: Community {i % 2}" for i in range(4))
    assert partition(f"Answer:\n{lines}\n\nWait, Node 2 (\"Lab staff list\") is a staff page, "
                     "so it belongs to Community 2.", 4) == [0, 1, 2, 1]


# --- rules added after the s6 blind batch (tests/data/answers/infer_blind_s6.jsonl) -------

@pytest.mark.parametrize(("text", "expected"), [
    # author sets said to be apart are no shared author ("different authors" has to be
    # emphatic: two papers by overlapping teams also have "different authors")
    ("Answer: Node 0 and Node 1 come from non-overlapping author groups.", False),
    ("Answer: The papers have entirely distinct authors.", False),
    ("Answer: The authors of Node 0 and those of Node 1 never overlap.", False),
    ("Answer: Node 0 and Node 1 have one author in common.", True),
    # a supposition about what the question means answers another question
    ("Answer: Would a two-hop path count? If you count indirect links, Node 0 reaches "
     "Node 1.", None),
    ("Answer: If we consider citations too, they are related.", None),
    # a premise, or a condition that only looks, still commits
    ("Answer: If the edge list is complete, Node 0 and Node 1 are not linked.", False),
    ("Answer: If you check the list, Node 1 links to Node 0.", True),
])
def test_t2_apart_author_sets_and_suppositions(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: Probably yes, but I'm not certain.", True),
    ("Answer: No, though I'm not 100% sure.", False),
    ("Answer: They might share an author, but I'm not sure.", None),  # only a possibility
    ("Answer: Maybe yes.", None),
])
def test_t2_low_confidence_commits_a_possibility_does_not(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


@pytest.mark.parametrize("text", [
    "Answer: Yes, they share an author.\nReasoning: Looking again, the pair is not in the "
    "list, so I take that back.",
    "Answer: No.\n\nHmm, I take that back.",
])
def test_t2_an_answer_taken_back_is_no_answer(text):
    assert isinstance(read_relation(text, (0, 1)), NoAnswer)
    # a new value after the retraction is the answer
    assert read_relation("Answer: No.\n\nHmm, Node 0 links to Node 1 after all. I take back "
                         "my answer.", (0, 1)) is True


@pytest.mark.parametrize(("text", "expected"), [
    # the empty answer in every domain's noun
    ("Answer: None of these products is an outlier; all are kitchen tools.", []),
    ("Answer: None of the web pages stands out.", []),
    ("Answer: There is no article that does not fit.", []),
    # a verdict put only as a possibility is a hedge; a lean still commits
    ("Answer:\nNode 0: not outlier\nNode 1: possibly outlier\nNode 2: not outlier", None),
    ("Answer:\nNode 0: not outlier\nNode 1: outlier (perhaps)\nNode 2: not outlier", None),
    ("| Node | Outlier? |\n|---|---|\n| 0 | no |\n| 1 | maybe |\n| 2 | no |", None),
    ("Answer: Node 1: outlier?\nNodes 0 and 2: not outliers", None),
    ("Answer:\nNode 0: not outlier\nNode 1: probably outlier\nNode 2: not outlier", [1]),
    ("Answer: Probably Node 4.", [4]),
    ("Answer: Most likely Node 4 — the only paper on compilers.", [4]),
    ("Answer: Node 4, though I'm not confident.", [4]),
    ("Answer: Possibly Node 4.", None),
    ("Answer:\nNode 0: not outlier\nNode 1: outlier — the one page that could not be a "
     "student's\nNode 2: not outlier", [1]),
    # another candidate offered in the reasoning after the answer
    ("Answer: Node 5.\nReasoning: Node 5 is about compilers. Node 3 might also be the "
     "outlier, given its title.", None),
    ("Answer: Node 5.\nReasoning: Node 5 is about compilers; Node 3 is about indexing like "
     "the rest.", [5]),
])
def test_t4_domain_nouns_maybe_verdicts_and_doubt_in_the_reasoning(text, expected):
    assert outliers(text) == expected


@pytest.mark.parametrize(("last", "expected"), [
    ("Node 3: Community 1 (maybe)", None),  # put only as a possibility: a hedge
    ("Node 3: possibly Community 1", None),
    ("Node 3: Community 1?", None),
    ("Node 3: probably Community 1", [0, 1, 0, 1]),  # a lean still picks
    ("Node 3: Community 1 — its title could suggest retrieval", [0, 1, 0, 1]),
])
def test_t5_a_maybe_on_one_node_is_a_hedge_as_in_t4(last, expected):
    lines = "Answer:\nNode 0: Community 0\nNode 1: Community 1\nNode 2: Community 0\n"
    assert partition(lines + last, 4) == expected


def test_t5_described_groups_joined_by_and_and_a_move_beside_other_nodes():
    assert partition("Answer: Nodes 1 and 3 are retrieval papers and make up Community 1, "
                     "while nodes 0 and 2 are database papers, so they form Community 0.",
                     4) == [0, 1, 0, 1]
    assert partition("Community 0: 0, 1, 2\nCommunity 1: 3\n\nWait, Node 2 (an index "
                     "structure paper) goes with the retrieval papers in Community 1.",
                     4) == [0, 0, 1, 1]


WEB = ["student", "project", "course", "staff", "faculty"]
DBLP = ["Database", "Data Mining", "AI", "Information Retrieval"]


@pytest.mark.parametrize(("domain", "labels", "text", "expected"), [
    # free text naming no label: each label is read as the domain's kind of node ("course
    # web page", "AI paper"); the bare labels gave the wrong label on each of these
    ("webpage", WEB, "Answer: A seminar page, with the reading list and weekly slides.",
     "course"),
    ("webpage", WEB, "Answer: Lecture notes and problem sets for Operating Systems.", "course"),
    ("coauthor", DBLP, "Answer: Query optimisation for relational engines.", "Database"),
    ("coauthor", DBLP, "Answer: Probabilistic reasoning with Bayesian networks.", "AI"),
    ("coauthor", DBLP, "Answer: Neural networks for pattern recognition.", "AI"),
    # and these stay right
    ("webpage", WEB, "Answer: A homepage of a research group building a compiler toolkit.",
     "project"),
    ("webpage", WEB, "Answer: The homepage of an associate professor in the theory group.",
     "faculty"),
    ("coauthor", DBLP, "Answer: Automated planning and knowledge representation.", "AI"),
])
def test_t1_t3_free_text_is_projected_onto_labels_read_in_the_domain(domain, labels, text,
                                                                     expected):
    from graphgauge.registry import get_task
    inst = instance("masked_node", 10, labels=labels, domain=domain)
    assert get_task("infer", "masked_node").parse(text, inst).value["answer"] == expected


@pytest.mark.parametrize("text", [
    "Answer: They share an author" + " " * 20000 + "x",
    "Answer: If " + "you count " * 5000 + "links, yes",
    "Answer: " + "Node 4: outlier (maybe)\n" * 5000,
    "Answer: " + ", but I'm not " * 5000 + "sure",
])
def test_s6_rules_stay_fast_on_hostile_text(text):
    """The low-confidence clause opens on a word, never on blanks (opening on "\\s*" it read
    a 5,000-blank gap from every blank: 1.2 s)."""
    start = time.process_time()
    read_relation(text, (0, 1))
    read_outliers(text, 10)
    read_assignment(text, 10, "community")
    assert time.process_time() - start < 1.0  # a blow-up guard; benchmarks time it


# --- rules added after the s7 realistic blind batches (infer_blind_s7*.jsonl) -------------

@pytest.mark.parametrize(("text", "expected"), [
    # the words a label is spelled out in are not an acronym label's initials
    ("**Answer:** Mostly Information Retrieval.", "Information Retrieval"),
    ("Answer: About Information Retrieval, judging by the neighbours.", "Information Retrieval"),
    ("Answer: Applied Information Retrieval (search engines).", "Information Retrieval"),
    # nor are an article's or a function word's: a guessed title, "Advances In ..."
    ("Answer: Probably 'An Improved Index Structure for Database Queries'.", "Database"),
    ("Answer: Advances In information retrieval evaluation.", "Information Retrieval"),
    ("Answer: After Inspecting the titles: data mining.", "Data Mining"),
    # initials that stand alone still name the acronym label, and two labels stay two
    ("Answer: Artificial Intelligence.", "AI"),
    ("Answer: Artificial Intelligence, specifically planning.", "AI"),
    ("Answer: Artificial Intelligence and Information Retrieval.", None),
])
def test_t1_t3_an_acronym_label_is_not_read_inside_another_spelled_label(text, expected):
    from graphgauge.suites.inference.reading import read_label
    found = read_label(text, DBLP)
    assert (None if isinstance(found, NoAnswer) else found) == expected


def test_t1_t3_spelled_labels_repeated_stay_linear():
    from graphgauge.scoring.categories import mentioned_labels
    text = "Alpha Iota Information Retrieval " * 20000
    start = time.process_time()
    assert mentioned_labels(text, DBLP) == ["AI", "Information Retrieval"]
    assert time.process_time() - start < 1.0  # a blow-up guard; benchmarks time it


# --- rules added after the suite8 realistic blind batch (infer_blind_s8.jsonl) ------------

@pytest.mark.parametrize(("text", "expected"), [
    # a guess about how the two are related answers the prompt's "explain the relationship",
    # not the asked link: the verdict stands
    ("Node 0 and Node 1 have no shared author. Both papers may be related in spirit, as "
     "they study ranking, but no author appears on both.", False),
    ("Answer: Node 0 cites Node 1.\nReasoning: The two could well be similar, since both "
     "are about indexing.", True),
    ("There is no citation between Node 0 and Node 1. Perhaps related topically, given "
     "the shared keywords.", False),
    ("They may be loosely related, but Node 0 and Node 1 are not connected.", False),
    ("Node 0 links to Node 1. They might be part of the same course website.", True),
    ("Node 0 does not link to Node 1, though both might be from the same lab.", False),
    # a possibility about the link itself is still a hedge, and a guess alone says nothing
    ("Node 0 and Node 1 might be linked, since both are about joins.", None),
    ("I see no edge between Node 0 and Node 1, but they could be related through a "
     "citation that is not listed.", None),
    ("Node 0 and Node 1 could be directly related.", None),
    ("Node 0 and Node 1 might be related.", None),
])
def test_t2_a_guess_about_relatedness_is_no_hedge_on_the_link(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected


_DESCRIBED = ("\n\nCommunity 0: mainly course pages, for example Node 2.\n"
              "Community 1: mostly faculty homepages, e.g. Node 0.")


@pytest.mark.parametrize("head", [
    "Answer: [1, 1, 0, 0, 1, 0]",
    "[1, 1, 0, 0, 1, 0]",
    "**Answer:** `[1, 1, 0, 0, 1, 0]`",
    "communities = [1, 1, 0, 0, 1, 0]",
    'Answer: {"0": 1, "1": 1, "2": 0, "3": 0, "4": 1, "5": 0}',
])
def test_t5_a_whole_assignment_then_descriptions_naming_an_example_node(head):
    # the description lines name one node per community: they describe the answer above
    # them, they do not replace it with a partial one
    assert partition(head + _DESCRIBED, 6) == [0, 0, 1, 1, 0, 1]


def test_t5_a_list_line_counts_only_when_complete_and_labelled_as_an_answer():
    # a list of another length is no assignment; a community's own node list stays one
    assert partition("Answer: [1, 1, 0, 0]" + _DESCRIBED, 6) == [0, None, 1, None, None, None]
    assert partition("Community 0: [0, 1, 2]\nCommunity 1: [3, 4, 5]", 6) == [0, 0, 0, 1, 1, 1]
    # a later complete list: a revision when labelled so, else two different answers
    assert partition("Answer: [1, 1, 0, 0, 1, 0]\nFinal answer: [0, 0, 0, 1, 1, 1]", 6) \
        == [0, 0, 0, 1, 1, 1]
    assert partition("Answer: [1, 1, 0, 0, 1, 0]\n\n[0, 0, 0, 1, 1, 1]", 6) is None
    # a correction after the list still patches it
    assert partition("Answer: [1, 1, 0, 0, 1, 0]\n\nWait, node 5 belongs to Community 1.",
                     6) == [0, 0, 1, 1, 0, 0]


# --- s9: a path between the pair ("only connected indirectly") is no link ----------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Answer: No, Node 0 and Node 1 are not co-authored.\nReasoning: Both study query "
     "optimisation, so they are topically close, but they are only linked via two other "
     "papers.", False),
    ("Answer: No.\nReasoning: No edge joins them; both are about retrieval, so they are "
     "related in theme, but they are only connected indirectly through other work.", False),
    # the other verdict concluded still voids the answer
    ("Answer: No.\nReasoning: Node 0 and Node 1 are listed as an edge, so they share an "
     "author.", None),
    ("Answer: Yes.\nReasoning: The edge (0, 1) is in the list, so they are connected.", True),
])
def test_a_pair_connected_only_through_others_reads_no(text, expected):
    found = read_relation(text, (0, 1))
    assert (None if isinstance(found, NoAnswer) else found) is expected
