"""Each paper's method in one folder: its analysis, report sections and commands (its
tasks are a suite under ``graphgauge.suites``). A study sits above the suites, models and
runner and below the report; importing a study's package registers its report sections
and suite tables (``graphgauge.results.sections``), and ``load()`` imports them all.
"""

import importlib

STUDIES = ("robustness", "gteval", "taxonomy", "infer", "arc", "imported", "reading")


def load() -> None:
    """Import every study, so each has registered its sections (the report calls this)."""
    for name in STUDIES:
        importlib.import_module(f"{__name__}.{name}")
