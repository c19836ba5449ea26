"""GTEval commands: list the instruction variants, run the study, attack the structure,
export instruction-tuning data."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge import preflight
from graphgauge.errors import UserError
from graphgauge.extras import require
from graphgauge.preflight import output_file, output_folder

DatasetOpt = Annotated[
    str | None, typer.Option("--dataset", "-d", help="TAG to sample from: dblp, "
                             "webkb:cornell|texas|washington|wisconsin, or KIND:PATH.")
]
TasksOpt = Annotated[
    str | None, typer.Option("--tasks", "-t", help="Prompt styles, comma-separated: zero_shot, "
                             "neighbors, neighbors_labels (default: all).")
]
CountOpt = Annotated[int, typer.Option("--count", "-n", help="Centre nodes (per style).")]
SeedOpt = Annotated[int, typer.Option(help="Seed of the split, the sample and the attack.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="Suite option key=value, repeatable: hops, "
                 "max_neighbors, split, relabel (YAML map file).")
]
ParamOpt = Annotated[
    list[str] | None,
    typer.Option("--param", "-p", help="Model option key=value, repeatable (as for 'run').")
]
StoreOpt = Annotated[
    Path, typer.Option("--store", "-s", help="SQLite results file (created if missing).")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")]


def _options(pairs: list[str] | None, dataset: str | None) -> dict:
    from graphgauge.params import parse_params

    options = parse_params(pairs)
    if dataset:
        options["dataset"] = dataset
    return options


def _tasks(value: str | None) -> list[str] | None:
    return [t.strip() for t in value.split(",") if t.strip()] if value else None


def _generate(tasks, count, seed, options, quiet):
    from graphgauge.suites import classify

    if count < 1:
        raise UserError(f"--count must be at least 1, got {count}")
    return classify.generate_suite(tasks=tasks, count=count, seed=seed, nodes=None,
                                   options=options, progress=not quiet)


def _benchmark(benchmark, dataset, tasks, count, seed, options, quiet):
    """Instances from --benchmark (its classify items) or generated from --dataset."""
    if benchmark is not None:
        from graphgauge.instance import read_jsonl
        from graphgauge.suites import classify  # noqa: F401  (registers the tasks)

        instances = [i for i in read_jsonl(benchmark) if i.suite == "classify"]
        if not instances:
            raise UserError(f"{benchmark}: no classify instances")
        wanted = set(tasks or [])
        return [i for i in instances if not wanted or i.task in wanted]
    if not options.get("dataset"):
        raise UserError("give --dataset (e.g. dblp) or --benchmark FILE")
    return _generate(tasks, count, seed, options, quiet)


def _models(specs, params, instances) -> list:
    """The models built and checked before the store is opened: (spec, model) pairs."""
    from graphgauge.params import parse_params

    return preflight.load_models(specs, parse_params(params), instances)


def _run(instances, models, variants, store, quiet):
    """Run every (spec, model) over every variant; returns the run ids."""
    from graphgauge.runner import RunOptions, run_benchmark

    run_ids = []
    for spec, loaded in models:
        result = run_benchmark(instances, loaded, store, RunOptions(variants=tuple(variants)),
                               progress=not quiet)
        typer.echo(f"{spec}: run {result.run_id} — {result.answered} answered, "
                   f"{result.skipped} already done, {result.errors} errors, "
                   f"{result.elapsed:.1f}s")
        run_ids.append(result.run_id)
    return run_ids


def register(app: typer.Typer, group: typer.Typer) -> None:
    """``variants`` on the main app; run, structure and export on the gteval group."""

    @app.command()
    def variants(
        show: Annotated[
            str | None, typer.Option(help="Print the templates of one kind (e.g. reverse).")
        ] = None,
    ) -> None:
        """List GTEval's instruction variants: original, rephrase:K, relabel:K, reverse:K,
        randomize:K (K = template index)."""
        from rich.console import Console
        from rich.table import Table

        from graphgauge.render.variants import describe, variant_kind

        if show is not None:
            kind = variant_kind(show)
            questions = kind.question_templates
            for k, text in enumerate(kind.templates):
                typer.echo(f"{kind(k).name:<{len(show) + 3}} {text}")
                if questions is not None and questions is not kind.templates:
                    asked = questions[k].format(question="<the task's question>",
                                                question_lower="<the task's question>")
                    typer.echo(f"{' ' * (len(show) + 4)}other suites: {asked}")
            return
        table = Table(title="Instruction variants (GTEval)")
        for header in ("variant", "templates", "meaning", "suites"):
            table.add_column(header)
        for kind, count, meaning, needs_labels in describe():
            name = kind if count == 1 else f"{kind}:0..{count - 1}"
            table.add_row(name, str(count), meaning,
                          "classify only (needs a label space)" if needs_labels else "all")
        Console().print(table)

    @group.command("run")
    def gteval(
        model: Annotated[
            list[str], typer.Option("--model", "-m", help="Model spec as for 'run'; repeatable.")
        ],
        dataset: DatasetOpt = None,
        benchmark: Annotated[
            Path | None, typer.Option(help="Use this classify benchmark instead of generating.")
        ] = None,
        tasks: TasksOpt = None,
        count: CountOpt = 100,
        seed: SeedOpt = 0,
        variant: Annotated[
            list[str] | None,
            typer.Option("--variant", "-v", help="Variants to run, repeatable; a bare kind "
                         "(rephrase) means all its templates. Default: all."),
        ] = None,
        option: OptionOpt = None,
        param: ParamOpt = None,
        store: StoreOpt = Path("graphgauge.db"),
        csv: Annotated[
            Path | None, typer.Option("--csv", "--output", "-o",
                                      help="Also write the table to CSV.")
        ] = None,
        quiet: QuietOpt = False,
    ) -> None:
        """Node classification under every instruction variant, then the paper's table
        (Ori. Acc, Rep. Acc, relative change, Relabel, Reverse, Random) and a diagnosis
        line per model (over-sensitive / over-insensitive)."""
        from rich.console import Console

        from graphgauge.registry import check_prompts
        from graphgauge.render.variants import ORIGINAL, expand_variants
        from graphgauge.store import Store
        from graphgauge.studies.gteval.report import gteval_csv, gteval_table, short_model
        from graphgauge.studies.gteval.rows import gteval_rows

        if csv is not None:
            output_file(csv, "--csv")
        names = expand_variants(variant or ["all"])
        if ORIGINAL not in names:
            names.insert(0, ORIGINAL)  # Reverse and the relative change need it
        instances = _benchmark(benchmark, dataset, _tasks(tasks), count, seed,
                               _options(option, dataset), quiet)
        check_prompts(instances, ["edge_list"], names)
        console = Console()
        models = _models(model, param, instances)
        with Store(store) as db:
            run_ids = _run(instances, models, names, db, quiet)
            rows = gteval_rows(db, run_ids)
        console.print(gteval_table(rows))
        for row in rows:
            console.print(f"{short_model(row.model)} ({row.task}, {row.dataset}): {row.diagnosis}",
                          markup=False)
        if csv is not None:
            gteval_csv(rows, csv)
            typer.echo(f"wrote {csv}")

    @group.command("structure")
    def gteval_structure(
        model: Annotated[
            list[str] | None,
            typer.Option("--model", "-m", help="Model spec as for 'run'; repeatable."),
        ] = None,
        dataset: DatasetOpt = "dblp",
        attack: Annotated[
            str, typer.Option(help="prbcd (torch_geometric's PRBCD on a GCN surrogate) or "
                              "flip (degree-budget random edge flips).")
        ] = "prbcd",
        tasks: TasksOpt = "neighbors",
        count: CountOpt = 100,
        seed: SeedOpt = 0,
        gnn: Annotated[
            str, typer.Option(help="GNN baseline trained per condition: sgc (linear 2-layer "
                              "GCN, seconds), gcn (the shared GCN, minutes) or none.")
        ] = "sgc",
        option: OptionOpt = None,
        param: ParamOpt = None,
        store: StoreOpt = Path("graphgauge.db"),
        quiet: QuietOpt = False,
    ) -> None:
        """Structure vs text: accuracy on clean prompts, after a structural attack on the
        centre nodes (budget: their degrees) and with the centre's text removed — for each
        model and for a GCN trained on the same data."""
        from rich.console import Console
        from rich.table import Table

        from graphgauge.store import Store
        from graphgauge.studies.gteval.report import short_model
        from graphgauge.studies.gteval.rows import gteval_rows
        from graphgauge.studies.gteval.structure import (
            CONDITIONS,
            DropRow,
            condition_options,
            gnn_accuracy,
        )

        if gnn not in ("sgc", "gcn", "none"):
            raise UserError(f"--gnn must be sgc, gcn or none, got {gnn!r}")
        if attack == "prbcd" or gnn != "none":
            require("gnn", "gteval structure (--attack prbcd or a --gnn baseline)")
        base = _options(option, dataset)
        rows: list[tuple[str, str, DropRow]] = []
        by_condition = {}
        for condition, extra in condition_options(attack).items():
            by_condition[condition] = _generate(_tasks(tasks), count, seed, {**base, **extra},
                                                quiet)
        _models(model or [], param, by_condition["clean"])  # refuse bad ones before a run
        with Store(store) as db:
            for spec in model or []:
                accuracy: dict[tuple[str, str], dict[str, float]] = {}
                for condition, instances in by_condition.items():
                    fresh = _models([spec], param, instances)  # one model per run, as before
                    run_ids = _run(instances, fresh, ["original"], db, quiet)
                    for row in gteval_rows(db, run_ids):
                        accuracy.setdefault((row.task, spec), {})[condition] = row.original
                n = len(by_condition["clean"])
                rows += [(spec, task, DropRow(spec, acc, n)) for (task, _), acc in accuracy.items()]
        if gnn != "none":
            centres = sorted({i.meta["node"] for i in by_condition["clean"]})
            acc = gnn_accuracy(str(base["dataset"]), centres, seed, attack, gnn)
            rows.append((gnn.upper(), "MiniLM titles", DropRow(gnn.upper(), acc, len(centres))))
        table = Table(title=f"Structure vs text on {base['dataset']} ({attack} attack, %)")
        for header in ("Model", "Task", "Clean", "Attacked", "Drop", "Text removed", "Drop"):
            table.add_column(header, justify="left" if header in ("Model", "Task") else "right")
        for name, task, row in rows:
            cells = [f"{100 * row.accuracy[c]:.2f}" for c in CONDITIONS]
            drops = [f"{100 * row.drop(c):.2f}%" for c in CONDITIONS[1:]]
            table.add_row(short_model(name), task, cells[0], cells[1], drops[0], cells[2],
                          drops[1])
        Console().print(table)

    @group.command("export")
    def gteval_export(
        out: Annotated[Path, typer.Option("--out", "--output", "-o",
                                                  help="Folder for train/eval JSONL.")],
        dataset: DatasetOpt = "dblp",
        tasks: TasksOpt = "neighbors",
        count: Annotated[int, typer.Option(help="Train nodes (eval: count // 4).")] = 1000,
        heldout: Annotated[
            int, typer.Option(help="Templates per seen type kept out of training.")
        ] = 3,
        seed: SeedOpt = 0,
        option: OptionOpt = None,
        quiet: QuietOpt = False,
    ) -> None:
        """Instruction-tuning data in chat-messages JSONL: train.jsonl (train split,
        original + seen-type templates: Rephrasing, Relabeling) and eval.jsonl (test split:
        original, held-out templates of the seen types, and the unseen types)."""
        from graphgauge.studies.gteval.export import export_instruction_data

        output_folder(out, "--out")
        base = _options(option, dataset)
        train = _generate(_tasks(tasks), count, seed, {**base, "split": "train"}, quiet)
        test = _generate(_tasks(tasks), max(1, count // 4), seed, {**base, "split": "test"},
                         quiet)
        counts = export_instruction_data(train, test, out, heldout=heldout, seed=seed)
        for name, lines in counts.items():
            typer.echo(f"wrote {out / name} ({lines} records)")
