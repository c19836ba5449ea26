"""Imported benchmarks (NLGraph, GraphWalks): their report prints the source benchmark's
own metric beside graphgauge's verified accuracy."""

from graphgauge.results.sections import register_suite


def nlgraph_report(store, run_ids, console) -> None:
    from graphgauge.studies.imported.report import print_source_metric

    print_source_metric(store, run_ids, console, "nlgraph", "nlgraph_exact")


def graphwalks_report(store, run_ids, console) -> None:
    from graphgauge.studies.imported.report import print_source_metric

    print_source_metric(store, run_ids, console, "graphwalks", "graphwalks_f1")


register_suite("nlgraph", console=nlgraph_report)
register_suite("graphwalks", console=graphwalks_report)
