"""The serialization-robustness study as one call: run a model over a grid of encodings,
then write the tables and plots of the analysis.

The grid is the encodings asked for plus N random relabelings of the baseline (the
labeling study of the paper: same structure, same sorted order, nodes renamed). It is run
as a single run, so every (instance, encoding) pair shares the response cache with any
earlier run of the same model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.render.prompt import encoding_of
from graphgauge.runner import RunOptions, RunResult, run_benchmark
from graphgauge.store.sqlite import Store
from graphgauge.studies.robustness.measures import (
    accuracy_by_encoding,
    output_span,
    variability,
    write_tables,
)

# The default grid: one axis changed at a time against the Erdős-style baseline.
DEFAULT_ENCODINGS = (
    "edge_list",
    "edge_list+source_shuffled", "edge_list+target_shuffled", "edge_list+shuffled",
    "edge_list+bfs", "edge_list+replicated",
    "adjacency_list", "adjacency_list+shuffled", "incidence_list", "adjacency_matrix",
    "edge_list+json", "edge_list+networkx", "edge_list+pyg", "edge_list+graphml",
    "edge_list+dot", "edge_list+markdown",
    "edge_list+offset", "edge_list+alpha",
)


# The paper's grid: one axis changed at a time against its baseline, the Erdős prompt
# (``erdos`` = edge_list+bfs+offset): orders, structures, syntaxes. Its relabelings are
# the Erdős prompt of the relabeled graph (BFS from the smallest new label).
PAPER_ENCODINGS = (
    "erdos",
    "erdos+sorted", "erdos+source_shuffled", "erdos+shuffled", "erdos+replicated",
    "erdos+adjacency_list", "adjacency_matrix+offset",
    "erdos+json", "erdos+networkx", "erdos+pyg",
)
#: Named grids: (encodings, baseline). ``paper`` reproduces the serialization study.
GRIDS = {"default": (DEFAULT_ENCODINGS, "edge_list"), "paper": (PAPER_ENCODINGS, "erdos")}


def grid_preset(name: str) -> tuple[tuple[str, ...], str]:
    """The encodings and baseline of a named grid."""
    if name not in GRIDS:
        raise UserError(f"unknown study grid {name!r}; choose one of: {', '.join(GRIDS)}")
    return GRIDS[name]


def study_grid(encodings: Sequence[str], baseline: str, labelings: int) -> list[str]:
    """Canonical encoding names: the baseline first, the others, then the relabelings
    (the baseline with its labeling replaced by random<K>)."""
    base = encoding_of(baseline)
    if base.labeling == "random":
        raise UserError(f"the baseline must have fixed node names, not a random "
                        f"relabeling, got {baseline!r}")
    if labelings < 0:
        raise UserError(f"--labelings must be 0 or more, got {labelings}")
    names = [base.name]
    for spec in encodings:
        name = encoding_of(spec).name
        if name not in names:
            names.append(name)
    names += [replace(base, labeling="random", seed=k).name for k in range(labelings)]
    return names


@dataclass
class StudyResult:
    run: RunResult
    encodings: list[str]
    files: list[Path] = field(default_factory=list)
    overall: list[Any] = field(default_factory=list)
    spans: list[Any] = field(default_factory=list)
    variability: list[Any] = field(default_factory=list)


def run_study(
    instances: Sequence[Instance],
    model: Any,
    store: Store,
    out_dir: Path,
    *,
    encodings: Sequence[str] = DEFAULT_ENCODINGS,
    baseline: str = "edge_list",
    labelings: int = 10,
    options: RunOptions | None = None,
    tokenizer: Any = None,
    plots: bool = True,
    progress: bool = True,
    source: str | None = None,
) -> StudyResult:
    grid = study_grid(encodings, baseline, labelings)
    options = options or RunOptions()
    options.encodings = tuple(grid)
    run = run_benchmark(instances, model, store, options, source=source, progress=progress)
    rows = list(store.items([run.run_id]))
    baseline_name = grid[0]
    out_dir.mkdir(parents=True, exist_ok=True)
    result = StudyResult(run, grid)
    result.files = write_tables(out_dir, rows, baseline=baseline_name, tokenizer=tokenizer)
    result.overall = accuracy_by_encoding(rows, baseline=baseline_name, level="overall")
    result.spans = output_span(rows)
    result.variability = variability(rows)
    if plots:
        from graphgauge.studies.robustness.plots import heatmap_deltas, span_bars

        by_task = accuracy_by_encoding(rows, baseline=baseline_name, level="task")
        if by_task:
            result.files.append(heatmap_deltas(by_task, out_dir / "heatmap_task_encoding.png"))
        if result.spans:
            result.files.append(span_bars(result.spans, out_dir / "span_per_task.png"))
    return result
