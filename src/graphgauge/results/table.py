"""A table the HTML report shows and the figures export writes for papers.

Cells are strings formatted once, so the web page, the CSV, the Markdown and the LaTeX
file show the same numbers. An optional shade per cell (0..1, e.g. an accuracy) colours
the HTML only; a paper table stays plain.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from html import escape

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "–": "--", "Δ": r"$\Delta$", "−": "$-$",
}


@dataclass
class Table:
    name: str  # file stem of the exported copies
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    shades: list[list[float | None]] | None = None
    note: str = ""


def pct(value: float | None, digits: int = 1) -> str:
    """A fraction as a percentage, "–" when missing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{100 * value:.{digits}f}"


def with_ci(value: float, low: float, high: float) -> str:
    text = pct(value)
    if text != "–" and not math.isnan(low):
        text += f" [{pct(low)}, {pct(high)}]"
    return text


def _shade(value: float | None) -> str:
    """A light red-to-green background, light enough that text stays readable."""
    if value is None or math.isnan(value):
        return ""
    value = min(1.0, max(0.0, value))
    return f' style="background:hsl({int(120 * value)},60%,88%)"'


def to_html(table: Table) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = []
    for i, row in enumerate(table.rows):
        shades = table.shades[i] if table.shades else [None] * len(row)
        body.append("<tr>" + "".join(
            f"<td{_shade(shade)}>{escape(cell)}</td>"
            for cell, shade in zip(row, shades, strict=True)) + "</tr>")
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    return (f"<h3>{escape(table.title)}</h3>{note}<div class=\"scroll\"><table class=\"gg\">"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def to_csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    writer.writerows(table.rows)
    return out.getvalue()


def _markdown_cell(text: str) -> str:
    return " ".join(text.split()).replace("|", r"\|")


def to_markdown(table: Table) -> str:
    lines = [f"**{_markdown_cell(table.title)}**", "",
             "| " + " | ".join(map(_markdown_cell, table.columns)) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(table.columns))) + "|"]
    lines += ["| " + " | ".join(map(_markdown_cell, row)) + " |" for row in table.rows]
    return "\n".join(lines) + "\n"


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(c, c) for c in " ".join(text.split()))


def to_latex(table: Table) -> str:
    """A booktabs tabular inside a table float, caption from the title."""
    spec = "l" + "r" * (len(table.columns) - 1)
    lines = [r"\begin{table}[t]", r"\centering", rf"\caption{{{latex_escape(table.title)}}}",
             rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(latex_escape(c) for c in table.columns) + r" \\", r"\midrule"]
    lines += [" & ".join(latex_escape(c) for c in row) + r" \\" for row in table.rows]
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
    return "\n".join(lines) + "\n"
