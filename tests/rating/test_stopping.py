"""Bulk work stopped when its caller no longer wants it (`elotui.stopping.stop_when`): the app quitting
while a thread replays a long history. A replay outside `stop_when` is never stopped."""

from __future__ import annotations

import datetime as dt

import pytest

from elotui.rating.replay import ReplayGame, ReplayPlayer, replay
from elotui.stopping import Stopped, check_stop, stop_when

PLAYER = ReplayPlayer("Tester", start_rating=1500)
# One draw a month against 1500 for two years: 24 rating periods (monthly since 2009-07).
GAMES = [ReplayGame(dt.date(2020 + m // 12, m % 12 + 1, 5), 1500, 1) for m in range(24)]


def test_check_stop_asks_the_innermost_caller_and_only_inside() -> None:
    check_stop()  # outside any stop_when: never stops
    with stop_when(lambda: False):
        check_stop()
        with stop_when(lambda: True), pytest.raises(Stopped):
            check_stop()
        check_stop()  # the outer one again: still wanted
    check_stop()


def test_a_replay_stops_at_the_first_period_no_longer_wanted() -> None:
    asked = 0

    def after_ten() -> bool:
        nonlocal asked
        asked += 1
        return asked > 10

    with stop_when(after_ten), pytest.raises(Stopped):
        replay(PLAYER, GAMES)
    # Asked once a period: the 11th answer stopped it, at the 11th period's start.
    assert asked == 11


def test_a_replay_still_wanted_runs_to_the_end() -> None:
    with stop_when(lambda: False):
        kept = replay(PLAYER, GAMES)
    # A draw against an equal opponent each month: D 0, PD .50, ΔR 0, so 1500 at every end.
    assert len(kept.periods) == 24
    assert [p.rating_end for p in kept.periods] == [1500] * 24
