"""The classify (GTEval) section of the HTML report (``graphgauge report --html``): the
paper's table, the variant bars with their spread over templates, and the diagnosis line
per model.

Every number is ``rows``', formatted by ``report`` (this folder's) as in the
console table, so the two reports cannot disagree. Model names, tasks and dataset names
are escaped (tables by ``results.table``, the diagnosis list here).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from graphgauge.results.table import Table
from graphgauge.studies.gteval.html import shade, spread_bars
from graphgauge.studies.gteval.report import HEADERS, gteval_kinds, row_cells, run_labels
from graphgauge.studies.gteval.rows import GTEvalRow, gteval_rows

KINDS = ("Ori.", "Rep.", "Relabel", "Reverse", "Random")
NOTE = ("Accuracy %, mean ± std over templates. Relabel: the answer in the coarser label "
        "space; Reverse: a valid label other than the model's own original answer; Random: "
        "no label named under an irrelevant instruction. Relative change: Rep. vs Ori.")


def _values(row: GTEvalRow) -> list:
    return [row.original, row.rephrase, row.relabel, row.reverse, row.random]


def _series_labels(rows: Sequence[GTEvalRow], labels: dict[str, str]) -> list[str]:
    """A model's label, plus task and dataset when the section holds several."""
    several = len({(r.task, r.dataset) for r in rows}) > 1
    return [f"{labels[r.run_id]} · {r.task} · {r.dataset}" if several else labels[r.run_id]
            for r in rows]


def gteval_blocks(rows: Sequence[GTEvalRow]) -> list:
    labels, extra = run_labels(rows), gteval_kinds(rows)
    table = Table("gteval", "GTEval: accuracy under instruction transformations (%)",
                  [*HEADERS, *extra], shades=[], note=NOTE)
    for row in rows:
        table.rows.append(row_cells(row, labels[row.run_id], extra))
        shades = [shade(v) for v in _values(row)]
        table.shades.append([None, None, None, *shades[:2], None, *shades[2:],
                             *(shade(row.others.get(kind)) for kind in extra)])
    series = dict(zip(_series_labels(rows, labels), map(_values, rows), strict=True))
    bars = spread_bars("variant_bars", "GTEval: accuracy per variant kind", KINDS, series)
    lines = "".join(
        f"<li><b>{escape(labels[r.run_id])}</b> ({escape(r.task)}, {escape(r.dataset)}): "
        f"{escape(r.diagnosis)}</li>" for r in rows)
    return [table, bars, f"<h3>Diagnosis</h3><ul>{lines}</ul>"]


def html_section(store, run_ids: Sequence[str] | None) -> list:
    rows = gteval_rows(store, run_ids)
    if not rows:
        return ["<p>No classify answers in these runs.</p>"]
    return gteval_blocks(rows)
