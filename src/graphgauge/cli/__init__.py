"""The ``graphgauge`` command: thin sub-apps over :mod:`graphgauge.api`, one module per
command or command group (``workflow`` holds the generate/run/report path)."""

from graphgauge.cli.workflow import app, main

__all__ = ["app", "main"]
