"""The list of runs in a store, with their size, health, tokens and cost."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from graphgauge.store.sqlite import Store


def cost(prices: dict[str, float] | None, tokens_in: int | None, tokens_out: int | None):
    """USD for the tokens used, or None when the run has no prices."""
    if not prices:
        return None
    return ((tokens_in or 0) * prices.get("input", 0.0)
            + (tokens_out or 0) * prices.get("output", 0.0)) / 1000.0


def run_rows(store: Store, run_ids: list[str] | None = None) -> list[dict[str, Any]]:
    stats = store.run_stats()
    rows = []
    for run in store.runs():
        if run_ids is not None and run["id"] not in run_ids:
            continue
        manifest = store.manifest(run["id"])
        row = {**run, **stats.get(run["id"], {"items": 0})}
        row["cost"] = cost(manifest.get("prices"), row.get("tokens_in"), row.get("tokens_out"))
        rows.append(row)
    return rows


def expected_items(manifest: dict[str, Any]) -> int | None:
    """How many items a run has when whole (instances x encodings x variants x repeats),
    from its manifest; None when the manifest does not say."""
    try:
        return (manifest["benchmark"]["instances"] * len(manifest["encodings"])
                * len(manifest["variants"]) * manifest["repeats"])
    except (KeyError, TypeError):
        return None


def still_written(store: Store, rows: list[dict[str, Any]]) -> list[str]:
    """A line for each run some live process is still writing (``run --join`` shares, or a
    run going on in another terminal): figures read now are not the run's result."""
    from graphgauge.runner import describe_writers

    notes = []
    for row in rows:
        writers = [w for w in store.writers(row["id"]) if not w.waiting]
        if writers:  # those that only wait (run --wait) add nothing more
            whole = expected_items(store.manifest(row["id"]))
            stored = f"{row.get('items', 0)} of {whole}" if whole else f"{row.get('items', 0)}"
            notes.append(f"run {row['id']} is still being written by {describe_writers(writers)}:"
                         f" its figures cover the {stored} items stored so far, not its result")
    return notes


def runs_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Runs", title_justify="left", header_style="bold")
    table.add_column("run", no_wrap=True)
    table.add_column("model")
    for column in ("items", "errors", "unparsed", "accuracy %", "tokens in/out", "USD"):
        table.add_column(column, justify="right")
    for row in rows:
        accuracy = row.get("accuracy")
        tokens = (f"{row['tokens_in']:,}/{row.get('tokens_out') or 0:,}"
                  if row.get("tokens_in") else "–")
        table.add_row(
            row["id"], row["model"], str(row.get("items", 0)), str(row.get("errors") or 0),
            str(row.get("unparsed") or 0), "–" if accuracy is None else f"{100 * accuracy:.1f}",
            tokens, "–" if row["cost"] is None else f"{row['cost']:.4f}",
        )
    return table
