"""Analyses across runs and encodings (how robust a model is to the way a graph is written)."""

from graphgauge.analysis.robustness import (
    AccuracyRecord,
    PromptLengthRecord,
    SpanRecord,
    VariabilityRecord,
    accuracy_by_encoding,
    output_span,
    prompt_lengths,
    split_labeling,
    variability,
    write_tables,
)

__all__ = [
    "AccuracyRecord",
    "PromptLengthRecord",
    "SpanRecord",
    "VariabilityRecord",
    "accuracy_by_encoding",
    "output_span",
    "prompt_lengths",
    "split_labeling",
    "variability",
    "write_tables",
]
