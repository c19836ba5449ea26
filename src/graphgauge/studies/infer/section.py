"""The GraphInfer section of the HTML report (``graphgauge report --html``).

The per-task table per run, the same table per domain (dataset), a bar chart of each
task's headline metric, and the gate report of every dataset whose instances carry one
(``meta["gates"]``, written by ``generate infer``). The tables are ``report.py``'s, laid
out as report tables, so the console and the page show the same numbers; ``--figures``
exports them as CSV / Markdown / LaTeX for a paper.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from graphgauge.results.figures import Plot, bars
from graphgauge.results.table import Table
from graphgauge.studies.infer.report import domain_table, gate_reports, main_table, result_rows
from graphgauge.studies.infer.tables import TextTable, gate_table

# One figure panel per task: the metric the paper leads with.
HEADLINE = ("T1 acc", "T2 acc", "T3 acc", "T4 H@1", "T5 NMI")
NOTES = {
    "main": "Test items of each run. T1/T3 answers are projected to the nearest label by "
            "SBERT cosine; T5 scores the nodes both sides name; ok = parsed share; cos = "
            "mean SBERT cosine of predicted vs gold reasoning (blank: no reasoning).",
    "gates": "L1 rule rejections per code, L2 judge rejections, L4 exact and T3 "
             "near-duplicates (Jaccard >= 0.5), admitted after L4, and the released split.",
}


def _stem(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)


def _shade(value: float | None) -> float | None:
    """ARI can be negative and 'ok' is a rate like the rest: shade every score in 0..1."""
    return None if value is None or not math.isfinite(value) else min(1.0, max(0.0, value))


def to_table(name: str, table: TextTable, note: str = "") -> Table:
    shades = ([[_shade(v) for v in row] for row in table.raws] if table.raws is not None
              else None)
    return Table(name, table.title, list(table.header), [list(r) for r in table.rows],
                 shades, note)


def headline_plot(table: TextTable) -> Plot | None:
    """Bars of each task's headline metric per run; tasks no run has are left out (None:
    no scores at all, e.g. every request failed)."""
    where = [table.header.index(h) for h in HEADLINE
             if any(raw[table.header.index(h)] is not None for raw in table.raws)]
    if not where:
        return None
    series = {row[0].replace("$", r"\$"):  # a "$" would start matplotlib mathtext
              [math.nan if raw[i] is None else raw[i] for i in where]
              for row, raw in zip(table.rows, table.raws, strict=True)}
    return bars("headline", "GraphInfer: headline metric per task",
                [table.header[i] for i in where], series, "score %")


def html_section(store, run_ids: Iterable[str] | None) -> list:
    rows = result_rows(store, None if run_ids is None else list(run_ids))
    if not rows:
        return ["<p>No GraphInfer results.</p>"]
    main = main_table(rows)
    plot = headline_plot(main)
    blocks: list = [to_table("per_task", main, NOTES["main"]), *([plot] if plot else []),
                    to_table("per_domain", domain_table(rows))]
    reports = gate_reports(rows)
    for report in reports:
        blocks.append(to_table(f"gates_{_stem(report['dataset'])}", gate_table(report),
                               NOTES["gates"]))
    if not reports:
        blocks.append('<p class="note">No gate report: this benchmark file predates the '
                      "gate counts in instance meta; regenerate it, or print the JSON "
                      "of <code>-p gate_report=PATH</code> with <code>graphgauge "
                      "infer gates</code>.</p>")
    return blocks

