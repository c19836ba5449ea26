"""A scripted model for the exporter tests: the same answers whichever harness asks.

Answers are keyed by the prompt text, so graphgauge's own run (through the fake OpenAI
server) and an exported task run by another harness receive identical answers, and
their per-item scores can be compared one to one.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphgauge.exporters.records import build_records
from graphgauge.instance import Instance

UNREADABLE = "I cannot say."


def scripted_answers(instances: Sequence[Instance], encoding: str = "edge_list",
                     variant: str = "original") -> dict[str, str]:
    """prompt -> answer, cycling through: the reference answer after some reasoning and a
    blank line, in markdown; another item's reference answer of the same task (mostly
    wrong, always readable); an unreadable reply."""
    records = build_records(instances, [encoding], [variant])
    by_task: dict[str, list[dict]] = {}
    for record in records:
        by_task.setdefault(record["task"], []).append(record)
    answers = {}
    for i, record in enumerate(records):
        siblings = by_task[record["task"]]
        other = siblings[(siblings.index(record) + 1) % len(siblings)]
        answers[record["prompt"]] = (f"Let me think step by step.\n\n**Answer:** "
                                     f"{record['target']}",
                                     f"Answer: {other['target']}", UNREADABLE)[i % 3]
    return answers


def policy(answers: dict[str, str]):
    """The fake server's policy for ``answers`` (an unknown prompt fails the test)."""
    return lambda prompt, request: answers[prompt]


def graphgauge_scores(bench, base_url: str, store, encoding: str = "edge_list",
                      variant: str = "original") -> dict[str, tuple[float, float]]:
    """instance id -> (accuracy, unparsed) from ``graphgauge run`` (the command itself)
    with the openai backend against ``base_url``."""
    from graphgauge.cli import main
    from graphgauge.store import Store

    code = main(["run", str(bench), "-m", "openai:fake-model", "-p", f"base_url={base_url}",
                 "-e", encoding, "-v", variant, "--store", str(store), "-q"])
    assert code == 0
    with Store(store) as db:
        rows = list(db.items(columns=("instance_id", "accuracy", "parse_ok", "error")))
    assert all(row["error"] is None for row in rows)
    return {row["instance_id"]: (row["accuracy"], float(not row["parse_ok"])) for row in rows}
