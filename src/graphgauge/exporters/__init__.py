"""Exporters: a graphgauge benchmark as another harness's task, scored by graphgauge.

Every exporter writes the same records (:mod:`graphgauge.exporters.records`): the
prompt ``graphgauge run`` would send and the instance itself, so the exported code can
hand each answer back to graphgauge's own reader and verifier.
"""

from __future__ import annotations

# format name -> (module, what it writes, packages writing it needs)
FORMATS = {
    "lm-eval": ("lm_eval_harness", "an lm-evaluation-harness task folder", ()),
    "inspect": ("inspect_task", "an inspect_ai task file", ()),
    "hf": ("hf_dataset", "a Hugging Face dataset (Parquet + card)", ("pyarrow",)),
}
# Other spellings users reach for.
ALIASES = {"lm_eval": "lm-eval", "lm-evaluation-harness": "lm-eval", "inspect_ai": "inspect",
           "inspect-ai": "inspect", "datasets": "hf", "huggingface": "hf", "parquet": "hf"}
