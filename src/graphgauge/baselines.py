"""The answers some variants are judged against, looked up in a run's stored items.

Reverse asks for the least probable class; a correct answer is a label other than the
same model's answer to the original instruction on the same item (same encoding, same
repeat). That answer is another stored item, so such items are scored once the request
phase is over, and only when their baseline is stored: an item whose baseline the run
asks but has not answered yet (a run killed or shared midway) waits for the next scoring
pass rather than be judged against nothing.
A GTEval variant's, yet top-level rather than in studies/gteval: the runner and the
extractor score with it, and they sit below the studies.
"""

from __future__ import annotations

from graphgauge.render.variants import scoring_variant
from graphgauge.store.sqlite import Store

Key = tuple[str, str, str, int]  # instance, encoding, variant, repeat

_COLUMNS = ("instance_id", "encoding", "variant", "repeat", "response", "error")


def judged_later(variant: str) -> bool:
    """Whether answers under ``variant`` are judged against another variant's answer."""
    return scoring_variant(variant).baseline is not None


class Baselines:
    """The stored responses (None for a failed request) of the variants that the
    ``variants`` of a run's unscored items are judged against."""

    def __init__(self, store: Store, run_id: str, variants: set[str]):
        wanted = {scoring_variant(v).baseline for v in variants} - {None}
        self.asked = set(store.manifest(run_id).get("variants", ())) if wanted else set()
        self.answers: dict[Key, str | None] = {
            (r.instance_id, r.encoding, r.variant, r.repeat):
                (r.response if r.error is None else None)
            for r in (store.items([run_id], _COLUMNS) if wanted else ())
            if r.variant in wanted
        }

    def lookup(self, key: Key) -> tuple[bool, str | None]:
        """(ready to score, the baseline response) for the item ``key``. A baseline the run
        never asked (a store from before runs had to) is judged as no answer."""
        instance_id, encoding, variant, repeat = key
        base = scoring_variant(variant).baseline
        if base is None:
            return True, None
        found = (instance_id, encoding, base, repeat)
        if found in self.answers:
            return True, self.answers[found]
        return base not in self.asked, None
