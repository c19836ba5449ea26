"""GTEval's scripted probes under their old spec, ``python:graphgauge.analysis.gteval_models:NAME``,
for one release: they live in ``graphgauge.studies.gteval.models``.

A module at the old path rather than a rename table in the python backend, because the
backend sits below the studies and must not name them (tests/test_layers.py)."""

from __future__ import annotations

from typing import Any

from graphgauge.studies.gteval import models


def __getattr__(name: str) -> Any:
    return getattr(models, name)
