"""Where the repository's files are, for tests at any depth of the tests/ tree.

Tests live in folders mirroring ``src/graphgauge``, so ``Path(__file__).parent`` means a
different place in each one; these constants name the places instead.
"""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
SRC = REPO / "src"
ANSWERS = TESTS / "data" / "answers"
SUPPORT = TESTS / "support"
PLUGINS = TESTS / "plugins"
