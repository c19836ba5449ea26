"""How each run's answers were read: by the deterministic reader, as structured JSON, by
the extractor model, or not at all. A score that leans on the extractor is a different
claim from one the rules alone support, so the counts are shown beside the accuracy."""

from __future__ import annotations

from collections import Counter

from rich.table import Table

from graphgauge.store.sqlite import Store

PATHS = ("reader", "json", "extractor", "none")
# Scored before graphgauge recorded the path (rescore fills it in).
UNRECORDED = "unrecorded"


def path_counts(store: Store, run_ids: list[str] | None = None) -> dict[str, Counter]:
    """Per run, the scored answers read by each path (failed requests are not answers)."""
    counts: dict[str, Counter] = {}
    for row in store.items(run_ids, columns=("run_id", "error", "parse_ok", "parsed_by")):
        if row.error is not None or row.parse_ok is None:
            continue
        path = row.parsed_by or UNRECORDED
        counts.setdefault(row.run_id, Counter())[path] += 1
    return counts


def paths_text(counts: Counter) -> str:
    """"reader 40, json 0, extractor 3, none 2" (unrecorded only when there are some)."""
    shown = [*PATHS, UNRECORDED] if counts.get(UNRECORDED) else list(PATHS)
    return ", ".join(f"{path} {counts.get(path, 0)}" for path in shown)


def paths_table(counts: dict[str, Counter], labels: dict[str, str]) -> Table:
    """Rows per run (``labels``: run id -> column label): answers read by each path."""
    shown = [*PATHS, UNRECORDED] if any(c.get(UNRECORDED) for c in counts.values()) else PATHS
    table = Table(title="Answers read by: reader (rules), json (structured output), "
                  "extractor (second model), none (no answer)", title_justify="left",
                  header_style="bold")
    table.add_column("model")
    for path in shown:
        table.add_column(path, justify="right")
    for run, label in labels.items():
        if run in counts:
            table.add_row(label, *(str(counts[run].get(path, 0)) for path in shown))
    return table
