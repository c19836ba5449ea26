"""Asking a model named by a spec a few prompts outside a run: what GraphInfer's
generation needs for its model judges and model-written reasoning.

It lives with the models because the suites sit below them: the generation receives this
function (``ask``) from the API or the command instead of loading models itself.
"""

from __future__ import annotations

import asyncio
from typing import Any

from graphgauge.instance import Instance
from graphgauge.models import load_model
from graphgauge.models.base import Request
from graphgauge.render.prompt import Prompt


def ask_texts(spec: str, prompts: list[tuple[Instance, str, str]]) -> list[str | None]:
    """Texts of ``spec``'s answers to (instance, system, user) prompts, in order; None
    for a request that failed."""
    model = load_model(spec)
    requests = [Request(prompt=Prompt(text=user, system=system, encoding="infer-gate"),
                        instance=inst) for inst, system, user in prompts]

    async def run() -> list[Any]:
        out = []
        size = max(int(getattr(model, "batch_size", 1)), 1)
        for start in range(0, len(requests), size):
            out += await model.respond(requests[start:start + size])
        return out

    return [r.text if r.error is None else None for r in asyncio.run(run())]
