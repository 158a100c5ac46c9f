"""The one-period FIDE calculation under the names the calculator and the CLI use.

The rules themselves live in `elotui.rating.rules` (one rule set per era and list); this module only
fills in the rule set when the caller has none: the standard rule set of `played_on`. New code should
pass a rule set from `rules_for(rating_list, day)`; the calculator passes the rules of its today.
"""

from __future__ import annotations

from datetime import date

from elotui.rating.rules import difference, k
from elotui.rating.rules.k import KProfile
from elotui.rating.rules.lookup import rules_of
from elotui.rating.rules.period_change import (
    GameDelta,
    PeriodGame,
    PeriodResult,
    game_delta,
    period_change,
)
from elotui.rating.rules.rule_set import RuleSet

__all__ = [
    "GameDelta",
    "KProfile",
    "PeriodGame",
    "PeriodResult",
    "capped_k",
    "counted_diff",
    "game_delta",
    "k_factor",
    "period_change",
]


def counted_diff(
    own: int, opponent: int, played_on: date | None = None, rules: RuleSet | None = None
) -> int:
    """D after the difference rule of `rules` (else the standard one of `played_on`)."""
    return difference.counted_diff(rules_of(played_on, rules), own, opponent)


def k_factor(profile: KProfile, period_year: int, rules: RuleSet) -> tuple[int, str]:
    """K for a period and why (before the K×n cap), under `rules`."""
    return k.k_factor(rules, profile, period_year)


def capped_k(k_value: int, games: int, rules: RuleSet) -> int:
    """K after the K×n cap of `rules` (none before 2014-07)."""
    return k.capped_k(rules, k_value, games)
