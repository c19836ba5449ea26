"""A second model that reads the answers the deterministic reader could not (``--extractor``).

Opt-in and narrow on purpose: the extractor sees only the answers the reader leaves unread
(nothing found, a hedge, two conflicting answers, a cut-off text), never the ones it read,
so a run's numbers move only where the rules gave up. It is asked, under the same grading
rule, for the committed final answer as ``{"answer": ...}`` or ``null``, and its reply is
read through the item's answer type like any JSON answer. Each item keeps which path read
it (``parsed_by``); an item the extractor also left unread records that it was asked, so a
resumed run does not ask again (``graphgauge rescore`` does, after clearing the readings).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass

from graphgauge.baselines import Baselines
from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.models.base import Model, Request, Response
from graphgauge.registry import task_of
from graphgauge.render.prompt import Asked, Prompt, asked_for
from graphgauge.runner import score_json, score_response
from graphgauge.scoring.answers import Prediction
from graphgauge.scoring.structured import (
    NotJSON,
    item_schema,
    json_answer,
    json_instruction,
)
from graphgauge.store.sqlite import Store

# The end of the question is what says which answer is wanted; the graph before it is not
# needed to find an answer in a response, and would multiply the extractor's cost.
QUESTION_TAIL = 2000
RESPONSE_LIMIT = 60000

TEMPLATE = """You extract the final answer from a model's response to a question about a graph. \
Do not solve the question yourself and do not correct the response.

Rules: the answer is the last final answer the response commits to; a later answer replaces an \
earlier one only when the response corrects itself ("wait", "actually"). If the response gives \
no answer, refuses, asks a question back, hedges between answers, or is cut off before it \
answers, the answer is null.

End of the question:
<<<
{question}
>>>

The response:
<<<
{response}
>>>

{instruction} Use null when the response commits to no answer."""


@dataclass
class Extraction:
    asked: int = 0
    read: int = 0
    failed: int = 0  # requests that got no reply (retried on the next run)


def check_extractor(params: dict) -> None:
    if "answer_format" in params:
        raise UserError("the extractor is always asked for JSON in its prompt and must be "
                        "free to answer null: drop answer_format from --extractor-param")


def load_extractor(spec: str | None, params: dict | None = None) -> Model | None:
    """The extractor model of ``spec`` with its options, or None without one."""
    if spec is None:
        if params:
            raise UserError("--extractor-param needs --extractor")
        return None
    from graphgauge.models import load_model

    options = dict(params or {})
    check_extractor(options)
    return load_model(spec, **options)


def extraction_prompt(prompt_text: str, response: str, inst: Instance, asked: Asked) -> Prompt:
    schema = item_schema(task_of(inst), inst, asked.labels, asked.expected(inst).labels)
    text = TEMPLATE.format(question=prompt_text[-QUESTION_TAIL:],
                           response=response[:RESPONSE_LIMIT],
                           instruction=json_instruction(schema))
    return Prompt(text=text, labels=asked.labels)


def _asked_before(parsed: str | None) -> bool:
    try:
        value = json.loads(parsed) if parsed else None
    except ValueError:
        return False
    return isinstance(value, dict) and "extractor" in value


def read_extraction(text: str | None, inst: Instance, asked: Asked
                    ) -> tuple[str, int, str, float | None]:
    """The extractor's reply scored as the item's answer: its JSON value, or (a reply
    that is not JSON) its text read by the ordinary reader."""
    try:
        value = json_answer(text)
    except NotJSON:
        return score_response(text or "", inst, asked)
    return score_json(value, inst, asked)


def extract_unread(store: Store, run_id: str, instances: Sequence[Instance], model: Model,
                   progress: bool = False) -> Extraction:
    """Ask ``model`` about every unread, not yet extracted answer of a run and store what
    it reads (``parsed_by`` = extractor)."""
    by_id = {inst.id: inst for inst in instances}
    todo = [row for row in store.unread(run_id)
            if row[0] in by_id and (row[5] or "").strip() and not _asked_before(row[6])]
    out = Extraction(asked=len(todo))
    if not todo:
        return out
    requests = []
    for instance_id, encoding, variant, repeat, prompt, response, _parsed in todo:
        inst = by_id[instance_id]
        requests.append(Request(extraction_prompt(prompt or "", response, inst,
                                                  asked_for(inst, encoding, variant)),
                                inst, repeat, seed=0))
    if hasattr(model, "prepare"):
        model.prepare(instances)
    replies = asyncio.run(_ask(model, requests, progress))
    baselines = Baselines(store, run_id, {row[2] for row in todo})
    updates = []
    for row, reply in zip(todo, replies, strict=True):
        instance_id, encoding, variant, repeat, _prompt, response, _parsed = row
        if reply.error is not None:
            out.failed += 1
            continue
        inst = by_id[instance_id]
        key = (run_id, instance_id, encoding, variant, repeat, response)
        asked = asked_for(inst, encoding, variant, baselines.lookup(key[1:5])[1])
        try:
            scored = read_extraction(reply.text, inst, asked)
            why = "no answer in the extractor's reply"
        except Exception as exc:  # noqa: BLE001 - one odd reply must not stop the pass
            scored, why = None, f"{type(exc).__name__}: {exc}"[:200]
        if scored is not None and scored[1]:
            out.read += 1
            updates.append((*scored, "extractor", *key))
        else:
            updates.append((*_still_unread(inst, model.name, why, asked), "none", *key))
    store.update_scores(updates)
    store.annotate_run(run_id, {"extractor": {"name": model.name, "params": model.params}})
    return out


def _still_unread(inst: Instance, extractor: str, why: str, asked: Asked
                  ) -> tuple[str, int, str, float | None]:
    """No answer, with a note that ``extractor`` was asked (so it is not asked again)."""
    scores = task_of(inst).score(Prediction.failed(why), inst, asked)
    parsed = json.dumps({"extractor": extractor, "no_answer": why})
    return parsed, 0, json.dumps(scores), scores.get("accuracy")


async def _ask(model: Model, requests: list[Request], show_progress: bool) -> list[Response]:
    from graphgauge.progress import progress_bar

    size = max(1, model.batch_size)
    slots = asyncio.Semaphore(max(1, model.concurrency))
    batches = [requests[i : i + size] for i in range(0, len(requests), size)]
    with progress_bar(f"extracting ({model.name})", total=len(requests),
                      enabled=show_progress) as advance:

        async def one(batch):
            async with slots:
                replies = await model.respond(batch)
            advance(len(batch))
            return replies

        try:
            results = await asyncio.gather(*(one(batch) for batch in batches))
        finally:
            close = getattr(model, "aclose", None)
            if close is not None:
                await close()
    return [reply for replies in results for reply in replies]
