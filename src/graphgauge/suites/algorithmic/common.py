"""Shared pieces of the algorithmic tasks."""

from __future__ import annotations

from graphgauge.suites.base import Task


class AlgorithmicTask(Task):
    suite = "algorithmic"
