"""The initial rating of an unrated player under a rule set (8.2, rules.md §3.6, rules.md §2.9):
the one Ru formula, from the pool's totals (games, Σ opponents, half points)."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from elotui.rating.rounding import round_half_up
from elotui.rating.rules.rule_set import InitialRule
from elotui.rating.tables import dp_for


class InitialParts(NamedTuple):
    average: Fraction  # Ra (with the hypothetical opponents, where the rule has them)
    p_hundredths: int  # the fractional score, rounded half up to two decimals
    added: Fraction  # what is added to Ra: dp(p), or the points per half point above 50 %
    rating: int  # Ru, rounded half up (0.5 up, every era), then capped


def initial_parts(rule: InitialRule, games: int, opponents_total: int, halves: int) -> InitialParts:
    """Ru of a pool of `games` games against rated opponents (`games` ≥ 1 or hypothetical games)."""
    extra = rule.hypothetical_games  # hypothetical draws: one half point each
    n = games + extra
    average = Fraction(opponents_total + extra * rule.hypothetical_opponent, n)
    p = Fraction(halves + extra, 2 * n)
    p_hundredths = round_half_up(p * 100)
    added: Fraction
    if rule.per_half_point is not None and 2 * halves >= 2 * games:
        # ≥ 50 %: so many points per half point above 50 % (halves − games half points).
        added = rule.per_half_point * (halves - games)
    else:
        added = Fraction(dp_for(p_hundredths))
    rating = round_half_up(average + added)
    if rule.max_rating is not None:
        rating = min(rating, rule.max_rating)
    return InitialParts(average, p_hundredths, added, rating)


def initial_from_totals(rule: InitialRule, games: int, opponents_total: int, halves: int) -> int:
    return initial_parts(rule, games, opponents_total, halves).rating


def published_initial(rule: InitialRule, floor: int, games: int, rating: int) -> bool:
    """A first rating is published once the pool has the games needed and Ru reaches the floor."""
    return games >= rule.min_games and rating >= floor
