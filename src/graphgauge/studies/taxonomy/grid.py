"""The taxonomy grid: datasets x perturbations x runs (CV folds or seeds), one GNN per cell.

Cells are independent, so they go to a local process pool (default) or to Ray; the driver
stores each finished cell at once (``taxonomy_store``), so a rerun skips finished work.
Perturbed datasets are computed once per (dataset, perturbation) and cached on disk beside
the store, because FiedlerFrag and the band-passes cost more than a short training run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError
from graphgauge.studies.taxonomy.cell_store import CellKey, CellStore, config_hash

#: Bumped whenever a perturbation or the training changes what a cell computes, so stored
#: cells and cached perturbed datasets from before are not mixed in (3: RandRewire attempts
#: int(0.5 |E| // 2) swaps like the original, not |E| // 2; a band edge inside a repeated
#: eigenvalue shares the eigenspace instead of depending on the eigensolver's basis).
CELL_VERSION = 3


@dataclass(frozen=True)
class GridSpec:
    datasets: tuple[str, ...]
    perturbations: tuple[str, ...]  # includes "none" (the baseline)
    model: str = "gcn"
    runs: int = 10  # first `runs` of the 10 CV folds (inductive) or seeds (transductive)
    epochs: int | None = None  # None = the paper's 300 (inductive) / 5000 (transductive)
    data_root: str | None = None
    perturb_seed: int = 0
    cache_dir: str | None = None
    #: more settings hashed into every cell; ``train_seed`` (inductive torch seed, default 0)
    extra: dict = field(default_factory=dict)

    def cell_config(self, dataset: str) -> dict:
        """Everything that changes a cell's result (hashed into its key). Not ``runs``: a
        fold's result does not depend on how many folds are run, so a 3-fold grid extended
        to 10 folds reuses its first 3."""
        return {"dataset": dataset, "model": self.model, "epochs": self.epochs,
                "perturb_seed": self.perturb_seed, "version": CELL_VERSION, **self.extra}


def dataset_setting(name: str) -> str:
    """'transductive' for single-graph node datasets, 'inductive' for graph collections."""
    from graphgauge.studies.taxonomy.data import TRANSDUCTIVE_PREFIXES

    return "transductive" if name.split(":")[0] in TRANSDUCTIVE_PREFIXES else "inductive"


def _cache_path(spec: GridSpec, dataset: str, perturbation: str) -> Path | None:
    if spec.cache_dir is None:
        return None
    key = f"{dataset}|{perturbation}|{spec.perturb_seed}|{spec.data_root}|v{CELL_VERSION}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in dataset)
    return Path(spec.cache_dir) / f"{safe}__{perturbation}__{digest}.pt"


def perturbed(spec: GridSpec, dataset: str, perturbation: str):
    """The (possibly disk-cached) perturbed dataset for one grid row/column."""
    import torch

    from graphgauge.studies.taxonomy.data import load_for_taxonomy

    path = _cache_path(spec, dataset, perturbation)
    if path is not None and path.exists():
        return torch.load(path, weights_only=False)
    data = load_for_taxonomy(dataset, perturbation, spec.model, spec.data_root,
                             seed=spec.perturb_seed)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        torch.save(data, tmp)
        os.replace(tmp, path)
    return data


def run_cell(spec: GridSpec, key: CellKey) -> dict:
    """Train and evaluate one cell; runs inside a worker process (one torch thread)."""
    import torch

    from graphgauge.studies.taxonomy.data import train_cell

    torch.set_num_threads(1)
    data = perturbed(spec, key.dataset, key.perturbation)
    return train_cell(data, spec.model, key.run, spec.epochs,
                      train_seed=spec.extra.get("train_seed", 0))


def plan(spec: GridSpec) -> list[CellKey]:
    """Run-major order: every (dataset, perturbation) gets run 0 before any gets run 1, so a
    grid stopped early still has comparable profiles from its first runs."""
    hashes = {d: config_hash(spec.cell_config(d)) for d in spec.datasets}
    return [CellKey(dataset, pert, spec.model, run, hashes[dataset])
            for run in range(spec.runs) for dataset in spec.datasets
            for pert in spec.perturbations]


def _local(spec: GridSpec, keys: list[CellKey], workers: int) -> Iterator[tuple[CellKey, Any]]:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    if workers <= 1:
        for key in keys:
            yield key, run_cell(spec, key)
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn")) as pool:
        futures = {pool.submit(run_cell, spec, key): key for key in keys}
        for fut in as_completed(futures):
            yield futures[fut], fut.result()


def _ray(spec: GridSpec, keys: list[CellKey], workers: int) -> Iterator[tuple[CellKey, Any]]:
    import ray

    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        ray.init(address=address) if address else ray.init(num_cpus=workers)
    remote = ray.remote(num_cpus=1)(run_cell)
    pending = {remote.remote(spec, key): key for key in keys}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            yield pending.pop(ref), ray.get(ref)


EXECUTORS: dict[str, Callable[..., Iterator[tuple[CellKey, Any]]]] = {
    "local": _local, "ray": _ray}


def run_grid(spec: GridSpec, store_path: str | Path, executor: str = "local",
             workers: int = 2, on_cell: Callable[[CellKey, dict], None] | None = None
             ) -> list[dict]:
    """Run every unfinished cell, storing each as it finishes; return all cells of the grid.

    Perturbed datasets are cached on disk (``cache_dir``), so later runs of a
    (dataset, perturbation) reuse the first one's perturbation work.
    """
    if executor not in EXECUTORS:
        raise UserError(f"--executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    store = CellStore(store_path)
    try:
        keys = plan(spec)
        todo = [k for k in keys if k not in store.done(keys)]
        configs = {d: spec.cell_config(d) for d in spec.datasets}
        for key, result in EXECUTORS[executor](spec, todo, workers):
            store.put(key, configs[key.dataset], result)
            if on_cell is not None:
                on_cell(key, result)
        wanted = set(keys)
        return [r for r in store.results(model=spec.model)
                if CellKey(r["dataset"], r["perturbation"], r["model"], r["run"],
                           r["config_hash"]) in wanted]
    finally:
        store.close()
