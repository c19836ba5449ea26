"""The suites' catalog: each name maps to a typed ``Suite`` (its own generator, the extras it
needs), and a module registered in the style of earlier releases still works for one
release, with a warning."""

from __future__ import annotations

import sys
import types

import pytest

from graphgauge import preflight, registry
from graphgauge.errors import UserError
from graphgauge.models.asking import ask_texts
from graphgauge.registry import SUITES, Suite, find_suite
from graphgauge.suites import inference
from tests.support.registries import scratch


def test_built_in_suites_are_typed_contracts():
    built_in = ("algorithmic", "spectral", "arc", "classify", "infer", "nlgraph",
                "graphwalks", "questions")
    assert all(isinstance(find_suite(name), Suite) for name in built_in)
    infer = find_suite("infer")
    assert infer.generate is inference.generate_suite and infer.requires == ("sbert",)
    algorithmic = find_suite("algorithmic")
    assert algorithmic.generate is None and algorithmic.requires == ()
    # the suite's line in 'graphgauge list suites' is its module's first sentence
    assert SUITES.summary("spectral").startswith("The twelve spectral tasks")
    with pytest.raises(UserError, match="is imported, not generated"):
        registry.generate("nlgraph")


def test_a_suite_of_tasks_alone_generates_task_by_task_and_takes_no_options(monkeypatch):
    scratch(SUITES, monkeypatch)
    SUITES.add("plain", Suite(doc="Plain. Words."))
    assert SUITES.summary("plain") == "Plain"
    with pytest.raises(UserError, match="suite 'plain' takes no options, got: x"):
        registry.generate("plain", options={"x": 1})


def test_ask_and_on_report_reach_only_the_generators_that_take_them(monkeypatch):
    """``graphgauge.generate`` always passes ``ask`` (and, printing, ``on_report``); a
    generator written without them (another package's, or one that asks no model) is
    called as before."""
    scratch(SUITES, monkeypatch)
    calls = []

    def old(tasks, count, seed, nodes, options, progress):
        calls.append(("old", progress))
        return []

    def new(tasks, count, seed, nodes, options, progress, ask=None, on_report=None):
        calls.append(("new", ask, on_report))
        on_report({"kept": 0})
        return []

    def catch_all(**kwargs):
        calls.append(sorted(kwargs))
        return []

    reports = []
    for name, hook in (("old", old), ("new", new), ("catch_all", catch_all)):
        SUITES.add(name, Suite(generate=hook))
        assert registry.generate(name, progress=True, ask=ask_texts,
                                 on_report=reports.append) == []
    assert calls == [("old", True), ("new", ask_texts, reports.append),
                     ["ask", "count", "nodes", "on_report", "options", "progress", "seed",
                      "tasks"]]
    assert reports == [{"kept": 0}]


def test_a_suite_registered_as_a_module_still_works_for_one_release(monkeypatch, capsys):
    """The old contract: ``SUITES.lazy(name, "pkg.module")`` with ``generate_suite`` and
    ``REQUIRES`` module attributes. Both are still read, with one warning naming the
    new way."""
    scratch(SUITES, monkeypatch)
    monkeypatch.setattr(registry, "_from_modules", {})
    module = types.ModuleType("gg_old_style_suite", "An old-style suite. Its tasks.")
    seen = []

    def generate_suite(tasks, count, seed, nodes, options, progress):
        seen.append((count, options))
        return []

    module.generate_suite = generate_suite
    module.REQUIRES = ("sbert",)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    SUITES.lazy("oldstyle", module.__name__)
    required = []
    monkeypatch.setattr("graphgauge.extras.require",
                        lambda extra, what: required.append((extra, what)))

    assert registry.generate("oldstyle", count=3, options={"k": 1}) == []
    preflight.suite_extras(["oldstyle"], "generate oldstyle")
    assert seen == [(3, {"k": 1})]
    assert required == [("sbert", "generate oldstyle (oldstyle suite)")]
    assert find_suite("oldstyle").doc == "An old-style suite. Its tasks."
    warning = capsys.readouterr().err
    assert warning == (
        "graphgauge: warning: suite 'oldstyle' is registered as a module "
        "(gg_old_style_suite), which is deprecated; register a graphgauge.registry.Suite: "
        "SUITES.add('oldstyle', Suite(doc=__doc__, generate=..., requires=...))\n")


def test_a_suite_registered_as_something_else_is_refused_in_one_line(monkeypatch):
    scratch(SUITES, monkeypatch)
    SUITES.add("wrong", {"generate": None})
    with pytest.raises(UserError, match="suite 'wrong' is registered as a dict, not a "
                       r"graphgauge.registry.Suite"):
        registry.generate("wrong")
