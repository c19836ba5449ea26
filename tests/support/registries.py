"""Registering into a shared registry from a test without leaking into the next test."""

from __future__ import annotations

from graphgauge.plugins import Registry


def scratch(registry: Registry, monkeypatch) -> None:  # noqa: ANN001 - pytest's fixture
    """Let a test register into ``registry`` and have it restored afterwards."""
    monkeypatch.setattr(registry, "_entries", dict(registry._entries))
    monkeypatch.setattr(registry, "_values", dict(registry._values))
