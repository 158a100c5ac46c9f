"""The history's panels of a replay beside the games: the trajectory chart and the crossings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Static

from elotui.i18n import _
from elotui.tui.screens.history.cells import (
    CROSSING_COLUMNS,
    chart_title,
    crossing_cells,
    crossing_short_labels,
)
from elotui.tui.widgets.keyed_table import add_columns
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from textual.widget import Widget

    from elotui.rating.replay import Replay
    from elotui.tui.models.history import ReplayView


class TrajectoryPanel(Vertical):
    """The rating game by game and month by month; the chart (and its library) comes with the
    first replay drawn."""

    def __init__(self) -> None:
        super().__init__(id="chart-panel", classes="history-panel")
        self._chart: Widget | None = None

    def compose(self) -> ComposeResult:
        yield Static(
            _("Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]"),
            classes="panel-title",
        )
        yield Container(id="chart-box")

    def draw(self, view: ReplayView) -> None:
        from elotui.tui.widgets.trajectory import draw, make_chart

        if self._chart is None:
            self._chart = make_chart("trajectory")
            self.query_one("#chart-box", Container).mount(self._chart)
        draw(self._chart, view.chart, view.rating_list, view.others)
        title = self.query_one(".panel-title", Static)
        title.update(chart_title(view), layout=False)  # a title line of its own: no size changes


class CrossingsPanel(Vertical):
    """Each tier the rating crossed, newest first."""

    def __init__(self) -> None:
        super().__init__(id="crossings-panel", classes="history-panel")

    def compose(self) -> ComposeResult:
        yield Static(_("Crossings"), classes="panel-title")
        yield VirtualTable(id="crossings")

    def on_mount(self) -> None:
        add_columns(self.query_one(VirtualTable), CROSSING_COLUMNS, crossing_short_labels())

    def show(self, result: Replay) -> None:
        self.query_one(VirtualTable).show(
            [(f"{c.period}-{c.kind}-{c.to}", crossing_cells(c)) for c in reversed(result.crossings)]
        )

    def clear(self) -> None:
        self.query_one(VirtualTable).clear()
