"""The trajectory chart: the rating game by game and month by month, over the tier bands.

`trajectory_data` is pure and runs in the replay's thread worker (it thins 100,000 games to what a
terminal can show; `GamePoints` keeps a replay's points for its next change); `draw` puts it on a `PlotextPlot`. textual-plotext is imported only when the chart is
first made (`make_chart`), so the history screen shows its games before the chart library loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from elotui.i18n import _
from elotui.rating.calendar import parse_month
from elotui.rating.tiers import TIERS
from elotui.tui.widgets.chart_axes import Y_TICKS, ticks_between

if TYPE_CHECKING:
    from textual.widget import Widget

    from elotui.rating.replay import Replay

# More points than a wide terminal has braille dots across: the line looks the same, draws fast.
MAX_GAME_POINTS = 600
# Each list's line when the chart overlays the three (the shown list alone is cyan, as before).
LIST_COLOURS = {"standard": "cyan", "rapid": "green", "blitz": "magenta"}


@dataclass(frozen=True)
class TrajectoryData:
    """Chart coordinates: x in months (year·12 + month − 1, fractions within a month), y a rating."""

    game_x: tuple[float, ...]
    game_y: tuple[float, ...]
    month_x: tuple[float, ...]
    month_y: tuple[float, ...]

    @property
    def empty(self) -> bool:
        return not self.month_x and not self.game_x


class GamePoints:
    """The live rating after every counted game of a replay, as chart points, kept so that a replay
    changed from a period on (`incremental.KeptReplay.replayed_from_period`) recomputes only the
    points from there."""

    def __init__(self) -> None:
        self.x: list[float] = []
        self.y: list[float] = []
        self._before: list[int] = []  # points of the periods before each period

    def follow(self, result: Replay, from_period: int = 0) -> None:
        """Take `result`'s points, those of the periods before `from_period` unchanged."""
        from_period = min(from_period, len(self._before))
        if from_period < len(self._before):
            del self.x[self._before[from_period] :], self.y[self._before[from_period] :]
        del self._before[from_period:]
        game_x, game_y, before = self.x, self.y, self._before
        for period in result.periods[from_period:]:
            before.append(len(game_x))
            games = result.games[period.games_from : period.games_to]
            start = parse_month(period.period)
            for index, game in enumerate(games, start=1):
                if game.live_hundredths is not None:
                    game_x.append(start + index / (len(games) + 1))
                    game_y.append(game.live_hundredths / 100)


def trajectory_data(
    result: Replay, max_points: int = MAX_GAME_POINTS, points: GamePoints | None = None
) -> TrajectoryData:
    """The live rating after every counted game, and each month's list (start) and final result.
    `points`: the game points of `result` already (`GamePoints.follow`); else they are computed."""
    if points is None:
        points = GamePoints()
        points.follow(result)
    game_x, game_y = points.x, points.y
    step = max(1, -(-len(game_x) // max_points))
    if step > 1:  # keep every step-th point and always the last one
        keep = list(range(0, len(game_x), step))
        if keep[-1] != len(game_x) - 1:
            keep.append(len(game_x) - 1)
        game_x = [game_x[i] for i in keep]
        game_y = [game_y[i] for i in keep]
    month_x: list[float] = []
    month_y: list[float] = []
    for period in result.periods:
        if period.rating_start is not None:
            month_x.append(float(parse_month(period.period)))
            month_y.append(float(period.rating_start))
    if result.periods and result.current_rating is not None:
        month_x.append(float(parse_month(result.periods[-1].period) + 1))
        month_y.append(float(result.current_rating))
    return TrajectoryData(tuple(game_x), tuple(game_y), tuple(month_x), tuple(month_y))


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
    from textual_plotext import PlotextPlot

    return PlotextPlot(id=widget_id)


def draw(
    chart: Widget,
    data: TrajectoryData,
    rating_list: str = "standard",
    others: Sequence[tuple[str, TrajectoryData]] = (),
) -> None:
    """Replace what `chart` (a `PlotextPlot` from `make_chart`) shows with `data`; `others`, the
    other lists' trajectories, are drawn under it in their colours (`LIST_COLOURS`)."""
    plt: Any = chart.plt  # type: ignore[attr-defined]
    plt.clear_figure()
    ys = data.game_y + data.month_y
    xs = data.game_x + data.month_x
    for _name, other in others:
        ys += other.game_y + other.month_y
        xs += other.game_x + other.month_x
    if not ys:
        plt.title(_("no rated games yet"))
        chart.refresh()
        return
    low, high = min(ys), max(ys)
    margin = max(20.0, (high - low) * 0.08)
    low, high = low - margin, high + margin
    left, right = min(xs), max(xs)
    bands = [tier for tier in TIERS if low < tier.floor < high]
    for tier in bands:
        plt.horizontal_line(tier.floor, color="gray")
        plt.text(_(tier.name), left, tier.floor, color="gray", alignment="left")
    if bands:  # the y axis marks the tier floors, in whole ratings
        plt.yticks([tier.floor for tier in bands], [str(tier.floor) for tier in bands])
    else:  # plotext's own ticks, with a decimal comma in French
        plt.yticks(*ticks_between(low, high, Y_TICKS))
    for name, other in others:
        if other.game_x:
            plt.plot(list(other.game_x), list(other.game_y), marker="braille",
                     color=LIST_COLOURS[name])  # fmt: skip
    colour = LIST_COLOURS[rating_list] if others else "cyan"
    if data.game_x:
        plt.plot(list(data.game_x), list(data.game_y), marker="braille", color=colour)
    if data.month_x:
        plt.scatter(list(data.month_x), list(data.month_y), marker="•", color="orange")
    positions, labels = year_ticks(left, right)
    plt.xticks(positions, labels)
    plt.xlim(left, right)
    plt.ylim(low, high)
    chart.refresh()
