"""Initial rating of an unrated player (8.2, decisions §9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from elotui.rating.fide import LIST_FLOOR
from elotui.rating.rounding import round_half_up
from elotui.rating.tables import dp_for

HYPOTHETICAL_OPPONENT = 1800  # 8.2.2: two hypothetical draws against 1800-rated opponents
HYPOTHETICAL_GAMES = 2
MIN_GAMES = 5  # 7.1.4: at least 5 games against rated opponents
MAX_INITIAL = 2200  # 8.2.3


@dataclass(frozen=True)
class InitialRating:
    games: int  # real games pooled
    average: Fraction  # Ra, with the two hypothetical opponents
    p_hundredths: int  # (W + 1) / (n + 2), rounded half up to two decimals
    dp: int
    rating: int  # Ru, rounded half up, capped at 2200

    @property
    def published(self) -> bool:
        """Published once the pool has 5 games and Ru reaches the 1400 floor."""
        return self.games >= MIN_GAMES and self.rating >= LIST_FLOOR


def initial_rating(games: Sequence[tuple[int, Fraction]]) -> InitialRating:
    """Ru from pooled (opponent rating, score) games against rated opponents."""
    n = len(games)
    opponents_total = sum(opponent for opponent, _ in games)
    points = sum((score for _, score in games), Fraction(0))
    average = Fraction(opponents_total + HYPOTHETICAL_GAMES * HYPOTHETICAL_OPPONENT, n + 2)
    p = (points + Fraction(HYPOTHETICAL_GAMES, 2)) / (n + HYPOTHETICAL_GAMES)
    p_hundredths = round_half_up(p * 100)
    dp = dp_for(p_hundredths)
    rating = min(round_half_up(average + dp), MAX_INITIAL)
    return InitialRating(n, average, p_hundredths, dp, rating)
