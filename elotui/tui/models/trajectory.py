"""The trajectory chart's data: the rating game by game and month by month, as chart points.

Pure (no Textual): `trajectory_data` runs in the replay's thread worker, and `GamePoints` keeps a
replay's points a period at a time for its next change; the chart widget
(`widgets/trajectory.py`) draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from elotui.rating.calendar import parse_month

if TYPE_CHECKING:
    from elotui.rating.replay import Replay


@dataclass(frozen=True)
class PeriodPoints:
    """One period's points of a series (x grows), with their lowest and highest y. A period's
    points that a write did not reach stay the same object (`ColumnCache` knows them by that)."""

    x: tuple[float, ...]
    y: tuple[float, ...]
    low: float
    high: float

    @classmethod
    def of(cls, x: Sequence[float], y: Sequence[float]) -> PeriodPoints:
        return cls(tuple(x), tuple(y), min(y), max(y))


@dataclass(frozen=True)
class TrajectoryData:
    """Chart coordinates: x in months (year·12 + month − 1, fractions within a month), y a rating.
    The games' points a period at a time (`PeriodPoints`, shared with the next replay's data where
    a write did not reach them), the months' lists one point each."""

    games: tuple[PeriodPoints, ...]
    month_x: tuple[float, ...]
    month_y: tuple[float, ...]

    @property
    def empty(self) -> bool:
        return not self.month_x and not self.games

    @property
    def game_x(self) -> tuple[float, ...]:
        """Every game's x (the whole series: what the chart's columns are reduced from)."""
        return tuple(x for period in self.games for x in period.x)

    @property
    def game_y(self) -> tuple[float, ...]:
        return tuple(y for period in self.games for y in period.y)

    def y_range(self) -> tuple[float, float] | None:
        """The lowest and highest y of the chart (None: no point), from the periods' own."""
        lows = [period.low for period in self.games] + list(self.month_y)
        highs = [period.high for period in self.games] + list(self.month_y)
        return (min(lows), max(highs)) if lows else None

    def x_range(self) -> tuple[float, float] | None:
        firsts = [period.x[0] for period in self.games[:1]] + list(self.month_x[:1])
        lasts = [period.x[-1] for period in self.games[-1:]] + list(self.month_x[-1:])
        return (min(firsts), max(lasts)) if firsts else None


class GamePoints:
    """The live rating after every counted game of a replay, as chart points a period at a time,
    kept so that a replay changed from a period on (`incremental.KeptReplay.replayed_from_period`)
    recomputes only the points from there."""

    def __init__(self) -> None:
        self._periods: list[PeriodPoints | None] = []  # None: a period without a counted game

    def follow(self, result: Replay, from_period: int = 0) -> None:
        """Take `result`'s points, those of the periods before `from_period` unchanged."""
        del self._periods[from_period:]
        for period in result.periods[len(self._periods) :]:
            games = result.games[period.games_from : period.games_to]
            start = parse_month(period.period)
            x: list[float] = []
            y: list[float] = []
            for index, game in enumerate(games, start=1):
                if game.live_hundredths is not None:
                    x.append(start + index / (len(games) + 1))
                    y.append(game.live_hundredths / 100)
            self._periods.append(PeriodPoints.of(x, y) if x else None)

    @property
    def periods(self) -> tuple[PeriodPoints, ...]:
        return tuple(period for period in self._periods if period is not None)


def trajectory_data(result: Replay, points: GamePoints | None = None) -> TrajectoryData:
    """The live rating after every counted game, and each month's list (start) and final result.
    `points`: the game points of `result` already (`GamePoints.follow`); else they are computed.
    Every game is kept: the chart gives plotext only the points that decide its columns
    (`chart_columns`), for the canvas it has when it draws."""
    if points is None:
        points = GamePoints()
        points.follow(result)
    month_x: list[float] = []
    month_y: list[float] = []
    for period in result.periods:
        if period.rating_start is not None:
            month_x.append(float(parse_month(period.period)))
            month_y.append(float(period.rating_start))
    if result.periods and result.current_rating is not None:
        month_x.append(float(parse_month(result.periods[-1].period) + 1))
        month_y.append(float(result.current_rating))
    return TrajectoryData(points.periods, tuple(month_x), tuple(month_y))
