"""Quality gates L1 (deterministic rules) and L4 (canonical identities, dedup), and the
stratified cap and split.

L1 audits the gold text (``Answer:`` + ``Reasoning:``) under the paper's codes:
  C1  every ``Node N`` reference satisfies 0 <= N < |V| (case-sensitive, as the paper);
  C2  T2 answer polarity equals has_edge; T4's outlier line names the gold outlier;
  C3  gold labels and label answers well-formed: balanced quotes, no leading-quote
      fragment, no placeholder token (---, ???, [MASK], [MASKED]), at least 2 characters
      (the paper says 3; DBLP's "AI" is a real label);
  FMT T4: exactly one outlier line and |V|-1 not-outlier lines, every id once; T5: one
      community line per node and as many communities as the gold partition.
L4 drops later candidates whose identity was seen (T1 hub, T2 unordered pair, T3/T5 node
set, T4 outlier + cluster) and T3 candidates whose node set has Jaccard >= 0.5 with a
kept one, *before* splitting, so no identity can cross splits.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

import numpy as np

from graphgauge.instance import Instance
from graphgauge.suites.inference import parsing
from graphgauge.suites.inference.gold import full_text

PLACEHOLDER_TOKENS = ("---", "???", "[MASK]", "[MASKED]")
NEAR_DUPLICATE = 0.5
SPLITS = ("train", "val", "test")
MAX_SKEW = 1.25  # no stratum above 1.25x the mean stratum of its released cell


def _label_ok(label: str) -> bool:
    text = label.strip()
    if len(text) < 2 or any(token in text for token in PLACEHOLDER_TOKENS):
        return False
    if text.count('"') % 2 or text.startswith(("'", '"')) and not text.endswith(("'", '"')):
        return False
    return text.count("(") == text.count(")")


def layer1(instance: Instance) -> list[str]:
    """The L1 codes ``instance``'s gold fails; empty when it passes."""
    gold, n = instance.answer, len(instance.graphs["G"]["nodes"])
    text = full_text(gold)
    failed = []
    if any(not 0 <= ref < n for ref in parsing.node_refs(text)):
        failed.append("C1")
    answer_block, _ = parsing.blocks(text) or ("", "")
    task, value = instance.task, gold["answer"]
    if task == "relation" and parsing.polarity(answer_block) != value["has_edge"]:
        failed.append("C2")
    labels = []
    if task in ("masked_node", "theme"):
        labels = [value, answer_block]
    elif task == "relation":
        labels = [value["label_b"]]
    elif task == "community":
        labels = list(value["labels"])
    if not all(_label_ok(str(label)) for label in labels):
        failed.append("C3")
    if task == "outlier":
        lines = parsing.outlier_lines(answer_block)
        flagged = [node for node, is_outlier in lines if is_outlier]
        if flagged[:1] != [value]:
            failed.append("C2")
        if (len(flagged) != 1 or len(lines) != n
                or sorted(node for node, _ in lines) != list(range(n))):
            failed.append("FMT")
    if task == "community":
        lines = parsing.community_lines(answer_block)
        written = len(re.findall(r"\bNode\s+\d+\s*:\s*Community", answer_block))
        if (sorted(lines) != list(range(n)) or written != n
                or len(set(lines.values())) != len(set(value["communities"]))):
            failed.append("FMT")
    return failed


def dedup(instances: Sequence[Instance]) -> tuple[list[Instance], Counter]:
    """Keep the first instance of every identity (and drop T3 near-duplicates); returns
    the kept ones and drop counts by reason."""
    seen: set[str] = set()
    kept, dropped = [], Counter()
    postings: dict[int, list[int]] = defaultdict(list)  # T3 node -> kept sample numbers
    sizes: list[int] = []
    for inst in instances:
        identity = inst.meta["identity"]
        if identity in seen:
            dropped["exact"] += 1
            continue
        if inst.task == "theme":
            ids = inst.meta["global_ids"]
            overlap = Counter(j for node in ids for j in postings[node])
            if any(inter / (len(ids) + sizes[j] - inter) >= NEAR_DUPLICATE
                   for j, inter in overlap.items()):
                dropped["near"] += 1
                continue
            for node in ids:
                postings[node].append(len(sizes))
            sizes.append(len(ids))
        seen.add(identity)
        kept.append(inst)
    return kept, dropped


