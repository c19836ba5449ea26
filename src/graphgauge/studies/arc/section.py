"""The arc section of the HTML report (``graphgauge report --html``).

Per run: full-output accuracy per rule x size pattern (table with CIs and heatmap), the
scaling curve (accuracy against the test graph's size, per rule kind), the
comprehension-execution gap (question vs full output per rule) and the transformation
bias per rule; then accuracy by family, encoding and system prompt across runs. Every
number comes from ``report`` (the console tables' computations), so the two reports
cannot disagree. Tables escape their cells; plot labels are made mathtext-safe.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from graphgauge.results.figures import Plot, bars, heatmap
from graphgauge.results.table import Table, pct, with_ci
from graphgauge.studies.arc.report import (
    DIAGNOSTICS_NOTE,
    DIMENSIONS,
    Row,
    Stat,
    breakdown,
    diagnostics,
    full_rows,
    load,
    rules_of,
    tested_nodes,
)

Block = Table | Plot | str
_KINDS = ("colour", "structural")


def _stem(text: str) -> str:
    """A file-name-safe piece of an exported figure's or table's name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)


def _label(text: str) -> str:
    """Text matplotlib draws literally ("$" would start mathtext)."""
    return text.replace("$", r"\$")


def _cell(value: Stat | None) -> str:
    return "–" if value is None or not value.n else with_ci(value.mean, value.low, value.high)


def _shade(value: Stat | None) -> float | None:
    return None if value is None or not value.n else value.mean


def rule_pattern_blocks(full: list[Row], run: str) -> list[Block]:
    """Rules x size patterns for one run: table with CIs and a heatmap."""
    grid = breakdown([r for r in full if r.run_id == run],
                     lambda r: (r.meta["rule"], r.meta["pattern"]))
    rules = sorted({rule for rule, _ in grid})
    sizes = {r.meta["pattern"]: r.meta["sizes"] for r in full if r.run_id == run}
    patterns = sorted(sizes, key=lambda p: (sizes[p][-1], len(sizes[p]), p))
    table = Table(f"rule_pattern_{_stem(run)}",
                  f"{run}: full-output accuracy % per rule and size pattern [95% CI]",
                  ["rule", *patterns], shades=[])
    values = np.full((len(rules), len(patterns)), np.nan)
    for i, rule in enumerate(rules):
        found = [grid.get((rule, pattern), {}).get(run) for pattern in patterns]
        table.rows.append([rule, *map(_cell, found)])
        table.shades.append([None, *map(_shade, found)])
        values[i] = [np.nan if s is None or not s.n else s.mean for s in found]
    plot = heatmap(f"rule_pattern_{_stem(run)}", _label(f"{run}: full-output accuracy"),
                   values, [_label(r) for r in rules], [_label(p) for p in patterns],
                   "size pattern", "rule")
    return [table, plot]


def scaling_blocks(full: list[Row], runs: list[str]) -> list[Block]:
    """Accuracy against the test graph's node count, per run and rule kind."""
    grid = breakdown(full, lambda r: (r.meta["kind"], tested_nodes(r)))
    sizes = sorted({n for _, n in grid})
    kinds = [k for k in _KINDS if any(kind == k for kind, _ in grid)]
    table = Table("scaling", "Full-output accuracy % by test graph size and rule kind "
                  "[95% CI]", ["run", "rule kind", *map(str, sizes)], shades=[])
    curves: dict[str, tuple[str, list[int], list[float]]] = {}
    for run in runs:
        for kind in kinds:
            found = [grid.get((kind, n), {}).get(run) for n in sizes]
            table.rows.append([run, kind, *map(_cell, found)])
            table.shades.append([None, None, *map(_shade, found)])
            points = [(n, s.mean) for n, s in zip(sizes, found, strict=True) if s and s.n]
            if points:
                curves[_label(f"{run} ({kind})")] = (kind, [n for n, _ in points],
                                                     [m for _, m in points])

    def draw(figure) -> None:
        ax = figure.add_subplot()
        for label, (kind, xs, ys) in curves.items():  # dashed structural: lines may overlap
            ax.plot(xs, [100 * y for y in ys], label=label,
                    **({"marker": "o"} if kind == "colour" else {"marker": "s", "ls": "--"}))
        ax.set_xscale("log")
        ax.minorticks_off()
        ax.set_xticks(sizes, [str(n) for n in sizes])
        ax.set_ylim(-5, 105)
        ax.set_xlabel("test graph nodes")
        ax.set_ylabel("full-output accuracy %")
        ax.set_title("Scaling: accuracy vs test graph size")
        ax.legend(fontsize="small")

    plot = Plot("scaling", "Scaling", 6.0, 3.6, draw)
    return [table, plot] if len(sizes) > 1 else [table]


