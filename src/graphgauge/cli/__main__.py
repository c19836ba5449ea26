"""``python -m graphgauge.cli``: the ``graphgauge`` command."""

import sys

from graphgauge.cli import main

sys.exit(main())
