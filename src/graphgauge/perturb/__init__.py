"""Dataset perturbations: small seeded callables on a PyG ``Data`` (GTaxoGym's).

GTaxoGym's alone, yet a package of the bottom layer rather than in studies/taxonomy:
``PERTURBATIONS`` is a registry other packages extend (docs/extending.md) and the
command-line help lists it (graphgauge.choices), below the studies. GTEval's structural
attacks are in its suite (graphgauge.suites.classify.attacks)."""
