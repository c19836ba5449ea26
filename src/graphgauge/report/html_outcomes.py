"""The HTML report's outcome and reading-path tables: the same numbers the console shows
(correct / wrong / no answer, the optimisation outcomes, answers per reading path)."""

from __future__ import annotations

from graphgauge.report.console import OUTCOME_TITLES, outcome_rows
from graphgauge.report.reading import PATHS, UNRECORDED, path_counts
from graphgauge.results.table import Table


def outcome_tables(ctx) -> list[Table]:
    """Per suite and task, one column per model; optimisation tasks in their own table."""
    tables = []
    for optimisation, name in ((False, "outcomes"), (True, "optimisation_outcomes")):
        rows = outcome_rows(ctx.cells, ctx.labels, optimisation)
        if rows:
            tables.append(Table(name, OUTCOME_TITLES[optimisation],
                                ["suite", "task", *ctx.labels.values()], rows))
    return tables


def reading_table(ctx) -> Table | None:
    """Answers per reading path (reader, json, extractor, none) for each model."""
    counts = path_counts(ctx.store, ctx.run_ids)
    if not counts:
        return None
    shown = [*PATHS, UNRECORDED] if any(c.get(UNRECORDED) for c in counts.values()) else PATHS
    rows = [[label, *(str(counts[run].get(path, 0)) for path in shown)]
            for run, label in ctx.labels.items() if run in counts]
    return Table("reading_paths", "Answers read by: reader (rules), json (structured "
                 "output), extractor (second model), none (no answer)",
                 ["model", *shown], rows)
