"""Performance rating (rules.md §2.11): Rp = Ra rounded half up + dp(score % rounded half up)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from elotui.rating.rounding import round_half_up
from elotui.rating.tables import dp_for


class Performance(NamedTuple):
    """The parts of a norm-style performance (rules.md §1.10), as a norm report shows them."""

    average: int  # Ra, rounded half up
    percent: int  # the score in whole percent, rounded half up
    dp: int
    rating: int  # Rp = Ra + dp


def performance_parts(opponents: Sequence[int], score: Fraction) -> Performance | None:
    """Ra, p, dp and Rp: no difference rule; 100 % and 0 % give the ends of the dp table
    (`tables.dp_for`). None without games."""
    if not opponents:
        return None
    average = round_half_up(Fraction(sum(opponents), len(opponents)))
    percent = round_half_up(score * 100 / len(opponents))
    dp = dp_for(percent)
    return Performance(average, percent, dp, average + dp)


def performance_rating(opponents: Sequence[int], score: Fraction) -> int | None:
    """Norm-style performance Rp (`performance_parts`). None without games."""
    parts = performance_parts(opponents, score)
    return parts.rating if parts else None
