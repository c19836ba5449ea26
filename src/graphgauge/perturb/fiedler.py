"""Fiedler vectors for FiedlerFrag: dense for small components, LOBPCG for large ones.

On real graphs (DBLP: a 12.5k-node component, lambda2 = 0.0348 vs lambda3 = 0.0394) the
cost is the number of LOBPCG iterations, which the preconditioner decides: Jacobi needs
~300, a Ruge-Stueben AMG V-cycle (pyamg) ~15. pyamg is optional (extra ``amg``); without
it Jacobi is used and the answer is the same, only slower.
"""

from __future__ import annotations

import warnings

import numpy as np

PRECONDITIONERS = ("auto", "amg", "jacobi")
#: LOBPCG residual bound ||L v - lambda v|| for unit v; tight enough that the signs of the
#: Fiedler vector (all that FiedlerFrag uses) match the fully converged vector on DBLP.
TOLERANCE = 1e-5


def dense_fiedler(sub, method: str) -> np.ndarray:
    """Eigenvector for the 2nd-smallest eigenvalue of L = D - A, or of A itself
    (``adjacency_quirk``: what the original's method 'full' actually computed)."""
    dense = sub.toarray()
    if method == "adjacency_quirk":
        return np.linalg.eigh(dense)[1][:, 1]
    lap = np.diag(dense.sum(axis=1)) - dense
    return np.linalg.eigh(lap)[1][:, 1]


def has_pyamg() -> bool:
    try:
        import pyamg  # noqa: F401
    except ImportError:
        return False
    return True


def preconditioner(lap, deg: np.ndarray, kind: str):
    """An SPD approximate inverse of ``lap`` for LOBPCG: one AMG V-cycle per column, or the
    inverse degree (Jacobi). 'auto' = AMG when pyamg is installed."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import LinearOperator

    if kind not in PRECONDITIONERS:
        raise ValueError(f"preconditioner must be one of {PRECONDITIONERS}, got {kind!r}")
    if kind == "jacobi" or (kind == "auto" and not has_pyamg()):
        return sp.diags(1.0 / np.maximum(deg, 1.0))
    if not has_pyamg():
        raise ImportError("preconditioner='amg' needs pyamg: pip install pyamg (extra 'amg')")
    import pyamg

    n = lap.shape[0]
    hierarchy = pyamg.ruge_stuben_solver(lap, max_coarse=500)
    zero = np.zeros(n)

    def vcycle(block):
        # calling solve() directly: aspreconditioner() measured ~8x slower per call on DBLP
        cols = np.asarray(block).reshape(n, -1).T
        return np.column_stack([hierarchy.solve(c, x0=zero, maxiter=1, cycle="V", tol=1e-300)
                                for c in cols])

    return LinearOperator((n, n), matvec=vcycle, matmat=vcycle, dtype=float)


def sparse_fiedler(sub, seed: int, warm: np.ndarray | None = None,
                   precond: str = "auto") -> tuple[np.ndarray, np.ndarray | None]:
    """Fiedler vector of a large connected component by LOBPCG (block of 4, constant vector
    deflated); returns it and the block for warm-starting the next call.

    Real graphs' Fiedler vectors often cut off a small periphery, so the next largest
    component is nearly the same node set: restarting from the previous block (``warm``,
    rows aligned to ``sub``) saves iterations. Shift-invert Lanczos (~200 s on DBLP for its
    factorisation) is the fallback when LOBPCG's residual says it did not converge.
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import lobpcg
    from threadpoolctl import threadpool_limits  # a scikit-learn dependency

    n = sub.shape[0]
    deg = np.asarray(sub.sum(axis=1)).ravel()
    lap = (sp.diags(deg) - sub).tocsr()
    x0 = np.random.default_rng(seed).standard_normal((n, 4))
    if warm is not None:
        scale = np.maximum(np.linalg.norm(warm[:, 1:4], axis=0), 1e-12)
        x0[:, :3] += 10.0 * warm[:, 1:4] / scale
    ones = np.ones((n, 1)) / np.sqrt(n)
    # LOBPCG's dense algebra is on n x 12 blocks: multithreaded BLAS only adds contention
    # (3x slower on a shared 2-core machine)
    with warnings.catch_warnings(), threadpool_limits(1):
        warnings.simplefilter("ignore", UserWarning)  # convergence is checked below instead
        vals, vecs = lobpcg(lap, x0, M=preconditioner(lap, deg, precond), Y=ones,
                            largest=False, tol=TOLERANCE, maxiter=500)
    order = np.argsort(vals)
    vals, vecs = vals[order], vecs[:, order]
    vec = vecs[:, 0]
    residual = np.linalg.norm(lap @ vec - vals[0] * vec) / max(np.linalg.norm(vec), 1e-300)
    if residual <= 1e-4 * max(float(deg.max()), 1.0):
        return vec, vecs
    # badly conditioned (e.g. dense cliques joined by thin bridges): shift-invert Lanczos
    from scipy.sparse.linalg import eigsh

    vals, vecs = eigsh(lap.tocsc(), k=2, sigma=-1e-2, which="LM")
    return vecs[:, int(np.argsort(vals)[1])], None
