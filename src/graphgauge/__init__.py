"""graphgauge: measure how well models reason about graphs.

The public surface is small on purpose; heavy modules are imported lazily so that
``import graphgauge`` and the CLI start fast.
"""

__version__ = "0.1.0"

from graphgauge.errors import UserError
from graphgauge.instance import Instance, read_jsonl, write_jsonl

__all__ = ["Instance", "UserError", "__version__", "read_jsonl", "write_jsonl"]
