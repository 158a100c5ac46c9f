"""The rapid and blitz lists' rule sets, rules.md §3.3 (one table, two lists).

Their initial rating follows the standard era table of rules.md §3.6, and RB2012 had a 1200 floor before its first
list (2012-07): so RB2012 is three records with the same name, from 2012-01, 2012-07 and 2014-07.
Every record also says what only these lists have: a player unrated here is rated with the standard
rating (`unrated_takes_standard`), titles are not met here (`titles=False`), and RB2022-10 starts with
the raise to standard − 100 (`raise_to_standard_minus`).
"""

from __future__ import annotations

from datetime import date

from elotui.rating.rules.rule_set import DifferenceRule, KRule, RatingList, RuleSet
from elotui.rating.rules.standard import (
    INITIAL_2011,
    INITIAL_2014,
    INITIAL_2022,
    INITIAL_2024,
    K_2014,
    LIMIT_400,
    LIMIT_400_ONCE_PER_EVENT,
    UPLIFT_2024,
)

NO_LIMIT = DifferenceRule(limit=None)
LIMIT_400_NOT_RATED_600 = DifferenceRule(limit=400, not_rated_gap=(600, 2600))
K_20_FOR_EVERYONE = KRule(top=20, top_from=2400, top_needs_games=False, new_player=20,
                          games_for_regular=0, regular=20, everyone=20)  # fmt: skip


def rapid_blitz(rating_list: RatingList) -> tuple[RuleSet, ...]:
    """The rule sets of the rapid or the blitz list, oldest first."""
    sets = (
        RuleSet("RB2012", rating_list, date(2012, 1, 1), NO_LIMIT, K_20_FOR_EVERYONE, 700, 1200,
                INITIAL_2011, decisions=("rounding", "initial-15")),
        RuleSet("RB2012", rating_list, date(2012, 7, 1), NO_LIMIT, K_20_FOR_EVERYONE, 700, 1000,
                INITIAL_2011, decisions=("rounding", "initial-15")),
        RuleSet("RB2012", rating_list, date(2014, 7, 1), NO_LIMIT, K_20_FOR_EVERYONE, 700, 1000,
                INITIAL_2014, decisions=("rounding",)),
        RuleSet("RB2022", rating_list, date(2022, 1, 1), LIMIT_400_ONCE_PER_EVENT,
                K_20_FOR_EVERYONE, 700, 1000, INITIAL_2022,
                decisions=("rounding", "lower-rated-400")),
        RuleSet("RB2022-10", rating_list, date(2022, 10, 1), LIMIT_400_ONCE_PER_EVENT, K_2014, 700,
                1000, INITIAL_2022, raise_to_standard_minus=100,
                decisions=("rounding", "lower-rated-400")),
        RuleSet("RB2024", rating_list, date(2024, 3, 1), LIMIT_400, K_2014, 700, 1400,
                INITIAL_2024, uplift=UPLIFT_2024),
        RuleSet("RB2024-12", rating_list, date(2024, 12, 1), LIMIT_400_NOT_RATED_600, K_2014, 700,
                1400, INITIAL_2024),
    )  # fmt: skip
    return tuple(r._replace(unrated_takes_standard=True, titles=False) for r in sets)


RAPID = rapid_blitz("rapid")
BLITZ = rapid_blitz("blitz")
