"""Each paper's method in one folder: its analysis, report sections and commands (its
tasks are a suite under ``graphgauge.suites``). A study sits above the suites, models and
runner and below the report; importing this package registers every study's report
sections and suite tables (``graphgauge.results.sections``)."""

from graphgauge.studies import arc, gteval, imported, infer, robustness, taxonomy  # noqa: F401
