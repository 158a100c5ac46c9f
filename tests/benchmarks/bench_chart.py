"""The trajectory chart's update after a write, at 10,000 / 100,000 / 1,000,000 games, in one
process: the chart of the history screen (`trajectory.make_chart`, 37×15, its size on a 120×36
terminal) against the same chart drawn from every game (`trajectory_drawing.every_game` through a
plain `PlotextPlot`: what the chart costs when plotext is given the whole series), alternately.

One player's games spread evenly over 1996-2023 (as tests/benchmarks/logbooks.py spreads them),
replayed once (`KeptReplay`, frozen out of the cycle collector as the history screen freezes its
replay). Each round adds a game in the last period (`KeptReplay.change`, not timed: the replay is
the write's, bench_write.py measures the whole path), then the clock runs over what the screen
does for the chart: the game points from the first period replayed (`GamePoints.follow`), the
chart data (`trajectory_data`), `draw`, and the widget's render into lines (`render_lines`, what
the compositor asks of it). The two sides take turns on the same replay, each with its own points
and widget; the game's result is drawn from a seeded generator, so some writes move no dot of the
chart (it then neither builds nor renders: that is part of what is measured).

Run: `uv run python tests/benchmarks/bench_chart.py [--quick] [--rounds N] [--games N,N]`
(`--quick`: 10,000 and 100,000 games; the full series at 1,000,000 takes minutes a round).
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[2]))
from alternating import Row, alternate, arguments, print_rows, started

from elotui.rating.replay import Replay, ReplayGame, ReplayPlayer
from elotui.rating.replay.incremental import KeptReplay

FIRST_DAY, LAST_DAY = date(1996, 1, 1), date(2023, 12, 31)  # logbooks.py's
CHART = (37, 15)
SIZES, QUICK_SIZES = (10_000, 100_000, 1_000_000), (10_000, 100_000)


def games(count: int) -> list[ReplayGame]:
    rng = random.Random(7)
    span = (LAST_DAY - FIRST_DAY).days
    step = max(count - 1, 1)
    return [
        ReplayGame(FIRST_DAY + timedelta(days=i * span // step), rng.randint(1200, 2400),
                   rng.choice((0, 1, 2)), id=i + 1)
        for i in range(count)
    ]  # fmt: skip


class Writes:
    """One replay, a game added in its last period at each `next()`: the replay and the first
    period it replayed."""

    def __init__(self, count: int) -> None:
        self.kept = KeptReplay(ReplayPlayer("P", 1980, 1800, 50), games(count))
        self.next_id = count + 1
        self.rng = random.Random(11)
        gc.freeze()  # as the history screen does with its replay (workers.keep_out_of_the_collector)

    def next(self) -> tuple[Replay, int]:
        game = ReplayGame(LAST_DAY, self.rng.randint(1200, 2400), self.rng.choice((0, 1, 2)),
                          id=self.next_id)  # fmt: skip
        self.next_id += 1
        result = self.kept.change(added=[game])
        from_period = self.kept.replayed_from_period
        self.kept.seen()
        return result, from_period


def chart_side(chart: Any, writes: Writes, show: Callable[[Any, Any], None]) -> Callable[[], float]:
    """A measure: one write (not timed), then the chart's update until its lines are rendered."""
    from textual.geometry import Region

    from elotui.tui.models.trajectory import GamePoints, trajectory_data

    points = GamePoints()
    points.follow(writes.kept.replay)
    show(chart, trajectory_data(writes.kept.replay, points))
    chart.render_lines(Region(0, 0, *CHART))
    gc.freeze()  # the loaded chart too, as the history screen freezes what it loaded

    def measure() -> float:
        result, from_period = writes.next()
        start = time.perf_counter()
        points.follow(result, from_period)
        show(chart, trajectory_data(result, points))
        chart.render_lines(Region(0, 0, *CHART))
        return time.perf_counter() - start

    return measure


def show_every_game(chart: Any, data: Any) -> None:
    """The baseline's draw: every game given to plotext (the same frame and plotext calls)."""
    from elotui.tui.widgets.trajectory_drawing import Drawing, every_game, frame_of, put_on

    drawing = Drawing(data)
    chart.plt.clear_figure()
    put_on(chart.plt, drawing, frame_of(drawing), every_game)
    chart.refresh()


async def rows_at(count: int, rounds: int) -> Row:
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual_plotext import PlotextPlot

    from elotui.tui.widgets.trajectory import draw, make_chart

    class Charts(App[None]):
        CSS = f"PlotextPlot {{ width: {CHART[0]}; height: {CHART[1]}; }}"

        def compose(self) -> ComposeResult:
            with Horizontal():
                yield make_chart("ours")
                yield PlotextPlot(id="every-game")

    writes = Writes(count)
    app = Charts()
    async with app.run_test(size=(2 * CHART[0] + 2, CHART[1] + 2)) as pilot:
        await pilot.pause()
        ours = chart_side(app.query_one("#ours"), writes, draw)
        theirs = chart_side(app.query_one("#every-game"), writes, show_every_game)
        row = Row(f"chart update after a write, {count:,} games", "time",
                  baseline_name="every game to plotext")  # fmt: skip
        return alternate(row, ours, theirs, rounds)


def main() -> None:
    parser = arguments(__doc__, rounds=9, quick_rounds=3)
    parser.add_argument("--games", default=None, help="comma-separated logbook sizes")
    args, rounds = started(parser)
    sizes: tuple[int, ...] = QUICK_SIZES if args.quick else SIZES
    if args.games:
        sizes = tuple(int(size) for size in args.games.split(","))
    rows = []
    for count in sizes:
        # The full series at 1,000,000 games takes minutes a round: three rounds there.
        rows.append(asyncio.run(rows_at(count, min(rounds, 3) if count >= 1_000_000 else rounds)))
    print_rows(rows)


if __name__ == "__main__":
    main()
