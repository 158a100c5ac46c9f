"""The dates elotui takes, in one place: ISO `YYYY-MM-DD` from 1850-01-01 to 2200-12-31.

One range for every way in (the command line, the app's forms, CSV, JSON and PGN imports, the
repository itself), so whatever elotui stores it can export and import back, and every date it stores
can be replayed (a month after 2200-12 is still a valid `datetime.date`; 9999-12-31 is not).
1850 is before any rated chess, 2200 far past any plan; birth years use the same years.

Only the ISO shape is read: `date.fromisoformat` also takes `2026-W01-1` and `20260101` on Python
3.11, so the shape is checked first (ASCII digits only: `\\d` would take other scripts' digits).

This module imports nothing of elotui's: `rating`, `logbook`, `cli` and `tui` all use it.
"""

from __future__ import annotations

import datetime as dt
import re

from elotui.errors import BadValue
from elotui.i18n import _

EARLIEST_DATE = dt.date(1850, 1, 1)
LATEST_DATE = dt.date(2200, 12, 31)
EARLIEST_YEAR, LATEST_YEAR = EARLIEST_DATE.year, LATEST_DATE.year

_DATE_SHAPE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_SHOWN_MAX = 40  # a long value is cut in messages


class BadDate(BadValue):
    """A date or month that elotui does not take; `str()` is the one-line reason."""


def shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN_MAX else text[:_SHOWN_MAX] + "…")


def check_date(day: dt.date) -> dt.date:
    """`day` itself if it is in elotui's range, else `BadDate`."""
    if not EARLIEST_DATE <= day <= LATEST_DATE:
        raise BadDate(_out_of_range(day.isoformat()))
    return day


def parse_date(text: str) -> dt.date:
    """An ISO `YYYY-MM-DD` date in range (spaces around it are ignored), else `BadDate`."""
    value = text.strip()
    shape = _DATE_SHAPE.fullmatch(value)
    if shape is None:
        raise BadDate(_("a date is written YYYY-MM-DD, not {text}").format(text=shown(value)))
    year, month, day = (int(part) for part in shape.groups())
    if not EARLIEST_YEAR <= year <= LATEST_YEAR:
        raise BadDate(_out_of_range(value))
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise BadDate(_("the date {date} does not exist").format(date=value)) from None


def range_text() -> str:
    """The range in words, in the language spoken: "1850-01-01 to 2200-12-31"."""
    return _("{earliest} to {latest}").format(
        earliest=EARLIEST_DATE.isoformat(), latest=LATEST_DATE.isoformat()
    )


def _out_of_range(value: str) -> str:
    return _("dates go from {earliest} to {latest}, not {date}").format(
        earliest=EARLIEST_DATE.isoformat(), latest=LATEST_DATE.isoformat(), date=value
    )
