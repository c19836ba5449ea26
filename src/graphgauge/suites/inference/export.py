"""SFT export: chat-messages JSONL (system, user prompt, assistant gold) that TRL's
SFTTrainer and axolotl's ``chat_template`` datasets read directly.

The assistant turn is the gold ``Answer:`` + ``Reasoning:`` text (or the answer alone,
for the paper's no-reasoning ablation); ``variant`` picks the plain-text prompt or a
graph-token template (graph-tokens, h1, h2).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from graphgauge.instance import Instance
from graphgauge.suites.inference.gold import full_text
from graphgauge.suites.inference.prompts import render_prompt


def sft_record(inst: Instance, variant: str = "original", reasoning: bool = True) -> dict:
    prompt = render_prompt(inst, None, variant)
    target = full_text(inst.answer) if reasoning else f"Answer: {inst.answer['statement']}"
    return {"id": inst.id, "task": inst.task, "split": inst.meta.get("split"),
            "messages": [{"role": "system", "content": prompt.system},
                         {"role": "user", "content": prompt.text},
                         {"role": "assistant", "content": target}]}


def write_sft(instances: Iterable[Instance], path: Path, variant: str = "original",
              reasoning: bool = True) -> int:
    count = 0
    with open(path, "w", encoding="utf-8") as handle:
        for inst in instances:
            if inst.suite != "infer":
                continue
            handle.write(json.dumps(sft_record(inst, variant, reasoning), ensure_ascii=False)
                         + "\n")
            count += 1
    return count
