"""The logistic Elo formula: E = 1 / (1 + 10^((Rb − Ra) / 400)), change = K·(S − E), no cap.

E is irrational in general, so it is a float; every rounding of a change is decided on the exact
binary value of that float (see `rounding`), never by `round()`.
"""

from __future__ import annotations

from fractions import Fraction


def expected_score(rating: float, opponent: float) -> float:
    """Expected score of the player rated `rating`: a draw counts half, so not a win probability."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def elo_change(k: int, score: Fraction, expected: float) -> float:
    return k * (float(score) - expected)
