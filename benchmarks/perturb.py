"""Seconds per perturbation on the DBLP graph (14,376 papers, 215,663 author-sharing edges).

The paper could not run FiedlerFrag or FullyConn on large node-level graphs; here
FiedlerFrag uses a sparse eigensolver and the hard band-pass a Chebyshev approximation
(targets: each <= 60 s). Wall and CPU seconds (``time.process_time``) are both printed: the
machine may be shared. The three Chebyshev bands share one recurrence, so the 2nd and 3rd
are cache hits. FiedlerFrag uses an AMG preconditioner when pyamg is installed
(``--preconditioner jacobi`` to time the fallback). Node features: 384-d SBERT title
embeddings (cached), or random features with --random-features.

    python benchmarks/perturb.py                 # every perturbation
    python benchmarks/perturb.py --only FiedlerFrag,LowPass-cheb
"""

from __future__ import annotations

import argparse
import time

import numpy as np

PERTURBATIONS = ("NoNodeFtrs", "NodeDeg", "RandFtrs", "LowPass", "MidPass", "HighPass",
                 "LowPass-cheb", "MidPass-cheb", "HighPass-cheb", "NoEdges", "RandRewire",
                 "Frag-k1", "Frag-k2", "Frag-k3", "FiedlerFrag")


def main(argv: list[str] | None = None) -> int:
    import torch

    from graphgauge.datasets import embed_texts, load_tag
    from graphgauge.perturb.catalog import build
    from graphgauge.perturb.fiedler import has_pyamg
    from graphgauge.studies.taxonomy.graphgym import ModelConfig, build_model

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="dblp")
    ap.add_argument("--only", default=",".join(PERTURBATIONS))
    ap.add_argument("--random-features", action="store_true")
    ap.add_argument("--preconditioner", default="auto", choices=("auto", "amg", "jacobi"))
    args = ap.parse_args(argv)
    torch.set_num_threads(1)

    t0 = time.perf_counter()
    tag = load_tag(args.dataset)
    x = (np.random.default_rng(0).normal(size=(tag.num_nodes(), 384)).astype(np.float32)
         if args.random_features else embed_texts(list(tag.titles)))
    data = tag.to_pyg(x=x)
    print(f"{args.dataset}: {data.num_nodes} nodes, {data.edge_index.shape[1] // 2} edges, "
          f"{x.shape[1]} features (load {time.perf_counter() - t0:.1f}s)")
    amg = args.preconditioner == "amg" or (args.preconditioner == "auto" and has_pyamg())
    print(f"FiedlerFrag preconditioner: {'AMG (pyamg)' if amg else 'Jacobi'}")
    print(f"{'perturbation':16s} {'wall s':>8s} {'cpu s':>8s}  result")
    for name in args.only.split(","):
        fn = build(name, "transductive", seed=0)
        if hasattr(fn, "preconditioner"):
            fn.preconditioner = args.preconditioner
        start, cpu = time.perf_counter(), time.process_time()
        out = fn(data)
        secs, cpu = time.perf_counter() - start, time.process_time() - cpu
        comps = ""
        if out.edge_index.shape[1] != data.edge_index.shape[1]:
            from scipy.sparse import coo_matrix
            from scipy.sparse.csgraph import connected_components

            ei = out.edge_index.numpy()
            a = coo_matrix((np.ones(ei.shape[1]), (ei[0], ei[1])), shape=(out.num_nodes,) * 2)
            ncomp, lab = connected_components(a, directed=False)
            comps = f", {ncomp} components (largest {np.bincount(lab).max()})"
        print(f"{name:16s} {secs:8.2f} {cpu:8.2f}  x {tuple(out.x.shape)}, "
              f"{out.edge_index.shape[1] // 2} edges{comps}", flush=True)
    # FullyConn on a large graph: the dense global-mixing model, one forward+backward pass
    model = build_model(ModelConfig(batchnorm=False, graph_level=False, global_mix=True),
                        x.shape[1], len(tag.label_names))
    empty = build("NoEdges", "transductive")(data)
    start, cpu = time.perf_counter(), time.process_time()
    model(empty).sum().backward()
    print(f"{'FullyConn (mix)':16s} {time.perf_counter() - start:8.2f} "
          f"{time.process_time() - cpu:8.2f}  "
          "one training step of the global-mixing GCN (no N^2 edges)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
