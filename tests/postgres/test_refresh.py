"""The refresh key (issue 16 item 4): the app shows what another elotui wrote, and says what changed
for every player, on a file and on a server. The other writer is a second process (`elotui` on the
command line, as on another machine); each read opens its own connection: nothing is cached."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import GameRecord, NewGame, Repository, open_repository
from elotui.tui.app import AppSettings, ElotuiApp, create_app
from elotui.tui.models.logbook_changes import UNCHANGED
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.forms import ConfirmDialog, GameForm
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.postgres.cluster import Cluster
from tests.scenes.calculator import burst, pause_until
from tests.scenes.history import keys, settle
from tests.scenes.notices import Notice, keep_notices

# Another elotui: each argv is one `elotui` command line on the logbook, all in one process of its own.
_ELSEWHERE = """
import json, sys
from elotui.cli import main
address, commands = sys.argv[1], json.loads(sys.argv[2])
for argv in commands:
    code = main([*argv, "--db", address])
    if code:
        sys.exit(f"{argv}: exit code {code}")
"""


def elsewhere(address: str, *commands: tuple[str, ...]) -> None:
    """Run the `elotui` command lines `commands` on `address` in a second process."""
    done = subprocess.run(
        [sys.executable, "-c", _ELSEWHERE, address, json.dumps(commands)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def history_app(repository: Repository) -> tuple[ElotuiApp, list[Notice]]:
    """The app on `repository`'s history, and the notices it will say (`keep_notices`)."""
    app = create_app(AppSettings(start_mode="history", cursor_blink=False), repository)
    return app, keep_notices(app)


async def refreshed(app: ElotuiApp, told: list[Notice]) -> str:
    """Press the refresh key, wait for the reload; the line it said (`told`: `keep_notices(app)`)."""
    await burst(app, ["ctrl+r"])
    await settle(app)
    return told[-1].message


def game_ids(repository: Repository, player: str) -> list[int]:
    """The player's game ids, oldest first (read here: only the writes are another process's)."""
    return [
        game.id
        for game in repository.list_games(repository.find_player(player).id, newest_first=False)
    ]


async def test_the_refresh_key_says_what_changed_for_every_player(
    logbook_address: str, tmp_path: Path
) -> None:
    repository = open_repository(resolve_db_path(logbook_address))
    for name in ("Ana", "Dupont", "Martin"):
        repository.add_player(name, start_rating=1800)
    ana = repository.find_player("Ana").id
    repository.add_game(
        ana, NewGame(date=dt.date(2026, 3, 14), opponent_rating=1950, score=Fraction(1))
    )
    games = tmp_path / "games.csv"
    games.write_text(
        "player,date,opponent_rating,result\n"
        "Dupont,2026-03-01,1700,1\nDupont,2026-03-02,1750,0.5\nMartin,2026-03-01,1900,0\n",
        encoding="utf-8",
    )
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        screen = next(s for s in app.screen_stack if isinstance(s, HistoryScreen))
        table = screen.query_one("#games", VirtualTable)
        assert screen.model.player is not None and screen.model.player.id == ana  # the first player
        assert await refreshed(app, told) == UNCHANGED

        elsewhere(logbook_address, ("import", str(games)))  # games of the players not shown
        assert await refreshed(app, told) == (
            "the logbook changed: 3 new games (2 for Dupont, 1 for Martin)"
        )
        assert await refreshed(app, told) == UNCHANGED  # said once
        assert table.row_count == 1  # Ana's game only: the others' are theirs

        # A game entered here is this app's own: not said at the next refresh.
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        await burst(app, keys("2026-03-20 tab Bo tab 1700 tab 0 ctrl+s"))
        await settle(app)
        assert table.row_count == 2
        assert await refreshed(app, told) == UNCHANGED

        dupont, martin = game_ids(repository, "Dupont"), game_ids(repository, "Martin")
        elsewhere(
            logbook_address,
            ("game", "remove", str(dupont[0])),
            ("game", "edit", str(martin[0]), "--result", "1"),  # a loss made a win
            ("player", "add", "Zoe"),
        )
        assert await refreshed(app, told) == (
            "the logbook changed: 1 new player (Zoe); 1 game removed for Dupont; "
            "games of Martin changed"
        )

        # The player shown: a game added elsewhere shows after the refresh; an edit the tally does
        # not see (a date) is told from the rows shown; a profile edited elsewhere is named.
        elsewhere(logbook_address, ("game", "add", "--player", "Ana", "--date", "2026-03-21",
                                    "--opponent-rating", "1600", "--result", "0.5"))  # fmt: skip
        assert await refreshed(app, told) == "the logbook changed: 1 new game for Ana"
        assert table.row_count == 3
        oldest = game_ids(repository, "Ana")[0]
        elsewhere(
            logbook_address,
            ("game", "edit", str(oldest), "--date", "2026-03-13"),
            ("player", "edit", "Martin", "--rating", "1810"),
        )
        assert await refreshed(app, told) == (
            "the logbook changed: games of Ana changed; Martin's profile changed"
        )
    repository.close()


