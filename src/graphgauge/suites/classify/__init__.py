"""Node classification over text-attributed graphs: the GTEval setting.

An instance is a centre node of a real TAG (DBLP, WebKB, or a user's dataset) with its
sampled k-hop neighbourhood; the prompt lists the label names and asks for the centre's
class. Three tasks, one per prompt style (see ``prompts.py``), over the same centre nodes
so styles compare item by item. Accuracy is the paper's: the answer names the gold label
and no other. Under an instruction transformation (rephrase, relabel, reverse,
randomize) an answer is read and scored as the variant's ``expected()`` says, so the
stored accuracy of every item is the GTEval metric of its variant.

Options (``--dataset`` and ``-p key=value``): ``dataset`` (required), ``hops`` (1),
``max_neighbors`` (10 per hop), ``split`` (test; or train, val, all), ``relabel`` (a YAML
map; DBLP and WebKB have one shipped), ``attack`` (prbcd or flip: perturb the structure
first), ``remove_text`` (false; true replaces the centre's text).
"""

from __future__ import annotations

from typing import Any, ClassVar

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.render.prompt import Asked
from graphgauge.render.variants import ABSTAIN, Original
from graphgauge.scoring.answers import Prediction
from graphgauge.suites.base import Task, task
from graphgauge.suites.classify.labels import LABEL, mentioned_labels
from graphgauge.suites.classify.prompts import STYLES, classification_prompt
from graphgauge.suites.contract import Suite

OPTIONS = {"dataset", "hops", "max_neighbors", "split", "relabel", "attack", "remove_text"}


class _Classify(Task):
    suite = "classify"
    difficulty = "medium"
    answer = LABEL
    style: ClassVar[str] = ""
    applies_variants = True

    def question(self, instance: Instance) -> str:
        return Original().instruction(instance.meta["labels"])

    def solve(self, instance: Instance) -> Any:
        """The dataset's label: nothing in the instance derives it, by design."""
        return instance.answer

    def custom_prompt(self, instance: Instance, encoding: Any, variant: str) -> Any:
        from graphgauge.render.prompt import DEFAULT_ENCODING, Prompt

        if encoding.name != DEFAULT_ENCODING:
            raise UserError(f"classify prompts have their own layout; encoding "
                            f"{encoding.name!r} does not apply (drop --encoding)")
        return Prompt(text=classification_prompt(instance, self.style, variant),
                      encoding=encoding.name, variant=variant)

    def parse(self, text, instance, labels=None):
        return LABEL.parse_labels(text, instance.meta["labels"])

    def parse_asked(self, text: str, instance: Instance, asked: Asked) -> Prediction:
        """The label in the space the variant asks in; where no answer is the right one
        (Randomizing), any label named at all is an answer to the task."""
        expected = asked.expected(instance)
        labels = expected.labels or instance.meta["labels"]
        if expected.answer is ABSTAIN:
            named = mentioned_labels(text, labels)
            return Prediction(value=named) if named else Prediction.failed("names no label")
        return LABEL.parse_labels(text, labels)

    def generate(self, rng, index=0, nodes=None, seed=None) -> Instance:
        raise UserError("classify instances come from a dataset: use "
                        "'graphgauge generate classify --dataset dblp'")


@task
class ZeroShot(_Classify):
    """Classify a node from its own text alone."""

    name = "zero_shot"
    style = "zero_shot"


@task
class Neighbors(_Classify):
    """Classify a node from its text and the texts of its sampled k-hop neighbourhood."""

    name = "neighbors"
    style = "neighbors"


@task
class NeighborsLabels(_Classify):
    """Classify a node from its neighbourhood's texts and the known (train) labels."""

    name = "neighbors_labels"
    style = "neighbors_labels"
    difficulty = "easy"


def generate_suite(tasks, count, seed, nodes, options: dict, progress: bool) -> list[Instance]:
    from graphgauge.suites.classify.build import build_instances

    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise UserError(f"classify: unknown option(s) {', '.join(unknown)}; "
                        f"known: {', '.join(sorted(OPTIONS))}")
    if nodes is not None:
        raise UserError("classify: --nodes does not apply (neighbourhoods come from the "
                        "dataset; use -p hops=K -p max_neighbors=M)")
    if not options.get("dataset"):
        raise UserError("classify needs --dataset (dblp, webkb:cornell, …)")
    return build_instances(tasks or list(STYLES), count, seed, options, progress)


SUITE = Suite(doc=__doc__, generate=generate_suite)
