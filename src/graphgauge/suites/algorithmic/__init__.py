"""The 49 Erdős-style algorithmic tasks, grouped by topic into modules.

Difficulty groups follow the Erdős benchmark (Easy 15, Medium 11, Hard 17, Challenging 6).
Importing this package registers every task under the suite name ``algorithmic``.
"""

from graphgauge.suites.algorithmic import structure  # noqa: F401
