"""Export to lm-evaluation-harness: a folder of task YAMLs, one group YAML per suite.

Each graphgauge task (per encoding and variant, when an export holds several) becomes a
``generate_until`` task whose docs are graphgauge records. The folder's ``utils.py``
loads a task's docs from beside itself (so the folder can move) and scores every answer
with :func:`graphgauge.exporters.records.score_record`: lm-eval's accuracy is the
mean of graphgauge's own per-item scores. Group YAMLs weight tasks by size, so a
suite's accuracy is the item average ``graphgauge report`` prints for the suite.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from graphgauge import __version__
from graphgauge.exporters.records import grouped, name_part, source_metric, write_records

PREFIX = "graphgauge"
METRICS = (("accuracy", True), ("unparsed", False))

UTILS = '''"""lm-evaluation-harness hooks written by `graphgauge export-task lm-eval`
(graphgauge {version}): a task's docs, read from beside this file, and graphgauge's own
scorer for each answer. Needs graphgauge installed (pip install graphgauge)."""

from pathlib import Path

from graphgauge.exporters.records import read_records, score_record

HERE = Path(__file__).parent


def load_docs(docs, **_):
    """The task's docs as the test split (lm-eval passes the YAML's dataset_kwargs)."""
    import datasets

    return datasets.DatasetDict({{"test": datasets.Dataset.from_list(read_records(HERE / docs))}})


def process_results(doc, results):
    """graphgauge's accuracy for the model's answer, whether it was unreadable and, for
    an imported benchmark, that benchmark's own metric."""
    return score_record(doc, results[0])
'''


class _Function(str):
    """A ``!function`` reference in a YAML file, as lm-eval resolves it."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Function, lambda dumper, value: dumper.represent_scalar(
    "!function", str(value)))


def _metrics(weighted: bool, source: str = "") -> list[dict]:
    """accuracy and unparsed, and an imported benchmark's own metric (higher is better)."""
    out = []
    for metric, higher in (*METRICS, *([(source, True)] if source else [])):
        entry = {"metric": metric, "aggregation": "mean"}
        entry.update({"weight_by_size": True} if weighted else {"higher_is_better": higher})
        out.append(entry)
    return out


def _task_config(name: str, docs: str, source: str) -> dict:
    return {
        "task": name,
        "custom_dataset": _Function("utils.load_docs"),
        "dataset_kwargs": {"docs": docs},
        "test_split": "test",
        "output_type": "generate_until",
        "doc_to_text": "prompt",
        "doc_to_target": "target",
        # a doc field: the system prompt of suites that have one, sent as a system message
        "description": "system",
        "process_results": _Function("utils.process_results"),
        # no stop strings: the whole answer is read, as graphgauge reads it
        "generation_kwargs": {"until": [], "do_sample": False, "temperature": 0.0},
        "metric_list": _metrics(weighted=False, source=source),
        "metadata": {"version": 1.0, "graphgauge": __version__},
    }


def _dump(config: dict, path: Path) -> None:
    path.write_text(yaml.dump(config, Dumper=_Dumper, sort_keys=False, allow_unicode=True))


def how_to_use(out: Path, first: str) -> str:
    return (f"lm_eval --model local-chat-completions --model_args base_url=URL,model=MODEL "
            f"--apply_chat_template --include_path {out} --tasks {first}")


def export(records: Sequence[dict[str, str]], out: Path, **card: str | None) -> list[str]:
    """Write the task folder; returns the group names (one per suite, and per encoding and
    variant when the records hold several). ``card`` (licence, source) is for formats with
    a dataset card: none here."""
    combos = {(r["encoding"], r["variant"]) for r in records}
    groups: dict[str, list[str]] = {}
    sources: dict[str, str] = {}
    for (suite, task, encoding, variant), docs in grouped(
        records, "suite", "task", "encoding", "variant"
    ):
        suffix = f"_{name_part(encoding)}_{name_part(variant)}" if len(combos) > 1 else ""
        group = f"{PREFIX}_{name_part(suite)}{suffix}"
        name = f"{PREFIX}_{name_part(suite)}_{name_part(task)}{suffix}"
        relative = f"docs/{name}.jsonl"
        write_records(docs, out / relative)
        sources[group] = source_metric(docs[0])  # one suite: one source
        _dump(_task_config(name, relative, sources[group]), out / f"{name}.yaml")
        groups.setdefault(group, []).append(name)
    for group, tasks in groups.items():
        _dump({"group": group, "task": tasks,
               "aggregate_metric_list": _metrics(weighted=True, source=sources[group]),
               "metadata": {"version": 1.0, "graphgauge": __version__}},
              out / f"{group}.yaml")
    (out / "utils.py").write_text(UTILS.format(version=__version__))
    (out / "README.md").write_text(_readme(sorted(groups)))
    return sorted(groups)


def _readme(groups: list[str]) -> str:
    listed = "\n".join(f"- `{group}`" for group in groups)
    return f"""# graphgauge tasks for lm-evaluation-harness

Written by `graphgauge export-task lm-eval` (graphgauge {__version__}). Each task sends
the prompt `graphgauge run` sends and scores the answer with graphgauge's own reader and
verifier (`utils.py`), so accuracies equal graphgauge's. Needs `pip install graphgauge`.

Groups (one per suite; tasks inside are weighted by size):

{listed}

Run, for example against an OpenAI-compatible server:

```
lm_eval --model local-chat-completions \\
  --model_args base_url=http://localhost:8000/v1/chat/completions,model=MODEL \\
  --apply_chat_template --include_path . --tasks {groups[0]}
```

Metrics: `accuracy` (graphgauge's score) and `unparsed` (share of answers graphgauge
could not read); an imported benchmark's tasks add its own metric (`nlgraph_exact`,
`graphwalks_f1`). Answers are read in full: the tasks set no stop strings; pass
`--gen_kwargs max_gen_toks=N` to cap the length.
"""
