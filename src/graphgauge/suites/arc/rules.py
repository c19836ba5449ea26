"""Every GraphARC rule by name, colour-based first."""

from __future__ import annotations

from graphgauge.errors import UserError
from graphgauge.suites.arc.rule import Rule
from graphgauge.suites.arc.rules_color import COLOR_RULES
from graphgauge.suites.arc.rules_structure import STRUCTURE_RULES

RULES: dict[str, Rule] = {rule.name: rule for rule in (*COLOR_RULES, *STRUCTURE_RULES)}


def get_rule(name: str) -> Rule:
    if name not in RULES:
        raise UserError(f"unknown arc rule {name!r}; available: {', '.join(RULES)}")
    return RULES[name]
