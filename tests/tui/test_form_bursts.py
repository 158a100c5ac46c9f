"""Every form and dialog takes exactly what was typed, in one burst or key by key, whatever moves
the focus: Tab, Enter on a result or a list, a chosen result (elotui/tui/widgets/keys_in_order.py).

A burst posts all its keys to the app at once (`burst`: as a terminal delivers a fast typist's keys,
a paste or `tmux send-keys`); key by key waits for the app after each (`Pilot.press`). Both must
save the same values. Before the app applied a key before handing out the next, a burst's keys were
all queued on the field focused when they were read: in the game form `d Enter Club` gave the `l`
of Club to the result (a loss) and left the event empty.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from textual.pilot import Pilot

from elotui.logbook.repository import Repository, open_repository
from elotui.tui.app import AppSettings, ElotuiApp, create_app
from elotui.tui.widgets.forms import GameForm, PlayerForm, PublishedForm
from tests.scenes.calculator import PAUSE, burst, result_value, scene_app
from tests.scenes.calculator import settle as settle_calculator
from tests.scenes.history import settle

pytestmark = pytest.mark.both_backends

HOW = ("burst", "key by key")


async def send(app: ElotuiApp, how: str, presses: Sequence[str]) -> None:
    if how == "burst":
        await burst(app, presses)
    else:
        await Pilot(app).press(*(press for press in presses if press != PAUSE))
        await settle_calculator(app)


@pytest.fixture
def repository(tmp_path: Path) -> Repository:
    repo = open_repository(tmp_path / "logbook.db")
    repo.add_player("Ana", start_rating=1800)
    return repo


def history_on(repository: Repository) -> ElotuiApp:
    settings = AppSettings(start_mode="history", today=dt.date(2026, 3, 20), cursor_blink=False)
    return create_app(settings, repository)


@pytest.mark.parametrize("how", HOW)
async def test_the_game_form_gives_each_field_what_was_typed_in_it(
    repository: Repository, how: str
) -> None:
    app = history_on(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        # The keys (Result, `d`, Enter, Club), then Enter on the list after `r`: each Enter
        # moves the focus as the picker applies it, and the letters after it (an `l` that picks a
        # loss, an `s` that picks the standard list) belong to the next field.
        await send(app, how, [
            "tab", *"Bob", "tab", *"1900", "tab", "d", "enter", *"Club", "tab", *"2026-03-01",
            "tab", *"2026-03-05", "tab", *"1810", "tab", "space", "tab", "r", "enter", *"lost",
            "ctrl+s",
        ])  # fmt: skip
        assert not isinstance(app.screen, GameForm)
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert (game.opponent, game.opponent_rating, game.score, game.event) == (
        "Bob", 1900, Fraction(1, 2), "Club",
    )  # fmt: skip
    assert (game.event_start, game.event_end, game.own_rating) == (
        dt.date(2026, 3, 1), dt.date(2026, 3, 5), 1810,
    )  # fmt: skip
    assert (game.rated, game.rating_list, game.notes) == (False, "rapid", "lost")


@pytest.mark.parametrize("how", HOW)
async def test_enter_on_an_empty_result_picks_a_win_and_stays(
    repository: Repository, how: str
) -> None:
    # Enter with no result yet picks the first (a win) without moving; the next Enter moves on.
    app = history_on(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("a")
        await send(app, how, [
            "tab", "tab", *"1900", "tab", "enter", "enter", *"Open", "ctrl+s",
        ])  # fmt: skip
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert (game.score, game.event) == (Fraction(1), "Open")


@pytest.mark.parametrize("how", HOW)
async def test_the_player_form_gives_each_field_what_was_typed_in_it(
    repository: Repository, how: str
) -> None:
    app = history_on(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("n")
        assert isinstance(app.screen, PlayerForm)
        await send(app, how, [
            *"Bea", "tab", *"1650", "tab", *"1990", "tab", *"12", "tab", *"30", "tab",
            *"123456", "tab", "space", "tab", *"club", "enter", *"2nd", "ctrl+s",
        ])  # fmt: skip
        assert not isinstance(app.screen, PlayerForm)
    bea = repository.find_player("Bea")
    assert (bea.start_rating, bea.birth_year, bea.games_before, bea.fixed_k, bea.fide_id) == (
        1650, 1990, 12, 30, 123456,
    )  # fmt: skip
    assert (bea.reached_2400, bea.notes) == (True, "club\n2nd")


@pytest.mark.parametrize("how", HOW)
async def test_the_published_form_gives_each_field_what_was_typed_in_it(
    repository: Repository, how: str
) -> None:
    app = history_on(repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("r")
        assert isinstance(app.screen, PublishedForm)
        await send(app, how, [*"2026-02", "tab", *"1820", "ctrl+s"])
        await settle(app)
        assert not isinstance(app.screen, PublishedForm)
    published = repository.list_published(repository.find_player("Ana").id)
    assert [(p.month, p.rating) for p in published] == [("2026-02", 1820)]


@pytest.mark.parametrize("how", HOW)
async def test_the_period_game_dialog_gives_each_field_what_was_typed_in_it(how: str) -> None:
    from elotui.tui.widgets.game_dialog import GameDialog
    from elotui.tui.widgets.mode_panes import GamesTable

    app = scene_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle_calculator(app)
        await send(app, how, [*"2000", "f8", PAUSE])
        pilot.app.screen.query_one(GamesTable).focus()
        # Enter in the opponent's field moves to the result; Tab too; Enter saves.
        await send(app, how, ["a", PAUSE, *"2100", "enter", "1", "enter", PAUSE])
        await send(app, how, ["a", PAUSE, *"1900", "tab", "½", "enter", PAUSE])
        assert not isinstance(app.screen, GameDialog)
        table = app.screen.query_one(GamesTable)
        assert [table.get_row_at(row)[1:3] for row in range(2)] == [["2100", "1"], ["1900", "0.5"]]
        # 2000 vs 2100 and 1900, K 20 (today's rules): PD 0.36 and 0.64; a win +0.64 and a draw
        # −0.14: 20 × 0.50 = +10.00.
        assert "+10.00" in result_value(app, "period-change")