async def test_a_game_written_elsewhere_just_after_one_of_its_own_is_named(
    logbook_address: str,
) -> None:
    """The tally the screen has seen is its load's with its own writes added, never read again
    after a write: a game another elotui adds right after this screen's own write (here: as soon
    as it is saved, before the screen has shown it) is named at the next refresh, and the screen's
    own game is not. (Read again after the write, the tally had the other game in already, and the
    refresh said "the logbook has not changed".)"""
    repository = open_repository(resolve_db_path(logbook_address))
    for name in ("Ana", "Dupont"):
        repository.add_player(name, start_rating=1800)
    own_add = repository.add_game

    def add_then_another_writes(player_id: int, game: NewGame) -> GameRecord:
        added = own_add(player_id, game)
        elsewhere(logbook_address, ("game", "add", "--player", "Dupont", "--date", "2026-03-21",
                                    "--opponent-rating", "1600", "--result", "1"))  # fmt: skip
        return added

    repository.add_game = add_then_another_writes  # type: ignore[method-assign]
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        await burst(app, keys("2026-03-20 tab Bo tab 1700 tab 0 ctrl+s"))
        await settle(app)
        assert [
            game.opponent for game in repository.list_games(repository.find_player("Ana").id)
        ] == ["Bo"]
        assert await refreshed(app, told) == "the logbook changed: 1 new game for Dupont"
        assert await refreshed(app, told) == UNCHANGED
    repository.close()


async def test_a_refresh_asked_during_a_write_of_its_own_waits_for_it(
    logbook_address: str,
) -> None:
    """The refresh key pressed while the screen's own write is being saved (a delete: the history
    is in front, no form) reads the logbook once that write is shown. Read at once, it compared
    what the screen showed before the write with the logbook after it, and said the screen's own
    delete was someone else's ("1 game removed for Ana")."""
    repository = open_repository(resolve_db_path(logbook_address))
    repository.add_player("Ana", start_rating=1800)
    ana = repository.find_player("Ana").id
    repository.add_game(
        ana, NewGame(date=dt.date(2026, 3, 14), opponent_rating=1950, score=Fraction(1))
    )
    committed, go_on = threading.Event(), threading.Event()
    own_remove = repository.remove_game

    def remove_then_hold(game_id: int, *, expected: GameRecord | None = None) -> None:
        own_remove(game_id, expected=expected)  # in the logbook now; not shown yet
        committed.set()
        go_on.wait(timeout=60)

    repository.remove_game = remove_then_hold  # type: ignore[method-assign]
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        assert await pause_until(app, committed.is_set)  # the write's thread commits meanwhile
        await pilot.press("ctrl+r")
        go_on.set()
        await settle(app)
        said = [notice.message for notice in told]
        assert not any("removed" in line for line in said), said
        assert "Game 1 deleted" in said and said.count(UNCHANGED) == 1, said
        screen = next(s for s in app.screen_stack if isinstance(s, HistoryScreen))
        assert screen.query_one("#games", VirtualTable).row_count == 0
    repository.close()


