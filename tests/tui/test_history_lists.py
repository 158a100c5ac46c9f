"""The history screen's three lists: `l` switches the list shown, `o` overlays the three trajectories,
the game form has the list (and remembers the last one used).

On the demo logbook: Camille Laurent has 383 standard, 41 rapid and 54 blitz games; Hugo Bernard 250,
34 and 37 (elotui/logbook/demo.py).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from elotui.logbook.repository import NewGame
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.forms import GameForm, ListPicker
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.calculator import burst
from tests.scenes.history import history_app, settle

pytestmark = pytest.mark.both_backends

SIZE = (120, 36)


def history(pilot: Pilot[None]) -> HistoryScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, HistoryScreen))


def summary(pilot: Pilot[None]) -> str:
    return str(history(pilot).query_one("#history-summary", Static).content)


def check_row(pilot: Pilot[None], key: str) -> dict[str, str]:
    table: VirtualTable = history(pilot).query_one("#fide-check", VirtualTable)
    names = [c.key for c in table.columns]
    return dict(zip(names, (str(cell) for cell in table.get_row(key)), strict=True))


async def test_l_cycles_the_lists_one_at_a_time_and_in_a_burst(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen = history(pilot)
        assert screen.model.rating_list == "standard"
        assert "383 games · standard list (l) · rapid 41 · blitz 54" in summary(pilot)
        standard_start = check_row(pilot, "2022-10")["start"]
        for name, shown in (("rapid", 41), ("blitz", 54), ("standard", 100)):
            await pilot.press("l")
            await settle(app)
            assert screen.model.rating_list == name
            assert f"{name} list (l)" in summary(pilot)
            # The table holds the newest games of that list only (a page of 100 on standard).
            assert len(screen.model.games) == shown
            assert {g.rating_list for g in screen.model.games.values()} == {name}
            assert screen.model.view is not None and screen.model.view.rating_list == name
        # Four presses at once from standard: rapid, blitz, standard, rapid. Only the last shows.
        await burst(app, ["l"] * 4)
        await settle(app)
        assert (screen.model.rating_list, len(screen.model.games)) == ("rapid", 41)
        assert "41 games · rapid list (l) · standard 383 · blitz 54" in summary(pilot)
        # The 2022-10 raise, a row of its own: the standard list of 2022-10 − 100 (rules.md §3.3),
        # above the September result it replaces.
        raised = check_row(pilot, "2022-10-raise")
        assert raised["published"] == str(int(standard_start) - 100)
        assert int(check_row(pilot, "2022-09")["end"]) < int(raised["published"])
        assert check_row(pilot, "2022-10")["start"] == raised["published"]
        assert "2022-10 raise to" in str(history(pilot).query_one("#check-note", Static).content)


async def test_a_game_the_600_rule_does_not_rate_is_shown_as_such(tmp_path: Path) -> None:
    # Hugo's blitz loss to a 2655 on 2025-02-13 (RB2024-12): |D| ≥ 600 and a player above 2600.
    app = history_app(tmp_path, player="Hugo Bernard")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await pilot.press("l", "l")
        await settle(app)
        screen = history(pilot)
        (lost,) = [g for g in screen.model.games.values() if g.opponent_rating == 2655]
        table: VirtualTable = screen.query_one("#games", VirtualTable)
        assert str(table.get_cell(str(lost.id), "live")) == "×"
        note = str(screen.query_one("#check-note", Static).content)
        assert "×: not rated (|D| ≥ 600, a player above 2600)" in note


async def test_o_overlays_the_three_trajectories(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen = history(pilot)
        await pilot.press("o")
        await settle(app)
        assert screen.model.view is not None
        assert [name for name, _ in screen.model.view.others] == ["rapid", "blitz"]
        assert all(not data.empty for _, data in screen.model.view.others)
        title = str(screen.query_one("#chart-panel > .panel-title", Static).content)
        assert "standard" in title and "rapid" in title and "blitz" in title
        await pilot.press("l")  # the overlay stays on for the next list
        await settle(app)
        assert [name for name, _ in screen.model.view.others] == ["standard", "blitz"]
        await pilot.press("o")
        await settle(app)
        assert screen.model.view.others == ()
        title = str(screen.query_one("#chart-panel > .panel-title", Static).content)
        assert "per game" in title


async def test_the_game_form_has_the_list_and_remembers_the_last_one(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen = history(pilot)
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GameForm)
        picker = form.query_one("#game-list", ListPicker)
        assert picker.value == "standard"  # nothing used yet: the list shown
        picker.focus()
        await pilot.press("b", "left")  # b: blitz; ←: back to rapid
        picker = form.query_one("#game-list", ListPicker)  # again: mypy keeps the "standard" above
        assert picker.value == "rapid"
        for field, text in (("#game-date", "2026-11-20"), ("#game-opponent-rating", "1800")):
            form.query_one(field).value = text  # type: ignore[attr-defined]
        form.query_one("#game-result").value = 1  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await settle(app)
        assert "rapid 42" in summary(pilot)  # saved on rapid; the standard list still shown
        await pilot.press("a")
        await pilot.pause()
        assert app.screen.query_one("#game-list", ListPicker).value == "rapid"  # remembered
        await pilot.press("escape")
        await settle(app)
        # An edited game keeps its list and its pinned period (neither is lost by the form).
        repository = screen.logbook.get()
        player = screen.model.player
        assert player is not None
        pinned = repository.add_game(
            player.id,
            NewGame(
                date=dt.date(2026, 11, 21), opponent_rating=1700, score=Fraction(1),
                rating_list="blitz", rated_period="2026-12",
            ),
        )  # fmt: skip
        edit = GameForm(player.name, screen.today, repository.get_game(pinned.id))
        values: list[NewGame | None] = []
        await app.push_screen(edit, values.append)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        (saved,) = values
        assert saved is not None
        assert (saved.rating_list, saved.rated_period) == ("blitz", "2026-12")
