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
from graphgauge.perturb import features, fragment, spectral, structure
from graphgauge.plugins import Registry

BASELINE = "none"
#: Paper column order (graph-level taxonomy, 13 perturbations).
GRAPH_COLUMNS = ("RandFtrs", "NoNodeFtrs", "NodeDeg", "LowPass", "MidPass", "HighPass",
                 "RandRewire", "NoEdges", "FullyConn", "Frag-k1", "Frag-k2", "Frag-k3",
                 "FiedlerFrag")
#: Node-level taxonomy columns (the paper could not run FullyConn/FiedlerFrag there).
NODE_COLUMNS = tuple(c for c in GRAPH_COLUMNS if c not in ("FullyConn", "FiedlerFrag"))

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

#: name -> factory(setting, seed) of the perturbation callable (None: leave graphs as they are).
PERTURBATIONS: Registry[Callable[[str, int], Any]] = Registry("perturbation")
PERTURBATIONS.add(BASELINE, lambda setting, seed: None, "the unperturbed graphs (baseline)")
PERTURBATIONS.add("RandFtrs", lambda setting, seed: features.RandFtrs(seed=seed),
                  "one uniform(-1, 1) random feature per node")
PERTURBATIONS.add("NoNodeFtrs", lambda setting, seed: features.NoNodeFtrs(),
                  "every feature vector replaced by the constant 1")
PERTURBATIONS.add("NodeDeg", lambda setting, seed: (
    features.NodeDeg() if setting == "inductive" else features.NodeDegDistinct()),
    "one-hot node degree as the only feature")
for _band, _code, _word in (("LowPass", "lo", "low"), ("MidPass", "mid", "middle"),
                           ("HighPass", "hi", "high")):
    PERTURBATIONS.add(_band, lambda setting, seed, code=_code: (
        spectral.EigenBandPass(code) if setting == "inductive"
        else spectral.WaveletBandPass(code)),
        f"features filtered to the {_word} band of the graph spectrum (eigenvectors for "
        "graph-level, diffusion wavelets for node-level tasks)")
    PERTURBATIONS.add(f"{_band}-cheb", lambda setting, seed, code=_code: (
        spectral.ChebyshevBandPass(code, seed=seed)),
        f"the {_word} band by a Chebyshev approximation of the eigen filter")
PERTURBATIONS.add("RandRewire", lambda setting, seed: structure.RandRewire(seed=seed),
                  "degree-preserving double-edge swaps (half the edges move)")
PERTURBATIONS.add("NoEdges", lambda setting, seed: structure.NoEdges(), "remove every edge")
PERTURBATIONS.add("FullyConn", lambda setting, seed: structure.FullyConn(),
                  "the complete graph (every node pair connected)")
for _k in (1, 2, 3):
    PERTURBATIONS.add(f"Frag-k{_k}", lambda setting, seed, k=_k: fragment.FragK(k, seed=seed),
                      f"keep only edges inside random {_k}-hop fragments")
PERTURBATIONS.add("FiedlerFrag", lambda setting, seed: fragment.FiedlerFrag(seed=seed),
                  "split the largest component by its Laplacian Fiedler vector, recursively")
PERTURBATIONS.add("FiedlerFrag-quirk", lambda setting, seed: fragment.FiedlerFrag(
    method="adjacency_quirk", seed=seed), "the original's adjacency-eigenvector split (what "
    "the paper's FiedlerFrag column measured)")
del _band, _code, _word, _k


def build(name: str, setting: str = "inductive", seed: int = 0) -> Callable[[Any], Any] | None:
    """The perturbation callable for ``name`` (None for the unperturbed baseline)."""
    if setting not in ("inductive", "transductive"):
        raise UserError(f"setting must be inductive or transductive, got {setting!r}")
    return PERTURBATIONS[name](setting, seed)


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
