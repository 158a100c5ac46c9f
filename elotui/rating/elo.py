"""The logistic Elo formula: E = 1 / (1 + 10^((Rb − Ra) / s)) with the scale s
(`rules.logistic.LOGISTIC_SCALE`), change = K·(S − E), no cap.

E is irrational in general, so it is a float; every rounding of a change is decided on the exact
binary value of that float (see `rounding`), never by `round()`.
"""

from __future__ import annotations

from elotui.rating.rules.logistic import LOGISTIC_SCALE


def expected_score(rating: float, opponent: float) -> float:
    """Expected score of the player rated `rating`: a draw counts half, so not a win probability."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / LOGISTIC_SCALE)))
