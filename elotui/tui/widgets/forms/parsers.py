"""What the forms' text fields take: each parser raises `InvalidInput` with the one-line reason
shown under the field. They check what the repository checks too (the one range of dates, characters
it cannot store), so a bad value is marked on its field instead of refused by the write."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from elotui import dates
from elotui.i18n import _
from elotui.rating.calendar import checked_month
from elotui.rating.inputs import InvalidInput, parse_rating, whole_in_range
from elotui.safe_text import refusal


def parse_date(text: str) -> dt.date:
    if not text:
        raise InvalidInput(_("the date is empty"))
    try:
        return dates.parse_date(text)  # the one range and shape (elotui/dates.py)
    except dates.BadDate as error:
        raise InvalidInput(str(error)) from None


def parse_month(text: str) -> str:
    try:
        return checked_month(text)
    except dates.BadDate as error:
        raise InvalidInput(str(error)) from None


def optional_date(text: str) -> dt.date | None:
    return parse_date(text) if text else None


def optional_rating(what: str) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        return parse_rating(text, what) if text else None

    return parse


def optional_whole(what: str, low: int, high: int) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        return whole_in_range(text, what, low, high) if text else None

    return parse


def checked_text(what: str, *, notes: bool = False) -> Callable[[str], str]:
    """Text as the repository stores it (`repository.checks.check_text`: the same `refusal`): only characters that can be UTF-8, and
    no terminal or direction controls (a pasted ESC or right-to-left override: elotui/safe_text.py)."""

    def parse(text: str) -> str:
        reason = refusal(text, what, notes=notes)
        if reason is not None:
            raise InvalidInput(reason)
        return text

    return parse


def required_text(what: str) -> Callable[[str], str]:
    check = checked_text(what)

    def parse(text: str) -> str:
        if not text:
            raise InvalidInput(_("{what} is empty").format(what=what))

        return check(text)

    return parse
