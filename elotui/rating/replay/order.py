"""Which period each game of a replay belongs to, the games in period order, and the span of periods.

A game belongs to the period of its event's end date, else of its own date, by the list calendar
(`elotui.rating.calendar`), unless it is pinned to a period (`rated_period`, rules.md §3.5): the pin
always wins. Each game gets one int, its sort key: the period's month index · `DAYS_KEY` + the
game's date ordinal, so games sort by (period, date) and a period's games are one slice of keys.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from itertools import islice
from operator import gt

from elotui.rating.calendar import parse_month, period_of_end, period_start, previous_period
from elotui.rating.replay.records import GameLike

DAYS_KEY = 1_000_000  # above any date ordinal: sort key = period month index · this + ordinal


def by_period(games: Sequence[GameLike]) -> tuple[Sequence[GameLike], list[int]]:
    """The games by (period, date), else as given (a stable sort), and their sort keys. A list
    already in that order is returned as it is."""
    period_by_end: dict[dt.date, int] = {}
    pinned_periods: dict[str, int] = {}
    sort_keys = []
    for g in games:
        pinned = g.rated_period
        if pinned is not None:  # the pin wins over the calendar (rules.md §3.5)
            found = pinned_periods.get(pinned)
            if found is None:
                found = pinned_periods[pinned] = period_start(parse_month(pinned))
        else:
            end = g.event_end or g.date
            found = period_by_end.get(end)
            if found is None:
                found = period_by_end[end] = period_of_end(end)
        sort_keys.append(found * DAYS_KEY + g.date.toordinal())
    ordered: Sequence[GameLike] = games
    # (C-level passes: a generator over 100,000 pairs was a tenth of the replay.)
    if any(map(gt, sort_keys, islice(sort_keys, 1, None))):
        order = sorted(range(len(sort_keys)), key=sort_keys.__getitem__)
        ordered = [games[i] for i in order]
        sort_keys = [sort_keys[i] for i in order]
    return ordered, sort_keys


def sort_key(game: GameLike) -> int:
    """One game's sort key (as `by_period` gives it)."""
    return by_period((game,))[1][0]


def period_span(sort_keys: Sequence[int], lists: Mapping[int, int]) -> tuple[int, int] | None:
    """The first and last periods (month indexes) of a replay: from the earliest of the first game's
    period and the first entered list to the latest of the last game's period and the period before
    the last entered list. `lists`: the entered lists by the period they start. None when there are
    neither games nor lists."""
    if sort_keys:
        first, last = sort_keys[0] // DAYS_KEY, sort_keys[-1] // DAYS_KEY
    elif lists:
        first = last = min(lists)
    else:
        return None
    if lists:
        first = min(first, min(lists))
        last = max(last, previous_period(max(lists)))
    return first, last
