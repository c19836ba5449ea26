"""Terminal tables: models side by side, per difficulty group and per task."""

from __future__ import annotations

import math
from collections import OrderedDict

from rich.console import Console
from rich.table import Table

from graphgauge.results.cells import Cell, model_labels


def _pct(value: float) -> str:
    return "–" if math.isnan(value) else f"{100 * value:.1f}"


def _accuracy_text(cell: Cell | None, with_ci: bool) -> str:
    if cell is None or cell.n == 0:
        return "–" if cell is None else f"– ({cell.errors} err)"
    text = _pct(cell.accuracy)
    if with_ci:
        text += f" [{_pct(cell.ci_low)}, {_pct(cell.ci_high)}]"
    if not math.isnan(cell.pass_at_k):
        text += f" pass@{cell.k} {_pct(cell.pass_at_k)}"
    if cell.unparsed:
        text += f" ({100 * cell.unparsed:.0f}% unparsed)"
    if cell.errors:
        text += f" ({cell.errors} err)"
    return text


def _pivot(cells: list[Cell], level: str, title: str, with_ci: bool, labels) -> Table:
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column("suite")
    table.add_column("task" if level == "task" else "group")
    if level == "task":
        table.add_column("difficulty")
    for label in labels.values():
        table.add_column(label, justify="right")
    rows: OrderedDict[tuple, dict[str, Cell]] = OrderedDict()
    for cell in cells:
        if cell.level == level:
            rows.setdefault((cell.suite, cell.group, cell.difficulty), {})[cell.run_id] = cell
    for (suite, group, difficulty), by_run in rows.items():
        head = [suite, group] + ([difficulty] if level == "task" else [])
        table.add_row(*head, *(_accuracy_text(by_run.get(run), with_ci) for run in labels))
    return table


def _numeric_table(cells: list[Cell], labels) -> Table | None:
    numeric = [c for c in cells if c.level == "task" and c.numeric]
    if not numeric:
        return None
    table = Table(title="Numeric error (sMAPE 0–100, lower is better; RelMAE < 1 beats the mean)",
                  title_justify="left", header_style="bold")
    table.add_column("suite")
    table.add_column("task")
    for label in labels.values():
        table.add_column(label, justify="right")
    rows: OrderedDict[tuple, dict[str, Cell]] = OrderedDict()
    for cell in numeric:
        rows.setdefault((cell.suite, cell.group), {})[cell.run_id] = cell
    for (suite, group), by_run in rows.items():
        values = []
        for run in labels:
            cell = by_run.get(run)
            if cell is None:
                values.append("–")
            else:
                smape = cell.numeric.get("smape_100", float("nan"))
                relmae = cell.numeric.get("relmae", float("nan"))
                values.append(f"{smape:.1f} / {relmae:.2f}")
        table.add_row(suite, group, *values)
    return table


def is_optimisation(cell: Cell) -> bool:
    """Is the cell's task an optimisation task (one with an objective ``sense``)?"""
    from graphgauge.errors import UserError
    from graphgauge.registry import get_task

    try:
        return getattr(get_task(cell.suite, cell.group), "sense", None) is not None
    except UserError:  # a task this graphgauge no longer has
        return False


def outcome_text(cell: Cell | None, optimisation: bool) -> str:
    """"correct / wrong / no answer" %, or the four optimisation outcomes with the gap."""
    if cell is None or cell.n == 0:
        return "–"
    correct, none = _pct(cell.accuracy), _pct(cell.unparsed)
    if not optimisation:
        return f"{correct} / {_pct(cell.wrong)} / {none}"
    gap = "" if math.isnan(cell.mean_gap) else f" (gap {100 * cell.mean_gap:.0f}%)"
    text = f"{correct} / {_pct(cell.suboptimal)}{gap} / {_pct(cell.infeasible)} / {none}"
    # Wrong answers scored before feasibility was checked (stores of older versions) are
    # neither suboptimal nor infeasible: say so, or the four shares would not add up.
    unverified = cell.wrong - cell.suboptimal - cell.infeasible
    if unverified > 1e-9:
        text += f"; {_pct(unverified)} wrong, not verified (graphgauge rescore)"
    return text


OUTCOME_TITLES = {
    False: "Outcomes %: correct / wrong / no answer",
    True: "Optimisation tasks, % correct / feasible but suboptimal (mean optimality gap) / "
          "infeasible / no answer",
}


def outcome_rows(cells: list[Cell], labels, optimisation: bool) -> list[list[str]]:
    """[suite, task (or "all"), one outcome text per run] for the suites (plain outcomes)
    and the tasks of one kind."""
    chosen = [c for c in cells if (c.level == "task" and is_optimisation(c) == optimisation)
              or (c.level == "suite" and not optimisation)]
    rows: OrderedDict[tuple, dict[str, Cell]] = OrderedDict()
    for cell in sorted(chosen, key=lambda c: (c.suite, c.level != "suite")):
        rows.setdefault((cell.suite, cell.group), {})[cell.run_id] = cell
    return [[suite, group, *(outcome_text(by_run.get(run), optimisation) for run in labels)]
            for (suite, group), by_run in rows.items()]


def _outcome_table(cells: list[Cell], labels, optimisation: bool) -> Table | None:
    rows = outcome_rows(cells, labels, optimisation)
    if not rows:
        return None
    table = Table(title=OUTCOME_TITLES[optimisation], title_justify="left",
                  header_style="bold")
    table.add_column("suite")
    table.add_column("task")
    for label in labels.values():
        table.add_column(label, justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def print_report(cells: list[Cell], console: Console | None = None, tasks: bool = True) -> None:
    console = console or Console()
    if not cells:
        console.print("No results in this store yet: run 'graphgauge run' first.")
        return
    labels = model_labels(cells)
    console.print(_pivot(cells, "suite", "Accuracy % per suite [95% bootstrap CI]", True, labels))
    console.print(_pivot(cells, "difficulty", "Accuracy % per difficulty [95% CI]", True, labels))
    if tasks:
        console.print(_pivot(cells, "task", "Accuracy % per task", False, labels))
        numeric = _numeric_table(cells, labels)
        if numeric is not None:
            console.print(numeric)
    shown = cells if tasks else [c for c in cells if c.level == "suite"]
    for optimisation in (False, True):
        table = _outcome_table(shown, labels, optimisation)
        if table is not None:
            console.print(table)


def print_suite_reports(store, run_ids: list[str] | None, cells: list[Cell],
                        console: Console) -> None:
    """The tables only some suites have (per rule, gate, source metric), from the study
    that registered them for the suite."""
    from graphgauge import studies

    studies.load()  # each study registers its suites' tables
    from graphgauge.results.sections import SUITE_REPORTS

    for suite in sorted({cell.suite for cell in cells}):
        own_report = SUITE_REPORTS.get(suite)
        tables = own_report.console if own_report is not None else None
        if tables is not None:
            tables(store, run_ids, console)


def print_reading(store, run_ids: list[str] | None, cells: list[Cell],
                  console: Console | None = None) -> None:
    """How the answers of the reported runs were read (see graphgauge.report.reading)."""
    from graphgauge.report.reading import path_counts, paths_table

    counts = path_counts(store, run_ids)
    if counts:
        (console or Console()).print(paths_table(counts, model_labels(cells)))
