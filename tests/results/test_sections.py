"""The report finds each study's sections through registries the studies fill when
imported (``graphgauge.plugins.Registry``, as for models): the suites' own tables and
sections, and sections across suites in order."""

from __future__ import annotations

import pytest

from graphgauge import studies
from graphgauge.errors import UserError
from graphgauge.plugins import Registry
from graphgauge.report.html_sections import build_sections
from graphgauge.results import sections
from graphgauge.results.sections import Section, load_context, report_section
from graphgauge.store import Store
from tests.support.registries import scratch


def test_every_study_registers_on_load():
    studies.load()
    assert isinstance(sections.SECTIONS, Registry)
    assert isinstance(sections.SUITE_REPORTS, Registry)
    own = sections.SUITE_REPORTS
    assert {"classify", "infer", "arc"} <= {name for name in own if own[name].html}
    assert {"classify", "infer", "arc", "nlgraph", "graphwalks"} <= {
        name for name in own if own[name].console}
    names = [name for name, _ in sorted(sections.SECTIONS.items(),
                                        key=lambda item: item[1].position)]
    assert names[:3] == ["serialization", "variants", "taxonomy"]
    assert sections.SECTIONS.summary("taxonomy").startswith("GTaxoGym's stored grid cells")


def test_a_section_is_taken_once_and_an_unknown_one_is_named():
    studies.load()
    with pytest.raises(ValueError, match="report section 'taxonomy' registered twice"):
        report_section("taxonomy")(lambda ctx: None)
    with pytest.raises(UserError, match="unknown suite report 'nope'; choose from: .*classify"):
        sections.SUITE_REPORTS["nope"]


def test_a_registered_section_is_placed_by_position_and_none_is_left_out(tmp_path,
                                                                         monkeypatch):
    studies.load()
    scratch(sections.SECTIONS, monkeypatch)
    report_section("late", position=99)(lambda ctx: Section("late", "Late", ["<p>late</p>"]))

    @report_section("early", position=-1)
    def early(ctx):
        return Section("early", "Early", [f"{len(ctx.cells)}"])

    report_section("empty", position=50)(lambda ctx: None)
    with Store(tmp_path / "empty.db") as store:  # no runs: only the manifest and studies'
        built = build_sections(load_context(store, None))
    assert [s.id for s in built] == ["runs", "early", "late"]
    assert built[1].blocks == ["0"]
