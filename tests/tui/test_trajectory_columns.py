"""The trajectory chart draws from the points that decide its columns, and the same cells as every
game would (issue 13 item 2: the chart costs what the screen shows).

The reference is plotext itself drawing every game (`trajectory_drawing.every_game`): the reduced
drawing must be its build, character for character and colour for colour, for random trajectories
far longer than the canvas is wide.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App, ComposeResult
from textual_plotext.plot import Plot

from elotui.tui.models.trajectory import PeriodPoints, TrajectoryData
from elotui.tui.widgets import chart_columns
from elotui.tui.widgets.chart_columns import ColumnCache, deciding
from elotui.tui.widgets.trajectory import draw, make_chart
from elotui.tui.widgets.trajectory_drawing import Drawing, Frame, every_game, frame_of, put_on
from elotui.tui.widgets.trajectory_plot import TrajectoryPlot, canvas_size, picture_of

START = 2010 * 12  # 2010-01, in the chart's months


@st.composite
def trajectories(draw: Any, big: bool = True) -> TrajectoryData:
    """A replay's chart data: months of games (some months hundreds of games, so a column holds
    many), the rating a random walk in hundredths, the list at each month's start and at the end."""
    months = draw(st.integers(1, 30))
    rating = draw(st.integers(1000_00, 2700_00))
    sizes = st.sampled_from([0, 1, 2, 3, 7, 40, 300, 900]) if big else st.integers(0, 5)
    steps = st.lists(st.integers(-2000, 2000), min_size=0, max_size=900)
    periods, month_x, month_y = [], [], []
    for month in range(months):
        month_x.append(float(START + month))
        month_y.append(float(rating // 100))
        count = draw(sizes)
        walk = draw(steps)
        xs, ys = [], []
        for index in range(1, count + 1):
            rating += walk[index % len(walk)] if walk else 0
            xs.append(START + month + index / (count + 1))  # as `GamePoints.follow` places them
            ys.append(rating / 100)
        if xs:
            periods.append(PeriodPoints.of(xs, ys))
    month_x.append(float(START + months))
    month_y.append(float(rating // 100))
    return TrajectoryData(tuple(periods), tuple(month_x), tuple(month_y))


@st.composite
def drawings(draw: Any) -> Drawing:
    data = draw(trajectories())
    if not draw(st.booleans()):
        return Drawing(data)
    # The overlay (`o`): the other lists' lines under the shown one.
    others = (("rapid", draw(trajectories(big=False))), ("blitz", draw(trajectories())))
    return Drawing(data, "standard", others)


sizes = st.tuples(st.integers(20, 130), st.integers(6, 30))


def canvas_used(plot: Any) -> tuple[int, int]:
    """The canvas plotext drew on in its last build (characters across, up)."""
    matrix = plot.monitor.matrix
    return len(matrix.Cols_canvas), len(matrix.Rows_canvas)


def build(drawing: Drawing, frame: Frame | None, width: int, height: int, points: Any) -> Plot:
    plot = Plot()
    put_on(plot, drawing, frame, points)
    plot.plotsize(width, height)
    plot._set_size(width, height)  # as `PlotextPlot.render` sizes it
    return plot


def reduced_line(across: int, frame: Frame) -> Any:
    caches: dict[str, ColumnCache] = {}

    def points(colour: str, periods: Any) -> tuple[list[float], list[float]]:
        cache = caches.setdefault(colour, ColumnCache())
        return cache.reduced(periods, frame.left, frame.right, across * 2)

    return points


@settings(max_examples=60)
@given(drawing=drawings(), size=sizes)
def test_the_deciding_points_draw_every_cell_every_game_draws(
    drawing: Drawing, size: tuple[int, int]
) -> None:
    width, height = size
    frame = frame_of(drawing)
    assert frame is not None
    full = build(drawing, frame, width, height, every_game)
    expected = full.build()
    # The canvas the reduction is for is the one plotext draws on.
    assert canvas_size(width, height, frame) == canvas_used(full)
    across, _up = canvas_size(width, height, frame)
    points = reduced_line(across, frame)
    assert build(drawing, frame, width, height, points).build() == expected
    for colour, periods in drawing.lines():
        # At most four points a dot column (braille: two a character).
        assert len(points(colour, periods)[0]) <= 4 * 2 * across


def long_trajectory() -> TrajectoryData:
    """20,000 games over 20 months, a deterministic wander of up to ±6 points a game from 1500."""
    rating, periods = 150000, []
    for month in range(20):
        ys = []
        for index in range(1000):
            rating += (
                index * 7919 + month
            ) % 1201 - 600  # a deterministic wander, ±6 points a game
            ys.append(rating / 100)
        periods.append(PeriodPoints.of([START + month + i / 1001 for i in range(1, 1001)], ys))
    return TrajectoryData(tuple(periods), (float(START), START + 20.0), (1500.0, rating / 100))


def test_a_long_trajectory_is_reduced_and_drawn_the_same() -> None:
    """20,000 games in a 60×14 plot (a 54-character canvas: 108 dot columns) become at most 432
    points, drawn as the 20,000 are."""
    drawing = Drawing(long_trajectory())
    periods = drawing.data.games
    frame = frame_of(drawing)
    assert frame is not None
    across, _up = canvas_size(60, 14, frame)
    assert across == 60 - 2 - 4  # two axes, the four-digit tier floors
    points = reduced_line(across, frame)
    xs, _ys = points("cyan", periods)
    assert len(xs) <= 4 * 2 * across < 20_000
    expected = build(drawing, frame, 60, 14, every_game).build()
    assert build(drawing, frame, 60, 14, points).build() == expected


@settings(max_examples=40)
@given(frame_drawing=st.one_of(st.none(), drawings()), size=sizes)
def test_canvas_size_is_the_one_plotext_draws_on(
    frame_drawing: Drawing | None, size: tuple[int, int]
) -> None:
    drawing = frame_drawing or Drawing.empty()  # none: "no rated games yet", a title line
    frame = frame_of(drawing)
    plot = build(drawing, frame, *size, every_game)
    plot.build()
    assert canvas_size(*size, frame) == canvas_used(plot)


def test_deciding_points_are_first_lowest_highest_last_in_order() -> None:
    points = [(0.0, 5.0), (0.1, 9.0), (0.2, 1.0), (0.3, 9.0), (0.4, 1.0), (0.5, 4.0)]
    # Highest 9 first met at 0.1, lowest 1 at 0.2: in that order, between the first and the last.
    assert deciding(points) == [(0.0, 5.0), (0.1, 9.0), (0.2, 1.0), (0.5, 4.0)]
    assert deciding(points[:3]) == points[:3]


def test_a_write_in_the_last_period_reads_only_that_period_again(monkeypatch: Any) -> None:
    """After a write, the periods before the one it changed are the same objects (`GamePoints`):
    the cache reads only the new one, and gives what a fresh cache gives."""
    months = [
        PeriodPoints.of(
            [START + m + i / 101 for i in range(1, 101)],
            [1500 + ((m * 37 + i * 11) % 50) for i in range(1, 101)],
        )
        for m in range(12)
    ]
    cache = ColumnCache()
    cache.reduced(months, START, START + 12.0, 80)
    read: list[PeriodPoints] = []
    real = chart_columns.period_parts

    def counted(period: PeriodPoints, column: Any) -> Any:
        read.append(period)
        return real(period, column)

    monkeypatch.setattr(chart_columns, "period_parts", counted)
    written = [
        *months[:-1],
        PeriodPoints.of([*months[-1].x, START + 11.995], [*months[-1].y, 1600]),
    ]
    after = cache.reduced(written, START, START + 12.0, 80)
    assert read == [written[-1]]
    assert after == ColumnCache().reduced(written, START, START + 12.0, 80)
    # Another canvas (a resize): every period again.
    read.clear()
    cache.reduced(written, START, START + 12.0, 60)
    assert read == written


def last_moved(data: TrajectoryData, hundredths: int) -> TrajectoryData:
    """`data` with its last game's rating moved by `hundredths` (a write in the last period)."""
    last = data.games[-1]
    moved = PeriodPoints.of(last.x, (*last.y[:-1], last.y[-1] + hundredths / 100))
    return TrajectoryData((*data.games[:-1], moved), data.month_x, data.month_y)


@settings(max_examples=40)
@given(data=trajectories(), size=sizes, hundredths=st.integers(-3000, 3000))
def test_a_drawing_with_the_same_key_builds_the_same(
    data: TrajectoryData, size: tuple[int, int], hundredths: int
) -> None:
    """The widget skips the build when the key is the last one's: two drawings with equal keys
    must build the same (the key holds everything a cell depends on)."""
    if not data.games:
        return
    before, after = Drawing(data), Drawing(last_moved(data, hundredths))
    builds, keys = [], []
    for drawing in (before, after):
        frame = frame_of(drawing)
        canvas = canvas_size(*size, frame)
        picture = picture_of(drawing, frame, (*size, "default"), canvas, {})
        keys.append(picture.key)
        builds.append(build(drawing, frame, *size, every_game).build())
    if keys[0] == keys[1]:
        assert builds[0] == builds[1]
    else:  # plotext sees another dot or another frame
        assert keys[0][3:] != keys[1][3:]


class ChartApp(App[None]):
    def compose(self) -> ComposeResult:
        yield make_chart("trajectory")


async def test_the_chart_widget_draws_the_full_drawing_and_builds_only_on_a_change() -> None:
    data = long_trajectory()
    app = ChartApp()
    async with app.run_test(size=(70, 16)) as pilot:
        chart = app.query_one(TrajectoryPlot)
        builds = []
        real = chart._build

        def counted(picture: Any) -> Any:
            builds.append(picture)
            return real(picture)

        chart._build = counted  # type: ignore[method-assign]
        refreshed = []
        real_refresh = chart.refresh

        def counted_refresh(*args: Any, **kwargs: Any) -> Any:
            refreshed.append(1)
            return real_refresh(*args, **kwargs)

        chart.refresh = counted_refresh  # type: ignore[method-assign]

        def reference(drawing: Drawing) -> Text:
            width, height = chart.size
            plot = build(drawing, frame_of(drawing), width, height, every_game)
            plot.theme(chart._get_plotext_theme_name(app.theme))
            return Text.from_ansi(plot.build())

        drawing = Drawing(data)
        draw(chart, data)
        await pilot.pause()
        assert len(builds) == 1 and chart.render() == reference(drawing)
        # A game's hundredth moves no dot: no refresh, no build, and the picture is still exact.
        refreshed.clear()
        nudged = last_moved(data, 1)
        draw(chart, nudged)
        await pilot.pause()
        assert not refreshed and len(builds) == 1
        assert chart.render() == reference(Drawing(nudged))
        # 300 points down moves the line's end: built again, as plotext draws every game.
        moved = last_moved(data, -300_00)
        draw(chart, moved)
        await pilot.pause()
        assert refreshed and len(builds) == 2
        assert chart.render() == reference(Drawing(moved))
