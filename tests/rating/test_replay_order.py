"""The games a period at a time (`elotui.rating.replay.order`, issue 13 item 3): from a stream of the
logbook's games (`periods_in`) they come exactly as from the games sorted in memory (`by_period`,
then `period_runs`), whatever the events, their ends and the pins; and the stream is read only as
far as the periods handed out need."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.rating.calendar import month_label
from elotui.rating.replay import ReplayGame, ReplayPlayer, replay, replay_into
from elotui.rating.replay.order import GamesOfPeriod, by_period, period_runs, periods_in
from elotui.rating.replay.sinks import ReplayCollector

FIRST = dt.date(2009, 5, 1)  # quarterly, then bi-monthly (2009-07) and monthly (2012-07) periods

raw_games = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=1300),  # day offset from FIRST: up to the 2012-07 era
        # the event's end, days after the game (negative: an end before the game), or no event
        st.one_of(st.none(), st.integers(min_value=-10, max_value=70)),
        st.one_of(st.none(), st.integers(min_value=-3, max_value=6)),  # a pin, months from the date
        st.sampled_from([0, 1, 2]),
    ),
    max_size=40,
)


def dated(
    offset: int, end_after: int | None, pin_after: int | None
) -> tuple[dt.date, dt.date | None, str | None]:
    """A drawn game's date, its event's end and its pin (`raw_games`)."""
    day = FIRST + dt.timedelta(days=offset)
    end = None if end_after is None else day + dt.timedelta(days=end_after)
    pin = None if pin_after is None else month_label(day.year * 12 + day.month - 1 + pin_after)
    return day, end, pin


def logbook_games(raw: list[tuple[int, int | None, int | None, int]]) -> list[ReplayGame]:
    """The games as the logbook lists them (date, then id); ids in entry order, so a day's games
    are not in id order once sorted by date."""
    games = []
    for index, (offset, end_after, pin_after, halves) in enumerate(raw, start=1):
        day, end, pin = dated(offset, end_after, pin_after)
        games.append(
            ReplayGame(day, 1500 + index, halves, event=None if end is None else f"E{index % 3}",
                       event_end=end, id=index, rated_period=pin)
        )  # fmt: skip
    return sorted(games, key=lambda g: (g.date, g.id or 0))


def as_stream(games: Sequence[ReplayGame]) -> tuple[list[ReplayGame], list[ReplayGame]]:
    """(out of line, in date order), as `LogbookReader.games_as_stream` reads them."""
    out_of_line = [
        g for g in games
        if g.rated_period is not None or (g.event_end is not None and g.event_end < g.date)
    ]  # fmt: skip
    return out_of_line, [g for g in games if g not in out_of_line]


def listed(periods: Iterator[GamesOfPeriod]) -> list[tuple[int, list[ReplayGame | object]]]:
    return [(month, list(games)) for month, games in periods]


@settings(max_examples=300, deadline=None)
@given(raw_games)
def test_the_stream_gives_the_periods_the_sorted_games_give(
    raw: list[tuple[int, int | None, int | None, int]],
) -> None:
    games = logbook_games(raw)
    out_of_line, in_date_order = as_stream(games)
    expected = listed(period_runs(*by_period(games)))
    assert listed(periods_in(in_date_order, out_of_line[::-1])) == expected  # any order out of line
    # The same replay either way, to the last field.
    player = ReplayPlayer("P", birth_year=1990, start_rating=1700)
    collector = ReplayCollector()
    replay_into(player, periods_in(in_date_order, out_of_line), {"2010-03": 1760}, collector)
    assert collector.result == replay(player, games, {"2010-03": 1760})


def test_a_period_is_handed_out_once_the_stream_passes_its_end() -> None:
    # Two games a day from 2013-01-01 for 80 days (to 2013-03-21; monthly periods, closing a week
    # before the list: a game of 01-26 is on the March list, of the February period), and a game of
    # an event played on 2013-01-20 that ends on 2013-02-02, so in the February period too.
    # January: 01-01..01-25, 25 days, 50 games; February: 01-26..02-22, 28 days, 56 games and the
    # event's; March: 02-23..03-21, 27 days, 54 games.
    games = [
        ReplayGame(dt.date(2013, 1, 1) + dt.timedelta(days=d), 1500, 1, id=2 * d + i)
        for d in range(80)
        for i in range(2)
    ]
    games.append(ReplayGame(dt.date(2013, 1, 20), 1600, 2, event="Open",
                            event_end=dt.date(2013, 2, 2), id=1000))  # fmt: skip
    games.sort(key=lambda g: (g.date, g.id or 0))
    read: list[int] = []

    def reading() -> Iterator[ReplayGame]:
        for g in games:
            read.append(1)
            yield g

    handed = 0
    months = []
    for month, period in periods_in(reading()):
        months.append((month_label(month), len(period), 1000 in [g.id for g in period]))
        handed += len(period)
        # Read so far: the games handed out, the first game of the day that closed the period and,
        # until February is handed out, the event's game that waits for it.
        assert len(read) <= handed + 2, (month_label(month), len(read), handed)
    assert months == [("2013-01", 50, False), ("2013-02", 57, True), ("2013-03", 54, False)]
    assert handed == len(read) == len(games)


def test_a_game_whose_period_comes_before_its_date_must_come_out_of_line() -> None:
    # Pinned to 2013-01 but played in March: in the stream by date it would come after the
    # January period is handed out.
    games = [
        ReplayGame(dt.date(2013, 1, 10), 1500, 1, id=1),
        ReplayGame(dt.date(2013, 3, 10), 1500, 1, id=2, rated_period="2013-01"),
    ]
    with pytest.raises(ValueError, match="game 2 is out of line"):
        listed(periods_in(games))
    assert listed(periods_in(games[:1], games[1:])) == [(2013 * 12, games)]
