"""Turning stored results into tables (terminal, CSV)."""
