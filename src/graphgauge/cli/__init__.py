"""The ``graphgauge`` command: thin sub-apps over :mod:`graphgauge.api` and the commands."""

from graphgauge.cli.workflow import app, main

__all__ = ["app", "main"]
