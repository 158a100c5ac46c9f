"""What do I need: the least score in the remaining games that reaches a target rating (FIDE rules)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from elotui.rating.fide import PeriodGame, PeriodResult, period_change
from elotui.rating.rules.lookup import rules_of
from elotui.rating.rules.rule_set import RuleSet


@dataclass(frozen=True)
class Need:
    target: int
    games: int  # remaining games
    opponent: int  # their average rating
    min_points: Fraction | None  # None: out of reach even with a full score
    result: PeriodResult | None  # the period with that score (None when out of reach)

    @property
    def rating_after(self) -> int | None:
        return self.result.new_rating if self.result else None


def points_needed(
    rating: int,
    k: int,
    target: int,
    games: int,
    opponent: int,
    *,
    played: Sequence[PeriodGame] = (),
    played_on: date | None = None,
    apply_cap: bool = True,
    rules: RuleSet | None = None,
) -> Need:
    """Least multiple of ½ in `games` games against average `opponent` so the period ends ≥ `target`.

    The remaining games are treated as `games` games against the average rating (the average-opponent
    shortcut); games already `played` in the period count too, and the K×n cap sees all of them.
    Scores are tried from 0 upward, so the first one that reaches the target is the least.
    `rules` is the period's rule set (its difference rule and K×n cap); else the standard one of
    `played_on`.
    """
    rules = rules_of(played_on, rules)
    for halves in range(0, 2 * games + 1):
        points = Fraction(halves, 2)
        remaining = [
            PeriodGame(opponent, score, played_on=played_on) for score in _spread(points, games)
        ]
        result = period_change(rating, [*played, *remaining], k, apply_cap=apply_cap, rules=rules)
        if result.new_rating >= target:
            return Need(target, games, opponent, points, result)
    return Need(target, games, opponent, None, None)


def _spread(points: Fraction, games: int) -> list[Fraction]:
    """`points` as game results: wins first, then one draw if there is a half. With one opponent
    rating every game has the same PD, so only the total matters."""
    wins = int(points)
    draw = points - wins
    scores = [Fraction(1)] * wins + ([Fraction(1, 2)] if draw else [])
    return scores + [Fraction(0)] * (games - len(scores))
