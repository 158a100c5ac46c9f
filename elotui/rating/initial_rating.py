"""Initial rating of an unrated player (8.2, rules.md §2.9), with the parts a report shows.

The formula is `rules.initial` (one Ru formula for the app, the CLI and the replay); the rule set is
today's standard one unless the caller passes another.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from elotui.rating.rules.initial import initial_parts
from elotui.rating.rules.rule_set import RuleSet


class InitialRating(NamedTuple):
    games: int  # real games pooled
    average: Fraction  # Ra (with the hypothetical opponents, where the rule set has them)
    p_hundredths: int  # the fractional score, rounded half up to two decimals
    dp: Fraction  # what is added to Ra: dp(p), or the points per half point above 50 %
    rating: int  # Ru, rounded half up, capped
    floor: int  # the rule set's floor and games needed, for `published`
    min_games: int

    @property
    def published(self) -> bool:
        """Published once the pool has the games needed and Ru reaches the floor."""
        return self.games >= self.min_games and self.rating >= self.floor


def initial_rating(games: Sequence[tuple[int, Fraction]], rules: RuleSet) -> InitialRating:
    """Ru from pooled (opponent rating, score) games against rated opponents, under `rules`."""
    rule_set = rules
    opponents_total = sum(opponent for opponent, _ in games)
    halves = int(2 * sum((score for _, score in games), Fraction(0)))
    parts = initial_parts(rule_set.initial, len(games), opponents_total, halves)
    return InitialRating(
        len(games), parts.average, parts.p_hundredths, parts.added, parts.rating,
        rule_set.floor, rule_set.initial.min_games,
    )  # fmt: skip
