"""What the trajectory chart gives plotext: the frame (limits, tier bands, ticks) and the lines.

`Drawing` is what the history screen asks for (`trajectory.draw`); `frame_of` works out the frame
from its data alone; `put_on` gives it all to a plotext figure, with each line's points as the
caller chooses (every game, or the points that decide each column: `trajectory_plot`). The same
function for both, so the two drawings can be compared cell by cell (tests/tui/test_trajectory_
columns.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from elotui.i18n import _
from elotui.rating.tiers import TIERS
from elotui.tui.models.trajectory import PeriodPoints, TrajectoryData
from elotui.tui.widgets.chart_axes import Y_TICKS, put_ticks, ticks_between, year_ticks

# Each list's line when the chart overlays the three (the shown list alone is cyan, as before).
LIST_COLOURS = {"standard": "cyan", "rapid": "green", "blitz": "magenta"}

# A line's points as plotext is given them, from its colour and periods.
Points = Callable[[str, Sequence[PeriodPoints]], tuple[list[float], list[float]]]


@dataclass(frozen=True)
class Drawing:
    """The shown list's trajectory, and the other lists' when the chart overlays them."""

    data: TrajectoryData
    rating_list: str = "standard"
    others: tuple[tuple[str, TrajectoryData], ...] = ()

    @classmethod
    def empty(cls) -> Drawing:
        return cls(TrajectoryData((), (), ()))

    def lines(self) -> list[tuple[str, tuple[PeriodPoints, ...]]]:
        """Each line in drawing order (the others under the shown list), with its colour."""
        lines = [(LIST_COLOURS[name], other.games) for name, other in self.others if other.games]
        colour = LIST_COLOURS[self.rating_list] if self.others else "cyan"
        if self.data.games:
            lines.append((colour, self.data.games))
        return lines


@dataclass(frozen=True)
class Frame:
    """Everything of the chart but its lines and month points: equal frames draw the same axes."""

    left: float
    right: float
    low: float
    high: float
    bands: tuple[tuple[int, str], ...]  # each tier floor within the limits, and its name
    yticks: tuple[tuple[float, ...], tuple[str, ...]]  # positions (tier floors: ints), labels
    xticks: tuple[tuple[float, ...], tuple[str, ...]]


def frame_of(drawing: Drawing) -> Frame | None:
    """The chart's frame (None: nothing to draw): the y limits a margin outside every point, the tier
    bands within them, the years along x."""
    datas = [drawing.data, *(other for _name, other in drawing.others)]
    y_ranges = [r for r in (data.y_range() for data in datas) if r is not None]
    x_ranges = [r for r in (data.x_range() for data in datas) if r is not None]
    if not y_ranges:
        return None
    low, high = min(r[0] for r in y_ranges), max(r[1] for r in y_ranges)
    margin = max(20.0, (high - low) * 0.08)
    low, high = low - margin, high + margin
    left, right = min(r[0] for r in x_ranges), max(r[1] for r in x_ranges)
    bands = tuple((tier.floor, _(tier.name)) for tier in TIERS if low < tier.floor < high)
    yticks: tuple[list[float], list[str]]
    if bands:  # the y axis marks the tier floors, in whole ratings
        yticks = [floor for floor, _name in bands], [str(floor) for floor, _name in bands]
    else:  # plotext's own ticks, with a decimal comma in French
        yticks = ticks_between(low, high, Y_TICKS)
    xticks = year_ticks(left, right)
    return Frame(left, right, low, high, bands,
                 (tuple(yticks[0]), tuple(yticks[1])), (tuple(xticks[0]), tuple(xticks[1])))  # fmt: skip


def put_on(plt: Any, drawing: Drawing, frame: Frame | None, points: Points) -> None:
    """Give `plt` (a cleared plotext figure) the drawing: `frame`, then each line's `points`."""
    if frame is None:
        plt.title(_("no rated games yet"))
        return
    for floor, name in frame.bands:
        plt.horizontal_line(floor, color="gray")
        plt.text(name, frame.left, floor, color="gray", alignment="left")
    put_ticks(plt, yticks=frame.yticks)  # (in their order: its doc)
    for colour, periods in drawing.lines():
        xs, ys = points(colour, periods)
        plt.plot(xs, ys, marker="braille", color=colour)
    data = drawing.data
    if data.month_x:
        plt.scatter(list(data.month_x), list(data.month_y), marker="•", color="orange")
    put_ticks(plt, xticks=frame.xticks)
    plt.xlim(frame.left, frame.right)
    plt.ylim(frame.low, frame.high)


def every_game(_colour: str, periods: Sequence[PeriodPoints]) -> tuple[list[float], list[float]]:
    """A line's points: every game (what `chart_columns` reduces; tests and benchmarks draw it)."""
    return [x for p in periods for x in p.x], [y for p in periods for y in p.y]
