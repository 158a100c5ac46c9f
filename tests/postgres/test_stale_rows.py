"""The app writes only the row it shows, on a file and on a server: a game or player another elotui
(a second process, `elotui` on the command line) changed, or deleted and replaced by a new one,
since the history screen read it is not written over. The edit or delete is refused, nothing
written, the screen says so, and shows the row (and the form it came from) again as it is now."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from fractions import Fraction

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import NewGame, Repository, open_repository
from elotui.tui.app import ElotuiApp
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.forms import GameForm, PlayerForm
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.postgres.test_refresh import elsewhere, history_app
from tests.scenes.history import settle
from tests.scenes.notices import Notice
from tests.tui.test_history import press

EDIT_TO_A_LOSS = "e tab tab tab 0 ctrl+s"  # the game form: date, opponent, rating, result
DELETE = "delete y"


@dataclass
class Shown:
    """The app on Ana's history, and what it shows and says."""

    repository: Repository  # read by the test; the other writer is `elsewhere`
    game: int  # the first row, selected: Ana's newest game
    app: ElotuiApp
    pilot: Pilot[None]
    told: list[Notice]


@asynccontextmanager
async def ana_shown(address: str) -> AsyncIterator[Shown]:
    """Ana (1800) and three wins against 1700, the newest against Dee, on the history screen."""
    repository = open_repository(resolve_db_path(address))
    ana = repository.add_player("Ana", start_rating=1800)
    for day, opponent in ((1, "Bo"), (2, "Cy"), (3, "Dee")):
        newest = repository.add_game(
            ana.id, NewGame(dt.date(2026, 3, day), 1700, Fraction(1), opponent=opponent)
        )
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        yield Shown(repository, newest.id, app, pilot, told)
    repository.close()


def history(app: ElotuiApp) -> HistoryScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, HistoryScreen))


def refusals(told: list[Notice]) -> list[str]:
    return [notice.message for notice in told if notice.title == "Not saved"]


@pytest.mark.parametrize("script", [EDIT_TO_A_LOSS, DELETE], ids=["edit", "delete"])
async def test_a_game_deleted_and_replaced_elsewhere_is_not_written_over(
    logbook_address: str, script: str
) -> None:
    async with ana_shown(logbook_address) as shown:
        game, app = shown.game, shown.app
        selected = history(app).selected_game()
        assert selected is not None and selected.id == game
        # Elsewhere: that game deleted, and another entered (SQLite gave it the same id before).
        elsewhere(
            logbook_address,
            ("game", "remove", str(game)),
            ("game", "add", "--player", "Ana", "--date", "2026-03-04", "--opponent", "Eve",
             "--opponent-rating", "1650", "--result", "0.5"),
        )  # fmt: skip
        games = shown.repository.list_games(selected.player_id)
        [eve] = [g for g in games if g.opponent == "Eve"]
        await press(shown.pilot, script)
        assert refusals(shown.told) == [f"game {game} was deleted elsewhere since you opened it"]
        assert not isinstance(app.screen, GameForm)  # nothing left to edit
        # The other writer's game, untouched, and the history as the logbook is now.
        assert shown.repository.list_games(selected.player_id) == games and eve.id != game
        table = history(app).query_one("#games", VirtualTable)
        assert [str(table.get_row_at(row)[1]) for row in range(table.row_count)] == [
            "Eve", "Cy", "Bo",
        ]  # fmt: skip


@pytest.mark.parametrize("script", [EDIT_TO_A_LOSS, DELETE], ids=["edit", "delete"])
async def test_a_game_changed_elsewhere_is_shown_again_as_it_is_now(
    logbook_address: str, script: str
) -> None:
    async with ana_shown(logbook_address) as shown:
        game, app, repository = shown.game, shown.app, shown.repository
        elsewhere(
            logbook_address,
            ("game", "edit", str(game), "--opponent-rating", "1750", "--notes", "corrected"),
        )
        now = repository.get_game(game)
        await press(shown.pilot, script)
        assert refusals(shown.told) == [
            f"game {game} was changed elsewhere since you opened it: shown again as it is now"
        ]
        assert repository.get_game(game) == now  # nothing written
        screen = history(app)
        assert screen.model.games[game] == now  # the row, as it is now, selected
        selected = screen.selected_game()
        assert selected is not None and selected.id == game
        if script == DELETE:
            return
        form = app.screen
        assert isinstance(form, GameForm) and form.game == now  # the form, as the game is now
        assert form.query_one("#game-opponent-rating", Input).value == "1750"
        await press(shown.pilot, "tab tab tab 0 ctrl+s")  # saved now, the other's change kept
        assert not isinstance(app.screen, GameForm)
        saved = repository.get_game(game)
        assert (saved.score_halves, saved.opponent_rating, saved.notes) == (0, 1750, "corrected")
        assert shown.told[-1].message == f"Game {game} saved"


async def test_a_player_changed_elsewhere_is_shown_again_as_they_are_now(
    logbook_address: str,
) -> None:
    async with ana_shown(logbook_address) as shown:
        elsewhere(logbook_address, ("player", "edit", "Ana", "--notes", "club captain"))
        now = shown.repository.find_player("Ana")
        await press(shown.pilot, "p tab 1850 ctrl+s")  # the player form: name, rating at start
        assert refusals(shown.told) == [
            "player Ana was changed elsewhere since you opened it: shown again as it is now"
        ]
        assert shown.repository.find_player("Ana") == now
        form = shown.app.screen
        assert isinstance(form, PlayerForm) and form.player == now
        await press(shown.pilot, "tab 1850 ctrl+s")
        assert not isinstance(shown.app.screen, PlayerForm)
        saved = shown.repository.find_player("Ana")
        assert (saved.start_rating, saved.notes) == (1850, "club captain")


async def test_a_player_deleted_and_replaced_elsewhere_is_not_written_over(
    logbook_address: str,
) -> None:
    async with ana_shown(logbook_address) as shown:
        elsewhere(
            logbook_address,
            ("player", "remove", "Ana", "--yes"),
            ("player", "add", "Zed", "--rating", "1500"),
        )
        zed = shown.repository.find_player("Zed")
        await press(shown.pilot, "p tab 1850 ctrl+s")
        assert refusals(shown.told) == ["player Ana was deleted elsewhere since you opened it"]
        assert not isinstance(shown.app.screen, PlayerForm)
        assert shown.repository.list_players() == [zed]  # untouched, and shown now
        assert history(shown.app).model.player == zed
