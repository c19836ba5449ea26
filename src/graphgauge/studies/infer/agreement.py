"""GraphInfer's L3 check: Cohen's kappa between two human annotators and how often the
L2 model judges agree with their consensus (``graphgauge infer kappa``)."""

from __future__ import annotations

import csv
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphgauge.errors import UserError


def cohen_kappa(a: Sequence[Any], b: Sequence[Any]) -> float:
    """Cohen's kappa of two raters' labels on the same items."""
    if len(a) != len(b) or not a:
        raise ValueError("kappa needs two equally long, non-empty label lists")
    n = len(a)
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[k] * cb[k] for k in set(ca) | set(cb)) / (n * n)
    return 1.0 if expected == 1 else (observed - expected) / (1 - expected)


def read_annotations(path: Path) -> dict[str, dict[str, bool]]:
    """annotator -> sample id -> qualified, from a CSV or JSONL with columns
    ``id, annotator, qualified`` (true/false/1/0/ship/drop)."""
    if not path.is_file():
        raise UserError(f"annotation file not found: {path}")
    if path.suffix == ".jsonl":
        try:
            rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            raise UserError(f"{path}: not JSON lines ({exc.msg})") from None
    else:
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle))
    out: dict[str, dict[str, bool]] = defaultdict(dict)
    for number, row in enumerate(rows, 1):
        try:
            value = str(row["qualified"]).strip().lower()
            out[str(row["annotator"])][str(row["id"])] = value in ("true", "1", "ship", "yes")
            if value not in ("true", "1", "ship", "yes", "false", "0", "drop", "no"):
                raise KeyError("qualified")
        except (KeyError, TypeError):
            raise UserError(f"{path}: record {number} needs id, annotator and a qualified "
                            "value (true/false)") from None
    return dict(out)


def layer3(annotations: dict[str, dict[str, bool]],
           judged: dict[str, bool] | None = None) -> dict[str, Any]:
    """Inter-annotator kappa (first two annotators, shared ids) and, given the L2
    all_pass verdicts, agreement of L2 with the human consensus (ids both annotators
    agree on)."""
    names = sorted(annotations)
    if len(names) < 2:
        raise UserError("L3 needs two annotators")
    first, second = annotations[names[0]], annotations[names[1]]
    shared = sorted(set(first) & set(second))
    if not shared:
        raise UserError("the two annotators share no sample id")
    report: dict[str, Any] = {
        "annotators": names[:2], "items": len(shared),
        "kappa": cohen_kappa([first[i] for i in shared], [second[i] for i in shared])}
    if judged is not None:
        consensus = [i for i in shared if first[i] == second[i] and i in judged]
        report["consensus_items"] = len(consensus)
        report["l2_agreement"] = (sum(judged[i] == first[i] for i in consensus) /
                                  len(consensus)) if consensus else None
        report["l2_silent_pass"] = sum(judged[i] and not first[i] for i in consensus)
    return report
