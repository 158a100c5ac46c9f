"""The trajectory chart's widget: a `PlotextPlot` that costs what it shows, not the logbook's size.

Every time it renders (a new drawing, a resize, a theme), it gives plotext, for each line, only the
points that decide its canvas's dot columns (`chart_columns`: the same cells as every game would
draw), each period's share kept for the next render of the same canvas. And before it builds, it
works out what plotext would put where (each point's dot, the frame): a write that moves no dot
(most games change the rating less than a dot's height) neither builds nor refreshes.

The canvas plotext draws in is the widget less its axes and labels (`canvas_size`, plotext's own
sums: `plotext/_build.py`); after each build it is checked against the one plotext used, and built
again on that one should they ever differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from elotui.i18n import _
from elotui.tui.widgets.chart_columns import ColumnCache
from elotui.tui.widgets.trajectory_drawing import Drawing, Frame, every_game, frame_of, put_on

# Dots per character of plotext's braille marker (`plotext._utility.marker_factor`), across and up.
BRAILLE_ACROSS, BRAILLE_UP = 2, 4


def canvas_size(width: int, height: int, frame: Frame | None) -> tuple[int, int]:
    """The characters across and up of the canvas plotext draws `frame` in, in a `width`×`height`
    plot: less the frame's two y axes and the y labels' width, its two x axes, the x labels' line,
    and the title's line when there is no frame ("no rated games yet")."""
    if frame is None:
        return width - 2, height - 3
    labels = max((len(label) for label in frame.yticks[1]), default=0)
    return width - 2 - labels, height - 2 - (1 if frame.xticks[1] else 0)


def line_dots(dot_x: Sequence[int], dot_y: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """What decides the dots plotext draws for a line whose points fall in these dots (x grows):
    in each dot column the lowest and highest dot (the column is filled between them), and the
    dots the joins between columns start and end at (the first point's of a column but the first
    column, the last point's but the last's). Not the order within a column, nor a point inside
    the column's span that starts or ends no join: a game that moves no dot changes no key."""
    columns: list[tuple[int, ...]] = []
    start = 0
    while start < len(dot_x):
        end = start
        while end < len(dot_x) and dot_x[end] == dot_x[start]:
            end += 1
        part = dot_y[start:end]
        columns.append((dot_x[start], min(part), max(part), part[0], part[-1]))
        start = end
    if columns:  # the line's own first and last points start and end no join
        columns[0] = columns[0][:3] + columns[0][4:]
        columns[-1] = columns[-1][:-1]
    return tuple(columns)


@dataclass(frozen=True)
class Picture:
    """A drawing for one canvas: the lines as plotext is given them, and what decides every cell
    (equal keys: the same build)."""

    frame: Frame | None
    lines: dict[str, tuple[list[float], list[float]]]  # colour → reduced points
    key: tuple[Any, ...] = field(compare=False)


def picture_of(
    drawing: Drawing,
    frame: Frame | None,
    plot: tuple[int, int, str],
    canvas: tuple[int, int],
    columns: dict[str, ColumnCache],
) -> Picture:
    """`drawing` (of `frame`) in a plot of `plot` (width, height, plotext theme) whose canvas is
    `canvas` (characters across, up): each line reduced to its deciding points (`columns`: each
    line's cache, by colour), and the key of every cell: the frame, the dot of each point given."""
    from plotext._utility import get_matrix_data

    across, up = canvas
    if frame is None:
        return Picture(None, {}, (*plot, _("no rated games yet")))
    # plotext maps x and y over the limits (and divides by their width): without a width, no map.
    mapped = frame.left < frame.right and frame.low < frame.high
    x_limits, y_limits = [frame.left, frame.right], [frame.low, frame.high]
    lines = {}
    dots: list[tuple[str, object]] = []
    for colour, periods in drawing.lines():
        cache = columns.setdefault(colour, ColumnCache())
        if mapped:
            xs, ys = cache.reduced(
                periods, frame.left, frame.right, max(1, across * BRAILLE_ACROSS)
            )
            dot_x = get_matrix_data(xs, x_limits, across * BRAILLE_ACROSS)
            dots.append((colour, line_dots(dot_x, get_matrix_data(ys, y_limits, up * BRAILLE_UP))))
        else:  # a single x or y: every point (one column anyway)
            xs, ys = every_game(colour, periods)
            dots.append((colour, (tuple(xs), tuple(ys))))
        lines[colour] = (xs, ys)
    months: tuple[tuple[float, ...], tuple[float, ...]] = drawing.data.month_x, drawing.data.month_y
    if mapped:  # "•": a character each
        months = (tuple(get_matrix_data(list(months[0]), x_limits, across)),
                  tuple(get_matrix_data(list(months[1]), y_limits, up)))  # fmt: skip
    return Picture(frame, lines, (*plot, frame, tuple(dots), months))


class TrajectoryPlot(PlotextPlot):
    """The trajectory chart (`trajectory.make_chart`): `show` a `Drawing`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawing = Drawing.empty()
        self._columns: dict[str, ColumnCache] = {}  # by line colour
        # The canvas plotext used where `canvas_size` said otherwise: (width, height, ours) → its.
        self._canvas: dict[tuple[int, int, tuple[int, int]], tuple[int, int]] = {}
        self._built: tuple[tuple[Any, ...], Text] | None = None  # the last build and its key
        self._last: tuple[Drawing, tuple[int, int, str], Picture] | None = None

    def show(self, drawing: Drawing) -> None:
        """Draw `drawing` from now on; refresh only if it changes a cell."""
        self.drawing = drawing
        if self._built is None or self._picture().key != self._built[0]:
            self.refresh()

    def _picture(self) -> Picture:
        """The drawing's picture for the widget as it is (the last one again if nothing changed:
        `show` works it out, then `render`)."""
        width, height = self.size
        theme = self._get_plotext_theme_name(self.app.theme)
        if (
            self._last is not None
            and self._last[0] is self.drawing
            and self._last[1] == (width, height, theme)
        ):
            return self._last[2]
        frame = frame_of(self.drawing)
        canvas = self._canvas_of(width, height, frame)
        picture = picture_of(self.drawing, frame, (width, height, theme), canvas, self._columns)
        self._last = self.drawing, (width, height, theme), picture
        return picture

    def _canvas_of(self, width: int, height: int, frame: Frame | None) -> tuple[int, int]:
        ours = canvas_size(width, height, frame)
        return self._canvas.get((width, height, ours), ours)

    def render(self) -> RenderResult:
        picture = self._picture()
        if self._built is not None and self._built[0] == picture.key:
            return self._built[1]
        text = self._build(picture)
        plt: Any = self.plt
        matrix = plt.monitor.matrix  # what plotext drew on
        used = len(matrix.Cols_canvas), len(matrix.Rows_canvas)
        width, height = self.size
        if used != self._canvas_of(width, height, picture.frame) and min(used) > 0:
            # Never seen: build again on plotext's canvas (a reduction for it is exact).
            self._canvas[width, height, canvas_size(width, height, picture.frame)] = used
            self._last = None
            picture = self._picture()
            text = self._build(picture)
        self._built = picture.key, text
        return text

    def _build(self, picture: Picture) -> Text:
        plt: Any = self.plt
        plt.clear_figure()
        put_on(plt, self.drawing, picture.frame, lambda colour, _periods: picture.lines[colour])
        result = super().render()
        assert isinstance(result, Text)
        return result
