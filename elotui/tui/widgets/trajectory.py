"""The trajectory chart widget: `make_chart` makes it, `draw` hands it a replay's chart data
(`models/trajectory.py`, made in the replay's thread worker). The widget
(`trajectory_plot.TrajectoryPlot`) gives plotext only the points that decide its canvas's columns
(`chart_columns`) and builds again only when what it shows changed. textual-plotext is imported
only when the chart is first made (`make_chart`), so the history screen shows its games before the
chart library loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.widget import Widget

    from elotui.tui.models.trajectory import TrajectoryData


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
    other lists' trajectories, are drawn under it in their colours (`trajectory_drawing.LIST_COLOURS`)."""
    from elotui.tui.widgets.trajectory_drawing import Drawing
    from elotui.tui.widgets.trajectory_plot import TrajectoryPlot

    assert isinstance(chart, TrajectoryPlot)
    chart.show(Drawing(data, rating_list, tuple(others)))
