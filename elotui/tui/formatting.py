"""How the app writes numbers: signs with a true minus, percentages with one decimal."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from elotui.rating import text
from elotui.rating.rounding import cents
from elotui.rating.text import MINUS

# Signs, the minus and zero come from rating/text.py, so the app and the CLI write a number one way.


def signed_int(value: int) -> str:
    """+13, −7, 0."""
    return text.signed(value)


def signed_cents(value: Decimal | Fraction | float) -> str:
    """A change to two decimals, halves away from zero: +12.80, −7.20, 0.00."""
    return text.signed(cents(value) if not isinstance(value, float) else cents(Decimal(value)))


def percent(value: float) -> str:
    """An expected score as a percentage with one decimal: 0.35994 → 36.0%."""
    return f"{(Decimal(value) * 100).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)}%"


def hundredths(value: int) -> str:
    """A PD or ΔR kept in hundredths, written as a number: 36 → 0.36, −64 → −0.64."""
    sign = MINUS if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


def signed_hundredths(value: int) -> str:
    """A ΔR kept in hundredths, signed: 64 → +0.64, −64 → −0.64, 0 → 0.00."""
    return text.cents(value)


def points(value: Fraction) -> str:
    """A score in halves: 2, 2.5, 0.5."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def rating_exact(value: Decimal) -> str:
    return f"{cents(value)}"


def phrase_lines(text: str, width: int, indent: str = "    ") -> str:
    """Text broken into lines of at most `width` only after a comma, never inside a phrase ("no
    cap" stays together); lines after the first start with `indent`. A phrase longer than a line
    stays whole (the widget then wraps it)."""
    phrases = text.split(", ")
    lines = [phrases[0]]
    for phrase in phrases[1:]:
        joined = f"{lines[-1]}, {phrase}"
        if len(joined) <= width:
            lines[-1] = joined
        else:
            lines[-1] += ","
            lines.append(f"{indent}{phrase}")
    return "\n".join(lines)
