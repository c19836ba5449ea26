"""Models: the protocol and the backends, chosen by a spec string.

``reference``, ``random``, ``majority``, ``mean``, ``shortcut:NAME`` (a trivial
baseline such as ``shortcut:min-degree``), ``python:module:function``,
``openai:MODEL`` (any OpenAI-compatible server) and ``hf:PATH_OR_NAME`` (a local
transformers model) are built in. Backends are imported only
when named, so an unused backend costs nothing at start-up.
"""

from __future__ import annotations

from typing import Any

from graphgauge.errors import UserError
from graphgauge.models.base import Model, Request, Response
from graphgauge.models.options import check_options

BUILTIN = ("reference", "random", "majority", "mean")


def load_model(spec: str, **params: Any) -> Model:
    """Build a model from ``spec`` such as ``reference`` or ``python:pkg.mod:func``."""
    from graphgauge.models import builtin

    classes = {
        "reference": builtin.ReferenceModel,
        "random": builtin.RandomModel,
        "majority": builtin.MajorityModel,
        "mean": builtin.MeanModel,
    }
    if spec in classes:
        check_options(spec, classes[spec], params)
        try:
            return classes[spec](**params)
        except TypeError as exc:
            raise UserError(f"bad parameter for model {spec!r}: {exc}") from None
    prefix, _, rest = spec.partition(":")
    if prefix == "python":
        from graphgauge.models.python_callable import PythonModel as backend
    elif prefix == "openai":
        from graphgauge.models.openai_compat import OpenAIModel as backend
    elif prefix == "hf":
        from graphgauge.models.hf_local import HFModel as backend
    elif prefix == "gnn":
        from graphgauge.models.infer_baselines import GNNBaseline as backend
    elif prefix == "sbert":
        from graphgauge.models.infer_baselines import SBERTBaseline as backend
    elif prefix == "shortcut":
        from graphgauge.models.shortcuts import ShortcutModel as backend
    else:
        raise UserError(
            f"unknown model {spec!r}; use one of {', '.join(BUILTIN)}, openai:MODEL, "
            "hf:PATH_OR_NAME, python:module:function, shortcut:NAME, gnn:gcn|gat|sage or "
            "sbert:text|neighbour-mean (the last two learn from an infer benchmark)"
        )
    check_options(spec, backend, params, skip=1)
    try:
        return backend(rest, **params)
    except TypeError as exc:
        raise UserError(f"bad parameter for model {spec!r}: {exc}") from None


__all__ = ["BUILTIN", "Model", "Request", "Response", "load_model"]
