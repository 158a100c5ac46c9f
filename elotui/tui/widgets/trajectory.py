"""The trajectory chart: the rating game by game and month by month, over the tier bands.

`trajectory_data` is pure and runs in the replay's thread worker (`GamePoints` keeps a replay's
points, a period at a time, for its next change); `draw` hands it to the chart widget
(`trajectory_plot.TrajectoryPlot`), which gives plotext only the points that decide its canvas's
columns (`chart_columns`) and builds again only when what it shows changed. textual-plotext is
imported only when the chart is first made (`make_chart`), so the history screen shows its games
before the chart library loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from elotui.rating.calendar import parse_month
from elotui.tui.widgets.chart_columns import PeriodPoints

if TYPE_CHECKING:
    from textual.widget import Widget

    from elotui.rating.replay import Replay

# Each list's line when the chart overlays the three (the shown list alone is cyan, as before).
LIST_COLOURS = {"standard": "cyan", "rapid": "green", "blitz": "magenta"}


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


def year_ticks(left: float, right: float, most: int = 6) -> tuple[list[float], list[str]]:
    """The x-axis labels: each year the chart shows, at the middle of its part of the axis.

    A tick at January would fall left of the axis for a year the chart starts in after January
    (plotext then draws it at the edge, under the wrong year), and a chart within one year would
    have none. At most `most` labels (every other year, or fewer, on a long logbook).
    Positions are in the chart's x unit, months (year·12 + month − 1).
    """

    def shown(year: int) -> float:  # months of the year on the axis
        return min(right, year * 12.0 + 12) - max(left, year * 12.0)

    years = list(range(int(left // 12), int(right // 12) + 1))
    # A sliver of a year at either end (under three months) gets no label: it would crowd the next.
    years = [year for year in years if shown(year) >= 3] or years[:1]
    if len(years) > most:
        years = years[:: -(-len(years) // most)]
    positions = [(max(left, year * 12.0) + min(right, year * 12.0 + 12)) / 2 for year in years]
    return positions, [str(year) for year in years]


def make_chart(widget_id: str) -> Widget:
    from elotui.tui.widgets.trajectory_plot import TrajectoryPlot

    return TrajectoryPlot(id=widget_id)


def draw(
    chart: Widget,
    data: TrajectoryData,
    rating_list: str = "standard",
    others: Sequence[tuple[str, TrajectoryData]] = (),
) -> None:
    """Replace what `chart` (a `TrajectoryPlot` from `make_chart`) shows with `data`; `others`, the
    other lists' trajectories, are drawn under it in their colours (`LIST_COLOURS`)."""
    from elotui.tui.widgets.trajectory_drawing import Drawing
    from elotui.tui.widgets.trajectory_plot import TrajectoryPlot

    assert isinstance(chart, TrajectoryPlot)
    chart.show(Drawing(data, rating_list, tuple(others)))
