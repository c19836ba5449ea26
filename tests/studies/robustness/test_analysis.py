"""Serialization-robustness analysis and its plots, on hand-built rows with known answers."""

from __future__ import annotations

import csv
import math
import statistics
import sys
from dataclasses import fields
from types import SimpleNamespace

import numpy as np
import pytest

from graphgauge.errors import UserError
from graphgauge.store.records import ItemRecord
from graphgauge.studies.robustness import measures as R

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def row(instance, encoding, accuracy=1.0, *, task="t", difficulty="easy", repeat=0,
        parse_ok=1, error=None, gold="1", parsed="null", prompt="p"):
    return ItemRecord("run", instance, encoding, "original", repeat, "algorithmic", task,
                      difficulty=difficulty, error=error, parse_ok=parse_ok,
                      accuracy=accuracy, parsed=parsed, gold=gold, prompt=prompt)


def by_encoding(records):
    return {r.encoding: r for r in records}


# --- encoding names --------------------------------------------------------------------
def test_split_labeling():
    assert R.split_labeling("edge_list") == ("edge_list", None)
    assert R.split_labeling("edge_list+random3") == ("edge_list", 3)
    assert R.split_labeling("adjacency_list+shuffled+json+random12") == (
        "adjacency_list+shuffled+json", 12)
    assert R.split_labeling("edge_list+randomized") == ("edge_list+randomized", None)


# --- 1. accuracy and deltas ------------------------------------------------------------
HAND_TABLE = [
    *(row(i, "edge_list", a) for i, a in zip("abcd", (1, 1, 0, 1), strict=True)),
    row("a", "adjacency_list", 1), row("b", "adjacency_list", 0),
    row("c", "adjacency_list", 0, parse_ok=0),  # unparsed: wrong, counted in unparsed
    row("d", "adjacency_list", 1), row("e", "adjacency_list", 1),  # e: not in the baseline
    row("f", "adjacency_list", None, parse_ok=None, error="timeout"),  # excluded, an error
    row("g", "adjacency_list", None, parse_ok=None),  # not scored yet: excluded
    row("a", "edge_list+json", 1), row("a", "edge_list+json", 0, repeat=1),
    *(row(i, "edge_list+json", a) for i, a in zip("bcd", (1, 0, 1), strict=True)),
]


def test_accuracy_and_delta_by_hand():
    records = R.accuracy_by_encoding(HAND_TABLE)
    assert [r.encoding for r in records] == ["edge_list", "adjacency_list", "edge_list+json"]
    base, adj, json_ = (by_encoding(records)[e] for e in
                        ("edge_list", "adjacency_list", "edge_list+json"))
    assert (base.n, base.instances, base.accuracy, base.unparsed) == (4, 4, 0.75, 0.0)
    assert (base.delta, base.delta_low, base.delta_high, base.paired) == (0.0, 0.0, 0.0, 4)
    assert base.ci_low <= 0.75 <= base.ci_high
    # adjacency_list: a1 b0 c0(unparsed) d1 e1 -> 3/5; delta on a-d: (0 - 1 + 0 + 0) / 4.
    assert (adj.n, adj.instances, adj.paired, adj.errors) == (5, 5, 4, 1)
    assert adj.accuracy == pytest.approx(0.6)
    assert adj.unparsed == pytest.approx(0.2)
    assert adj.delta == pytest.approx(-0.25)
    assert adj.delta_low <= -0.25 <= adj.delta_high <= 0.0
    # edge_list+json: repeats of a average to 0.5 -> (0.5 + 1 + 0 + 1) / 4.
    assert (json_.n, json_.instances) == (5, 4)
    assert json_.accuracy == pytest.approx(0.625)
    assert json_.delta == pytest.approx(-0.125)
    assert all(r.level == "overall" and r.group == "all" and r.baseline == "edge_list"
               for r in records)


