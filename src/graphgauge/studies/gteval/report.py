"""GTEval rows as the paper's table: format level (Ori. Acc, Rep. Acc, relative change)
then content level (Relabel, Reverse, Random), percentages with ± std over templates; and
the per-variant table of the other suites (``variants``) in the same notation."""

from __future__ import annotations

import math
from collections.abc import Sequence

from graphgauge.render.variants import kinds, stale_runs
from graphgauge.studies.gteval.rows import GTEvalRow, Spread
from graphgauge.studies.gteval.variants import VariantRow, variant_rows

HEADERS = ("Model", "Task", "Dataset", "Ori. Acc", "Rep. Acc", "Rel. change", "Relabel",
           "Reverse", "Random")
VARIANT_HEADERS = ("Model", "Suite", "Task", "Ori. Acc", "Rep. Acc", "Rel. change",
                   "Rand. Acc")
# The kinds the variant table always has a column for; any other kind a run was asked in
# (a plugin's, registered in graphgauge.render.variants.VARIANTS) gets its own after them.
VARIANT_COLUMNS = ("original", "rephrase", "randomize")
VARIANT_NOTE = ("Accuracy % per instruction variant, mean ± std over templates, as the "
                "leaderboard scores each item. Rand. Acc: answers to an irrelevant "
                "instruction (randomize) that give no answer to the task, as a model that "
                "reads its instructions does.")


def _pct(value: float) -> str:
    return "—" if value is None or math.isnan(value) else f"{100 * value:.2f}"


def _spread(spread: Spread | None) -> str:
    if spread is None:
        return "—"
    if spread.templates == 1:
        return _pct(spread.mean)
    return f"{_pct(spread.mean)}±{_pct(spread.std)}"


def _change(value: float) -> str:
    if math.isnan(value):
        return "—"
    return "∞" if math.isinf(value) else f"{100 * value:+.2f}%"


def short_model(name: str) -> str:
    """``python:pkg.mod:func`` -> ``func``: table columns stay readable."""
    return name.rsplit(":", 1)[-1] if name.startswith("python:") else name


def row_cells(row: GTEvalRow, label: str | None = None,
              extra: Sequence[str] = ()) -> list[str]:
    """The paper's columns, then the ``extra`` kinds' (``gteval_kinds``); ``label`` names
    the model (default: its short name)."""
    return [label or short_model(row.model), row.task, row.dataset, _pct(row.original),
            _spread(row.rephrase), _change(row.relative_change), _spread(row.relabel),
            _spread(row.reverse), _spread(row.random),
            *(_spread(row.others.get(kind)) for kind in extra)]


def gteval_kinds(rows: Sequence[GTEvalRow]) -> list[str]:
    """The kinds beyond the paper's that ``rows`` hold (a plugin's), in the registry's
    order: each is a column, so the table still scores every item the leaderboard does."""
    return [kind for kind in kinds() if any(kind in row.others for row in rows)]


def gteval_table(rows: Sequence[GTEvalRow]):
    from rich.table import Table

    extra = gteval_kinds(rows)
    table = Table(title="GTEval: accuracy under instruction transformations (%)")
    for index, header in enumerate([*HEADERS, *extra]):
        table.add_column(header, justify="left" if index < 3 else "right")
    for row in rows:
        table.add_row(*row_cells(row, extra=extra))
    return table


def gteval_csv(rows: Sequence[GTEvalRow], path) -> None:
    """The table with raw numbers (fractions), one line per row, for plots and diffs."""
    import csv

    extra = gteval_kinds(rows)
    fields = ["model", "task", "dataset", "run_id", "original", "answered", "relative_change"]
    for kind in ("rephrase", "relabel", "reverse", "random", *extra):
        fields += [f"{kind}_mean", f"{kind}_std", f"{kind}_templates"]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([*fields, "diagnosis"])
        for row in rows:
            values = [row.model, row.task, row.dataset, row.run_id, row.original, row.answered,
                      row.relative_change]
            for spread in (row.rephrase, row.relabel, row.reverse, row.random,
                           *(row.others.get(kind) for kind in extra)):
                values += ([spread.mean, spread.std, spread.templates] if spread
                           else ["", "", ""])
            writer.writerow([*values, row.diagnosis])


def other_kinds(rows: Sequence[VariantRow]) -> list[str]:
    """The kinds beyond ``VARIANT_COLUMNS`` that ``rows`` hold, in the registry's order:
    a kind a plugin adds is a column of every table that scores it."""
    return [kind for kind in kinds() if kind not in VARIANT_COLUMNS
            and any(kind in row.accuracy for row in rows)]


def variant_headers(extra: Sequence[str]) -> list[str]:
    return [*VARIANT_HEADERS, *(f"{kind} Acc" for kind in extra)]


def variant_cells(row: VariantRow, label: str, extra: Sequence[str] = ()) -> list[str]:
    acc = row.accuracy
    return [label, row.suite, row.task, _spread(acc.get("original")),
            _spread(acc.get("rephrase")), _change(row.relative_change),
            _spread(acc.get("randomize")), *(_spread(acc.get(kind)) for kind in extra)]


def run_labels(rows) -> dict[str, str]:
    """A short model name per run, with the run id's end where two runs share a model."""
    from graphgauge.results.cells import model_labels

    return {run: short_model(label) for run, label in model_labels(rows).items()}


def print_variant_tables(store, run_ids: Sequence[str] | None, console,
                         tasks: bool = True) -> None:
    """The per-variant table of every run asked in several variants (nothing otherwise),
    and a note on runs whose variant scores predate scoring by variant."""
    from rich.table import Table

    runs = run_ids if run_ids is not None else [run["id"] for run in store.runs()]
    stale = stale_runs({run: store.manifest(run) for run in runs})
    if stale:
        console.print(f"note: {', '.join(stale)} scored instruction variants as the original "
                      "question (an earlier graphgauge); run 'graphgauge rescore' so every "
                      "table scores them by what they ask", markup=False)
    rows = variant_rows(store, run_ids, tasks=tasks)
    if not rows:
        return
    labels, extra = run_labels(rows), other_kinds(rows)
    table = Table(title="Instruction variants: accuracy % per variant kind", caption=VARIANT_NOTE,
                  title_justify="left", caption_justify="left")
    for index, header in enumerate(variant_headers(extra)):
        table.add_column(header, justify="left" if index < 3 else "right")
    for row in rows:
        table.add_row(*variant_cells(row, labels[row.run_id], extra))
    console.print(table)
