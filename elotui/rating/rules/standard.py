"""The standard list's rule sets, rules.md §3.2 (values) and rules.md §3.6 (initial rating).

Each record is one row of the table; a value marked D there is named in the record's `decisions`.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from elotui.rating.rules.rule_set import (
    DifferenceRule,
    InitialRule,
    KRule,
    RuleSet,
    Uplift,
)

# Difference rules.
LIMIT_350 = DifferenceRule(limit=350)
LIMIT_400 = DifferenceRule(limit=400)
LIMIT_400_ONCE_PER_EVENT = DifferenceRule(limit=400, once_per_event=True)
LIMIT_400_NOT_FROM_2650 = DifferenceRule(limit=400, exempt_from=2650)

# K rules.
K_2006 = KRule(top=10, top_from=2400, top_needs_games=True, new_player=25, games_for_regular=30,
               regular=15)  # fmt: skip
K_2011 = K_2006._replace(new_player=30)
K_2014 = KRule(top=10, top_from=2400, top_needs_games=False, new_player=40, games_for_regular=30,
               regular=20, junior=40, junior_age=18, junior_until=2300)  # fmt: skip

# Initial-rating rules (rules.md §3.6).
INITIAL_2006 = InitialRule(min_games=9, window_months=26, first_event_ignored_up_to=1,
                           per_half_point=Fraction(25, 2))  # fmt: skip
INITIAL_2011 = INITIAL_2006._replace(per_half_point=Fraction(15))
INITIAL_2014 = InitialRule(min_games=5, window_months=26, first_event_ignored_up_to=0,
                           per_half_point=Fraction(20))  # fmt: skip
INITIAL_2022 = INITIAL_2014
INITIAL_2024 = InitialRule(min_games=5, window_months=26, first_event_ignored_up_to=0,
                           per_half_point=None, hypothetical_games=2, hypothetical_opponent=1800,
                           max_rating=2200)  # fmt: skip

# rules.md §3.4: after February 2024, R in [1000, 2000) becomes R + round(0.4 · (2000 − R)).
UPLIFT_2024 = Uplift(low=1000, high=2000, toward=2000, share=Fraction(2, 5))

_BEFORE_2024 = ("rounding",)

S2006 = RuleSet("S2006", "standard", date(2006, 4, 1), LIMIT_350, K_2006, None, 1400, INITIAL_2006,
                decisions=(*_BEFORE_2024, "no-cap", "floor-1400", "initial-pool-9"))  # fmt: skip
S2009 = RuleSet("S2009", "standard", date(2009, 7, 1), LIMIT_400, K_2006, None, 1200, INITIAL_2006,
                decisions=(*_BEFORE_2024, "no-cap", "initial-pool-9"))  # fmt: skip
S2011 = RuleSet("S2011", "standard", date(2011, 7, 1), LIMIT_400, K_2011, None, 1200, INITIAL_2011,
                decisions=(*_BEFORE_2024, "no-cap", "initial-15"))  # fmt: skip
S2012 = RuleSet("S2012", "standard", date(2012, 7, 1), LIMIT_400, K_2011, None, 1000, INITIAL_2011,
                decisions=(*_BEFORE_2024, "no-cap", "initial-15"))  # fmt: skip
S2014 = RuleSet("S2014", "standard", date(2014, 7, 1), LIMIT_400, K_2014, 700, 1000, INITIAL_2014,
                decisions=(*_BEFORE_2024, "cap-2014", "junior-year"))  # fmt: skip
S2022 = RuleSet("S2022", "standard", date(2022, 1, 1), LIMIT_400_ONCE_PER_EVENT, K_2014, 700, 1000,
                INITIAL_2022,
                decisions=(*_BEFORE_2024, "junior-year", "lower-rated-400"))  # fmt: skip
S2024 = RuleSet("S2024", "standard", date(2024, 3, 1), LIMIT_400, K_2014, 700, 1400, INITIAL_2024,
                uplift=UPLIFT_2024)  # fmt: skip
S2025 = RuleSet("S2025", "standard", date(2025, 10, 1), LIMIT_400_NOT_FROM_2650, K_2014, 700, 1400,
                INITIAL_2024)  # fmt: skip

STANDARD: tuple[RuleSet, ...] = (S2006, S2009, S2011, S2012, S2014, S2022, S2024, S2025)
