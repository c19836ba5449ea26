"""Per-variant tables of the other suites: a scripted run of the algorithmic suite whose
models behave by construction under each variant, read back from the store."""

from __future__ import annotations

import math
import statistics

import pytest
from rich.console import Console

from graphgauge.models.base import LocalModel, Request
from graphgauge.registry import generate, task_of
from graphgauge.render.variants import variant_of
from graphgauge.runner import RunOptions, run_benchmark
from graphgauge.store import Store
from graphgauge.studies.gteval.report import print_variant_tables
from graphgauge.studies.gteval.variants import ALL_TASKS, variant_rows
from tests.support.data import needs_shared_data

REFUSAL = "I will not answer that."  # no digits: no integer answer parses from it
VARIANTS = ("original", "rephrase:0", "rephrase:1", "randomize:0", "randomize:1")


def gold_text(request: Request) -> str:
    task = task_of(request.instance)
    return task.answer.format(task.solve(request.instance))


class Scripted(LocalModel):
    """Answers the gold exactly for the variants in ``right``, refuses for the others."""

    def __init__(self, name: str, right: set[str]):
        super().__init__()
        self.name, self.right = name, right

    def answer(self, request: Request) -> str:
        return gold_text(request) if request.prompt.variant in self.right else REFUSAL


# (model, variants it answers): what each must score follows from the set alone.
MODELS = {
    "reads_instructions": {"original", "rephrase:0", "rephrase:1"},
    "ignores_instructions": set(VARIANTS),  # the reference's behaviour
    "wording_sensitive": {"original", "rephrase:0", "randomize:0"},
}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    bench = generate("algorithmic", ["degree", "triangles"], count=3, seed=4)
    path = tmp_path_factory.mktemp("variants") / "v.db"
    with Store(path) as db:
        runs = [run_benchmark(bench, Scripted(name, right), db,
                              RunOptions(variants=VARIANTS), progress=False).run_id
                for name, right in MODELS.items()]
        single = run_benchmark(bench, Scripted("one_variant", {"original"}), db,
                               RunOptions(), progress=False).run_id
    with Store(path) as db:
        yield db, runs, single


def by_template(db, run_id: str, kind: str, column: str, task: str | None = None):
    """Per-template means straight from the items, then (mean, sample std)."""
    means = {}
    for item in db.items([run_id], ("variant", "task", column)):
        if variant_of(item.variant).kind == kind and task in (None, item.task):
            means.setdefault(item.variant, []).append(float(getattr(item, column) or 0))
    values = [statistics.fmean(v) for v in means.values()]
    return statistics.fmean(values), (statistics.stdev(values) if len(values) > 1 else 0.0)


def test_rows_follow_the_scripted_behaviour(store):
    db, runs, single = store
    rows = {(r.model, r.task): r for r in variant_rows(db, runs)}
    assert {task for _, task in rows} == {ALL_TASKS, "degree", "triangles"}
    reader = rows["reads_instructions", ALL_TASKS]
    assert reader.accuracy["original"].mean == 1.0 and reader.accuracy["rephrase"].mean == 1.0
    assert reader.accuracy["rephrase"].templates == 2 and reader.accuracy["rephrase"].std == 0
    assert reader.relative_change == 0.0
    # randomize: the right response is no answer to the task
    assert reader.accuracy["randomize"].mean == 1.0
    ignorer = rows["ignores_instructions", ALL_TASKS]
    assert ignorer.accuracy["randomize"].mean == 0.0
    fragile = rows["wording_sensitive", "triangles"]
    assert fragile.accuracy["rephrase"].mean == pytest.approx(0.5)
    assert fragile.accuracy["rephrase"].std == pytest.approx(math.sqrt(0.5))  # sd of (1, 0)
    assert fragile.relative_change == pytest.approx(-0.5)
    assert fragile.accuracy["randomize"].mean == pytest.approx(0.5)
    assert fragile.accuracy["randomize"].std == pytest.approx(math.sqrt(0.5))
    assert fragile.accuracy["rephrase"].items == 6  # 3 instances x 2 templates
    # the same numbers computed directly from the stored items
    for (model, task), row in rows.items():
        run = row.run_id
        want = by_template(db, run, "rephrase", "accuracy", None if task == ALL_TASKS else task)
        assert (row.accuracy["rephrase"].mean, row.accuracy["rephrase"].std) == \
            pytest.approx(want), model
        want = by_template(db, run, "randomize", "accuracy",
                           None if task == ALL_TASKS else task)
        assert (row.accuracy["randomize"].mean, row.accuracy["randomize"].std) == \
            pytest.approx(want), model
    # a run asked in one variant only has nothing to tabulate
    assert not variant_rows(db, [single])
    assert [r.run_id for r in variant_rows(db, runs, tasks=False)] == runs


def test_print_variant_tables(store):
    db, runs, single = store
    console = Console(record=True, width=220)
    print_variant_tables(db, None, console)
    text = console.export_text()
    for header in ("Ori. Acc", "Rep. Acc", "Rel. change", "Rand. Acc"):
        assert header in text
    line = next(line for line in text.splitlines()
                if "wording_sensitive" in line and "triangles" in line)
    assert "50.00±70.71" in line and "-50.00%" in line
    reader = next(line for line in text.splitlines()
                  if "reads_instructions" in line and ALL_TASKS in line)
    assert [cell.strip() for cell in reader.split("│")[4:-1]] == [
        "100.00", "100.00±0.00", "+0.00%", "100.00±0.00"]
    assert "one_variant" not in text
    quiet = Console(record=True, width=220)
    print_variant_tables(db, [single], quiet)
    assert quiet.export_text() == ""


@needs_shared_data("webkb")
def test_classify_items_are_left_to_gteval(tmp_path):
    from graphgauge.suites.classify import generate_suite

    bench = generate_suite(["zero_shot"], 2, 0, None, {"dataset": "webkb:cornell"}, False)
    with Store(tmp_path / "c.db") as db:
        run = run_benchmark(bench, Scripted("m", {"original"}), db,
                            RunOptions(variants=("original", "reverse:0")), progress=False)
        assert variant_rows(db, [run.run_id]) == []


def test_html_blocks_match_the_console_cells(store):
    from graphgauge.report.html import block_html
    from graphgauge.results.figures import Plot
    from graphgauge.studies.gteval.html import variant_blocks
    from graphgauge.studies.gteval.report import variant_cells

    db, runs, single = store
    table, plot = variant_blocks(db, runs)
    rows = variant_rows(db, runs)
    assert [row[3:] for row in table.rows] == [variant_cells(r, "")[3:] for r in rows]
    assert [row[0] for row in table.rows[:3]] == ["reads_instructions"] * 3
    assert isinstance(plot, Plot) and plot.name == "variants_algorithmic"
    assert "Rand. Acc" in block_html(table)
    assert variant_blocks(db, [single]) == []
