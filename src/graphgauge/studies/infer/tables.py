"""GraphInfer's text tables: the ``TextTable`` its report and HTML section share, and the
gate tables (what the generator admitted at each gate, and the shortcut audit of what it
released).

The gate report itself is plain data computed by the suite
(``graphgauge.suites.inference.pipeline``): generation hands it to its caller
(``on_report``), and the command prints it here, as ``generate infer``'s progress output
and ``graphgauge infer gates``; the HTML report shows the same rows. The tables are
header + rows of formatted strings, so every place shows the same cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GATE_HEADER = ("task", "cand.", "L1 drop", "L2 drop", "L4 dup", "L4 near", "kept",
               "train/val/test")


@dataclass
class TextTable:
    title: str
    header: list[str]
    rows: list[list[str]]
    keys: int  # leading label columns (model, dataset, task); the rest are numbers
    # Per row, the value behind each cell (None: a label), for the HTML shading.
    raws: list[list[float | None]] | None = None


def gate_table(report: dict[str, Any]) -> TextTable:
    """The paper's gate table: candidates, rejections per gate and code, kept, splits."""
    rows = []
    for name, cell in report["tasks"].items():
        l1 = ", ".join(f"{code} {count}" for code, count in sorted(cell["L1"].items())) or "0"
        l2 = ", ".join(f"{code} {count}" for code, count in sorted(cell["L2"].items())) or "0"
        released = cell["released"]
        rows.append([name, str(cell["candidates"]), l1, l2, str(cell["L4"].get("exact", 0)),
                     str(cell["L4"].get("near", 0)), str(cell["L4_admitted"]),
                     "/".join(str(released.get(s, 0)) for s in ("train", "val", "test"))])
    return TextTable(f"GraphInfer gates on {report['dataset']} ({report['domain']})",
                     list(GATE_HEADER), rows, 1)


def print_table(table: TextTable, console: Any) -> None:
    from rich.table import Table

    out = Table(title=table.title)
    for i, column in enumerate(table.header):
        out.add_column(column, justify="left" if i < table.keys else "right",
                       no_wrap=table.raws is None)  # gate cells ("C1 3, C2 1") stay whole
    for row in table.rows:
        out.add_row(*row)
    console.print(out)


def shortcut_table(report: dict[str, Any]) -> TextTable:
    """The gate report's shortcut audit (rows written by generate), flagged at the
    default margin."""
    from graphgauge.suites.shortcuts import AUDIT_HEADER, DEFAULT_MARGIN, AuditRow, audit_cells

    rows = [AuditRow(**row) for row in report.get("shortcuts", [])]
    return TextTable(f"Shortcut baselines on {report['dataset']} (flag: > random + "
                     f"{DEFAULT_MARGIN:.2f})", list(AUDIT_HEADER),
                     audit_cells(rows), 3)


def print_gate_report(report: dict[str, Any], console: Any = None) -> None:
    from rich.console import Console

    # At least 100 columns: a piped stderr defaults to 80 and would cut the cells.
    console = console or Console(stderr=True, width=max(Console(stderr=True).width, 100))
    print_table(gate_table(report), console)
    if report.get("shortcuts"):
        print_table(shortcut_table(report), console)
