"""The report's registries with every study registered in them, for listings
(``graphgauge list sections``): importing this module imports all the studies."""

from graphgauge.results.sections import SECTIONS, SUITE_REPORTS
from graphgauge.studies import load

load()

__all__ = ["SECTIONS", "SUITE_REPORTS"]
