"""GTEval's instruction transformations: the same input under a changed instruction.

A variant is named ``original`` or ``KIND:K`` (K = template index): ``rephrase`` keeps the
task and changes the wording, ``relabel`` asks for a coarser human-readable label space,
``reverse`` asks for the *least* probable class, ``randomize`` replaces the instruction by
an irrelevant sentence. Rephrasing and randomizing make sense for any question; relabeling
and reversing need a label space, which only the classification suite has. A variant only
ever rewrites instruction text: it never sees the gold answer, so it cannot leak it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from graphgauge.errors import UserError
from graphgauge.render import variant_templates as T

ORIGINAL = "original"
# kind -> (classification templates, question templates or None, one-line meaning)
KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None, str]] = {
    "rephrase": (T.CLASSIFY_REPHRASE, T.QUESTION_REPHRASE,
                 "same task, new wording (format level)"),
    "relabel": (T.CLASSIFY_RELABEL, None,
                "answer in a coarser, human-readable label space"),
    "reverse": (T.CLASSIFY_REVERSE, None, "ask for the least probable class"),
    "randomize": (T.RANDOMIZE, T.RANDOMIZE,
                  "an irrelevant sentence instead of the task (expected: no label)"),
}
# The order of the paper's table; the gteval command runs them in this order.
ORDER = (ORIGINAL, "rephrase", "relabel", "reverse", "randomize")


@dataclass(frozen=True)
class Variant:
    kind: str
    index: int = 0

    @property
    def name(self) -> str:
        return ORIGINAL if self.kind == ORIGINAL else f"{self.kind}:{self.index}"


def template_count(kind: str) -> int:
    """How many templates ``kind`` has (the classification and question lists of a kind
    are kept the same length, so an index means the same thing for every suite)."""
    return 1 if kind == ORIGINAL else len(KINDS[kind][0])


def parse_variant(name: str | Variant) -> Variant:
    if isinstance(name, Variant):
        return name
    kind, _, index = name.partition(":")
    if kind == ORIGINAL and not index:
        return Variant(ORIGINAL)
    if kind not in KINDS:
        raise UserError(f"unknown variant {name!r}; kinds: {', '.join(ORDER)} "
                        "(see 'graphgauge variants')")
    count = template_count(kind)
    if not index.isdigit() or int(index) >= count:
        raise UserError(f"variant {name!r}: write {kind}:K with K in 0..{count - 1}")
    return Variant(kind, int(index))


def expand_variants(names: Iterable[str]) -> list[str]:
    """Names as the gteval command takes them: a bare kind means all of its templates,
    ``all`` means every kind; duplicates are dropped, order kept."""
    out: list[str] = []
    for name in names:
        if name == "all":
            out.extend(expand_variants(ORDER))
        elif name in KINDS:
            out.extend(f"{name}:{k}" for k in range(template_count(name)))
        else:
            out.append(parse_variant(name).name)
    return list(dict.fromkeys(out))


def variant_question(question: str, variant: str | Variant, suite: str) -> str:
    """The question of a suite without a label space, under ``variant``."""
    v = parse_variant(variant)
    if v.kind == ORIGINAL:
        return question
    templates = KINDS[v.kind][1]
    if templates is None:
        raise UserError(
            f"variant {v.name!r} needs a label space to {v.kind}; suite {suite!r} has none "
            "(use original, rephrase:K or randomize:K, or the classify suite)"
        )
    lower = question[:1].lower() + question[1:]
    return templates[v.index].format(question=question, question_lower=lower)


def classification_instruction(variant: str | Variant, labels: Sequence[str]) -> str:
    """The classification instruction under ``variant``; ``labels`` are the names the
    variant asks in (the coarse names for ``relabel``, the dataset's for the rest), always
    in the dataset's fixed order so the list itself says nothing about any one node."""
    v = parse_variant(variant)
    listed = ", ".join(labels)
    if v.kind == ORIGINAL:
        return T.CLASSIFY_ORIGINAL.format(n=len(labels), labels=listed)
    template = KINDS[v.kind][0][v.index]
    if v.kind == "randomize":
        return f"{template.rstrip('.')}: {listed}."
    return template.format(n=len(labels), labels=listed)


def describe() -> list[tuple[str, int, str, bool]]:
    """(kind, templates, meaning, needs a label space) for the listing command."""
    rows = [(ORIGINAL, 1, "the suite's own instruction", False)]
    rows += [(kind, template_count(kind), meaning, question is None)
             for kind, (_, question, meaning) in KINDS.items()]
    return rows
