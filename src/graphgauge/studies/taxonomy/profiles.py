"""Sensitivity profiles: per (dataset, perturbation) mean AUROC over runs, the ratio to the
unperturbed baseline, and log2 of it — the rows the taxonomy clusters.

Also reads the published GTaxoGym tables (``gtaxogym_results/derived``) into the same
shape, so our matrix and the paper's can be compared or merged.
"""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.perturb.catalog import BASELINE, PUBLISHED_NAMES


@dataclass
class Profiles:
    """AUROC means and log2 ratios; rows = datasets, columns = perturbations (no baseline)."""

    datasets: list[str]
    perturbations: list[str]
    auroc: dict[tuple[str, str], float]  # includes (dataset, BASELINE)
    runs: dict[tuple[str, str], int]

    def ratio(self, dataset: str, pert: str) -> float:
        base = self.auroc.get((dataset, BASELINE), math.nan)
        if not base > 0:
            return math.nan
        return self.auroc.get((dataset, pert), math.nan) / base

    def log2_matrix(self) -> list[list[float]]:
        def safe_log2(v: float) -> float:
            return math.log2(v) if v > 0 and math.isfinite(v) else math.nan

        return [[safe_log2(self.ratio(d, p)) for p in self.perturbations] for d in self.datasets]


def from_cells(cells: list[dict], paired: bool = True) -> Profiles:
    """Mean test AUROC per (dataset, perturbation).

    ``paired``: average only over runs (folds/seeds) that both the perturbation and the
    baseline finished, so a partially finished grid still yields like-for-like ratios.
    """
    by_key: dict[tuple[str, str], dict[int, float]] = defaultdict(dict)
    for c in cells:
        by_key[(c["dataset"], c["perturbation"])][int(c["run"])] = float(c["test_auroc"])
    datasets = sorted({d for d, _ in by_key})
    perts = sorted({p for _, p in by_key if p != BASELINE})
    auroc, runs = {}, {}
    for d in datasets:
        base = by_key.get((d, BASELINE), {})
        for p in [BASELINE] + perts:
            vals = by_key.get((d, p), {})
            keep = [r for r in vals if r in base] if paired and p != BASELINE else list(vals)
            if keep:
                auroc[(d, p)] = sum(vals[r] for r in keep) / len(keep)
                runs[(d, p)] = len(keep)
    return Profiles(datasets, perts, auroc, runs)


def published(model: str = "gcn", setting: str = "inductive",
              root: str | Path | None = None) -> Profiles:
    """The paper's mean test AUROCs from ``derived/<file>_test_auc_wide.csv``.

    Dataset names lose their loader prefix (``PyG-TUDataset_MUTAG`` -> ``MUTAG``) and
    columns are renamed to ours, so rows line up with our grid's.
    """
    if root is None:
        from graphgauge.datasets.loader import data_root

        root = data_root() / "gtaxogym_results"
    base = Path(root)
    stem = {"inductive": f"graph_{model}_results", "transductive": "node_results"}[setting]
    path = base / "derived" / f"{stem}_test_auc_wide.csv"
    if not path.exists():
        raise UserError(f"{path}: published results not found (--published-root)")
    col = 0 if setting == "inductive" else 1
    ours = {names[col]: name for name, names in PUBLISHED_NAMES.items() if names[col]}
    auroc: dict[tuple[str, str], float] = {}
    datasets = []
    with path.open() as handle:
        for row in csv.DictReader(handle):
            name = short_name(row["Dataset"])
            datasets.append(name)
            for column, value in row.items():
                if column in ours and value not in ("", None):
                    auroc[(name, ours[column])] = float(value)
    perts = [p for p in ours.values() if p != BASELINE]
    return Profiles(datasets, perts, auroc, {k: 10 for k in auroc})


def short_name(published_name: str) -> str:
    """'PyG-TUDataset_MUTAG' -> 'MUTAG'; other names (OGB_…, nx_…) are kept whole."""
    for prefix in ("PyG-TUDataset_", "PyG-GNNBenchmarkDataset_"):
        if published_name.startswith(prefix):
            return published_name[len(prefix):]
    return published_name


def write_csv(profiles: Profiles, path: str | Path, values: str = "log2") -> None:
    """Matrix CSV: rows datasets, columns perturbations; log2 ratios, ratios or AUROCs."""
    with Path(path).open("w", newline="") as handle:
        writer = csv.writer(handle)
        if values == "auroc":
            cols = [BASELINE] + profiles.perturbations
            writer.writerow(["dataset"] + cols)
            for d in profiles.datasets:
                writer.writerow([d] + [_fmt(profiles.auroc.get((d, p), math.nan)) for p in cols])
            return
        writer.writerow(["dataset"] + profiles.perturbations)
        matrix = profiles.log2_matrix()
        for d, row in zip(profiles.datasets, matrix, strict=True):
            vals = row if values == "log2" else [2 ** v for v in row]
            writer.writerow([d] + [_fmt(v) for v in vals])


def _fmt(v: float) -> str:
    return "" if not math.isfinite(v) else f"{v:.5f}"
