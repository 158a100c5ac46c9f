"""The tournament screen (F4) in the app: open a TRF, the players' table, its order, one player's
games and norms, and a file that cannot be read. The norm event is checked by hand in
tests/norm_event.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from elotui.tui.screens.tournament import TournamentScreen
from elotui.tui.screens.tournament.player_dialog import PlayerDialog
from elotui.tui.widgets.forms import PathPrompt, ProblemsDialog
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.norm_event import norm_event
from tests.scenes.calculator import pause_until
from tests.scenes.notices import keep_notices
from tests.tui.conftest import press_slowly, text

# The screen reads a TRF, never the logbook: `tmp_path` holds the files.
pytestmark = pytest.mark.sqlite_only("the tournament screen opens no logbook")


async def open_trf(pilot: Pilot[None], path: Path) -> TournamentScreen:
    """F4, then `o`, the path, Ctrl+S; the screen once the thread has read it (or said why not)."""
    await press_slowly(pilot, "f4")
    screen = pilot.app.screen
    assert isinstance(screen, TournamentScreen)
    await press_slowly(pilot, "o")
    assert isinstance(pilot.app.screen, PathPrompt)
    pilot.app.screen.query_one("#path-file", Input).value = str(path)
    await pilot.press("ctrl+s")
    return screen


async def test_a_trf_opened_shows_its_players_and_enter_their_norms(
    pilot: Pilot[None], tmp_path: Path
) -> None:
    screen = await open_trf(pilot, norm_event(tmp_path, last="1"))
    assert await pause_until(pilot.app, lambda: screen.model is not None)
    table = screen.query_one("#tournament-players", VirtualTable)
    assert table.row_count == 10
    assert text(pilot.app, "#tournament-head").startswith("Spring Open · from 2025-03-01")
    assert "the file checked: nothing found · sorted by # ↑" in text(
        pilot.app, "#tournament-status"
    )
    assert table.get_row("1")[-1] == "IM"
    await press_slowly(pilot, "s r")  # by name, then the other way: "Player, No9" first
    assert "sorted by name ↓" in text(pilot.app, "#tournament-status")
    assert table.row_key_at(0) == "9" and table.cursor_row == 0
    await press_slowly(pilot, "end enter")  # the last row: Martin, Paul
    dialog = pilot.app.screen
    assert isinstance(dialog, PlayerDialog)
    norms = str(dialog.query_one("#player-norm-lines", Static).content)
    assert norms.startswith("GM norm: 3 clauses missed") and "\nnorm met: IM\n" in norms
    assert dialog.query_one("#player-games", VirtualTable).row_count == 10
    await press_slowly(pilot, "escape")
    assert pilot.app.screen is screen


async def test_a_file_that_cannot_be_read_says_every_problem_and_shows_nothing(
    pilot: Pilot[None], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "001    1      Solo, Ann                         9999\n001    x\n", encoding="utf-8"
    )
    screen = await open_trf(pilot, bad)
    assert await pause_until(pilot.app, lambda: isinstance(pilot.app.screen, ProblemsDialog))
    lines = str(pilot.app.screen.query_one("#problems-lines", Static).content)
    assert f"{bad}:1:" in lines and f"{bad}:2:" in lines
    assert screen.model is None


async def test_a_missing_file_is_one_notice(pilot: Pilot[None], tmp_path: Path) -> None:
    await press_slowly(pilot, "f4")
    screen = pilot.app.screen
    told = keep_notices(pilot.app)
    screen.open_file(tmp_path / "gone.trf")  # type: ignore[attr-defined]
    assert await pause_until(pilot.app, lambda: bool(told))
    assert told[0].message == f"{tmp_path / 'gone.trf'}: no such file"
