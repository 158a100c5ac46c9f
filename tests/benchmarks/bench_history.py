"""The history screen with 100,000 games for one player. Run on request, not part of the test suite:

    uv run python tests/benchmarks/bench_history.py [RUNS]

1. First rows: time from starting the app (in-process, headless, 120×36) until the games table's
   first rows are painted, against a bare Textual app whose DataTable shows the same rows read from
   the same repository on mount, run alternately in the same process. Both are stamped the same way:
   by a `call_after_refresh` queued in the handler that adds the rows (the history screen records it
   in `first_rows_painted`). The bare table has the games table's size and columns (measured from a
   warm-up run of the screen), so both paint the same number of visible rows. Both have the database
   open and SQLAlchemy loaded beforehand (the cost of starting Python, importing Textual and opening
   the logbook is not in either figure), so the figure is the screen's own cost. Goal: median ratio ≤ 1.5.
   Also reported: until the replay of all 100,000 games is shown (live ratings, chart, FIDE check).
2. Scrolling: time per page-down on the games table (cursor moves a page; a new page of rows is fetched
   in a worker when the cursor nears the end), until the screen is repainted.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import random
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _timing import report
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from elotui.logbook.repository import NewGame, Repository, open_repository
from elotui.tui.app import AppSettings, create_app
from elotui.tui.screens.history import GAME_COLUMNS, PAGE, HistoryScreen, game_cells

GAMES = 100_000
SIZE = (120, 36)


def build(path: Path) -> Repository:
    repository = open_repository(path)
    player = repository.add_player("Bench", start_rating=1800, birth_year=1980, games_before=50)
    rng = random.Random(7)
    start = dt.date(2000, 1, 1)
    games = [
        NewGame(
            start + dt.timedelta(days=i * 9131 // GAMES),
            rng.randint(1500, 2100),
            Fraction(rng.choice((0, 1, 2)), 2),
            opponent=f"Opponent {i % 997}",
        )
        for i in range(GAMES)
    ]
    repository.add_new_games(player.id, games)
    return repository


PAINTED: list[
    float
] = []  # when the first rows were painted (a `call_after_refresh` after adding them)


def mark_painted() -> None:
    PAINTED.append(time.perf_counter())


TABLE_SIZE: list[tuple[int, int]] = []  # the history screen's games table (width, height)


class Bare(App[None]):
    def __init__(self, repository: Repository, player_id: int) -> None:
        super().__init__()
        self.repository = repository
        self.player_id = player_id

    def compose(self) -> ComposeResult:
        yield DataTable(id="games", cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        width, height = TABLE_SIZE[0]
        table.styles.width = width
        table.styles.height = height
        for label, key, column_width in GAME_COLUMNS:
            table.add_column(label, key=key, width=column_width)
        games = self.repository.list_games(self.player_id, limit=PAGE)
        table.add_rows(game_cells(game, None) for game in games)
        self.call_after_refresh(mark_painted)


async def until(condition: Any, timeout: float = 60.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError
        await asyncio.sleep(0.0005)


async def time_bare(repository: Repository, player_id: int) -> float:
    app = Bare(repository, player_id)
    PAINTED.clear()
    start = time.perf_counter()
    async with app.run_test(size=SIZE):
        await until(lambda: bool(PAINTED))
        return PAINTED[0] - start


async def time_history(repository: Repository) -> tuple[float, float]:
    settings = AppSettings(start_mode="history", cursor_blink=False)
    app = create_app(settings, repository)
    PAINTED.clear()
    start = time.perf_counter()
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, HistoryScreen))
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one("#games", DataTable)
        await until(lambda: screen.first_rows_painted is not None)
        painted = screen.first_rows_painted
        assert painted is not None
        await until(lambda: screen.view is not None and screen.loaded)
        await pilot.pause()
        if not TABLE_SIZE:
            TABLE_SIZE.append((table.size.width, table.size.height))
        return painted - start, time.perf_counter() - start


async def time_scrolling(repository: Repository, presses: int) -> list[float]:
    app = create_app(AppSettings(start_mode="history", cursor_blink=False), repository)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        await until(lambda: screen.view is not None and screen.loaded)
        table = screen.query_one("#games", DataTable)
        table.focus()
        times = []
        for _ in range(presses):
            before = table.cursor_row
            start = time.perf_counter()
            await pilot.press("pagedown")
            await until(lambda before=before: table.cursor_row > before)
            await pilot.pause()
            times.append(time.perf_counter() - start)
        print(
            f"  after {presses} page-downs: {table.row_count} rows loaded, cursor on row {table.cursor_row}"
        )
        return times


async def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        repository = build(Path(folder) / "bench.db")
        player_id = repository.find_player("Bench").id
        print(f"{GAMES:,} games built in {time.perf_counter() - started:.1f} s")
        await time_history(repository)  # warm up both (the first also measures the games table)
        await time_bare(repository, player_id)
        print(f"games table: {TABLE_SIZE[0][0]}×{TABLE_SIZE[0][1]} cells, the bare table the same")
        bare_times, first_times, full_times = [], [], []
        for _ in range(runs):
            # Each run starts with no garbage of the one before (100,000 replayed games of the last
            # history run would otherwise be collected at a random moment of the next).
            gc.collect()
            bare_times.append(await time_bare(repository, player_id))
            gc.collect()
            first, full = await time_history(repository)
            first_times.append(first)
            full_times.append(full)
        bare, first, full = (statistics.median(t) for t in (bare_times, first_times, full_times))
        print(f"first rows, {runs} runs each, median (min–max):")
        print(
            f"  bare DataTable app     {bare * 1000:7.1f} ms ({min(bare_times) * 1000:.0f}–{max(bare_times) * 1000:.0f})"
        )
        print(
            f"  history screen         {first * 1000:7.1f} ms ({min(first_times) * 1000:.0f}–{max(first_times) * 1000:.0f})"
        )
        print(f"  ratio                  {first / bare:7.2f}  (goal ≤ 1.5)")
        report([("history first rows (100k games) vs bare DataTable", first, bare, 1.5)])
        print(
            f"  replay of all games shown (live ratings, chart, FIDE check): {full * 1000:.0f} ms"
        )
        scroll = await time_scrolling(repository, 40)
        print("scrolling, page-down on the games table, to repainted:")
        print(
            f"  median {statistics.median(scroll) * 1000:.1f} ms, max {max(scroll) * 1000:.1f} ms"
        )
        repository.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
