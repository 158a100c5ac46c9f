"""The K rule's result carries an enum beside its prose (issue 14 item 2): which rule gave K.

Values from rules.md §3.2 (S2014 on: 10 once published 2400, 40 junior while never 2300, 40 until
30 games, else 20) and §3.3 (RB2012: 20 for everyone)."""

from __future__ import annotations

import datetime as dt

import pytest

from elotui.rating.replay import ReplayGame, ReplayPlayer, replay
from elotui.rating.rules import rules_for
from elotui.rating.rules.k import KProfile, KReason, k_decision

S2026 = rules_for("standard", dt.date(2026, 6, 1))


@pytest.mark.parametrize(
    ("profile", "k", "reason"),
    [
        (KProfile(birth_year=1980, games_played=100, reached_2400=True), 10, KReason.REACHED_2400),
        (KProfile(birth_year=2010, games_played=100), 40, KReason.JUNIOR),  # 16 in 2026
        (KProfile(birth_year=1980, games_played=5), 40, KReason.NEW_PLAYER),
        (KProfile(birth_year=1980, games_played=100), 20, KReason.UNDER_2400),
        (KProfile(birth_year=1980, games_played=100, fixed_k=15), 15, KReason.FIXED),
    ],
)
def test_each_k_rule_of_2026_is_named(profile: KProfile, k: int, reason: KReason) -> None:
    found = k_decision(S2026, profile, 2026)
    assert (found.k, found.reason) == (k, reason)


def test_rapid_2013_gives_everyone_20() -> None:
    found = k_decision(rules_for("rapid", dt.date(2013, 1, 1)), KProfile(1980, 0), 2013)
    assert (found.k, found.reason) == (20, KReason.EVERYONE)


def test_replay_periods_carry_the_k_rule() -> None:
    # A 2000 adult with 100 games: K 20 "under 2400" (S2014 on); unrated player: no K, the pool.
    win = [ReplayGame(dt.date(2026, 6, 1), 1990, 2)]
    rated = replay(ReplayPlayer("A", 1980, 2000, 100), win, {}).periods[0]
    assert (rated.k, rated.k_rule, rated.k_reason) == (20, KReason.UNDER_2400, "under 2400")
    unrated = replay(ReplayPlayer("B", 1980), win, {}).periods[0]
    assert (unrated.k, unrated.k_rule) == (None, KReason.UNRATED)
