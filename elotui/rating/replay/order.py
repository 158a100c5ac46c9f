"""Which period each game of a replay belongs to, the games in period order, and the span of periods.

A game belongs to the period of its event's end date, else of its own date, by the list calendar
(`elotui.rating.calendar`), unless it is pinned to a period (`rated_period`, rules.md §3.5): the pin
always wins. Each game gets one int, its sort key: the period's month index · `DAYS_KEY` + the
game's date ordinal, so games sort by (period, date) and a period's games are one slice of keys.

The replay reads games a period at a time, as (the period's month, its games in replay order):
`period_runs` cuts them from the games `by_period` sorted, `periods_in` from a stream of the
logbook's games by date (`LogbookReader.games_as_stream`), holding only the periods still open.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from heapq import heappop, heappush
from itertools import islice
from operator import attrgetter, gt

from elotui.rating.calendar import parse_month, period_of_end, period_start, previous_period
from elotui.rating.replay.given import GameLike

DAYS_KEY = 1_000_000  # above any date ordinal: sort key = period month index · this + ordinal


class PeriodFinder:
    """The period (its first month's index) of each game, with the calendar's answers kept: games
    share their days and pins."""

    def __init__(self) -> None:
        self._by_end: dict[dt.date, int] = {}
        self._pinned: dict[str, int] = {}

    def period_of(self, g: GameLike) -> int:
        pinned = g.rated_period
        if pinned is not None:  # the pin wins over the calendar (rules.md §3.5)
            found = self._pinned.get(pinned)
            if found is None:
                found = self._pinned[pinned] = period_start(parse_month(pinned))
            return found
        return self.period_of_end(g.event_end or g.date)

    def period_of_end(self, end: dt.date) -> int:
        """The period of an event ending on `end` (of a game of that day without an event)."""
        found = self._by_end.get(end)
        if found is None:
            found = self._by_end[end] = period_of_end(end)
        return found


def by_period(games: Sequence[GameLike]) -> tuple[Sequence[GameLike], list[int]]:
    """The games by (period, date), else as given (a stable sort), and their sort keys. A list
    already in that order is returned as it is."""
    period_of = PeriodFinder().period_of
    sort_keys = [period_of(g) * DAYS_KEY + g.date.toordinal() for g in games]
    ordered: Sequence[GameLike] = games
    # (C-level passes: a generator over 100,000 pairs was a tenth of the replay.)
    if any(map(gt, sort_keys, islice(sort_keys, 1, None))):
        order = sorted(range(len(sort_keys)), key=sort_keys.__getitem__)
        ordered = [games[i] for i in order]
        sort_keys = [sort_keys[i] for i in order]
    return ordered, sort_keys


GamesOfPeriod = tuple[int, Sequence[GameLike]]  # (the period's month index, its games in order)


def period_runs(
    ordered: Sequence[GameLike], sort_keys: Sequence[int], cursor: int = 0
) -> Iterator[GamesOfPeriod]:
    """The games of each period that has any, from index `cursor` on, of games as `by_period`
    gives them (the games and their sort keys)."""
    end = len(sort_keys)
    while cursor < end:
        month = sort_keys[cursor] // DAYS_KEY
        # A period starting at `month` has every key in [month, month + 1) · DAYS_KEY.
        upto = bisect_left(sort_keys, (month + 1) * DAYS_KEY, cursor)
        yield month, ordered[cursor:upto]
        cursor = upto


_DATE_THEN_ID = attrgetter("date", "id")


def periods_in(
    in_date_order: Iterable[GameLike], out_of_line: Iterable[GameLike] = ()
) -> Iterator[GamesOfPeriod]:
    """The games of each period that has any, each period's games by date, then id (the order
    `by_period` gives the logbook's games in: date, then id), from a stream of games by date that
    holds only the periods still open.

    `in_date_order`: the games neither pinned nor in an event that ends before their own date, by
    date, then id. Such a game's period is never earlier than the period of its date (the calendar
    never puts a later day in an earlier period), so once the stream reaches a day, every period
    before that day's is complete. `out_of_line`: the other games (pinned, or an event ending before
    the game), in any order: held until their period is complete. Every game has its id (the
    logbook's; `LogbookReader.games_as_stream` reads the two)."""
    finder = PeriodFinder()
    period_of = finder.period_of
    waiting: dict[int, list[GameLike]] = {}  # the open periods' games
    starts: list[int] = []  # the open periods, a heap

    def opened(month: int) -> list[GameLike]:
        held = waiting[month] = []
        heappush(starts, month)
        return held

    def completed(below: int | None) -> Iterator[GamesOfPeriod]:
        """The open periods before `below` (None: all of them, the stream has ended), in order, each
        by date then id, let go of."""
        while starts and (below is None or starts[0] < below):
            done = heappop(starts)
            games = waiting.pop(done)
            if done in mixed:
                games.sort(key=_DATE_THEN_ID)
            yield done, games

    for g in out_of_line:
        month = period_of(g)
        (waiting.get(month) or opened(month)).append(g)
    mixed = set(waiting)  # periods with games out of line: sorted when complete
    day: dt.date | None = None
    complete_below = -1  # every period before the current day's is complete
    month, held = -1, []
    for g in in_date_order:
        if g.date != day:
            day, month = g.date, -1  # (`held` may be complete now: looked up again)
            complete_below = finder.period_of_end(day)
            if starts and starts[0] < complete_below:  # (most days complete no period)
                yield from completed(complete_below)
        found = period_of(g)
        if found != month:
            month = found
            if month < complete_below:
                raise ValueError(f"game {g.id} is out of line: its period is before its date's")
            held = waiting.get(month) or opened(month)
        held.append(g)
    yield from completed(None)


def sort_key(game: GameLike) -> int:
    """One game's sort key (as `by_period` gives it)."""
    return PeriodFinder().period_of(game) * DAYS_KEY + game.date.toordinal()


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
