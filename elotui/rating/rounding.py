"""Rounding as FIDE does it (8.3.4): to the nearest whole number, 0.5 away from zero.

Python's `round` rounds half to even and JavaScript's `Math.round` rounds −2.5 to −2; both differ from
FIDE on halves. Every rounding in elotui goes through these two functions, on exact values only.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

Exact = int | Fraction | Decimal

_CENT = Decimal("0.01")


def _as_decimal(value: Exact | float) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    # Decimal(float) is the exact binary value, so the rounding below decides on the true number.
    return Decimal(value)


def round_half_away(value: Exact | float) -> int:
    """Nearest whole number, halves away from zero: 2.5 → 3, −2.5 → −3."""
    # Fraction(float) and Fraction(Decimal) are exact, so the half is decided on the true value.
    exact = value if isinstance(value, Fraction) else Fraction(value)
    whole = (2 * abs(exact.numerator) + exact.denominator) // (2 * exact.denominator)
    return whole if exact >= 0 else -whole


def round_hundredths(value: int) -> int:
    """A whole number of hundredths to a whole number, 0.5 away from zero: the same as
    `round_half_away(Fraction(value, 100))`, on ints only (the replay calls it for every game)."""
    return (value + 50) // 100 if value >= 0 else -((50 - value) // 100)


def round_half_up(value: Exact | float) -> int:
    """Nearest whole number, halves toward +∞ (for averages and percentages, as the title rules do)."""
    exact = value if isinstance(value, Fraction) else Fraction(value)
    return (2 * exact.numerator + exact.denominator) // (2 * exact.denominator)


def cents(value: Exact | float) -> Decimal:
    """The value to two decimals, halves away from zero (a display value: 12.8013 → 12.80)."""
    return _as_decimal(value).quantize(_CENT, rounding=ROUND_HALF_UP)
