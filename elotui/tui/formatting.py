"""How the app writes numbers: signs with a true minus, percentages with one decimal, in the language
spoken ("36.0%" / "36,0 %", "+12.80" / "+12,80": elotui.i18n.numbers, the one place that knows them)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from elotui.i18n import current_language, numbers
from elotui.rating.rounding import cents

# Signs, the minus, zero and the decimal mark come from elotui.i18n.numbers, so the app and the CLI
# write a number one way in each language.


def signed_int(value: int) -> str:
    """+13, −7, 0."""
    return numbers.signed(value)


def signed_cents(value: Decimal | Fraction | float) -> str:
    """A change to two decimals, halves away from zero: +12.80, −7.20, 0.00 (+12,80 in French)."""
    return numbers.signed(cents(value) if not isinstance(value, float) else cents(Decimal(value)))


def percent(value: float) -> str:
    """An expected score as a percentage with one decimal, halves up: 0.35994 → 36.0% (36,0 %)."""
    shown = numbers.decimal(Decimal(value) * 100, 1, half_up=True)
    return f"{shown}{numbers.SYMBOLS[current_language()].percent}"


def hundredths(value: int) -> str:
    """A PD or ΔR kept in hundredths, written as a number: 36 → 0.36, −64 → −0.64 (0,36 in French)."""
    sign = numbers.MINUS if value < 0 else ""
    return f"{sign}{numbers.hundredths_text(abs(value))}"


def signed_hundredths(value: int) -> str:
    """A ΔR kept in hundredths, signed: 64 → +0.64, −64 → −0.64, 0 → 0.00."""
    return numbers.signed_hundredths(value)


def points(value: Fraction) -> str:
    """A score in halves: 2, 2.5, 0.5 (2,5 in French)."""
    return numbers.points(value)


def rating_exact(value: Decimal) -> str:
    """A rating before its rounding, to two decimals: 1612.80 (1612,80 in French)."""
    return numbers.decimal(cents(value), 2)


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
