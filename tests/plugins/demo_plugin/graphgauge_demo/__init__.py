"""A demo graphgauge plugin: a model backend (model.py), a suite (suite.py) and a report section
(report.py), one file each."""
