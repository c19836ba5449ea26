"""A report section in one file: the demo suite's console line and a section of its own.

Registered the way a model is (``graphgauge.results.sections`` holds registries like
``MODELS``), so ``graphgauge report`` and ``--html`` show it without graphgauge knowing.
"""

from __future__ import annotations

from graphgauge.results.sections import Section, register_suite, report_section


def leaf_counts(store, run_ids, console) -> None:
    """One line after the standard tables: how many demo items were asked."""
    items = [row for row in store.items(run_ids, columns=("suite",)) if row.suite == "demo"]
    console.print(f"demo plugin: {len(items)} leaf-count items", markup=False)


@report_section("demo_leaves", position=90)
def demo_section(ctx) -> Section | None:
    """The demo plugin's own section, after the studies'."""
    asked = sum(1 for row in ctx.rows if row.suite == "demo")
    if not asked:
        return None
    return Section("demo-leaves", "Demo plugin", [f"<p id='demo-leaves'>{asked} items</p>"])


register_suite("demo", console=leaf_counts)
