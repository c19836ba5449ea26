"""L2 model judges (C1-C5 rubric, all_pass) and model-written gold reasoning, both asked
while generating (L3, the judges' agreement with people: studies/infer/agreement.py).

Judges and reasoning writers are any graphgauge models (``load_model`` specs), so an
OpenAI-compatible server, a local HF model or a scripted python callable all work. The
models are a layer above the suites, so the caller hands in ``ask`` (a spec and prompts
in, answer texts out; ``graphgauge.models.asking.ask_texts``) rather than this module
loading them. A judge answer that is not the single-line JSON verdict counts as "no
verdict", and a sample without both verdicts is dropped, as in the paper.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from graphgauge.instance import Instance

CODES = ("C1", "C2", "C3", "C4", "C5")
TASK_DESC = {"masked_node": "Masked Node Prediction", "relation": "Relational Semantics",
             "theme": "Theme Summarization", "outlier": "Outlier Detection",
             "community": "Community Detection"}
RUBRIC = (
    "You are a strict release-quality auditor for the GraphInfer benchmark. You will judge "
    "exactly ONE sample. Decide whether it is QUALIFIED for the public release. Be "
    "conservative: when in doubt, FAIL.\nA sample is QUALIFIED only if all five checks "
    "pass:\nC1 FACT: every node ID / title cited in the reasoning appears in the graph "
    "context. No fabricated neighbours.\nC2 CONSISTENCY: the conclusion of the reasoning "
    "agrees with the answer (no 'no edge exists' against an asserted edge, no different "
    "label).\nC3 LABEL_INTEGRITY: the answer string is well-formed: no truncation "
    "artefacts, no stray quotes, no obviously wrong category names.\nC4 LOGIC: each step "
    "follows from the previous one or from the graph context.\nC5 EVIDENCE: the reasoning "
    "uses the RIGHT neighbours / edges (T2: the queried pair; T4: a signal that "
    "differentiates the outlier; T5: nodes assigned to each community).\nOutput exactly one "
    'JSON object on a single line, nothing else: {"qualified": true|false, "fail_flags": '
    '[subset of "C1".."C5"], "rationale": "..."}'
)
MAX_CONTEXT = 8000


# (spec, [(instance, system, user)]) -> each answer's text, None for a failed request
Ask = Callable[[str, list[tuple[Instance, str, str]]], list[str | None]]


def judge_message(inst: Instance) -> str:
    from graphgauge.suites.inference.gold import full_text

    titles = "\n".join(f"Node {n['id']}: {n['title']}" for n in inst.graphs["G"]["nodes"])
    truth = json.dumps(inst.answer["answer"], sort_keys=True)
    return (f"Domain: {inst.meta.get('domain')}\nTask: {inst.task} "
            f"({TASK_DESC[inst.task]})\nGraph context (node titles):\n---\n"
            f"{titles[:MAX_CONTEXT]}\n---\nGround truth (hidden from the model):\n---\n{truth}"
            f"\n---\nGold answer and reasoning (will be released):\n---\n"
            f"{full_text(inst.answer)}\n---")


def parse_verdict(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    match = re.search(r"\{.*\}", text, re.DOTALL)
    try:
        verdict = json.loads(match.group(0)) if match else None
    except json.JSONDecodeError:
        return None
    if not isinstance(verdict, dict) or not isinstance(verdict.get("qualified"), bool):
        return None
    flags = [f for f in verdict.get("fail_flags") or [] if f in CODES]
    return {"qualified": verdict["qualified"], "fail_flags": flags}


def layer2(instances: Sequence[Instance], judges: Sequence[str], ask: Ask
           ) -> tuple[list[Instance], Counter]:
    """Instances every judge qualifies (all_pass), with each judge's verdict in
    ``meta["l2"]``; rejection counts by code (and ``no_verdict``)."""
    prompts = [(inst, RUBRIC, judge_message(inst)) for inst in instances]
    verdicts = {spec: [parse_verdict(t) for t in ask(spec, prompts)] for spec in judges}
    kept, flags = [], Counter()
    for i, inst in enumerate(instances):
        mine = {spec: verdicts[spec][i] for spec in judges}
        if any(v is None for v in mine.values()):
            flags["no_verdict"] += 1
            continue
        if all(v["qualified"] for v in mine.values()):
            kept.append(Instance(**{**inst.to_dict(),
                                    "meta": {**inst.meta, "l2": mine}}))
            continue
        flags["rejected"] += 1
        flags.update({f for v in mine.values() for f in v["fail_flags"]})
    return kept, flags


def model_reasoning(instances: Sequence[Instance], spec: str, ask: Ask) -> list[Instance]:
    """Gold reasoning written by a model for the known answer (the paper used DeepSeek);
    an empty or failed response keeps the template reasoning."""
    from graphgauge.registry import task_of
    from graphgauge.render.prompt import render

    prompts = []
    for inst in instances:
        text = render(inst, task=task_of(inst)).text
        prompts.append((inst, "You write the reasoning for a known correct answer.",
                        f"{text}\n\nThe correct answer is:\n{inst.answer['statement']}\n\n"
                        "Write only the 2-4 sentence reasoning, citing nodes as 'Node i'."))
    out = []
    for inst, text in zip(instances, ask(spec, prompts), strict=True):
        reasoning = (text or "").strip()
        if reasoning.lower().startswith("reasoning:"):
            reasoning = reasoning[len("reasoning:"):].strip()
        answer = {**inst.answer, "reasoning": reasoning or inst.answer["reasoning"]}
        out.append(Instance(**{**inst.to_dict(), "answer": answer}))
    return out
