"""The import formats are a registry like the models': named in errors and open to a
plugin."""

from __future__ import annotations

import json

import pytest

from graphgauge.errors import UserError
from graphgauge.importers import FORMATS, import_benchmark
from graphgauge.plugins import Registry
from tests.support.registries import scratch


def test_the_formats_are_a_registry_and_an_unknown_one_is_named():
    assert isinstance(FORMATS, Registry)
    assert list(FORMATS)[:3] == ["nlgraph", "graphwalks", "questions"]
    with pytest.raises(UserError, match=r"unknown import format 'csv'; choose from: nlgraph, "
                                        r"graphwalks, questions"):
        import_benchmark("csv", "x.csv")


def test_a_registered_format_is_used_by_import_benchmark(tmp_path, monkeypatch):
    scratch(FORMATS, monkeypatch)
    from graphgauge.importers.questions import read_questions

    @FORMATS.register("lines", summary="one question per line, as JSON")
    def read_lines(source, **options):
        return read_questions(source, **options)

    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({"graph": [[0, 1], [1, 2]], "question": "How many edges?",
                                "answer": 2, "answer_type": "int"}) + "\n")
    instances = import_benchmark("lines", path)
    assert [inst.answer for inst in instances] == [2]

