"""Months, rating periods and lists: the one place a month is parsed and a game is given its period
(rules.md §3.5, rules.md §2.3).

A month is an index, year·12 + month − 1, written "YYYY-MM". A **period** is the span of months that
feeds one list: three months before 2009-07 (lists on 1 Jan, Apr, Jul, Oct), two from 2009-07 to
2012-07 (the first one Jul–Aug 2009 for the September list), one from July 2012. A period is named by
its first month, which is also the month of the list in force during it (its start rating), and it
feeds the list of the month after its last (`list_month`). An event counts in the period whose list it
ends at least `closing_days` before, else in the next one: 7 days for lists before 2014-07-01, 3 from
then on.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import NamedTuple

from elotui.dates import EARLIEST_DATE, EARLIEST_YEAR, LATEST_DATE, LATEST_YEAR, BadDate, shown
from elotui.i18n import _

_MONTH_SHAPE = re.compile(r"([0-9]{4})-([0-9]{2})")  # ASCII digits only, as in elotui/dates.py


class CalendarEra(NamedTuple):
    first_period: int  # month index of the era's first period
    months: int  # months per period


class ClosingRule(NamedTuple):
    from_list: dt.date  # lists from this day on
    days: int  # an event must end at least this many days before the list date


def month_index(day: dt.date) -> int:
    return day.year * 12 + day.month - 1


def month_label(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def month_text(day: dt.date) -> str:
    """The month of a day, written YYYY-MM."""
    return month_label(month_index(day))


def first_day(index: int) -> dt.date:
    return dt.date(index // 12, index % 12 + 1, 1)


def parse_month(text: str) -> int:
    """ "YYYY-MM" → month index: the one month parser of elotui (the CLI, the forms, the calculator, the
    imports, the repository and the replay all come here). `BadDate` with the reason otherwise; the range
    is `elotui.dates`'s, like every date."""
    value = text.strip()
    shape = _MONTH_SHAPE.fullmatch(value)
    if shape is None:
        raise BadDate(_("a month is written YYYY-MM, not {text}").format(text=shown(value)))
    year, month = int(shape[1]), int(shape[2])
    if not EARLIEST_YEAR <= year <= LATEST_YEAR:
        raise BadDate(
            _("months go from {earliest} to {latest}, not {month}").format(
                earliest=f"{EARLIEST_DATE:%Y-%m}", latest=f"{LATEST_DATE:%Y-%m}", month=value
            )
        )
    if not 1 <= month <= 12:
        raise BadDate(_("the month {month} does not exist").format(month=value))
    return year * 12 + month - 1


def checked_month(text: str) -> str:
    """A month as its canonical "YYYY-MM" text, checked by `parse_month`."""
    return month_label(parse_month(text))


# rules.md §3.5. The quarterly era runs from year 0, so its periods start in Jan, Apr, Jul, Oct.
CALENDAR: tuple[CalendarEra, ...] = (
    CalendarEra(first_period=0, months=3),
    CalendarEra(first_period=month_index(dt.date(2009, 7, 1)), months=2),
    CalendarEra(first_period=month_index(dt.date(2012, 7, 1)), months=1),
)
CLOSING: tuple[ClosingRule, ...] = (
    ClosingRule(from_list=dt.date.min, days=7),
    ClosingRule(from_list=dt.date(2014, 7, 1), days=3),
)


def _era(month: int) -> CalendarEra:
    found = CALENDAR[0]
    for era in CALENDAR:
        if era.first_period <= month:
            found = era
    return found


def period_start(month: int) -> int:
    """The first month of the period that contains calendar month `month`."""
    era = _era(month)
    return era.first_period + (month - era.first_period) // era.months * era.months


def period_months(start: int) -> int:
    """How many months the period starting at `start` covers."""
    return _era(start).months


def list_month(start: int) -> int:
    """The month of the list the period starting at `start` feeds (the next period's start)."""
    return start + period_months(start)


def next_period(start: int) -> int:
    return list_month(start)


def previous_period(start: int) -> int:
    return period_start(start - 1)


def list_day(start: int) -> dt.date:
    """The date of the list the period starting at `start` feeds."""
    return first_day(list_month(start))


def closing_days(list_date: dt.date) -> int:
    """How many days before a list an event must end to be rated on it."""
    days = CLOSING[0].days
    for rule in CLOSING:
        if rule.from_list <= list_date:
            days = rule.days
    return days


def period_of_end(end: dt.date) -> int:
    """The period (its first month) of an event ending on `end` (a game's own date without an event):
    the period containing it, or the next one when it ends too close to that period's list."""
    start = period_start(month_index(end))
    published_on = list_day(start)
    if (published_on - end).days < closing_days(published_on):
        return next_period(start)
    return start
