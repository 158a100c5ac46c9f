"""Shared checks of the rating tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from elotui.rating.replay import ReplayedGame, ReplayPeriod
from elotui.rating.rules.period_change import PeriodResult

SamePeriod = Callable[[ReplayPeriod, Sequence[ReplayedGame], PeriodResult], None]


def _same_period(
    month: ReplayPeriod, counted: Sequence[ReplayedGame], reference: PeriodResult
) -> None:
    """The replay's row and counted games say what the reference period calculation says."""
    assert month.k_applied == reference.k_applied
    assert month.change_hundredths == reference.change_hundredths
    assert month.change_rounded == reference.change_rounded
    assert month.per_game_rounded_total == reference.per_game_rounded_total
    assert month.per_event_rounded_total == reference.per_event_rounded_total
    assert month.clamped == reference.clamped_games
    assert month.performance == reference.performance
    assert [g.diff_used for g in counted] == [d.diff_used for d in reference.games]
    assert [g.expected for g in counted] == [d.pd for d in reference.games]


@pytest.fixture(scope="session")
def same_period() -> SamePeriod:
    return _same_period
