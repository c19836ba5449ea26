"""Export to inspect_ai: one task file with a ``@task`` per suite.

The file reads the suite's records from ``docs/`` beside it; ``encoding`` and
``variant`` are task parameters (``-T encoding=...``) choosing which of the exported
prompts are asked. Its scorer hands each completion to
:func:`graphgauge.exporters.records.score_record`, so inspect's accuracy is graphgauge's.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from graphgauge import __version__
from graphgauge.exporters.records import grouped, name_part, source_metric, write_records

FILE = "graphgauge_tasks.py"

HEADER = '''"""inspect_ai tasks written by `graphgauge export-task inspect` (graphgauge {version}).

Each sample is a prompt exactly as `graphgauge run` sends it; the scorer is graphgauge's
own reader and verifier, so accuracy equals graphgauge's. Needs graphgauge installed.
Run: inspect eval {file}@{first} --model MODEL [-T encoding=... -T variant=...]
"""

from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, accuracy, mean, scorer, stderr
from inspect_ai.solver import generate

from graphgauge.exporters.records import read_records, score_record

HERE = Path(__file__).parent


def graphgauge_dataset(docs, encoding, variant):
    """The samples of one exported suite asked in ``encoding`` under ``variant``."""
    samples = []
    for record in read_records(HERE / docs):
        if record["encoding"] != encoding or record["variant"] != variant:
            continue
        system = [ChatMessageSystem(content=record["system"])] if record["system"] else []
        samples.append(Sample(input=[*system, ChatMessageUser(content=record["prompt"])],
                              target=record["target"], id=record["id"], metadata=record))
    if not samples:
        raise ValueError(f"no sample of {{docs}} in encoding {{encoding!r}}, variant "
                         f"{{variant!r}}; exported: {combos}")
    return MemoryDataset(samples, name=Path(docs).stem)


def graphgauge_score(state):
    """graphgauge's score of the completion (accuracy), whether it was unreadable and,
    for an imported benchmark, that benchmark's own metric."""
    return Score(value=score_record(state.metadata, state.output.completion),
                 answer=state.output.completion)


@scorer(metrics={{"accuracy": [accuracy(), stderr()], "unparsed": [mean()]}})
def graphgauge_scorer():
    async def score(state, target):
        return graphgauge_score(state)

    return score
'''

# A scorer for an imported benchmark's suite: graphgauge's metrics and the source's own.
SOURCE_SCORER = '''

@scorer(metrics={{"accuracy": [accuracy(), stderr()], "unparsed": [mean()],
                 "{metric}": [mean()]}})
def graphgauge_{metric}_scorer():
    async def score(state, target):
        return graphgauge_score(state)

    return score
'''

TASK = '''

@task
def {name}(encoding={encoding!r}, variant={variant!r}):
    """The {suite} suite ({count} items per encoding and variant)."""
    return Task(dataset=graphgauge_dataset({docs!r}, encoding, variant), solver=generate(),
                scorer={scorer}())
'''


def how_to_use(out: Path, first: str) -> str:
    return f"inspect eval {out / FILE}@{first} --model MODEL"


def export(records: Sequence[dict[str, str]], out: Path, **card: str | None) -> list[str]:
    """Write the task file and its docs; returns the task names (one per suite). ``card``
    (licence, source) is for formats with a dataset card: none here."""
    combos = list(dict.fromkeys((r["encoding"], r["variant"]) for r in records))
    encoding, variant = combos[0]
    names, parts, sources = [], [], []
    for (suite,), docs in grouped(records, "suite"):
        name = f"graphgauge_{name_part(suite)}"
        relative = f"docs/{name}.jsonl"
        write_records(docs, out / relative)
        source = source_metric(docs[0])  # one suite: one source
        sources += [source] if source and source not in sources else []
        parts.append(TASK.format(name=name, suite=suite, docs=relative, encoding=encoding,
                                 variant=variant, count=len(docs) // len(combos),
                                 scorer=f"graphgauge_{source}_scorer" if source
                                 else "graphgauge_scorer"))
        names.append(name)
    header = HEADER.format(version=__version__, file=FILE, first=names[0],
                           combos=", ".join(f"{e} {v}" for e, v in combos))
    scorers = "".join(SOURCE_SCORER.format(metric=metric) for metric in sources)
    (out / FILE).write_text(header + scorers + "".join(parts))
    return names
