"""Who may do what: the two roles of docs/postgresql.md, made with that page's own SQL
(`tests/postgres/club.py`). The officer writes; a member reads everything and every write is refused
with one line, nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elotui.logbook.engine import READ_ONLY
from tests.conftest import run_cli
from tests.postgres.club import Club


def _cli_ok(*argv: str) -> str:
    code, out, err = run_cli(*argv)
    assert code == 0, (argv, err)
    return out


def _logbook_as_json(url: str) -> object:
    """Everything in the logbook (players, games, published ratings), read by the owner."""
    return json.loads(_cli_ok("export", "--format", "json", "-o", "-", "--db", url))


@pytest.fixture
def officer_entered(club: Club, tmp_path: Path) -> Path:
    """The officer enters Ana, a game and a published rating; their export is a CSV to import."""
    _cli_ok("player", "add", "Ana", "--rating", "1800", "--db", club.officer)
    _cli_ok("game", "add", "--player", "Ana", "--date", "2026-03-14", "--opponent-rating", "1950",
            "--result", "1", "--opponent", "Magnus", "--db", club.officer)  # fmt: skip
    _cli_ok("published", "set", "--player", "Ana", "--month", "2026-04", "--rating", "1828",
            "--db", club.officer)  # fmt: skip
    games = tmp_path / "games.csv"
    _cli_ok("export", "--player", "Ana", "-o", str(games), "--db", club.officer)
    return games


def test_the_officer_writes_what_the_member_reads(club: Club, officer_entered: Path) -> None:
    players = json.loads(_cli_ok("player", "list", "--json", "--db", club.member))
    assert [player["name"] for player in players["players"]] == ["Ana"]
    games = json.loads(_cli_ok("game", "list", "--player", "Ana", "--json", "--db", club.member))
    assert [(g["date"], g["opponent_rating"]) for g in games["games"]] == [("2026-03-14", 1950)]
    # 1800 beats 1950: D −150, PD 0.30 for the lower (FIDE table 8.1.2), K 40: +0.70 × 40 = +28.
    replay = _cli_ok("replay", "--player", "Ana", "--db", club.member)
    assert "1828" in replay
    assert _logbook_as_json(club.member) == _logbook_as_json(club.owner)


@pytest.mark.parametrize(
    "write",
    [
        ("player", "add", "Bo"),
        ("player", "edit", "Ana", "--rating", "1900"),
        ("player", "remove", "Ana", "--yes"),
        ("game", "add", "--player", "Ana", "--date", "2026-03-15", "--opponent-rating", "1700",
         "--result", "0"),
        ("game", "edit", "GAME", "--result", "0"),
        ("game", "remove", "GAME"),
        ("published", "set", "--player", "Ana", "--month", "2026-05", "--rating", "1830"),
        ("published", "remove", "--player", "Ana", "--month", "2026-04"),
        ("import", "GAMES", "--keep-duplicates"),  # every row is inserted: the insert is refused
    ],
    ids=lambda write: " ".join(write[:2]),
)  # fmt: skip
def test_every_write_of_a_member_is_refused_with_one_line(
    club: Club, officer_entered: Path, write: tuple[str, ...]
) -> None:
    games = json.loads(_cli_ok("game", "list", "--player", "Ana", "--json", "--db", club.owner))
    game_id = str(games["games"][0]["id"])
    before = _logbook_as_json(club.owner)
    argv = [
        game_id if word == "GAME" else str(officer_entered) if word == "GAMES" else word
        for word in write
    ]
    code, out, err = run_cli(*argv, "--db", club.member)
    assert (code, out) == (2, "")
    assert err == f"elotui: {READ_ONLY}\n"
    assert _logbook_as_json(club.owner) == before
    # The same write by the officer goes through (the refusal is the role's, not the command's).
    assert run_cli(*argv, "--db", club.officer)[0] == 0


async def test_the_app_of_a_member_shows_the_games_and_refuses_the_game_forms_saves(
    club: Club, officer_entered: Path
) -> None:
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.repository import open_repository
    from elotui.tui.app import AppSettings, create_app
    from elotui.tui.screens.history import HistoryScreen
    from elotui.tui.widgets.forms import GameForm
    from elotui.tui.widgets.virtual_table import VirtualTable
    from tests.scenes.calculator import burst
    from tests.scenes.history import keys, settle
    from tests.scenes.notices import keep_notices

    before = _logbook_as_json(club.owner)
    repository = open_repository(resolve_db_path(club.member), create=False)
    settings = AppSettings(start_mode="history", cursor_blink=False)
    app = create_app(settings, repository)
    told = keep_notices(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        screen = next(s for s in app.screen_stack if isinstance(s, HistoryScreen))
        assert screen.query_one("#games", VirtualTable).row_count == 1  # the officer's game, shown
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        await burst(app, keys("2026-03-20 tab Bo tab 1700 tab 0 ctrl+s"))
        await settle(app)
        assert [notice.message for notice in told] == [READ_ONLY]
        # An edit first locks the row it compares with what it showed: refused in the same words.
        await pilot.press("escape", "e")
        assert isinstance(app.screen, GameForm) and app.screen.game is not None
        await burst(app, keys("tab tab tab 0 ctrl+s"))
        await settle(app)
        assert [notice.message for notice in told] == [READ_ONLY, READ_ONLY]
    repository.close()
    assert _logbook_as_json(club.owner) == before
