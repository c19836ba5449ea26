"""The report's sections as data, and where the studies register theirs.

A section is a list of blocks: ``Table`` and ``Plot`` blocks (which ``--figures`` also
exports for papers) and HTML strings. The report (``graphgauge.report``) builds the
sections every store has (runs, leaderboard, one standard section per suite) and asks
the studies for the rest: each study registers, when its package is imported, the
suites whose report it writes (``SUITE_REPORTS``: console tables, HTML blocks replacing
the standard section) and its own cross-suite sections (``SECTIONS``), in registries like
the models' (``graphgauge.plugins.Registry``), so a plugin adds a section the same way.
The report sits above the studies and imports them; the studies never import the report.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from graphgauge.plugins import Registry, first_line

if TYPE_CHECKING:  # the studies register at import: keep that import light
    from graphgauge.results.cells import Cell
    from graphgauge.results.figures import Plot
    from graphgauge.results.table import Table
    from graphgauge.store.records import ItemRecord
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
    rows: list[ItemRecord]
    labels: OrderedDict[str, str]


def load_context(store: Store, run_ids: list[str] | None) -> Context:
    from graphgauge.results.cells import model_labels, summarize

    cells = summarize(store, run_ids)
    rows = list(store.items(run_ids, columns=ROW_COLUMNS)) if cells else []
    return Context(store, run_ids, cells, rows, model_labels(cells))


def slug(text: str) -> str:
    """A file-name-safe stem: runs of other characters become one underscore."""
    return re.sub(r"[^A-Za-z0-9-]+", "_", text).strip("_")[:60] or "x"


@dataclass(frozen=True)
class SuiteReport:
    """What a study writes for one suite: ``html(store, run_ids)`` returns HTML or a list of
    blocks replacing the standard section; ``console(store, run_ids, console)`` prints
    the tables ``graphgauge report`` shows after its own; ``generation(report)`` prints
    what the suite's generator hands over (``on_report``: GraphInfer's gate report), as
    ``graphgauge generate``'s progress output."""

    html: Callable[[Store, list[str] | None], Any] | None = None
    console: Callable[[Store, list[str] | None, Any], None] | None = None
    generation: Callable[[Any], None] | None = None


@dataclass(frozen=True)
class StudySection:
    """A section across suites, placed after the suites' by ``position`` (lower first)."""

    build: Callable[[Context], Section | None]
    position: int = 50


# Filled when the studies (and any plugin, through its entry point) are imported; a
# plugin adds to a report the way it adds a model, so there is one extension mechanism.
SUITE_REPORTS: Registry[SuiteReport] = Registry("suite report")
SECTIONS: Registry[StudySection] = Registry("report section")


def register_suite(suite: str, html: Callable | None = None,
                   console: Callable | None = None,
                   generation: Callable | None = None) -> None:
    """A study writes suite ``suite``'s report: its HTML section and/or console tables,
    and/or the tables ``generate`` prints from what the suite's generator hands over."""
    SUITE_REPORTS.add(suite, SuiteReport(html, console, generation),
                      summary=f"the {suite} suite's own report")


def report_section(name: str, position: int = 50) -> Callable[[Callable], Callable]:
    """Decorator: ``build(ctx) -> Section | None`` is the report section ``name``, placed
    after the suites' by ``position``."""
    def decorate(build: Callable[[Context], Section | None]) -> Callable:
        SECTIONS.add(name, StudySection(build, position), summary=first_line(build))
        return build

    return decorate


def study_sections() -> list[Callable[[Context], Section | None]]:
    """The registered sections' builders, by position (plugins' included)."""
    return [section.build for section in sorted(SECTIONS.values(), key=lambda s: s.position)]
