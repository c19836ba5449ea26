"""Models: the protocol and the backends, chosen by a spec string.

A spec is a backend's name alone (``reference``) or ``name:argument`` (``openai:gpt-4o``,
``python:pkg.mod:func``); ``MODELS`` maps names to backend classes. Built-in backends are
declared lazily, so an unused backend costs nothing at start-up; another package adds
one with ``@MODELS.register(...)`` in a module named by a ``graphgauge.plugins`` entry
point (see graphgauge.plugins).
"""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError
from graphgauge.models.base import Model, Request, Response
from graphgauge.models.options import check_options
from graphgauge.plugins import Registry

MODELS: Registry[type] = Registry("model")
# The baselines 'graphgauge quickstart' runs next to the reference solver.
BUILTIN = ("reference", "random", "majority", "mean")
for _name, _class in zip(BUILTIN, ("ReferenceModel", "RandomModel", "MajorityModel",
                                   "MeanModel"), strict=True):
    MODELS.lazy(_name, f"graphgauge.models.builtin:{_class}")
MODELS.lazy("openai", "graphgauge.models.openai_compat:OpenAIModel", usage="openai:MODEL",
            summary="any OpenAI-compatible server (-p base_url, temperature, max_tokens, "
            "mode=chat|completions, concurrency, rpm, tpm, ...)")
MODELS.lazy("hf", "graphgauge.models.hf_local:HFModel", usage="hf:PATH_OR_NAME",
            summary="a local transformers model (-p max_new_tokens, temperature, batch_size, "
            "device, dtype, chat)")
MODELS.lazy("python", "graphgauge.models.python_callable:PythonModel",
            usage="python:module:function", summary="your function: prompt text in, answer "
            "text out")
MODELS.lazy("shortcut", "graphgauge.models.shortcuts:ShortcutModel", usage="shortcut:NAME",
            summary="a trivial baseline such as shortcut:min-degree ('graphgauge audit' "
            "lists them)")
MODELS.lazy("gnn", "graphgauge.models.infer_baselines:GNNBaseline", usage="gnn:gcn|gat|sage",
            summary="a GNN that learns each infer task from its train split")
MODELS.lazy("sbert", "graphgauge.models.infer_baselines:SBERTBaseline",
            usage="sbert:text|neighbour-mean", summary="title embeddings with light heads, "
            "learnt from an infer benchmark's train split")
del _name, _class


def load_model(spec: str, **params: Any) -> Model:
    """Build a model from ``spec`` such as ``reference`` or ``python:pkg.mod:func``."""
    name, colon, argument = spec.partition(":")
    if name not in MODELS:
        raise UserError(f"unknown model {spec!r}; use one of {MODELS.choices(', ')}")
    usage = MODELS.entry(name).usage
    takes_argument = ":" in usage
    if takes_argument != bool(colon):
        form = usage if takes_argument else name
        raise UserError(f"model {spec!r}: write it as {form}")
    backend = MODELS[name]
    check_options(spec, backend, params, skip=1 if colon else 0)
    try:
        return backend(argument, **params) if colon else backend(**params)
    except TypeError as exc:
        raise UserError(f"bad parameter for model {spec!r}: {exc}") from None


__all__ = ["BUILTIN", "MODELS", "Model", "Request", "Response", "load_model"]