def test_levels_and_missing_baseline():
    rows = [row("a", "edge_list", 1, task="t1", difficulty="hard"),
            row("a", "adjacency_list", 0, task="t1", difficulty="hard"),
            row("b", "edge_list", 0, task="t2", difficulty="easy"),
            row("b", "adjacency_list", 1, task="t2", difficulty="easy"),
            row("c", "adjacency_list", 1, task="t3", difficulty="easy")]
    by_task = R.accuracy_by_encoding(rows, level="task")
    assert [(r.group, r.encoding) for r in by_task] == [
        ("t1", "edge_list"), ("t1", "adjacency_list"), ("t2", "edge_list"),
        ("t2", "adjacency_list"), ("t3", "adjacency_list")]
    assert [r.delta for r in by_task[:4]] == [0.0, -1.0, 0.0, 1.0]
    lonely = by_task[4]  # no baseline answers for t3: no delta
    assert lonely.accuracy == 1.0 and lonely.paired == 0 and math.isnan(lonely.delta)
    by_difficulty = R.accuracy_by_encoding(rows, level="difficulty")
    assert [r.group for r in by_difficulty] == ["easy", "easy", "hard", "hard"]
    easy = by_encoding(r for r in by_difficulty if r.group == "easy")
    assert easy["adjacency_list"].accuracy == 1.0
    assert easy["adjacency_list"].delta == 1.0  # paired on b only
    with pytest.raises(ValueError):
        R.accuracy_by_encoding(rows, level="suite")


def reference_paired_ci(a, b, n_boot=4000, seed=123):
    """Own percentile bootstrap of mean(a - b), resampling instances."""
    rng = np.random.default_rng(seed)
    diff = np.asarray(a) - np.asarray(b)
    means = [diff[rng.integers(0, diff.size, diff.size)].mean() for _ in range(n_boot)]
    return np.quantile(means, [0.025, 0.975])


def two_encodings(base, other):
    return ([row(f"i{i}", "edge_list", v) for i, v in enumerate(base)]
            + [row(f"i{i}", "adjacency_list", v) for i, v in enumerate(other)])


def test_paired_delta_interval():
    rng = np.random.default_rng(7)
    base = (rng.random(200) < 0.7).astype(float)
    # Correlated: the same instances, 20% of the baseline's right answers lost.
    other = base * (rng.random(200) >= 0.2)
    recs = by_encoding(R.accuracy_by_encoding(two_encodings(base, other)))
    adj, edge = recs["adjacency_list"], recs["edge_list"]
    assert adj.delta == pytest.approx(other.mean() - base.mean())
    assert adj.delta_low <= adj.delta <= adj.delta_high
    low, high = reference_paired_ci(other, base)
    assert adj.delta_low == pytest.approx(low, abs=0.015)
    assert adj.delta_high == pytest.approx(high, abs=0.015)
    unpaired = math.hypot(adj.ci_high - adj.ci_low, edge.ci_high - edge.ci_low)
    assert adj.delta_high - adj.delta_low < 0.6 * unpaired

    # Independent answers: pairing has nothing to remove, the widths agree.
    other = (rng.random(200) < 0.55).astype(float)
    recs = by_encoding(R.accuracy_by_encoding(two_encodings(base, other)))
    adj, edge = recs["adjacency_list"], recs["edge_list"]
    unpaired = math.hypot(adj.ci_high - adj.ci_low, edge.ci_high - edge.ci_low)
    assert 0.8 * unpaired < adj.delta_high - adj.delta_low < 1.2 * unpaired


def test_paired_interval_covers_the_population_delta():
    """Over many simulated tables the 95% interval holds the true delta about 95% times."""
    rng = np.random.default_rng(2024)
    covered, trials = 0, 150
    for _ in range(trials):
        base = (rng.random(120) < 0.7).astype(float)
        other = base * (rng.random(120) >= 0.2)  # population delta: -0.7 * 0.2
        adj = by_encoding(R.accuracy_by_encoding(two_encodings(base, other)))["adjacency_list"]
        covered += adj.delta_low <= -0.14 <= adj.delta_high
    assert 0.88 <= covered / trials <= 0.99


