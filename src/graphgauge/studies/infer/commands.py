"""GraphInfer commands: SFT export, gate report, L2 judging of a file, L3 agreement."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphgauge.errors import UserError
from graphgauge.preflight import output_file

VARIANTS = ("original", "graph-tokens", "h1", "h2")


def _read(path: Path) -> list:
    from graphgauge.instance import read_jsonl

    instances = [inst for inst in read_jsonl(path) if inst.suite == "infer"]
    if not instances:
        raise UserError(f"no infer instance in {path}")
    return instances


def register(group: typer.Typer) -> None:
    @group.command("export")
    def infer_export(
        benchmark: Annotated[Path, typer.Argument(help="infer benchmark JSONL.")],
        output: Annotated[Path, typer.Option("--output", "-o", help="Chat JSONL to write.")],
        split: Annotated[str | None, typer.Option(help="Only this split (train/val/test).")
                         ] = "train",
        variant: Annotated[str, typer.Option(help="Prompt template: original, "
                                             "graph-tokens, h1 or h2.")] = "original",
        reasoning: Annotated[bool, typer.Option(help="Include the Reasoning target (off: "
                                                "the answer-only ablation).")] = True,
    ) -> None:
        """Export SFT data as chat messages (system/user/assistant) for TRL or axolotl."""
        from graphgauge.suites.inference.export import write_sft

        if variant not in VARIANTS:
            raise UserError(f"unknown --variant {variant!r}; use {', '.join(VARIANTS)}")
        output_file(output, "--output")
        chosen = [i for i in _read(benchmark) if split is None or i.meta.get("split") == split]
        if not chosen:
            raise UserError(f"no instance of split {split!r} in {benchmark}")
        written = write_sft(chosen, output, variant, reasoning)
        typer.echo(f"wrote {written} chat records to {output}")

    @group.command("gates")
    def infer_gates(
        report: Annotated[Path, typer.Argument(help="Gate report JSON (generate infer -p "
                                               "gate_report=PATH).")],
    ) -> None:
        """Print a gate report: candidates, rejections per gate and code, kept, splits."""
        import json

        from graphgauge.studies.infer.tables import (
            gate_table,
            print_gate_report,
            shortcut_table,
        )

        try:
            data = json.loads(report.read_text())
            gate_table(data)  # every field the tables read is there and well-formed
            if data.get("shortcuts"):
                shortcut_table(data)
        except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError,
                ValueError) as exc:
            why = f"no {exc}" if isinstance(exc, KeyError) else type(exc).__name__
            raise UserError(f"{report}: not a GraphInfer gate report ({why})") from None
        from rich.console import Console

        print_gate_report(data, Console())

    @group.command("judge")
    def infer_judge(
        benchmark: Annotated[Path, typer.Argument(help="infer benchmark JSONL.")],
        judge: Annotated[list[str], typer.Option(help="Judge model spec; repeat for "
                                                 "several (all must pass).")],
        output: Annotated[Path, typer.Option("--output", "-o", help="Kept instances.")],
        verdicts: Annotated[Path | None, typer.Option(help="Also write id,qualified "
                                                      "JSONL (for infer kappa).")] = None,
    ) -> None:
        """Layer 2: keep the instances every judge qualifies under the C1-C5 rubric."""
        import json

        from graphgauge.instance import write_jsonl
        from graphgauge.models.asking import ask_texts
        from graphgauge.suites.inference.judges import layer2

        output_file(output, "--output")
        if verdicts is not None:
            output_file(verdicts, "--verdicts")
        instances = _read(benchmark)
        kept, flags = layer2(instances, judge, ask_texts)
        write_jsonl(kept, output)
        if verdicts is not None:
            passed = {inst.id for inst in kept}
            verdicts.write_text("".join(json.dumps({"id": i.id, "qualified": i.id in passed})
                                        + "\n" for i in instances))
        detail = ", ".join(f"{k} {v}" for k, v in sorted(flags.items())) or "none"
        typer.echo(f"kept {len(kept)} of {len(instances)} (rejections: {detail}) -> {output}")

    @group.command("kappa")
    def infer_kappa(
        annotations: Annotated[Path, typer.Argument(help="CSV/JSONL: id, annotator, "
                                                    "qualified.")],
        verdicts: Annotated[Path | None, typer.Option(help="L2 verdicts JSONL from "
                                                      "infer judge.")] = None,
    ) -> None:
        """Layer 3: Cohen's kappa between two annotators and L2-vs-human agreement."""
        import json

        from graphgauge.studies.infer.agreement import layer3, read_annotations

        judged = None
        if verdicts is not None:
            try:
                judged = {r["id"]: bool(r["qualified"]) for r in
                          map(json.loads, verdicts.read_text().splitlines()) if r}
            except (OSError, json.JSONDecodeError, KeyError, TypeError):
                raise UserError(f"{verdicts}: expected JSON lines with id and qualified") \
                    from None
        result = layer3(read_annotations(annotations), judged)
        typer.echo(f"annotators {', '.join(result['annotators'])}: {result['items']} shared "
                   f"items, Cohen's kappa {result['kappa']:.3f}")
        if judged is not None:
            agreement = result["l2_agreement"]
            typer.echo(f"L2 vs human consensus: {result['consensus_items']} items, agreement "
                       + ("n/a" if agreement is None else f"{agreement:.1%}")
                       + f", silent passes {result['l2_silent_pass']}")
