"""The taxonomy grid on a local Ray instance gives the same cells as the local executor."""

from __future__ import annotations

import pytest

pytest.importorskip("torch_geometric")
ray = pytest.importorskip("ray")

from graphgauge.studies.taxonomy.grid import GridSpec, run_grid  # noqa: E402
from tests.studies.taxonomy.test_taxonomy import write_tu  # noqa: E402


@pytest.mark.slow
def test_ray_executor_matches_local(tmp_path):
    folder = write_tu(tmp_path, "TOYRAY", per_class=15)
    spec = GridSpec(datasets=(str(folder),), perturbations=("none", "Frag-k1"), runs=2,
                    epochs=2, cache_dir=str(tmp_path / "cache"))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run_grid(spec, tmp_path / "ray.db", executor="ray", workers=2)
    finally:
        ray.shutdown()
    local = run_grid(spec, tmp_path / "local.db", executor="local", workers=1)

    def key(c):
        return (c["perturbation"], c["run"])

    assert len(remote) == 4
    by_local = {key(c): c["test_auroc"] for c in local}
    assert {key(c): c["test_auroc"] for c in remote} == pytest.approx(by_local)