def test_random_relabeling_mean():
    rows = [
        row("a", "edge_list", 1), row("b", "edge_list", 1),
        row("a", "edge_list+random0", 1), row("b", "edge_list+random0", 0),
        row("a", "edge_list+random1", 1), row("a", "edge_list+random1", 1, repeat=1),
        row("b", "edge_list+random1", 1),
        row("a", "edge_list+random2", 0),
        row("b", "edge_list+random2", None, parse_ok=None, error="boom"),
        row("a", "edge_list+json+random0", 0), row("b", "edge_list+json+random0", 1),
    ]
    records = R.accuracy_by_encoding(rows)
    assert [r.encoding for r in records] == [
        "edge_list", "edge_list+random*", "edge_list+random0", "edge_list+random1",
        "edge_list+random2", "edge_list+json+random*", "edge_list+json+random0"]
    mean = by_encoding(records)["edge_list+random*"]
    # a: (1 + 1 + 0) / 3, b: (0 + 1) / 2 (random2 failed) -> mean 7/12; vs 1 each.
    assert mean.accuracy == pytest.approx(7 / 12)
    assert mean.delta == pytest.approx(-5 / 12)
    assert (mean.n, mean.instances, mean.errors, mean.paired) == (6, 2, 1, 2)
    assert by_encoding(records)["edge_list+json+random*"].accuracy == pytest.approx(0.5)
    # The relabeling mean can itself be the baseline.
    against = by_encoding(R.accuracy_by_encoding(rows, baseline="edge_list+random*"))
    assert against["edge_list"].delta == pytest.approx(5 / 12)
    assert against["edge_list+random*"].delta == 0.0


# --- 2. output span --------------------------------------------------------------------
def numeric(instance, encoding, gold, parsed, task="deg", **kw):
    return row(instance, encoding, float(parsed == gold), task=task, gold=str(gold),
               parsed="null" if parsed is None else str(parsed),
               parse_ok=kw.pop("parse_ok", int(parsed is not None)), **kw)


def test_output_span_by_hand():
    rows = [
        # range of gold over the task: 6 - 2 = 4
        numeric("i0", "edge_list", 2, 2), numeric("i0", "edge_list+random0", 2, 2),
        numeric("i0", "edge_list+random1", 2, 2),  # invariant: span 0
        numeric("i1", "edge_list", 6, 6), numeric("i1", "edge_list+random0", 6, 5),
        numeric("i1", "edge_list+random1", 6, 8),
        numeric("i1", "edge_list+random1", 6, 10, repeat=1),  # repeats averaged: 9
        numeric("i1", "edge_list+random2", 6, 99, error="timeout"),  # failed: ignored
        # span (9 - 5) / 4 = 1
        numeric("i2", "edge_list+random0", 4, 4.5), numeric("i2", "edge_list+random1", 4, None),
        # one value: skipped
        numeric("i0", "edge_list+json", 2, 7),  # no relabeling of this base: no example
        numeric("i0", "adjacency_list+random0", 2, 3),
        numeric("i0", "adjacency_list+random1", 2, 1),  # (3 - 1) / 4
        # zero-range task: range taken as 1
        numeric("j0", "edge_list+random0", 3, 3, task="cnt"),
        numeric("j0", "edge_list+random1", 3, 5, task="cnt"),
        numeric("j1", "edge_list+random0", 3, 3, task="cnt"),
        numeric("j1", "edge_list+random1", 3, 3, task="cnt"),
        # not numeric: no record
        row("k0", "edge_list+random0", 1, task="path", gold="[1, 2]", parsed="[1, 2]"),
        row("k0", "edge_list+random1", 0, task="path", gold="[1, 2]", parsed="[2, 1]"),
        row("k1", "edge_list+random0", 1, task="flag", gold="true", parsed="true"),
        row("k1", "edge_list+random1", 0, task="flag", gold="true", parsed="false"),
    ]
    spans = {(r.task, r.base): r for r in R.output_span(rows)}
    assert sorted(spans) == [("cnt", "edge_list"), ("deg", "adjacency_list"),
                             ("deg", "edge_list")]
    deg = spans["deg", "edge_list"]
    assert (deg.n_examples, deg.skipped, deg.answer_range) == (2, 1, 4.0)
    assert deg.span == pytest.approx((0 + 1) / 2)
    assert spans["deg", "adjacency_list"].span == pytest.approx(0.5)
    cnt = spans["cnt", "edge_list"]
    assert (cnt.n_examples, cnt.skipped, cnt.answer_range) == (2, 0, 0.0)
    assert cnt.span == pytest.approx((2 + 0) / 2)


