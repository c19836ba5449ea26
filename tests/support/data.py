"""Skipping tests that read the real datasets when they are not on this machine.

The data lives outside the repository (``../shared/data``, or ``$GRAPHGAUGE_DATA``); a
clone without it still runs every other test, and each skipped one says which folder it
wanted.
"""

from __future__ import annotations

import pytest

from graphgauge.datasets.loader import data_root


def needs_shared_data(*folders: str) -> pytest.MarkDecorator:
    """A skip mark unless every ``folder`` exists under the shared data root."""
    root = data_root()
    missing = [name for name in folders if not (root / name).is_dir()]
    return pytest.mark.skipif(
        bool(missing), reason=f"needs the shared data {', '.join(missing)} in {root} "
                              "(absent; set GRAPHGAUGE_DATA to its folder)")
