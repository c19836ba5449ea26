"""The twelve spectral tasks of the serialization study (easy 3, medium 6, hard 3).

All quantities are of the unweighted, undirected graph: the adjacency matrix ``A`` and
the combinatorial Laplacian ``L = D - A`` (``D`` the diagonal degree matrix); no task uses
the normalized Laplacian. Each question spells its definition out, because the names
(spectral gap, graph energy, ...) have rival definitions in the literature and a model
can only be scored against the one it was asked for.

Gold answers are full-precision floats. Tasks that need the whole spectrum compute it
densely with ``numpy.linalg.eigvalsh``: a Lanczos solver returns a few extreme
eigenvalues, so asking it for all ``n`` would be slower and less accurate than the
O(n^3) dense solver, which takes well under a second up to a few thousand nodes. Tasks
that need only extreme eigenpairs (spectral radius and gap, algebraic connectivity, top
eigenvector centrality) switch to ``scipy.sparse.linalg.eigsh`` above
``SPARSE_MIN_NODES`` nodes, where its cost grows with the number of edges instead.

Graphs are connected by default (components are joined with random edges), which keeps
the Perron eigenvector unique and algebraic connectivity informative; the components
task draws disconnected graphs on purpose. Every definition still states its convention
for disconnected graphs, so ``solve`` is total on any undirected graph.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import eigsh
from scipy.special import logsumexp

from graphgauge.scoring.answers import FLOAT, INT
from graphgauge.suites.base import Task, task
from graphgauge.suites.contract import Suite

SUITE = Suite(doc=__doc__)

# Above this many nodes the extreme-eigenvalue tasks use the sparse Lanczos solver.
SPARSE_MIN_NODES = 200

# Shift for shift-invert Lanczos on L: L - SHIFT*I with SHIFT < 0 is positive definite, so
# it factorizes, and the eigenvalues of L nearest SHIFT are its smallest ones.
_LAPLACIAN_SHIFT = -1.0


# --- matrices and eigensolvers ---------------------------------------------------------
def adjacency(graph: nx.Graph) -> sp.csr_array:
    """0/1 adjacency in sorted node order; edge weights are ignored on purpose."""
    return nx.to_scipy_sparse_array(graph, nodelist=sorted(graph), dtype=float, weight=None)


def laplacian(graph: nx.Graph) -> sp.csr_array:
    a = adjacency(graph)
    return sp.csr_array(sp.diags_array(a.sum(axis=1)) - a)


def spectrum(matrix: sp.csr_array) -> np.ndarray:
    """All eigenvalues of a symmetric matrix, ascending (dense solver)."""
    return np.linalg.eigvalsh(matrix.toarray())


def _use_sparse(matrix: sp.csr_array, k: int, sparse: bool | None) -> bool:
    n = matrix.shape[0]
    if sparse is None:
        sparse = n > SPARSE_MIN_NODES
    # ARPACK needs k < n and breaks down on a zero matrix; both cases are trivial densely.
    return sparse and k < n and matrix.nnz > 0


def _start_vector(n: int) -> np.ndarray:
    """A fixed, positive, non-constant Lanczos start: deterministic results, overlap with
    the Perron vector, and not an eigenvector of a regular graph's A or of L."""
    return 1.0 + np.arange(n) / n


