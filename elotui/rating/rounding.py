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
    if isinstance(value, Fraction):
        whole = (2 * abs(value.numerator) + value.denominator) // (2 * value.denominator)
        return whole if value >= 0 else -whole
    # Decimal's ROUND_HALF_UP is "half away from zero".
    return int(_as_decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def round_half_up(value: Exact | float) -> int:
    """Nearest whole number, halves toward +∞ (used only for positive averages, as FIDE's titles do)."""
    if isinstance(value, Fraction):
        return (2 * value.numerator + value.denominator) // (2 * value.denominator)
    return int((_as_decimal(value) + Decimal("0.5")).to_integral_value(rounding="ROUND_FLOOR"))


def cents(value: Exact | float) -> Decimal:
    """The value to two decimals, halves away from zero (a display value: 12.8013 → 12.80)."""
    return _as_decimal(value).quantize(_CENT, rounding=ROUND_HALF_UP)
