"""The taxonomy: Ward clustering of sensitivity profiles, a k-cut, PCA, and placing a new
dataset among already-profiled ones.

Follows the paper's choices: Euclidean Ward linkage with optimal leaf ordering on the
log2(AUROC ratio) rows, perturbation columns with any non-finite entry zeroed for
clustering (dropped for PCA), PCA centred but not scaled.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Taxonomy:
    datasets: list[str]
    perturbations: list[str]
    matrix: np.ndarray  # log2 ratios, rows = datasets
    linkage: np.ndarray
    order: list[int]  # leaf order of the dendrogram (optimal ordering)
    clusters: np.ndarray  # 1..k per dataset, numbered in leaf order
    pca_coords: np.ndarray  # datasets x components
    explained: np.ndarray


def clustering_matrix(matrix: np.ndarray) -> np.ndarray:
    """Columns with any NaN/inf zeroed, as the paper did before clustering."""
    out = np.array(matrix, dtype=float)
    bad = ~np.all(np.isfinite(out), axis=0)
    out[:, bad] = 0.0
    return out


def ward(matrix: np.ndarray) -> np.ndarray:
    """Ward linkage on Euclidean distances between rows (condensed, so a square matrix is
    never mistaken for a distance matrix)."""
    from scipy.cluster.hierarchy import linkage
    from scipy.spatial.distance import pdist

    return linkage(pdist(clustering_matrix(matrix), "euclidean"), method="ward",
                   optimal_ordering=True)


def cut(link: np.ndarray, k: int) -> np.ndarray:
    """k flat clusters, renumbered 1..k in dendrogram leaf order (stable labels)."""
    from scipy.cluster.hierarchy import fcluster, leaves_list

    raw = fcluster(link, t=k, criterion="maxclust")
    relabel: dict[int, int] = {}
    for leaf in leaves_list(link):
        relabel.setdefault(int(raw[leaf]), len(relabel) + 1)
    return np.array([relabel[int(c)] for c in raw])


def pca(matrix: np.ndarray, n_components: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """PCA on finite columns (centred, not scaled) via SVD; returns coords, explained ratio."""
    m = np.asarray(matrix, dtype=float)
    m = m[:, np.all(np.isfinite(m), axis=0)]
    rows, cols = m.shape
    if cols == 0:  # nothing finite to project: everyone sits at the origin
        return np.zeros((rows, 1)), np.zeros(1)
    if n_components is None:
        n_components = max(1, min(cols + 1, rows) - 1)
    centred = m - m.mean(axis=0)
    u, s, vt = np.linalg.svd(centred, full_matrices=False)
    # sklearn's sign convention: largest-|loading| entry of each component positive
    signs = np.sign(vt[np.arange(len(vt)), np.argmax(np.abs(vt), axis=1)])
    signs[signs == 0] = 1
    coords = (u * s) * signs
    var = s ** 2
    explained = var / var.sum() if var.sum() > 0 else np.zeros_like(var)
    return coords[:, :n_components], explained[:n_components]


def build(datasets: list[str], perturbations: list[str], matrix: np.ndarray,
          k: int = 3) -> Taxonomy:
    from scipy.cluster.hierarchy import leaves_list

    if len(datasets) < 2:
        raise ValueError("a taxonomy needs at least two datasets")
    link = ward(matrix)
    coords, explained = pca(matrix)
    return Taxonomy(list(datasets), list(perturbations), np.asarray(matrix, dtype=float), link,
                    [int(i) for i in leaves_list(link)], cut(link, min(k, len(datasets))),
                    coords, explained)


@dataclass
class Placement:
    dataset: str
    cluster: int  # cluster of the nearest existing centroid (reference labels kept fixed)
    nearest: list[tuple[str, float]]  # closest reference datasets, by Euclidean distance
    joint_cluster_mates: list[str]  # datasets sharing its cluster when re-clustered jointly


def place(reference: Taxonomy, name: str, profile: np.ndarray, k: int | None = None,
          n_nearest: int = 3) -> Placement:
    """Where a new profile falls: nearest reference cluster centroid (the existing taxonomy
    is not changed) and, for transparency, its cluster mates if Ward is rerun with it."""
    k = k or int(reference.clusters.max())
    ref = clustering_matrix(reference.matrix)
    bad = ~np.all(np.isfinite(reference.matrix), axis=0)
    vec = np.where(np.isfinite(profile) & ~bad, profile, 0.0)
    centroids = {c: ref[reference.clusters == c].mean(axis=0)
                 for c in np.unique(reference.clusters)}
    cluster = min(centroids, key=lambda c: float(np.linalg.norm(vec - centroids[c])))
    dist = np.linalg.norm(ref - vec, axis=1)
    nearest = [(reference.datasets[i], float(dist[i])) for i in np.argsort(dist)[:n_nearest]]
    joint = cut(ward(np.vstack([reference.matrix, profile])), k)
    mates = [d for d, c in zip(reference.datasets, joint[:-1], strict=True) if c == joint[-1]]
    return Placement(name, int(cluster), nearest, mates)
