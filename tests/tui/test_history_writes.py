"""A write on the history screen costs what it changes (issue 13 item 2): added, edited, deleted and
pinned games and published ratings are shown by replaying from the first period they reach, without
reading the player's games again, and what the screen then shows is what a fresh load of the logbook
shows (rows, live ratings, chart, crossings, FIDE check), on the demo logbook's eras and its three
lists. After adding a game while scrolled down, the new row shows before the replay is done."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from elotui.logbook.repository import GameRecord, NewGame, Repository, open_repository
from elotui.tui.app import AppSettings, create_app
from elotui.tui.models.history import PAGE, KeptHistory, ReplayView, replay_view
from elotui.tui.models.logbook_changes import GamesChange
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.history import history_app, keys, settle
from tests.tui.test_history import SIZE, TODAY, history, press, table

pytestmark = pytest.mark.both_backends


def rows(data: VirtualTable) -> list[list[str]]:
    return [[str(cell) for cell in data.get_row(row.key)] for row in data.ordered_rows]


def counting_reads(repository: Repository) -> list[str]:
    """Record every read of all a player's games (what a write must not do; a page of rows for the
    table, `list_games`, is read when the cursor goes near the last row)."""
    calls: list[str] = []
    for name in ("games_for_replay", "list_published"):
        original = getattr(repository, name)

        def counted(*args: Any, _original: Any = original, _name: str = name, **kw: Any) -> Any:
            calls.append(_name)
            return _original(*args, **kw)

        setattr(repository, name, counted)
    return calls


async def same_as_a_fresh_load(pilot: Pilot[None], repository: Repository) -> None:
    """The screen shows what loading the logbook again shows."""
    screen = history(pilot)
    assert screen.model.player is not None and screen.model.view is not None
    fresh = replay_view(
        screen.model.player, repository, screen.model.rating_list, overlay=screen.model.overlay
    )
    view = screen.model.view
    assert view.replay == fresh.replay
    assert view.live == fresh.live
    assert view.chart == fresh.chart
    assert view.others == fresh.others
    app = create_app(
        AppSettings(start_mode="history", today=TODAY, cursor_blink=False,
                    player=screen.model.player.name),
        repository,
    )  # fmt: skip
    async with app.run_test(size=SIZE) as again:
        await settle(app)
        other = history(again)
        if other.model.rating_list != screen.model.rating_list:
            await press(again, "l" * (2 if screen.model.rating_list == "blitz" else 1))
        for selector in ("#fide-check", "#crossings"):
            assert rows(table(pilot, selector)) == rows(table(again, selector))
        shown = rows(table(pilot, "#games"))
        assert shown[: PAGE // 2] == rows(table(again, "#games"))[: PAGE // 2]
        summary = screen.query_one("#history-summary", Static).content
        assert summary == other.query_one("#history-summary", Static).content


Written = tuple[str, GamesChange, int | None]  # what a write job of `write_games` returns


@pytest.mark.parametrize("overlay", [False, True], ids=["standard", "three lists overlaid"])
async def test_writes_on_the_demo_show_what_a_fresh_load_shows(
    tmp_path: Path, overlay: bool
) -> None:
    """Margaux Vidal's logbook starts in 2008 (quarterly, bi-monthly and monthly periods, the
    floor, the 2024-03 uplift): a write in the middle of her history, and at its end."""
    app = history_app(tmp_path, player="Margaux Vidal")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        if overlay:
            await press(pilot, "o")
        screen = history(pilot)
        repository = screen.logbook.get()
        kept = screen.model.view.kept if screen.model.view is not None else None
        assert isinstance(kept, KeptHistory)
        reads = counting_reads(repository)

        async def written(script: str | Callable[[Repository], Written]) -> None:
            """Write, with no read of the player's games; then compare with a fresh load."""
            reads.clear()
            if isinstance(script, str):
                await press(pilot, script)
            else:
                screen.write_games(script)
                await settle(app)
            assert reads == []
            # Through the kept replays, not a reload (which would keep new ones).
            assert screen.model.view is not None and screen.model.view.kept is kept
            await same_as_a_fresh_load(pilot, repository)

        # A game in her first era, added and shown at once.
        await written("a 2009-05-20 tab Early tab 2100 tab 1 ctrl+s")
        # The newest game (the first row) edited to a loss, then deleted.
        await written("e tab tab tab 0 ctrl+s")
        await written("delete y")
        # A published rating for the list after her first period with games.
        first = screen.model.view.replay.periods[0] if screen.model.view is not None else None
        assert first is not None
        await written(f"r {first.list_month} tab 1500 ctrl+s")
        # A game pinned to an earlier period (rules.md §3.5), through the repository as an import
        # would, shown as an edit.
        game = next(iter(screen.model.games.values()))

        def pin(repository: Repository) -> Written:
            record = repository.update_game(game.id, rated_period="2015-01")
            return "pinned", GamesChange(removed=(game,), added=(record,)), record.id

        await written(pin)