def stratum_sizes(available: list[int], total: int) -> list[int]:
    """How many items each stratum releases: the same number ``q`` from each (all of a
    smaller stratum), the largest ``q`` that fits ``total`` and keeps every stratum within
    ``MAX_SKEW`` times the mean, so the majority answer cannot beat chance by much even
    when the cell is short (DBLP's T3 pool is 46% Database before this cap)."""
    def taken(q: int) -> int:
        return sum(min(a, q) for a in available)

    q = max(available, default=0)
    while q > 0 and (taken(q) > total or q > MAX_SKEW * taken(q) / len(available)):
        q -= 1
    sizes = [min(a, q) for a in available]
    if taken(q + 1) > total:  # the total binds: top up one each where items are left
        spare = [i for i, a in enumerate(available) if a > q]
        for i in spare[:total - sum(sizes)]:
            sizes[i] += 1
    return sizes


def cap_and_split(instances: Sequence[Instance], sizes: dict[str, int],
                  rng: np.random.Generator) -> list[tuple[Instance, str]]:
    """Stratified cap of one (domain, task) cell, then a stratified split with exact
    sizes; when the cell has fewer instances than the cap, the split sizes shrink in
    proportion."""
    total = sum(sizes.values())
    by_stratum: dict[str, list[Instance]] = defaultdict(list)
    for inst in instances:
        by_stratum[inst.meta["stratum"]].append(inst)
    groups = [by_stratum[key] for key in sorted(by_stratum)]
    order = rng.permutation(len(groups))  # which strata get the top-up items
    counts = stratum_sizes([len(groups[g]) for g in order], total)
    chosen: list[Instance] = []
    for g, count in zip(order, counts, strict=True):
        chosen += [groups[g][i] for i in sorted(rng.permutation(len(groups[g]))[:count])]
    scale = len(chosen) / total if total else 0.0
    quota = {name: int(round(sizes[name] * scale)) for name in ("val", "test")}
    quota["test"] = min(quota["test"], len(chosen))
    quota["val"] = min(quota["val"], len(chosen) - quota["test"])
    quota["train"] = len(chosen) - quota["val"] - quota["test"]
    return _stratified_split(chosen, quota, rng)


def _apportion(total: int, weights: list[int], rng: np.random.Generator) -> list[int]:
    """``total`` split in proportion to ``weights`` (largest remainder, ties at random),
    never more than a weight."""
    whole = sum(weights)
    exact = [total * w / whole if whole else 0.0 for w in weights]
    counts = [int(x) for x in exact]
    tiebreak = rng.random(len(weights))
    order = sorted(range(len(weights)), key=lambda i: (counts[i] - exact[i], tiebreak[i]))
    for i in order[:total - sum(counts)]:
        counts[i] += 1
    return counts


def _stratified_split(chosen: list[Instance], quota: dict[str, int],
                      rng: np.random.Generator) -> list[tuple[Instance, str]]:
    """Every split takes each stratum in proportion, so a balanced cell stays balanced in
    test and val too ("always yes" scores 50% on every T2 split, not only overall)."""
    by_stratum: dict[str, list[Instance]] = defaultdict(list)
    for inst in chosen:
        by_stratum[inst.meta["stratum"]].append(inst)
    groups = [by_stratum[key] for key in sorted(by_stratum)]
    left = [len(group) for group in groups]
    names: list[list[str]] = [[] for _ in groups]
    for split in ("test", "val"):
        for g, count in enumerate(_apportion(quota[split], left, rng)):
            names[g] += [split] * count
            left[g] -= count
    out = []
    for group, labels in zip(groups, names, strict=True):
        labels += ["train"] * (len(group) - len(labels))
        out += [(group[i], labels[j]) for j, i in enumerate(rng.permutation(len(group)))]
    return [out[i] for i in rng.permutation(len(out))]
