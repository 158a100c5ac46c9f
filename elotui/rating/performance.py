"""Performance rating (rules.md §2.11): Rp = Ra rounded half up + dp(score % rounded half up)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from elotui.rating.rounding import round_half_up
from elotui.rating.tables import dp_for


def performance_rating(opponents: Sequence[int], score: Fraction) -> int | None:
    """Norm-style performance: no difference rule; 100 % and 0 % give the ends of the dp table
    (`tables.dp_for`). None without games."""
    if not opponents:
        return None
    average = round_half_up(Fraction(sum(opponents), len(opponents)))
    percent = round_half_up(score * 100 / len(opponents))
    return average + dp_for(percent)
