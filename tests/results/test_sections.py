"""The report finds each study's sections through the registry the studies fill when
imported: the suites' own tables and sections, and sections across suites in order."""

from __future__ import annotations

from graphgauge import studies
from graphgauge.report.html_sections import build_sections
from graphgauge.results import sections
from graphgauge.results.sections import Section, load_context
from graphgauge.store import Store


def test_every_study_registers_on_load():
    studies.load()
    assert {"classify", "infer", "arc"} <= set(sections.SUITE_HTML)
    assert {"classify", "infer", "arc", "nlgraph", "graphwalks"} <= set(sections.SUITE_CONSOLE)
    names = [name for name, _ in sorted(sections.STUDY_SECTIONS.items(),
                                        key=lambda item: item[1][0])]
    assert names[:3] == ["serialization", "variants", "taxonomy"]


def test_a_registered_section_is_placed_by_position_and_none_is_left_out(tmp_path,
                                                                         monkeypatch):
    studies.load()
    monkeypatch.setitem(sections.STUDY_SECTIONS, "late",
                        (99, lambda ctx: Section("late", "Late", ["<p>late</p>"])))
    monkeypatch.setitem(sections.STUDY_SECTIONS, "early",
                        (-1, lambda ctx: Section("early", "Early", [f"{len(ctx.cells)}"])))
    monkeypatch.setitem(sections.STUDY_SECTIONS, "empty", (50, lambda ctx: None))
    with Store(tmp_path / "empty.db") as store:  # no runs: only the manifest and studies'
        built = build_sections(load_context(store, None))
    assert [s.id for s in built] == ["runs", "early", "late"]
    assert built[1].blocks == ["0"]
