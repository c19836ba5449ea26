"""``graphgauge taxonomy run``: profile datasets by GNN sensitivity to perturbations and cluster
them (GTaxoGym), resuming from stored grid cells."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(group: typer.Typer) -> None:
    from graphgauge.choices import ChoicesHelp

    @group.command("run", cls=ChoicesHelp)
    def taxonomy(
        datasets: Annotated[str, typer.Option(
            "--datasets", "--dataset", "-d",
            help="Comma list: TUDataset names/folders (MUTAG, ENZYMES …), "
            "synthetic:smallworld, synthetic:scalefree, synthetic:pattern, synthetic:cluster "
            "(per-node targets), or TAGs (dblp, webkb:cornell).")] = "",
        model: Annotated[str, typer.Option("--model", "-m", help="gcn or gin.")] = "gcn",
        perturbations: Annotated[str, typer.Option(
            "--perturbations", "-P", help="'all' (the paper's columns) or a comma list of: "
            "{perturbations}.")] = "all",
        runs: Annotated[int, typer.Option(
            "--runs", help="CV folds (of 10) or seeds per cell.")] = 10,
        epochs: Annotated[int | None, typer.Option(
            "--epochs", help="Training epochs (default: the paper's 300 / 5000).")] = None,
        clusters: Annotated[int, typer.Option("--clusters", "-k", help="Ward cut size.")] = 3,
        place_: Annotated[str, typer.Option(
            "--place", help="Comma list of new datasets to place in the reference taxonomy.")] = "",
        reference: Annotated[str, typer.Option(
            "--reference", help="'ours' (cluster --datasets) or 'published' (the paper's "
            "matrix for --model).")] = "ours",
        out: Annotated[Path, typer.Option(
            "--out", "--output", "-o", help="Output folder.")] = Path("taxonomy"),
        store: Annotated[Path, typer.Option(
            "--store", "-s", help="SQLite file for finished cells (resume).")
        ] = Path("graphgauge.db"),
        executor: Annotated[str, typer.Option("--executor", help="local or ray.")] = "local",
        workers: Annotated[int, typer.Option("--workers", "-w", help="Parallel cells.")] = 2,
        data_root: Annotated[Path | None, typer.Option(
            "--data-root", help="Folder with TUDataset folders.")] = None,
        published_root: Annotated[Path | None, typer.Option(
            "--published-root", help="gtaxogym_results folder.")] = None,
        no_plots: Annotated[bool, typer.Option("--no-plots", help="Skip the figures.")] = False,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No per-cell lines.")] = False,
    ) -> None:
        """Run the datasets x perturbations grid, write matrix CSVs, clusters and plots
        (and place --place datasets in the taxonomy)."""
        from rich.console import Console

        from graphgauge.errors import UserError
        from graphgauge.extras import require
        from graphgauge.perturb.catalog import BASELINE, expand
        from graphgauge.preflight import output_folder
        from graphgauge.store import Store
        from graphgauge.studies.taxonomy.grid import GridSpec, dataset_setting, run_grid
        from graphgauge.studies.taxonomy.pipeline import make_taxonomy

        console = Console()
        if model not in ("gcn", "gin"):
            raise UserError(f"--model must be gcn or gin, got {model!r}")
        if reference not in ("ours", "published"):
            raise UserError(f"--reference must be ours or published, got {reference!r}")
        if not 1 <= runs <= 10:
            raise UserError(f"--runs must be between 1 and 10, got {runs}")
        require("gnn", "taxonomy")
        if executor == "ray":
            require("ray", "taxonomy --executor ray")
        if not no_plots:
            require("plots", "taxonomy's figures (or --no-plots)")
        output_folder(out, "--out")
        Store(store).close()  # the cells go in a graphgauge store: refuse any other file
        names = [d.strip() for d in datasets.split(",") if d.strip()]
        new = [d.strip() for d in place_.split(",") if d.strip()]
        if not names and not new:
            raise UserError("give --datasets and/or --place")
        settings = {dataset_setting(d) for d in names + new}
        if len(settings) > 1:
            raise UserError("mix of graph-level and node-level datasets: run them separately")
        perts = expand(perturbations, settings.pop(), published=reference == "published")
        spec = GridSpec(datasets=tuple(names + new), perturbations=(BASELINE, *perts),
                        model=model, runs=runs, epochs=epochs,
                        data_root=str(data_root) if data_root else None,
                        cache_dir=str(store) + ".cache")

        def progress(key, result):
            if not quiet:
                console.print(f"{key.dataset} {key.perturbation} run {key.run}: "
                              f"AUROC {result['test_auroc']:.4f}")

        cells = run_grid(spec, store, executor, workers, on_cell=progress)
        result = make_taxonomy(cells, names, perts, out, clusters, new, reference, model,
                               str(published_root) if published_root else None,
                               plots=not no_plots)
        _print(console, result)



def _print(console, result) -> None:
    from rich.table import Table

    tax = result.taxonomy
    if tax is not None:
        table = Table(title="Taxonomy (Ward, optimal ordering)")
        for col in ("dataset", "cluster", "PC1", "PC2"):
            table.add_column(col)
        for i in tax.order:
            pc = tax.pca_coords[i]
            table.add_row(tax.datasets[i], str(tax.clusters[i]), f"{pc[0]:+.3f}",
                          f"{pc[1]:+.3f}" if len(pc) > 1 else "")
        console.print(table)
    for p in result.placements:
        near = ", ".join(f"{d} ({dist:.2f})" for d, dist in p.nearest)
        mates = ", ".join(p.joint_cluster_mates) or "-"
        console.print(f"placed {p.dataset}: cluster {p.cluster}; nearest {near}; "
                      f"joint re-clustering groups it with {mates}")
    for f in result.files:
        console.print(f"wrote {f}")
