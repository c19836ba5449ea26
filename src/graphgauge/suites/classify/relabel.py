"""The coarser label spaces Relabeling asks in: one YAML map per dataset family.

Shipped maps live in ``graphgauge/data/relabel/<family>.yaml`` (``dblp``, ``webkb``); a
user passes their own with ``-p relabel=FILE`` (same layout: ``original label: coarse
label``, one per line). The map is frozen into every instance at generation, so a
benchmark file is scored the same way whatever maps are installed later.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.render.variants import coarse_labels
from graphgauge.suites.classify.labels import mentioned_labels


def shipped_map(family: str) -> Path | None:
    path = resources.files("graphgauge").joinpath("data", "relabel", f"{family}.yaml")
    return Path(str(path)) if path.is_file() else None


def load_relabel(
    family: str, label_names: list[str], path: str | Path | None = None
) -> dict[str, str] | None:
    """``original -> coarse`` for every label, or None when no map exists (the relabel
    variant then refuses to render, naming the option that would fix it)."""
    import yaml

    source = Path(path) if path is not None else shipped_map(family)
    if source is None:
        return None
    if not source.is_file():
        raise UserError(f"relabel map not found: {source}")
    try:
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise UserError(f"{source}: not valid YAML ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items()
    ):
        raise UserError(f"{source}: expected 'original label: coarse label' lines")
    missing = [name for name in label_names if name not in data]
    if missing:
        raise UserError(f"{source}: no coarse label for {', '.join(missing)}")
    mapping = {name: data[name].strip() for name in label_names}
    coarse = coarse_labels(mapping)
    clashes = sorted({c for c in coarse if mentioned_labels(c, label_names)}
                     | {n for n in label_names if mentioned_labels(n, coarse)})
    if clashes:
        raise UserError(f"{source}: label(s) {', '.join(clashes)} contain a name of the other "
                        "label space, so answers could not be told apart")
    return mapping
