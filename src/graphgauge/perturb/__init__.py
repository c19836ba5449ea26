"""Dataset perturbations: small seeded callables on a PyG ``Data`` (GTaxoGym), and
structural attacks (GTEval)."""