def test_invariant_model_has_zero_span_and_all_skipped_is_nan():
    rng = np.random.default_rng(3)
    rows = []
    for i in range(30):
        gold, answer = int(rng.integers(0, 50)), int(rng.integers(0, 50))
        rows += [numeric(f"i{i}", f"edge_list+random{k}", gold, answer) for k in range(5)]
        rows.append(numeric(f"i{i}", "edge_list", gold, answer))
    (record,) = R.output_span(rows)
    assert (record.span, record.n_examples, record.skipped) == (0.0, 30, 0)
    lonely = [numeric("a", "edge_list+random0", 1, 1), numeric("a", "edge_list+random1", 1, None)]
    (record,) = R.output_span(lonely)
    assert (record.n_examples, record.skipped) == (0, 1) and math.isnan(record.span)


# --- 3. variability --------------------------------------------------------------------
VARIABILITY_ROWS = [
    row("a", "edge_list", 1), row("b", "edge_list", 1),
    row("a", "adjacency_list", 1), row("b", "adjacency_list", 0),
    row("a", "edge_list+json", 0), row("b", "edge_list+json", 1),
    row("a", "edge_list+random0", 0), row("b", "edge_list+random0", 0),
    row("a", "edge_list+random1", 1), row("b", "edge_list+random1", 1),
    row("a", "edge_list", 0, task="u"), row("a", "adjacency_list", None, task="u",
                                           parse_ok=None, error="boom"),
    row("a", "edge_list", None, task="w", parse_ok=None, error="boom"),
]


def test_variability_by_hand():
    t, u, w = R.variability(VARIABILITY_ROWS)
    # edge_list 1, adjacency_list .5, edge_list+json .5, edge_list+random* .5
    assert t.task == "t" and t.n_encodings == 4
    assert t.std == pytest.approx(statistics.pstdev([1, 0.5, 0.5, 0.5]))
    assert (t.best, t.best_accuracy) == ("edge_list", 1.0)
    assert (t.worst, t.worst_accuracy, t.gap) == ("adjacency_list", 0.5, 0.5)  # tie: by name
    assert (u.n_encodings, u.std, u.best, u.worst, u.gap) == (1, 0.0, "edge_list",
                                                               "edge_list", 0.0)
    assert (w.n_encodings, w.best, w.worst) == (0, None, None) and math.isnan(w.std)

    t, *_ = R.variability(VARIABILITY_ROWS, collapse_relabelings=False)
    assert t.n_encodings == 5
    assert t.std == pytest.approx(statistics.pstdev([1, 0.5, 0.5, 0, 1]))
    assert (t.best, t.worst, t.gap) == ("edge_list", "edge_list+random0", 1.0)


# --- 4. prompt lengths -----------------------------------------------------------------
def test_token_estimate():
    assert R.estimate_tokens("Edge 12 -> 3456.") == 7  # Edge|12|-|>|345|6|.
    assert R.estimate_tokens("node_1: [2, 3]") == 8  # node_|1|:|[|2|,|3|]
    assert R.estimate_tokens("") == 0


class SplitTokenizer:  # tiktoken-like: encode returns ids
    def encode(self, text):
        return [hash(w) for w in text.split()]


class CallTokenizer:  # transformers-like call returning a mapping
    def __call__(self, text):
        return {"input_ids": list(range(len(text)))}


class IdsTokenizer:  # tokenizers-like: encode returns an object with .ids
    def encode(self, text):
        return SimpleNamespace(ids=[0, 1, 2])


def test_prompt_lengths_dedupe_and_tokenizers():
    short, long = "ab cd", "ab cd efgh ij"  # 5 and 13 characters, 2 and 4 words
    rows = [row("a", "edge_list", prompt=short), row("a", "edge_list", prompt=short, repeat=1),
            row("a", "edge_list", prompt=short, repeat=2), row("b", "edge_list", prompt=long),
            row("c", "edge_list", prompt=None), row("a", "adjacency_list", prompt="x" * 40)]
    records = by_encoding(R.prompt_lengths(rows))
    edge = records["edge_list"]
    assert (edge.n_prompts, edge.chars_mean, edge.chars_median, edge.chars_max) == (
        2, 9.0, 9.0, 13)
    assert (edge.est_tokens_mean, edge.est_tokens_max) == (3.0, 4)
    assert math.isnan(edge.tokens_mean)
    assert records["adjacency_list"].chars_max == 40
    assert [r.encoding for r in R.prompt_lengths(rows)] == ["adjacency_list", "edge_list"]
    expected = {SplitTokenizer(): 3.0, CallTokenizer(): 9.0, IdsTokenizer(): 3.0}
    for tokenizer, mean in expected.items():
        assert by_encoding(R.prompt_lengths(rows, tokenizer))["edge_list"].tokens_mean == mean


