"""Checking what a user typed, with the one-line reasons that the app and the CLI both show."""

from __future__ import annotations

import re
from fractions import Fraction

from elotui.errors import BadValue
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
        raise InvalidInput(f"{what} is empty")
    try:
        return int(cleaned)
    except ValueError:
        raise InvalidInput(f"{what} must be a whole number, not {cleaned!r}") from None


def parse_rating(text: str, what: str = "rating") -> int:
    value = whole_number(text, what)
    if not RATING_MIN <= value <= RATING_MAX:
        raise InvalidInput(f"{what} must be from {RATING_MIN} to {RATING_MAX}, not {value}")
    return value


def parse_k(text: str) -> int:
    value = whole_number(text, "K")
    if not K_MIN <= value <= K_MAX:
        raise InvalidInput(f"K must be from {K_MIN} to {K_MAX}, not {value}")
    return value


def parse_games(text: str, what: str = "games") -> int:
    value = whole_number(text, what)
    if not 1 <= value <= GAMES_MAX:
        raise InvalidInput(f"{what} must be from 1 to {GAMES_MAX}, not {value}")
    return value


def parse_score(text: str) -> Fraction:
    """A game result: 1, 0.5 (or ½), 0, or win/draw/loss."""
    result = Result.parse(text)
    if result is None:
        raise InvalidInput(f"a result is 1, 0.5 or 0 (or win, draw, loss), not {text.strip()!r}")
    return result.score


def parse_points(text: str, games: int) -> Fraction:
    """Total points over `games` games: a multiple of one half, from 0 to the number of games."""
    cleaned = text.strip().replace(",", ".").replace("½", ".5")
    if not cleaned:
        raise InvalidInput("points is empty")
    # Plain decimals only: Fraction() would also take "1e9999999" and spend minutes on it.
    if not _POINTS.fullmatch(cleaned):
        raise InvalidInput(f"points must be a number like 3.5, not {text.strip()!r}")
    value = Fraction(cleaned)
    if (value * 2).denominator != 1:
        raise InvalidInput(f"points go in halves (3 or 3.5), not {text.strip()}")
    if not 0 <= value <= games:
        raise InvalidInput(f"points must be from 0 to the {games} games played, not {text.strip()}")
    return value


def birth_year(text: str, what: str = "birth year") -> int:
    """A birth year, in the one range of years elotui takes (elotui/dates.py), as the logbook stores it."""
    from elotui.dates import EARLIEST_YEAR, LATEST_YEAR

    value = whole_number(text, what)
    if not EARLIEST_YEAR <= value <= LATEST_YEAR:
        raise InvalidInput(f"{what} must be from {EARLIEST_YEAR} to {LATEST_YEAR}, not {value}")
    return value
