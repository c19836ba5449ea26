"""Perturbation names used on the command line and in result tables, and how to build them.

The paper's two settings differ in which band-pass they use (eigen for graph-level,
wavelet for node-level) and in NodeDeg's width, so a name resolves per setting. Names map
one-to-one onto the published result columns (``PUBLISHED_NAMES``); the published
FiedlerFrag column came from the original's adjacency-eigenvector split, so it maps onto
``FiedlerFrag-quirk``, and graphgauge's Laplacian ``FiedlerFrag`` has no published column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphgauge.errors import UserError

BASELINE = "none"
#: Paper column order (graph-level taxonomy, 13 perturbations).
GRAPH_COLUMNS = ("RandFtrs", "NoNodeFtrs", "NodeDeg", "LowPass", "MidPass", "HighPass",
                 "RandRewire", "NoEdges", "FullyConn", "Frag-k1", "Frag-k2", "Frag-k3",
                 "FiedlerFrag")
#: Node-level taxonomy columns (the paper could not run FullyConn/FiedlerFrag there).
NODE_COLUMNS = tuple(c for c in GRAPH_COLUMNS if c not in ("FullyConn", "FiedlerFrag"))
#: Extras beyond the paper's columns.
EXTRA = ("LowPass-cheb", "MidPass-cheb", "HighPass-cheb", "FiedlerFrag-quirk")

PUBLISHED_NAMES = {
    "none": ("none", "nopert"), "RandFtrs": ("RandomNodeFeatures", "pert_RandomNodeFeatures"),
    "NoNodeFtrs": ("NoFeatures", "pert_NoFeatures"), "NodeDeg": ("NodeDegree", "pert_NodeDegree"),
    "LowPass": ("BandpassFiltering-lo", "pert_WaveletBankFiltering-lo"),
    "MidPass": ("BandpassFiltering-mid", "pert_WaveletBankFiltering-mid"),
    "HighPass": ("BandpassFiltering-hi", "pert_WaveletBankFiltering-hi"),
    "RandRewire": ("RandomEdgeRewire", "pert_RandomEdgeRewire"),
    "NoEdges": ("NoEdges", "pert_NoEdges"), "FullyConn": ("FullyConnected", None),
    "Frag-k1": ("Fragmented-k1", "pert_Fragmented-k1"),
    "Frag-k2": ("Fragmented-k2", "pert_Fragmented-k2"),
    "Frag-k3": ("Fragmented-k3", "pert_Fragmented-k3"),
    "FiedlerFrag-quirk": ("FiedlerFragmentation", None),
}
_AS_PUBLISHED = {"FiedlerFrag": "FiedlerFrag-quirk"}
_BANDS = {"LowPass": "lo", "MidPass": "mid", "HighPass": "hi"}


def build(name: str, setting: str = "inductive", seed: int = 0) -> Callable[[Any], Any] | None:
    """The perturbation callable for ``name`` (None for the unperturbed baseline)."""
    from graphgauge.perturb import features, fragment, spectral, structure

    if setting not in ("inductive", "transductive"):
        raise UserError(f"setting must be inductive or transductive, got {setting!r}")
    base, _, variant = name.partition("-")
    if name == BASELINE:
        return None
    if base in _BANDS and variant in ("", "cheb"):
        if variant == "cheb":
            return spectral.ChebyshevBandPass(_BANDS[base], seed=seed)
        if setting == "inductive":
            return spectral.EigenBandPass(_BANDS[base])
        return spectral.WaveletBandPass(_BANDS[base])
    if name.startswith("Frag-k") and name[6:].isdigit() and int(name[6:]) >= 1:
        return fragment.FragK(int(name[6:]), seed=seed)
    simple = {
        "RandFtrs": lambda: features.RandFtrs(seed=seed),
        "NoNodeFtrs": features.NoNodeFtrs,
        "NodeDeg": features.NodeDeg if setting == "inductive" else features.NodeDegDistinct,
        "RandRewire": lambda: structure.RandRewire(seed=seed),
        "NoEdges": structure.NoEdges,
        "FullyConn": structure.FullyConn,
        "FiedlerFrag": lambda: fragment.FiedlerFrag(seed=seed),
        "FiedlerFrag-quirk": lambda: fragment.FiedlerFrag(method="adjacency_quirk", seed=seed),
    }
    if name not in simple:
        known = ", ".join((BASELINE,) + GRAPH_COLUMNS + EXTRA)
        raise UserError(f"unknown perturbation {name!r}; known: {known}")
    return simple[name]()


def expand(spec: str, setting: str = "inductive", published: bool = False) -> list[str]:
    """'all' -> the paper's columns for the setting; otherwise a comma list, validated.

    ``published``: the profiles will be compared with the published matrix, so every name
    must be one the paper measured: 'all' asks for ``FiedlerFrag-quirk`` (what the paper's
    FiedlerFrag column measured) instead of the Laplacian ``FiedlerFrag``.
    """
    if spec.strip() == "all":
        names = list(GRAPH_COLUMNS if setting == "inductive" else NODE_COLUMNS)
        return [_AS_PUBLISHED.get(n, n) for n in names] if published else names
    names = [s.strip() for s in spec.split(",") if s.strip()]
    for name in names:
        build(name, setting)
    unpublished = [n for n in names if published and n not in PUBLISHED_NAMES]
    if unpublished:
        hint = (" (the paper's FiedlerFrag column is the adjacency variant: use "
                "FiedlerFrag-quirk)" if "FiedlerFrag" in unpublished else "")
        raise UserError(f"no published column for {', '.join(unpublished)}{hint}")
    return names


def perturb_dataset(graphs: list[Any], name: str, setting: str = "inductive", seed: int = 0,
                    dataset_name: str | None = None) -> list[Any]:
    """Apply one perturbation to every graph, once, before any split (as the original)."""
    fn = build(name, setting, seed)
    if fn is None:
        return list(graphs)
    if hasattr(fn, "fit"):
        fn.fit(graphs, dataset_name)
    return [fn(g) for g in graphs]
