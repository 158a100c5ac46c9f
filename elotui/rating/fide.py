"""The one-period FIDE calculation under the names the calculator and the CLI use.

The rules themselves live in `elotui.rating.rules` (one rule set per era and list); this module only
fills in the rule set when the caller has none: the standard rule set of `played_on`, else today's.
New code should pass a rule set from `rules_for(rating_list, day)`.
"""

from __future__ import annotations

from datetime import date

from elotui.rating.rules import difference, k
from elotui.rating.rules.k import KProfile
from elotui.rating.rules.lookup import current_rules, rules_for
from elotui.rating.rules.period import (
    GameDelta,
    PeriodGame,
    PeriodResult,
    game_delta,
    period_change,
)
from elotui.rating.rules.records import RuleSet

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


def _rules(played_on: date | None, rules: RuleSet | None) -> RuleSet:
    if rules is not None:
        return rules
    return current_rules() if played_on is None else rules_for("standard", played_on)


def counted_diff(
    own: int, opponent: int, played_on: date | None = None, rules: RuleSet | None = None
) -> int:
    """D after the difference rule of `rules` (else the standard one of `played_on`, else today's)."""
    return difference.counted_diff(_rules(played_on, rules), own, opponent)


def k_factor(profile: KProfile, period_year: int, rules: RuleSet | None = None) -> tuple[int, str]:
    """K for a period and why (before the K×n cap), under `rules` (default: today's standard)."""
    return k.k_factor(_rules(None, rules), profile, period_year)


def capped_k(k_value: int, games: int, rules: RuleSet | None = None) -> int:
    """K after the K×n cap of `rules` (none before 2014-07) (default: today's standard)."""
    return k.capped_k(_rules(None, rules), k_value, games)
