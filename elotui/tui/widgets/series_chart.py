"""The series' chart: the rating after each game, drawn by plotext, only when what it shows changed.

Imported the first time the series is shown (`mode_panes.SeriesPane.ensure_chart`): plotext stays
off the start-up path. A plotext picture costs about as much as a whole key of the bare app (it
builds its figure, writes it as ANSI text, which Rich reads back): so it is built at paint time only,
for the points shown then (keys typed in one burst build one picture), never again for the same
points, and the last pictures are kept by what they show (a key typed and taken back shows a picture
already drawn).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from elotui.i18n import _, current_language
from elotui.tui.widgets.chart_axes import label_axes

KEPT = 16  # pictures kept (a few keys typed and taken back); then the oldest goes


class SeriesChart(PlotextPlot):
    """The rating after each game of the series: `show` the points, `blank` for none."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._points: tuple[tuple[float, ...], tuple[float, ...]] | None = None
        self._blank = False  # the axes of the points shown last, without them
        self._pictures: dict[object, Text] = {}
        # What the figure in `plt` was built for: built again only for other points, not for
        # another size (plotext's build keeps some of what it fitted at the size before, and the
        # pictures are those of a figure built once per points, as they were when built at each key).
        self._figure_of: object = None

    def show(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        points = (tuple(xs), tuple(ys))
        if (points, False) != (self._points, self._blank):
            self._points, self._blank = points, False
            self.refresh()

    def blank(self) -> None:
        """No points: the axes, title and labels of the last ones stay (plotext's clear_data)."""
        if not self._blank:
            self._blank = True
            self.refresh()

    def render(self) -> RenderResult:
        # What the picture shows: the points, the size, the theme and the language of its words.
        figure = (self._points, self._blank, current_language())
        key = (figure, self.size, self.app.theme, self.theme)
        picture = self._pictures.get(key)
        if picture is None:
            if figure != self._figure_of:
                self._build_figure()
                self._figure_of = figure
            drawn = super().render()
            assert isinstance(drawn, Text)  # PlotextPlot's: the figure's ANSI text, read
            picture = drawn
            if len(self._pictures) >= KEPT:
                del self._pictures[next(iter(self._pictures))]
            self._pictures[key] = picture
        return picture

    def _build_figure(self) -> None:
        """Give `plt` the figure of the points shown (what `show` did at each key before)."""
        plt = self.plt
        if self._points is not None:
            xs, ys = self._points
            plt.clear_data()
            plt.clear_figure()
            plt.plot(list(xs), list(ys), marker="braille")
            label_axes(plt, xs, ys)  # plotext's numbers, with a decimal comma in French
            plt.title(_("Rating after each game"))
            plt.xlabel(_("game"))
        if self._blank:
            plt.clear_data()
