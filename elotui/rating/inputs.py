"""Checking what a user typed, with the one-line reasons that the app and the CLI both show.

A number with decimals may be typed with a point or a comma in either language ("3.5", "3,5"), as a
French user writes it; a result too (`Result.parse`: "0,5"). The `what` a caller names is already in
the language spoken (`_("opponent rating")`); by default each parser names its own.
"""

from __future__ import annotations

import re
from fractions import Fraction

from elotui.errors import BadValue
from elotui.i18n import _
from elotui.rating.result import Result

RATING_MIN, RATING_MAX = 100, 3500
K_MIN, K_MAX = 1, 100
GAMES_MAX = 1000

_POINTS = re.compile(r"\d{1,6}(?:\.\d{1,6})?|\.\d{1,6}")


class InvalidInput(BadValue):
    """A value a user typed that cannot be used; `str()` is the one-line reason."""


def whole_number(text: str, what: str) -> int:
    cleaned = text.strip()
    if not cleaned:
        raise InvalidInput(_("{what} is empty").format(what=what))
    try:
        return int(cleaned)
    except ValueError:
        raise InvalidInput(
            _("{what} must be a whole number, not {text!r}").format(what=what, text=cleaned)
        ) from None


def _out_of_range(what: str, low: int, high: int, value: object) -> InvalidInput:
    return InvalidInput(
        _("{what} must be from {low} to {high}, not {value}").format(
            what=what, low=low, high=high, value=value
        )
    )


def parse_rating(text: str, what: str | None = None) -> int:
    what = what or _("rating")
    value = whole_number(text, what)
    if not RATING_MIN <= value <= RATING_MAX:
        raise _out_of_range(what, RATING_MIN, RATING_MAX, value)
    return value


def parse_k(text: str) -> int:
    value = whole_number(text, "K")
    if not K_MIN <= value <= K_MAX:
        raise _out_of_range("K", K_MIN, K_MAX, value)
    return value


def parse_games(text: str, what: str | None = None) -> int:
    what = what or _("games")
    value = whole_number(text, what)
    if not 1 <= value <= GAMES_MAX:
        raise _out_of_range(what, 1, GAMES_MAX, value)
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
    shown = text.strip()
    if not cleaned:
        raise InvalidInput(_("points is empty"))
    # Plain decimals only: Fraction() would also take "1e9999999" and spend minutes on it.
    if not _POINTS.fullmatch(cleaned):
        raise InvalidInput(_("points must be a number like 3.5, not {text!r}").format(text=shown))
    value = Fraction(cleaned)
    if (value * 2).denominator != 1:
        raise InvalidInput(_("points go in halves (3 or 3.5), not {text}").format(text=shown))
    if not 0 <= value <= games:
        raise InvalidInput(
            _("points must be from 0 to the {games} games played, not {text}").format(
                games=games, text=shown
            )
        )
    return value


def birth_year(text: str, what: str | None = None) -> int:
    """A birth year, in the one range of years elotui takes (elotui/dates.py), as the logbook stores it."""
    from elotui.dates import EARLIEST_YEAR, LATEST_YEAR

    what = what or _("birth year")
    value = whole_number(text, what)
    if not EARLIEST_YEAR <= value <= LATEST_YEAR:
        raise _out_of_range(what, EARLIEST_YEAR, LATEST_YEAR, value)
    return value
