"""GNN architectures and training loops (PyG, imported lazily by the callers)."""
