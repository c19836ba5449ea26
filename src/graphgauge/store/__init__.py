"""The run store (SQLite) and response cache."""

from graphgauge.store.records import ItemRecord
from graphgauge.store.sqlite import Store

__all__ = ["ItemRecord", "Store"]
