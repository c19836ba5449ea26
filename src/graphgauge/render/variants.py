"""GTEval's instruction transformations as objects: what each asks, and what answers it.

A variant is named ``original`` or ``KIND:K`` (K = template index). Each kind is one
registered class that says both halves of the transformation: ``question()`` /
``instruction()`` (the words the model reads) and ``expected()`` (what a correct answer
is under those words). Rendering and scoring both go through the same object, so every
table that reads a stored score scores an item the same way, and a new kind is one class
(in one file) with ``@register``.

Rephrasing and randomizing make sense for any question; relabeling and reversing need a
label space (``instance.meta["labels"]``), which only the classification suite has. A
variant only ever rewrites instruction text: it never sees the gold answer while
rendering, so it cannot leak it.

``VARIANTS`` is a ``graphgauge.plugins.Registry``: a plugin package adds a kind by
decorating its class with ``@register`` in a module named by a ``graphgauge.plugins``
entry point.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from graphgauge.errors import UserError
from graphgauge.plugins import Registry
from graphgauge.render import variant_templates as T
from graphgauge.scoring.categories import single_label

ORIGINAL = "original"
# Manifest key of the runs whose answers were scored by their variant's ``expected()``
# (runs stored before scored every variant as the original question; rescoring marks them).
SCORED_BY_VARIANT = "scored_by_variant"

# Markers for Expected.answer besides a concrete value.
GOLD = "<the task's gold answer>"  # judged by the task's own check (verifiers included)
ANY = "<any single answer but the avoided one>"
ABSTAIN = "<no answer to the task>"


@dataclass(frozen=True)
class Expected:
    """A correct answer under a variant: equal to ``answer`` (or one of the markers),
    read in the label space ``labels`` (None: the task's own reader), and for ``ANY``
    different from ``avoid``; ``example`` is one of the right answers when several are."""

    answer: Any = GOLD
    labels: tuple[str, ...] | None = None
    avoid: Any = None
    example: Any = None

    def target(self, instance: Any) -> Any:
        """The answer to train on for this variant; None when no single one is right."""
        if self.answer is GOLD:
            return instance.answer
        return None if self.answer in (ANY, ABSTAIN) else self.answer

    def reference(self, instance: Any) -> Any:
        """A right answer to show (an export's target); None when the right response
        is no answer."""
        return self.example if self.answer is ANY else self.target(instance)


def label_list(instance: Any) -> tuple[str, ...] | None:
    """The instance's label space (classification), or None."""
    labels = instance.meta.get("labels") if isinstance(instance.meta, dict) else None
    return tuple(labels) if labels else None


def coarse_labels(mapping: dict[str, str]) -> list[str]:
    """The coarse label space, in the order of the original labels' first mapping."""
    return list(dict.fromkeys(mapping.values()))


@dataclass(frozen=True)
class Variant:
    """One instruction transformation, template ``index`` of its kind."""

    index: int = 0

    kind: ClassVar[str] = ""
    meaning: ClassVar[str] = ""
    # Classification instructions ({n}, {labels}); question rewrites ({question},
    # {question_lower}), None when the kind needs a label space.
    templates: ClassVar[tuple[str, ...]] = ()
    question_templates: ClassVar[tuple[str, ...] | None] = None
    # The name of the variant whose answer (same item, encoding and repeat) this one is
    # judged against; the run must ask it too.
    baseline: ClassVar[str | None] = None

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.index}"

    @classmethod
    def template_count(cls) -> int:
        return len(cls.templates)

    @classmethod
    def needs_labels(cls) -> bool:
        return cls.question_templates is None

    def question(self, question: str, suite: str) -> str:
        """A suite's question (no label space) under this variant."""
        if self.question_templates is None:
            raise UserError(
                f"variant {self.name!r} needs a label space to {self.kind}; suite {suite!r} "
                "has none (use a variant that rewrites the question, or the classify suite)"
            )
        lower = question[:1].lower() + question[1:]
        return self.question_templates[self.index].format(question=question,
                                                          question_lower=lower)

    def instruction(self, labels: Sequence[str]) -> str:
        """The classification instruction; ``labels`` in the dataset's fixed order, so the
        list itself says nothing about any one node."""
        return self.templates[self.index].format(n=len(labels), labels=", ".join(labels))

    def label_space(self, instance: Any) -> tuple[list[str], dict[str, str] | None]:
        """(labels the prompt asks in, map applied to the labels a prompt shows)."""
        return list(instance.meta["labels"]), None

    def expected(self, instance: Any, baseline: str | None = None) -> Expected:
        """What a correct answer is; ``baseline`` is the model's response to the
        ``baseline`` variant on the same item (None when there is none)."""
        return Expected(GOLD, label_list(instance))


VARIANTS: Registry[type[Variant]] = Registry("variant kind")


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make a variant kind known to rendering, scoring and the CLI."""
    if not cls.kind or not cls.templates:
        raise TypeError(f"{cls.__name__} must set kind and templates")
    if cls.question_templates is not None and len(cls.question_templates) != len(cls.templates):
        raise TypeError(f"{cls.__name__}: one question template per classification template")
    return VARIANTS.add(cls.kind, cls, summary=cls.meaning)


def kinds() -> list[str]:
    """The registered kinds, in registration order (the paper's for the built-in ones)."""
    return list(VARIANTS)


def variant_kind(kind: str) -> type[Variant]:
    return VARIANTS[kind]


@register
class Original(Variant):
    kind = ORIGINAL
    meaning = "the suite's own instruction"
    templates = (T.CLASSIFY_ORIGINAL,)
    question_templates = ("{question}",)

    @property
    def name(self) -> str:
        return ORIGINAL


@register
class Rephrase(Variant):
    kind = "rephrase"
    meaning = "same task, new wording (format level)"
    templates = T.CLASSIFY_REPHRASE
    question_templates = T.QUESTION_REPHRASE


@register
class Relabel(Variant):
    kind = "relabel"
    meaning = "answer in a coarser, human-readable label space"
    templates = T.CLASSIFY_RELABEL

    def label_space(self, instance: Any) -> tuple[list[str], dict[str, str] | None]:
        mapping = instance.meta.get("relabel")
        if not mapping:
            raise UserError(
                f"variant {self.name!r}: dataset {instance.meta.get('dataset')!r} has no "
                "relabel map; generate the benchmark with -p relabel=FILE (lines 'label: "
                "coarse label')"
            )
        return coarse_labels(mapping), mapping

    def expected(self, instance: Any, baseline: str | None = None) -> Expected:
        """The coarse label of the gold, and no other coarse label (GTEval Eq. 2)."""
        labels, mapping = self.label_space(instance)
        return Expected(mapping[instance.answer], tuple(labels))


@register
class Reverse(Variant):
    kind = "reverse"
    meaning = "ask for the least probable class"
    templates = T.CLASSIFY_REVERSE
    baseline = ORIGINAL

    def expected(self, instance: Any, baseline: str | None = None) -> Expected:
        """One valid label other than the model's own answer to the original instruction
        (GTEval Eq. 3-4); any one label when that answer named none."""
        labels = label_list(instance) or ()
        other = next((label for label in labels if label != instance.answer), None)
        return Expected(ANY, labels, avoid=single_label(baseline, labels), example=other)


@register
class Randomize(Variant):
    kind = "randomize"
    meaning = "an irrelevant sentence instead of the task (expected: no answer to it)"
    templates = T.RANDOMIZE
    question_templates = T.RANDOMIZE

    def instruction(self, labels: Sequence[str]) -> str:
        return f"{self.templates[self.index].rstrip('.')}: {', '.join(labels)}."

    def expected(self, instance: Any, baseline: str | None = None) -> Expected:
        """No answer to the task: for classification, no label named at all (Eq. 5)."""
        return Expected(ABSTAIN, label_list(instance))


def variant_of(name: str | Variant) -> Variant:
    """The variant named ``name`` (``original`` or ``KIND:K``); UserError otherwise."""
    if isinstance(name, Variant):
        return name
    kind, _, index = name.partition(":")
    if kind == ORIGINAL and not index:
        return Original()
    cls = variant_kind(kind)
    count = cls.template_count()
    if not index.isdigit() or int(index) >= count:
        raise UserError(f"variant {name!r}: write {kind}:K with K in 0..{count - 1}")
    return cls(int(index))


def scoring_variant(name: str) -> Variant:
    """The variant an answer is judged under: a suite's own prompt variants (arc's
    ``system:<role>``, graph-token prompts) ask the task itself, as the original does."""
    try:
        return variant_of(name)
    except UserError:
        return Original()


def expand_variants(names: Iterable[str]) -> list[str]:
    """Names as the gteval command takes them: a bare kind means all of its templates,
    ``all`` means every kind; duplicates are dropped, order kept."""
    out: list[str] = []
    for name in names:
        if name == "all":
            out.extend(expand_variants(kinds()))
        elif name in VARIANTS and name != ORIGINAL:
            out.extend(f"{name}:{k}" for k in range(VARIANTS[name].template_count()))
        else:
            out.append(variant_of(name).name)
    return list(dict.fromkeys(out))


def check_variants(names: Iterable[str]) -> None:
    """Refuse a run whose variants are judged against one it does not ask (Reverse is
    judged against the model's own answer to the original instruction)."""
    names = list(names)
    asked = {variant_of(name).name for name in names if _registered(name)}
    for name in names:
        if not _registered(name):
            continue
        baseline = variant_of(name).baseline
        if baseline is not None and baseline not in asked:
            raise UserError(f"variant {name!r} is judged against the model's answer to "
                            f"{baseline!r}: add -v {baseline} to the same run")


def stale_runs(manifests: dict[str, dict]) -> list[str]:
    """The runs (id -> manifest) asked in a transforming variant whose stored scores
    predate scoring by variant: their tables disagree until ``graphgauge rescore``."""
    return [run for run, manifest in manifests.items()
            if not manifest.get(SCORED_BY_VARIANT)
            and any(_registered(v) and variant_of(v).kind != ORIGINAL
                    for v in manifest.get("variants", ()))]


def _registered(name: str) -> bool:
    return name.partition(":")[0] in VARIANTS


def describe() -> list[tuple[str, int, str, bool]]:
    """(kind, templates, meaning, needs a label space) for the listing command."""
    return [(kind, cls.template_count(), cls.meaning, cls.needs_labels())
            for kind, cls in VARIANTS.items()]
