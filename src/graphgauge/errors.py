"""Errors a user can cause.

A ``UserError`` is a mistake the person at the keyboard can fix (an unknown task, a bad
file, a malformed option). The CLI prints its message on one line and exits with code 2;
anything else is a bug in graphgauge and keeps its traceback.
"""


class UserError(Exception):
    """A one-line, actionable message about bad input; never a graphgauge bug."""
