"""The run store (SQLite) and response cache."""

from graphgauge.store.sqlite import Store

__all__ = ["Store"]
