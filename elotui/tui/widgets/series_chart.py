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

from textual.strip import Strip
from textual.visual import Visual, visualize
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
        self._pictures: dict[object, list[Strip]] = {}

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

    def render_line(self, y: int) -> Strip:
        # The line API: a picture kept is kept as lines, so a key that shows it again costs no
        # plotext figure, no ANSI read back, and no layout of Rich text (`Widget._render_content`).
        lines = self._picture()
        return (
            lines[y]
            if y < len(lines)
            else Strip.blank(self.size.width, self.visual_style.rich_style)
        )

    def _picture(self) -> list[Strip]:
        # What the picture shows: the points, the language of its words, the size and the style.
        figure = (self._points, self._blank, current_language())
        key = (figure, self.size, self.app.theme, self.theme, self.visual_style)
        lines = self._pictures.get(key)
        if lines is None:
            # A figure built afresh for each picture (`clear_figure`), its ticks in their order
            # (`chart_axes.put_ticks`): a picture depends only on what it shows.
            self._build_figure()
            text = self.render()  # PlotextPlot's: the figure built as ANSI text, read by Rich
            width, height = self.size
            lines = Visual.to_strips(self, visualize(self, text), width, height, self.visual_style)
            if len(self._pictures) >= KEPT:
                del self._pictures[next(iter(self._pictures))]
            self._pictures[key] = lines
        return lines

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
