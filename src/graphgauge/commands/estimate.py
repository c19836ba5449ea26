"""``graphgauge estimate``: tokens and cost of a run, worked out before anything is sent.

Prompt tokens are counted on the prompts ``run`` would send (same encodings, variants
and repeats), with the model's own tokenizer when one is at hand (a local ``hf:`` model,
or ``--tokenizer``), else with graphgauge's tokenizer-free estimate. Expected output
tokens are the tokens of the reference answer written as the prompt asks for it: what a
model that answers in the requested format writes. Models that reason first write more;
``--output-tokens`` sets a per-answer figure instead, and ``-p max_tokens=N`` adds the
worst case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from graphgauge.errors import UserError

ESTIMATE_NAME = ("graphgauge's tokenizer-free estimate (one token per letter run, per "
                 "group of up to 3 digits, per punctuation mark)")


@dataclass
class Line:
    """Requests of one answer type and their tokens (repeats included)."""

    answer_type: str
    requests: int = 0
    prompt_tokens: int = 0
    output_tokens: int = 0


def token_counter(spec: str, tokenizer: str | None) -> tuple[Callable[[str], int], str]:
    """(count function, the name of what counts): ``--tokenizer`` when given (a Hugging
    Face tokenizer, or ``tiktoken[:ENCODING]``), else a local ``hf:`` model's own, else
    the tokenizer-free estimate. Nothing is downloaded unless ``--tokenizer`` asks."""
    from graphgauge.studies.robustness.measures import count_tokens, estimate_tokens

    prefix, _, name = spec.partition(":")
    if tokenizer is not None:
        return partial(count_tokens, _named_tokenizer(tokenizer, name)), f"tokenizer {tokenizer}"
    if prefix == "hf" and name:
        try:
            from transformers import AutoTokenizer

            found = AutoTokenizer.from_pretrained(name, local_files_only=True)
            return partial(count_tokens, found), f"the tokenizer of {spec}"
        except (ImportError, OSError, ValueError):
            pass
    return estimate_tokens, ESTIMATE_NAME


def _named_tokenizer(tokenizer: str, model_name: str):
    """``tiktoken`` (the encoding of the model's name), ``tiktoken:ENCODING``, or a Hugging
    Face tokenizer's path or name."""
    kind, _, encoding = tokenizer.partition(":")
    if kind != "tiktoken":
        from graphgauge.tokenizers import load_tokenizer

        return load_tokenizer(tokenizer)
    try:
        import tiktoken
    except ImportError:
        raise UserError("--tokenizer tiktoken needs tiktoken: pip install tiktoken") from None
    try:
        if encoding:
            return tiktoken.get_encoding(encoding)
        return tiktoken.encoding_for_model(model_name)
    except (KeyError, ValueError):
        raise UserError(f"tiktoken knows no encoding for {encoding or model_name!r}; name "
                        "one: --tokenizer tiktoken:o200k_base") from None
    except Exception as exc:  # noqa: BLE001 - tiktoken fetches its vocabulary on first use
        raise UserError(f"tiktoken could not load its vocabulary ({type(exc).__name__}); "
                        "it downloads it once, then works offline") from None


def tally(records: Sequence[dict[str, str]], count: Callable[[str], int], repeats: int = 1,
          output_tokens: int | None = None) -> list[Line]:
    """Tokens per answer type, in order of first appearance, then the total line."""
    lines: dict[str, Line] = {}
    total = Line("total")
    for record in records:
        prompt = count(record["prompt"]) + (count(record["system"]) if record["system"] else 0)
        answer = output_tokens if output_tokens is not None else count(record["target"])
        for line in (lines.setdefault(record["answer_type"], Line(record["answer_type"])),
                     total):
            line.requests += repeats
            line.prompt_tokens += repeats * prompt
            line.output_tokens += repeats * answer
    return [*lines.values(), total]


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
        from graphgauge.exporters.records import build_records
        from graphgauge.instance import read_jsonl
        from graphgauge.params import parse_params
        from graphgauge.prices import model_price, read_price_table, take_price_params
        from graphgauge.render.prompt import encoding_of

        if repeats < 1:
            raise UserError(f"--repeats must be at least 1, got {repeats}")
        if output_tokens is not None and output_tokens < 0:
            raise UserError(f"--output-tokens must be at least 0, got {output_tokens}")
        params = parse_params(param)
        override = take_price_params(params)
        table = read_price_table(prices)
        instances = read_jsonl(benchmark)
        if split is not None:
            instances = [inst for inst in instances if inst.meta.get("split") == split]
        if not instances:
            raise UserError(f"no instance in {benchmark}" + (f" of split {split!r}"
                                                             if split else ""))
        encodings = list(dict.fromkeys(encoding_of(e).name for e in encoding or ["edge_list"]))
        variants = list(dict.fromkeys(variant or ["original"]))
        records = build_records(instances, encodings, variants)
        max_tokens = params.get("max_tokens", params.get("max_new_tokens"))
        if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(
                max_tokens, int) or max_tokens < 1):
            raise UserError(f"-p max_tokens must be a positive integer, got {max_tokens!r}")
        for spec in model:
            count, counted_with = token_counter(spec, tokenizer)
            lines = tally(records, count, repeats, output_tokens)
            _print(spec, lines, counted_with, model_price(spec, table, override),
                   max_tokens, len(instances), len(encodings), len(variants), repeats)


def _print(spec, lines, counted_with, price, max_tokens, items, encodings, variants,
           repeats) -> None:
    from rich.console import Console
    from rich.table import Table

    from graphgauge.report.runs import cost

    total = lines[-1]
    # one line per fact, whatever the terminal width; model names printed as given
    # ("openai:x:" is no emoji code, "[...]" no markup)
    console = Console(soft_wrap=True, emoji=False, markup=False)
    console.print(f"{spec}: {total.requests} requests ({items} items x {encodings} "
                  f"encodings x {variants} variants x {repeats} repeats)")
    console.print(f"prompt tokens counted with {counted_with}")
    table = Table(header_style="bold")
    for column in ("answer type", "requests", "prompt tokens", "output tokens (expected)",
                   "cost USD"):
        table.add_column(column, justify="left" if column == "answer type" else "right")
    for line in lines:
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
    if max_tokens is not None:
        worst = cost(price, total.prompt_tokens, total.requests * int(max_tokens))
        console.print(f"at most: ${worst:.4f} if every answer uses max_tokens={max_tokens}")
