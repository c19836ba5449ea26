"""The dataset-taxonomy section: the GTaxoGym grid cells stored beside the runs (table
``taxonomy_cells``, written by ``graphgauge taxonomy``) turned into one taxonomy per model,
setting and training options, the same way the command builds it.

The taxonomy is not a suite, so it reads its own table. That table exists only in stores
the taxonomy command has written to; for every other store this module touches nothing
and imports nothing of the analysis (so a report never needs torch).
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import partial
from html import escape

import numpy as np

from graphgauge.results.figures import Plot
from graphgauge.results.sections import Section, slug
from graphgauge.results.table import Table
from graphgauge.store.sqlite import Store

_CELLS = "taxonomy_cells"
# The command's default cut; the report cannot know which -k a user chose.
CLUSTERS = 3
_NOTE = (f'<p class="note">Sensitivity profiles of datasets (GTaxoGym): how much a GNN\'s '
         f"test AUROC changes when the data are perturbed, as log2(AUROC perturbed / "
         f"original), 0 = unaffected, −1 = halved. Ward clustering with optimal leaf "
         f"ordering cut into at most {CLUSTERS} clusters, and PCA of the same rows. "
         f"<code>graphgauge taxonomy</code> writes other cuts and placements.</p>")


def taxonomy_section(store: Store) -> Section | None:
    grids = stored_grids(store)
    if not grids:
        return None
    blocks: list = [_NOTE]
    for label, cells in grids.items():
        blocks += grid_blocks(label, cells)
    return Section("taxonomy", "Dataset taxonomy", blocks)


def stored_grids(store: Store) -> dict[str, list[dict]]:
    """The stored cells grouped by (model, setting, training options), labelled for people:
    cells trained differently (other epochs) never share one matrix."""
    found = store.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                             (_CELLS,)).fetchone()
    if found is None:
        return {}
    from graphgauge.studies.taxonomy.grid import dataset_setting

    grouped: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    rows = store.db.execute(f"SELECT dataset, perturbation, model, run, config, result "
                            f"FROM {_CELLS} ORDER BY model, dataset, perturbation, run")
    for dataset, perturbation, model, run, config, result in rows:
        options = {k: v for k, v in json.loads(config).items() if k not in ("dataset", "model")}
        key = (model, dataset_setting(dataset), json.dumps(options, sort_keys=True))
        grouped[key].append({"dataset": dataset, "perturbation": perturbation, "run": run,
                             **json.loads(result)})
    variants: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for model, setting, options in grouped:
        variants[model, setting].append(json.loads(options))
    out = {}
    for (model, setting, options), cells in sorted(grouped.items()):
        label = f"{model}, {setting}"
        others = variants[model, setting]
        shown = {k: v for k, v in json.loads(options).items()
                 if any(o.get(k) != v for o in others)}  # only what tells the grids apart
        if shown:
            label += " (" + ", ".join(f"{k}={'default' if v is None else v}"
                                      for k, v in shown.items()) + ")"
        out[label] = cells
    return out


def grid_blocks(label: str, cells: list[dict]) -> list:
    """Matrix table, clustered heatmap, PCA map and cluster membership of one grid."""
    from graphgauge.studies.taxonomy.plots import PCA_SIZE, draw_heatmap, draw_pca, heatmap_size
    from graphgauge.studies.taxonomy.profiles import from_cells
    from graphgauge.studies.taxonomy.taxonomy import build

    profiles = from_cells(cells)
    n, m = len(profiles.datasets), len(profiles.perturbations)
    matrix = np.array(profiles.log2_matrix(), dtype=float).reshape(n, m)
    stem = slug(label)
    if n < 2 or m == 0:
        return [matrix_table(stem, label, profiles, matrix, list(range(n)), None),
                f'<p class="note">{escape(label)}: clustering needs at least two datasets '
                "and one finished perturbation.</p>"]
    tax = build(profiles.datasets, profiles.perturbations, matrix, CLUSTERS)
    return [
        matrix_table(stem, label, profiles, matrix, tax.order, tax.clusters),
        Plot(f"{stem}_heatmap", f"{label}: AUROC perturbed / original (%), clustered",
             *heatmap_size(tax), partial(draw_heatmap, tax=tax), tight=False),
        Plot(f"{stem}_pca", f"{label}: PCA of the profiles, coloured by cluster", *PCA_SIZE,
             partial(draw_pca, tax=tax)),
        cluster_table(stem, label, tax),
    ]


def matrix_table(stem: str, label: str, profiles, matrix: np.ndarray, order: list[int],
                 clusters: np.ndarray | None) -> Table:
    from graphgauge.perturb.catalog import BASELINE

    table = Table(f"{stem}_matrix", f"{label}: log2(AUROC perturbed / original), rows in "
                  "dendrogram order", ["dataset", "cluster", "AUROC original"]
                  + profiles.perturbations, shades=[],
                  note="Mean test AUROC over the runs both the perturbation and the "
                  "original finished; – = not finished.")
    for i in order:
        dataset = profiles.datasets[i]
        base = profiles.auroc.get((dataset, BASELINE))
        values = matrix[i]
        table.rows.append([dataset, "–" if clusters is None else str(clusters[i]),
                           "–" if base is None else f"{base:.3f}"]
                          + [f"{v:+.3f}" if np.isfinite(v) else "–" for v in values])
        # green where the perturbation helps, red where it hurts (±1 = doubled / halved)
        table.shades.append([None, None, None] + [
            float(np.clip(0.5 + v / 2, 0, 1)) if np.isfinite(v) else None for v in values])
    return table


def cluster_table(stem: str, label: str, tax) -> Table:
    table = Table(f"{stem}_clusters", f"{label}: clusters (Ward, k = {tax.clusters.max()})",
                  ["cluster", "datasets", "n"])
    for cluster in range(1, int(tax.clusters.max()) + 1):
        members = [tax.datasets[i] for i in tax.order if tax.clusters[i] == cluster]
        table.rows.append([str(cluster), ", ".join(members), str(len(members))])
    return table
