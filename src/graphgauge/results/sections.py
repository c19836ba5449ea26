"""The report's sections as data, and where the studies register theirs.

A section is a list of blocks: ``Table`` and ``Plot`` blocks (which ``--figures`` also
exports for papers) and HTML strings. The report (``graphgauge.report``) builds the
sections every store has (runs, leaderboard, one standard section per suite) and asks
the studies for the rest: each study registers, when its package is imported, the
suites whose report it writes (console tables, HTML blocks replacing the standard
section) and its own cross-suite sections. The report sits above the studies and imports
them; the studies never import the report.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the studies register at import: keep that import light
    from graphgauge.results.cells import Cell
    from graphgauge.results.figures import Plot
    from graphgauge.results.table import Table
    from graphgauge.store.sqlite import Store

# Item columns every analysis here needs; prompts and responses stay in the database.
ROW_COLUMNS = ("run_id", "instance_id", "suite", "task", "difficulty", "encoding", "variant",
               "error", "parse_ok", "accuracy", "gold", "parsed", "meta")


@dataclass
class Section:
    id: str
    title: str
    blocks: list[Table | Plot | str] = field(default_factory=list)


@dataclass
class Context:
    """What every section reads: the cells of ``summarize``, the item rows (no text) and a
    display label per run."""

    store: Store
    run_ids: list[str] | None
    cells: list[Cell]
    rows: list[dict[str, Any]]
    labels: OrderedDict[str, str]


def load_context(store: Store, run_ids: list[str] | None) -> Context:
    from graphgauge.results.cells import model_labels, summarize

    cells = summarize(store, run_ids)
    rows = list(store.items(run_ids, columns=ROW_COLUMNS)) if cells else []
    return Context(store, run_ids, cells, rows, model_labels(cells))


def slug(text: str) -> str:
    """A file-name-safe stem: runs of other characters become one underscore."""
    return re.sub(r"[^A-Za-z0-9-]+", "_", text).strip("_")[:60] or "x"


# suite -> blocks(store, run_ids): HTML, or a list of blocks, for the suite's section.
SUITE_HTML: dict[str, Callable[[Store, list[str] | None], Any]] = {}
# suite -> print(store, run_ids, console): tables ``graphgauge report`` prints after its own.
SUITE_CONSOLE: dict[str, Callable[[Store, list[str] | None, Any], None]] = {}
# name -> (position, build(ctx) -> Section or None): sections after the suites'.
STUDY_SECTIONS: dict[str, tuple[int, Callable[[Context], Section | None]]] = {}


def register_suite(suite: str, html: Callable | None = None,
                   console: Callable | None = None) -> None:
    """A study writes suite ``suite``'s report: its HTML section and/or console tables."""
    if html is not None:
        SUITE_HTML[suite] = html
    if console is not None:
        SUITE_CONSOLE[suite] = console


def register_section(name: str, position: int,
                     build: Callable[[Context], Section | None]) -> None:
    """A study's own section (across suites), placed after the suites' by ``position``."""
    STUDY_SECTIONS[name] = (position, build)


def study_sections() -> list[Callable[[Context], Section | None]]:
    return [build for _, build in sorted(STUDY_SECTIONS.values(), key=lambda e: e[0])]
