"""Turning an instance into the text a model reads.

``render(instance, encoding, variant, task=...)`` is a pure function. The prompt records
what made it (encoding, variant) and how node names in an answer map back to the
instance's ids, so an answer to a relabeled prompt is scored against the same truth. The
default encoding is the plain edge list of the Erdős benchmark, with ids 0..n-1.

Rendering sits below the suites (they build prompts with it), so the caller passes the
instance's task; ``graphgauge.registry.render`` finds it in the suites' catalog.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.render.encoding import Encoding
from graphgauge.render.labeling import node_labels
from graphgauge.render.serialize import graph_text
from graphgauge.render.variants import (
    ORIGINAL,
    Expected,
    Original,
    Variant,
    scoring_variant,
    variant_of,
)

DEFAULT_ENCODING = "edge_list"
DEFAULT_VARIANT = "original"


@dataclass(frozen=True)
class Prompt:
    text: str
    system: str | None = None
    encoding: str = DEFAULT_ENCODING
    variant: str = DEFAULT_VARIANT
    # The name each node id got in this prompt (labels[i] names node i); None when the
    # names are the ids themselves. Answers are read back through it.
    labels: tuple[str, ...] | None = field(default=None, compare=False)

    @property
    def asked(self) -> Asked:
        """What this prompt's answer is read and scored against."""
        return Asked(scoring_variant(self.variant), self.labels)

    @property
    def key(self) -> str:
        """A digest of everything the model sees; the cache key builds on it."""
        digest = hashlib.sha256()
        digest.update((self.system or "").encode())
        digest.update(b"\x00")
        digest.update(self.text.encode())
        return digest.hexdigest()


@dataclass(frozen=True)
class Asked:
    """The part of a rendered prompt an answer is read and scored against: the names the
    encoding gave the nodes and the instruction variant, plus, for a variant judged
    against another one (Reverse against the original), the model's response to that
    one. Scoring builds it from a stored item's keys, without rendering the text again."""

    variant: Variant = field(default_factory=Original)
    labels: tuple[str, ...] | None = None
    baseline: str | None = None

    def expected(self, instance: Instance) -> Expected:
        return self.variant.expected(instance, self.baseline)


def asked_for(instance: Instance, encoding: str = DEFAULT_ENCODING,
              variant: str = DEFAULT_VARIANT, baseline: str | None = None) -> Asked:
    """The ``Asked`` of ``instance`` rendered in ``encoding`` under ``variant``."""
    return Asked(scoring_variant(variant), labels_for(instance, encoding_of(encoding)),
                 baseline)


@lru_cache(maxsize=256)
def encoding_of(spec: str) -> Encoding:
    """The Encoding named by ``spec`` (parsed once per spec; a run renders thousands)."""
    return Encoding.parse(spec)


def labels_for(instance: Instance, encoding: Encoding) -> tuple[str, ...] | None:
    """The name of each node of ``instance`` under ``encoding``; None for plain ids."""
    if encoding.labeling == "identity":
        return None
    if encoding.labeling == "native":  # imported items' own names; ids when they have none
        names = instance.meta.get("node_names")
        return tuple(names) if names else None
    return tuple(node_labels(len(instance.graphs["G"]["nodes"]), encoding, instance.id))


def _relabeled_query(instance: Instance, task: Any, labels: tuple[str, ...]) -> Instance:
    """The instance as the question should see it: node parameters under their new names."""
    query = dict(instance.query)
    for key in task.node_params:
        if key in query:
            query[key] = labels[query[key]]
    return replace(instance, query=query)


def render(
    instance: Instance,
    encoding: str | Encoding | None = None,
    variant: str | None = None,
    *,
    task: Any,
) -> Prompt:
    """Prompt = graph text (in ``encoding``) + the task's question + the answer format.

    Under a relabeling, the question names nodes by their new labels too, and the prompt
    keeps the labels so that answers are mapped back to the instance's ids.
    """
    if not isinstance(encoding, Encoding):
        encoding = encoding_of(encoding or DEFAULT_ENCODING)
    variant = variant or DEFAULT_VARIANT
    own = task.custom_prompt(instance, encoding, variant)
    if own is not None:  # suites with their own prompt layout (few-shot pairs, TAG text)
        if not task.applies_variants and scoring_variant(variant).kind != ORIGINAL:
            raise UserError(f"task {instance.suite}/{instance.task} has its own prompt "
                            f"layout, which does not apply variant {variant!r}")
        return own
    labels = labels_for(instance, encoding)
    asked = instance if labels is None else _relabeled_query(instance, task, labels)
    question = variant_of(variant).question(task.question(asked), instance.suite)
    parts = [
        graph_text(instance.graphs["G"], encoding, instance.id, labels),
        f"Question: {question}",
        task.instruction,
    ]
    return Prompt(text="\n\n".join(p for p in parts if p), encoding=encoding.name,
                  variant=variant, labels=labels)