def top_eigenpairs(
    matrix: sp.csr_array, k: int, sparse: bool | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` algebraically largest eigenvalues (descending) and unit eigenvectors."""
    if _use_sparse(matrix, k, sparse):
        values, vectors = eigsh(matrix, k=k, which="LA", v0=_start_vector(matrix.shape[0]))
    else:
        values, vectors = np.linalg.eigh(matrix.toarray())
        values, vectors = values[-k:], vectors[:, -k:]
    order = np.argsort(values)[::-1]
    return values[order], vectors[:, order]


def bottom_eigenvalues(
    matrix: sp.csr_array, k: int, sparse: bool | None = None
) -> np.ndarray:
    """The ``k`` smallest eigenvalues (ascending) of a positive semidefinite matrix."""
    if _use_sparse(matrix, k, sparse):
        values = eigsh(
            matrix, k=k, sigma=_LAPLACIAN_SHIFT, which="LM",
            v0=_start_vector(matrix.shape[0]), return_eigenvectors=False,
        )
        return np.sort(values)
    return spectrum(matrix)[:k]


# --- quantities that have a sparse path --------------------------------------------------
def spectral_radius(graph: nx.Graph, sparse: bool | None = None) -> float:
    values, _ = top_eigenpairs(adjacency(graph), 1, sparse)
    return float(values[0])


def spectral_gap(graph: nx.Graph, sparse: bool | None = None) -> float:
    if graph.number_of_nodes() < 2:
        return 0.0
    values, _ = top_eigenpairs(adjacency(graph), 2, sparse)
    return float(values[0] - values[1])


def algebraic_connectivity(graph: nx.Graph, sparse: bool | None = None) -> float:
    # Exactly 0 when disconnected (a numerical eigenvalue would read as +-1e-15).
    if graph.number_of_nodes() < 2 or not nx.is_connected(graph):
        return 0.0
    return float(bottom_eigenvalues(laplacian(graph), 2, sparse)[1])


# Components whose spectral radii differ by less than this (relative) share the top
# eigenvalue.
_TIE = 1e-9


def top_eigenvector_centrality(graph: nx.Graph, sparse: bool | None = None) -> float:
    """Largest entry of the unit eigenvector of A's largest eigenvalue.

    A's eigenvectors live on components, so on a disconnected graph that eigenvector is
    the Perron vector of the component with the largest spectral radius — not of the
    component with the most nodes. When several components share that radius the
    eigenvector is not unique; the answer is then the largest entry any unit eigenvector
    of it can have, which is the largest of those components' own maxima (mixing
    components only spreads the norm).
    """
    best_value, best_entry = -np.inf, 0.0
    for component in nx.connected_components(graph):
        values, vectors = top_eigenpairs(adjacency(graph.subgraph(component)), 1, sparse)
        value, entry = float(values[0]), float(np.max(np.abs(vectors[:, 0])))
        if value > best_value + _TIE * max(1.0, abs(value)):
            best_value, best_entry = value, entry
        elif value >= best_value - _TIE * max(1.0, abs(value)):
            best_entry = max(best_entry, entry)
    return best_entry


# --- the tasks -------------------------------------------------------------------------
class SpectralTask(Task):
    """A spectral quantity of an unweighted undirected graph, asked as ``ask``."""

    suite = "spectral"
    answer = FLOAT
    families = ("erdos_renyi", "watts_strogatz", "barabasi_albert", "sbm", "random_tree")
    connected = True
    ask = ""

    def question(self, instance):
        return self.ask

    def solve(self, instance):
        return float(self.value(instance.graph))

    def value(self, graph: nx.Graph) -> float:
        raise NotImplementedError


_LAPLACIAN = "Laplacian matrix L = D - A (D the diagonal degree matrix, A the adjacency matrix)"


@task
class GraphEnergy(SpectralTask):
    """Graph energy: sum over the adjacency eigenvalues of |lambda_i|.

    Additive over components, so disconnected graphs need no special rule."""

    name = "graph_energy"
    max_nodes = 560
    difficulty = "easy"
    ask = (
        "What is the energy of the graph, i.e., the sum of the absolute values of the "
        "eigenvalues of its adjacency matrix?"
    )

    def value(self, graph):
        return np.abs(spectrum(adjacency(graph))).sum()


@task
class ConnectedComponents(SpectralTask):
    """Number of connected components: multiplicity of the eigenvalue 0 of L = D - A.

    An eigenvalue counts as zero below 1/n^2: every nonzero Laplacian eigenvalue of a graph
    on n nodes is at least 4/(n(n-1)) (Mohar's bound for each component), while rounding
    errors of the dense solver stay many orders of magnitude smaller.

    Trees and preferential-attachment graphs are always connected, so they are left out
    here: they would only make "1" a better blind guess."""

    name = "connected_components"
    max_nodes = 560
    difficulty = "easy"
    answer = INT
    families = ("erdos_renyi", "watts_strogatz", "sbm", "multi_component")
    connected = False
    ask = (
        f"How many eigenvalues of the graph's {_LAPLACIAN} are equal to 0, i.e., how many "
        "connected components does the graph have?"
    )

    def solve(self, instance):
        return self.value(instance.graph)

    def value(self, graph):
        n = graph.number_of_nodes()
        return int(np.count_nonzero(spectrum(laplacian(graph)) < 1.0 / n**2))


@task
class SumSquaredEigenvalues(SpectralTask):
    """Sum over the adjacency eigenvalues of lambda_i^2 (equals trace(A^2) = 2m)."""

    name = "sum_squared_eigenvalues"
    max_nodes = 560
    difficulty = "easy"
    ask = "What is the sum of the squares of the eigenvalues of the graph's adjacency matrix?"

    def value(self, graph):
        return np.square(spectrum(adjacency(graph))).sum()


@task
class AlgebraicConnectivity(SpectralTask):
    """Algebraic connectivity: the second-smallest eigenvalue of L = D - A.

    0 exactly for a disconnected graph (and for a single node), as the 0 eigenvalue then
    has multiplicity at least two."""

    name = "algebraic_connectivity"
    max_nodes = 2240
    difficulty = "medium"
    ask = (
        "What is the algebraic connectivity of the graph, i.e., the second-smallest "
        f"eigenvalue of its {_LAPLACIAN}?"
    )

    def value(self, graph):
        return algebraic_connectivity(graph)


@task
class EstradaIndex(SpectralTask):
    """Estrada index: sum over the adjacency eigenvalues of e^{lambda_i} (= trace e^A).

    Additive over components."""

    name = "estrada_index"
    max_nodes = 280
    difficulty = "medium"
    ask = (
        "What is the Estrada index of the graph, i.e., the sum of e^x over all eigenvalues x "
        "of its adjacency matrix?"
    )

    def value(self, graph):
        return np.exp(spectrum(adjacency(graph))).sum()


@task
class LaplacianEnergy(SpectralTask):
    """Laplacian energy: sum over the eigenvalues mu_i of L = D - A of |mu_i - 2m/n|.

    n and m are the node and edge counts of the whole graph, also when disconnected."""

    name = "laplacian_energy"
    max_nodes = 560
    difficulty = "medium"
    ask = (
        "What is the Laplacian energy of the graph, i.e., the sum of |x - 2m/n| over all "
        f"eigenvalues x of its {_LAPLACIAN}, where n is the number of nodes and m the "
        "number of edges?"
    )

    def value(self, graph):
        mean_degree = 2 * graph.number_of_edges() / graph.number_of_nodes()
        return np.abs(spectrum(laplacian(graph)) - mean_degree).sum()


@task
class NaturalConnectivity(SpectralTask):
    """Natural connectivity: ln((1/n) sum_i e^{lambda_i}) over the adjacency eigenvalues,
    natural logarithm, computed as a log-sum-exp so large graphs do not overflow.

    Defined the same way for disconnected graphs (n counts all nodes)."""

    name = "natural_connectivity"
    max_nodes = 280
    difficulty = "medium"
    ask = (
        "What is the natural connectivity of the graph, i.e., the natural logarithm of the "
        "average of e^x over all eigenvalues x of its adjacency matrix?"
    )

    def value(self, graph):
        return logsumexp(spectrum(adjacency(graph))) - np.log(graph.number_of_nodes())


@task
class SpectralGap(SpectralTask):
    """Spectral gap: lambda_1 - lambda_2, the two largest adjacency eigenvalues (with
    multiplicity), not the Laplacian gap nor lambda_1 - |lambda_2|.

    For a disconnected graph this is still the difference of the two largest eigenvalues
    of the whole matrix (0 when two components share the largest one); 0 for one node."""

    name = "spectral_gap"
    max_nodes = 560
    difficulty = "medium"
    ask = (
        "What is the spectral gap of the graph, i.e., the largest eigenvalue of its adjacency "
        "matrix minus the second-largest eigenvalue (counted with multiplicity)?"
    )

    def value(self, graph):
        return spectral_gap(graph)


@task
class SpectralRadius(SpectralTask):
    """Spectral radius: the largest |lambda_i| of A, which is the largest eigenvalue since
    A is nonnegative (Perron-Frobenius). For a disconnected graph: the largest over its
    components, i.e. still of the whole matrix."""

    name = "spectral_radius"
    max_nodes = 1120
    difficulty = "medium"
    ask = (
        "What is the spectral radius of the graph, i.e., the largest absolute value of an "
        "eigenvalue of its adjacency matrix?"
    )

    def value(self, graph):
        return spectral_radius(graph)


@task
class TopEigenvectorCentrality(SpectralTask):
    """Top eigenvector centrality: the largest entry of the Perron eigenvector of A (the
    eigenvector of the largest eigenvalue, scaled to unit Euclidean norm, entries >= 0).

    On a disconnected graph this is the Perron vector of the component with the largest
    spectral radius (see ``top_eigenvector_centrality`` for a radius shared by several
    components), as the question's definition says; generated graphs are connected, but
    imported ones need not be."""

    name = "top_eigenvector_centrality"
    max_nodes = 560
    difficulty = "hard"
    ask = (
        "What is the largest eigenvector centrality of a node in the graph, i.e., the "
        "largest entry of the eigenvector of the largest eigenvalue of its adjacency "
        "matrix, scaled to unit Euclidean length with nonnegative entries?"
    )

    def value(self, graph):
        return top_eigenvector_centrality(graph)


@task
class HeatTrace(SpectralTask):
    """Heat trace at t = 1: sum over the eigenvalues mu_i of L = D - A of e^{-mu_i}
    (= trace e^{-L}). Additive over components."""

    name = "heat_trace"
    max_nodes = 280
    difficulty = "hard"
    ask = (
        "What is the heat trace of the graph at time t = 1, i.e., the sum of e^(-x) over "
        f"all eigenvalues x of its {_LAPLACIAN}?"
    )

    def value(self, graph):
        return np.exp(-spectrum(laplacian(graph))).sum()


@task
class VonNeumannEntropy(SpectralTask):
    """Von Neumann entropy: -sum_i p_i ln p_i, natural logarithm, where p_i are the
    eigenvalues of the density matrix rho = L / trace(L), L = D - A, and 0 ln 0 = 0.

    Disconnected graphs need no special rule; a graph without edges (trace 0, rho
    undefined) gets 0. Rounding noise around the zero eigenvalues is clipped to 0."""

    name = "von_neumann_entropy"
    max_nodes = 1120
    difficulty = "hard"
    ask = (
        "What is the von Neumann entropy of the graph, i.e., -sum of p*ln(p) over all "
        "eigenvalues p of the density matrix L / trace(L), where L is the graph's "
        f"{_LAPLACIAN}, ln is the natural logarithm and 0*ln(0) = 0?"
    )

    def value(self, graph):
        if graph.number_of_edges() == 0:
            return 0.0
        p = np.clip(spectrum(laplacian(graph)) / (2 * graph.number_of_edges()), 0.0, None)
        p = p[p > 0]
        return -(p * np.log(p)).sum()