async def test_a_game_added_while_scrolled_down_shows_before_its_replay(tmp_path: Path) -> None:
    """230 draws against 1800 from 2020-01-01, Ana at 1800: the rating stays 1800 (PD 0.50, ΔR 0).
    Scrolled to the oldest game, a win of 2020-08-17 (the newest day) against 1800 is at the top of
    the table at once, its live cell empty while the replay is held; then K 20 (over 30 games,
    under 2400, no birth year) · ΔR 0.50 = +10.00: 1810.00."""
    repository = open_repository(tmp_path / "logbook.db")
    ana = repository.add_player("Ana", start_rating=1800)
    start = dt.date(2020, 1, 1)
    repository.add_new_games(
        ana.id, [NewGame(start + dt.timedelta(days=i), 1800, Fraction(1, 2)) for i in range(230)]
    )
    app = create_app(AppSettings(start_mode="history", today=TODAY, cursor_blink=False), repository)
    held = threading.Event()
    replaying = threading.Event()
    change = KeptHistory.change

    def held_change(self: KeptHistory, previous: ReplayView, what: GamesChange) -> ReplayView:
        replaying.set()
        held.wait(timeout=60)
        return change(self, previous, what)

    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        games = table(pilot, "#games")
        for _ in range(3):  # scrolled down to the last page
            games.move_cursor(row=games.row_count - 1)
            await settle(app)
        assert games.row_count == 230
        KeptHistory.change = held_change  # type: ignore[method-assign,assignment]
        try:
            await pilot.press(*keys("a 2020-08-17 tab Late tab 1800 tab 1 ctrl+s"))
            while not replaying.is_set() or games.row_count < 231:
                await pilot.pause()
            newest = games.ordered_rows[0].key
            assert [str(c) for c in games.get_row(newest)] == [
                "2020-08-17",
                "Late",
                "1800",
                "1",
                "",
            ]
            assert games.cursor_row == 0  # the cursor went to it
        finally:
            held.set()
            KeptHistory.change = change  # type: ignore[method-assign]
        await settle(app)
        assert [str(c) for c in games.get_row(newest)][4] == "1810.00"
        assert str(games.get_row_at(1)[4]) == "1800.00"


async def test_a_write_when_nothing_is_kept_reloads_the_history(tmp_path: Path) -> None:
    """Without kept replays (a load under way) the write still shows, by reading the logbook again:
    Ana 1800, a win against 1950 with K 40 → +28 (D −150, PD 0.30: ΔR 0.70), 1828.00."""
    repository = open_repository(tmp_path / "logbook.db")
    repository.add_player("Ana", start_rating=1800)
    app = create_app(AppSettings(start_mode="history", today=TODAY, cursor_blink=False), repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen: HistoryScreen = history(pilot)
        screen.model.at_rest = False  # as while a load is under way

        def add(repository: Repository) -> Written:
            player = screen.model.player
            assert player is not None
            record: GameRecord = repository.add_game(
                player.id, NewGame(dt.date(2026, 3, 14), 1950, Fraction(1))
            )
            return "added", GamesChange(added=(record,)), record.id

        screen.write_games(add)
        await settle(app)
        [live] = [str(row[4]) for row in rows(table(pilot, "#games"))]
        assert live == "1828.00"


async def test_a_write_in_the_last_period_makes_only_that_periods_check_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The FIDE check's rows of the periods a write does not reach are kept (fide_check.KeptRows):
    the newest game edited, only the last period's rows are made again."""
    from elotui.tui.screens.history import fide_check

    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        made: list[str] = []
        original = fide_check.period_rows

        def counted(period: Any, *rest: Any) -> Any:
            made.append(period.period)
            return original(period, *rest)

        monkeypatch.setattr(fide_check, "period_rows", counted)
        await press(pilot, "e tab tab tab 0 ctrl+s")
        view = history(pilot).model.view
        assert view is not None
        assert made == [view.replay.periods[-1].period]
        await same_as_a_fresh_load(pilot, history(pilot).logbook.get())
