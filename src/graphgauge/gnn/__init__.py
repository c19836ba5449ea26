"""GNNs on text-attributed graphs shared by GTEval (studies/gteval/nodeclf.py) and
GraphInfer (tag_heads.py): the architectures and their training loop (PyG, imported lazily
by the callers). GTaxoGym's GraphGym design space and trainers live in studies/taxonomy."""
