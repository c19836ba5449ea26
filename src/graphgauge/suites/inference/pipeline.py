"""``generate_suite`` for ``infer``: sample candidates from one TAG, gate, dedup, cap, split.

Options (``--dataset``, ``-p key=value``):
  dataset     TAG spec (default dblp): dblp, webkb:cornell, KIND:PATH, a folder
  candidates  candidates drawn per task before the gates (default 2200, as the paper)
  train/val/test  split sizes per (domain, task) cell after the cap (1000/100/300)
  reasoning   ``template`` (default) or a model spec that writes the gold reasoning
  judges      L2 judge model specs, e.g. [openai:llama-70b, openai:qwen-72b]; none = skip
  gate_report path of a JSON gate report to write
  encoder     sentence encoder for the T4 cosine rule (default minilm)
  reasoning_encoder  encoder that scores the reasoning cosine of every run of this file
              (default: $GRAPHGAUGE_REASONING_ENCODER, else minilm)
  reader      how answers of this file are read: ``human`` (what a careful grader reads)
              or ``faithful`` (the paper's Answer:-block protocol); default: human, or
              $GRAPHGAUGE_INFER_READER
Every instance carries its task's gate counts in ``meta["gates"]``, so a report can show
the gate table from a results store alone, without the benchmark file. The gate report
also scores the trivial shortcut baselines (``graphgauge.suites.shortcuts``) on the file.
``--count`` does not apply: the cap and split sizes decide the file's size.
``reasoning`` and ``judges`` ask models, which this layer does not load: the caller passes
``ask`` (``graphgauge.generate`` and the command do).
The gate report (the dict ``gate_report`` writes) is handed to ``on_report`` when the
caller gives one: printing it is presentation, done above the suites (``graphgauge
generate`` prints it with the study's tables, ``graphgauge.studies.infer.tables``), so
this generator prints nothing and ``progress`` changes nothing here.
All five tasks walk the same ego-graph pool (ego i is drawn from seed and i alone).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from graphgauge.errors import UserError
from graphgauge.instance import Instance
from graphgauge.suites import shortcuts
from graphgauge.suites.inference import construct, gates
from graphgauge.suites.inference.gold import statement, template_reasoning
from graphgauge.suites.inference.judges import Ask
from graphgauge.suites.inference.prompts import render_prompt
from graphgauge.suites.inference.sampling import Ego, Sampler
from graphgauge.suites.inference.tasks import READER_MODES, TASK_ORDER
from graphgauge.suites.inference.vocab import terms_for

DEFAULTS = {"dataset": "dblp", "candidates": 2200, "train": 1000, "val": 100, "test": 300,
            "reasoning": "template", "judges": None, "gate_report": None,
            "encoder": "minilm", "reasoning_encoder": None, "reader": None}


def _salt(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "little")


def _int_option(options: dict, key: str, low: int) -> int:
    value = options[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise UserError(f"option {key} must be an integer >= {low}, got {value!r}")
    return value


class EgoPool:
    """Ego-graphs drawn lazily and shared by every task: ego i depends on (seed, i) only."""

    def __init__(self, sampler: Sampler, seed: int) -> None:
        self.sampler, self.seed, self.egos = sampler, seed, []

    def __getitem__(self, i: int) -> Ego:
        while len(self.egos) <= i:
            rng = np.random.default_rng([self.seed, _salt("ego"), len(self.egos)])
            hub = int(self.sampler.hubs[int(rng.integers(len(self.sampler.hubs)))])
            self.egos.append(self.sampler.ego(hub, rng))
        return self.egos[i]


def candidates(ctx: construct.Context, pool: EgoPool, task: str, wanted: int,
               seed: int, dataset: str) -> list[Instance]:
    """Up to ``wanted`` candidates of ``task`` from the pool's egos, in pool order."""
    builder, words, out = construct.BUILDERS[task], terms_for(ctx.tag.domain), []
    limit = max(50 * wanted, 1000)
    for i in range(limit):
        if len(out) >= wanted:
            break
        rng = np.random.default_rng([seed, _salt(task), i])
        cand = builder(ctx, pool[i], rng)
        if cand is None:
            continue
        inst = to_instance(ctx, cand, len(out), words, dataset, seed)
        if not shows_masked_title(ctx, cand, inst):
            out.append(inst)
    return out


def shows_masked_title(ctx: construct.Context, cand: construct.Candidate,
                       inst: Instance) -> bool:
    """The last guard of T1: the rendered prompt must not contain a masked title
    anywhere (node list, question, answer frame)."""
    if not cand.masked:
        return False
    text = construct.folded(render_prompt(inst, None, "original").text)
    return any(construct.folded(ctx.tag.titles[int(cand.nodes[i])]) in text
               for i in cand.masked)


def _hops(cand: construct.Candidate, n: int) -> list[int]:
    """BFS distance of each node from the hub inside the instance graph (-1: none)."""
    adjacency: dict[int, list[int]] = {}
    for u, v in cand.edges.tolist():
        adjacency.setdefault(u, []).append(v)
        adjacency.setdefault(v, []).append(u)
    where = np.flatnonzero(cand.nodes == cand.hub)
    hops = [-1] * n
    if not len(where):
        return hops
    hops[int(where[0])], frontier = 0, [int(where[0])]
    for node in frontier:
        for nxt in adjacency.get(node, ()):
            if hops[nxt] < 0:
                hops[nxt] = hops[node] + 1
                frontier.append(nxt)
    return hops


