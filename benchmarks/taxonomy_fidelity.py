"""Fidelity of our GTaxoGym reproduction: perturbed/original AUROC ratios vs the paper's.

Runs (or resumes) the GCN grid on the TUDatasets and prints, per dataset x perturbation,
our ratio, the published ratio, the difference and whether it is within the tolerance.

    python benchmarks/taxonomy_fidelity.py --folds 10 --epochs 300        # the paper's budget
    python benchmarks/taxonomy_fidelity.py --folds 3 --epochs 40 --workers 2
    python benchmarks/taxonomy_fidelity.py --report-only                    # just print
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from graphgauge.analysis.profiles import from_cells, published
from graphgauge.analysis.taxonomy_grid import GridSpec, run_grid
from graphgauge.analysis.taxonomy_store import CellStore, config_hash
from graphgauge.perturb.catalog import BASELINE, GRAPH_COLUMNS

DATASETS = "MUTAG,ENZYMES,PROTEINS,IMDB-BINARY"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--datasets", default=DATASETS)
    ap.add_argument("--perturbations", default=",".join(GRAPH_COLUMNS))
    ap.add_argument("--model", default="gcn", choices=["gcn", "gin"])
    ap.add_argument("--folds", type=int, default=10, help="first N of the 10 CV folds")
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--executor", default="local", choices=["local", "ray"])
    ap.add_argument("--store", default="taxonomy_fidelity.db")
    ap.add_argument("--cache-dir", default=".taxonomy_cache")
    ap.add_argument("--data-root", default=None, help="folder holding the TUDataset folders")
    ap.add_argument("--tolerance", type=float, default=0.05)
    ap.add_argument("--report-only", action="store_true", help="print from the store, no training")
    args = ap.parse_args(argv)

    spec = GridSpec(datasets=tuple(args.datasets.split(",")),
                    perturbations=(BASELINE,) + tuple(args.perturbations.split(",")),
                    model=args.model, runs=args.folds, epochs=args.epochs,
                    data_root=args.data_root, cache_dir=args.cache_dir)
    start = time.perf_counter()
    if args.report_only:
        store = CellStore(args.store)
        hashes = {config_hash(spec.cell_config(d)) for d in spec.datasets}
        cells = [c for c in store.results(model=args.model) if c["config_hash"] in hashes
                 and c["run"] < args.folds]
        store.close()
    else:
        def progress(key, result):
            print(f"[{time.perf_counter() - start:7.0f}s] {key.dataset:12s} {key.perturbation:12s}"
                  f" fold {key.run}: test AUROC {result['test_auroc']:.4f}"
                  f" (best epoch {int(result['best_epoch'])}, {result['seconds']:.0f}s)",
                  flush=True)

        cells = run_grid(spec, args.store, args.executor, args.workers, on_cell=progress)
    report(cells, args.model, args.tolerance)
    return 0


def report(cells: list[dict], model: str, tolerance: float) -> None:
    ours = from_cells(cells)
    paper = published(model)
    print(f"\n{'dataset':12s} {'perturbation':12s} {'folds':>5s} {'ours':>7s} {'paper':>7s}"
          f" {'diff':>7s}  ok   (ratios = AUROC perturbed / AUROC none)")
    within = total = 0
    for d in ours.datasets:
        base_n = ours.runs.get((d, BASELINE), 0)
        base, paper_base = ours.auroc.get((d, BASELINE), math.nan), paper.auroc.get((d, BASELINE))
        print(f"{d:12s} {'none AUROC':12s} {base_n:5d} {base:7.4f} {paper_base or math.nan:7.4f}")
        for p in ours.perturbations:
            r, pr = ours.ratio(d, p), paper.ratio(d, p)
            if not (math.isfinite(r) and math.isfinite(pr)):
                continue
            ok = abs(r - pr) <= tolerance
            within += ok
            total += 1
            print(f"{d:12s} {p:12s} {ours.runs[(d, p)]:5d} {r:7.4f} {pr:7.4f} {r - pr:+7.4f}"
                  f"  {'yes' if ok else 'NO'}")
    print(f"\nwithin ±{tolerance}: {within}/{total} ratios")
    sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(main())