async def test_the_refresh_key_with_the_server_down_says_the_logbook_cannot_be_read(
    server_to_lose: Cluster,
) -> None:
    """The server stopped under the open history: the refresh key says in one line that the
    logbook cannot be read, and the screen keeps what it shows. (Its worker died on the driver's
    error, and nothing at all was said.) Another player asked for says the same in one line (it
    said SQLAlchemy's words and their web link). Once the server is back, the key works again."""
    repository = open_repository(resolve_db_path(server_to_lose.new_database()))
    for name in ("Ana", "Bo"):
        repository.add_player(name, start_rating=1800)
    ana = repository.find_player("Ana").id
    repository.add_game(
        ana, NewGame(date=dt.date(2026, 3, 14), opponent_rating=1950, score=Fraction(1))
    )
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)):
        await settle(app)
        server_to_lose.halt()
        said_before = len(told)
        await burst(app, ["ctrl+r"])
        assert await pause_until(app, lambda: len(told) > said_before)
        notice = told[-1]
        assert notice.title == "Logbook"
        assert notice.message.startswith("The logbook cannot be read: ")
        assert len(notice.message.splitlines()) == 1 and "sqlalche.me" not in notice.message
        screen = next(s for s in app.screen_stack if isinstance(s, HistoryScreen))
        assert screen.query_one("#games", VirtualTable).row_count == 1
        await burst(app, ["right_square_bracket"])  # Bo
        await settle(app)
        reason = told[-1].message
        assert len(reason.splitlines()) == 1 and "sqlalche.me" not in reason
        assert notice.message == f"The logbook cannot be read: {reason}"  # the same words
        server_to_lose.resume()
        await burst(app, ["left_square_bracket"])  # Ana again
        await settle(app)
        assert await refreshed(app, told) == UNCHANGED
    repository.close()


async def test_games_added_and_removed_elsewhere_are_said_apart(logbook_address: str) -> None:
    """Two games added elsewhere and one removed, for the player shown: said as both. (Only the
    counts were compared, and "1 new game for Ana" was said.) A result changed beside a game
    added is said too, where the count hid it."""
    repository = open_repository(resolve_db_path(logbook_address))
    for name in ("Ana", "Bo"):
        repository.add_player(name, start_rating=1800)
    ana = repository.find_player("Ana").id
    for day in (14, 15):
        repository.add_game(
            ana, NewGame(date=dt.date(2026, 3, day), opponent_rating=1950, score=Fraction(1))
        )
    app, told = history_app(repository)
    async with app.run_test(size=(120, 36)):
        await settle(app)
        table = next(s for s in app.screen_stack if isinstance(s, HistoryScreen)).query_one(
            "#games", VirtualTable
        )
        assert table.row_count == 2
        new_game = ("--opponent-rating", "1600", "--result", "0.5")
        elsewhere(
            logbook_address,
            ("game", "remove", str(game_ids(repository, "Ana")[0])),
            ("game", "add", "--player", "Ana", "--date", "2026-03-20", *new_game),
            ("game", "add", "--player", "Ana", "--date", "2026-03-21", *new_game),
        )
        assert await refreshed(app, told) == ("the logbook changed: 2 new games, 1 removed for Ana")
        assert table.row_count == 3

        elsewhere(
            logbook_address,
            ("game", "edit", str(game_ids(repository, "Ana")[0]), "--result", "0"),  # a win lost
            ("game", "add", "--player", "Ana", "--date", "2026-03-22", *new_game),
            ("game", "add", "--player", "Bo", "--date", "2026-03-22", *new_game),
        )
        assert await refreshed(app, told) == (
            "the logbook changed: 2 new games (1 for Ana, 1 for Bo); games of Ana changed"
        )
        assert await refreshed(app, told) == UNCHANGED
    repository.close()
