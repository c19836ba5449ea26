"""GTEval's scripted probes under their old spec, ``python:graphgauge.analysis.gteval_models:NAME``,
for one release: they live in ``graphgauge.studies.gteval.models``.

A module at the old path rather than a rename table in the python backend, because the
backend sits below the studies and must not name them (tests/test_layers.py). Like the old
command names, the old spec says once on stderr what to write instead."""

from __future__ import annotations

import sys
from typing import Any

from graphgauge.studies.gteval import models

_warned: set[str] = set()


def __getattr__(name: str) -> Any:
    value = getattr(models, name)
    if not name.startswith("_") and name not in _warned:
        _warned.add(name)
        print(f"graphgauge: warning: 'python:graphgauge.analysis.gteval_models:{name}' is "
              f"deprecated; use 'python:graphgauge.studies.gteval.models:{name}'",
              file=sys.stderr)
    return value
