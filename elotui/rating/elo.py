"""The logistic Elo formula: E = 1 / (1 + 10^((Rb − Ra) / s)) with the scale s, change = K·(S − E),
no cap.

E is irrational in general, so it is a float; every rounding of a change is decided on the exact
binary value of that float (see `rounding`), never by `round()`.
"""

from __future__ import annotations

# The formula's own scale (a difference of this many points is odds of 10 to 1). Elo's constant, not a
# FIDE rule: FIDE's limit on D lives in its rule sets (elotui/rating/rules/), however equal the number.
LOGISTIC_SCALE = 400


def expected_score(rating: float, opponent: float) -> float:
    """Expected score of the player rated `rating`: a draw counts half, so not a win probability."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / LOGISTIC_SCALE)))
