"""From a grid of finished cells to the taxonomy files: matrix CSVs, clusters, figures, and
the placement of new datasets in a reference taxonomy (ours or the published one)."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from graphgauge.errors import UserError
from graphgauge.studies.taxonomy.profiles import Profiles, from_cells, published, write_csv
from graphgauge.studies.taxonomy.taxonomy import Placement, Taxonomy, build, place


@dataclass
class TaxonomyOutput:
    profiles: Profiles
    taxonomy: Taxonomy | None
    files: list[Path] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)


def restrict(profiles: Profiles, datasets: list[str], perturbations: list[str]) -> Profiles:
    missing = [d for d in datasets if d not in profiles.datasets]
    if missing:
        raise UserError(f"no profile for dataset(s) {', '.join(missing)}")
    return Profiles(list(datasets), list(perturbations), profiles.auroc, profiles.runs)


def write_clusters(tax: Taxonomy, path: Path) -> Path:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["dataset", "cluster", "leaf_order", "pc1", "pc2"])
        for pos, i in enumerate(tax.order):
            pcs = list(tax.pca_coords[i, :2]) + [math.nan] * (2 - min(2, tax.pca_coords.shape[1]))
            writer.writerow([tax.datasets[i], int(tax.clusters[i]), pos,
                             f"{pcs[0]:.5f}", f"{pcs[1]:.5f}"])
    return path


def make_taxonomy(cells: list[dict], datasets: list[str], perturbations: list[str],
                  out_dir: Path, k: int, place_names: list[str] | None = None,
                  reference: str = "ours", model: str = "gcn",
                  published_root: str | None = None, plots: bool = True) -> TaxonomyOutput:
    """Write matrix/cluster files for ``datasets`` and place ``place_names`` in the reference.

    ``reference='published'`` clusters the paper's matrix (same model, same columns) and
    places our new datasets' profiles in it; ``'ours'`` clusters ``datasets`` themselves.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    ours = from_cells(cells)
    files: list[Path] = []
    if datasets:
        prof = restrict(ours, datasets, perturbations)
        for values, name in (("log2", "matrix_log2.csv"), ("ratio", "matrix_ratio.csv"),
                             ("auroc", "auroc.csv")):
            write_csv(prof, out_dir / name, values)
            files.append(out_dir / name)
    if reference == "published":
        ref_prof = published(model, root=published_root)
        ref_prof = Profiles(ref_prof.datasets, list(perturbations), ref_prof.auroc, ref_prof.runs)
    elif datasets:
        ref_prof = restrict(ours, datasets, perturbations)
    else:
        raise UserError("give --datasets to build a taxonomy, or --reference published")
    tax = None
    if len(ref_prof.datasets) >= 2:
        tax = build(ref_prof.datasets, perturbations, np.array(ref_prof.log2_matrix()), k)
        files.append(write_clusters(tax, out_dir / "clusters.csv"))
        if plots:
            from graphgauge.studies.taxonomy.plots import heatmap, pca_scatter

            files += [heatmap(tax, out_dir / "heatmap.png"), pca_scatter(tax, out_dir / "pca.png")]
    placements = []
    if place_names:
        if tax is None:
            raise UserError("placing a dataset needs a reference taxonomy of >= 2 datasets")
        new = restrict(ours, place_names, perturbations)
        for name, row in zip(place_names, new.log2_matrix(), strict=True):
            placements.append(place(tax, name, np.array(row), k))
    return TaxonomyOutput(ours, tax, files, placements)
