"""A demo graphgauge plugin: a model backend (model.py) and a suite (suite.py), one file each."""
