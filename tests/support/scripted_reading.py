"""Scripted models for the reading paths: an answerer whose answers the deterministic
reader can read, cannot read (tally marks), or must refuse (a hedge), and an extractor
that turns tallies into JSON and answers null for hedges, counting what it is asked."""

import hashlib
import json
import re

CALLS = {"extractor": 0}


def style(instance_id: str) -> str:
    """plain, tally or hedge, fixed per instance."""
    return ("plain", "tally", "hedge")[hashlib.sha256(instance_id.encode()).digest()[0] % 3]


def answer(prompt, request):
    inst = request.instance
    gold = int(inst.answer)
    kind = style(inst.id)
    if kind == "plain":
        return f"Counting carefully.\nAnswer: {gold}"
    if kind == "tally":
        return f"I keep count with marks.\nAnswer: {'|' * gold}#"
    return f"It is either {gold} or {gold + 1}, I cannot tell which."


_RESPONSE = re.compile(r"The response:\n<<<\n(.*)\n>>>", re.S)


def extract(prompt):
    CALLS["extractor"] += 1
    response = _RESPONSE.search(prompt).group(1)
    tally = re.search(r"Answer: (\|*)#", response)
    return json.dumps({"answer": len(tally.group(1)) if tally else None})
