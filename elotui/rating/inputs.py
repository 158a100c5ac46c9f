"""Checking what a user typed, with the one-line reasons that the app and the CLI both show.

Numbers are written with the ASCII digits 0-9, everywhere elotui reads one (the CLI's options, the
app's fields, CSV cells, PGN tags; JSON's own numbers have no other digits): `read_whole` is the one
reader of whole numbers, `whole_number_refusal` its one refusal. Python's `int()` would also take other
scripts' digits ("١٥٠٠", "１５００") and underscores ("1_500"): a value elotui never writes back as it
was typed, which looks like a number to no one or like another one. A number with decimals may be
typed with a point or a comma in either language ("3.5", "3,5"), as a French user writes it; a result
too (`Result.parse`: "0,5"). The `what` a caller names is already in the language spoken
(`_("opponent rating")`); by default each parser names its own.
"""

from __future__ import annotations

import re
from fractions import Fraction

from elotui.errors import BadValue
from elotui.i18n import _
from elotui.rating.result import Result
from elotui.safe_text import shown

RATING_MIN, RATING_MAX = 100, 3500
K_MIN, K_MAX = 1, 100
GAMES_MAX = 1000

_WHOLE = re.compile(r"[+-]?[0-9]+")  # not \d: it takes every script's digits
_POINTS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?|\.[0-9]{1,6}")


class InvalidInput(BadValue):
    """A value a user typed that cannot be used; `str()` is the one-line reason."""


def read_whole(text: str) -> int | None:
    """`text` as a whole number: the digits 0-9, a + or - before them, spaces around; else None."""
    cleaned = text.strip()
    if _WHOLE.fullmatch(cleaned) is None:
        return None
    try:
        return int(cleaned)
    except ValueError:  # more digits than int() reads (sys.get_int_max_str_digits)
        return None


def whole_number_refusal(text: str, what: str | None = None) -> str:
    """Why `text` is not a whole number: "K must be a whole number (digits 0-9), not 'x'", or
    without `what` (where the place is named before it) "expected a whole number (digits 0-9), ..."."""
    if what is None:
        return _("expected a whole number (digits 0-9), not {text}").format(
            text=shown(text.strip())
        )
    return _("{what} must be a whole number (digits 0-9), not {text}").format(
        what=what, text=shown(text.strip())
    )


def whole_number(text: str, what: str) -> int:
    """`text` as a whole number (`read_whole`), else `InvalidInput` saying why."""
    if not text.strip():
        raise InvalidInput(_("{what} is empty").format(what=what))
    value = read_whole(text)
    if value is None:
        raise InvalidInput(whole_number_refusal(text, what))
    return value


def whole_in_range(text: str, what: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high`, else `InvalidInput` saying why."""
    value = whole_number(text, what)
    if not low <= value <= high:
        raise InvalidInput(
            _("{what} must be from {low} to {high}, not {value}").format(
                what=what, low=low, high=high, value=value
            )
        )
    return value


def parse_rating(text: str, what: str | None = None) -> int:
    return whole_in_range(text, what or _("rating"), RATING_MIN, RATING_MAX)


def parse_k(text: str) -> int:
    return whole_in_range(text, "K", K_MIN, K_MAX)


def parse_games(text: str, what: str | None = None) -> int:
    return whole_in_range(text, what or _("games"), 1, GAMES_MAX)


def games_played(text: str, what: str | None = None) -> int:
    """A count of rated games played before: a whole number from 0."""
    what = what or _("games played")
    value = whole_number(text, what)
    if value < 0:
        raise InvalidInput(
            _("{what} cannot be negative, not {value}").format(what=what, value=value)
        )
    return value


def parse_score(text: str) -> Fraction:
    """A game result: 1, 0.5 (or 0,5 or ½), 0, or win/draw/loss (victoire/nulle/défaite)."""
    result = Result.parse(text)
    if result is None:
        raise InvalidInput(
            _("a result is 1, 0.5 or 0 (or win, draw, loss), not {text!r}").format(
                text=text.strip()
            )
        )
    return result.score


def parse_points(text: str, games: int) -> Fraction:
    """Total points over `games` games: a multiple of one half, from 0 to the number of games
    ("3.5", "3,5" or "3½")."""
    cleaned = text.strip().replace(",", ".").replace("½", ".5")
    typed = text.strip()
    if not cleaned:
        raise InvalidInput(_("points is empty"))
    # Plain decimals in digits 0-9 only: Fraction() would also take "1e9999999" (and spend minutes
    # on it), "１.５" and "1_0".
    if not _POINTS.fullmatch(cleaned):
        raise InvalidInput(
            _("points must be a number like 3.5 (digits 0-9), not {text}").format(text=shown(typed))
        )
    value = Fraction(cleaned)
    if (value * 2).denominator != 1:
        raise InvalidInput(_("points go in halves (3 or 3.5), not {text}").format(text=typed))
    if not 0 <= value <= games:
        raise InvalidInput(
            _("points must be from 0 to the {games} games played, not {text}").format(
                games=games, text=typed
            )
        )
    return value


def birth_year(text: str, what: str | None = None) -> int:
    """A birth year, in the one range of years elotui takes (elotui/dates.py), as the logbook stores it."""
    from elotui.dates import EARLIEST_YEAR, LATEST_YEAR

    return whole_in_range(text, what or _("birth year"), EARLIEST_YEAR, LATEST_YEAR)
