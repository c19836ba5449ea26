"""``load_tag(spec)``: one entry point from a short spec to a TAG.

Specs: ``dblp``, ``webkb:cornell`` (texas, washington, wisconsin) read the shared data;
``KIND:PATH`` reads a user's folder (ogbn-arxiv, ogbn-products, cora, pubmed, wikics,
generic, dblp, webkb-UNI); a bare existing folder is the generic layout.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from graphgauge.datasets.tag import TAG
from graphgauge.errors import UserError

KINDS = ("dblp", "webkb", "ogbn-arxiv", "ogbn-products", "cora", "pubmed", "wikics",
         "generic")


def data_root() -> Path:
    """Where the shared real data lives: $GRAPHGAUGE_DATA, else ../shared/data beside
    the repository clone."""
    env = os.environ.get("GRAPHGAUGE_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3].parent / "shared" / "data"


def load_tag(spec: str) -> TAG:
    """The TAG named by ``spec``; loads are cached per (spec, data root)."""
    return _load(spec, str(data_root()))


@lru_cache(maxsize=8)
def _load(spec: str, root: str) -> TAG:
    from graphgauge.datasets import citation, dblp, generic, ogb, webkb

    kind, _, rest = spec.partition(":")
    kind = kind.strip().lower()
    if Path(spec).is_dir() and kind not in KINDS:
        return generic.load_generic(Path(spec))
    if kind == "webkb" or kind.startswith("webkb-"):
        university = kind.removeprefix("webkb-") if kind != "webkb" else rest.lower()
        folder = Path(rest) if kind != "webkb" and rest else Path(root) / "webkb"
        return webkb.load_webkb(_folder(folder, spec), university or "cornell")
    if kind == "dblp":
        return dblp.load_dblp(_folder(Path(rest) if rest else Path(root) / "dblp", spec))
    if kind not in KINDS:
        raise UserError(f"unknown dataset {spec!r}; use dblp, webkb:UNIVERSITY, a folder, "
                        f"or KIND:PATH with KIND one of {', '.join(KINDS[2:])}")
    if not rest:
        raise UserError(f"dataset {spec!r} needs a path: {kind}:PATH (the data is not "
                        "shipped; see the layout in the docs)")
    folder = _folder(Path(rest), spec)
    if kind in ("ogbn-arxiv", "ogbn-products"):
        return ogb.load_ogb(kind, folder)
    loaders = {"cora": citation.load_cora, "pubmed": citation.load_pubmed,
               "wikics": citation.load_wikics, "generic": generic.load_generic}
    return loaders[kind](folder)


def _folder(path: Path, spec: str) -> Path:
    if not path.is_dir():
        raise UserError(f"dataset {spec!r}: folder {path} does not exist")
    return path
