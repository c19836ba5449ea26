"""``graphgauge estimate``: tokens and cost of a run, worked out before anything is sent
(``graphgauge.api.estimate``), printed as one table per model."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from graphgauge.api import Estimate


def register(app: typer.Typer) -> None:
    @app.command()
    def estimate(
        benchmark: Annotated[Path, typer.Argument(help="Benchmark JSONL from 'generate'.")],
        model: Annotated[list[str], typer.Option("--model", "-m", help="Model spec as in "
                                                 "'run'; repeatable.")],
        encoding: Annotated[list[str] | None, typer.Option(
            "--encoding", "-e", help="Encodings, repeatable, as in 'run'.")] = None,
        variant: Annotated[list[str] | None, typer.Option(
            "--variant", "-v", help="Instruction variants, repeatable, as in 'run'.")] = None,
        split: Annotated[str | None, typer.Option(help="Only this split.")] = None,
        repeats: Annotated[int, typer.Option(help="Answers per item.")] = 1,
        param: Annotated[list[str] | None, typer.Option(
            "--param", "-p", help="As in 'run': price_in=USD, price_out=USD (per 1k "
            "tokens), max_tokens=N (adds the worst case).")] = None,
        prices: Annotated[Path | None, typer.Option(
            help="YAML cost table, as in 'run': model -> {input: USD, output: USD} per "
            "1k tokens.")] = None,
        tokenizer: Annotated[str | None, typer.Option(
            help="Count with this tokenizer: a Hugging Face tokenizer (path or name; "
            "needs the hf extra), or tiktoken / tiktoken:ENCODING for OpenAI models.")
        ] = None,
        output_tokens: Annotated[int | None, typer.Option(
            help="Output tokens per answer (e.g. for models that reason first) instead "
            "of the reference answer's length.")] = None,
    ) -> None:
        """Prompt tokens, expected output tokens and cost of running a benchmark, before
        anything is sent."""
        from graphgauge import api
        from graphgauge.params import parse_params

        api.estimate(benchmark, model, encodings=encoding or ["edge_list"],
                     variants=variant or ["original"], split=split, repeats=repeats,
                     params=parse_params(param), prices=prices, tokenizer=tokenizer,
                     output_tokens=output_tokens, on_done=_print)


def _print(estimate: Estimate) -> None:
    from rich.console import Console
    from rich.table import Table

    from graphgauge.report.runs import cost

    spec, price, total = estimate.model, estimate.price, estimate.total
    # one line per fact, whatever the terminal width; model names printed as given
    # ("openai:x:" is no emoji code, "[...]" no markup)
    console = Console(soft_wrap=True, emoji=False, markup=False)
    console.print(f"{spec}: {total.requests} requests ({estimate.items} items x "
                  f"{len(estimate.encodings)} encodings x {len(estimate.variants)} variants x "
                  f"{estimate.repeats} repeats)")
    console.print(f"prompt tokens counted with {estimate.counted_with}")
    table = Table(header_style="bold")
    for column in ("answer type", "requests", "prompt tokens", "output tokens (expected)",
                   "cost USD"):
        table.add_column(column, justify="left" if column == "answer type" else "right")
    for line in estimate.lines:
        spent = cost(price, line.prompt_tokens, line.output_tokens)
        table.add_row(line.answer_type, str(line.requests), str(line.prompt_tokens),
                      str(line.output_tokens), "–" if spent is None else f"{spent:.4f}")
    console.print(table)
    if price is None:
        console.print(f"no price for {spec}: give --prices FILE or -p price_in=USD "
                      "-p price_out=USD (per 1k tokens)")
        return
    console.print(f"expected cost: ${cost(price, total.prompt_tokens, total.output_tokens):.4f}"
                  f" (input ${price['input']}/1k, output ${price['output']}/1k tokens)")
    if estimate.max_tokens is not None:
        worst = cost(price, total.prompt_tokens, total.requests * int(estimate.max_tokens))
        console.print(f"at most: ${worst:.4f} if every answer uses "
                      f"max_tokens={estimate.max_tokens}")
