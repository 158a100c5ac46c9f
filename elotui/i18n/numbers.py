"""How numbers are written in the language spoken: the one place that knows "36,0 %" from "36.0%".

English (as elotui always wrote it): "36.0%", "+12.80", "−7.20", "100000". French: a decimal comma, a
narrow no-break space (U+202F) before "%" and between thousands of a count: "36,0 %", "+12,80",
"100 000 parties" (CLDR has U+00A0 before "%"; the narrow one is used, as between thousands). Both: the true minus U+2212 on signed numbers, "½" for a draw (`Result.symbol`),
ratings never grouped ("1513" is a rating, not a count: `rating()`), dates in ISO (`date.isoformat()`).

Exact arithmetic: every value is an int, a Fraction or a Decimal, rounded here by `Decimal.quantize` on
its true value (a float, where a caller still has one, is first made the exact Decimal of its binary
value, as `elotui.rating.rounding` does), never by a float format.

Hand-written rather than `babel.numbers`: the formats are three symbols per language, and importing
Babel with its French locale data costs 40-80 ms (measured on this project's machine, 2026-12), a
quarter of the app's whole start-up budget. tests/i18n/test_numbers.py checks these symbols against
Babel's CLDR data, so they cannot drift from what Babel would write.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import NamedTuple

from elotui.i18n import current_language

MINUS = "−"  # U+2212, as docs/product.md writes changes
NARROW_NBSP = "\u202f"


class Symbols(NamedTuple):
    decimal: str  # between the whole part and the decimals
    group: str  # between thousands of a count ("" = not grouped)
    percent: str  # after the number


SYMBOLS = {
    # English counts stay ungrouped, as every English output of elotui always was.
    "en": Symbols(decimal=".", group="", percent="%"),
    "fr": Symbols(decimal=",", group=NARROW_NBSP, percent=f"{NARROW_NBSP}%"),
}

Number = int | Fraction | Decimal


def _symbols() -> Symbols:
    return SYMBOLS[current_language()]


def _exact(value: Number | float) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value)  # exact for an int, a Decimal and a float's binary value


def decimal(value: Number | float, places: int, *, half_up: bool = False) -> str:
    """`value` with `places` decimals: 12.8 → "12.80" / "12,80", −7.2 → "−7.20" (the true minus).

    Rounded on the true value, half to even as Python's float formats did (the English output stays
    byte for byte what it was), or halves up with `half_up`."""
    exact = _exact(value)
    quantum = Decimal(1).scaleb(-places)
    rounded = exact.quantize(quantum, rounding=ROUND_HALF_UP if half_up else ROUND_HALF_EVEN)
    text = format(abs(rounded), "f").replace(".", _symbols().decimal)
    return f"{MINUS}{text}" if rounded < 0 else text


def percent(share: Number | float, places: int = 1) -> str:
    """A share of one as a percentage: 0.36 → "36.0%" / "36,0 %".

    Halves up, as percentages are rounded in elotui (`elotui.rating.rounding.round_half_up`). Only an
    exact value can be a half: a float's binary value never ends in a decimal 5 at these places, so
    a float's percentage is the one Python's "%.1f" wrote, and the English output is unchanged."""
    return f"{decimal(_exact(share) * 100, places, half_up=True)}{_symbols().percent}"


def signed(value: int | Decimal | None) -> str:
    """+13, −7, 0, +12.80 (+12,80), 0.00; empty for None.

    Zero has no sign (neither a gain nor a loss): the CLI and the app both write it this way, and
    every signed number they print goes through here or `signed_hundredths`."""
    if value is None:
        return ""
    # str() of an int or a Decimal writes it as it is (12.80 stays 12.80; format(_, "f") would give
    # an int six decimals).
    text = str(abs(value)).replace(".", _symbols().decimal)
    if value == 0:
        return text  # Decimal("-0.00") → 0.00
    return f"{'+' if value > 0 else MINUS}{text}"


def signed_hundredths(hundredths: int | None) -> str:
    """An exact change kept in hundredths: 12714 → +127.14, −5 → −0.05, 0 → 0.00; empty for None."""
    if hundredths is None:
        return ""
    sign = MINUS if hundredths < 0 else "+" if hundredths > 0 else ""
    return f"{sign}{hundredths_text(abs(hundredths))}"


def hundredths_text(hundredths: int | None) -> str:
    """A value kept in hundredths, unsigned: 161280 → 1612.80 / 1612,80; empty for None."""
    if hundredths is None:
        return ""
    return f"{hundredths // 100}{_symbols().decimal}{hundredths % 100:02d}"


def count(n: int) -> str:
    """A number of things, thousands grouped in French: 100000 → "100000" / "100 000"."""
    group = _symbols().group
    text = str(abs(n))
    if group:
        head = len(text) % 3 or 3
        text = group.join([text[:head], *(text[i : i + 3] for i in range(head, len(text), 3))])
    return f"{MINUS}{text}" if n < 0 else text


def rating(value: int) -> str:
    """A rating, never grouped in any language: 1513 → "1513" (a rating is a name, not a count)."""
    return str(value)


def points(value: Fraction | int) -> str:
    """A number of points, in halves: 3 → "3", 3½ → "3.5" / "3,5" (as `float(points):g` wrote it)."""
    whole = Fraction(value)
    if whole.denominator == 1:
        return str(whole.numerator)
    return decimal(whole, 1)
