"""CLI commands of the suites and analyses, each module exposing ``register(app)``."""
