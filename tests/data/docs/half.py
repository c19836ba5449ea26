"""Answers GraphWalks items with one of the right nodes (by its hex name): half the F1."""


def answer(prompt, request):
    instance = request.instance
    first = sorted(instance.answer)[0]
    return f"Final Answer: [{instance.meta['node_names'][first]}]"
