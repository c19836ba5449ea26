"""A committed label survives the other labels its explanation names as evidence.

Chat and reasoning models justify a classification by the neighbours' labels, by contrasts
("rather than", "unlike", "not a ...") and by candidates they set aside. Those labels are
not answers: the one label put forward is. GTEval's rule stays: several labels named and
none put forward is no answer. Texts written for these tests, not taken from the corpus.
"""

import pytest

from graphgauge.scoring.categories import committed_label, is_correct, put_forward
from graphgauge.scoring.region import NoAnswer

WEB = ["student", "project", "course", "staff", "faculty"]
PAPERS = ["Database", "Data Mining", "AI", "Information Retrieval"]


@pytest.mark.parametrize("text, labels, expected", [
    # a contrast that lists the labels set aside, after the committed one
    ("The page most likely belongs to the **faculty** class, rather than to a student or a"
     " staff member, since it lists publications and the courses taught.", WEB, "faculty"),
    ("I'd put it in Data Mining as opposed to Database or AI: the abstract is about"
     " clustering.", PAPERS, "Data Mining"),
    # an explanation naming a neighbour's label, then the committed final line
    ("The title \"EE 210\" is a course code, and its only neighbour is a student's home page"
     " — students link to the courses they take.\n\nThe center node is a **course** page.",
     WEB, "course"),
    ("Unlike its neighbours, which are all student pages, the title names a lecture"
     " series.\n\nClassification: course", WEB, "course"),
    # denials of several labels, possessive forms included
    ("This looks like a project page, not a student's or a faculty member's home page.",
     WEB, "project"),
    # evidence stops at the commitment that follows it
    ("It cites three Database papers and one AI paper, so I'd classify it as Information"
     " Retrieval given its title.", PAPERS, "Information Retrieval"),
    ("The neighbours are mostly staff pages; the page itself is a **project** page.", WEB,
     "project"),
    # evidence stops at a main clause about the item
    ("While two of its neighbours are staff pages, the center node is a faculty page.", WEB,
     "faculty"),
    # labels set aside after they are named
    ("Data Mining fits best; Database and AI are unlikely.", PAPERS, "Data Mining"),
    ("Student and staff pages are ruled out by the syllabus. It is a course page.", WEB,
     "course"),
    ("My pick is Database, with Information Retrieval a close second.", PAPERS, "Database"),
    # what the text mentions is not its class
    ("The paper is a Theory paper. It mentions genetic algorithms once, in the"
     " introduction.", ["Theory", "Genetic_Algorithms", "Neural_Networks"], "Theory"),
    # comparisons: the label compared against is set aside
    ("Data Mining fits better than Database here.", PAPERS, "Data Mining"),
    ("Between staff and faculty, faculty is the better match.", WEB, "faculty"),
    ("Staff is less likely than faculty for a page with publications.", WEB, "faculty"),
    # a list of the neighbours' labels, then the statement
    ("Neighbours: Faculty (3), Staff (1).\nThe center node is faculty.", WEB, "faculty"),
    ("Unlike AI, which is about planning, it is a Database paper.", PAPERS, "Database"),
    ("The class is course: the students (four of them) link to it.", WEB, "course"),
    # a table of candidates weighed, the answer stated after it
    ("| Class | Evidence |\n|---|---|\n| staff | admin links |\n| faculty | publications |"
     "\n\nThe page is a faculty page.", WEB, "faculty"),
])
def test_evidence_and_contrasts_leave_the_committed_label(text, labels, expected):
    assert committed_label(text, labels) == expected
    assert is_correct(text, expected, labels)


@pytest.mark.parametrize("text, labels", [
    # evidence only: nothing put forward
    ("The neighbours are Database and AI papers.", PAPERS),
    ("Its neighbours are student pages and one links to a faculty page.", WEB),
    # an explanation that states another answer is still a rival
    ("The center node is a student page.\n\nThe center node is a **course** page.", WEB),
    # a hedge between two labels put forward
    ("It is either a student page or a staff page.", WEB),
    ("Its neighbours are student pages. It could be a course page or a project page.", WEB),
    # a contrast whose "but" puts a second label forward
    ("Rather than AI, the title points to Database, but the neighbours suggest Data Mining"
     " could fit too.", PAPERS),
    # a label set aside next to one offered as a possibility is no commitment
    ("It's AI, though Data Mining is possible.", PAPERS),
    ("It's AI, though Data Mining is equally likely.", PAPERS),
    ("It mentions Database and AI.", PAPERS),
    ("Database or AI, rather than Data Mining.", PAPERS),
    # a concession names a second label (as the curated corpus grades it)
    ("Although the paper uses AI techniques, it is a Data Mining paper.", PAPERS),
    # a table of candidates with no answer after it
    ("| Class | Fit |\n|---|---|\n| staff | medium |\n| faculty | medium |", WEB),
    # a comparison with no winner, or a winner with another label offered
    ("It is a tie between staff and faculty.", WEB),
    ("AI fits better than Database, but Data Mining fits too.", PAPERS),
    # dismissing one label does not choose between the other two
    ("Database is unlikely. It is AI or Data Mining.", PAPERS),
])
def test_no_label_put_forward_is_no_answer(text, labels):
    assert isinstance(committed_label(text, labels), NoAnswer)


def test_put_forward_keeps_all_labels_when_each_is_set_aside():
    # (a text that names labels only as evidence commits to none: all stay named)
    assert put_forward("Its neighbours are AI and Database papers.", PAPERS) == [
        "AI", "Database"]
    assert put_forward("It is AI, unlike its Database neighbours.", PAPERS) == ["AI"]
    assert put_forward("Rather than a course, a student or staff page, it is faculty.",
                       WEB) == ["faculty"]
    assert put_forward("AI", PAPERS) == ["AI"]


def test_accuracy_over_hand_written_answers_is_pinned():
    # GTEval's accuracy (gold named, no other label put forward) on five answers: the two
    # that justify the label with their neighbours count now; the hedge and the evidence
    # alone do not.
    answers = [
        ("The center node is a **course** page; its neighbours are student pages.", "course"),
        ("Most likely **AI**, rather than Database or Data Mining.", "AI"),
        ("AI", "AI"),
        ("It might be AI or Data Mining.", "AI"),
        ("Its neighbours are Database and Data Mining papers.", "Database"),
    ]
    hits = [is_correct(text, gold, WEB if gold == "course" else PAPERS)
            for text, gold in answers]
    assert hits == [True, True, True, False, False]


# --- labels ruled out in the explanation ------------------------------------------------------

@pytest.mark.parametrize("text, labels, expected", [
    ("The page is most likely a **staff** page.\n\n* **Title:** it names an office, which rules"
     " out *student* and *faculty*.", WEB, "staff"),
    ("I'd classify it as AI; the lack of any query processing excludes Database and"
     " Information Retrieval.", PAPERS, "AI"),
    ("It belongs to the **AI** category. The absence of query processing rules out Database"
     " and Information Retrieval.", PAPERS, "AI"),
    ("**Classification: course**\n\nA numbered title eliminates project, staff and student.",
     WEB, "course"),
])
def test_labels_ruled_out_leave_the_committed_one(text, labels, expected):
    assert committed_label(text, labels) == expected


@pytest.mark.parametrize("text, labels", [
    ("It is a personal page, which rules out course and project; it could be student or"
     " faculty.", WEB),
    ("Excluding Database, the paper fits AI or Data Mining equally well.", PAPERS),
])
def test_ruling_some_out_leaves_no_answer_while_several_remain(text, labels):
    assert isinstance(committed_label(text, labels), NoAnswer)