def to_instance(ctx: construct.Context, cand: construct.Candidate, index: int,
                words: Any, dataset: str, seed: int) -> Instance:
    tag, n = ctx.tag, len(cand.nodes)
    titles = ["[MASK]" if i in cand.masked else tag.titles[int(v)]
              for i, v in enumerate(cand.nodes.tolist())]
    edges = [tuple(e) for e in cand.edges.tolist()]
    graph = {"directed": tag.directed,
             "nodes": [{"id": i, "title": t} for i, t in enumerate(titles)],
             "edges": [{"source": u, "target": v} for u, v in edges],
             "graph": {"domain": tag.domain, "k": cand.query.get("k", 0),
                       "label_names": list(tag.label_names)}}
    gold = {"answer": cand.gold,
            "statement": statement(cand.task, cand.gold, cand.query, n, words),
            "reasoning": template_reasoning(cand.task, cand.gold, cand.query, titles, edges,
                                            words)}
    meta = {"dataset": dataset, "domain": tag.domain, "global_ids": cand.nodes.tolist(),
            "hops": _hops(cand, n), "identity": cand.identity, "stratum": cand.stratum,
            "index": index, "seed": seed, "n": n, **cand.extra}
    body = {"graphs": {"G": graph}, "query": cand.query, "dataset": dataset, "seed": seed}
    return Instance(id=Instance.make_id("infer", cand.task, index, body), suite="infer",
                    task=cand.task, graphs={"G": graph}, query=cand.query, answer=gold,
                    meta=meta)


def generate_suite(tasks: list[str] | None, count: int, seed: int, nodes: Any,
                   options: dict[str, Any], progress: bool = False,
                   ask: Ask | None = None,
                   on_report: Callable[[dict[str, Any]], None] | None = None,
                   ) -> list[Instance]:
    from graphgauge.datasets import embed_texts, load_tag

    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise UserError(f"unknown infer option(s): {', '.join(sorted(unknown))}; known: "
                        f"{', '.join(DEFAULTS)}")
    options = {**DEFAULTS, **options}
    names = list(tasks or TASK_ORDER)
    for name in names:
        if name not in TASK_ORDER:
            raise UserError(f"unknown infer task {name!r}; tasks: {', '.join(TASK_ORDER)}")
    if options["reader"] is not None and options["reader"] not in READER_MODES:
        raise UserError(f"option reader must be one of {', '.join(READER_MODES)}, got "
                        f"{options['reader']!r}")
    wanted = _int_option(options, "candidates", 1)
    if ask is None and (options["judges"] or options["reasoning"] != "template"):
        raise UserError("options judges and reasoning ask models: generate through "
                        "graphgauge.generate(...) or the graphgauge command")
    sizes = {split: _int_option(options, split, 0) for split in gates.SPLITS}
    tag = load_tag(str(options["dataset"]))
    sampler = Sampler(tag)
    if not len(sampler.hubs):
        raise UserError(f"dataset {options['dataset']}: no hub with in-degree >= 3")
    vectors = embed_texts(tag.titles, options["encoder"]) if "outlier" in names else None
    ctx, pool = construct.Context(tag, sampler, vectors), EgoPool(sampler, seed)
    report: dict[str, Any] = {"dataset": tag.name, "domain": tag.domain, "tasks": {}}
    kept_all: list[Instance] = []
    for name in names:
        pool_items = candidates(ctx, pool, name, wanted, seed, str(options["dataset"]))
        if options["reasoning"] != "template":
            from graphgauge.suites.inference.judges import model_reasoning

            pool_items = model_reasoning(pool_items, str(options["reasoning"]), ask)
        cell = {"candidates": len(pool_items), "L1": Counter(), "L2": Counter(),
                "L4": Counter()}
        passed = []
        for inst in pool_items:
            codes = gates.layer1(inst)
            cell["L1"].update(codes)
            if not codes:
                passed.append(inst)
        cell["L1_admitted"] = len(passed)
        if options["judges"]:
            from graphgauge.suites.inference.judges import layer2

            passed, flags = layer2(passed, list(options["judges"]), ask)
            cell["L2"].update(flags)
        cell["L2_admitted"] = len(passed)
        passed, dropped = gates.dedup(passed)
        cell["L4"].update(dropped)
        cell["L4_admitted"] = len(passed)
        split_rng = np.random.default_rng([seed, _salt("split"), _salt(name)])
        chosen = gates.cap_and_split(passed, sizes, split_rng)
        cell["released"] = Counter(split for _, split in chosen)
        report["tasks"][name] = {k: dict(v) if isinstance(v, Counter) else v
                                 for k, v in cell.items()}
        extra = {"gates": report["tasks"][name]}
        if options["reasoning_encoder"]:
            extra["reasoning_encoder"] = str(options["reasoning_encoder"])
        if options["reader"]:
            extra["reader"] = options["reader"]
        kept_all += [Instance(**{**inst.to_dict(),
                                 "meta": {**inst.meta, **extra, "split": split}})
                     for inst, split in sorted(chosen, key=lambda c: c[0].meta["index"])]
    report["shortcuts"] = [asdict(row) for row in shortcuts.audit(kept_all)]
    if options["gate_report"]:
        path = Path(str(options["gate_report"]))
        path.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    if on_report is not None:
        on_report(report)
    return kept_all