def gap_blocks(rows: list[Row], runs: list[str]) -> list[Block]:
    """Question vs full output per rule (the comprehension-execution gap), input vs
    output questions (asymmetry) and the transformation bias."""
    table = Table("diagnostics", "Comprehension-execution gap, input-output asymmetry and "
                  "transformation bias per rule (%)",
                  ["run", "rule", "full", "question", "gap", "input", "output", "asymmetry",
                   "bias", "bias n"], note=DIAGNOSTICS_NOTE)
    blocks: list[Block] = [table]
    for run in runs:
        rules = rules_of(rows, run)
        per_rule = {rule: diagnostics(rows, run, rule) for rule in rules}
        for rule, d in [*per_rule.items(), ("all", diagnostics(rows, run))]:
            table.rows.append([run, rule, pct(d["full"]), pct(d["question"]),
                               _signed(d["gap"]), pct(d["input"]), pct(d["output"]),
                               _signed(d["asymmetry"]), pct(d["bias"]), str(int(d["bias_n"]))])
        labels = [_label(rule) for rule in rules]
        blocks.append(bars(f"gap_{_stem(run)}", _label(f"{run}: question vs full output"),
                           labels, {key: [per_rule[r][key] for r in rules]
                                    for key in ("full", "question", "input", "output")},
                           "accuracy %"))
    bias = {_label(run): [diagnostics(rows, run, rule)["bias"] for rule in _all_rules(rows)]
            for run in runs}
    blocks.append(bars("bias", "Transformation bias: input questions answered with the "
                       "output's value", [_label(r) for r in _all_rules(rows)], bias,
                       "bias %"))
    return blocks


def _signed(value: float) -> str:
    text = pct(value)
    return text if text == "–" or value < 0 else "+" + text


def _all_rules(rows: list[Row]) -> list[str]:
    return sorted({r.meta["rule"] for r in rows})


def dimension_tables(full: list[Row], runs: list[str]) -> list[Block]:
    """Full-output accuracy by family, size pattern, encoding and system prompt."""
    tables: list[Block] = []
    for title, header, key in DIMENSIONS:
        if header == "rule":  # shown per run with the size patterns above
            continue
        groups = breakdown(full, key)
        table = Table(f"by_{_stem(header)}", f"Full-output accuracy % by {title} [95% CI]",
                      [header, *runs], shades=[])
        for group in sorted(groups):
            found = [groups[group].get(run) for run in runs]
            table.rows.append([group, *map(_cell, found)])
            table.shades.append([None, *map(_shade, found)])
        tables.append(table)
    return tables


def html_section(store, run_ids: Iterable[str] | None) -> list[Block]:
    rows = load(store, run_ids)
    if not rows:
        return ["<p>No scored arc items in these runs.</p>"]
    runs = sorted({r.run_id for r in rows})
    full = full_rows(rows)
    blocks: list[Block] = []
    for run in runs:
        if any(r.run_id == run for r in full):
            blocks += rule_pattern_blocks(full, run)
    if full:
        blocks += scaling_blocks(full, runs)
    blocks += gap_blocks(rows, runs)
    if full:
        blocks += dimension_tables(full, runs)
    return blocks
