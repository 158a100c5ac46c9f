"""The refresh key (issue 16 item 4): the app shows what another elotui wrote, and says it changed,
on a file and on a server. The other writer is a second repository on the same logbook, as another
machine's elotui would be (each read opens its own connection: nothing is cached between them)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import NewGame, open_repository
from elotui.tui.app import AppSettings, create_app
from elotui.tui.logbook_refresh import UNCHANGED
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.history import settle


async def test_the_refresh_key_shows_games_entered_elsewhere_and_says_so(
    logbook_address: str,
) -> None:
    here = open_repository(resolve_db_path(logbook_address))
    elsewhere = open_repository(resolve_db_path(logbook_address))
    ana = here.add_player("Ana", start_rating=1800)
    here.add_game(
        ana.id, NewGame(date=dt.date(2026, 3, 14), opponent_rating=1950, score=Fraction(1))
    )
    app = create_app(AppSettings(start_mode="history", cursor_blink=False), here)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        screen = next(s for s in app.screen_stack if isinstance(s, HistoryScreen))
        games = screen.query_one("#games", VirtualTable)
        assert games.row_count == 1
        new = elsewhere.add_game(
            ana.id, NewGame(date=dt.date(2026, 3, 15), opponent_rating=1700, score=Fraction(0))
        )
        assert games.row_count == 1  # not seen before the refresh
        await pilot.press("ctrl+r")
        await settle(app)
        assert [n.message for n in app._notifications][-1] == (
            "the logbook changed: 1 more game for Ana"
        )
        assert games.row_count == 2 and str(new.id) in games.rows
        await pilot.press("ctrl+r")
        await settle(app)
        assert [n.message for n in app._notifications][-1] == UNCHANGED
        elsewhere.add_player("Bo")
        elsewhere.update_game(new.id, score=Fraction(1, 2))
        await pilot.press("ctrl+r")
        await settle(app)
        assert [n.message for n in app._notifications][-1] == (
            "the logbook changed: 1 new player (Bo); games of Ana changed"
        )
    here.close()
    elsewhere.close()
