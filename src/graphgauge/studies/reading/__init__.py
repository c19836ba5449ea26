"""How far the answer readers agree with a careful grader on hand-graded corpora."""
