"""A fake-server policy that answers each rendered prompt with the task's reference answer."""

from graphgauge.registry import render, task_of


def reference_policy(instances, wrong_every: int = 0):
    """Answer each prompt with the reference answer (every ``wrong_every``-th one wrong)."""
    answers = {}
    for i, inst in enumerate(instances):
        task = task_of(inst)
        text = task.answer.format(task.solve(inst))
        if wrong_every and i % wrong_every == 0:
            text = "I do not know."
        answers[render(inst).text] = f"Let me think.\nAnswer: {text}"
    return lambda prompt, request: answers.get(prompt, "no idea")
