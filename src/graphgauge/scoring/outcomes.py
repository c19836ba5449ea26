"""What became of an answer, beyond right or wrong.

Every table keeps three outcomes apart: **correct**, **wrong** and **no answer** (nothing
committed could be read; never counted as a value). Optimisation tasks whose answers a
verifier can check against an objective (shortest paths, spanning trees, matchings,
covers, tours) split "wrong" further, as GraphArena does: **feasible but suboptimal** (a
valid path, tree, matching … that is not optimal, with its optimality gap) and
**infeasible** (not a valid one at all: a broken path, a set that covers nothing).
"""

from __future__ import annotations

import math
from typing import Any

CORRECT, WRONG, NO_ANSWER = "correct", "wrong", "no answer"
SUBOPTIMAL, INFEASIBLE = "feasible, suboptimal", "infeasible"
OUTCOMES = (CORRECT, WRONG, NO_ANSWER)
OPTIMISATION_OUTCOMES = (CORRECT, SUBOPTIMAL, INFEASIBLE, NO_ANSWER)


def optimality_gap(found: float, best: float, sense: str) -> float:
    """How much worse a feasible answer's objective is than the optimum, relative to it:
    (found - best) / |best| when minimising, (best - found) / |best| when maximising; 0 at
    the optimum. An optimum of 0 has no scale, so there the gap is the absolute
    difference. Never negative: a verifier that finds a better-than-optimal answer means
    the reference is wrong, and that must show up as a bug, not a negative gap."""
    if sense not in ("min", "max"):
        raise ValueError(f"sense must be 'min' or 'max', got {sense!r}")
    worse = found - best if sense == "min" else best - found
    if worse < 0:
        raise ValueError(f"answer objective {found} beats the optimum {best} ({sense})")
    return worse / abs(best) if best else float(worse)


def outcome(parse_ok: Any, accuracy: Any, scores: dict | None) -> str:
    """The outcome class of one scored answer; optimisation answers (whose scores carry
    ``feasible``) are suboptimal or infeasible rather than plainly wrong."""
    if not parse_ok:
        return NO_ANSWER
    if accuracy is not None and float(accuracy) >= 1.0:
        return CORRECT
    feasible = (scores or {}).get("feasible")
    if feasible is None:
        return WRONG
    return SUBOPTIMAL if feasible else INFEASIBLE


def mean_gap(gaps: list[float]) -> float:
    """The mean optimality gap of the feasible-suboptimal answers (NaN when there are
    none): how far off a model is when it finds a valid but not optimal answer."""
    finite = [g for g in gaps if g is not None and math.isfinite(g)]
    return sum(finite) / len(finite) if finite else float("nan")
