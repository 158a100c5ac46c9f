"""The one-time uplift of 1 March 2024 (rules.md §3.4), applied by the rule set that carries it."""

from __future__ import annotations

from elotui.rating.rounding import round_half_up
from elotui.rating.rules.rule_set import Uplift


def uplifted(uplift: Uplift, rating: int) -> int:
    """R in [low, high) → R + round(share · (toward − R)); other ratings unchanged.

    share · (toward − R) has denominator 5 at most, so no half can occur and "nearest" is exact.
    """
    if not uplift.low <= rating < uplift.high:
        return rating
    return rating + round_half_up(uplift.share * (uplift.toward - rating))
