"""FIDE's rules by date and by list, as data (rules.md §3).

`rules_for(rating_list, day)` is the only way any code gets rules: it returns the `RuleSet` for an
event starting on `day`. The record's fields are the values (`rule_set`); the functions beside it apply
them: `difference.counted_diff`, `k.k_factor`/`k.capped_k`, `initial.initial_from_totals`,
`uplift.uplifted`, and `period_change.period_change` (the reference period calculation).
"""

from __future__ import annotations

from elotui.rating.rules.lookup import (
    RULE_SETS,
    before_modelled,
    rule_set_named,
    rules_for,
    rules_of,
)
from elotui.rating.rules.rule_set import DECISIONS, RATING_LISTS, RatingList, RuleSet

__all__ = [
    "DECISIONS",
    "RATING_LISTS",
    "RULE_SETS",
    "RatingList",
    "RuleSet",
    "before_modelled",
    "rule_set_named",
    "rules_for",
    "rules_of",
]
