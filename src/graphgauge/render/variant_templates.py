"""The wording of GTEval's instruction transformations.

Kept apart from the logic in ``variants.py`` so that adding or auditing a template is an
edit to a list. Classification templates have two slots, ``{n}`` (the number of labels)
and ``{labels}`` (the comma-separated label list); question templates have one,
``{question}`` (the task's own question). Randomizing sentences have no slot: the paper's
point is that they have nothing to do with the task. The original classification wording
follows the paper's Table 1 (the LLaGA template); the others were written for graphgauge.
"""

from __future__ import annotations

CLASSIFY_ORIGINAL = (
    "We need to classify the center node into {n} classes: {labels}. "
    "Please tell me which class the center node belongs to?"
)

# Same task, new wording (format level).
CLASSIFY_REPHRASE = (
    "Classify the central node into one of the {n} given categories: {labels}.",
    "Which of these {n} classes does the center node belong to: {labels}?",
    "Assign the central node to exactly one of the following {n} categories: {labels}.",
    "Determine the category of the center node. The {n} possible categories are: {labels}.",
    "From the {n} classes {labels}, pick the one that fits the central node.",
    "Decide which class the focal node falls into; choose among these {n}: {labels}.",
    "Label the center node with one of the {n} available classes: {labels}.",
    "Out of the {n} categories listed ({labels}), which one describes the central node?",
    "Predict the class of the center node. Options ({n} in total): {labels}.",
    "Identify the single best-matching category for the central node among {labels}.",
    "Please categorize the node at the center into one of {n} groups: {labels}.",
)

# A coarser, human-readable label space ({labels} are the relabeled names).
CLASSIFY_RELABEL = (
    "Classify the central node into one of the given categories: {labels}.",
    "Which of these {n} broad areas does the center node belong to: {labels}?",
    "Assign the central node to exactly one of the following groups: {labels}.",
    "Determine the broad category of the center node. The options are: {labels}.",
    "From the {n} broad classes {labels}, pick the one that fits the central node.",
    "Using these coarser categories ({labels}), which one describes the central node?",
    "Label the center node with one of the {n} high-level classes: {labels}.",
    "Put the central node into one of these {n} general areas: {labels}.",
    "Predict the general area of the center node. Options: {labels}.",
    "Choose the best-fitting high-level category for the central node among {labels}.",
    "Please sort the node at the center into one of {n} broad groups: {labels}.",
)

# The opposite objective: the least probable class.
CLASSIFY_REVERSE = (
    "Classify the central node into the least probable of the {n} given categories: "
    "{labels}.",
    "Which of these {n} classes is the center node least likely to belong to: {labels}?",
    "Name the one category among {labels} that fits the central node the worst.",
    "Out of the {n} classes {labels}, pick the class the center node is most unlikely "
    "to have.",
    "Determine the least plausible category for the central node. The {n} options are: "
    "{labels}.",
    "Choose the category that is furthest from the central node's topic: {labels}.",
    "Among {labels}, which class would be the worst label for the center node?",
    "Identify the single least related class for the focal node; choose among these {n}: "
    "{labels}.",
    "Select the category the central node clearly does not belong to, from the {n} "
    "given: {labels}.",
    "If you had to pick the most unlikely of the {n} classes ({labels}) for the center "
    "node, which would it be?",
    "Give the least probable class for the node at the center, among {labels}.",
)

# Irrelevant instructions (content level, worst case): the expected output is no label.
RANDOMIZE = (
    "The ducks are planning to organize a concert in the park.",
    "My grandmother keeps her umbrella next to the piano.",
    "Yesterday the bakery on the corner ran out of cinnamon rolls before noon.",
    "A lighthouse keeper once painted every stair of the tower a different shade of blue.",
    "The cat seems to prefer the warm windowsill over its expensive new bed.",
    "Tomorrow the village choir rehearses the winter program in the old barn.",
    "Several penguins were seen queueing politely for the ferry this morning.",
    "The recipe calls for three lemons, a pinch of salt and a lot of patience.",
    "Clouds over the harbour looked like a herd of sleeping elephants.",
    "The museum's new exhibit features hats worn by famous mountain climbers.",
    "Our neighbour's tomato plants grew taller than the garden fence this summer.",
)

# Rephrasings that fit any suite's question (the question itself stays intact).
QUESTION_REPHRASE = (
    "Answer the question below about the graph. {question}",
    "Consider the graph above. {question}",
    "Here is a question about this graph: {question}",
    "Your task: {question}",
    "Look carefully at the graph and answer this: {question}",
    "Using the graph given above, {question_lower}",
    "Based on the graph description, please answer: {question}",
    "Please solve the following problem about the graph. {question}",
    "Read the graph, then respond to the question. {question}",
    "Task for you, concerning the graph shown: {question}",
    "With respect to the graph provided, {question_lower}",
)