# --- 5. CSV tables ---------------------------------------------------------------------
def test_write_tables(tmp_path):
    rows = HAND_TABLE + [numeric("i0", "edge_list+random0", 2, 2),
                         numeric("i0", "edge_list+random1", 2, 3)]
    paths = R.write_tables(tmp_path / "out", iter(rows), tokenizer=SplitTokenizer())
    assert [p.name for p in paths] == [
        "accuracy_overall.csv", "accuracy_by_task.csv", "accuracy_by_difficulty.csv",
        "span.csv", "variability.csv", "prompt_lengths.csv"]
    kinds = [R.AccuracyRecord] * 3 + [R.SpanRecord, R.VariabilityRecord,
                                      R.PromptLengthRecord]
    for path, kind in zip(paths, kinds, strict=True):
        with open(path, newline="", encoding="utf-8") as handle:
            table = list(csv.reader(handle))
        assert table[0] == [f.name for f in fields(kind)]
        assert len(table) > 1
    with open(paths[3], newline="", encoding="utf-8") as handle:
        (span,) = list(csv.DictReader(handle))
    assert (span["task"], span["base"], float(span["span"])) == ("deg", "edge_list", 1.0)


# --- plots -----------------------------------------------------------------------------
def plot_rows():
    rng = np.random.default_rng(11)
    encodings = ["edge_list", "adjacency_list", "edge_list+json", "edge_list+random0",
                 "edge_list+random1"]
    return [row(f"{task}{i}", enc, float(rng.random() < 0.6), task=task)
            for task in ("triangles", "degree", "shortest_path") for i in range(20)
            for enc in encodings if not (task == "degree" and enc == "edge_list+json")]


def assert_png(path):
    from matplotlib.image import imread

    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC)
    image = imread(path)
    assert image.ndim == 3 and image.shape[0] > 50 and image.shape[1] > 50
    assert float(image[..., :3].std()) > 0.01
    return data


def test_heatmap_and_span_plots(tmp_path):
    plots = pytest.importorskip("graphgauge.studies.robustness.plots")
    pytest.importorskip("matplotlib")
    records = R.accuracy_by_encoding(plot_rows(), level="task")
    first = assert_png(plots.heatmap_deltas(records, tmp_path / "heat.png"))
    again = plots.heatmap_deltas(records, tmp_path / "again.png").read_bytes()
    assert first == again  # deterministic: no timestamps, fixed style

    spans = [R.SpanRecord("degree", "edge_list", 10, 0, 0.25, 4.0),
             R.SpanRecord("degree", "adjacency_list", 10, 0, 0.0, 4.0),
             R.SpanRecord("triangles", "edge_list", 0, 3, math.nan, 2.0)]
    assert_png(plots.span_bars(spans, tmp_path / "span.png"))

    single = R.accuracy_by_encoding([row("a", "edge_list", 1)], level="task")
    assert_png(plots.heatmap_deltas(single, tmp_path / "single.png"))
    assert_png(plots.span_bars(spans[:1], tmp_path / "single_span.png"))
    overall = R.accuracy_by_encoding(plot_rows())
    assert_png(plots.heatmap_deltas(overall, tmp_path / "overall.png"))

    with pytest.raises(ValueError):
        plots.heatmap_deltas(records + overall, tmp_path / "mixed.png")
    with pytest.raises(ValueError):
        plots.span_bars([], tmp_path / "empty.png")


def test_plots_without_matplotlib(tmp_path, monkeypatch):
    from graphgauge.studies.robustness import plots

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    records = R.accuracy_by_encoding([row("a", "edge_list", 1)])
    with pytest.raises(UserError, match="pip install matplotlib"):
        plots.heatmap_deltas(records, tmp_path / "x.png")
