"""The report's tables and figures as files for a paper: figures as PNG and SVG, tables
as CSV, Markdown and LaTeX."""

from __future__ import annotations

from pathlib import Path

from graphgauge.report.html_sections import build_sections
from graphgauge.results.figures import Plot, render
from graphgauge.results.sections import load_context
from graphgauge.results.table import Table, to_csv, to_latex, to_markdown
from graphgauge.store.sqlite import Store


def write_figures(store: Store, run_ids: list[str] | None, folder: Path) -> list[Path]:
    """Every figure of the HTML report as PNG and SVG and every table as CSV, Markdown and
    LaTeX in ``folder`` (created if missing), named <section>_<name>.<ext>."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for section in build_sections(load_context(store, run_ids)):
        for block in section.blocks:
            stem = folder / f"{section.id}_{block.name}" if not isinstance(block, str) else None
            if isinstance(block, Table):
                for suffix, text in ((".csv", to_csv(block)), (".md", to_markdown(block)),
                                     (".tex", to_latex(block))):
                    path = stem.with_suffix(suffix)
                    path.write_text(text, encoding="utf-8")
                    written.append(path)
            elif isinstance(block, Plot):
                for fmt in ("png", "svg"):
                    path = stem.with_suffix(f".{fmt}")
                    path.write_bytes(render(block, fmt))
                    written.append(path)
    return written
