"""Benchmark suites; each registers its tasks when imported (see graphgauge.registry)."""
