"""Instruction-tuning data with variant templates, as chat-messages JSONL.

The paper's recipe: only the types with a ground truth (Rephrasing and Relabeling) go into
training, instantiated on the train split without growing it (each train node gets one
instruction, drawn from the original and the seen templates); evaluation keeps templates
of the seen types that training never showed, and the unseen types (Reversing,
Randomizing), on the test split. Eval records of unseen types carry no assistant turn
(no ground truth exists); their metrics come from ``rows``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.registry import render
from graphgauge.render.variants import ORIGINAL, variant_kind, variant_of

SEEN = ("rephrase", "relabel")
UNSEEN = ("reverse", "randomize")


def template_split(heldout: int) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """(train templates, held-out templates) per seen type: the last ``heldout`` of each
    are never trained on."""
    train, held = {}, {}
    for kind in SEEN:
        count = variant_kind(kind).template_count()
        if not 1 <= heldout < count:
            raise UserError(f"--heldout must be between 1 and {count - 1}, got {heldout}")
        train[kind] = list(range(count - heldout))
        held[kind] = list(range(count - heldout, count))
    return train, held


def target(instance: Instance, variant: str) -> str | None:
    """The answer a tuned model should give, when one exists."""
    return variant_of(variant).expected(instance).target(instance)


def record(instance: Instance, variant: str, kind_of_record: str) -> dict:
    prompt = render(instance, None, variant)
    messages = [{"role": "user", "content": prompt.text}]
    answer = target(instance, variant)
    if answer is not None:
        messages.append({"role": "assistant", "content": answer})
    return {"messages": messages, "id": instance.id, "task": instance.task,
            "variant": variant, "set": kind_of_record, "gold": instance.answer}


def export_instruction_data(
    train: Sequence[Instance], test: Sequence[Instance], out_dir: Path, heldout: int = 3,
    seed: int = 0,
) -> dict[str, int]:
    """Write ``train.jsonl`` and ``eval.jsonl`` into ``out_dir``; returns line counts."""
    if any(not inst.meta.get("relabel") for inst in [*train, *test]):
        raise UserError("instruction export needs a relabel map (generate with -p relabel=FILE)")
    seen, held = template_split(heldout)
    choices = [ORIGINAL] + [f"{kind}:{k}" for kind in SEEN for k in seen[kind]]
    rng = np.random.default_rng([seed, 0x7E57])
    train_rows = [record(inst, choices[int(rng.integers(len(choices)))], "train")
                  for inst in train]
    eval_variants = [(ORIGINAL, "original")]
    eval_variants += [(f"{kind}:{k}", "heldout_template") for kind in SEEN for k in held[kind]]
    eval_variants += [(f"{kind}:{k}", "unseen_type") for kind in UNSEEN
                      for k in range(variant_kind(kind).template_count())]
    eval_rows = [record(inst, variant, group) for variant, group in eval_variants
                 for inst in test]
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, rows in (("train.jsonl", train_rows), ("eval.jsonl", eval_rows)):
        with open(out_dir / name, "w", encoding="utf-8", newline="\n") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
        counts[name] = len(rows)
    return counts
